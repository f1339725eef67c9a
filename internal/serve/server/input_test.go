package server

import (
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scan filters s through c, and returns what passes, the bytes
// dropped and the error.
func (c *csiScan) scan(s string) (string, int, error) {
	out, dropped, err := c.filter([]byte(s), nil)
	return string(out), dropped, err
}

// TestCSIScan: a control sequence is refused once it holds more than
// maxSeparators separators, however the reads split it; keys, mouse
// reports, pastes and text with semicolons pass, whole.
func TestCSIScan(t *testing.T) {
	long := "\x1b[" + strings.Repeat(";", maxSeparators+1) + "0"
	ok := []string{
		"\x1b[A", "\x1b[1;5C", "\x1b[<0;12;7M", "\x1b[97;5:1u", "\x1b[200~a;b;c\x1b[201~",
		strings.Repeat(";", 100), "\x1b" + strings.Repeat(";", 100),
		"\x1b[" + strings.Repeat(";", maxSeparators) + "0m" + "\x1b[" + strings.Repeat(";", maxSeparators) + "0m",
		// a sequence ended, then semicolons typed
		"\x1b[1;2A" + strings.Repeat(";", 100),
	}
	for _, s := range ok {
		var c csiScan
		if out, _, err := c.scan(s); err != nil || out != s {
			t.Errorf("%q: passed %q, %v", s, out, err)
		}
	}
	for _, prefix := range []string{"", "abc", "\x1b[A", "\x1b\x1b"} {
		in := prefix + long
		for cut := 0; cut <= len(in); cut++ {
			var c csiScan
			if _, _, err := c.scan(in[:cut]); err == nil {
				if _, _, err := c.scan(in[cut:]); err != errBadSequence {
					t.Fatalf("%q cut at %d passed", in, cut)
				}
			}
		}
	}
}

// TestPasteCut: a bracketed paste passes whole up to pasteKeep bytes,
// read in any pieces; the bytes beyond are dropped to the paste's end,
// which passes whole, and what comes after passes again. The cut falls
// at a character's start outside any control sequence, so what passes
// is the paste's first bytes, valid UTF-8, and every sequence after it
// whole. Pastes one after the other each have their own count, and the
// bytes between pastes none; a start inside a paste is pasted text.
func TestPasteCut(t *testing.T) {
	start, end := "\x1b[200~", "\x1b[201~"
	whole := strings.Repeat("x", pasteKeep-len(end))
	// Over the bound: a character of three bytes astride it, then a
	// control sequence, a nested start and separators beyond any
	// bound, then an end sequence split by the reads.
	long := strings.Repeat("y", pasteKeep-1) + "€" + "\x1b[1;5A" + start + strings.Repeat("z", 3*pasteKeep) +
		"\x1b[" + strings.Repeat(";", 100) + "m" + strings.Repeat("w", 50)
	for _, piece := range []int{1 << 10, 7, 1, 3 * pasteKeep} {
		var c csiScan
		feed := func(s string) (string, int) {
			var b strings.Builder
			dropped := 0
			for len(s) > 0 {
				n := min(piece, len(s))
				out, d, err := c.scan(s[:n])
				if err != nil {
					t.Fatalf("pieces of %d: %v", piece, err)
				}
				b.WriteString(out)
				dropped += d
				s = s[n:]
			}
			return b.String(), dropped
		}
		in := start + whole + end + strings.Repeat("k", 2*pasteKeep) + start + whole + end
		if out, dropped := feed(in); out != in || dropped != 0 {
			t.Fatalf("pieces of %d: two pastes of the most, keys between: %d bytes dropped", piece, dropped)
		}
		in = start + long + end + "\x1b[B" + "after"
		out, dropped := feed(in)
		want := start + strings.Repeat("y", pasteKeep-1) + "€" + end + "\x1b[B" + "after"
		if out != want {
			t.Fatalf("pieces of %d: a long paste passed as %d bytes, %q...%q", piece, len(out), out[:20], out[max(0, len(out)-40):])
		}
		// The end passed on stands for the one dropped with the rest.
		if want := len(in) - len(want) + len(end); dropped != want {
			t.Fatalf("pieces of %d: %d bytes dropped, want %d", piece, dropped, want)
		}
	}
}

// chunks is a client's input, one read a chunk; each read moves the
// clock on by its chunk's gap first.
type chunks struct {
	now  *time.Time
	gaps []time.Duration
	in   []string
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.in) == 0 {
		return 0, io.EOF
	}
	*c.now = c.now.Add(c.gaps[0])
	n := copy(p, c.in[0])
	if n < len(c.in[0]) {
		c.in[0] = c.in[0][n:]
	} else {
		c.in, c.gaps = c.in[1:], c.gaps[1:]
	}
	return n, nil
}

// readAll reads the limited input of the chunks, in reads of size, on
// a clock standing still but for the gaps; it returns what passed and
// why the input was closed (nil for none).
func readAll(t *testing.T, cfg Config, size int, gaps []time.Duration, in ...string) (string, error) {
	t.Helper()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	cfg.Now = func() time.Time { return now }
	cfg.defaults()
	var why error
	l := newLimitedInput(&chunks{now: &now, gaps: gaps, in: in}, &cfg, func(err error) {
		if why != nil {
			t.Fatalf("over twice: %v, then %v", why, err)
		}
		why = err
	})
	var b strings.Builder
	p := make([]byte, size)
	for {
		n, err := l.Read(p)
		b.Write(p[:n])
		if err == io.EOF {
			return b.String(), why
		}
		if err != nil {
			if err != why {
				t.Fatalf("read failed with %v, the input closed for %v", err, why)
			}
			return b.String(), why
		}
	}
}

// TestLongPasteGoesOn: a paste far over the burst, sent at once, is
// passed on cut and the session goes on, the bytes dropped counted
// apart from the keys; pastes streamed on past dropFactor times the
// burst close it, as keys over the burst do.
func TestLongPasteGoesOn(t *testing.T) {
	cfg := Config{InputBurst: 16 << 10, InputRate: 4 << 10}
	start, end := "\x1b[200~", "\x1b[201~"
	body := strings.Repeat("x", 32*cfg.InputBurst) // half a megabyte
	for _, size := range []int{1, 100, 64 << 10} {
		out, why := readAll(t, cfg, size, []time.Duration{0, 0, 0}, start+body, end, "k")
		require.NoError(t, why, "reads of %d", size)
		assert.Equal(t, start+body[:pasteKeep]+end+"k", out, "reads of %d", size)
	}
	flood := []string{start}
	for range 2 * dropFactor {
		flood = append(flood, strings.Repeat("x", cfg.InputBurst))
	}
	_, why := readAll(t, cfg, 4<<10, make([]time.Duration, len(flood)), flood...)
	assert.Equal(t, errLongPaste, why, "pastes of twice what may be dropped at once")
	_, why = readAll(t, cfg, 4<<10, []time.Duration{0, 0}, strings.Repeat("k", cfg.InputBurst), "k")
	assert.Equal(t, errInputFlood, why, "keys over the burst")
	// At the rate the drops are allowed, the paste goes on.
	gaps := make([]time.Duration, len(flood))
	for i := range gaps {
		gaps[i] = time.Second / dropFactor * 4 // a burst of 16 KB every 1/16 s: 256 KB a second
	}
	_, why = readAll(t, cfg, 4<<10, gaps, flood...)
	assert.NoError(t, why, "a paste streamed at the drops' rate")
}

// TestOpenPasteEnds: a paste whose end never comes is ended when the
// next bytes come pasteQuiet or more after the last: the keys after it
// (ctrl+c) reach the program; bytes closer together stay in the paste.
func TestOpenPasteEnds(t *testing.T) {
	cfg := Config{}
	start, end := "\x1b[200~", "\x1b[201~"
	out, why := readAll(t, cfg, 1<<10, []time.Duration{0, pasteQuiet - time.Millisecond, pasteQuiet}, start+"ab", "cd", "\x03")
	require.NoError(t, why)
	assert.Equal(t, start+"abcd"+end+"\x03", out)
	// A paste cut and dropping ends so too, and one ended is not again.
	out, why = readAll(t, cfg, 1<<10, []time.Duration{0, pasteQuiet, pasteQuiet}, start+strings.Repeat("x", pasteKeep+10), "q", "r")
	require.NoError(t, why)
	assert.Equal(t, start+strings.Repeat("x", pasteKeep)+end+"qr", out)
}

// TestParserBoundsParams: the terminal parser this server runs takes a
// sequence of many parameters without a panic (x/ansi v0.11.9 panicked
// on the 33rd); the input's own bound above does not rely on it.
func TestParserBoundsParams(t *testing.T) {
	for _, n := range []int{31, 32, 33, 100} {
		in := []byte("\x1b[" + strings.Repeat(";", n) + "0m")
		p := ansi.NewParser()
		var state byte
		for len(in) > 0 {
			_, _, k, next := ansi.DecodeSequence(in, state, p)
			if k == 0 {
				break
			}
			in, state = in[k:], next
		}
	}
}

// The size Bubble Tea sends on its own as the program starts comes on
// a goroutine, and may follow the session's window changes: once one of
// those came, it is stale and dropped, and a resize made at login
// stands. Come first, it is the model's first size, as any other.
func TestStaleStartupSizeDropped(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	var flush []func()
	cfg := &Config{MaxWidth: 160, MaxHeight: 50, Now: func() time.Time { return now },
		AfterFunc: func(_ time.Duration, f func()) func() bool { flush = append(flush, f); return nil }}
	newGuard := func() *guard {
		return &guard{cfg: cfg, inner: plain{}, logf: t.Logf, lastIn: now, send: func(tea.Msg) {},
			start: &tea.WindowSizeMsg{Width: 160, Height: 50}}
	}
	size := func(w, h int) tea.Msg { return tea.WindowSizeMsg{Width: w, Height: h} }

	// The startup size after the terminal's first size and a resize.
	g := newGuard()
	assert.Equal(t, size(160, 50), g.filter(nil, ptySizeMsg{Width: 240, Height: 80}), "the terminal's first size")
	assert.Nil(t, g.filter(nil, ptySizeMsg{Width: 200, Height: 30}), "a resize within resizeEvery waits")
	assert.Nil(t, g.filter(nil, size(160, 50)), "the startup size, late")
	require.Len(t, flush, 1)
	now = now.Add(resizeEvery)
	assert.Equal(t, size(160, 30), g.filter(nil, resizeFlushMsg{}), "the resize, after the wait")

	// The startup size first; a size the terminal reports in its input
	// later, the same once clamped, is no startup size.
	g = newGuard()
	assert.Equal(t, size(160, 50), g.filter(nil, size(160, 50)), "the startup size")
	assert.Nil(t, g.filter(nil, ptySizeMsg{Width: 240, Height: 80}), "the same size again")
	now = now.Add(resizeEvery)
	assert.Equal(t, size(160, 30), g.filter(nil, ptySizeMsg{Width: 200, Height: 30}), "a resize")
	now = now.Add(resizeEvery)
	assert.Equal(t, size(160, 50), g.filter(nil, size(200, 50)), "a size from the input, clamped")
}
