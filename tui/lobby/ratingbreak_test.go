package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit"
)

// The rating's line breaks between the seat counts' entries, never
// inside one: each line holds whole entries ("2 players 1500 ±350 (no
// game yet)"), at every width from 80 down, under -ascii too.
func TestRatingBreaksBetweenEntries(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		for w := 80; w >= 50; w-- {
			l, ctx := steadyLobby(t, 0, true, false, 0)
			*ctx = kit.NewContext(ascii)
			ctx.Width, ctx.Height = w, 24
			var entries []string
			for _, s := range l.club.card {
				entries = append(entries, standingWords(s))
			}
			lines := l.clubLines(ctx, false)
			var got []string
			for i, line := range lines {
				text := strings.TrimSpace(ansi.Strip(line))
				if i == 0 {
					text = strings.TrimPrefix(text, "Your rating: ")
				}
				got = append(got, strings.Split(text, " · ")...)
			}
			require.Equal(t, entries, got, fmt.Sprintf("width %d ascii %v:\n%s", w, ascii, ansi.Strip(strings.Join(lines, "\n"))))
		}
	}
}
