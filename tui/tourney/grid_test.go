package tourney

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// gridShape is the board grid's columns and rows in a page's text.
func gridShape(t *testing.T, text string) (cols, rows int) {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if cols = strings.Count(l, "Board     You     Par"); cols > 0 {
			for _, r := range lines[i+1:] {
				if strings.HasPrefix(r, " Boards played: ") {
					return cols, rows
				}
				rows++
			}
		}
	}
	t.Fatalf("no board grid:\n%s", text)
	return 0, 0
}

// TestBoardGridKeepsItsColumns: at 80×24, the grid of a running daily's
// or tournament's boards keeps its columns and rows from the first
// board to the last, whatever comes and goes around it (the note after
// entering, the warning that a board keeps the person quiet), at every
// board count the form allows and every seat count; every board and
// the running total show.
func TestBoardGridKeepsItsColumns(t *testing.T) {
	cl := newClub(t, false)
	s := cl.screen(longName, -1)
	day := duplicate.DateOf(cl.c.Now())
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		o := rules.DefaultOptions()
		o.Players = players
		for _, daily := range []bool{true, false} {
			for _, boards := range boardCounts {
				info := svc.Info{Code: "TESTAB", Creator: ann.Key, Host: "Annabelle Longname-Smith", Rules: o, Level: "normal",
					Boards: boards, Ends: cl.c.Now().Add(12 * time.Hour), Entries: 1}
				if daily {
					info = svc.Info{Code: svc.DailyCode(day, players), Daily: true, Date: day, Rules: o, Level: "normal",
						Boards: boards, Ends: cl.c.Now().Add(12 * time.Hour), Entries: 1}
				}
				var want [2]int
				for _, played := range []int{0, 1, boards} {
					name := fmt.Sprintf("daily %v, %d boards, %d played", daily, boards, played)
					prog := &svc.Progress{Info: info, Entered: true, Next: played + 1, ParReady: true,
						Entrants: []svc.Entrant{{Key: longName.Key, Name: longName.Name}}}
					if played == boards {
						prog.Next = 0
					}
					for b := 1; b <= boards; b++ {
						l := svc.BoardLine{Board: b}
						if b <= played {
							l.State, l.Result, l.Par, l.HasPar = svc.Played, 61, 17.5, true
						}
						prog.Lines = append(prog.Lines, l)
					}
					p := newDetail(s, info.Code, nil)
					ctx := kittest.Context(80, 24)
					p.Update(&ctx, detailMsg{to: p, prog: prog})
					if played == 0 {
						// As the page says it just after entering.
						p.note = "You are in: play the boards any time before the end."
					}
					frame := p.View(&ctx)
					kittest.CheckSize(t, frame, 80, 24)
					text := ansi.Strip(frame)
					if played == 0 {
						require.Contains(t, text, "You are in", name)
						require.Contains(t, text, "Once you play a board", name)
					}
					require.Contains(t, text, fmt.Sprintf(" Boards played: %d of %d", played, boards), name)
					for b := 1; b <= boards; b++ {
						require.Contains(t, text, fmt.Sprintf("%5d ", b), "%s: board %d missing:\n%s", name, b, text)
					}
					cols, rows := gridShape(t, text)
					if played == 0 {
						want = [2]int{cols, rows}
						continue
					}
					require.Equal(t, want, [2]int{cols, rows}, "%s: the grid's columns and rows changed:\n%s", name, text)
				}
			}
		}
	})
}
