package server

import (
	"bytes"
	"regexp"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// pasteMark finds the starts and ends of bracketed pastes as csiScan
// reads them: ESC [ 200 ~ and ESC [ 201 ~, the number with any leading
// zeros.
var pasteMark = regexp.MustCompile("\x1b\\[0*20([01])~")

// FuzzCSIFilter feeds a client's input to csiScan.filter: the bytes
// after the first two, repeated 4×data[1] times (so that a paste can
// run past pasteKeep), read in two pieces cut at data[0]'s share of the
// length. Reading in pieces passes on, drops and refuses the same as
// reading the whole; what passes decodes with the terminal parser and
// Bubble Tea's input decoder without a panic; and no paste passed on
// holds more than pasteKeep+pasteSlack bytes before its end.
func FuzzCSIFilter(f *testing.F) {
	f.Add([]byte("\x00\x01\x1b[A\x1b[1;5Cabc"))
	f.Add([]byte("\x80\x40\x1b[200~héllo;\x1b[1;2A"))
	f.Add([]byte("\x40\x01\x1b[200~" + string(bytes.Repeat([]byte("é"), 3000)) + "\x1b[201~q"))
	f.Add([]byte("\x20\x01\x1b[" + string(bytes.Repeat([]byte(";"), 30)) + "0m"))
	f.Add([]byte("\xf0\x02\x1b[200~\x1b[0200~x\x1b[00201~\x1b[<0;12;7M"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		in := bytes.Repeat(data[2:], 4*int(data[1])+1)
		cut := int(data[0]) * len(in) / 255

		var whole csiScan
		wantOut, wantDropped, wantErr := whole.filter(in, nil)
		var split csiScan
		out, dropped, err := split.filter(in[:cut], nil)
		if err == nil {
			var d int
			out, d, err = split.filter(in[cut:], out)
			dropped += d
		}
		if !bytes.Equal(out, wantOut) || dropped != wantDropped || err != wantErr {
			t.Fatalf("cut at %d of %d: passed %d bytes, dropped %d, %v; whole: %d, %d, %v",
				cut, len(in), len(out), dropped, err, len(wantOut), wantDropped, wantErr)
		}
		if err == nil && whole != split {
			t.Fatalf("cut at %d: scan state %+v, whole %+v", cut, split, whole)
		}
		if err == nil && len(wantOut)+wantDropped < len(in) {
			t.Fatalf("%d bytes in, %d passed and %d dropped", len(in), len(wantOut), wantDropped)
		}

		// Each paste passed on, from its start to its end (a start
		// inside a paste is pasted text), is bounded.
		open := -1
		for _, m := range pasteMark.FindAllSubmatchIndex(wantOut, -1) {
			isEnd := wantOut[m[2]] == '1'
			switch {
			case open < 0 && !isEnd:
				open = m[1]
			case open >= 0 && isEnd:
				if n := m[0] - open; n > pasteKeep+pasteSlack {
					t.Fatalf("a paste of %d bytes passed on", n)
				}
				open = -1
			}
		}
		if open >= 0 && len(wantOut)-open > pasteKeep+pasteSlack {
			t.Fatalf("an open paste of %d bytes passed on", len(wantOut)-open)
		}

		p := ansi.NewParser()
		var state byte
		for rest := wantOut; len(rest) > 0; {
			_, _, k, next := ansi.DecodeSequence(rest, state, p)
			if k == 0 {
				break
			}
			rest, state = rest[k:], next
		}
		var d uv.EventDecoder
		for rest := wantOut; len(rest) > 0; {
			k, _ := d.Decode(rest)
			if k <= 0 {
				break
			}
			rest = rest[k:]
		}
	})
}
