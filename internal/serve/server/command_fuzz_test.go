package server

import (
	"strings"
	"testing"
)

// FuzzParseCommand: whatever a client asks for as its session's
// command, ParseCommand never panics and accepts only join or watch with
// one short argument of printable ASCII, returned unchanged.
func FuzzParseCommand(f *testing.F) {
	f.Add("join", "ABCD", "")
	f.Add("watch", "abcd", "")
	f.Add("join", "AB CD", "")
	f.Add("join", "ABCD", "extra")
	f.Add("JOIN", "ABCD", "")
	f.Add("watch", strings.Repeat("A", 17), "")
	f.Add("join", "\x1b[31m", "")
	f.Fuzz(func(t *testing.T, verb, arg, extra string) {
		args := []string{verb, arg}
		if extra != "" {
			args = append(args, extra)
		}
		v, code, ok := ParseCommand(args)
		if !ok {
			if v != "" || code != "" {
				t.Fatalf("ParseCommand(%q) refused but returned %q %q", args, v, code)
			}
			return
		}
		if len(args) != 2 || v != verb || code != arg || (v != CmdJoin && v != CmdWatch) || len(code) > maxCodeArg {
			t.Fatalf("ParseCommand(%q) = %q %q", args, v, code)
		}
		for _, c := range []byte(code) {
			if c <= ' ' || c >= 0x7f {
				t.Fatalf("ParseCommand(%q) passed byte %#x", args, c)
			}
		}
	})
}
