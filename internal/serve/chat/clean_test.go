package chat

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/unicode/norm"
)

// forbidden reports whether r must never reach a screen, written out
// from the rules rather than from the cleaner's own table.
func forbidden(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f: // C0, DEL, C1
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // bidi embeddings, overrides, isolates
		return true
	case r == 0x2028, r == 0x2029, r == 0x200e, r == 0x200f, r == 0x061c: // separators, bidi marks
		return true
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff, r == 0x00ad: // zero-width, BOM, soft hyphen
		return true
	case r == 0x034f, r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0: // grapheme joiner, Hangul fillers
		return true
	case r >= 0x1100 && r <= 0x11ff, r >= 0xa960 && r <= 0xa97f, r >= 0xd7b0 && r <= 0xd7ff: // conjoining jamo
		return true
	case r >= 0xe0000 && r <= 0xe007f: // tags
		return true
	case r == utf8.RuneError:
		return true
	case unicode.IsSpace(r) && r != ' ':
		return true
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp):
		return true
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs): // unassigned
		return true
	}
	return false
}

// cleanAll is cleanUpTo without a limit: the cleaner these tests check.
func cleanAll(s string) string {
	out, _ := cleanUpTo(s, -1)
	return out
}

// cleanProblem says what is wrong with out as the output of cleanAll, or "".
func cleanProblem(out string) string {
	if !utf8.ValidString(out) {
		return "not UTF-8"
	}
	if !norm.NFKC.IsNormalString(out) {
		return "not NFKC"
	}
	if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
		return "spaces at an end or doubled"
	}
	marks := 0
	for i, r := range out {
		if forbidden(r) {
			return fmt.Sprintf("forbidden %U at byte %d", r, i)
		}
		if unicode.IsMark(r) {
			if i == 0 {
				return "starts with a mark"
			}
			if marks++; marks > MaxMarks {
				return fmt.Sprintf("more than %d marks in a row at byte %d", MaxMarks, i)
			}
		} else {
			marks = 0
		}
	}
	if again := cleanAll(out); again != out {
		return fmt.Sprintf("not idempotent: %+q then %+q", out, again)
	}
	return ""
}

func TestClean(t *testing.T) {
	zalgo := "a" + strings.Repeat("\u0301", 20)
	for _, tc := range []struct{ name, in, want string }{
		{"plain", "hello there", "hello there"},
		{"empty", "", ""},

		// Escape sequences go whole, with their payload.
		{"SGR colour", "\x1b[31mred\x1b[0m text", "red text"},
		{"clear screen and home", "\x1b[2J\x1b[Hclear", "clear"},
		{"private CSI", "\x1b[?1049hx\x1b[?25l", "x"},
		{"CSI with a control inside", "\x1b[3\n1mx", "x"},
		{"OSC title with BEL", "\x1b]0;pwned\x07hi", "hi"},
		{"OSC hyperlink with ST", "\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"OSC 52 clipboard", "\x1b]52;c;cm0gLXJmIH4K\x07ok", "ok"},
		{"DCS sixel", "\x1bPq#0;2;0;0;0#0~~\x1b\\x", "x"},
		{"APC", "\x1b_Gf=100;AAAA\x1b\\x", "x"},
		{"unterminated OSC swallows the rest", "hi \x1b]0;rest of it", "hi"},
		{"string ended by ESC", "\x1b]0;t\x1b[1mx", "x"},
		{"string aborted by CAN", "\x1b]0;t\x18x", "x"},
		{"RIS reset", "a\x1bcb", "ab"},
		{"charset designation", "\x1b(Bx\x1b#8", "x"},
		{"keypad mode", "\x1b=x\x1b>", "x"},
		{"lone ESC at the end", "ab\x1b", "ab"},
		{"ESC before ESC", "\x1b\x1b[1mx", "x"},
		{"ESC before non-ASCII", "\x1bé", "é"},
		{"C1 CSI", "\u009b31mx", "x"},
		{"C1 OSC with C1 ST", "\u009d0;t\u009cx", "x"},
		{"C1 DCS", "\u0090q#0\u009cx", "x"},
		{"raw 8-bit CSI byte", "a\x9b31mb", "a31mb"},
		{"C0 controls", "a\x00b\x07c\x08d\x7fe", "abcde"},
		{"C1 controls", "a\u0085b\u0084c\u008ed", "a bcd"},

		// Bidirectional controls, separators, invisible characters.
		{"RLO override", "abc\u202edcba", "abcdcba"},
		{"embeddings and pop", "\u202ax\u202by\u202c\u202dz", "xyz"},
		{"isolates", "\u2066x\u2067y\u2068z\u2069", "xyz"},
		{"bidi marks", "\u200ex\u200fy\u061cz", "xyz"},
		{"line and paragraph separators", "line\u2028two\u2029three", "line two three"},
		{"zero-width", "a\u200bb\u200cc\u200dd\u2060e", "abcde"},
		{"BOMs", "\ufeffa\ufeffb", "ab"},
		{"soft hyphen", "in\u00advisible", "invisible"},
		{"tags", "a\U000e0001\U000e0067b", "ab"},
		{"Hangul fillers", "a\u3164b\u115fc\u1160d\uffa0e", "abcde"},
		// Jamo NFKC leaves apart: measured as one character, drawn as
		// many; those it joins are a syllable.
		{"a run of jamo", strings.Repeat("\u1100", 60), ""},
		{"jamo among words", "a \u1100\u1100\u1100 b\ua960\ud7b0c", "a bc"},
		{"compatibility jamo alone", "ㅋㅋㅋ", ""},
		{"jamo that make a syllable", "\u1112\u1161\u11ab \u3131\u314f", "한 가"},
		{"a syllable and a jamo it takes", "\uac00\u11a8", "각"},
		{"a syllable and one it does not", "\uac01\u11a8", "각"},
		{"Korean", "안녕하세요", "안녕하세요"},
		{"private use", "a\ue000b", "ab"},
		{"unassigned", "a\U000e0fffb\uffffc", "abc"},
		{"not UTF-8", "a\xffb\xc3c", "abc"},
		{"replacement character", "a\ufffdb", "ab"},
		{"only invisible", "\u200b\u202e\ufeff", ""},

		// Whitespace.
		{"newlines and tabs", "one\r\ntwo\tthree", "one two three"},
		{"runs and ends", "  a \t\n b  ", "a b"},
		{"no-break and wide spaces", "\u00a0a\u2003b\u3000c\u00a0", "a b c"},

		// NFKC.
		{"fullwidth", "ｆｕｌｌ", "full"},
		{"ligature", "ﬁne", "fine"},
		{"circled digit", "①", "1"},
		{"decomposed accent composes", "e\u0301", "é"},
		{"superscript", "x²", "x2"},

		// Marks.
		{"leading mark", "\u0301a", "a"},
		{"leading mark after spaces", "  \u0301a", "a"},
		{"Zalgo capped", zalgo, "á" + strings.Repeat("\u0301", MaxMarks)},
		{"mark on a space kept", "a \u0301b", "a \u0301b"},

		// Text of every kind passes.
		{"emoji with skin tone", "👍🏽 ok", "👍🏽 ok"},
		{"emoji with VS16", "❤️", "❤️"},
		{"ZWJ emoji falls apart", "👨\u200d👩\u200d👧", "👨👩👧"},
		{"flag", "🇳🇱", "🇳🇱"},
		{"Arabic", "مرحبا بك", "مرحبا بك"},
		{"Hebrew pointed", "שָׁלוֹם", norm.NFKC.String("שָׁלוֹם")},
		{"Devanagari", "नमस्ते", "नमस्ते"},
		{"Thai", "สวัสดี", "สวัสดี"},
		{"CJK", "你好，世界", "你好,世界"},
		{"Vietnamese", "Tiếng Việt", "Tiếng Việt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cleanAll(tc.in)
			assert.Equal(t, tc.want, got, "cleanAll(%+q)", tc.in)
			assert.Empty(t, cleanProblem(got))
		})
	}
}

func TestLength(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"é", 1},
		{"e\u0301", 1},
		{"á\u0301\u0301", 1},
		{"👍🏽", 2}, // the skin tone is a symbol, not a mark
		{"🇳🇱", 2},
		{"❤️", 1},     // the variation selector is a mark
		{"नमस्ते", 4}, // न म स त: the virama and vowel sign are marks
		{"a b", 3},
	} {
		assert.Equal(t, tc.want, Length(tc.in), "Length(%+q)", tc.in)
	}
}

// TestCleanEveryRune puts every code point between two letters and on
// its own, and checks each output; in -short mode, one in 13.
func TestCleanEveryRune(t *testing.T) {
	step := rune(1)
	if testing.Short() {
		step = 13
	}
	for r := rune(0); r <= unicode.MaxRune; r += step {
		if r >= 0xd800 && r <= 0xdfff {
			continue
		}
		for _, in := range []string{string(r), "a" + string(r) + "b", string(r) + "\u0301"} {
			out := cleanAll(in)
			if p := cleanProblem(out); p != "" {
				t.Fatalf("cleanAll(%+q) = %+q: %s", in, out, p)
			}
		}
		if forbidden(r) {
			require.Equal(t, "", cleanAll(string(r)), "%U is forbidden and must go", r)
		}
	}
}

// TestNFKCMakesNothingForbidden checks what tidy relies on to keep
// cleaning idempotent: NFKC turns no allowed character into a forbidden
// one (other than whitespace, which becomes a space).
func TestNFKCMakesNothingForbidden(t *testing.T) {
	for r := rune(0xa0); r <= unicode.MaxRune; r++ {
		if !allowed(r) {
			continue
		}
		for _, n := range norm.NFKC.String(string(r)) {
			if n != ' ' && !allowed(n) && !unicode.IsSpace(n) {
				t.Errorf("NFKC(%U) holds %U", r, n)
			}
		}
	}
}
