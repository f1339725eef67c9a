package table

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A board's header that is not saved ends on its mark, with no
// separator after it, and a game's keeps the score after the mark.
func TestUnsavedMarkEndsTheHeader(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		d := rules.NewDeal(options(n), rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(1, 2))))
		sc := &Scene{V: d.View(rules.SeatA), You: rules.SeatA, Unsaved: true}
		for range n {
			sc.Players = append(sc.Players, Player{Name: "ann"})
		}
		game := strings.TrimRight(ansi.Strip(sc.Header(&ctx, 80)), " ")
		if !strings.Contains(game, "! not saved · ") {
			t.Errorf("%d players: a game's header %q has no mark before its score", n, game)
		}
		sc.Board = "Board 1 of 8"
		board := strings.TrimRight(ansi.Strip(sc.Header(&ctx, 80)), " ")
		if !strings.HasSuffix(board, "! not saved") {
			t.Errorf("%d players: a board's header %q does not end on its mark", n, board)
		}
	}
}
