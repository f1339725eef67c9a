package claim

import (
	"errors"
	"fmt"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

// ErrNotPlaying is the reason given for a claim outside the card play.
var ErrNotPlaying = errors.New("a claim is made during the card play")

// Verdict is the answer to a claim.
type Verdict struct {
	// OK is true when the claimer's cards take every remaining trick
	// whatever the other hand holds.
	OK bool
	// Counter, when OK is false and the phase allows a claim, is a hand
	// the other side may hold with which it can take a trick.
	Counter rules.CardSet
	// Hands is the number of other hands tried.
	Hands int
	// Err, when set, is why no claim can be made now (ErrNotPlaying).
	Err error
}

// Reason says in a player's words why a claim is refused ("" when OK).
// ascii writes suits as letters.
func (v Verdict) Reason(ascii bool) string {
	switch {
	case v.OK:
		return ""
	case v.Err != nil:
		return v.Err.Error()
	}
	return fmt.Sprintf("not every trick is sure: if the other hand is %s, it can take a trick",
		cardList(v.Counter, ascii))
}

func cardList(m rules.CardSet, ascii bool) string {
	s := ""
	for _, c := range m.Cards() {
		if s != "" {
			s += " "
		}
		s += c.Pretty(ascii)
	}
	return s
}

// Check decides whether the seat of v may claim every remaining trick.
func Check(v rules.View) Verdict {
	if v.Phase != rules.PhasePlay {
		return Verdict{Err: ErrNotPlaying}
	}
	sm := sampler.New(v)
	s := newSearch(v.Seat)
	var out Verdict
	out.OK = true
	base := v.Play().Duel()
	sm.Hands(func(opp rules.CardSet) bool {
		out.Hands++
		p := base
		p.Hands[v.Seat.Other()] = opp
		if !s.takesAll(&p) {
			out.OK, out.Counter = false, opp
			return false
		}
		return true
	})
	if out.Hands == 0 {
		// A View from a real deal always has its real hand.
		return Verdict{Err: errors.New("no hand of the other side fits what was played")}
	}
	return out
}

// TakesAll reports whether seat takes every remaining trick of p (both
// hands known) against any play of the other side.
func TakesAll(p rules.Duel, seat rules.Seat) bool {
	return newSearch(seat).takesAll(&p)
}

// Next returns the card seat should play in p (both hands known, seat to
// move) to go on taking every trick, and false when no card does.
func Next(p rules.Duel, seat rules.Seat) (rules.Card, bool) {
	if p.Turn() != seat || p.Done() {
		return rules.NoCard, false
	}
	s := newSearch(seat)
	for m := p.Legal(); m != 0; m &= m - 1 {
		c := m.First()
		q := p
		if done, w := q.Move(c); done && w != seat {
			continue
		}
		if s.takesAll(&q) {
			return c, true
		}
	}
	return rules.NoCard, false
}

// search is the all-tricks search for one claimer, with the answers for
// positions where the claimer leads a new trick.
type search struct {
	seat rules.Seat
	memo map[uint64]bool
}

func newSearch(seat rules.Seat) *search {
	return &search{seat: seat, memo: make(map[uint64]bool)}
}

// takesAll reports whether s.seat wins every remaining trick of p. Every
// trick the claimer wins leaves the claimer on lead, so after the trick
// in progress the claimer always leads.
func (s *search) takesAll(p *rules.Duel) bool {
	if p.Done() {
		return true
	}
	atStart := p.Lead == rules.NoCard && p.Leader == s.seat
	var key uint64
	if atStart {
		key = uint64(p.Hands[s.seat])<<32 | uint64(p.Hands[s.seat.Other()])
		if v, ok := s.memo[key]; ok {
			return v
		}
	}
	mine := p.Turn() == s.seat
	ok := !mine // the claimer needs one good card; the other side none
	for m := p.Legal(); m != 0; m &= m - 1 {
		q := *p
		done, w := q.Move(m.First())
		good := !(done && w != s.seat) && s.takesAll(&q)
		if mine && good {
			ok = true
			break
		}
		if !mine && !good {
			ok = false
			break
		}
	}
	if atStart {
		s.memo[key] = ok
	}
	return ok
}
