package tourney

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
)

// helpAsKeyLine fails unless the help of the part f shows words esc as
// its line of offers does ("[esc] tournaments" is "esc tournaments" in
// the help) and writes the arrows "↑/↓" as the lists do, not "↑ or ↓".
func helpAsKeyLine(t *testing.T, f *fixture, part string) {
	t.Helper()
	line := keysLine(f.text())
	esc := 0
	for _, col := range f.s.KeyHelp(&f.d.Ctx.Keys).FullHelp() {
		for _, b := range col {
			h := b.Help()
			if strings.Contains(h.Key, "↑") {
				assert.Equal(t, "↑/↓", h.Key, "%s: the help's arrows", part)
			}
			if h.Key == "esc" {
				esc++
				assert.Contains(t, line, "[esc] "+h.Desc, "%s: the help says esc %q", part, h.Desc)
			}
		}
	}
	assert.Positive(t, esc, "%s: the help names no esc", part)
}

// TestPageHelpWordsAsKeyLine: a tournament's page, running, ended (the
// standings) or unread, says in its help what esc does in the words of
// its line of offers, and writes the standings' arrows as the lists do
// and their enter as their line does.
func TestPageHelpWordsAsKeyLine(t *testing.T) {
	cl := newClub(t, false)
	info, err := cl.svc.Create(context.Background(), ann, svc.Spec{Rules: rules.DefaultOptions(), Level: "normal",
		Boards: svc.MinBoards, Ends: cl.c.Now().Add(time.Hour)})
	require.NoError(t, err)
	a := cl.openAt(ann, info.Code)
	require.True(t, a.on("tournament"), a.text())
	helpAsKeyLine(t, a, "the host's page")
	a.press("enter")
	a.see("[enter] play board 1")
	helpAsKeyLine(t, a, "the page entered")
	nope := cl.openAt(ann, "NOSUCH")
	require.True(t, nope.on("tournament") && nope.s.sub.(*detail).prog == nil, nope.text())
	helpAsKeyLine(t, nope, "a page that cannot be read")
	s := standingsWith(t, "Carol", false)
	helpAsKeyLine(t, s, "the standings")
	require.Contains(t, keysLine(s.text()), "[enter] their boards and play")
	assert.Contains(t, s.helpWords(), "enter their boards and play", "the standings' help words enter as its line")
}
