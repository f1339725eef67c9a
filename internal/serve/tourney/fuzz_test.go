package tourney

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/clubdb"
)

// fuzzSets are the daily board sets of one day at two, three and four
// players, for FuzzParseParLines.
func fuzzSets(f *testing.F) [3]*duplicate.BoardSet {
	var sets [3]*duplicate.BoardSet
	for i := range sets {
		set, err := duplicate.Daily(duplicate.Date{Year: 2026, Month: 12, Day: 1}, i+2)
		if err != nil {
			f.Fatal(err)
		}
		sets[i] = set
	}
	return sets
}

// formatParLines writes lines as writeParLines does.
func formatParLines(lines map[int]duplicate.ParLine) string {
	var b strings.Builder
	b.WriteString(parMagic + "\n")
	for _, n := range slices.Sorted(maps.Keys(lines)) {
		l := lines[n]
		fmt.Fprintf(&b, "board %d par %s play %s\n", n, strconv.FormatFloat(l.Par, 'f', -1, 64), duplicate.FormatSteps(l.Deal.Steps()))
	}
	return b.String()
}

// FuzzParseParLines reads a par file against the daily set of
// 2+players%3 players: no input panics, and a file that reads writes
// back as writeParLines does and reads again as the same lines, each a
// deal played out to its par. The seeds are files of the first two
// boards played out with the first legal action, at each seat count.
func FuzzParseParLines(f *testing.F) {
	sets := fuzzSets(f)
	for i, set := range sets {
		lines := map[int]duplicate.ParLine{}
		for _, b := range set.Boards[:2] {
			d := b.Deal(set.Options)
			for !d.Over() {
				if err := d.Apply(d.Legal()[0]); err != nil {
					f.Fatal(err)
				}
			}
			lines[b.Number] = duplicate.ParLine{Board: b.Number, Deal: d, Par: duplicate.Result(&d, set.Seat)}
		}
		text := formatParLines(lines)
		f.Add(byte(i), text)
		f.Add(byte(i+1), text) // the same play at another seat count
		f.Add(byte(i), strings.Replace(text, " par ", " par 1", 1))
	}
	f.Add(byte(0), parMagic+"\nboard 0 par 0 play A: pass\n")
	f.Fuzz(func(t *testing.T, players byte, data string) {
		set := sets[players%3]
		lines, err := parseParLines([]byte(data), set)
		if err != nil {
			return
		}
		for n, l := range lines {
			if _, ok := set.Board(n); !ok || l.Board != n || !l.Deal.Over() || duplicate.Result(&l.Deal, set.Seat) != l.Par {
				t.Fatalf("board %d: line %+v read", n, l)
			}
		}
		again, err := parseParLines([]byte(formatParLines(lines)), set)
		if err != nil {
			t.Fatalf("written back, the lines do not read: %v", err)
		}
		if len(again) != len(lines) {
			t.Fatalf("%d lines read, %d after writing back", len(lines), len(again))
		}
		for n, l := range lines {
			if a := again[n]; a.Par != l.Par || !slices.Equal(a.Deal.Steps(), l.Deal.Steps()) {
				t.Fatalf("board %d: %v %v, after writing back %v %v", n, l.Par, l.Deal.Steps(), a.Par, a.Deal.Steps())
			}
		}
	})
}

// safeName reports whether s can name one directory under another:
// no separator, not "." or "..", no dot, no space.
func safeName(s string) bool {
	return s != "" && filepath.Base(s) == s && !strings.ContainsAny(s, "/\\. \x00")
}

// FuzzCodes: parseDailyCode reads exactly what DailyCode writes (a
// real day, two to four players); validCode takes a daily's code or
// six of hall.CodeLetters, each typed as NormalCode leaves it and fit
// to name a directory; validKey takes 1 to clubdb.MaxKey hex digits.
func FuzzCodes(f *testing.F) {
	for _, s := range []string{"DAILY-2026-12-01-2P", "DAILY-2026-02-30-3P", "DAILY-2026-12-01-5P", "DAILY-0000-01-01-4P",
		"daily-2026-12-01-2p", "ABCDEF", "ABCDEI", "abcdef", "../../x", "0123abcdEF", "0123abcdefg", "", "DAILY-2026-1-1-2P"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		date, players, daily := ParseDailyCode(code)
		if daily {
			if players < 2 || players > 4 || DailyCode(date, players) != code {
				t.Fatalf("ParseDailyCode(%q) = %v, %d: written back %q", code, date, players, DailyCode(date, players))
			}
			if d, err := duplicate.ParseDate(date.String()); err != nil || d != date {
				t.Fatalf("ParseDailyCode(%q): %v is no day (%v)", code, date, err)
			}
		}
		if validCode(code) {
			letters := len(code) == codeLen && strings.Trim(code, hall.CodeLetters) == ""
			if !daily && !letters || NormalCode(code) != code || !safeName(code) {
				t.Fatalf("validCode(%q)", code)
			}
		}
		if validKey(code) {
			if len(code) > clubdb.MaxKey || strings.Trim(code, "0123456789abcdefABCDEF") != "" || !safeName(code) {
				t.Fatalf("validKey(%q)", code)
			}
		}
	})
}
