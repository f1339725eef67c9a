package tui

import (
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	tablescreen "github.com/klob/klob/tui/table"
)

// The golden screens are rewritten with -update. The teatest package
// (imported by this package's tests) defines that flag through its golden
// package; define it only when nothing has.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden screens in testdata")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// memStore is a Store in memory.
type memStore struct {
	mu       sync.Mutex
	current  *gamelog.Log
	archived []*gamelog.Log
	saves    int
	saveErr  error
	loadErr  error
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
func testConfig(seed uint64, st session.Store) PlayConfig {
	t0 := time.Date(2026, 11, 29, 14, 31, 0, 0, time.UTC)
	return PlayConfig{
		Setup:  Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: seed},
		Store:  st,
		NewBot: randomBots,
		Now:    func() time.Time { return t0 },
		Clock:  host.NewManualClock(t0),
		Player: "Tester",
		Manual: true,
	}
}

// harness drives an App the way the program does, but synchronously:
// each command runs at once and its message goes back into Update.
// Commands held back (hold) let a test look at the screen while, say,
// an evaluation is still running; release runs them.
type harness struct {
	tb   testing.TB
	app  *App
	quit bool
	msgs int
	hold bool
	held []tea.Cmd
}

func newHarness(tb testing.TB, cfg PlayConfig, w, h int) *harness {
	tb.Helper()
	return startHarness(tb, NewPlay(cfg), w, h)
}

// startHarness sizes app's window and runs its Init.
func startHarness(tb testing.TB, app *App, w, h int) *harness {
	hs := &harness{tb: tb, app: app}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.app.Init())
	return hs
}

// release runs the commands held back.
func (hs *harness) release() {
	hs.hold = false
	held := hs.held
	hs.held = nil
	for _, c := range held {
		hs.run(c)
	}
}

var cmdSlice = reflect.TypeOf([]tea.Cmd(nil))

// run executes cmd and every command that follows from it.
func (hs *harness) run(cmd tea.Cmd) {
	if hs.hold {
		hs.held = append(hs.held, cmd)
		return
	}
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if msg == nil {
			continue
		}
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().ConvertibleTo(cmdSlice) {
			queue = append(queue, v.Convert(cmdSlice).Interface().([]tea.Cmd)...)
			continue
		}
		if _, ok := msg.(tea.QuitMsg); ok {
			hs.quit = true
			continue
		}
		hs.msgs++
		if hs.msgs > 1_000_000 {
			hs.tb.Fatal("runaway: a million messages")
		}
		_, next := hs.app.Update(msg)
		queue = append(queue, next)
	}
}

func (hs *harness) send(msg tea.Msg) {
	_, cmd := hs.app.Update(msg)
	hs.run(cmd)
	hs.settle()
}

// press sends keys: "enter", "space", "left", or single characters.
func (hs *harness) press(keys ...string) {
	for _, k := range keys {
		hs.send(keyMsg(k))
	}
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// screen is the App's text without styles.
func (hs *harness) screen() string { return ansi.Strip(hs.app.render()) }

func (hs *harness) name() string { return hs.app.ScreenName() }

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
	timeout := time.After(30 * time.Second)
	for {
		s := m.port.Snapshot()
		if atRest(s) {
			break
		}
		select {
		case <-m.port.Updates():
		case <-timeout:
			hs.tb.Fatalf("the game never rested: gen %d deal %d thinking %v", s.Gen, s.DealNo, s.Thinking)
		}
	}
	_, cmd := hs.app.Update(tablescreen.Refresh{})
	hs.run(cmd)
}

// atRest reports whether a game waits for the person (or is over and
// filed): no bot thinking, nothing being worked out, no save in flight.
func atRest(s host.Snapshot) bool {
	switch {
	case s.Closed || s.Kicked:
		return true
	case s.Save.Pending, s.Hint != nil && s.Hint.Pending, s.Claim != nil && s.Claim.Pending:
		return false
	case s.Over:
		return s.Save.NoStore || s.Save.Filed || s.Save.FileErr != ""
	case s.Thinking != rules.NoSeat:
		return false
	}
	return s.Can.Act || s.Can.Ready
}

// golden compares the screen with testdata/name.golden (rewritten with
// -update).
func golden(tb testing.TB, name, got string) {
	tb.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		tb.Errorf("screen %s differs from %s:\ngot:\n%s\nwant:\n%s", name, path, got, want)
	}
}

// damaged is the error the store gives for a save it cannot read.
func damaged() error {
	return &store.DamagedError{
		Path:  "/state/klob/current.klob",
		Aside: "/state/klob/damaged/current-1.klob",
		Err:   &gamelog.Error{File: "current.klob", Line: 3, Col: 1, Msg: "bad tag", Err: gamelog.ErrSyntax},
	}
}

// trimRight drops trailing spaces of each line, for readable goldens.
func trimRight(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// bgMsg is the terminal's answer about its background.
func bgMsg(dark bool) tea.BackgroundColorMsg {
	if dark {
		return tea.BackgroundColorMsg{Color: color.Black}
	}
	return tea.BackgroundColorMsg{Color: color.White}
}

// checkSize checks a frame is exactly w×h cells.
func checkSize(t testing.TB, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		t.Fatalf("frame has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := kit.WidthOf(l); got != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, got, w, l)
		}
	}
}

// emptySource has no saved game at all.
type emptySource struct{}

func (emptySource) Dir() string                     { return "/state/klob" }
func (emptySource) CurrentPath() string             { return "/nonexistent/klob/current.klob" }
func (emptySource) History() ([]store.Entry, error) { return nil, nil }
