package names

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/klob/klob/internal/platform/untrusted"
)

// FromLogin makes a login name (an SSH user name) fit to show and
// log: NFKC (a fullwidth "ａｎｎ" is "ann"), then letters, digits, - _
// and ., with the marks that belong to them (a vowel sign, a virama:
// "नमस्ते" keeps its ते), at most Max; a character no name may hold
// (Rune: a Hangul filler, a jamo not joined into a syllable, a '#'
// look-alike), a mark with no letter before it, a third in a row or one
// after a wide character is left out like any other character, and a name that is then empty, or
// that Normal refuses (a bot, "You", a level), is "player". why says,
// for the person's first look at the lobby, that the name was changed
// and why, "" when it was not.
//
// Escape sequences are removed whole first (untrusted.StripEscapes),
// so that their parameters do not stay as letters ("\x1b[5m" as "5m").
// A mark after a wide character (Han, kana, Hangul, an emoji) has
// nothing to combine with: NFKC has composed the kana's voicing marks
// and Hangul already, and no mark belongs on the others; terminals draw
// one there over either cell or as a cell of its own, so it goes.
func FromLogin(user string) (name, why string) {
	var b []rune
	marks, dropped := 0, false
	for _, r := range norm.NFKC.String(untrusted.StripEscapes(user)) {
		switch {
		case Rune(r) != nil:
			dropped = true
		case unicode.IsMark(r):
			if len(b) == 0 || marks == 2 || wide(b[len(b)-1]) {
				dropped = true
				continue
			}
			b, marks = append(b, r), marks+1
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.':
			b, marks = append(b, r), 0
		default:
			dropped = true
		}
	}
	cut := len(b) > Max
	if cut {
		// Never inside a cluster: a letter is not parted from its marks,
		// nor a conjunct split after its virama (which joins the next
		// consonant).
		n := Max
		for n > 0 && (unicode.IsMark(b[n]) || norm.NFC.PropertiesString(string(b[n-1])).CCC() == viramaClass) {
			n--
		}
		b = b[:n]
	}
	// One short line each: the lobby's first look says it under the
	// welcome, which names the name.
	const rename = " Press r to rename."
	if len(b) == 0 {
		return "player", YouArePlayer + "your SSH user name has no letter or digit." + rename
	}
	n, err := Normal(string(b))
	if err != nil {
		// A word the tables name seats by, or another of their labels.
		return "player", YouArePlayer + strings.TrimSuffix(err.Error(), ": choose another name") + "." + rename
	}
	// Normal's form: the characters left may compose anew once those
	// between were left out ("e#\u0301" is "é"), as a rename writes it.
	name = n
	switch {
	case cut:
		why = fmt.Sprintf("A name holds at most %d characters: your user name is cut.%s", Max, rename)
	case dropped:
		why = "Your SSH user name lost the characters no name may hold." + rename
	}
	return name, why
}

// wide reports whether a terminal draws r in two cells.
func wide(r rune) bool {
	k := width.LookupRune(r).Kind()
	return k == width.EastAsianWide || k == width.EastAsianFullwidth
}

// YouArePlayer begins the note of a login name no name may be, put as
// "player" (FromLogin).
const YouArePlayer = "You are player: "

// viramaClass is the canonical combining class of a virama (U+094D and
// its kin in other scripts): it joins the consonants either side.
const viramaClass = 9
