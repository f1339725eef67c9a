package daily

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

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
