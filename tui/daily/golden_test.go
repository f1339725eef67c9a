package daily

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// friendFile is the results of a friend who played the day as the bot
// of level plays, under name.
func friendFile(t *testing.T, set *duplicate.BoardSet, name string, level ai.Level) []byte {
	t.Helper()
	rf := &duplicate.ResultFile{Date: day1, Players: set.Players(), Set: set.ID, Name: name, Version: "v0.9"}
	for _, b := range set.Boards {
		bots, err := set.Seats(b, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		me, err := testkit.CheapBots(level, ai.Config{Seed: b.BotSeed(set.Seat) + 1, Think: -1})
		if err != nil {
			t.Fatal(err)
		}
		d, err := set.Play(context.Background(), b, bots, func(v *rules.View) (rules.Action, error) {
			return me.Choose(context.Background(), v)
		})
		if err != nil {
			t.Fatal(err)
		}
		rf.Boards = append(rf.Boards, duplicate.RecordBoard(b.Number, &d, set.Seat))
	}
	data, err := rf.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestGoldens draws every screen of klob daily at 80×24 at every seat
// count: the intro of a new day, a board's first decision and its
// result, between boards, the intro with a board left in the middle,
// the results (par being worked out, against par, against friends), the
// standings, the history and the hard bot's line in the replay.
func TestGoldens(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		name := func(what string) string { return fmt.Sprintf("daily%d-80x24-%s", n, what) }
		f := newFixture(t, n, "")
		kittest.Golden(t, name("01-intro"), f.text())
		f.hs.Press("enter")
		f.untilFirstDecision()
		kittest.Golden(t, name("02-board"), f.text())
		f.until("board 1's end", func() bool {
			tb, ok := f.tbl()
			return ok && tb.Snapshot().Over
		})
		kittest.Golden(t, name("03-board-result"), f.text())
		f.hs.Press("enter")
		kittest.Golden(t, name("04-between"), f.text())
		f.hs.Press("enter")
		f.until("board 2, 2 decisions in", func() bool { return f.s.board == 2 && f.decisions() >= 2 })
		f.s.Close()
		f.open()
		kittest.Golden(t, name("05-intro-midday"), f.text())
		f.until("the results", f.resultsRead)
		kittest.Golden(t, name("07-results-par"), f.text())
		// Where par parts from the person's play fits its column (37
		// at 80 columns), never cut in the middle of a word.
		ctx := kit.NewContext(false)
		for b := 1; b <= 8; b++ {
			if got := f.s.partingWords(&ctx, b); kit.WidthOf(got) > 37 {
				t.Errorf("board %d: %q is %d columns", b, got, kit.WidthOf(got))
			}
		}
		// One form in every row and at every seat count, whatever
		// the day's decisions: the two decisions without verbs, in
		// the order of the heading ("2: pass, take").
		{
			var rows []string
			forms := map[bool]bool{}
			for b := 1; b <= 8; b++ {
				got := f.s.partingWords(&ctx, b)
				rows = append(rows, got)
				forms[strings.Contains(got, ": it ")] = true
			}
			if len(forms) > 1 || forms[true] {
				t.Errorf("the rows are not all in the one form: %q", rows)
			}
		}
		// Printed once the screen is gone: the result file's path on a
		// line of its own, so that a terminal wraps no words of it.
		if note, path := f.s.QuitNote(), f.s.cfg.ShowPath.Show(f.s.day.ResultPath()); !strings.HasSuffix(note, "\n  "+path) {
			t.Errorf("the quit note %q does not end with the line %q", note, "  "+path)
		}
		f.hs.Press("s")
		kittest.Golden(t, name("08-standings-par"), f.text())
		f.hs.Press("esc", "h")
		kittest.Golden(t, name("09-history"), f.text())
		f.hs.Press("esc", "down", "down", "enter")
		kittest.Golden(t, name("10-replay-par-line"), f.text())
		// Its keys end with the help and quit, as every screen's do.
		if lines := strings.Split(f.text(), "\n"); !strings.HasSuffix(lines[len(lines)-1], "? help  q quit") {
			t.Errorf("the hard bot's line does not offer the help:\n%s", f.text())
		}
		f.hs.Press("esc")

		// Par being worked out: the results wait for it.
		res, lines := f.s.res, f.s.lines
		f.s.res, f.s.lines = nil, map[int]duplicate.ParLine{1: lines[1], 2: lines[2], 3: lines[3]}
		kittest.Golden(t, name("06-results-working"), f.text())
		f.s.res, f.s.lines = res, lines

		// Two friends imported: the day compared with them.
		for who, level := range map[string]ai.Level{"Bob": ai.Normal, "Cleo Day": ai.Easy} {
			if _, err := f.files.Import(friendFile(t, f.s.set, who, level), who+".txt", "Tester", "v-test"); err != nil {
				t.Fatal(err)
			}
		}
		f.s.Close()
		f.open()
		f.hs.Press("enter")
		kittest.Golden(t, name("11-results-friends"), f.text())
		f.hs.Press("s")
		kittest.Golden(t, name("12-standings-friends"), f.text())
	})
}

// TestGoldenStopped draws the screen that says a board cannot be
// played (here: the bots cannot be made), at every seat count.
func TestGoldenStopped(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		f.s.cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return nil, errors.New("no bot today") }
		f.hs.Press("enter")
		if f.s.sub.Name() != "stopped" {
			t.Fatalf("on %s", f.s.Name())
		}
		kittest.Golden(t, fmt.Sprintf("daily%d-80x24-13-stopped", n), f.text())
		f.hs.Press("esc")
		if f.s.sub.Name() != "intro" || f.s.prog.Board != 0 {
			t.Fatalf("esc: on %s, board %d begun", f.s.Name(), f.s.prog.Board)
		}
	})
}
