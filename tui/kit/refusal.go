package kit

import (
	"errors"
	"strings"

	"github.com/klob/klob/rules"
)

// RefusalText says what the engine refused and why, in one sentence
// that names the thing refused: the card ("You cannot play 10♠: you
// must follow hearts"), the bella when only the bella was wrong
// (bellaRefusal: "No bella with 10♠ (enter plays it without): …"), or
// the words ("You cannot say fifty: …"). v is the view before the move.
func RefusalText(g *Glyphs, v *rules.View, a rules.Action, err error) string {
	if s, ok := bellaRefusal(g, a, err); ok {
		return s
	}
	what := "say " + Spoken(g, v, a)
	if a.Kind == rules.PlayCard {
		what = "play " + g.CardText(a.Card)
	}
	return Plain(g, sentence("You cannot "+what+": "+err.Error()))
}

// sentence ends s with a full stop, as the other notes end, unless it
// ends a sentence already.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}

// bellaRefusal is the refusal of a card played with bella (or the
// menage) when only the announcement was wrong, at any table: "No bella
// with 10♠ (enter plays it without): …". What to do comes before why,
// so that a narrow window that clips the note still shows it.
func bellaRefusal(g *Glyphs, a rules.Action, err error) (string, bool) {
	if a.Kind != rules.PlayCard || !a.Bella || !errors.Is(err, rules.ErrBella) {
		return "", false
	}
	return Plain(g, sentence("No bella with "+g.CardText(a.Card)+" (enter plays it without): "+err.Error())), true
}
