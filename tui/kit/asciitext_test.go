package kit

import (
	"strings"
	"testing"
)

// Under -ascii what others wrote shows in ASCII too: quotes, dashes
// and accented Latin letters as their plain forms, the rest as '?'.
func TestASCIITextWritesOthersTextInASCII(t *testing.T) {
	for in, want := range map[string]string{
		`fay: "trump ♠ now über ★ — “quotes” 10♥"`: `fay: "trump S now uber ? -- "quotes" 10H"`,
		"José Łukasz Straße ‘hi’ …":                "Jose Lukasz Strasse 'hi' ...",
		"王小明 x":                                    "??? x",
		"plain":                                    "plain",
	} {
		if got := ASCIIText(in); got != want {
			t.Errorf("ASCIIText(%q) = %q, want %q", in, got, want)
		}
	}
}

// A scrolled list's marks (Scrolled) read as English under -ascii, not
// "up more above"; other arrows are still words.
func TestASCIITextScrollMarks(t *testing.T) {
	for in, want := range map[string]string{
		"   ↑ more above":        "   more above",
		"   ↓ more below":        "   more below",
		"↑ 10 lines above · ↓ 2": "up 10 lines above - down 2",
	} {
		if got := ASCIIText(in); got != want {
			t.Errorf("ASCIIText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestShownMeasuresWhatTheAppDraws: a name of wide letters (two cells
// each in Unicode, one '?' each under -ascii) shortened to 12 cells and
// laid in a column of 30 is, once the App's ASCII pass has run, as wide
// as it was laid (under -ascii 12 cells, "???????????.") and the rule
// stays in its column, when the screen shortens and lays out Shown's
// text. The name as others wrote it is
// narrower once written in ASCII than where it was laid.
func TestShownMeasuresWhatTheAppDraws(t *testing.T) {
	const name = "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字"
	for _, ascii := range []bool{false, true} {
		ctx := NewContext(ascii)
		mark := "…"
		if ascii {
			mark = "."
		}
		draw := func(s string) string {
			if ascii {
				return ASCIIText(s)
			}
			return s
		}
		short := ShortNames([]string{ctx.Shown(name), "Bot C"}, 12, mark)
		if got := draw(short[0]); WidthOf(got) > 12 || WidthOf(got) != WidthOf(short[0]) || ascii && got != "???????????." {
			t.Errorf("ascii %v: %q shortened to 12 cells is drawn %q, %d cells", ascii, short[0], got, WidthOf(got))
		}
		lines := Columns(&ctx, []string{short[0] + "'s partner", "Bot C", ctx.Shown(name)}, []string{"a", "b", "c"}, 30, 10, 3)
		rule := ctx.Paint.Glyphs.VRule
		for i, l := range lines {
			l = draw(l)
			if at := strings.Index(l, draw(rule)); WidthOf(l[:at]) != 30 {
				t.Errorf("ascii %v: line %d has its rule after %d cells, not 30: %q", ascii, i, WidthOf(l[:at]), l)
			}
		}
		if ascii && WidthOf(ASCIIText(name)) == WidthOf(name) {
			t.Errorf("the wide name is as wide in ASCII as in Unicode: nothing to measure apart")
		}
	}
}
