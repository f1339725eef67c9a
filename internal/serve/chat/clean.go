package chat

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/klob/klob/internal/platform/untrusted"
)

// MaxMarks is the most combining marks kept in a row (on one letter).
// Real text needs few after NFKC has composed what it can (Vietnamese
// one or two, pointed Hebrew or Tibetan stacks three or four); the
// rest of a longer run is dropped, so a line cannot pile hundreds of
// accents on a letter and spill over the lines around it ("Zalgo").
const MaxMarks = 4

// cleanUpTo returns s as it may be shown to others: one line of letters,
// marks, digits, punctuation, symbols and single spaces, NFKC-normalised.
//
//   - Escape sequences are removed whole, with their payload, as a
//     terminal would read them: ESC and its final byte, CSI (ESC [ or
//     U+009B) up to its final byte, and the strings OSC, DCS, SOS, PM
//     and APC (ESC ] P X ^ _ or their C1 forms) up to BEL, ST, CAN or
//     SUB, or to the end of the line when unterminated.
//   - Whitespace of any kind (tab, newline, U+2028, U+2029, no-break
//     and wide spaces) becomes one space; runs of spaces become one and
//     the ends are trimmed.
//   - Every other control (C0, DEL, C1), format character (bidirectional
//     embeddings, overrides and isolates, marks such as U+200E, zero-width
//     spaces and joiners, BOMs, soft hyphens, tag characters), other
//     default-ignorable (Hangul fillers, the combining grapheme joiner),
//     private-use, unassigned or surrogate code point, U+FFFD and any
//     byte that is not UTF-8 is removed. Emoji joined with U+200D show
//     as their pieces.
//   - The text is NFKC-normalised: fullwidth, ligature, circled and
//     other compatibility forms become the plain characters they stand
//     for, so look-alike spellings of a word compare equal.
//   - Combining marks at the start of the line (they would sit on
//     whatever the screen shows before it) and beyond MaxMarks in a row
//     are removed.
//   - Conjoining Hangul jamo that NFKC did not compose into a syllable
//     are removed (loneJamo): terminals disagree on a run of them (one
//     syllable two cells wide in some, each drawn in others), so a line
//     of them broke every column after it. Syllables ("한") are kept; so are
//     jamo typed as compatibility letters ("ㅋ") only when NFKC joins
//     them into one, as it makes them conjoining.
//
// Cleaning is idempotent, never fails and takes time linear in len(s); its
// output is at most 18 times as long (NFKC's largest expansion), so the
// caller bounds the input first (Room.Say does).
//
// The line may hold at most most characters (no limit when most < 0):
// cleanUpTo returns its Length too. NFKC may expand a character
// 18 times (U+FDFA), so when the text before it already holds more
// than 3*most characters other than spaces and marks, cleanUpTo stops
// there and returns "" with that count: a line that long is too long.
// NFKC shortens no text of letters more (three Hangul jamo join into
// one syllable), so this refuses no line of letters that would fit,
// and keeps the work spent on any line linear in its bytes with a
// small factor.
func cleanUpTo(s string, most int) (string, int) {
	if plain(s) {
		return s, len(s)
	}
	b := strip(make([]byte, 0, len(s)), s)
	if most >= 0 {
		if n := visible(b); n > 3*most {
			return "", n
		}
	}
	if !norm.NFKC.IsNormal(b) {
		b = norm.NFKC.Bytes(b)
	}
	out := tidy(b)
	return out, Length(out)
}

// Length is the number of characters in a cleaned line, as the limit
// counts them: code points, except combining marks, which belong to the
// letter before them. "é" is one character whether written precomposed
// or as e and an accent; an emoji with a skin tone, or a flag, is two.
// It needs no segmentation tables, and it is never more than the count
// of code points, so an input box that stops at the limit in runes never
// meets a refusal for length.
func Length(s string) int {
	n := 0
	for _, r := range s {
		if !isMark(r) {
			n++
		}
	}
	return n
}

// visible is the number of runes in b other than spaces and marks.
func visible(b []byte) int {
	n := 0
	for _, r := range string(b) {
		if r != ' ' && !isMark(r) {
			n++
		}
	}
	return n
}

// plain reports whether s is already clean and needs no work: printable
// ASCII with single spaces inside, the common case.
func plain(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || c == ' ' && s[i+1] == ' ' {
			return false
		}
	}
	return true
}

// strip appends to dst the runes of s that may be shown, with escape
// sequences removed and whitespace turned into spaces.
func strip(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c > 0x20 && c < 0x7f {
			dst = append(dst, c)
			i++
			continue
		}
		if end, ok := untrusted.EscapeAt(s, i); ok {
			i = end
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			dst = append(dst, ' ')
		case allowed(r):
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return dst
}

// tidy makes the line of a stripped, normalised text: single spaces,
// no space at either end, no mark at the start and no more than
// MaxMarks in a row. It checks each rune again, so nothing NFKC
// produced can pass unchecked.
func tidy(b []byte) string {
	out := make([]byte, 0, len(b))
	space := false // a space waits to be written before the next rune kept
	marks := 0     // marks in a row at the end of out
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		seg := b[i : i+n]
		i += n
		switch {
		case unicode.IsSpace(r):
			space = len(out) > 0
		case !allowed(r), loneJamo(r):
		case isMark(r):
			if space {
				out, space, marks = append(out, ' '), false, 0
			}
			if len(out) == 0 || marks >= MaxMarks {
				continue
			}
			out = append(out, seg...)
			marks++
		default:
			if space {
				out, space = append(out, ' '), false
			}
			out = append(out, seg...)
			marks = 0
		}
	}
	return string(out)
}

// allowed reports whether r may be shown: a letter, mark, digit,
// punctuation or symbol that is not default-ignorable (invisible).
// Spaces are handled before it is asked.
func allowed(r rune) bool {
	switch {
	case r < 0x7f:
		return r > 0x20
	case r < 0xa0, r == utf8.RuneError:
		return false
	case unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
}

// loneJamo reports whether r, in NFKC text, is a conjoining Hangul
// jamo: one NFKC left alone, as it composes every sequence that makes a
// syllable.
func loneJamo(r rune) bool {
	return (r >= 0x1100 && r <= 0x11ff) || (r >= 0xa960 && r <= 0xa97f) || (r >= 0xd7b0 && r <= 0xd7ff)
}

// isMark reports whether r is a combining mark (none lies below U+0300).
func isMark(r rune) bool {
	return r >= 0x300 && unicode.IsMark(r)
}
