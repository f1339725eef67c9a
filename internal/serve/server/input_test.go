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
		if c.overLong([]byte(s)) {
			t.Errorf("%q refused", s)
		}
	}
	for _, prefix := range []string{"", "abc", "\x1b[A", "\x1b\x1b"} {
		in := prefix + long
		for cut := 0; cut <= len(in); cut++ {
			var c csiScan
			if !c.overLong([]byte(in[:cut])) && !c.overLong([]byte(in[cut:])) {
				t.Fatalf("%q cut at %d passed", in, cut)
			}
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
