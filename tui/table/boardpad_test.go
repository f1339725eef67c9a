package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A board's deal list (v, once its deal is played) shows its one deal's
// score headed as one deal, with no target and no sum of deals under
// it; a game's shows the target and the sum.
func TestBoardPadIsOneDeal(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		v := rules.View{Players: n, Seat: rules.SeatA, Trump: rules.Hearts, Maker: rules.SeatA, DixBy: rules.NoSeat,
			OrigUpcard: rules.MustCard("8C"), Upcard: rules.NoCard, Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
			MenageBy: rules.NoSeat, BellaBy: rules.NoSeat, Phase: rules.PhasePlay, LastLeader: rules.NoSeat}
		v.Options = rules.DefaultOptions()
		v.Options.Players = n
		for _, board := range []string{"", "Board 1 of 8"} {
			sc := sceneOf(v)
			sc.Board = board
			sc.Pad = []rules.Score{{Players: n, Maker: rules.SeatA, Outcome: rules.Made}}
			sc.Pad[0].Scored[0], sc.Totals[0] = 92, 92
			lines, _ := sc.DealList(&ctx, 80)
			text := ansi.Strip(strings.Join(lines, "\n"))
			oneDeal := strings.Contains(text, "Score (one deal)")
			target := strings.Contains(text, "game to 500")
			sum := strings.Contains(text, "\n  sum ") || strings.Contains(text, "\n sum ")
			if want := board != ""; oneDeal != want || target == want || sum == want {
				t.Errorf("%d players, board %q: one deal %v, target %v, sum %v:\n%s", n, board, oneDeal, target, sum, text)
			}
		}
	}
}
