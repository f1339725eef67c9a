package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The partner's mark of four stays in one place, left of the partner's
// name, whether or not a long state (on the clock, on its turn) takes
// the room beside its card: for a player and for a spectator.
func TestPartnerMarkKeepsItsPlace(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, watching := range []bool{false, true} {
		var at [][2]int
		for _, clock := range []bool{false, true} {
			v := rules.View{Players: 4, Options: options(4), Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatB,
				DixBy: rules.NoSeat, OrigUpcard: rules.MustCard("8C"), Upcard: rules.NoCard, Bottom: rules.NoCard,
				SeqWinner: rules.NoSeat, Phase: rules.PhaseSequences, LastLeader: rules.NoSeat, Dealer: rules.SeatB, Turn: rules.SeatB}
			v.Counts = [4]int{8, 8, 8, 8}
			sc := sceneOf(v)
			sc.Watching = watching
			if watching {
				sc.You = rules.NoSeat
			}
			sc.Players[0].Name = "ann"
			sc.Players[2].Tag = "normal"
			if clock {
				sc.V.Turn = rules.Seat(2)
				sc.Players[2].Tag = "on the\nclock"
			}
			grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, 55, kit.CardSize{W: 5, H: 3}, false), "\n"))
			found := false
			for r, l := range strings.Split(grid, "\n") {
				if c := strings.Index(l, "partner"); c >= 0 {
					at = append(at, [2]int{r, c})
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("watching %v, clock %v: no partner mark:\n%s", watching, clock, grid)
			}
			if clock && at[0] != at[1] {
				t.Errorf("watching %v: the partner mark moved from %v to %v when on the clock:\n%s", watching, at[0], at[1], grid)
			}
		}
	}
}
