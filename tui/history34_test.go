package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// TestHistoryTables: the history lists games of three and four with
// their seat count, the others at the table and the score by side; the
// record gives each seat count its own line; enter opens such a game in
// the replay of tables, esc comes back.
func TestHistoryTables(t *testing.T) {
	dir := t.TempDir()
	hist := filepath.Join(dir, store.HistoryDir)
	if err := os.MkdirAll(hist, 0o755); err != nil {
		t.Fatal(err)
	}
	put := func(name, src string, human rules.Seat) {
		l, err := gamelog.ReadFile(filepath.Join("..", "testdata", "games", src))
		if err != nil {
			t.Fatal(err)
		}
		for s := range rules.Seat(l.Header.Seats()) {
			lv := l.Header.Level(s)
			if s == human {
				lv = gamelog.Human
			} else if lv == gamelog.Human {
				lv = "normal"
			}
			l.Header.SetPlayer(s, l.Header.Name(s), lv)
		}
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(hist, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("2026-01-05-1200-two.klob", "05-target-not-500.klob", rules.SeatA)
	put("2026-01-06-1200-three.klob", "tables/3-01-every-house-variant.klob", rules.SeatB)
	put("2026-01-07-1200-four.klob", "tables/4-02-every-house-variant.klob", rules.SeatA)
	hs := newHistoryHarness(t, store.New(dir, store.Options{}), 100, 30)
	s := historyScreenText(hs, dir)
	golden(t, "history-tables-100x30", s)
	for _, want := range []string{"Three players:", "Four players:", "3 players:", "4 players: "} {
		if !strings.Contains(s, want) {
			t.Errorf("the history lacks %q:\n%s", want, s)
		}
	}
	// The newest first: the four-handed game.
	hs.press("enter")
	if _, ok := hs.app.screen.(*replay34); !ok {
		t.Fatalf("enter on a four-handed game: screen %T, want the replay of tables", hs.app.screen)
	}
	hs.press("esc")
	if hs.name() != "history" {
		t.Errorf("esc in the replay: screen %s, want the history", hs.name())
	}
}
