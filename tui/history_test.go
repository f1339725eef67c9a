package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
)

// historyDir builds a state directory: three games of a person against
// the bot, one of two bots, a file that does not read, and a game in
// progress.
func historyDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	hist := filepath.Join(dir, store.HistoryDir)
	if err := os.MkdirAll(hist, 0o755); err != nil {
		t.Fatal(err)
	}
	put := func(path, src string, players, levels [4]string) {
		l, err := gamelog.ReadFile(filepath.Join(replayGames, src))
		if err != nil {
			t.Fatal(err)
		}
		l.Header.Players, l.Header.Levels = players, levels
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	you := func(lv string) [4]string { return [4]string{gamelog.Human, lv} }
	put(filepath.Join(hist, "2026-01-05-1200-vs-Bot-easy-won.klob"), "05-target-not-500.klob", [4]string{"Tester", "Bot"}, you("easy"))
	put(filepath.Join(hist, "2026-01-09-1200-vs-Bot-normal-won.klob"), "09-tie.klob", [4]string{"Tester", "Bot"}, you("normal"))
	put(filepath.Join(hist, "2026-01-10-1200-vs-Bot-hard-won.klob"), "10-both-over-the-target.klob", [4]string{"Tester", "Bot"}, you("hard"))
	put(filepath.Join(hist, "2026-01-11-1200-Easy-vs-Hard-B-won.klob"), "06-sequences-decided-by-top-card.klob", [4]string{"Easy", "Hard"}, [4]string{"easy", "hard"})
	b, err := os.ReadFile(filepath.Join(replayGames, "broken", "wrong-total.klob"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hist, "2026-01-12-1200-vs-Bot-normal-lost.klob"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	put(filepath.Join(dir, store.CurrentName), "saves/in-play.klob", [4]string{"Tester", "Bot"}, you("normal"))
	return dir
}

// historyScreenText is the screen with the temporary directory written
// as $STATE, so that goldens do not depend on it.
func historyScreenText(hs *harness, dir string) string {
	return trimRight(strings.ReplaceAll(hs.screen(), dir, "$STATE"))
}

func newHistoryHarness(t *testing.T, src HistorySource, w, h int) *harness {
	t.Helper()
	hs := &harness{tb: t, app: NewHistory(src, ReplayConfig{Analyze: fakeAnalyze})}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

func TestHistoryGolden(t *testing.T) {
	dir := historyDir(t)
	hs := newHistoryHarness(t, store.New(dir, store.Options{}), 80, 24)
	if hs.name() != "history" {
		t.Fatalf("first screen %s, want history", hs.name())
	}
	golden(t, "history-list-80x24", historyScreenText(hs, dir))
	// The unreadable file: enter says why, file:line.
	hs.press("down")
	hs.press("enter")
	golden(t, "history-unreadable-80x24", historyScreenText(hs, dir))
	if hs.name() != "history" {
		t.Fatalf("an unreadable game opened: screen %s", hs.name())
	}
	// The next one opens in the viewer; esc comes back to the list,
	// the cursor where it was.
	hs.press("down", "enter")
	if hs.name() != "replay" {
		t.Fatalf("enter on a game: screen %s, want replay", hs.name())
	}
	hs.press("n", "n", "n", "right")
	golden(t, "history-open-80x24", historyScreenText(hs, dir))
	hs.press("esc")
	if hs.name() != "history" {
		t.Fatalf("esc in the viewer: screen %s, want history", hs.name())
	}
	if s := hs.app.screen.(*historyScreen); s.cursor != 2 {
		t.Errorf("back in the list: cursor %d, want 2", s.cursor)
	}
	golden(t, "history-back-100x30", func() string {
		hs.send(tea.WindowSizeMsg{Width: 100, Height: 30})
		return historyScreenText(hs, dir)
	}())
	// The game in progress opens too.
	hs.press("up", "up", "up", "enter")
	if hs.name() != "replay" || !strings.Contains(hs.screen(), "· current.klob") {
		t.Errorf("the game in progress did not open:\n%s", hs.screen())
	}
}

// emptySource has no game at all.
type emptySource struct{}

func (emptySource) Dir() string                     { return "/state/klob" }
func (emptySource) CurrentPath() string             { return "/nonexistent/klob/current.klob" }
func (emptySource) History() ([]store.Entry, error) { return nil, nil }

func TestHistoryEmpty(t *testing.T) {
	hs := newHistoryHarness(t, emptySource{}, 80, 24)
	golden(t, "history-empty-80x24", trimRight(hs.screen()))
	hs.press("down", "up", "enter", "esc")
	if hs.name() != "history" {
		t.Errorf("keys on an empty list: screen %s", hs.name())
	}
}

// failingSource cannot list its history.
type failingSource struct{}

func (failingSource) Dir() string                     { return "/state/klob" }
func (failingSource) CurrentPath() string             { return "/state/klob/current.klob" }
func (failingSource) History() ([]store.Entry, error) { return nil, errors.New("permission denied") }

func TestHistoryError(t *testing.T) {
	hs := newHistoryHarness(t, failingSource{}, 80, 24)
	golden(t, "history-error-80x24", trimRight(hs.screen()))
}

// TestHistoryLoading: before the list is read the screen says so; the
// reading is a command, not done in Update.
func TestHistoryLoading(t *testing.T) {
	s := newHistoryScreen(failingSource{}, ReplayConfig{})
	ctx := kit.NewContext(false)
	if !strings.Contains(s.View(&ctx), "Reading the saved games") {
		t.Errorf("before loading:\n%s", s.View(&ctx))
	}
	next, cmd := s.Update(&ctx, keyMsg("enter"))
	if next != s || cmd != nil {
		t.Errorf("enter before the list is read: %v, %v", next, cmd)
	}
	if cmd := s.Enter(&ctx); cmd == nil {
		t.Fatalf("Enter starts no command")
	}
}

// TestHistoryAbandonedAndTakebacks: a game filed unfinished is
// "abandoned", one still saved is "playing", takebacks are shown, and
// the record counts finished and abandoned games apart.
func TestHistoryAbandonedAndTakebacks(t *testing.T) {
	s := &historyScreen{}
	ctx := kit.NewContext(false)
	h := gamelog.Header{Players: [4]string{"Ann", "Bot"}, Levels: [4]string{gamelog.Human, "hard"},
		Extra: []gamelog.Tag{{Name: session.TakebacksTag, Value: "2"}}}
	row := historyRow{path: "x.klob", entry: store.Entry{Header: h, Deals: 3, Winner: -1}}
	if got := s.rowLine(&ctx, &row, 77); !strings.Contains(got, "abandoned, takebacks 2") {
		t.Errorf("an abandoned game with takebacks: %q", got)
	}
	row.current = true
	if got := s.rowLine(&ctx, &row, 77); !strings.Contains(got, "playing") {
		t.Errorf("the game in progress: %q", got)
	}
	row.current, row.entry.Over, row.entry.Winner = false, true, 0
	row.entry.Header.Extra = nil
	if got := s.rowLine(&ctx, &row, 77); !strings.HasSuffix(strings.TrimSpace(got), "won") {
		t.Errorf("a finished game without takebacks: %q", got)
	}
	s.record.Games, s.record.Finished, s.record.Won = 5, 3, 2
	if got := s.recordLines(&ctx)[0][1]; got != "3 games finished, 2 won; 2 abandoned" {
		t.Errorf("record: %q", got)
	}
}

// TestHistoryQuitsAtOnce: q on the read-only list quits with no
// question.
func TestHistoryQuitsAtOnce(t *testing.T) {
	dir := historyDir(t)
	hs := startHarness(t, NewHistory(store.New(dir, store.Options{}), ReplayConfig{}), 80, 24)
	hs.press("q")
	if !hs.quit || strings.Contains(hs.screen(), "Quit Klob?") {
		t.Errorf("q on the history list: quit %v, screen:\n%s", hs.quit, hs.screen())
	}
}
