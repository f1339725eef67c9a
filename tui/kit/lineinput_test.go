package kit

import (
	"strings"
	"testing"
)

// TestLineInputPaste: a paste loses its escape sequences whole (a
// CSI's parameters, an OSC's title), its controls and bidirectional
// overrides; line breaks become spaces; a long paste is cut at Max and
// says so.
func TestLineInputPaste(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain", "plain"},
		{"a\x1b[2Jb", "ab"},
		{"a\x1b[38;2;1;2;3mb", "ab"},
		{"a\x1b]0;owned\ab", "ab"},
		{"a\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\b", "alinkb"},
		{"a\x1bPq#0;2\x1b\\b", "ab"},
		{"a\x1b7b", "ab"},
		{"a\u009b31mb", "ab"},
		{"\u202egnp.exe\u202c", "gnp.exe"},
		{"two\r\nlines\tand\x00nul", "two  lines andnul"},
		{"tail\x1b]0;never ended", "tail"},
	}
	for _, c := range cases {
		var in LineInput
		in.Paste(c.in)
		if got := in.String(); got != c.want {
			t.Errorf("Paste(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	in := LineInput{Max: 200}
	in.Paste(strings.Repeat("spam \x1b[31m", 1<<20/10))
	if in.Len() != 200 || !in.Cut || strings.ContainsRune(in.String(), 0x1b) {
		t.Fatalf("a megabyte pasted keeps %d characters (cut %v)", in.Len(), in.Cut)
	}
}
