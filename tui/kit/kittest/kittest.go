// Package kittest drives one kit.Screen in tests the way the App does,
// synchronously: a key goes to the screen's Update, every command runs
// at once and its message goes back in, and the frame is the screen's
// View laid on a canvas of exactly the window's size. It also keeps the
// golden screens (testdata/NAME.golden, rewritten with -update).
//
// It is test support for the screen packages under tui: no program
// imports it.
package kittest

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Driver runs one screen and the screens it hands over to.
type Driver struct {
	tb     testing.TB
	Ctx    kit.Context
	Screen kit.Screen
	// Quit is set once a command asked to quit (kit.QuitNow, tea.Quit).
	Quit bool
	// After, when set, runs after every message Send gives: a table's
	// test waits there for its game to rest and refreshes the screen.
	After  func(d *Driver)
	budget int
}

// New starts s in a window of w×h cells (with -ascii glyphs when ascii)
// and runs its Enter, if it has one.
func New(tb testing.TB, s kit.Screen, w, h int, ascii bool) *Driver {
	tb.Helper()
	d := &Driver{tb: tb, Ctx: kit.NewContext(ascii), Screen: s, budget: 1_000_000}
	d.Ctx.Width, d.Ctx.Height = w, h
	d.run(kit.Enter(&d.Ctx, s))
	return d
}

// Size changes the window, as a tea.WindowSizeMsg does.
func (d *Driver) Size(w, h int) {
	d.Ctx.Width, d.Ctx.Height = max(w, 0), max(h, 0)
	d.Send(tea.WindowSizeMsg{Width: w, Height: h})
}

// Send gives msg to the screen and runs what follows from it, then
// After.
func (d *Driver) Send(msg tea.Msg) {
	d.Deliver(msg)
	if d.After != nil {
		d.After(d)
	}
}

// Deliver gives msg to the screen and runs what follows from it,
// without After: a key typed before the screen was drawn again.
func (d *Driver) Deliver(msg tea.Msg) {
	d.run(d.update(msg))
}

// Press sends keys by name: "enter", "space", "left", "esc", "tab",
// "pgdown"... or single characters.
func (d *Driver) Press(keys ...string) {
	for _, k := range keys {
		d.Send(Key(k))
	}
}

// Click sends a left click at x, y.
func (d *Driver) Click(x, y int) {
	d.Send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
}

func (d *Driver) update(msg tea.Msg) tea.Cmd {
	next, cmd := d.Screen.Update(&d.Ctx, msg)
	return kit.Show(&d.Ctx, &d.Screen, next, cmd)
}

var cmdSlice = reflect.TypeOf([]tea.Cmd(nil))

// Batch returns the commands of a batch message (tea.Batch's), ok false
// for any other message.
func Batch(msg tea.Msg) (cmds []tea.Cmd, ok bool) {
	if v := reflect.ValueOf(msg); v.IsValid() && v.Kind() == reflect.Slice && v.Type().ConvertibleTo(cmdSlice) {
		return v.Convert(cmdSlice).Interface().([]tea.Cmd), true
	}
	return nil, false
}

// Run executes cmd and every command that follows from it at once, as
// Bubble Tea would in time: a batch's commands join the queue, and each
// message goes to update, unless quit (when set) reports it a quit.
// Each message given spends one of *budget; when none is left Run fails
// tb: the commands run away.
func Run(tb testing.TB, budget *int, cmd tea.Cmd, update func(tea.Msg) tea.Cmd, quit func(tea.Msg) bool) {
	tb.Helper()
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
		if cmds, ok := Batch(msg); ok {
			queue = append(queue, cmds...)
			continue
		}
		if quit != nil && quit(msg) {
			continue
		}
		if *budget--; *budget < 0 {
			tb.Fatal("runaway: the commands never end")
		}
		queue = append(queue, update(msg))
	}
}

// run executes cmd and every command that follows from it.
func (d *Driver) run(cmd tea.Cmd) {
	d.tb.Helper()
	Run(d.tb, &d.budget, cmd, d.update, func(msg tea.Msg) bool {
		switch msg.(type) {
		case tea.QuitMsg, kit.QuitNowMsg:
			d.Quit = true
			return true
		}
		return false
	})
}

// Frame is the screen's View laid on the window, exactly Width × Height
// cells, styles and all.
func (d *Driver) Frame() string {
	return kit.Canvas(kit.SplitLines(d.Screen.View(&d.Ctx)), d.Ctx.Width, d.Ctx.Height)
}

// Text is the frame without styles: what NO_COLOR and TERM=dumb show.
func (d *Driver) Text() string { return ansi.Strip(d.Frame()) }

// ClickOn is a left click on the second cell of the first place the
// frame (styled or not) writes s: inside "[r]", on a row's first
// letters. It fails the test when s is not on the screen.
func ClickOn(tb testing.TB, frame, s string) tea.MouseClickMsg {
	tb.Helper()
	for y, l := range strings.Split(ansi.Strip(frame), "\n") {
		if i := strings.Index(l, s); i >= 0 {
			return tea.MouseClickMsg{X: kit.WidthOf(l[:i]) + 1, Y: y, Button: tea.MouseLeft}
		}
	}
	tb.Fatalf("no %q to click:\n%s", s, ansi.Strip(frame))
	return tea.MouseClickMsg{}
}

// ClickOn sends a left click where the frame writes s (ClickOn), as
// Send does.
func (d *Driver) ClickOn(s string) {
	d.tb.Helper()
	d.Send(ClickOn(d.tb, d.Frame(), s))
}

// CheckSize fails unless frame is exactly w×h cells.
func CheckSize(tb testing.TB, frame string, w, h int) {
	tb.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		tb.Fatalf("%d lines, want %d:\n%s", len(lines), h, frame)
	}
	for i, l := range lines {
		if n := kit.WidthOf(l); n != w {
			tb.Fatalf("line %d is %d cells wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

// Flat is s with each run of blanks and line ends made one space: the
// words of a screen as read, whatever its wrapping and columns.
func Flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// Context is the context of a new App (Unicode glyphs) in a window of
// w×h cells, for the tests that draw a screen's parts themselves.
func Context(w, h int) kit.Context {
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = w, h
	return ctx
}

// Key is the key press of a key's name.
func Key(k string) tea.KeyPressMsg {
	switch k {
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	}
	if c, ok := keyCodes[k]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// keyCodes are the keys Key names that have no text.
var keyCodes = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace, "tab": tea.KeyTab,
	"left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp, "down": tea.KeyDown,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
}

// Golden compares got, its lines' trailing spaces dropped, with
// testdata/name.golden; go test -update rewrites the file.
func Golden(tb testing.TB, name, got string) {
	tb.Helper()
	got = TrimRight(got)
	path := filepath.Join("testdata", name+".golden")
	if testkit.Updating() {
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

// TrimRight drops the trailing spaces of each line, for readable goldens.
func TrimRight(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// AtRest reports whether a game waits for the person (or is over and
// filed): no bot thinking, no hint or claim being worked out, no save
// in flight.
func AtRest(s host.Snapshot) bool {
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

// WaitRest waits until rests (AtRest when nil) holds for the port's
// game and returns that snapshot; it fails tb after guard, which only a
// broken host reaches.
func WaitRest(tb testing.TB, p host.Port, rests func(host.Snapshot) bool, guard time.Duration) host.Snapshot {
	tb.Helper()
	if rests == nil {
		rests = AtRest
	}
	timeout := time.After(guard)
	for {
		s := p.Snapshot()
		if rests(s) {
			return s
		}
		select {
		case <-p.Updates():
		case <-timeout:
			tb.Fatalf("the game never rested: gen %d deal %d thinking %v can %+v", s.Gen, s.DealNo, s.Thinking, s.Can)
		}
	}
}

// ThirdYou is "You" said as another player would be: "You deals",
// "You's". A screen says "you" to its person and their name to others.
var ThirdYou = regexp.MustCompile(`\bYou(('s)|( (deals|shows|plays|wins|has|says|draws|gives|leads|takes|passes|won it)\b))`)

// CardCode is a card written as a code ("9C", "TH"), which no screen
// shows: cards are written as cards.
var CardCode = regexp.MustCompile(`\b(10|[2-9TJQKA])[CDHS]\b`)

// Move makes the person's move in s with the keys a person would press:
// b for the bella they may say, the first playable card of hand (as the
// screen shows it) by its number, take when takeIt and they may, else
// the menu's first item. It fails tb when they may play but no card of
// hand is playable.
func Move(tb testing.TB, d *Driver, s host.Snapshot, hand []rules.Card, bella, takeIt bool) {
	tb.Helper()
	if s.View.Phase == rules.PhasePlay {
		if bella {
			d.Press("b")
			return
		}
		legal := kit.LegalCards(&s.View)
		for i, c := range hand {
			if legal.Has(c) {
				d.Press(fmt.Sprint(i + 1))
				return
			}
		}
		tb.Fatal("no card to play")
	}
	for _, a := range s.View.Legal() {
		if takeIt && a.Kind == rules.Take {
			d.Press("t")
			return
		}
	}
	d.Press("enter")
}

// Step makes the person's next move at a board's table (a daily's, a
// tournament's) with the keys a person would press: enter at the
// board's end or a result, else Move, taking when they may. It fails
// tb when there is nothing to do.
func Step(tb testing.TB, d *Driver, s host.Snapshot, hand []rules.Card, bella bool) {
	tb.Helper()
	switch {
	case s.Over, s.Can.Ready:
		d.Press("enter")
	case s.Can.Act:
		Move(tb, d, s, hand, bella, true)
	default:
		tb.Fatalf("nothing to do on the board: %+v", s.Can)
	}
}

// Held keeps commands back while Hold is set, so that a test may look
// at a screen while, say, an evaluation still runs; Release runs them.
type Held struct {
	Hold bool
	cmds []tea.Cmd
}

// Keep holds cmd back and reports true while Hold is set.
func (h *Held) Keep(cmd tea.Cmd) bool {
	if h.Hold {
		h.cmds = append(h.cmds, cmd)
	}
	return h.Hold
}

// Release stops holding and gives the commands held back to run.
func (h *Held) Release(run func(tea.Cmd)) {
	h.Hold = false
	cmds := h.cmds
	h.cmds = nil
	for _, c := range cmds {
		run(c)
	}
}

// HelpText is the help overlay ? opens on s (kit.HelpFor), as text.
func HelpText(ctx *kit.Context, s kit.Screen) string {
	return ansi.Strip(strings.Join(kit.HelpFor(s, &ctx.Keys).Lines(ctx), "\n"))
}

// CheckHintsHelp checks what the help of s says of hints, which it
// gives (hints) or not: whether the screen says it has them, lists the
// hint key and tells the hints' and grades' legend; and that the help
// keeps the hand's marks either way.
func CheckHintsHelp(tb testing.TB, s kit.Screen, hints bool) {
	tb.Helper()
	ctx := Context(80, 24)
	if got := kit.HelpHintsOf(s); got != hints {
		tb.Errorf("the help says it has hints: %v, want %v", got, hints)
	}
	key := false
	for _, col := range kit.KeyHelpOf(s, &ctx.Keys, kit.KeyHelp{}).FullHelp() {
		for _, b := range col {
			key = key || b.Help() == ctx.Keys.Hint.Help()
		}
	}
	if key != hints {
		tb.Errorf("the help lists the hint key: %v, want %v", key, hints)
	}
	text := HelpText(&ctx, s)
	if got := strings.Contains(text, "standard error"); got != hints {
		tb.Errorf("the help tells the hints' legend: %v, want %v\n%s", got, hints, text)
	}
	if !strings.Contains(text, "under a card: selected") {
		tb.Errorf("the help lost the hand's marks:\n%s", text)
	}
}
