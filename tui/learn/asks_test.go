package learn

import (
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit"
)

// TestHelpListsWhatTheLessonAsks: the lesson's keys name bella and the
// claim only at a seat count whose lesson asks for them: both at two
// (bella in the second deal, a claim in the third), neither at three
// nor four.
func TestHelpListsWhatTheLessonAsks(t *testing.T) {
	for _, c := range []struct {
		players      int
		bella, claim bool
	}{{2, true, true}, {3, false, false}, {4, false, false}} {
		_, s := startAt(t, c.players, 80, 24, false)
		if !s.asks.Ended {
			t.Fatalf("%d players: the walk of the lesson did not reach its end", c.players)
		}
		require := func(what, desc string, want bool) {
			t.Helper()
			ctx := kit.NewContext(false)
			var got bool
			for _, row := range s.KeyHelp(&ctx.Keys).FullHelp() {
				for _, b := range row {
					got = got || strings.Contains(b.Help().Desc, desc)
				}
			}
			if got != want {
				t.Errorf("%d players: help lists %s %v, want %v", c.players, what, got, want)
			}
		}
		require("bella", "bella", c.bella)
		require("the claim", "claim every remaining trick", c.claim)
	}
}
