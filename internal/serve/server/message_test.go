package server

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Every line of the messages a refused session reads fits an 80-column
// terminal, which would wrap a longer one in the middle of a word.
func TestRefusalLinesFit80Columns(t *testing.T) {
	msgs := []string{msgNoCommand, msgNoSubsystem, msgNoForward, msgNoPTY}
	for _, verb := range []string{CmdJoin, CmdWatch} {
		for _, args := range [][]string{nil, {"ABCDE"}, {"WVML", "ascii"}, {"WVML", "WVMLWVMLWVMLWVMLWVML"}, {"WVMLWVMLWVMLWVMLWVML", "a", "b", "c"}} {
			msgs = append(msgs, msgNoCode(verb, args))
		}
	}
	for _, m := range msgs {
		for _, line := range strings.Split(m, "\r\n") {
			if n := utf8.RuneCountInString(line); n >= 80 {
				t.Errorf("a line of %d columns: %q", n, line)
			}
		}
	}
}
