package tourney

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestScreensGolden keeps each tournament screen at 80x24, at a
// tournament of two, three and four seats that Ann made and plays
// alone: the list, the form of a new one (the same at every count),
// the tournament before she enters, a board at its first decision, the
// part after a board, and once it has ended, the standings, her boards
// and a board's results.
// The club's clock, codes, seeds and bots are fixed (newClub), so each
// screen is the same at every run.
func TestScreensGolden(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cl := newClub(t, false)
		info := cl.create(t, n, svc.MinBoards, time.Hour)
		a := cl.open(ann)
		// shot keeps the screen as name, the seat count in its name
		// but for the form's, which is the same at every count.
		shot := func(name string) {
			t.Helper()
			kittest.CheckSize(t, a.d.Frame(), 80, 24)
			if name != "form" {
				name += fmt.Sprint(n)
			}
			kittest.Golden(t, name+"-80x24", a.text())
		}
		a.see(info.Code)
		shot("list")
		a.press("n")
		a.see("A new tournament")
		shot("form")
		a.press("esc")
		require.True(t, a.on("list"), a.s.Name())
		a.press("enter")
		require.True(t, a.on("tournament"), a.s.Name())
		shot("detail")
		for a.on("tournament") {
			a.press("enter") // enter it, then play board 1
		}
		require.True(t, a.on("board"), a.s.Name())
		a.see(fmt.Sprintf("Board 1 of %d", svc.MinBoards))
		shot("board")
		// Par is worked out in the background: the page after the board
		// says it only once known, so it is waited for first.
		cl.waitPars(info.Code)
		a.playBoard()
		require.True(t, a.on("after the board"), a.s.Name())
		shot("after")
		for b := 2; b <= svc.MinBoards; b++ {
			a.press("enter")
			a.see(fmt.Sprintf("Board %d of %d", b, svc.MinBoards))
			a.playBoard()
		}
		cl.waitPars(info.Code)
		cl.c.Add(2 * time.Hour)
		a.press("esc")
		a.press("r")
		a.see("standings")
		shot("standings")
		a.press("enter")
		require.True(t, a.on("entrant"), a.s.Name())
		shot("entrant")
		a.press("a")
		require.True(t, a.on("board results"), a.s.Name())
		shot("field")
	})
}
