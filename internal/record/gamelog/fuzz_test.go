package gamelog_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
)

// addGames seeds f with the test games matching each of the patterns
// (relative to gamesDir).
func addGames(f *testing.F, patterns ...string) {
	for _, pat := range patterns {
		files, _ := filepath.Glob(filepath.Join(gamesDir, pat))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
}

// FuzzParse: the reader never panics and fails only with an *Error, and
// any log it accepts re-serialises, reads back to the same Log, and
// re-serialises to the same text again.
func FuzzParse(f *testing.F) {
	addGames(f, "saves/*.klob", "broken/*.klob", "05-*.klob", "tables/3-01-*.klob", "tables/4-14-*.klob", "tables/saves/*.klob", "older/*.klob")
	f.Add([]byte("[Klob \"1\"]\n"))
	f.Add([]byte(""))
	for _, b := range claimSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := gamelog.Parse("fuzz.klob", data)
		if err != nil {
			var e *gamelog.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not a *gamelog.Error", err, err)
			}
			if errors.Is(err, gamelog.ErrInternal) {
				t.Fatalf("reader failed inside: %v", err)
			}
			return
		}
		out, err := l.MarshalText()
		if err != nil {
			t.Fatalf("an accepted log does not write: %v", err)
		}
		l2, err := gamelog.Parse("again.klob", out)
		if err != nil {
			t.Fatalf("the written log does not read: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(l, l2) {
			t.Fatalf("the written log reads back to another Log")
		}
		out2, err := l2.MarshalText()
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("not stable: %v\n%s\n---\n%s", err, out, out2)
		}
	})
}

// FuzzParseReplay: a log the reader accepts always replays: every deal
// can be rebuilt at every step, each deal starts from the totals the
// previous one ended with, the end totals are the last deal's, and a game
// is over exactly when it has a winner. The seeds are games and saves
// at two, three and four players.
func FuzzParseReplay(f *testing.F) {
	addGames(f, "saves/*.klob", "0*.klob", "1*.klob", "tables/*.klob", "tables/saves/*.klob")
	for _, b := range claimSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := gamelog.Parse("fuzz.klob", data)
		if err != nil {
			return
		}
		r, err := l.Replay()
		if err != nil {
			t.Fatalf("an accepted log does not replay: %v", err)
		}
		if len(r.Deals) != len(l.Deals) {
			t.Fatalf("%d deals replayed of %d", len(r.Deals), len(l.Deals))
		}
		var before [4]int
		for i := range r.Deals {
			d := &r.Deals[i]
			if d.Before != before {
				t.Fatalf("deal %d starts at %v, the previous ended at %v", d.No, d.Before, before)
			}
			for n := 0; n <= len(d.Steps); n++ {
				deal := d.At(n)
				if n < len(d.Steps) && deal.Over() {
					t.Fatalf("deal %d is over after %d of its %d steps", d.No, n, len(d.Steps))
				}
			}
			if end := d.At(len(d.Steps)); d.Done != end.Over() {
				t.Fatalf("deal %d: Done %v, but the rebuilt deal says over %v", d.No, d.Done, end.Over())
			}
			before = d.After
		}
		if r.Totals != before {
			t.Fatalf("end totals %v, the last deal ended at %v", r.Totals, before)
		}
		if r.Over != (r.Winner >= 0) {
			t.Fatalf("over %v with winner %v", r.Over, r.Winner)
		}
	})
}

// FuzzReadHead: the lenient head reader never panics, and on a log that
// parses it reads the same extra tags as the parser.
func FuzzReadHead(f *testing.F) {
	addGames(f, "saves/*.klob", "broken/*.klob", "tables/saves/*.klob")
	f.Add([]byte("[KeyA \"a\"]\n[KeyB \"b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h := gamelog.ReadHead(data)
		if l, err := gamelog.Parse("fuzz.klob", data); err == nil && !reflect.DeepEqual(h.Extra, l.Header.Extra) {
			t.Fatalf("ReadHead's tags %v, the parser's %v", h.Extra, l.Header.Extra)
		}
	})
}
