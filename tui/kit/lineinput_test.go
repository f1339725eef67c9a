package kit

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

// A line marked as lacking dropped keys (Gap) takes no text, typed or
// pasted, until backspace or ctrl+u edits it; emptied, it is unmarked.
func TestLineInputGap(t *testing.T) {
	var in LineInput
	in.Paste("ab")
	in.Gap()
	if !in.Gapped() {
		t.Fatal("Gap does not mark the line")
	}
	for _, k := range []tea.KeyPressMsg{{Code: 'c', Text: "c"}, {Code: tea.KeySpace, Text: " "}, {Code: tea.KeyTab}} {
		if in.Key(k) {
			t.Errorf("%q changed a line lacking keys", k.String())
		}
	}
	in.Paste("d")
	if got := in.String(); got != "ab" || !in.Gapped() {
		t.Fatalf("the rest of a burst was added: %q (gapped %v)", got, in.Gapped())
	}
	in.Key(tea.KeyPressMsg{Code: tea.KeyBackspace})
	in.Key(tea.KeyPressMsg{Code: 'x', Text: "x"})
	if got := in.String(); got != "ax" || in.Gapped() {
		t.Fatalf("edited, the line takes keys again: %q (gapped %v)", got, in.Gapped())
	}
	in.Gap()
	in.Key(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if in.Gapped() || in.Len() != 0 {
		t.Fatalf("ctrl+u empties and unmarks the line: %q (gapped %v)", in.String(), in.Gapped())
	}
}
