package daily

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// inParallel runs f for 2, 3 and 4 players side by side: each has its
// own state directory and games.
func inParallel(t *testing.T, f func(t *testing.T, n int)) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			f(t, n)
		})
	}
}

// playDay plays a whole day from a new state directory with the
// fixture's keys and returns the person's result file.
func playDay(t *testing.T, n int, par ...ai.Factory) (*fixture, []byte) {
	t.Helper()
	f := newFixture(t, n, "", par...)
	f.until("the results", f.resultsRead)
	data, err := os.ReadFile(f.s.day.ResultPath())
	if err != nil {
		t.Fatal(err)
	}
	return f, data
}

// TestDayDeterministic: a day played twice with the same keys gives the
// same deals (the result file holds every action of every board) at
// every seat count; every board is played once, par known for each.
// The second day's par bots are fresh (their own decisions): par is
// worked out again, not read from the first day's.
func TestDayDeterministic(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f, first := playDay(t, n)
		_, again := playDay(t, n, testkit.CheapBots)
		if string(first) != string(again) {
			t.Fatalf("the same keys gave other deals:\n%s\nthen\n%s", first, again)
		}
		rf, err := duplicate.ParseResultFile(first)
		if err != nil {
			t.Fatal(err)
		}
		if err := rf.Check(f.s.set); err != nil {
			t.Fatal(err)
		}
		if len(rf.Boards) != duplicate.DailyBoards {
			t.Fatalf("%d boards recorded", len(rf.Boards))
		}
		for _, b := range rf.Boards {
			if !b.HasPar || len(b.Steps) == 0 {
				t.Errorf("board %d: par %v, %d actions", b.Board, b.HasPar, len(b.Steps))
			}
			if line := f.s.lines[b.Board]; line.Par != b.Par {
				t.Errorf("board %d: par %v in the file, %v worked out", b.Board, b.Par, line.Par)
			}
		}
		h, err := f.files.History()
		if err != nil || len(h.Days) != 1 || h.Days[0].Played != 8 || h.Days[0].Field != 2 {
			t.Fatalf("the history: %+v, %v", h, err)
		}
	})
}

// TestBoardPlayedOnce: a board played is not dealt again: after it, the
// next is; from the screen opened anew, too; and with every board
// played enter gives the results, never a board.
func TestBoardPlayedOnce(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end", f.on("between"))
	f.s.Close()
	f.open()
	if got := f.s.prog.Next(8); got != 2 {
		t.Fatalf("after board 1 the next is %d", got)
	}
	f.hs.Press("enter")
	if tb, ok := f.tbl(); !ok || !strings.Contains(f.text(), "Board 2 of 8") {
		t.Fatalf("enter did not deal board 2 (%v):\n%s", ok, f.text())
	} else {
		_ = tb
	}
	if m, _ := f.s.playBoard(1); m == nil || f.s.board != 2 {
		t.Fatal("board 1 was dealt again")
	}
}

// TestResumeMidBoard: a board left in the middle (the screen closed,
// as on quitting) goes on where it was on the next start, and ends as
// it would have: the day's result file is the one played straight.
func TestResumeMidBoard(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		_, straight := playDay(t, n, quickPar)
		f := newFixture(t, n, "", quickPar)
		for _, board := range []int{1, 3} {
			f.until(fmt.Sprintf("board %d, 2 decisions in", board), func() bool {
				return f.s.board == board && f.decisions() >= 2
			})
			f.s.Close()
			f.open()
			if f.s.prog.Board != board || !strings.Contains(f.text(), fmt.Sprintf("board %d was left in the middle", board)) {
				t.Fatalf("board %d left: the intro says\n%s", board, f.text())
			}
			f.hs.Press("enter")
			if f.decisions() < 2 {
				t.Fatalf("board %d did not go on where it was left: %d decisions", board, f.decisions())
			}
			// Greeted as klob play greets a game resumed ("Welcome
			// back: deal 3.").
			if txt := f.text(); !strings.Contains(txt, fmt.Sprintf("Welcome back: board %d of 8.", board)) || strings.Contains(txt, "You are back") {
				t.Errorf("board %d resumed: no welcome as klob play's:\n%s", board, txt)
			}
		}
		f.until("the results", f.resultsRead)
		data, _ := os.ReadFile(f.s.day.ResultPath())
		if string(data) != string(straight) {
			t.Fatalf("resumed:\n%s\nstraight:\n%s", data, straight)
		}
	})
}

// suitSymbol is a card or a suit on the screen.
var suitSymbol = regexp.MustCompile(`[♣♦♥♠]`)

// TestHiddenBoards: before a board is played nothing shows any of it:
// every frame but its own table's shows no card and no suit until the
// day's results, and at every point the state directory holds no deck
// and no seed of any board, no line, no par and no hard bot's line of a
// board not played, and of the board in play only its own actions.
func TestHiddenBoards(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		checked := 0
		f.frames = func(text string) {
			checked++
			name := f.s.sub.Name()
			if name != "table" && name != "results" && name != "replay" && suitSymbol.MatchString(text) {
				t.Fatalf("the %s shows a card or a suit before the day is played:\n%s", name, text)
			}
			files := f.fileText()
			for _, b := range f.s.set.Boards {
				if strings.Contains(files, b.Deck.String()) || strings.Contains(files, fmt.Sprintf("%016x", b.Seed)) {
					t.Fatalf("board %d's deck or seed is in the state directory", b.Number)
				}
				if f.s.prog.Played(b.Number) || b.Number == f.s.board {
					continue // played, or in play (recorded when it ends)
				}
				if strings.Contains(files, fmt.Sprintf("board %d result", b.Number)) {
					t.Fatalf("board %d, not played, has a line:\n%s", b.Number, files)
				}
				if strings.Contains(files, fmt.Sprintf("board %d play", b.Number)) {
					t.Fatalf("board %d, not played, has the hard bot's line kept:\n%s", b.Number, files)
				}
				if b.Number != f.s.board && b.Number != f.s.prog.Board && strings.Contains(files, fmt.Sprintf("board %d\n", b.Number)) {
					t.Fatalf("board %d, not begun, is in progress:\n%s", b.Number, files)
				}
			}
		}
		f.refresh()
		f.until("the results", f.resultsRead)
		if checked < 50 {
			t.Fatalf("only %d frames checked", checked)
		}
		// The board in progress holds only what was played of it.
		g := newFixture(t, n, "", quickPar)
		g.until("board 2, 3 decisions in", func() bool { return g.s.board == 2 && g.decisions() >= 3 })
		tb, _ := g.tbl()
		snap := tb.Snapshot()
		seen := snap.View.History()
		saved, err := os.ReadFile(g.dir + "/daily/" + fmt.Sprintf("2026-12-01-%dp/board.txt", n))
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("klob-daily-board 1\nboard 2\nplay %s\n", duplicate.FormatSteps(seen)); string(saved) != want &&
			!hasHidden(seen) {
			t.Fatalf("the board in progress:\n%s\nwant what the person saw:\n%s", saved, want)
		}
	})
}

// hasHidden reports whether a history holds a card the person did not
// see (a card given face down between two others): then the file, which
// holds every action to resume the deal, says more than the view.
func hasHidden(h []rules.Step) bool {
	for _, s := range h {
		if (s.Action.Kind == rules.Give || s.Action.Kind == rules.Draw) && s.Action.Card == rules.NoCard {
			return true
		}
	}
	return false
}

// TestDayCountsWithoutResults: the eighth board played, the day counts
// in the history and the streak at once, without its results screen
// and with par never worked out; the history says par is not known.
func TestDayCountsWithoutResults(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		noPar := func(ai.Level, ai.Config) (ai.Bot, error) { return nil, errors.New("no par today") }
		f := newFixture(t, n, "", noPar)
		f.until("board 8's end", func() bool {
			p, ok := f.s.sub.(*between)
			return ok && p.n == 8 && p.saved
		})
		f.hs.Press("esc")
		if text := f.text(); !strings.Contains(text, "Streak: 1 day") {
			t.Fatalf("the day played is not in the streak:\n%s", text)
		}
		f.s.Close()
		h, err := f.files.History()
		if err != nil || len(h.Days) != 1 || h.Days[0].Played != 8 || h.Days[0].HasPar {
			t.Fatalf("the history: %+v, %v", h, err)
		}
		lines := strings.Join(HistoryLines(h, day1), "\n")
		for _, want := range []string{"Streak: 1 day", "par not worked out"} {
			if !strings.Contains(lines, want) {
				t.Errorf("history without %q:\n%s", want, lines)
			}
		}
	})
}

// openOffer opens the screen as klob daily does the day after day1 with
// day1 begun: day1 shown, today's (day2) offered; now is the clock.
func openOffer(t *testing.T, f *fixture, now time.Time) {
	t.Helper()
	day2 := day1.AddDays(1)
	y, _ := f.files.Day(day1, f.n, "Tester", "v-test")
	d, _ := f.files.Day(day2, f.n, "Tester", "v-test")
	s, err := New(Config{Files: f.files, Day: y, Later: d, Today: day2, Player: "Tester", ParBot: f.par,
		Analyze: fakeAnalyze, Clock: clocktest.New(t0), Manual: true, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	f.s = s
	f.hs = kittest.New(t, s, 80, 24, false)
	f.hs.After = func(*kittest.Driver) { f.refresh() }
}

// TestYesterdayOffered: yesterday's day left in the middle of a board
// is offered first the next day: enter goes on with it where it was, n
// leaves it for today's boards. The quit note says when a day can still
// be finished.
func TestYesterdayOffered(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		f.until("board 2, 2 decisions in", func() bool { return f.s.board == 2 && f.decisions() >= 2 })
		f.s.Close()
		nextDay := t0.AddDate(0, 0, 1)
		openOffer(t, f, nextDay)
		text := f.text()
		if flat := kittest.Flat(text); strings.Contains(flat, "the same today") || !strings.Contains(flat, "the same that day") {
			t.Errorf("yesterday's day offered as today's boards:\n%s", text)
		}
		for _, want := range []string{"Daily challenge · 2026-12-01", "Yesterday's daily (2026-12-01) is not finished: 1 of 8",
			"[n] today's"} {
			if !strings.Contains(text, want) {
				t.Errorf("the intro without %q:\n%s", want, text)
			}
		}
		if got, want := f.s.QuitNote(), "The daily of 2026-12-01 is saved, in the middle of board 2. It is 2026-12-02 now"; !strings.HasPrefix(got, want) {
			t.Errorf("quit note %q, want %q…", got, want)
		}
		f.hs.Press("enter")
		if f.s.board != 2 || f.s.day.Date != day1 {
			t.Fatalf("enter: board %d of %s", f.s.board, f.s.day.Date)
		}
		f.s.Close()
		openOffer(t, f, nextDay.AddDate(0, 0, 1))
		if got := f.s.QuitNote(); !strings.Contains(got, "cannot be finished") {
			t.Errorf("two days on, quit note %q", got)
		}
		f.hs.Press("n")
		text = f.text()
		if f.s.day.Date != day1.AddDays(1) || !strings.Contains(text, "Daily challenge · 2026-12-02") ||
			strings.Contains(text, "Yesterday's") || !strings.Contains(text, "Boards played: 0 of 8") {
			t.Fatalf("n: on %s:\n%s", f.s.day.Date, text)
		}
		f.hs.Press("enter")
		if f.s.board != 1 || f.s.day.Date != day1.AddDays(1) {
			t.Fatalf("today's first board not dealt: board %d of %s", f.s.board, f.s.day.Date)
		}
	})
}

// TestPastParWorkedOut: a past day played out whose par was never
// worked out gets it in the background once the day's own par is:
// into its result file (its name kept), and its history line.
func TestPastParWorkedOut(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		files := dailyfiles.Open(dir)
		past, _ := files.Day(day1, n, "Tester", "v-test")
		if err := os.MkdirAll(past.Dir(), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(past.ResultPath(), friendFile(t, past.Set, "Ann", ai.Easy), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := files.CountDays(); err != nil {
			t.Fatal(err)
		}
		day2 := day1.AddDays(1)
		pending, err := files.WithoutPar(day2, "v-test")
		if err != nil || len(pending) != 1 {
			t.Fatalf("%d days without par, %v", len(pending), err)
		}
		today, _ := files.Day(day2, n, "Tester", "v-test")
		s, err := New(Config{Files: files, Day: today, Today: day2, Player: "Tester", ParBot: cheapPar, PastPar: pending,
			Analyze: fakeAnalyze, Clock: clocktest.New(t0), Manual: true, Now: func() time.Time { return t0 }})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		kittest.New(t, s, 80, 24, false) // runs par, today's then the past day's
		rf, err := pending[0].Results()
		if err != nil || rf.Name != "Ann" {
			t.Fatalf("%v, %v", rf, err)
		}
		for _, b := range rf.Boards {
			if !b.HasPar {
				t.Errorf("board %d without par", b.Board)
			}
		}
		if h := s.hist; len(h.Days) != 1 || !h.Days[0].HasPar || h.Days[0].Field != 2 {
			t.Errorf("the history on the screen: %+v", h.Days)
		}
	})
}

// TestQuitAfterABoardsEnd: quitting on a board's end screen (its result
// recorded or still being saved) speaks of the next board, not of the
// middle of that one, and the quit question says the board is played.
// At every seat count.
func TestQuitAfterABoardsEnd(t *testing.T) {
	inParallel(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "", quickPar)
		f.until("board 1's end", func() bool {
			tb, ok := f.tbl()
			return ok && tb.Snapshot().Over && f.s.board == 1
		})
		if got := f.s.QuitNote(); strings.Contains(got, "middle") || !strings.Contains(got, "goes on at board 2") {
			t.Errorf("quit note %q, want the day going on at board 2", got)
		}
		if got := f.s.QuitQuestion(); !strings.Contains(got, "played") {
			t.Errorf("quit question %q, want the board played", got)
		}
	})
}

// TestSaveFailedSaysWhatIsKept: a board whose end could not be saved
// says what the files keep (the board at its last save that worked, as
// read back) and where klob daily goes on, on its end screen and on
// the way out; never that it is recorded or the day saved.
func TestSaveFailedSaysWhatIsKept(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end saved", func() bool {
		p, ok := f.s.sub.(*between)
		return ok && p.saved
	})
	full := errors.New("write: no space left on device")
	for _, c := range []struct {
		prog       dailyfiles.Progress
		page, note string
	}{
		{dailyfiles.Progress{Board: 1, Steps: make([]rules.Step, 5)},
			"What is kept is board 1 after 5 actions, its last save that worked: klob daily goes on from there",
			"Board 1 could not be saved (write: no space left on device). What is kept is board 1 after 5 actions"},
		{dailyfiles.Progress{Board: 1},
			"What is kept is board 1 begun, none of its play: klob daily deals it again from its start",
			"Board 1 could not be saved (write: no space left on device). What is kept is board 1 begun"},
		{dailyfiles.Progress{},
			"Nothing of board 1 is kept: klob daily deals it again the next time it starts",
			"Board 1 could not be saved (write: no space left on device). Nothing of board 1 is kept"},
	} {
		prog := c.prog
		prog.Results = &duplicate.ResultFile{Date: day1, Players: 2}
		f.s.prog = &prog
		f.s.sub = &between{s: f.s, n: 1, saved: true, err: full}
		f.hs.Press("ctrl+l") // redraw
		page := strings.Join(strings.Fields(f.text()), " ")
		if !strings.Contains(page, c.page) || strings.Contains(page, "records it as played") {
			t.Errorf("the board's end says:\n%s\nwant %q", f.text(), c.page)
		}
		if got := f.s.QuitNote(); !strings.HasPrefix(got, c.note) || strings.Contains(got, "is saved") {
			t.Errorf("quit note %q, want %q", got, c.note)
		}
	}
}

// TestSaveFailedMidBoard: quitting in the middle of a board whose last
// save failed says so, not that the day is saved.
func TestSaveFailedMidBoard(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1 begun", func() bool { return f.decisions() > 0 })
	// The board's file becomes a directory with something in it: every
	// save of the board fails from now on.
	board := filepath.Join(f.s.day.Dir(), dailyfiles.BoardName)
	if err := os.Remove(board); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(board, "in-the-way"), 0o700); err != nil {
		t.Fatal(err)
	}
	f.step()
	if e := f.s.port.Snapshot().Save.Err; e == "" {
		t.Fatal("the save did not fail")
	}
	if got := f.s.QuitNote(); !strings.HasPrefix(got, "Board 1 could not be saved (") ||
		!strings.HasSuffix(got, "klob daily goes on with it from its last save that worked.") {
		t.Errorf("quit note %q", got)
	}
}

// TestResultsPlayNotKept: a board whose play was not kept (read from a
// damaged result file without it) is shown as such on the results, and
// its replay is not offered as the person's play.
func TestResultsPlayNotKept(t *testing.T) {
	f, data := playDay(t, 2, quickPar)
	// Board 1's line without its play.
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "board 1 ") {
			lines[i] = l[:strings.Index(l, " play ")]
		}
	}
	if err := os.WriteFile(f.s.day.ResultPath(), []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	g := newFixture(t, 2, f.dir, quickPar)
	g.until("the results", g.resultsRead)
	if text := g.text(); !strings.Contains(text, "your play not kept") {
		t.Errorf("the results do not say board 1's play was not kept:\n%s", text)
	}
	r := g.s.sub.(*results)
	r.cursor = 0
	r.openReplay(false)
	if !strings.Contains(r.note, "Your play of this board was not kept") {
		t.Errorf("the replay of a play not kept: note %q", r.note)
	}
}

// TestHistoryComparedWith: the history names whom a day was compared
// with: par, a friend, friends (one wording, "1 friend", "3 friends"),
// or, for a line written before the history kept it, par or a friend.
func TestHistoryComparedWith(t *testing.T) {
	for _, c := range []struct {
		field   int
		against duplicate.Against
		want    string
	}{
		{2, duplicate.AgainstPar, "  par"},
		{2, duplicate.AgainstFriends, "  1 friend"},
		{2, duplicate.AgainstUnknown, "1 other (par, or a friend)"},
		{4, duplicate.AgainstFriends, "3 friends"},
		{4, duplicate.AgainstUnknown, "3 friends"},
	} {
		h := &duplicate.History{Days: []duplicate.Day{{Date: day1, Players: 3, Percent: 50, Field: c.field, Played: 8,
			HasPar: true, Against: c.against}}}
		lines := HistoryLines(h, day1)
		if last := lines[len(lines)-1]; !strings.HasSuffix(last, c.want) {
			t.Errorf("field %d against %v: %q, want it to end in %q", c.field, c.against, last, c.want)
		}
	}
}

// TestHistoryLineOfEachState: each state a day's line may be in says
// what it is, in the 78 columns the history's page gives its rows: a
// day played out before par is worked out, with it, and a day cut
// short (its result file rebuilt from the boards that read), with par
// and without, which counts its boards out of the eight and never
// says par is on its way.
func TestHistoryLineOfEachState(t *testing.T) {
	for _, c := range []struct {
		name string
		day  duplicate.Day
		want string
	}{
		{"played out, no par", duplicate.Day{Percent: 50, Field: 1, Played: 8},
			"2026-12-01        3        -         -       8  nobody yet: par not worked out"},
		{"played out, par", duplicate.Day{Percent: 62.5, Field: 2, Played: 8, VersusPar: 42, HasPar: true, Against: duplicate.AgainstPar},
			"2026-12-01        3   62.50%       +42       8  par"},
		{"cut short, no par", duplicate.Day{Percent: 50, Field: 1, Played: 2},
			"2026-12-01        3        -         -  2 of 8  nobody: par needs all 8 boards"},
		{"cut short, par", duplicate.Day{Percent: 12.5, Field: 2, Played: 2, VersusPar: -100, HasPar: true, Against: duplicate.AgainstPar},
			"2026-12-01        3   12.50%      -100  2 of 8  par"},
	} {
		d := c.day
		d.Date, d.Players = day1, 3
		lines := HistoryLines(&duplicate.History{Days: []duplicate.Day{d}}, day1)
		last := lines[len(lines)-1]
		if last != c.want {
			t.Errorf("%s: the line is\n%q, want\n%q", c.name, last, c.want)
		}
		for _, l := range lines[1:] {
			if kit.WidthOf(l) > 78 {
				t.Errorf("%s: %q is %d columns, more than 78", c.name, l, kit.WidthOf(l))
			}
		}
	}
}

// Between boards q quits unasked while the day is today's, and the
// footer says that the day is kept; once the date has left the day
// behind, q asks first, saying what quitting keeps.
func TestBetweenSaysWhatQuitKeeps(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end", f.on("between"))
	if !strings.Contains(f.text(), "[q] quit, the daily kept") || !kit.QuitsAtOnce(f.s) {
		t.Fatalf("between boards the footer does not say what q keeps (at once %v):\n%s", kit.QuitsAtOnce(f.s), f.text())
	}
	f.s.cfg.Now = func() time.Time { return t0.Add(48 * time.Hour) }
	if kit.QuitsAtOnce(f.s) {
		t.Fatal("q quits unasked a day the date has left behind")
	}
	if q := f.s.QuitQuestion(); !strings.Contains(q, "cannot be finished") {
		t.Fatalf("the question does not say the day is lost: %q", q)
	}
	if strings.Contains(f.text(), "the daily kept") {
		t.Fatalf("the footer says the day is kept where q asks:\n%s", f.text())
	}
}

// Past midnight, q between boards asks, saying the date it is now; the
// question wraps as the App wraps it (kit.Wrap, "Quit Klob?" first, at
// every width up to 80 columns) and never parts a date at its hyphens:
// "It is 2026-" over "12-02 now" reads as two numbers. The date is
// the test's clock's.
func TestQuitQuestionKeepsTheDateWhole(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end", f.on("between"))
	f.s.cfg.Now = func() time.Time { return t0.Add(24 * time.Hour) }
	q := f.s.QuitQuestion()
	if !strings.Contains(q, "It is 2026-12-02 now") {
		t.Fatalf("the question does not say the date it is: %q", q)
	}
	for w := 30; w <= 78; w++ {
		text := strings.Join(kit.Wrap("Quit Klob? "+q, w), "\n")
		for _, date := range []string{"2026-12-01", "2026-12-02"} {
			if !strings.Contains(text, date) {
				t.Fatalf("width %d: %s is parted:\n%s", w, date, text)
			}
		}
	}
}
