package kit

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/platform/durable"
)

func TestWidthOf(t *testing.T) {
	for _, s := range []string{
		"", "abc", "\x1b[1mbold\x1b[m", "10♥", "┏━━━┓", "▲ • ▶ ▮ ░ … · × ‹ ›", "←/→",
		"⠋", "日本", "a😀b", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "tab\there", "\x1b", "é",
	} {
		if got, want := WidthOf(s), ansi.StringWidthWc(s); got != want {
			t.Errorf("widthOf(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestWidthOfIndic: a conjunct or a spacing vowel sign takes the cells
// tmux gives it (one per consonant and sign), not one per cluster; a
// name of conjuncts laid out in a column keeps the rule after it where
// every other row has it.
func TestWidthOfIndic(t *testing.T) {
	for _, tc := range []struct {
		s string
		w int
	}{
		{"क्ष", 2}, {"नमस्ते", 4}, {"राम", 3}, {"সীতা", 4}, {"বাংলা", 5}, {"คำ", 2},
		{strings.Repeat("क्ष", 8), 16}, {"\x1b[1mक्ष\x1b[m", 2},
	} {
		if got := WidthOf(tc.s); got != tc.w {
			t.Errorf("WidthOf(%q) = %d, want %d", tc.s, got, tc.w)
		}
	}
	ctx := NewContext(false)
	rows := Columns(&ctx, []string{strings.Repeat("क्ष", 8), "ann"}, nil, 20, 10, 2)
	for i, r := range rows {
		if got := WidthOf(r); got != 22 {
			t.Errorf("row %d is %d cells, want 22: %q", i, got, r)
		}
	}
	if got := Clip(strings.Repeat("क्ष", 8), 5); WidthOf(got) > 5 {
		t.Errorf("Clip to 5 cells gave %q, %d cells", got, WidthOf(got))
	}
}

// TestCut: a name that fits is kept; a longer one ends in the mark
// within the width, a wide letter never split.
func TestCut(t *testing.T) {
	for _, tc := range []struct {
		s, mark string
		w       int
		want    string
	}{
		{"Annabel", "…", 7, "Annabel"},
		{"Annabel", "…", 5, "Anna…"},
		{"Annabel", "...", 5, "An..."},
		{"日本語", "…", 4, "日…"},
	} {
		if got := Cut(tc.s, tc.w, tc.mark); got != tc.want {
			t.Errorf("Cut(%q, %d, %q) = %q, want %q", tc.s, tc.w, tc.mark, got, tc.want)
		}
	}
}

func TestFitAndCanvas(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 3, "abc"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"10♥", 2, "10"},
	} {
		if got := Fit(tc.s, tc.w); got != tc.want {
			t.Errorf("fit(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
	if got := Canvas([]string{"ab", "cdef"}, 3, 3); got != "ab \ncde\n   " {
		t.Errorf("canvas = %q", got)
	}
	if got := Canvas(nil, 0, 5); got != "" {
		t.Errorf("canvas 0 wide = %q", got)
	}
}

// TestCanvasIsFitLines: canvas is every line fitted to the width, the
// missing ones blank, joined; wide windows need more padding than one
// run of blanks.
func TestCanvasIsFitLines(t *testing.T) {
	lines := []string{"", "plain", "\x1b[1mbold\x1b[m text", "a line much longer than the narrowest of the widths tried here, cut", "♠♥♦♣ 10♥"}
	for _, w := range []int{1, 5, 20, 80, 127, 128, 129, 300} {
		for _, h := range []int{1, 3, len(lines), len(lines) + 4} {
			want := make([]string, h)
			for i := range h {
				l := ""
				if i < len(lines) {
					l = lines[i]
				}
				want[i] = Fit(l, w)
			}
			if got := Canvas(lines, w, h); got != strings.Join(want, "\n") {
				t.Fatalf("canvas %d×%d:\ngot  %q\nwant %q", w, h, got, strings.Join(want, "\n"))
			}
		}
	}
}

// TestASCIIArrowsAreNotKeys: under -ascii an arrow is never written as a
// lone letter, which the screens' hints would offer as a key: "↓ or j"
// read "v or j" while v opens the list of tricks.
func TestASCIIArrowsAreNotKeys(t *testing.T) {
	for _, a := range []string{"←", "→", "↑", "↓"} {
		if got := ASCIIText(a); len(got) == 1 && unicode.IsLetter(rune(got[0])) {
			t.Errorf("ASCIIText(%q) = %q, a letter", a, got)
		}
	}
}

// TestPathLines: a path breaks only after a "/" or a "-", every line
// fits, the lines put back together are the path; a limit keeps the
// end of the path under "…".
func TestPathLines(t *testing.T) {
	path := "/home/a-rather-long-user-name/.local/state/klob/history/2026-12-02-1954-game-12.klob"
	for _, w := range []int{76, 40, 20, 12} {
		lines := PathLines(path, w, 0)
		if got := strings.Join(lines, ""); got != path {
			t.Fatalf("width %d: the lines make %q", w, got)
		}
		for i, l := range lines {
			if WidthOf(l) > w {
				t.Errorf("width %d: %q is wider", w, l)
			}
			if i < len(lines)-1 && !strings.HasSuffix(l, "/") && !strings.HasSuffix(l, "-") {
				t.Errorf("width %d: %q breaks inside a name", w, l)
			}
		}
	}
	// A file name that fits a line stays whole rather than fill the
	// line above to its last hyphen.
	game := "~/s3/klob/history/2026-12-03-0816-vs-West-normal-East-normal-lost-practice.klob"
	if got := PathLines(game, 76, 0); len(got) != 2 || got[1] != "2026-12-03-0816-vs-West-normal-East-normal-lost-practice.klob" {
		t.Errorf("the file name is parted: %q", got)
	}
	if got := PathLines("/a/b", 80, 0); len(got) != 1 || got[0] != "/a/b" {
		t.Errorf("a short path: %q", got)
	}
	got := PathLines(path, 12, 3)
	if len(got) != 3 || got[0] != "…" || !strings.HasSuffix(got[2], "12.klob") {
		t.Errorf("limited to 3: %q", got)
	}
	if got := PathLines("/averyveryverylongname", 8, 0); strings.Join(got, "") != "/averyveryverylongname" {
		t.Errorf("a name longer than the line is lost: %q", got)
	}
}

// TestWrapAtSpaces: a hyphened name is never parted at its hyphens; the
// words are all there, each line fits.
func TestWrapAtSpaces(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want []string
	}{
		{"Ann-Sophie-Louise: why not then", 21, []string{"Ann-Sophie-Louise:", "why not then"}},
		{`Bob: "see Anne-Marie-Louise and co"`, 21, []string{`Bob: "see`, "Anne-Marie-Louise and", `co"`}},
		{"Zed (watching): nice", 40, []string{"Zed (watching): nice"}},
	} {
		got := WrapAtSpaces(tc.s, tc.w, 0, "…")
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q at %d: %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
	if got := WrapAtSpaces("a b c d e f g h i j k l", 5, 2, "…"); len(got) != 2 || !strings.HasSuffix(got[1], "…") {
		t.Errorf("limited: %q", got)
	}
}

// Sentence capitalises the first letter, a non-ASCII one whole, and ends
// an error with a full stop unless it has a mark of its own.
func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"":                                    "",
		"ABCDEF: no tournament has that code": "ABCDEF: no tournament has that code.",
		"the server is busy: try again":       "The server is busy: try again.",
		"ready?":                              "Ready?",
		"élan lost.":                          "Élan lost.",
		"ünal wins!":                          "Ünal wins!",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Capital("ä"); got != "Ä" {
		t.Errorf("Capital(%q) = %q", "ä", got)
	}
}

// TestScrolledMarksWhatIsLeftOut: rows beyond the room are left out
// with a line saying so at that end; the cursor's row stays in view and
// the lines never pass h, wherever the cursor is.
func TestScrolledMarksWhatIsLeftOut(t *testing.T) {
	var rows []string
	for i := range 30 {
		rows = append(rows, fmt.Sprintf("row %d", i))
	}
	head, foot := []string{"head"}, []string{"", "keys"}
	for at := range rows {
		out := Scrolled(head, rows, foot, at, 12)
		text := strings.Join(out, "\n")
		if len(out) != 12 || !strings.Contains(text, fmt.Sprintf("row %d\n", at)) {
			t.Fatalf("cursor at %d: %d lines, or its row is not shown:\n%s", at, len(out), text)
		}
		first, last := strings.Contains(text, "row 0\n"), strings.Contains(text, "row 29\n")
		if first == strings.Contains(text, "↑ more above") || last == strings.Contains(text, "↓ more below") {
			t.Errorf("cursor at %d: the marks do not say what is left out:\n%s", at, text)
		}
	}
	if out := Scrolled(head, rows[:5], foot, 0, 12); strings.Contains(strings.Join(out, "\n"), "more") {
		t.Errorf("rows that fit are marked: %q", out)
	}
}

// TestShowErr: the paths of every damaged file an error tells of, where
// it was and where it is kept, wrapped or joined, are shown as the
// PathShower shows paths; the rest of the message is left as it is.
func TestShowErr(t *testing.T) {
	home := PathShower(func(p string) string { return strings.Replace(p, "/home/ann", "~", 1) })
	a := &durable.DamagedError{What: "the record", Path: "/home/ann/klob/a", Aside: "/home/ann/klob/a.bad",
		Err: errors.New("bad")}
	b := &durable.DamagedError{What: "the day", Path: "/home/ann/klob/b", Err: errors.New("worse")}
	err := errors.Join(fmt.Errorf("reading: %w", a), b, errors.New("/home/ann/other"))
	got := home.ShowErr(err)
	for _, want := range []string{"reading: the record could not be read (kept as ~/klob/a.bad)",
		"the day ~/klob/b cannot be read", "/home/ann/other"} {
		if !strings.Contains(got, want) {
			t.Errorf("ShowErr lacks %q:\n%s", want, got)
		}
	}
	if got := PathShower(nil).ShowErr(a); got != a.Error() {
		t.Errorf("a nil PathShower changed the message: %q", got)
	}
}

// TestHelpDescWrapsASentenceWithADot: a "·" inside a sentence (the
// trainer's record, "record 6 right · 5 wrong: of the 11 drills …")
// wraps at spaces like any text, never ending a line on "·" in the
// middle of the example; a row of menu letters still breaks between
// letters.
func TestHelpDescWrapsASentenceWithADot(t *testing.T) {
	desc := "as in record 6 right · 5 wrong: of the 11 drills answered at this seat count, 6 right and 5 wrong (a narrower window leaves out the word record)"
	got := helpDesc(desc, 60)
	if !strings.HasPrefix(got[0], "as in record 6 right · 5 wrong: of the") {
		t.Errorf("the sentence is split at its dot: %q", got)
	}
	// At no width does a line of it end or start with the dot.
	for w := 20; w <= 60; w++ {
		for _, l := range helpDesc(desc, w) {
			if strings.HasSuffix(l, "·") || strings.HasPrefix(l, "·") {
				t.Errorf("at %d cells a line of the sentence ends or starts with its dot: %q", w, helpDesc(desc, w))
			}
		}
	}
	row := "c clubs · d diamonds · e hearts · s spades · n no trumps · p pass"
	items := strings.Split(row, " · ")
	letters := helpDesc(row, 40)
	if len(letters) < 2 || strings.Join(letters, " · ") != row {
		t.Errorf("a row of letters does not break between its letters: %q", letters)
	}
	for _, l := range letters {
		for _, item := range strings.Split(l, " · ") {
			if !slices.Contains(items, item) {
				t.Errorf("a row of letters breaks inside a letter: %q", letters)
			}
		}
	}
}

// TestAlertCapital: every line of an alert that begins with a letter
// begins with a capital, the errors in it written as Go writes them,
// whatever its first word; a line that begins with a quote, a digit or
// a path is left as it is.
func TestAlertCapital(t *testing.T) {
	ctx := NewContext(true)
	for _, tc := range []struct{ text, want string }{
		{"autosave failed: disk full", " ! Autosave failed: disk full"},
		{"the saved games cannot be listed", " ! The saved games cannot be listed"},
		{"Already a capital", " ! Already a capital"},
		{`"bob" is taken`, ` ! "bob" is taken`},
		{"/tmp/x: no such file", " ! /tmp/x: no such file"},
		{"first error\nsecond error", " ! First error\n Second error"},
		{"élan lost", " ! Élan lost"},
		{"key a is not among the choices: p or t", " ! Key a is not among the choices: p or t"},
		{"a guest cannot take part", " ! A guest cannot take part"},
		{"t: you cannot take", " ! T: you cannot take"},
		{"x lost", " ! X lost"},
		{"2 players left", " ! 2 players left"},
		{"first error\n\"bob\" is taken\n3 left", " ! First error\n \"bob\" is taken\n 3 left"},
	} {
		got := ansi.Strip(strings.Join(Alert(&ctx, tc.text, 80, 4), "\n"))
		if got != tc.want {
			t.Errorf("Alert(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
