package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// longestAfterword is the longest of the lobby's lines on a rating at
// n players: moved, rated as another's loss for the bots that finished
// their seat, with the place and the chance the ratings gave.
func longestAfterword(n int) string {
	who, it := "You", "you"
	if rules.PlaysInTeams(n) {
		who, it = "Your team", "it"
	}
	return fmt.Sprintf("Your rating at %d players: 1490 ±200 (+35). Bots made a quarter of dan's moves or more, "+
		"so the game is rated as dan's loss. %s tied for second: the ratings gave %s less than a 1%% chance to win. "+
		"A surprise, or a wide ±, moves a rating more.", n, who, it)
}

// TestAfterwordWrapsWhole: at every seat count, the game's end of a
// shared table at 80×24, its rating line the longest the lobby writes,
// says it whole on as many lines as it takes, the others' again and
// their drop's countdown under it, rather than cut at two lines with
// rows free.
func TestAfterwordWrapsWhole(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		a := longestAfterword(n)
		f.s.cfg.Afterword = func() string { return a }
		check := func(when string) {
			t.Helper()
			f.refresh()
			text := f.text()
			if !strings.Contains(kittest.Flat(text), a) {
				t.Fatalf("%d players, %s: the rating line is not whole:\n%s", n, when, text)
			}
			if strings.Contains(text, "…") {
				t.Fatalf("%d players, %s: a line is cut:\n%s", n, when, text)
			}
		}
		check("at the end")
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool { return !s.Players[1].Until.IsZero() })
		check("dan dropped")
	})
}
