package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The verdict of a deal names the sides there are: at four the other
// team (there is only one), at three each other player; never "each
// other side".
func TestVerdictNamesTheSides(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{3, 4} {
		for _, out := range []rules.Outcome{rules.Made, rules.Tie, rules.Bete} {
			sc := &Scene{V: rules.View{Players: n}, You: rules.SeatA}
			s := rules.Score{Players: n, Maker: rules.SeatA, Outcome: out}
			got := ansi.Strip(sc.verdict(&ctx, s))
			if strings.Contains(got, "other side") {
				t.Errorf("%d players, %v: %q", n, out, got)
			}
			if n == 4 && out != rules.Bete && !strings.Contains(got, "the other team") {
				t.Errorf("%d players, %v: %q does not name the other team", n, out, got)
			}
		}
	}
}
