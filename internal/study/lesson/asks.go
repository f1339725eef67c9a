package lesson

import "github.com/klob/klob/rules"

// Asks says what the lesson for a seat count asks of the player beyond
// bids and cards: to play a card with bella, to claim the rest. Ended
// says the walk that found them reached the lesson's end.
type Asks struct{ Bella, Claim, Ended bool }

// AsksOf walks the lesson for players seats from its start, taking each
// step as the lesson wants it, and says what it asks: the script decides
// and the seat count chooses the script. The walk is bounded by
// maxWalk steps; a lesson that cannot be made says nothing.
func AsksOf(players int) Asks {
	const maxWalk = 1000
	var out Asks
	run, err := New(players)
	if err != nil {
		return out
	}
	for range maxWalk {
		st := run.Step()
		switch st.Kind {
		case End:
			out.Ended = true
			return out
		case Act:
			err = run.Try(st.Want)
		case Claim:
			out.Claim = true
			err = run.Claim()
		case Read, Score:
			run.Continue()
		case Play:
			if d := run.Game().Deal(); d.Over() {
				run.Continue()
				continue
			}
			if st.Bella != rules.NoCard {
				out.Bella = true
				err = run.Try(rules.PlayBellaAction(st.Bella))
				break
			}
			v := run.View()
			err = run.Try(playable(&v, st.Advised))
		}
		if err != nil {
			return out
		}
	}
	return out
}

// playable is the advised card when the rules allow it, else the first
// plain card they allow.
func playable(v *rules.View, advised rules.Card) rules.Action {
	legal := v.Legal()
	for _, a := range legal {
		if a.Kind == rules.PlayCard && !a.Bella && a.Card == advised {
			return a
		}
	}
	for _, a := range legal {
		if a.Kind == rules.PlayCard && !a.Bella {
			return a
		}
	}
	return rules.Action{}
}
