package textwrap

import (
	"flag"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"one two three", 7, []string{"one two", "three"}},
		{"a verylongword b", 4, []string{"a", "verylongword", "b"}},
		{"10♦ 9♣ A♠", 6, []string{"10♦ 9♣", "A♠"}},
		{"J♠ 9♠ A♠", 5, []string{"J♠ 9♠", "A♠"}},
		// A mark stays with the word it is about: "? mistake", not a
		// line ending in a lone "?".
		{"on average; ? mistake: 10", 13, []string{"on average;", "? mistake: 10"}},
		{"cards 14 + last 0 = 14", 10, []string{"cards 14", "+ last 0", "= 14"}},
		{"it ends ?!", 8, []string{"it ends", "?!"}},
		// Spaces within a line are kept as written (a quoted path may
		// hold two); other white space, and the spaces a line is cut
		// at, go.
		{`open "/tmp/my  dir": no`, 30, []string{`open "/tmp/my  dir": no`}},
		{`open "/tmp/my  dir": no`, 13, []string{`open "/tmp/my`, `dir": no`}},
		{"  a\tb\n c  ", 10, []string{"a b c"}},
		{"x  ?  y", 10, []string{"x  ?  y"}},
		// A figure keeps its error: the sign joins both.
		{"it loses 5.6% ± 1.5% of it", 12, []string{"it loses", "5.6% ± 1.5%", "of it"}},
		{"it loses 5.6 +- 1.5 of it", 12, []string{"it loses", "5.6 +- 1.5", "of it"}},
	} {
		got := Wrap(tc.text, tc.width)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
	}
}

// Every line of a hung paragraph fits, keeps every word in order, and
// the lines after the first start under the text, not the label.
func TestHang(t *testing.T) {
	text := strings.Repeat("word ", 40)
	out := Hang("  label  ", text, 40)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("not wrapped: %q", out)
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 40 {
			t.Errorf("line %d has %d columns: %q", i, n, l)
		}
		if i > 0 && !strings.HasPrefix(l, strings.Repeat(" ", 9)+"word") {
			t.Errorf("line %d does not hang under the text: %q", i, l)
		}
	}
	if got := strings.Join(strings.Fields(out), " "); got != "label "+strings.TrimSpace(text) {
		t.Errorf("words lost or moved: %q", got)
	}
}

// FlagDefaults wraps a long description under its column and leaves a
// short one as the flag package writes it.
func TestFlagDefaults(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.Bool("short", false, "a short one")
	fs.String("long", "", strings.Repeat("many words ", 20))
	var b strings.Builder
	FlagDefaults(&b, fs, 60)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) < 6 || lines[0] != "  -long string" || lines[len(lines)-1] != "    \ta short one" {
		t.Fatalf("got %q", lines)
	}
	for _, l := range lines[1 : len(lines)-2] {
		if !strings.HasPrefix(l, "    \t") || 8+utf8.RuneCountInString(l[5:]) > 60 {
			t.Errorf("line %q is not wrapped under its column", l)
		}
	}
}

// A command without flags has no flag lines, not an empty one.
func TestFlagDefaultsNone(t *testing.T) {
	var b strings.Builder
	FlagDefaults(&b, flag.NewFlagSet("x", flag.ContinueOnError), 80)
	if b.String() != "" {
		t.Errorf("no flags wrote %q", b.String())
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 games", 1: "1 game", 2: "2 games", 12: "12 games"} {
		if got := Count(n, "game"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
