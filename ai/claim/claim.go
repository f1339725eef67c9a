package claim

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/klob/klob/rules"
)

// ErrNotPlaying is the reason given for a claim outside the card play.
var ErrNotPlaying = errors.New("a claim is made during the card play")

// ErrTooLong is the reason given when the check would take more work
// than its Limits allow: the claim is refused rather than guessed.
var ErrTooLong = errors.New("this claim is too long to check now: claim again a trick or two later")

// TooEarlyError is the reason given when the unseen cards could lie in
// more ways than the check tries: early in a deal at three or four.
type TooEarlyError struct {
	// Placements is how many ways the unseen cards could lie (the
	// count before the play's voids and the sequences narrow it).
	Placements float64
	// Limit is the most the check tries.
	Limit int
}

func (e *TooEarlyError) Error() string {
	return fmt.Sprintf("too early to claim: the cards you cannot see could lie %s ways, more than the %s a claim is checked against; claim again when fewer cards are left",
		roundCount(e.Placements), roundCount(float64(e.Limit)))
}

// roundCount writes a big count in words a player reads: 34,650, or
// "about 9.6 million".
func roundCount(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("about %.1f billion", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("about %.1f million", x/1e6)
	}
	n := int64(x)
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Limits bound the work of a check, so a claim never stalls a game: a
// check that would pass them is refused with a reason (TooEarlyError,
// ErrTooLong), never guessed.
type Limits struct {
	// Placements is the most placements of the unseen cards tried.
	Placements int
	// Nodes is the most positions searched, over every placement.
	Nodes int
}

// DefaultLimits checks a two-player claim at any point of the card play
// (293,930 hands at the first lead), and a three- or four-player claim
// from about the last four or five tricks on.
var DefaultLimits = Limits{Placements: 300_000, Nodes: 20_000_000}

// Verdict is the answer to a claim.
type Verdict struct {
	// OK is true when the claimer's side takes every remaining trick
	// whatever the other hands hold.
	OK bool
	// Counters, when OK is false and a claim could be checked, are
	// other hands the claimer's view allows (indexed by seat, the
	// claimer's empty) with which the other side takes a trick. With
	// four players the partner's hand is among them: the claimer does
	// not see it either.
	Counters [4]rules.CardSet
	// Seat is the claimer; Players the seat count.
	Seat    rules.Seat
	Players int
	// Hands is the number of placements of the unseen cards tried.
	Hands int
	// Nodes is the number of positions searched.
	Nodes int
	// Err, when set, is why no claim can be made now (ErrNotPlaying,
	// *TooEarlyError, ErrTooLong).
	Err error
}

// Reason says in a player's words why a claim is refused ("" when OK):
// who can take a trick first, then the hands that bring it about, so
// that a reason cut short keeps what it concludes; one sentence shape
// at every seat count. The hands, the other side's alone (a partner
// holds the rest), are one placement the claimer's view allows, said
// as an instance ("for instance"), not as the cards the others hold.
// ascii writes suits as letters.
func (v Verdict) Reason(ascii bool) string {
	switch {
	case v.OK:
		return ""
	case v.Err != nil:
		return v.Err.Error()
	}
	n := max(v.Players, 2)
	who := "another player"
	switch {
	case n == 2:
		who = "seat " + v.Seat.Other().String()
	case rules.PlaysInTeams(n):
		who = "the other team"
	}
	var parts []string
	for o := rules.Seat(0); o < rules.Seat(n); o++ {
		if rules.SideOfSeat(n, o) != rules.SideOfSeat(n, v.Seat) {
			parts = append(parts, "seat "+o.String()+" holds "+cardList(v.Counters[o], ascii))
		}
	}
	return who + " can take a trick if, for instance, " + strings.Join(parts, " and ")
}

func cardList(m rules.CardSet, ascii bool) string {
	s := ""
	for _, c := range m.Cards() {
		if s != "" {
			s += " "
		}
		s += c.Pretty(ascii)
	}
	if s == "" {
		return "nothing"
	}
	return s
}

// Check decides whether the seat of v may claim every remaining trick,
// within DefaultLimits.
func Check(v rules.View) Verdict { return CheckWithin(v, DefaultLimits) }

// CheckWithin decides whether the seat of v may claim every remaining
// trick for its side: for every placement of the cards it cannot see
// that its view allows, the side (the seat, or with four players the
// seat and its partner, every hand open) takes every remaining trick
// against any play of the others. It refuses rather than guess when
// the placements or the search would pass lim.
func CheckWithin(v rules.View, lim Limits) Verdict {
	return checkWith(v, lim, func(p *rules.Play) takesAller {
		return newSearch(v.Players, v.Seat, p.Trump, lim.Nodes)
	})
}

// takesAller is the all-tricks search CheckWithin runs over the
// placements: takesAll's answer, and the nodes spent, aborted once past
// the budget.
type takesAller interface {
	takesAll(p rules.Play) bool
	spent() (nodes int, aborted bool)
}

func (s *search) spent() (int, bool) { return s.nodes, s.aborted }

// checkWith is CheckWithin with the search made by newSearch from the
// position of v.
func checkWith(v rules.View, lim Limits, newSearch func(*rules.Play) takesAller) Verdict {
	out := Verdict{Seat: v.Seat, Players: v.Players}
	if v.Phase != rules.PhasePlay {
		out.Err = ErrNotPlaying
		return out
	}
	pl := newPlacer(&v)
	if n := pl.count(); n > float64(lim.Placements) {
		out.Err = &TooEarlyError{Placements: n, Limit: lim.Placements}
		return out
	}
	base := v.Play()
	s := newSearch(&base)
	out.OK = true
	pl.each(func(hands [4]rules.CardSet) bool {
		out.Hands++
		p := base
		for o := range v.Players {
			if rules.Seat(o) != v.Seat {
				p.Hands[o] = hands[o]
			}
		}
		good := s.takesAll(p)
		if _, aborted := s.spent(); aborted {
			out.OK, out.Err = false, ErrTooLong
			return false
		}
		if !good {
			out.OK, out.Counters = false, hands
			return false
		}
		return true
	})
	out.Nodes, _ = s.spent()
	if out.Hands == 0 && out.Err == nil {
		// A View from a real deal always has its real hands.
		out.OK, out.Err = false, errors.New("no placement of the other hands fits what was played")
	}
	return out
}

// TakesAll reports whether claimer's side takes every remaining trick
// of p (every hand known) against any play of the other side.
func TakesAll(p rules.Play, claimer rules.Seat) bool {
	return newSearch(int(p.N), claimer, p.Trump, math.MaxInt).takesAll(p)
}

// Next returns the card the seat to move in p, which must be on
// claimer's side, should play to go on taking every trick (every hand
// known), and false when no card does.
func Next(p rules.Play, claimer rules.Seat) (rules.Card, bool) {
	s := newSearch(int(p.N), claimer, p.Trump, math.MaxInt)
	if p.Done() || !s.mine(p.Turn()) {
		return rules.NoCard, false
	}
	for m := p.Legal(); m != 0; m &= m - 1 {
		c := m.First()
		q := p
		if done, w := q.Move(c); done && !s.mine(w) {
			continue
		}
		if s.takesAll(q) {
			return c, true
		}
	}
	return rules.NoCard, false
}
