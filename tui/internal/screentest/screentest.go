// Package screentest drives the screens of package tui's families in
// tests as the App does: it routes messages to the current screen, runs
// the commands synchronously (the screens under test never wait: a
// table runs Manual and its test refreshes it), and renders each frame
// exactly the window's size, -ascii applied, to compare with golden
// files in the test's testdata (rewritten with -update).
package screentest

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit"
)

// The golden screens are rewritten with -update (unless a package
// imported by the test defines the flag already).
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden screens in testdata")
	}
}

// Updating reports whether the goldens are being rewritten.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Harness drives one screen and those it hands over to.
type Harness struct {
	TB     testing.TB
	Ctx    kit.Context
	Screen kit.Screen
	Quit   bool // a screen asked to quit
	// After runs after every message a test sends with Send or Press:
	// a table's test waits there for its game to rest, then refreshes
	// the screen.
	After func(h *Harness)
	msgs  int
}

// New starts s in a window of w×h (ascii: -ascii) and runs its Enter.
func New(tb testing.TB, s kit.Screen, w, h int, ascii bool) *Harness {
	hs := &Harness{TB: tb, Ctx: kit.NewContext(ascii), Screen: s}
	hs.Ctx.Width, hs.Ctx.Height = w, h
	if e, ok := s.(kit.Enterer); ok {
		hs.Run(e.Enter(&hs.Ctx))
	}
	return hs
}

// Resize changes the window's size.
func (hs *Harness) Resize(w, h int) {
	hs.Ctx.Width, hs.Ctx.Height = max(w, 0), max(h, 0)
	hs.Deliver(tea.WindowSizeMsg{Width: w, Height: h})
}

// Send gives msg to the screen, runs what follows, then After.
func (hs *Harness) Send(msg tea.Msg) {
	hs.Deliver(msg)
	if hs.After != nil {
		hs.After(hs)
	}
}

// Press sends keys: "enter", "space", "esc", "left"... or single
// characters.
func (hs *Harness) Press(keys ...string) {
	for _, k := range keys {
		hs.Send(Key(k))
	}
}

// Deliver gives msg to the screen and runs the commands that follow,
// without After: keys typed before the screen was drawn again.
func (hs *Harness) Deliver(msg tea.Msg) {
	if _, ok := msg.(kit.QuitNowMsg); ok {
		hs.Quit = true
		return
	}
	next, cmd := hs.Screen.Update(&hs.Ctx, msg)
	if next != nil && next != hs.Screen {
		hs.Screen = next
		if e, ok := next.(kit.Enterer); ok {
			cmd = tea.Batch(cmd, e.Enter(&hs.Ctx))
		}
	}
	hs.Run(cmd)
}

var cmdSlice = reflect.TypeOf([]tea.Cmd(nil))

// Run executes cmd and the messages and commands that follow from it.
func (hs *Harness) Run(cmd tea.Cmd) {
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
			hs.Quit = true
			continue
		}
		if _, ok := msg.(kit.QuitNowMsg); ok {
			hs.Quit = true
			continue
		}
		hs.msgs++
		if hs.msgs > 1_000_000 {
			hs.TB.Fatal("runaway: a million messages")
		}
		next, c2 := hs.Screen.Update(&hs.Ctx, msg)
		if next != nil && next != hs.Screen {
			hs.Screen = next
			if e, ok := next.(kit.Enterer); ok {
				c2 = tea.Batch(c2, e.Enter(&hs.Ctx))
			}
		}
		queue = append(queue, c2)
	}
}

// Frame is the screen as the App draws it: exactly the window's size,
// -ascii applied, with its styles.
func (hs *Harness) Frame() string {
	s := hs.Screen.View(&hs.Ctx)
	if hs.Ctx.ASCII {
		s = kit.ASCIIText(s)
	}
	return kit.Canvas(kit.SplitLines(s), hs.Ctx.Width, hs.Ctx.Height)
}

// Text is the frame without styles, trailing spaces dropped.
func (hs *Harness) Text() string { return TrimRight(ansi.Strip(hs.Frame())) }

// Key is the key press of k: "enter", "space", "esc", "left", "right",
// "up", "down", "backspace", "tab", or a character.
func Key(k string) tea.KeyPressMsg {
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
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// TrimRight drops the trailing spaces of each line.
func TrimRight(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// Golden compares got with testdata/name.golden (rewritten with
// -update).
func Golden(tb testing.TB, name, got string) {
	tb.Helper()
	path := filepath.Join("testdata", name+".golden")
	if Updating() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			tb.Fatal(err)
		}
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

// CheckSize fails when frame is not exactly w×h cells.
func CheckSize(tb testing.TB, frame string, w, h int) {
	tb.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		tb.Fatalf("frame has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := kit.WidthOf(l); n != w {
			tb.Fatalf("line %d is %d cells wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}
