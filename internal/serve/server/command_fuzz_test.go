package server

import (
	"strings"
	"testing"
)

// FuzzParseCommand: whatever a client asks for as its session's
// command, ParseCommand never panics and accepts only ascii, join or
// watch (in any case, the verb returned in lower case) with one short
// argument of printable ASCII (returned unchanged), or ascii then join
// or watch.
func FuzzParseCommand(f *testing.F) {
	f.Add("join", "ABCD", "")
	f.Add("watch", "abcd", "")
	f.Add("join", "AB CD", "")
	f.Add("join", "ABCD", "extra")
	f.Add("JOIN", "ABCD", "")
	f.Add("watch", strings.Repeat("A", 17), "")
	f.Add("join", "\x1b[31m", "")
	f.Add("ascii", "join", "ABCD")
	f.Add("ascii", "", "")
	f.Add("ascii", "ascii", "")
	f.Fuzz(func(t *testing.T, verb, arg, extra string) {
		args := []string{verb}
		for _, a := range []string{arg, extra} {
			if a != "" {
				args = append(args, a)
			}
		}
		c, ok := ParseCommand(args)
		if !ok {
			if c != (Command{}) {
				t.Fatalf("ParseCommand(%q) refused but returned %+v", args, c)
			}
			return
		}
		rest := args
		if c.ASCII {
			if !strings.EqualFold(args[0], CmdASCII) {
				t.Fatalf("ParseCommand(%q) = %+v without ascii", args, c)
			}
			rest = args[1:]
		}
		if len(rest) == 0 {
			if c.Verb != "" || c.Code != "" {
				t.Fatalf("ParseCommand(%q) = %+v", args, c)
			}
			return
		}
		if len(rest) != 2 || !strings.EqualFold(c.Verb, rest[0]) || c.Code != rest[1] || (c.Verb != CmdJoin && c.Verb != CmdWatch) || len(c.Code) > maxCodeArg {
			t.Fatalf("ParseCommand(%q) = %+v", args, c)
		}
		for _, b := range []byte(c.Code) {
			if b <= ' ' || b >= 0x7f {
				t.Fatalf("ParseCommand(%q) passed byte %#x", args, b)
			}
		}
	})
}
