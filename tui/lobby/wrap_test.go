package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit"
)

// A table's line too long for 80 columns breaks after a name's comma or
// a part's "·", never inside a name (two words of one name on two lines
// read as two names), the rest set in under the row, in the lobby's
// list and in the watch list.
func TestLongTableLineKeepsNamesWhole(t *testing.T) {
	names := []string{"Anne Marie Fitzgerald", "Bob Alexander Smith", "Cid Campeador Diaz", "Dan Danielsson"}
	info := hall.Info{Code: "WXYZ", Seats: 4, Names: names, Level: ai.Normal, Target: 500, Started: true}
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
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
