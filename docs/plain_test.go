package docs_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klob/klob/docs"
)

func TestPlainLayout(t *testing.T) {
	md := "# Title\n\nSome **bold** text with `code` in a paragraph\nthat goes on.\n\n" +
		"- a list item that is long enough to wrap\n  and goes on\n1. one\n\n" +
		"| a | b |\n|---|---|\n| x | `y` |\n\n```example one\ndeal: 2 players\n```\n\n\n## Two\nend\n"
	want := `Title
=====

Some bold text with code in a
paragraph that goes on.

- a list item that is long
  enough to wrap and goes on
1. one

a  b
----
x  y

  deal: 2 players

Two
---
end
`
	if got := docs.Plain(md, 30); got != want {
		t.Errorf("Plain at 30 columns:\n%s\nwant\n%s", got, want)
	}
}

// words are the words of a text for TestPlainKeepsEveryWord: fences
// dropped, style marks and table bars, rules and heading marks ignored.
func words(s string, fences bool) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if fences && strings.HasPrefix(strings.TrimSpace(l), "```") {
			continue
		}
		l = strings.ReplaceAll(strings.ReplaceAll(l, "*", ""), "`", "")
		for _, f := range strings.Fields(strings.ReplaceAll(l, "|", " ")) {
			if strings.Trim(f, "-=#:·") == "" {
				continue
			}
			out = append(out, f)
		}
	}
	return out
}

// listItem is a list marker at the start of a line.
var listItem = regexp.MustCompile(`^([-*]|\d+\.) `)

// TestPlainKeepsEveryWord lays the rules out at every width from 20 to
// 160: every word stays, in order, and no line is wider than the width
// unless it is one word (with its indent or list marker) longer than the
// width; from 30 columns on, none is (klob rules -h says so: a table's
// last column too narrow for its longest word is laid out as
// paragraphs, not pushed past the width). -short tries a few widths.
func TestPlainKeepsEveryWord(t *testing.T) {
	md := docs.Rules()
	in := words(md, true)
	widths := []int{docs.MinWidth, 21, 30, 33, 40, 50, 57, 79, 80, 100, 160}
	if !testing.Short() {
		widths = nil
		for w := docs.MinWidth; w <= 160; w++ {
			widths = append(widths, w)
		}
	}
	for _, w := range widths {
		out := docs.Plain(md, w)
		if got := words(out, false); strings.Join(got, " ") != strings.Join(in, " ") {
			for i := range min(len(got), len(in)) {
				if got[i] != in[i] {
					t.Fatalf("width %d: word %d is %q, want %q", w, i, got[i], in[i])
				}
			}
			t.Fatalf("width %d: %d words, want %d", w, len(got), len(in))
		}
		for i, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(l); n > w && (w >= 30 || strings.Contains(listItem.ReplaceAllString(strings.TrimSpace(l), ""), " ")) {
				t.Errorf("width %d, line %d is %d wide: %q", w, i+1, utf8.RuneCountInString(l), l)
			}
		}
	}
}

// TestPlainAt80: at 80 columns every line of every example stays whole,
// and no fence shows.
func TestPlainAt80(t *testing.T) {
	out := docs.Plain(docs.Rules(), 80)
	in := false
	for i, l := range strings.Split(docs.Rules(), "\n") {
		switch {
		case strings.HasPrefix(l, "```"):
			in = !in
		case in && l != "" && !strings.Contains(out, "\n  "+l+"\n"):
			t.Errorf("rules.md:%d does not fit 80 columns whole: %q", i+1, l)
		}
	}
	if strings.Contains(out, "```") {
		t.Errorf("the text at 80 columns shows a code fence")
	}
}
