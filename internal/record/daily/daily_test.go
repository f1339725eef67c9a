package daily

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

var day1 = duplicate.Date{Year: 2026, Month: 12, Day: 1}

// firstLegal plays board b out with the first legal action everywhere
// but a take, when one is legal (so the deal is played, not thrown in);
// it returns every action.
func firstLegal(t *testing.T, set *duplicate.BoardSet, n int) []rules.Step {
	t.Helper()
	b, _ := set.Board(n)
	d := b.Deal(set.Options)
	for s := d.Turn(); s != rules.NoSeat; s = d.Turn() {
		legal := d.Legal()
		a := legal[0]
		for _, x := range legal {
			if x.Kind == rules.Take {
				a = x
			}
		}
		if err := d.ApplyAs(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return d.Steps()
}

// recordFirst records the boards 1 to n of d played by firstLegal.
func recordFirst(t *testing.T, d *Day, n int) {
	t.Helper()
	for b := 1; b <= n; b++ {
		if _, err := d.Record(b, firstLegal(t, d.Set, b)); err != nil {
			t.Fatal(err)
		}
	}
}

// twoBoardsPlayed is a day of day1 at n players in a new folder, Ann's
// with Klob v1, whose first two boards she played by firstLegal, and
// its result file as written.
func twoBoardsPlayed(t *testing.T, n int) (*Files, *Day, []byte) {
	t.Helper()
	f := Open(t.TempDir())
	d := openDay(t, f, n, "Ann", "v1")
	recordFirst(t, d, 2)
	data, err := os.ReadFile(d.ResultPath())
	require.NoError(t, err)
	return f, d, data
}

// openDay is the day of day1 at n players in f, played by name with
// Klob version.
func openDay(t testing.TB, f *Files, n int, name, version string) *Day {
	t.Helper()
	d, err := f.Day(day1, n, name, version)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// resultFile is the result file of name, who played the first boards of
// day1 at n players in f with Klob v0.9.
func resultFile(t *testing.T, f *Files, n int, name string, boards int) []byte {
	t.Helper()
	d := openDay(t, f, n, name, "v0.9")
	recordFirst(t, d, boards)
	data, err := os.ReadFile(d.ResultPath())
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// annPlayed records the first boards of Ann's day1 at two players in
// a new state directory; it returns the directory, its files, the day
// and the day's result file.
func annPlayed(t *testing.T, boards int) (string, *Files, *Day, []byte) {
	t.Helper()
	dir := t.TempDir()
	f := Open(dir)
	d := openDay(t, f, 2, "Ann", "v1")
	recordFirst(t, d, boards)
	data, err := os.ReadFile(d.ResultPath())
	if err != nil {
		t.Fatal(err)
	}
	return dir, f, d, data
}

// TestDayProgress: a board begun, then with actions, then recorded; the
// day read back at each point says what was played, and a board
// recorded is played for good.
func TestDayProgress(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := Open(t.TempDir())
		d := openDay(t, f, n, "Ann", "v1.0.0")
		p, err := d.Load()
		if err != nil || p.Next(8) != 1 || len(p.Results.Boards) != 0 {
			t.Fatalf("a new day: next %d, %v", p.Next(8), err)
		}
		steps := firstLegal(t, d.Set, 1)
		if err := d.SaveBoard(1, nil); err != nil {
			t.Fatal(err)
		}
		if p, _ := d.Load(); p.Board != 1 || len(p.Steps) != 0 {
			t.Fatalf("begun: board %d, %d steps", p.Board, len(p.Steps))
		}
		if err := d.SaveBoard(1, steps[:5]); err != nil {
			t.Fatal(err)
		}
		if p, _ := d.Load(); p.Board != 1 || fmt.Sprint(p.Steps) != fmt.Sprint(steps[:5]) {
			t.Fatalf("in progress: board %d, steps %v", p.Board, p.Steps)
		}
		if err := d.SetPar(1, -12.5); err != nil {
			t.Fatal(err)
		}
		br, err := d.Record(1, steps)
		if err != nil {
			t.Fatal(err)
		}
		if br.HasPar {
			t.Errorf("par is recorded before the day is played out: %+v", br)
		}
		p, err = d.Load()
		if err != nil || p.Board != 0 || !p.Played(1) || p.Next(8) != 2 {
			t.Fatalf("recorded: board %d, played %v, next %d (%v)", p.Board, p.Played(1), p.Next(8), err)
		}
		if _, err := os.Stat(filepath.Join(d.Dir(), BoardName)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the board in progress stays after it is recorded: %v", err)
		}
		// Recording again keeps the first result.
		again, err := d.Record(1, steps)
		if err != nil || again.Result != br.Result {
			t.Fatal(err)
		}
		rf, _ := d.Results()
		if err := rf.Check(d.Set); err != nil || rf.Name != "Ann" || rf.Version != "v1.0.0" || len(rf.Boards) != 1 {
			t.Fatalf("the result file: %v, %+v", err, rf)
		}
		if _, err := d.Record(2, steps[:3]); err == nil {
			t.Error("an unfinished board was recorded")
		}
		// Par known before board 1 ended goes in with the last board.
		recordFirst(t, d, 8)
		if rf, _ := d.Results(); len(rf.Boards) != 8 || !rf.Boards[0].HasPar || rf.Boards[0].Par != -12.5 {
			t.Errorf("par known before the board ended is not recorded with the last: %+v", rf.Boards[0])
		}
	})
}

// TestOnlyWhatWasPlayed: after some boards played and one begun, the
// daily's files hold no deck, no seed and no line of a board not
// played, and no par at all: par, known of every board, is written
// with the day's last board.
func TestOnlyWhatWasPlayed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		d := openDay(t, Open(dir), n, "Ann", "v1")
		recordFirst(t, d, 3)
		steps := firstLegal(t, d.Set, 4)
		if err := d.SaveBoard(4, steps[:4]); err != nil {
			t.Fatal(err)
		}
		for b := 1; b <= 8; b++ {
			if err := d.SetPar(b, float64(10*b)); err != nil {
				t.Fatal(err)
			}
		}
		all := readAll(t, dir)
		for _, b := range d.Set.Boards {
			if strings.Contains(all, b.Deck.String()) || strings.Contains(all, fmt.Sprintf("%016x", b.Seed)) {
				t.Errorf("%d players: board %d's deck or seed is in the state directory", n, b.Number)
			}
			if b.Number > 3 && (strings.Contains(all, fmt.Sprintf("board %d result", b.Number)) || strings.Contains(all, fmt.Sprintf("par +%d", 10*b.Number))) {
				t.Errorf("%d players: board %d, not played, has a line or a par:\n%s", n, b.Number, all)
			}
		}
		if strings.Contains(all, "par +") {
			t.Errorf("%d players: par is written before the day is played out:\n%s", n, all)
		}
		recordFirst(t, d, 8)
		rf, err := d.Results()
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range rf.Boards {
			if !b.HasPar || b.Par != float64(10*b.Board) {
				t.Errorf("%d players: board %d played out: par %v %v, want %d", n, b.Board, b.HasPar, b.Par, 10*b.Board)
			}
		}
	})
}

// TestOlderFileParLeftOut: a result file an older Klob wrote with par
// before the day was played out reads without it, as this Klob writes
// it; its par is not lost: the day's last board writes it with the
// rest.
func TestOlderFileParLeftOut(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, d, data := twoBoardsPlayed(t, n)
		older := regexp.MustCompile(`(board 1 result \S+) par -`).ReplaceAllString(string(data), "$1 par +41")
		require.Contains(t, older, " par +41 ")
		require.NoError(t, os.WriteFile(d.ResultPath(), []byte(older), 0o600))

		again := openDay(t, f, n, "Ann", "v1")
		rf, err := again.Results()
		require.NoError(t, err)
		require.Len(t, rf.Boards, 2)
		assert.False(t, rf.Boards[0].HasPar, "par read before the day is played out")
		recordFirst(t, again, 8)
		rf, err = again.Results()
		require.NoError(t, err)
		assert.True(t, rf.Boards[0].HasPar && rf.Boards[0].Par == 41, "board 1's par, played out: %+v", rf.Boards[0])
		assert.False(t, rf.Boards[1].HasPar, "board 2 had no par")
	})
}

// readAll is every file under dir, with its name.
func readAll(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, "== %s\n%s\n", p, data)
		}
		return nil
	})
	return b.String()
}

// TestDamagedFiles: a result file or a board in progress that does not
// read, or is of other boards, is moved aside with an error saying
// where; the rest is read.
func TestDamagedFiles(t *testing.T) {
	f := Open(t.TempDir())
	d := openDay(t, f, 3, "Ann", "v1")
	recordFirst(t, d, 1)
	other, _ := f.Day(day1.AddDays(1), 3, "Ann", "v1")
	if err := os.WriteFile(filepath.Join(d.Dir(), BoardName), []byte(boardMagic+"\nboard 2\nplay A: play 7C\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := d.Load()
	var de *durable.DamagedError
	// Its board still reads: it goes on from its start, not another.
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "the board in progress") || p.Board != 2 || len(p.Steps) != 0 || !p.Played(1) {
		t.Fatalf("a bad board in progress: %v, board %d", err, p.Board)
	}
	if err := os.WriteFile(filepath.Join(d.Dir(), BoardName), []byte(boardMagic+"\nboard x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err = d.Load(); !errors.As(err, &de) || p.Board != 0 {
		t.Fatalf("a board in progress of no board: %v, board %d", err, p.Board)
	}
	// Another day's results in this day's place.
	st := firstLegal(t, other.Set, 1)
	if _, err := other.Record(1, st); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(other.ResultPath())
	os.WriteFile(d.ResultPath(), data, 0o644)
	p, err = d.Load()
	if !errors.As(err, &de) || p.Played(1) {
		t.Fatalf("another day's results: %v, played %v", err, p.Played(1))
	}
	if _, err := os.Stat(d.ResultPath()); !errors.Is(err, os.ErrNotExist) {
		t.Error("the damaged file stays in place")
	}
	// Both moves are kept to be said, whoever dropped the errors; once.
	moved := f.TakeMoved()
	if len(moved) != 3 || !strings.Contains(moved[0].Error(), "the board in progress") ||
		!strings.Contains(moved[1].Error(), "the board in progress") || !strings.Contains(moved[2].Error(), "your results of") {
		t.Errorf("moved: %v", moved)
	}
	if again := f.TakeMoved(); len(again) != 0 {
		t.Errorf("moved again: %v", again)
	}
}

// TestImport: a friend's file is checked against its day's boards and
// stored (replacing one of the same name); a bad one is refused with
// where and why, and nothing stored.
func TestImport(t *testing.T) {
	f := Open(t.TempDir())
	data := resultFile(t, f, 2, "Bob Smith", 8)
	im, err := f.Import(data, "bob.txt", "Ann", "v1")
	if err != nil || im.Replaced || im.File.Name != "Bob Smith" || filepath.Base(im.Path) != "bob-smith.txt" {
		t.Fatalf("import: %+v, %v", im, err)
	}
	// The same file again stores nothing.
	if im, err := f.Import(data, "bob.txt", "Ann", "v1"); err != nil || !im.Same || im.Replaced || im.Aside != "" {
		t.Fatalf("import again: %+v, %v", im, err)
	}
	// Another file of the same name (fewer boards) takes its place; the
	// earlier is kept in imports/replaced/, byte for byte, and is not
	// one of the day's imports.
	data7 := resultFile(t, Open(t.TempDir()), 2, "Bob Smith", 7)
	im, err = f.Import(data7, "bob7.txt", "Ann", "v1")
	if err != nil || !im.Replaced || im.Same || filepath.Dir(im.Aside) != filepath.Join(filepath.Dir(im.Path), ReplacedDir) {
		t.Fatalf("import of another file: %+v, %v", im, err)
	}
	if kept, _ := os.ReadFile(im.Aside); string(kept) != string(data) {
		t.Errorf("the earlier file kept at %s is not the earlier file:\n%s", im.Aside, kept)
	}
	if now, _ := os.ReadFile(im.Path); string(now) != string(data7) {
		t.Errorf("the new file is not in place")
	}
	// The first again: the seven boards' file is kept beside the first.
	if im, err := f.Import(data, "bob.txt", "Ann", "v1"); err != nil || !im.Replaced || filepath.Base(im.Aside) != "bob-smith-2.txt" {
		t.Fatalf("import back: %+v, %v", im, err)
	}
	me := openDay(t, f, 2, "Ann", "v1")
	got, errs := me.Imports()
	if len(got) != 1 || len(errs) != 0 || got[0].Name != "Bob Smith" || len(got[0].Boards) != 8 {
		t.Fatalf("imports: %d, %v", len(got), errs)
	}
	bad := strings.Replace(string(data), "result ", "result +1", 1)
	for _, c := range []struct{ data, want string }{
		{"hello", `bob.txt: result file, line 1: "hello": a result file starts with "klob-results 1"`},
		{bad, "bob.txt: result file, line 7: board 1: result"},
		{strings.Replace(string(data), "players 2", "players 3", 1), "not the daily boards of 2026-12-01 at 3 players"},
	} {
		if _, err := f.Import([]byte(c.data), "bob.txt", "Ann", "v1"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
	// A result that the play does not give.
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "board 2 result ") {
			f := strings.Fields(l)
			f[3] = "+999"
			lines[i] = strings.Join(f, " ")
		}
	}
	if _, err := f.Import([]byte(strings.Join(lines, "\n")), "bob.txt", "Ann", "v1"); err == nil || !strings.Contains(err.Error(), "board 2: the actions give") {
		t.Errorf("a false result: %v", err)
	}
}

// TestCompare: with nobody imported par is the other entrant; with
// friends, they are; the history line says the percentage, the field,
// the boards and the result against par.
func TestCompare(t *testing.T) {
	f := Open(t.TempDir())
	me := openDay(t, f, 3, "Ann", "v1")
	recordFirst(t, me, 8)
	own, _ := me.Results()
	// Par is, board by board, the result plus (b-4) (so it beats the
	// person on boards 5 to 8 and ties board 4).
	for _, b := range own.Boards {
		me.SetPar(b.Board, b.Result+float64(b.Board-4))
	}
	own, _ = me.Results()
	fd, err := Compare(me.Set, own, nil)
	if err != nil || !fd.WithPar || fd.Standings.Field != 2 {
		t.Fatalf("against par: %+v, %v", fd, err)
	}
	// Boards 1-3 beaten (2 each), 4 tied (1), 5-8 lost: 7 of 16.
	if m := fd.Mine(); m.Matchpoints != 7 || m.Percent != 43.75 {
		t.Errorf("against par: %v matchpoints, %v%%", m.Matchpoints, m.Percent)
	}
	line := fd.Line(day1, own)
	if line.Field != 2 || line.Played != 8 || !line.HasPar || line.VersusPar != -(-3-2-1+0+1+2+3+4) {
		t.Errorf("the history line: %+v", line)
	}
	friend := *own
	friend.Name = "Bob"
	friend.Boards = nil
	fd, err = Compare(me.Set, own, []*duplicate.ResultFile{&friend})
	if err != nil || fd.WithPar || fd.Standings.Field != 1 {
		t.Fatalf("a friend with no board: %+v, %v", fd, err)
	}
	if line.Against != duplicate.AgainstPar {
		t.Errorf("the line against par says against %v", line.Against)
	}
	if l := fd.Line(day1, own); l.Against != duplicate.AgainstFriends {
		t.Errorf("the line against a friend says against %v", l.Against)
	}
	if err := f.SetDay(line); err != nil {
		t.Fatal(err)
	}
	h, err := f.History()
	if err != nil || len(h.Days) != 1 || h.Days[0].Percent != 43.75 {
		t.Fatalf("history: %+v, %v", h, err)
	}
}

// TestLock: one klob daily at a time.
func TestLock(t *testing.T) {
	dir := t.TempDir()
	a, b := Open(dir), Open(dir)
	if err := a.Lock(); err != nil {
		t.Fatal(err)
	}
	if err := b.Lock(); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second lock: %v", err)
	}
	a.Unlock()
	if err := b.Lock(); err != nil {
		t.Fatal(err)
	}
	b.Unlock()
}

// FuzzBoardFile: any board in progress is read (a play of a board of
// the day) or refused without a panic; what is read is saved back the
// same.
func FuzzBoardFile(f *testing.F) {
	f.Add([]byte(boardMagic + "\nboard 2\n"))
	f.Add([]byte(boardMagic + "\nboard 1\nplay B: pass, A: take\n"))
	f.Add([]byte(boardMagic + "\r\nboard 9\r\nplay A: play 7C\r\n"))
	f.Add([]byte("board 1"))
	d := openDay(f, Open(f.TempDir()), 2, "Ann", "v1")
	f.Fuzz(func(t *testing.T, data []byte) {
		n, steps, claim, err := d.parseBoard(data)
		if err != nil {
			return
		}
		if err := d.SaveDeal(n, gamelog.Deal{Steps: steps, Claim: claim}); err != nil {
			t.Fatal(err)
		}
		p, err := d.Load()
		if err != nil || p.Board != n || fmt.Sprint(p.Steps) != fmt.Sprint(steps) || fmt.Sprint(p.Claim) != fmt.Sprint(claim) {
			t.Fatalf("%q: read board %d %v %v, loaded back %d %v %v (%v)", data, n, steps, claim, p.Board, p.Steps, p.Claim, err)
		}
	})
}

// TestDayCountsOncePlayed: the eighth board recorded puts the day in
// the history, par unknown, with nothing else read or worked out.
func TestDayCountsOncePlayed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := Open(t.TempDir())
		d := openDay(t, f, n, "Ann", "v1.0.0")
		recordFirst(t, d, len(d.Set.Boards)-1)
		if h, _ := f.History(); len(h.Days) != 0 {
			t.Fatalf("7 boards played: history %+v", h.Days)
		}
		recordFirst(t, d, len(d.Set.Boards))
		h, err := f.History()
		if err != nil || len(h.Days) != 1 {
			t.Fatalf("history %+v, %v: want the day", h.Days, err)
		}
		got := h.Days[0]
		if got.Date != day1 || got.Players != n || got.Played != len(d.Set.Boards) || got.HasPar || got.Field != 1 {
			t.Errorf("line %+v: want the day, %d boards, par unknown, nobody compared", got, len(d.Set.Boards))
		}
	})
}

// TestCountDays: a day whose result file holds every board but which is
// not in the history (played by a Klob that counted only on its results
// screen) is counted by CountDays; one not finished is not; a line
// without par is counted again once the file holds par; one with par is
// kept, and Recount counts it again.
func TestCountDays(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		f := Open(dir)
		d := openDay(t, f, n, "Ann", "v1.0.0")
		recordFirst(t, d, len(d.Set.Boards))
		day2 := duplicate.Date{Year: 2026, Month: 12, Day: 2}
		d2, _ := f.Day(day2, n, "Ann", "v1.0.0")
		recordFirst(t, d2, 3)
		if err := os.Remove(filepath.Join(dir, Dir, HistoryName)); err != nil {
			t.Fatal(err)
		}
		if err := f.CountDays(); err != nil {
			t.Fatal(err)
		}
		h, err := f.History()
		if err != nil || len(h.Days) != 1 || h.Days[0].Date != day1 || h.Days[0].Players != n {
			t.Fatalf("history %+v, %v: want day 1 alone", h.Days, err)
		}
		// Par put in the result file, the line left without it (a Klob
		// that stopped before it counted the day again): counted again.
		for _, b := range d.Set.Boards {
			if err := d.SetPar(b.Number, 5); err != nil {
				t.Fatal(err)
			}
		}
		if h, _ := f.History(); len(h.Days) != 1 || h.Days[0].HasPar {
			t.Fatalf("history %+v: SetPar wrote the line itself", h.Days)
		}
		if err := f.CountDays(); err != nil {
			t.Fatal(err)
		}
		h, _ = f.History()
		if len(h.Days) != 1 || !h.Days[0].HasPar || h.Days[0].Against != duplicate.AgainstPar || h.Days[0].Field != 2 {
			t.Fatalf("history %+v: the day is not counted again against par", h.Days)
		}
		// A line already there with par (friends) stays as it is: its
		// file is not read.
		h.Days[0].Field, h.Days[0].Percent, h.Days[0].Against = 3, 75, duplicate.AgainstFriends
		if err := f.SetDay(h.Days[0]); err != nil {
			t.Fatal(err)
		}
		if err := f.CountDays(); err != nil {
			t.Fatal(err)
		}
		if h, _ := f.History(); len(h.Days) != 1 || h.Days[0].Field != 3 {
			t.Errorf("history %+v: the line kept was replaced", h.Days)
		}
		// Recount reads every day's files: the line says them again.
		if err := f.Recount(); err != nil {
			t.Fatal(err)
		}
		if h, _ := f.History(); len(h.Days) != 1 || h.Days[0].Field != 2 || h.Days[0].Against != duplicate.AgainstPar {
			t.Errorf("history %+v: Recount did not count the day again from its files", h.Days)
		}
	})
}

// TestName: the name kept reads back; none is "". A file that is not a
// name file, or too large to read, is moved into damaged/ whole, said
// once (TakeMoved) and read as no name; SetName moves it aside too
// before it writes, never over it.
func TestName(t *testing.T) {
	dir := t.TempDir()
	f := Open(dir)
	if n, err := f.Name(); n != "" || err != nil {
		t.Fatalf("no name kept: %q, %v", n, err)
	}
	if err := f.SetName("Ann Lee"); err != nil {
		t.Fatal(err)
	}
	if n, err := f.Name(); n != "Ann Lee" || err != nil {
		t.Fatalf("name kept: %q, %v", n, err)
	}
	path := filepath.Join(dir, Dir, NameName)
	huge := func() {
		require.NoError(t, os.WriteFile(path, nil, 0o600))
		require.NoError(t, os.Truncate(path, 20<<20)) // over what any file of klob's holds
	}
	for _, c := range []struct {
		name, says string
		damage     func()
	}{
		{"empty", "not a name file", func() { os.WriteFile(path, nil, 0o600) }},
		{"garbage", "not a name file", func() { os.WriteFile(path, []byte("garbage\n"), 0o600) }},
		{"no name", "line 2 is not a name", func() { os.WriteFile(path, []byte(nameMagic+"\nname \n"), 0o600) }},
		{"two names", "not a name file", func() { os.WriteFile(path, []byte(nameMagic+"\nname Ann\nname Bea\n"), 0o600) }},
		{"too long", "too long for a name", func() { os.WriteFile(path, []byte(nameMagic+"\nname "+strings.Repeat("a", 5000)+"\n"), 0o600) }},
		{"too large to read", "file too large", huge},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.RemoveAll(filepath.Join(dir, Dir, DamagedDir))
			c.damage()
			was, _ := os.Stat(path)
			n, err := f.Name()
			var de *durable.DamagedError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, "", n)
			assert.Contains(t, err.Error(), c.says)
			assert.NotEmpty(t, de.Aside)
			aside, serr := os.Stat(de.Aside)
			require.NoError(t, serr, "the damaged file is kept")
			assert.Equal(t, was.Size(), aside.Size(), "kept whole")
			assert.NoFileExists(t, path)
			assert.Equal(t, []error{err}, f.TakeMoved(), "said once")
			if n, err := f.Name(); n != "" || err != nil {
				t.Errorf("moved aside, then: %q, %v", n, err)
			}

			// SetName over a damaged file moves it aside first.
			c.damage()
			require.NoError(t, f.SetName("Bea"))
			if n, err := f.Name(); n != "Bea" || err != nil {
				t.Errorf("after SetName: %q, %v", n, err)
			}
			moved := f.TakeMoved()
			require.Len(t, moved, 1)
			require.ErrorAs(t, moved[0], &de)
			aside, serr = os.Stat(de.Aside)
			require.NoError(t, serr, "the damaged file is kept")
			assert.Equal(t, was.Size(), aside.Size(), "kept whole")
		})
	}
}

// TestNameLeftInPlace: a name file the system will not read (its
// permissions), or a damaged one that cannot be moved aside, is read as
// no name and left where it is; SetName does not write over it.
func TestNameLeftInPlace(t *testing.T) {
	for _, c := range []struct {
		name, says string
		stick      func(f *Files, path string)
	}{
		{"unreadable", "permission denied", func(f *Files, path string) {
			f.fs = unreadable{FS: durable.OS(), path: path}
		}},
		{"damaged, damaged/ in the way", "not a name file", func(f *Files, path string) {
			os.WriteFile(path, []byte("garbage\n"), 0o600)
			os.WriteFile(filepath.Join(filepath.Dir(path), DamagedDir), nil, 0o600)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			f := Open(dir)
			require.NoError(t, f.SetName("Ann"))
			path := filepath.Join(dir, Dir, NameName)
			c.stick(f, path)
			was, err := os.ReadFile(path)
			require.NoError(t, err)

			n, err := f.Name()
			var de *durable.DamagedError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, "", n)
			assert.Empty(t, de.Aside)
			assert.Contains(t, err.Error(), "left as it is")
			assert.Contains(t, err.Error(), c.says)
			assert.Len(t, f.TakeMoved(), 1)

			err = f.SetName("Bea")
			require.ErrorAs(t, err, &de)
			assert.Contains(t, err.Error(), "the name is not kept for the days after")
			assert.Empty(t, f.TakeMoved(), "the caller says it")
			now, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(was), string(now), "not written over")
		})
	}
}

// TestImportReplacedName: a file replacing one of a name that only
// looks the same says whose it replaced.
func TestImportReplacedName(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := Open(t.TempDir())
		file := func(name string) []byte { return resultFile(t, Open(t.TempDir()), n, name, 8) }
		if _, err := f.Import(file("Bob Smith"), "a.txt", "Ann", "v1"); err != nil {
			t.Fatal(err)
		}
		im, err := f.Import(file("bob-smith"), "b.txt", "Ann", "v1")
		if err != nil || !im.Replaced || im.ReplacedName != "Bob Smith" || im.File.Name != "bob-smith" {
			t.Fatalf("%+v, %v", im, err)
		}
	})
}

// TestReserved: "You" and par, however written, in look-alike letters
// of other scripts too, are reserved; other names are not.
func TestReserved(t *testing.T) {
	for name, want := range map[string]bool{"You": true, "you": true, " YOU.": true, "Par (hard bot)": true,
		"par hard-bot": true, "Youri": false, "Par": false, "Ann": false,
		"Υou": true, "Yоu": true, "Y0u": true, "Ρar (hard bοt)": true, "Yöu": true} { // Greek Υ, Ρ, ο; a Cyrillic о
		if got := Reserved(name); got != want {
			t.Errorf("Reserved(%q) = %v", name, got)
		}
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Ann Lee", "ann-lee", true}, {"Ann", "Anna", false},
		{"Ann", "Аnn", true}, {"alice", "аӏісе", true}, {"Nancy", "Νancy", true}, // Cyrillic, Greek
		{"♥♥", "♣", false}, {"Ann", "Ann2", false},
	} {
		if got := LooksLike(c.a, c.b); got != c.want {
			t.Errorf("LooksLike(%q, %q) = %v", c.a, c.b, got)
		}
	}
	if NameTag("alice") == NameTag("аlice") || NameTag("alice") != NameTag("alice") {
		t.Error("NameTag tells the names apart, always alike")
	}
}

// TestWithoutPar: a past day played out without par is found, under
// its file's name; par set and the day recounted, its history line has
// par and the day is found no more. Today's day is left to its screen.
func TestWithoutPar(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := Open(t.TempDir())
		d := openDay(t, f, n, "Ann", "v1")
		recordFirst(t, d, 8)
		if days, err := f.WithoutPar(day1, "v2"); err != nil || len(days) != 0 {
			t.Fatalf("today's day: %d, %v", len(days), err)
		}
		days, err := f.WithoutPar(day1.AddDays(1), "v2")
		if err != nil || len(days) != 1 || days[0].Date != day1 || days[0].Name != "Ann" {
			t.Fatalf("%v, %v: want day 1 of Ann", days, err)
		}
		// Par of one board only: the day is not against par yet, and
		// is found again.
		if err := days[0].SetPar(days[0].Set.Boards[0].Number, 10); err != nil {
			t.Fatal(err)
		}
		if err := days[0].Recount(); err != nil {
			t.Fatal(err)
		}
		if h, _ := f.History(); len(h.Days) != 1 || h.Days[0].HasPar {
			t.Errorf("history %+v: par of one board of eight taken for the day's", h.Days)
		}
		if again, _ := f.WithoutPar(day1.AddDays(1), "v2"); len(again) != 1 {
			t.Fatalf("a day with par of one board not found again: %d", len(again))
		}
		for _, b := range days[0].Set.Boards {
			if err := days[0].SetPar(b.Number, 10); err != nil {
				t.Fatal(err)
			}
		}
		if err := days[0].Recount(); err != nil {
			t.Fatal(err)
		}
		h, _ := f.History()
		if len(h.Days) != 1 || !h.Days[0].HasPar || h.Days[0].Field != 2 {
			t.Errorf("history %+v: want par, par as the other entrant", h.Days)
		}
		rf, _ := days[0].Results()
		if rf.Name != "Ann" {
			t.Errorf("the file's name became %q", rf.Name)
		}
		if days, _ := f.WithoutPar(day1.AddDays(1), "v2"); len(days) != 0 {
			t.Errorf("found again: %d", len(days))
		}
		// A day against par in the history is not read again at a
		// launch: even its result file spoilt is left unread.
		res := days[0].ResultPath()
		if err := os.WriteFile(res, []byte("spoilt"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := f.WithoutPar(day1.AddDays(1), "v2"); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(res); string(data) != "spoilt" {
			t.Errorf("a day against par was read again (its file moved aside)")
		}
	})
}

// TestDamagedResultsSalvaged: a damaged result file is moved aside and
// every board line of it that still reads is kept, in the file and as
// played: a board whose play no longer replays keeps its result without
// it; a board whose line does not read is dealt again, and the error
// names each.
func TestDamagedResultsSalvaged(t *testing.T) {
	dir, f, d, data := annPlayed(t, 3)
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "board 1 "):
			// The first card played made one not in the hand.
			at := strings.Index(l, ": play ") + len(": play ")
			card := l[at : at+2]
			other := "7C"
			if card == other {
				other = "8C"
			}
			lines[i] = l[:at] + other + l[at+2:]
		case strings.HasPrefix(l, "board 3 "):
			lines[i] = "board 3 result what"
		}
	}
	require.NoError(t, os.WriteFile(d.ResultPath(), []byte(strings.Join(lines, "\n")), 0o644))

	// The boards kept cannot be written (a full disk): the damaged file
	// is put back, to be read again, and the boards count as played.
	f.fs = testkit.NewFaultFS("create")
	p, err := d.Load()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "could not be written")
	assert.Contains(t, err.Error(), "it is put back")
	assert.True(t, p.Played(1) && p.Played(2) && !p.Played(3), "boards 1 and 2 stay played")
	back, _ := os.ReadFile(d.ResultPath())
	assert.Equal(t, strings.Join(lines, "\n"), string(back), "the damaged file is put back as it was")
	f.fs = durable.OS()

	p, err = d.Load()
	require.Error(t, err)
	msg := err.Error()
	assert.Contains(t, msg, "could not be read whole")
	assert.NotContains(t, msg, "starting afresh")
	var de *durable.DamagedError
	assert.ErrorAs(t, err, &de)
	assert.Contains(t, msg, "board 2 kept from it")
	assert.Contains(t, msg, "board 1 without the play")
	assert.Contains(t, msg, "board 3 cannot be read and counted as not played, dealt again while the day may be played")
	assert.True(t, p.Played(1) && p.Played(2) && !p.Played(3), "boards 1 and 2 stay played")
	assert.Equal(t, 3, p.Next(8))
	aside, _ := filepath.Glob(filepath.Join(dir, Dir, DamagedDir, "*"))
	require.Len(t, aside, 1)
	kept, _ := os.ReadFile(aside[0])
	assert.Equal(t, strings.Join(lines, "\n"), string(kept), "the damaged file is kept as it was")

	// The next run reads the file written, with nothing more to say.
	p, err = d.Load()
	require.NoError(t, err)
	assert.True(t, p.Played(1) && p.Played(2) && !p.Played(3))
	assert.Empty(t, p.Results.Boards[0].Steps, "board 1 has no play")
	assert.NotEmpty(t, p.Results.Boards[1].Steps, "board 2 keeps its play")
}

// TestDamagedResultsReplayed: a board line whose result was edited but
// whose play replays keeps its play and the result the play gives (the
// stated one said to be wrong), not the stated result without the play;
// a line without play keeps its stated result, as it has nothing else;
// a line with play and a result that is no number is the play's too.
func TestDamagedResultsReplayed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		dir := t.TempDir()
		f := Open(dir)
		d := openDay(t, f, players, "Ann", "v1")
		recordFirst(t, d, 3)
		data, err := os.ReadFile(d.ResultPath())
		require.NoError(t, err)
		p, err := d.Load()
		require.NoError(t, err)
		truth := slices.Clone(p.Results.Boards)
		claim := func(br duplicate.BoardResult) string {
			if br.Result == 50 {
				return "60"
			}
			return "50" // as edited by hand: no sign
		}
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			result := regexp.MustCompile(` result \S+ `)
			switch {
			case strings.HasPrefix(l, "board 1 "):
				lines[i] = result.ReplaceAllString(l, " result what ")
			case strings.HasPrefix(l, "board 2 "):
				lines[i] = result.ReplaceAllString(l, " result "+claim(truth[1])+" ")
			case strings.HasPrefix(l, "board 3 "):
				l, _, _ = strings.Cut(l, " play ")
				lines[i] = result.ReplaceAllString(l+" ", " result "+claim(truth[2])+" ")
			}
		}
		edited := strings.Join(lines, "\n")
		require.NoError(t, os.WriteFile(d.ResultPath(), []byte(edited), 0o644))

		p, err = d.Load()
		require.Error(t, err)
		msg := err.Error()
		assert.Contains(t, msg, fmt.Sprintf(`board 1 kept with its play, which gives %s: the file's result "what" is wrong`,
			number(truth[0].Result)))
		assert.Contains(t, msg, fmt.Sprintf(`board 2 kept with its play, which gives %s: the file's result %q is wrong`,
			number(truth[1].Result), claim(truth[1])))
		assert.NotContains(t, msg, "board 2 without the play")
		require.Len(t, p.Results.Boards, 3)
		assert.Equal(t, truth[0], p.Results.Boards[0], "board 1: the play and its result")
		assert.Equal(t, truth[1], p.Results.Boards[1], "board 2: the play and its result")
		assert.Empty(t, p.Results.Boards[2].Steps, "board 3 has no play")
		assert.Equal(t, "+"+claim(truth[2]), number(p.Results.Boards[2].Result), "board 3: its result as stated, with nothing to check it by")

		// The file written holds the play and its result, and checks.
		p, err = d.Load()
		require.NoError(t, err)
		assert.Equal(t, truth[:2], p.Results.Boards[:2])
		aside, _ := filepath.Glob(filepath.Join(dir, Dir, DamagedDir, "*"))
		require.Len(t, aside, 1)
		kept, _ := os.ReadFile(aside[0])
		assert.Equal(t, edited, string(kept), "the edited file is kept as it was")
	})
}

// TestOneActionSaid: a board whose play stops after its first action
// is said in the singular, in a friend's file refused, in one's own
// file repaired and in a board in progress that goes on after it.
func TestOneActionSaid(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		_, d, data := twoBoardsPlayed(t, players)
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "board 1 ") {
				lines[i], _, _ = strings.Cut(l, ",")
			}
		}
		cut := []byte(strings.Join(lines, "\n"))
		const want = "board 1: the deal stops after 1 action, unfinished"
		_, err := Open(t.TempDir()).Import(bytes.Replace(cut, []byte("name Ann"), []byte("name Bob"), 1), "bob.txt", "Cy", "v1")
		require.Error(t, err)
		assert.Contains(t, err.Error(), want)
		require.NoError(t, os.WriteFile(d.ResultPath(), cut, 0o600))
		_, err = d.Load()
		require.Error(t, err)
		assert.Contains(t, err.Error(), want)
		// A par line read back, as the par file keeps it.
		b, _ := d.Set.Board(1)
		_, err = d.Set.LineOf(b, firstLegal(t, d.Set, 1)[:1])
		require.Error(t, err)
		assert.Contains(t, err.Error(), "board 1: the play stops after 1 action, before")
		// A board in progress whose second action no longer reads.
		d2 := openDay(t, Open(t.TempDir()), players, "Ann", "v1")
		n := d2.Set.Boards[len(d2.Set.Boards)-1].Number
		require.NoError(t, d2.SaveBoard(n, firstLegal(t, d2.Set, n)[:1]))
		path := filepath.Join(d2.Dir(), BoardName)
		good, err := os.ReadFile(path)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, []byte(strings.TrimSuffix(string(good), "\n")+", A: fly\n"), 0o600))
		p, err := d2.Load()
		require.Error(t, err)
		assert.Equal(t, n, p.Board)
		assert.Len(t, p.Steps, 1)
		assert.Contains(t, err.Error(), fmt.Sprintf("board %d goes on after its first action, the one that still replays", n))
	})
}

// TestDamagedBoardGoesOn: a board in progress whose later actions no
// longer replay goes on after those that do, written anew, the damaged
// file kept aside: the board begun is played on, not dealt again.
func TestDamagedBoardGoesOn(t *testing.T) {
	dir := t.TempDir()
	f := Open(dir)
	d := openDay(t, f, 2, "Ann", "v1")
	all := firstLegal(t, d.Set, 1)
	require.NoError(t, d.SaveBoard(1, all[:6]))
	path := filepath.Join(d.Dir(), BoardName)
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	bad := strings.TrimSuffix(string(good), "\n") + ", A: bogus\n"
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	p, err := d.Load()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "could not be read whole")
	assert.Contains(t, err.Error(), "board 1 goes on after its first 6 actions, those that still replay")
	assert.Equal(t, 1, p.Board)
	assert.Equal(t, all[:6], p.Steps)
	again, _ := os.ReadFile(path)
	assert.Equal(t, string(good), string(again), "the board is written anew")
	aside, _ := filepath.Glob(filepath.Join(dir, Dir, DamagedDir, "*"))
	require.Len(t, aside, 1)
	kept, _ := os.ReadFile(aside[0])
	assert.Equal(t, bad, string(kept))
}

// blockDamaged makes dir's damaged/ a plain file, so that no damaged
// file can be moved into it: it stays where it is.
func blockDamaged(t *testing.T, dir string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, Dir), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, Dir, DamagedDir), nil, 0o600))
}

// TestDamagedHistoryLeftAsItIs: a damaged history that cannot be moved
// aside is left as it is, as its error says: neither the day's eighth
// board, nor a line set, nor the days counted write over it.
func TestDamagedHistoryLeftAsItIs(t *testing.T) {
	dir, f, d, _ := annPlayed(t, 7)
	path := filepath.Join(dir, Dir, HistoryName)
	require.NoError(t, os.WriteFile(path, []byte("spoilt\n"), 0o600))
	blockDamaged(t, dir)

	_, err := d.Record(8, firstLegal(t, d.Set, 8))
	assert.ErrorContains(t, err, "left as it is")
	assert.ErrorContains(t, f.SetDay(duplicate.Day{Date: day1, Players: 2, Percent: 50, Field: 1, Played: 8}), "left as it is")
	assert.ErrorContains(t, f.CountDays(), "left as it is")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "spoilt\n", string(data), "the damaged history is written over")
}

// TestDamagedResultsLeftAsTheyAre: a damaged result file that cannot be
// moved aside, or that was put back because what still read of it could
// not be written, is left as it is: a board recorded writes nothing over
// it and says why; par, before the day is played out, is not written
// at all. A day played out: TestDamagedResultsGetNoPar.
func TestDamagedResultsLeftAsTheyAre(t *testing.T) {
	blocked := func(t *testing.T, dir string, f *Files) { blockDamaged(t, dir) }
	putBack := func(t *testing.T, dir string, f *Files) { f.fs = &failFirstCreate{FS: durable.OS()} }
	nothingReads := func(string) string { return "spoilt\n" }
	board1Spoilt := func(s string) string { return strings.Replace(s, "board 1 ", "board 1 what ", 1) }
	for _, c := range []struct {
		name   string
		spoil  func(string) string
		damage func(t *testing.T, dir string, f *Files)
	}{
		{"nothing reads, not moved", nothingReads, blocked},
		{"board 2 reads, not moved", board1Spoilt, blocked},
		{"board 2 reads, put back", board1Spoilt, putBack},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, f, d, data := annPlayed(t, 2)
			bad := c.spoil(string(data))
			require.NotEqual(t, string(data), bad)
			require.NoError(t, os.WriteFile(d.ResultPath(), []byte(bad), 0o600))
			c.damage(t, dir, f)

			_, err := d.Record(3, firstLegal(t, d.Set, 3))
			assert.ErrorContains(t, err, "board 3 is not recorded")
			c.damage(t, dir, f) // again: the next write fails as well
			assert.NoError(t, d.SetPar(2, 7.5), "par of a day not played out is not written")
			now, err := os.ReadFile(d.ResultPath())
			require.NoError(t, err)
			assert.Equal(t, bad, string(now), "the damaged result file is written over")
		})
	}
}

// TestDamagedResultsGetNoPar: the result file of a day played out,
// damaged after its boards and left as it is (not moved aside, or put
// back), is not written over by par set on a board kept from it: SetPar
// says why.
func TestDamagedResultsGetNoPar(t *testing.T) {
	blocked := func(t *testing.T, dir string, f *Files) { blockDamaged(t, dir) }
	putBack := func(t *testing.T, dir string, f *Files) { f.fs = &failFirstCreate{FS: durable.OS()} }
	for name, damage := range map[string]func(t *testing.T, dir string, f *Files){"not moved": blocked, "put back": putBack} {
		t.Run(name, func(t *testing.T) {
			dir, f, d, data := annPlayed(t, 8)
			bad := string(data) + "spoilt\n"
			require.NoError(t, os.WriteFile(d.ResultPath(), []byte(bad), 0o600))
			damage(t, dir, f)
			assert.ErrorContains(t, d.SetPar(2, 7.5), "par of board 2 is not kept")
			now, err := os.ReadFile(d.ResultPath())
			require.NoError(t, err)
			assert.Equal(t, bad, string(now), "the damaged result file is written over")
		})
	}
}

// failFirstCreate is the real file system but for its first temporary
// file, which cannot be made (a full disk, for a moment).
type failFirstCreate struct {
	durable.FS
	failed bool
}

func (f *failFirstCreate) CreateTemp(dir, pattern string) (durable.File, error) {
	if !f.failed {
		f.failed = true
		return nil, testkit.ErrInjected
	}
	return f.FS.CreateTemp(dir, pattern)
}

// TestImportKeepsAnUnreadableFile: an earlier file of the same name that
// cannot be read (its permissions, a failing disk) is kept aside as any
// earlier file is, never written over.
func TestImportKeepsAnUnreadableFile(t *testing.T) {
	f := Open(t.TempDir())
	data := resultFile(t, Open(t.TempDir()), 2, "Bob", 8)
	im, err := f.Import(data, "bob.txt", "Ann", "v1")
	require.NoError(t, err)
	stored, err := os.ReadFile(im.Path)
	require.NoError(t, err)
	earlier := "the earlier file\n"
	require.NoError(t, os.WriteFile(im.Path, []byte(earlier), 0o600))
	f.fs = unreadable{FS: durable.OS(), path: im.Path}

	im, err = f.Import(data, "bob.txt", "Ann", "v1")
	require.NoError(t, err)
	assert.True(t, im.Replaced, "the earlier file is replaced")
	assert.Empty(t, im.ReplacedName, "the name in a file not read")
	kept, err := os.ReadFile(im.Aside)
	require.NoError(t, err, "the earlier file kept aside")
	assert.Equal(t, earlier, string(kept))
	now, err := os.ReadFile(im.Path)
	require.NoError(t, err)
	assert.Equal(t, string(stored), string(now), "the friend's file stored")
}

// unreadable is the real file system but for the file at path, which
// exists and cannot be read.
type unreadable struct {
	durable.FS
	path string
}

func (u unreadable) ReadFile(name string) ([]byte, error) {
	if name == u.path {
		return nil, os.ErrPermission
	}
	return u.FS.ReadFile(name)
}

// parLines works out the hard bot's lines of boards 1 to n of d with
// the cheap bots.
func parLines(t *testing.T, d *Day, n int) []duplicate.ParLine {
	t.Helper()
	var out []duplicate.ParLine
	for i := 1; i <= n; i++ {
		b, _ := d.Set.Board(i)
		l, err := d.Set.ParLine(context.Background(), b, testkit.CheapBots)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

// TestParLinesKept: the hard bot's line of a board played is kept in
// the day's par file and read back, the next run, as it was worked out
// (deal and par); the line of a board not played is not written until
// the board is; a run of another version reads none and writes its own.
// At every seat count.
func TestParLinesKept(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		d := openDay(t, Open(dir), n, "Ann", "v1")
		lines := parLines(t, d, 3)
		recordFirst(t, d, 2)
		for _, l := range lines {
			if err := d.SetParLine(l); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(d.Dir(), ParLinesName)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "\nboard 2 play ") || strings.Contains(string(data), "board 3") {
			t.Fatalf("the par file of boards 1 and 2 played:\n%s", data)
		}
		if _, err := d.Record(3, firstLegal(t, d.Set, 3)); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(path); !strings.Contains(string(data), "\nboard 3 play ") {
			t.Fatalf("board 3 recorded, its line known, not kept:\n%s", data)
		}

		again := openDay(t, Open(dir), n, "Ann", "v1")
		for _, l := range lines {
			got, ok, err := again.KeptLine(l.Board)
			if !ok || err != nil {
				t.Fatalf("board %d: kept %v, %v", l.Board, ok, err)
			}
			if !reflect.DeepEqual(got, l) {
				t.Errorf("board %d read back:\n%+v\nworked out:\n%+v", l.Board, got, l)
			}
		}
		if _, ok, _ := again.KeptLine(4); ok {
			t.Error("board 4, never worked out, has a line")
		}

		next := openDay(t, Open(dir), n, "Ann", "v2")
		if _, ok, err := next.KeptLine(1); ok || err != nil {
			t.Fatalf("another version's line is kept: %v, %v", ok, err)
		}
		if err := next.SetParLine(lines[0]); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(path); !strings.HasPrefix(string(data), parMagic+"\nversion v2\n") {
			t.Fatalf("the par file of version v2:\n%s", data)
		}
		if _, ok, err := again.KeptLine(1); !ok || err != nil {
			t.Errorf("a line read stays known for the run: %v, %v", ok, err)
		}
	})
}

// TestParLinesDamaged: a par file that does not read (changed, cut
// short, of other boards, a play that does not replay to its end,
// not a par file) is never trusted: it is moved into damaged/, the
// error says so once, and the line worked out again is written in its
// place. One that cannot be moved aside is never written over.
func TestParLinesDamaged(t *testing.T) {
	dir := t.TempDir()
	f := Open(dir)
	d := openDay(t, f, 3, "Ann", "v1")
	lines := parLines(t, d, 1)
	recordFirst(t, d, 1)
	if err := d.SetParLine(lines[0]); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(d.Dir(), ParLinesName)
	good, _ := os.ReadFile(path)
	f.TakeMoved()
	text := string(good)
	body := text[:strings.Index(text, "sum ")]
	play := strings.Split(body, "\n")[3]
	short := play[:strings.LastIndex(play, ",")]
	other, _ := f.Day(day1.AddDays(1), 3, "Ann", "v1")
	for _, c := range []struct{ name, data, why string }{
		// Still a play of the board, but not the one written.
		{"changed", strings.Replace(text, ", ", ",  ", 1), "the sum is not the lines'"},
		{"cut short", body, "no sum at its end"},
		{"not a par file", "hello\n", "not a par file"},
		{"other boards", sum(strings.Replace(body, "set "+d.Set.ID, "set "+other.Set.ID, 1)), "want set " + d.Set.ID},
		{"a play stopped", sum(strings.Replace(body, play, short, 1)), "before the deal's end"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(path, []byte(c.data), 0o600); err != nil {
				t.Fatal(err)
			}
			run := openDay(t, f, 3, "Ann", "v1")
			_, ok, err := run.KeptLine(1)
			var de *durable.DamagedError
			if ok || !errors.As(err, &de) || de.Aside == "" || !strings.Contains(err.Error(), c.why) ||
				!strings.Contains(err.Error(), "the hard bot's lines of 2026-12-01 at 3 players") {
				t.Fatalf("kept %v: %v", ok, err)
			}
			if aside, _ := os.ReadFile(de.Aside); string(aside) != c.data {
				t.Errorf("moved aside:\n%s\nwant:\n%s", aside, c.data)
			}
			if _, _, err := run.KeptLine(1); err != nil {
				t.Errorf("said twice: %v", err)
			}
			if moved := f.TakeMoved(); len(moved) != 1 {
				t.Errorf("moved: %v", moved)
			}
			if err := run.SetParLine(lines[0]); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); string(data) != string(good) {
				t.Errorf("written again:\n%s\nwant:\n%s", data, good)
			}
		})
	}

	// damaged/ is a file: the par file cannot be moved aside, and stays.
	if err := os.RemoveAll(filepath.Join(dir, Dir, DamagedDir)); err != nil {
		t.Fatal(err)
	}
	blockDamaged(t, dir)
	bad := strings.Replace(text, "play ", "play X", 1)
	if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	run := openDay(t, f, 3, "Ann", "v1")
	if _, ok, err := run.KeptLine(1); ok || !strings.Contains(fmt.Sprint(err), "could not be moved aside") {
		t.Fatalf("kept %v: %v", ok, err)
	}
	if err := run.SetParLine(lines[0]); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != bad {
		t.Errorf("a damaged par file not moved aside was written over:\n%s", data)
	}
}

// sum ends body, a par file's lines, with their sum.
func sum(body string) string { return body + "sum " + parSum(body) + "\n" }

// FuzzParFile: any par file is read (lines that replay each board to
// its end, written back the same) or refused without a panic.
func FuzzParFile(f *testing.F) {
	d := openDay(f, Open(f.TempDir()), 2, "Ann", "v1")
	b, _ := d.Set.Board(1)
	l, err := d.Set.LineOf(b, firstLegalF(f, d.Set, 1))
	if err != nil {
		f.Fatal(err)
	}
	good := string(parText(d, map[int]duplicate.ParLine{1: l}, []int{1}))
	f.Add([]byte(good))
	f.Add([]byte(strings.Replace(good, "version v1", "version v2", 1)))
	f.Add([]byte(good[:len(good)/2]))
	f.Add([]byte(parMagic + "\nversion v1\nset x\nsum 00\n"))
	f.Add([]byte("klob-daily-par 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines, mine, err := d.parseLines(data)
		if err != nil || !mine {
			return
		}
		keep := slices.Sorted(maps.Keys(lines))
		for _, n := range keep {
			b, _ := d.Set.Board(n)
			l := lines[n]
			if back, err := d.Set.LineOf(b, l.Deal.Steps()); err != nil || !reflect.DeepEqual(back, l) {
				t.Fatalf("%q: board %d read as a line that does not replay (%v)", data, n, err)
			}
		}
		again, _, err := d.parseLines(parText(d, lines, keep))
		if err != nil || !reflect.DeepEqual(again, lines) {
			t.Fatalf("%q: written back, read %v (%v)", data, again, err)
		}
	})
}

// firstLegalF is firstLegal for a fuzz target's setup.
func firstLegalF(f *testing.F, set *duplicate.BoardSet, n int) []rules.Step {
	b, _ := set.Board(n)
	d := b.Deal(set.Options)
	for s := d.Turn(); s != rules.NoSeat; s = d.Turn() {
		legal := d.Legal()
		if err := d.ApplyAs(s, legal[0]); err != nil {
			f.Fatal(err)
		}
	}
	return d.Steps()
}

// TestDamagedResultsRecounted: a day played out whose result file is
// then cut short is rebuilt from the boards that still read, and its
// history line counts those boards, as the day's screen and its export
// do, not the eight it counted before; the notice says so.
func TestDamagedResultsRecounted(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		f := Open(t.TempDir())
		d := openDay(t, f, players, "Ann", "v1")
		recordFirst(t, d, 8)
		for n := 1; n <= 8; n++ {
			require.NoError(t, d.SetPar(n, float64(10*n)))
		}
		require.NoError(t, d.Recount())
		h, err := f.History()
		require.NoError(t, err)
		require.Len(t, h.Days, 1)
		require.Equal(t, 8, h.Days[0].Played)

		data, err := os.ReadFile(d.ResultPath())
		require.NoError(t, err)
		at := strings.Index(string(data), "board 3 ")
		require.Positive(t, at)
		cut := data[:at+len("board 3 result ")+2] // mid-line, no end
		require.NoError(t, os.WriteFile(d.ResultPath(), cut, 0o644))

		p, err := d.Load()
		require.Error(t, err)
		kept := len(p.Results.Boards)
		require.Equal(t, 2, kept, "boards 1 and 2 read")
		assert.Contains(t, err.Error(), "the history counts the day's 2 boards kept, no longer 8")

		h, err = f.History()
		require.NoError(t, err)
		require.Len(t, h.Days, 1)
		got := h.Days[0]
		vs, _ := duplicate.VersusPar(p.Results.Boards)
		assert.Equal(t, kept, got.Played, "the history counts the boards kept")
		// The day is no longer played out: par is left out until it is
		// again, in the file and in the history alike.
		assert.False(t, got.HasPar)
		assert.Equal(t, vs, got.VersusPar)
		rf, err := d.Results()
		require.NoError(t, err, "the file written reads")
		assert.Len(t, rf.Boards, got.Played, "the history and the result file agree")
	})
}
