package server

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestCSIScan: a control sequence is refused once it holds more than
// maxSeparators separators, however the reads split it; keys, mouse
// reports, pastes and text with semicolons pass.
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
		if err := c.scan([]byte(s)); err != nil {
			t.Errorf("%q refused: %v", s, err)
		}
	}
	for _, prefix := range []string{"", "abc", "\x1b[A", "\x1b\x1b"} {
		in := prefix + long
		for cut := 0; cut <= len(in); cut++ {
			var c csiScan
			if c.scan([]byte(in[:cut])) == nil && c.scan([]byte(in[cut:])) != errBadSequence {
				t.Fatalf("%q cut at %d passed", in, cut)
			}
		}
	}
}

// TestPasteBounded: a bracketed paste may hold maxPaste bytes, read in
// any pieces; one byte more is refused. Pastes one after the other
// each have their own count, and the bytes between pastes none.
func TestPasteBounded(t *testing.T) {
	start, end := "\x1b[200~", "\x1b[201~"
	body := strings.Repeat("x", maxPaste-len(end))
	for _, piece := range []int{1 << 10, 7, maxPaste} {
		var c csiScan
		feed := func(s string) error {
			for len(s) > 0 {
				n := min(piece, len(s))
				if err := c.scan([]byte(s[:n])); err != nil {
					return err
				}
				s = s[n:]
			}
			return nil
		}
		if err := feed(start + body + end + strings.Repeat("k", 2*maxPaste) + start + body + end); err != nil {
			t.Fatalf("pieces of %d: two pastes of the most, keys between: %v", piece, err)
		}
		if err := feed(start + body + "y" + end); err != errLongPaste {
			t.Fatalf("pieces of %d: a paste one byte too long: %v", piece, err)
		}
	}
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
