package settings

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/platform/userdir"
	"github.com/klob/klob/rules"
)

// Pace is the bot's speed.
type Pace uint8

// The paces, slowest first.
const (
	Slow Pace = iota
	Normal
	Fast
	Instant
)

var paceNames = [...]string{"slow", "normal", "fast", "instant"}

func (p Pace) String() string { return enumName(paceNames[:], p, "Pace") }

// Delay is the least time between the bot being asked and its move
// showing.
func (p Pace) Delay() time.Duration {
	switch p {
	case Slow:
		return 1400 * time.Millisecond
	case Fast:
		return 250 * time.Millisecond
	case Instant:
		return 0
	}
	return 700 * time.Millisecond
}

// Explain says in one line what the pace means.
func (p Pace) Explain() string {
	switch p {
	case Slow:
		return "a bot waits 1.4 s before each move"
	case Fast:
		return "a bot waits a quarter of a second before each move"
	case Instant:
		return "a bot moves as soon as it has chosen"
	}
	return "a bot waits 0.7 s before each move"
}

// AfterTrick is what happens when a trick is complete.
type AfterTrick uint8

// The choices after a trick.
const (
	// Pause leaves the trick on the table, marked with its winner, until
	// the next card is led, and goes on by itself.
	Pause AfterTrick = iota
	// WaitKey also waits for a key before the next trick is led.
	WaitKey
)

var afterNames = [...]string{"pause", "key"}

func (a AfterTrick) String() string { return enumName(afterNames[:], a, "AfterTrick") }

// Explain says in one line what the choice means.
func (a AfterTrick) Explain() string {
	if a == WaitKey {
		return "the finished trick stays until you press a key"
	}
	return "the finished trick stays, marked with its winner, until the next lead"
}

// Sort is how the hand is ordered on screen.
type Sort uint8

// The orders of the hand.
const (
	// ByStrength sorts each suit by trick-taking power (J 9 A 10 K Q 8 7
	// in trump, A 10 K Q J 9 8 7 elsewhere).
	ByStrength Sort = iota
	// BySuit sorts each suit in sequence order (A K Q J 10 9 8 7), so
	// runs are side by side.
	BySuit
)

var sortNames = [...]string{"strength", "suit"}

func (s Sort) String() string { return enumName(sortNames[:], s, "Sort") }

// Explain says in one line what the order means.
func (s Sort) Explain() string {
	if s == BySuit {
		return "each suit in sequence order A K Q J 10 9 8 7: runs sit side by side"
	}
	return "each suit by trick strength: trump J 9 A 10 K Q 8 7, others A 10 K Q J 9 8 7"
}

// Settings are the player's preferences.
type Settings struct {
	Pace       Pace
	AfterTrick AfterTrick
	Sort       Sort
	// Bell rings the terminal's bell when it becomes the player's turn
	// after another player's move (not after their own).
	Bell bool
	// Game is the last game started, which the next setup opens on.
	Game Game
}

// Game is the game last started from the setup: its bots' level and
// its rules (the seat count, the target and the house variants among
// them). Each part is kept only once known, so that a file without it
// (or with a line of it that does not read) leaves the form's defaults.
type Game struct {
	// Level is the bots' level; "" when none is kept.
	Level ai.Level
	// Options are the rules, valid when Rules is set.
	Options rules.Options
	Rules   bool
}

// GameOf is the Game of a game of level under o. The default game
// (normal bots, the standard rules) is kept as none, the setup's own
// defaults: a player who never changes the game has nothing written.
func GameOf(level ai.Level, o rules.Options) Game {
	if level == ai.Normal && o.String() == rules.DefaultOptions().String() {
		return Game{}
	}
	return Game{Level: level, Options: o, Rules: true}
}

// Default returns the settings of a new player.
func Default() Settings {
	return Settings{Pace: Normal, AfterTrick: Pause, Sort: ByStrength, Bell: true}
}

// BellExplain says in one line what the bell setting means.
func BellExplain(on bool) string {
	if on {
		return "the terminal's bell rings when it becomes your turn after another player's move"
	}
	return "no bell: watch the table for your turn"
}

var onOffNames = [...]string{"off", "on"}

// FileName is the name of the settings file in the config directory.
const FileName = "settings"

// DefaultPath returns the path of the settings file, in the config
// directory (userdir.Config), from the environment (getenv is os.Getenv
// outside tests).
func DefaultPath(getenv func(string) string) (string, error) {
	dir, err := userdir.Config.Dir(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, FileName), nil
}

// LineError is a line of the settings file that could not be read.
type LineError struct {
	Path string
	Line int
	Msg  string
	// Err is ErrNotText for a file that is not text, else nil.
	Err error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg) }

func (e *LineError) Unwrap() error { return e.Err }

// ErrNotText is in the error of a settings file that holds a control
// byte no text file has (a binary file, a UTF-16 one): it is not a
// settings file, and none of it is read.
var ErrNotText = errors.New("not text")

// ReadError is a settings file that is there but cannot be opened (the
// player may not read it, say). Its content may be good: it is left as
// it is, never moved aside nor written over, and the defaults are used.
type ReadError struct {
	Path string
	Err  error
}

func (e *ReadError) Error() string {
	why := e.Err
	var pe *fs.PathError
	if errors.As(e.Err, &pe) && pe.Path == e.Path {
		why = pe.Err // "permission denied", not "open PATH: permission denied"
	}
	return fmt.Sprintf("the settings file %s cannot be read: %v", e.Path, why)
}

func (e *ReadError) Unwrap() error { return e.Err }

// Load reads the settings at path. A missing file gives the defaults and
// no error; one that cannot be opened, the defaults and a *ReadError.
// Lines that cannot be read are reported together (errors.Join of
// *LineError); the settings returned keep every line that could.
func Load(path string) (Settings, error) {
	// Bounded, regular files only: a FIFO or /dev/zero as the settings
	// file is refused instead of hanging or filling memory.
	data, err := untrusted.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Path == path {
		return Default(), &ReadError{Path: path, Err: err}
	}
	if err != nil {
		return Default(), err
	}
	return Parse(path, data)
}

// Parse reads settings text; path names it in errors. Data with a
// control byte in it is not text: one *LineError wrapping ErrNotText
// names its first such byte, and the defaults are returned.
func Parse(path string, data []byte) (Settings, error) {
	if line, col, from, ok := notText(data); ok {
		return Default(), &LineError{Path: path, Line: line, Err: ErrNotText,
			Msg: fmt.Sprintf("not text at column %d (%s)", col, excerpt(from))}
	}
	s := Default()
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			errs = append(errs, &LineError{Path: path, Line: n, Msg: fmt.Sprintf("%s is not key = value", quoteShort(line))})
			continue
		}
		if err := s.set(strings.TrimSpace(k), strings.ToLower(strings.TrimSpace(v))); err != nil {
			errs = append(errs, &LineError{Path: path, Line: n, Msg: err.Error()})
		}
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, err)
	}
	return s, errors.Join(errs...)
}

// set sets key to value; a value that is not one of the key's words is
// an error that names them, and leaves the setting as it was.
func (s *Settings) set(key, value string) error {
	pick := func(names []string, to func(i int)) error {
		i := slices.Index(names, value)
		if i < 0 {
			return fmt.Errorf("%s = %s: want %s", key, quoteShort(value), strings.Join(names, ", "))
		}
		to(i)
		return nil
	}
	switch key {
	case "pace":
		return pick(paceNames[:], func(i int) { s.Pace = Pace(i) })
	case "after_trick":
		return pick(afterNames[:], func(i int) { s.AfterTrick = AfterTrick(i) })
	case "sort":
		return pick(sortNames[:], func(i int) { s.Sort = Sort(i) })
	case "bell":
		return pick(onOffNames[:], func(i int) { s.Bell = i == 1 })
	case "level":
		lv, err := ai.ParseLevel(value)
		if err != nil {
			return fmt.Errorf("level = %s: want %s", quoteShort(value), levelWords())
		}
		s.Game.Level = lv
		return nil
	case "rules":
		o, err := rules.ParseOptions(value)
		if err != nil {
			return fmt.Errorf("rules = %s: %v", quoteShort(value), err)
		}
		if why := o.NeverPlayed(); len(why) > 0 {
			return fmt.Errorf("rules = %s: not played: %s", quoteShort(value), strings.Join(why, ", "))
		}
		s.Game.Options, s.Game.Rules = o, true
		return nil
	}
	return fmt.Errorf("unknown setting %s (known: pace, after_trick, sort, bell, level, rules)", quoteShort(key))
}

// MarshalText writes the settings file.
func (s Settings) MarshalText() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("# Klob settings: the setup screen writes this file; you may edit it.\n")
	fmt.Fprintf(&b, "pace = %s  # the bot's speed: slow, normal, fast, instant\n", s.Pace)
	fmt.Fprintf(&b, "after_trick = %s  # after each trick: pause, or key (wait for a key)\n", s.AfterTrick)
	fmt.Fprintf(&b, "sort = %s  # the hand: strength (trick order) or suit (A K Q J 10 9 8 7)\n", s.Sort)
	fmt.Fprintf(&b, "bell = %s  # the terminal's bell when it becomes your turn: on or off\n", onOffNames[b2i(s.Bell)])
	if s.Game.Level != "" || s.Game.Rules {
		b.WriteString("# The last game started: the next setup opens on it.\n")
	}
	if s.Game.Level != "" {
		fmt.Fprintf(&b, "level = %s  # the bots: %s\n", s.Game.Level, levelWords())
	}
	if s.Game.Rules {
		// Every option, as klob play -rules reads them.
		fmt.Fprintf(&b, "rules = %s\n", s.Game.Options)
	}
	return b.Bytes(), nil
}

// Save writes the settings to path, creating its directory, durably
// (internal/platform/durable: a temporary file synced, renamed over the old one,
// the directory synced), so a crash leaves the old file or the new one,
// never half of one. A file there that does not read cleanly (a typo,
// a line the player added, bytes that are not text) or is not a file (a
// directory in its place) is first moved beside it as settings.bad
// (settings-2.bad, ...), so that nothing the player wrote is lost. A
// file the player may not read is not damaged: it is left as it is,
// and nothing is saved (a *ReadError), since writing would replace it.
// A write that fails is a *WriteError.
func Save(path string, s Settings) error {
	_, err := SaveKeeping(path, s)
	return err
}

// SaveKeeping is Save, and says where the file that did not read was
// moved to ("" when there was none): what a warning about that file
// then says has happened.
func SaveKeeping(path string, s Settings) (kept string, err error) {
	return save(durable.OS(), path, s)
}

// WriteError is a settings file that could not be written, or whose
// folder could not be made: the file, or the folder, and the cause in
// plain words (durable.Why), never a temporary file's name.
type WriteError struct {
	Path   string
	Folder bool // the folder of Path could not be made
	Err    error
}

func (e *WriteError) Error() string {
	if e.Folder {
		return fmt.Sprintf("the settings folder %s cannot be made: %s", filepath.Dir(e.Path), durable.Why(e.Err))
	}
	return fmt.Sprintf("the settings file %s cannot be written: %s", e.Path, durable.Why(e.Err))
}

// Brief is the error without the path, for people who do not own the
// file (durable.Brief): a player of klob serve.
func (e *WriteError) Brief() string {
	if e.Folder {
		return "the settings folder cannot be made: " + durable.Why(e.Err)
	}
	return "the settings file cannot be written: " + durable.Why(e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// save is SaveKeeping on the file system fsys.
func save(fsys durable.FS, path string, s Settings) (kept string, err error) {
	data, _ := s.MarshalText()
	dir := filepath.Dir(path)
	if err := fsys.MkdirAll(dir, 0o700); err != nil {
		return "", &WriteError{Path: path, Folder: true, Err: err}
	}
	var bad error
	switch old, err := fsys.ReadFile(path); {
	case err == nil:
		_, bad = Parse(path, old)
	case errors.Is(err, fs.ErrPermission):
		return "", fmt.Errorf("%w, and is left as it is", &ReadError{Path: path, Err: err})
	case !errors.Is(err, fs.ErrNotExist):
		bad = err // not a file (a directory): kept too
	}
	if bad != nil {
		base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		d := durable.Damaged(fsys, "the settings file", path, dir, base, ".bad", bad)
		if d.Aside == "" {
			return "", d
		}
		kept = d.Aside
	}
	if _, err := durable.Replace(fsys, path, ".settings-*.tmp", data); err != nil {
		return kept, &WriteError{Path: path, Err: err}
	}
	return kept, nil
}

// levelWords lists the bots' levels: "random, easy, normal, hard".
func levelWords() string {
	var w []string
	for _, lv := range ai.Levels {
		w = append(w, string(lv))
	}
	return strings.Join(w, ", ")
}

// enumName is the name of v in names, or "Type(v)" past them.
func enumName[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// notText finds the first byte of data that no text holds: a control
// character other than tab, line feed, vertical tab, form feed and
// carriage return. It returns its line and column (from 1, a column a
// character, a byte that is not UTF-8 one) and data from it on.
func notText(data []byte) (line, col int, from []byte, ok bool) {
	line, col = 1, 1
	for i := 0; i < len(data); {
		switch c := data[i]; {
		case c == '\n':
			line, col = line+1, 1
			i++
			continue
		case c == 0x7f, c < 0x20 && c != '\t' && c != '\v' && c != '\f' && c != '\r':
			return line, col, data[i:], true
		}
		_, size := utf8.DecodeRune(data[i:])
		i += size
		col++
	}
	return 0, 0, nil, false
}

// excerptMax is the most characters of a file that is not text quoted.
const excerptMax = 4

// excerpt quotes the first excerptMax characters of data's first line
// (a byte that is not UTF-8 counts as one), in ASCII with Go's escapes,
// with "…" after the quote when cut: a binary file's bytes would
// otherwise reach the terminal as letters of any script, or as controls.
func excerpt(data []byte) string {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	i := 0
	for n := 0; n < excerptMax && i < len(line); n++ {
		_, size := utf8.DecodeRune(line[i:])
		i += size
	}
	if i < len(line) {
		return strconv.QuoteToASCII(string(line[:i])) + "…"
	}
	return strconv.QuoteToASCII(string(line))
}

// quotedMax is the most characters of a line an error quotes: a line of
// junk (a binary file read as settings) would fill the screen.
const quotedMax = 24

// quoteShort quotes s as %q does, cut after quotedMax characters (a
// byte that is not UTF-8 counts as one) with "…" after the quote.
func quoteShort(s string) string {
	i := 0
	for n := 0; n < quotedMax && i < len(s); n++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i < len(s) {
		return strconv.Quote(s[:i]) + "…"
	}
	return strconv.Quote(s)
}
