package drill

import (
	"fmt"
	"strings"

	"github.com/klob/klob/rules"
)

// The words a screen or a report uses for a situation. Cards are written
// with Card.Pretty: suit symbols, or letters with ascii set.

// Role says who deals: "You deal: the opponent spoke first." or "The
// opponent deals: you speak first."
func (s *Situation) Role() string {
	if s.Dealer {
		return "You deal: the opponent speaks first."
	}
	return "The opponent deals: you speak first (you are the elder)."
}

// ScoreText says the score: "Score: you 120, the opponent 430; game to 500."
func (s *Situation) ScoreText() string {
	t := fmt.Sprintf("Score: you %d, the opponent %d; game to %d.", s.Totals[You], s.Totals[Opp], s.Options.Target)
	need := func(n int) int { return s.Options.Target - n }
	switch me, opp := need(s.Totals[You]), need(s.Totals[Opp]); {
	case me <= 0 && opp <= 0:
		t += " Both past the target and level: the higher total after this deal wins."
	case me <= 130 && opp <= 130:
		t += fmt.Sprintf(" Both near the end: you need %d, the opponent %d.", me, opp)
	case me <= 130:
		t += fmt.Sprintf(" You need %d more.", me)
	case opp <= 130:
		t += fmt.Sprintf(" The opponent needs %d more.", opp)
	}
	return t
}

// SaidText says what was said before the player's turn: "Nothing yet:
// you speak first." or "Round one: the opponent passed, you passed.
// Round two: the opponent passed."
func (s *Situation) SaidText() string {
	if len(s.Said) == 0 {
		return "Nothing said yet."
	}
	// The elder speaks first and turns alternate.
	who := func(i int) string {
		if (i%2 == 0) != s.Dealer {
			return "you"
		}
		return "the opponent"
	}
	var parts []string
	var words []string
	flush := func(round string) {
		if len(words) > 0 {
			parts = append(parts, round+": "+strings.Join(words, ", ")+".")
			words = nil
		}
	}
	passes := 0
	for i, a := range s.Said {
		switch a.Kind {
		case rules.Pass:
			words = append(words, who(i)+" passed")
			passes++
			if passes == 2 {
				flush("Round one")
			}
		case rules.Schmeiss:
			words = append(words, who(i)+" said schmeiss")
		default:
			words = append(words, who(i)+" said "+a.Words())
		}
	}
	if passes >= 2 {
		flush("Round two")
	} else {
		flush("Round one")
	}
	return capital(strings.Join(parts, " "))
}

// Question says what the player decides: "Round one: take, pass or
// schmeiss on spades?"
func (s *Situation) Question() string {
	up := s.Upcard.Suit().Name()
	switch s.Kind() {
	case Schmeiss:
		return fmt.Sprintf("The opponent said schmeiss: accept (throw in) or refuse (they play %s)?", up)
	case Round2:
		var names []string
		for su := rules.Clubs; su <= rules.Spades; su++ {
			if su != s.Upcard.Suit() {
				names = append(names, su.Name())
			}
		}
		end := "the opponent names next"
		if s.Dealer {
			end = "the deal is thrown in"
		}
		return fmt.Sprintf("Round two: name %s or %s, or pass (%s)?", strings.Join(names[:2], ", "), names[2], end)
	}
	return fmt.Sprintf("Round one: take %s as trump, pass, or schmeiss?", up)
}

// Label is the name of an option in the trainer's tables: "take",
// "pass", "schmeiss", "accept", "refuse", "name hearts", "exchange",
// "not good", "fifty".
func Label(a rules.Action) string {
	return form(a, func(p phrase) string { return p.label }, " bella")
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
