package kit

import "testing"

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
