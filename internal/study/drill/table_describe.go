package drill

import (
	"fmt"
	"strings"

	"github.com/klob/klob/rules"
)

// The words a screen or a report uses for a table drill. The seats are
// named as the table of three or four names them around the person:
// "you" at the bottom, then clockwise West (on your left, the next to
// speak), North (across: your partner, with four) and East.

// SeatName names seat s at a table of players, from the player's seat
// You: "you", "West", "North" (four players) or "East".
func SeatName(players int, s rules.Seat) string {
	switch {
	case s == You:
		return "you"
	case int(s) >= players:
		return "nobody"
	case s == 1:
		return "West"
	case players == 4 && s == 2:
		return "North"
	}
	return "East"
}

// name is SeatName at this situation's table.
func (s *TableSituation) name(o rules.Seat) string { return SeatName(s.Players(), o) }

// Role says who deals, where the player speaks, and with four who the
// partner is: "West deals: you are eldest, the first to speak." "You
// deal: you speak last. North, across, is your partner."
func (s *TableSituation) Role() string {
	n := s.Players()
	place := (int(You) - int(s.Dealer) - 1 + n) % n
	var t string
	switch {
	case s.Dealer == You:
		t = "You deal: you speak last."
	case place == 0:
		t = capital(s.name(s.Dealer)) + " deals: you are eldest, the first to speak and to lead."
	default:
		t = fmt.Sprintf("%s deals: you speak %s, after %s.", capital(s.name(s.Dealer)), ordinal(place+1),
			joinAnd(s.before(place)))
	}
	if n == 4 {
		t += " North, across, is your partner; West and East play against you."
	} else {
		t += " Three players, each for themselves."
	}
	return t
}

// before names the seats that speak before the player, eldest first.
func (s *TableSituation) before(place int) []string {
	n := s.Players()
	var out []string
	for k := range place {
		out = append(out, s.name(rules.Seat((int(s.Dealer)+1+k)%n)))
	}
	return out
}

func ordinal(k int) string {
	return [...]string{"", "first", "second", "third", "fourth"}[min(k, 4)]
}

// joinAnd writes "a", "a and b", "a, b and c".
func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// SideName names side i of the table: a seat with three players, a team
// with four ("you and North", "West and East").
func (s *TableSituation) SideName(i int) string {
	if s.Players() != 4 {
		return s.name(rules.Seat(i))
	}
	if i == 0 {
		return "you and North"
	}
	return "West and East"
}

// ScoreText says the game totals: "Score: you 120, West 40, East 300;
// game to 500. East needs 200 more." With four the teams' totals.
func (s *TableSituation) ScoreText() string {
	var parts []string
	for i := range s.Sides() {
		parts = append(parts, fmt.Sprintf("%s %d", s.SideName(i), s.Totals[i]))
	}
	t := fmt.Sprintf("Score: %s; game to %d.", strings.Join(parts, ", "), s.Options.Target)
	var near []string
	for i := range s.Sides() {
		if need := s.Options.Target - s.Totals[i]; need <= 130 {
			who := capital(s.SideName(i))
			verb := "needs"
			if i == 0 || s.Players() == 4 {
				verb = "need"
			}
			near = append(near, fmt.Sprintf("%s %s %d more", who, verb, need))
		}
	}
	if len(near) > 0 {
		t += " " + strings.Join(near, "; ") + "."
	}
	return t
}

// SaidLines says what the table heard before the player's turn, one sentence
// a part of the deal: "Round one: West passed, North passed, East
// passed." A card drawn or given between two other players is "a card".
// It reads the player's own View (what the player may know).
func (s *TableSituation) SaidLines(v *rules.View) []string {
	return s.SaidLinesWith(v, rules.Card.String)
}

// SaidLinesWith is SaidLines with the cards written by cardText (a
// screen's symbols).
func (s *TableSituation) SaidLinesWith(v *rules.View, cardText func(rules.Card) string) []string {
	n := s.Players()
	// The declaration rounds the rules hold, in order: every player is
	// asked in each, so a round where all pass says "nobody declared".
	var rounds []string
	if s.Options.Shlomo {
		rounds = append(rounds, "Shlomo")
	}
	if s.Options.Cleopatra && n == 4 {
		rounds = append(rounds, "Cleopatra")
	}
	var out []string
	part, words, passed := "", []string(nil), 0
	flush := func() {
		switch {
		case len(words) == 0:
		case passed == n && len(words) == n && (part == "Shlomo" || part == "Cleopatra"):
			out = append(out, part+": nobody declared.")
		default:
			out = append(out, part+": "+strings.Join(words, ", ")+".")
		}
		words, passed = nil, 0
	}
	to := func(p string) {
		if p != part {
			flush()
			part = p
		}
	}
	card := func(c rules.Card) string {
		if c == rules.NoCard {
			return "a card"
		}
		return cardText(c)
	}
	asks, passes, decl := 0, 0, rules.NoSeat
	shlomo := false
	for _, st := range v.History() {
		who := s.name(st.Seat)
		a := st.Action
		switch a.Kind {
		case rules.Shlomo, rules.Cleopatra:
			to(rounds[min(asks/n, len(rounds)-1)])
			asks++
			decl, shlomo = st.Seat, a.Kind == rules.Shlomo
			words = append(words, who+" declared "+a.String()+" (+20)")
		case rules.Draw:
			words = append(words, fmt.Sprintf("%s drew %s from %s", s.name(decl), card(a.Card), s.name(rules.Counterpart(n, decl, rules.Shlomo))))
		case rules.Give:
			dest := rules.Counterpart(n, st.Seat, rules.Cleopatra)
			if shlomo {
				dest = rules.Counterpart(n, decl, rules.Shlomo)
			}
			words = append(words, fmt.Sprintf("%s gave %s to %s", who, card(a.Card), s.name(dest)))
		case rules.Pass:
			switch {
			case asks < len(rounds)*n:
				to(rounds[asks/n])
				asks++
				passed++
				words = append(words, who+" passed")
			case passes < n:
				to("Round one")
				passes++
				words = append(words, who+" passed")
			default:
				to("Round two")
				words = append(words, who+" passed")
			}
		case rules.Take:
			to("Round one")
			words = append(words, who+" took "+v.OrigUpcard.Suit().Name())
		case rules.Name:
			to("Round two")
			words = append(words, who+" named "+a.Suit.Name())
		case rules.Exchange, rules.NoExchange:
			to("The dix")
			words = append(words, who+": "+a.Words())
		default:
			to("Sequences")
			words = append(words, who+": "+a.Words())
		}
	}
	flush()
	if len(out) >= 2 && out[0] == "Shlomo: nobody declared." && out[1] == "Cleopatra: nobody declared." {
		out = append([]string{"Shlomo, cleopatra: nobody declared."}, out[2:]...)
	}
	if len(out) == 0 {
		return []string{"Nothing said yet."}
	}
	return out
}

// Question says what the player decides, from the View: "Round one:
// take spades as trump, or pass?"
func (s *TableSituation) Question(v *rules.View) string {
	legal := v.Legal()
	up := v.OrigUpcard.Suit().Name()
	switch v.Phase {
	case rules.PhaseDeclare:
		for _, a := range legal {
			switch a.Kind {
			case rules.Shlomo:
				return fmt.Sprintf("Declare shlomo (+20: then you draw a card at random from %s and give %s one), or pass?",
					s.name(1), s.name(1))
			case rules.Cleopatra:
				return "Declare cleopatra (+20: then you and North each pass the other a card face down), or pass?"
			case rules.Give:
				if v.Options.Shlomo && s.shlomoGive(v) {
					return fmt.Sprintf("Shlomo: give %s a card of your hand.", s.name(1))
				}
				return "Cleopatra: give North a card face down."
			}
		}
		return "Declare?"
	case rules.PhaseBid1:
		return fmt.Sprintf("Round one: take %s as trump, or pass?", up)
	case rules.PhaseBid2:
		var names []string
		pass := false
		for _, a := range legal {
			switch a.Kind {
			case rules.Name:
				names = append(names, a.Suit.Name())
			case rules.Pass:
				pass = true
			}
		}
		q := "Round two: name " + orWords(names)
		if pass {
			end := "the next player speaks"
			if v.Dealer == You {
				end = "the deal is thrown in"
			}
			return q + ", or pass (" + end + ")?"
		}
		return q + "? Everyone passed: you deal and must name a trump (dealer_forced)."
	case rules.PhaseDix:
		return "The dix: exchange your 7 of trump for the upcard, or keep it?"
	case rules.PhaseSequences:
		if b := v.OwnBest(); b.Len >= 3 {
			return fmt.Sprintf("The sequence dialogue: your best meld is %s. What do you say?", MeldWords(b))
		}
		return "The sequence dialogue: what do you say?"
	}
	return "Your decision?"
}

// shlomoGive reports whether the give asked of the player follows its
// own shlomo (else its partner's or its own cleopatra).
func (s *TableSituation) shlomoGive(v *rules.View) bool {
	h := v.History()
	for i := len(h) - 1; i >= 0; i-- {
		switch h[i].Action.Kind {
		case rules.Shlomo:
			return true
		case rules.Cleopatra:
			return false
		}
	}
	return false
}

// orWords writes "a", "a or b", "a, b or c".
func orWords(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// MeldWords says a meld: "three diamonds to the ace (20)", "four queens
// (50)".
func MeldWords(m rules.Meld) string {
	n := [...]string{"", "one", "two", "three", "four", "five", "six", "seven", "eight"}[min(int(m.Len), 8)]
	if m.Set {
		return fmt.Sprintf("%s %ss (%d)", n, m.Top.Name(), m.Value())
	}
	return fmt.Sprintf("%s %s to the %s (%d)", n, m.Suit.Name(), m.Top.Name(), m.Value())
}
