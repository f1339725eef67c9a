package tui

import (
	"errors"

	"github.com/klob/klob/rules"
)

// refusalText says what the engine refused and why, in one sentence
// that names the thing refused: the card ("You cannot play 10♠: you
// must follow hearts"), the bella when only the bella was wrong ("No
// bella with 10♠: …"; the card itself could be played), or the words
// ("You cannot say fifty: …"). v is the view before the move.
func refusalText(g *glyphs, v *rules.View, a rules.Action, err error) string {
	if a.Kind == rules.PlayCard && a.Bella && errors.Is(err, rules.ErrBella) {
		return plain(g, "No bella with "+g.cardText(a.Card)+": "+err.Error()+"; the card itself may be played with enter")
	}
	what := spoken(g, v, a)
	if a.Kind == rules.PlayCard {
		what = g.cardText(a.Card)
	}
	return plain(g, "You cannot "+sayWhat(a, what)+": "+err.Error())
}
