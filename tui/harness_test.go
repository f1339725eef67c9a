package tui

import (
	"fmt"
	"image/color"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	tablescreen "github.com/klob/klob/tui/table"
)

// memStore is a Store in memory.
type memStore struct {
	mu       sync.Mutex
	current  *gamelog.Log
	archived []*gamelog.Log
	saves    int
	saveErr  error
	loadErr  error
	fileErr  error // Archive fails with it when set
}

func (s *memStore) SaveCurrent(l *gamelog.Log) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.saveErr != nil {
		return s.saveErr
	}
	s.saves++
	s.current = l
	return nil
}

func (s *memStore) HasCurrent() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.current != nil
}

func (s *memStore) LoadCurrent() (*gamelog.Log, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.loadErr != nil {
		return nil, s.loadErr
	}
	if s.current == nil {
		return nil, store.ErrNoSave
	}
	return s.current, nil
}

func (s *memStore) Archive(l *gamelog.Log) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fileErr != nil {
		return "", s.fileErr
	}
	s.archived = append(s.archived, l)
	s.current = nil
	return fmt.Sprintf("/state/klob/history/game-%d.klob", len(s.archived)), nil
}

// randomBots makes every level a seeded random bot: the model tests do
// not depend on how well a bot plays.
func randomBots(level ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }

// testConfig is a game with a fixed seed, clock and player, the bot
// moving at once, the table refreshed by the harness once the game
// rests.
func testConfig(seed uint64, st Store) PlayConfig {
	t0 := time.Date(2026, 11, 29, 14, 31, 0, 0, time.UTC)
	return PlayConfig{
		Setup:  Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: seed},
		Store:  st,
		NewBot: randomBots,
		Now:    func() time.Time { return t0 },
		Clock:  clocktest.New(t0),
		Player: "Tester",
		Manual: true,
	}
}

// harness drives an App the way the program does, but synchronously:
// each command runs at once and its message goes back into Update.
// Commands held back (Hold) let a test look at the screen while, say,
// an evaluation is still running; release runs them.
type harness struct {
	tb     testing.TB
	app    *App
	quit   bool
	budget int // messages left before a runaway
	kittest.Held
}

func newHarness(tb testing.TB, cfg PlayConfig, w, h int) *harness {
	tb.Helper()
	return startHarness(tb, NewPlay(cfg), w, h)
}

// startHarness sizes app's window and runs its Init.
func startHarness(tb testing.TB, app *App, w, h int) *harness {
	hs := &harness{tb: tb, app: app, budget: 1_000_000}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

// release runs the commands held back.
func (hs *harness) release() { hs.Release(hs.run) }

// run executes cmd and every command that follows from it.
func (hs *harness) run(cmd tea.Cmd) {
	if hs.Keep(cmd) {
		return
	}
	kittest.Run(hs.tb, &hs.budget, cmd, func(msg tea.Msg) tea.Cmd {
		_, next := hs.app.Update(msg)
		return next
	}, func(msg tea.Msg) bool {
		_, ok := msg.(tea.QuitMsg)
		hs.quit = hs.quit || ok
		return ok
	})
}

func (hs *harness) send(msg tea.Msg) {
	_, cmd := hs.app.Update(msg)
	hs.run(cmd)
	hs.settle()
}

// press sends keys: "enter", "space", "left", or single characters.
func (hs *harness) press(keys ...string) {
	for _, k := range keys {
		hs.send(kittest.Key(k))
	}
}

// screen is the App's text without styles.
func (hs *harness) screen() string { return ansi.Strip(hs.app.render()) }

func (hs *harness) name() string { return hs.app.ScreenName() }

// helpText presses ? and returns the help it opens, its words spaced
// by one; it fails the test when ? opens no help.
func (hs *harness) helpText() string {
	hs.tb.Helper()
	hs.press("?")
	h, ok := hs.app.overlay.(*kit.HelpView)
	if !ok {
		hs.tb.Fatalf("? opened no help on %s", hs.name())
	}
	return kittest.Flat(ansi.Strip(strings.Join(h.Lines(&hs.app.ctx), " ")))
}

// game is the game on screen as its table shows it, nil when no table
// is on screen.
func (hs *harness) game() *host.Snapshot {
	if m := seatedOf(hs.app.screen); m != nil {
		s := m.port.Snapshot()
		return &s
	}
	return nil
}

// settle lets the game on screen rest (its bots move, its saves land)
// and shows it: klob play's tests run its table Manual.
func (hs *harness) settle() {
	m := seatedOf(hs.app.screen)
	if m == nil {
		return
	}
	kittest.WaitRest(hs.tb, m.port, nil, guard)
	_, cmd := hs.app.Update(tablescreen.Refresh{})
	hs.run(cmd)
}

// golden compares the screen with testdata/name.golden (rewritten with
// -update).
func golden(tb testing.TB, name, got string) {
	tb.Helper()
	kittest.Golden(tb, name, got)
}

// damaged is the error the store gives for a save it cannot read.
func damaged() error {
	return &store.DamagedError{
		Path:  "/state/klob/current.klob",
		Aside: "/state/klob/damaged/current-1.klob",
		Err:   &gamelog.Error{File: "current.klob", Line: 3, Col: 1, Msg: "bad tag", Err: gamelog.ErrSyntax},
	}
}

// bgMsg is the terminal's answer about its background.
func bgMsg(dark bool) tea.BackgroundColorMsg {
	if dark {
		return tea.BackgroundColorMsg{Color: color.Black}
	}
	return tea.BackgroundColorMsg{Color: color.White}
}

// emptySource has no saved game at all.
type emptySource struct{}

func (emptySource) Dir() string                     { return "/state/klob" }
func (emptySource) CurrentPath() string             { return "/nonexistent/klob/current.klob" }
func (emptySource) History() ([]store.Entry, error) { return nil, nil }

// toGameOver presses enter until the game's end shows, at most 3000
// keys; take makes the person take at every other key that finds their
// round-one bid, so that deals are played rather than thrown in.
func (hs *harness) toGameOver(take bool) {
	for i := 0; i < 3000 && !strings.Contains(hs.screen(), "Game over"); i++ {
		if g := hs.game(); take && g != nil && g.Can.Act && g.View.Phase == rules.PhaseBid1 && i%2 == 0 {
			hs.press("t")
			continue
		}
		hs.press("enter")
	}
}
