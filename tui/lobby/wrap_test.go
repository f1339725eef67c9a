package lobby

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// A table's line too long for 80 columns breaks after a name's comma or
// a part's "·", never inside a name (two words of one name on two lines
// read as two names), the rest set in under the row, in the lobby's
// list and in the watch list.
func TestLongTableLineKeepsNamesWhole(t *testing.T) {
	names := []string{"Anne Marie Fitzgerald", "Bob Alexander Smith", "Cid Campeador Diaz", "Dan Danielsson"}
	info := hall.Info{Code: "WXYZ", Seats: 4, Names: names, Level: ai.Normal, Target: 500, Started: true}
	ctx := kittest.Context(80, 24)
	l := &Lobby{cfg: &Config{Player: hall.Player{ID: "a", Name: "ann"}}, tables: []hall.Info{info}}
	w := &watchList{l: l, tables: []hall.Info{info}}
	for name, view := range map[string]string{"lobby": l.View(&ctx), "watch list": w.View(&ctx)} {
		var row []string
		for _, line := range strings.Split(ansi.Strip(view), "\n") {
			switch {
			case strings.Contains(line, "WXYZ"):
				row = append(row, line)
			case len(row) > 0 && strings.HasPrefix(line, "     ") && strings.TrimSpace(line) != "":
				row = append(row, line)
			case len(row) > 0:
				goto done
			}
		}
	done:
		if len(row) < 2 {
			t.Fatalf("%s: the table's line has no rest set in under it:\n%s", name, ansi.Strip(view))
		}
		for _, n := range names {
			whole := false
			for _, line := range row {
				whole = whole || strings.Contains(line, n)
			}
			if !whole {
				t.Errorf("%s: %q is broken over two lines:\n%s", name, n, strings.Join(row, "\n"))
			}
		}
		for _, line := range row {
			if ansi.StringWidth(line) > 80 {
				t.Errorf("%s: a line wider than the window: %q", name, line)
			}
		}
	}
}

// The rating line too long for 80 columns breaks between its pools,
// never inside one: "(no game" on one line and "yet)" on the next read
// badly; the "·" between two pools goes with the break, never left
// dangling at a line's end or start.
func TestRatingLineBreaksBetweenPools(t *testing.T) {
	ctx := kittest.Context(80, 24)
	var card []club.Standing
	for _, n := range club.Pools() {
		card = append(card, club.Standing{Seats: n, Shown: rating.Shown{Points: 1500, PlusMinus: 350}})
	}
	l := &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a", Name: "ann"}}, club: clubState{card: card}}
	lines := l.clubLines(&ctx, false)
	if len(lines) < 2 {
		t.Fatalf("the rating fits one line: %q", lines)
	}
	for _, line := range lines {
		line = ansi.Strip(line)
		if ansi.StringWidth(line) > 80 {
			t.Errorf("a line wider than the window: %q", line)
		}
		if s := strings.TrimSpace(line); strings.HasSuffix(s, "·") || strings.HasPrefix(s, "·") {
			t.Errorf("a separator dangles at a line's end or start: %q", line)
		}
		for _, part := range strings.Split(strings.TrimPrefix(strings.TrimSpace(line), "Your rating: "), " · ") {
			if !regexp.MustCompile(`^\d players \d+ ±\d+ \(no game yet\)$`).MatchString(part) {
				t.Errorf("a pool broken over two lines: %q in\n%s", part, ansi.Strip(strings.Join(lines, "\n")))
			}
		}
	}
}
