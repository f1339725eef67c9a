package untrusted

import (
	"strings"
	"unicode/utf8"
)

// StripEscapes returns s without its terminal escape sequences, each
// removed whole with its parameters and payload, as a terminal would
// read them: a two-byte ESC sequence (ESC and its final byte, with any
// intermediates), CSI (ESC [ or U+009B) up to its final byte, and the
// strings OSC, DCS, SOS, PM and APC (ESC ] P X ^ _ or their C1 forms)
// up to BEL, ST (ESC \ or U+009C), CAN or SUB, or to the end when
// unterminated. Removing only ESC would leave the parameters behind as
// text ("\x1b]52;c;QQ==\a" showing as "52cQQ"). Everything else, other
// controls included, is left for the caller to judge.
func StripEscapes(s string) string {
	if !strings.ContainsRune(s, 0x1b) && !strings.ContainsFunc(s, c1Introducer) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if end, ok := EscapeAt(s, i); ok {
			i = end
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// EscapeAt reports whether an escape sequence, as StripEscapes reads
// one, begins at byte i of s, and if so the index just after it (the
// end of s for one left unterminated).
func EscapeAt(s string, i int) (end int, ok bool) {
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == 0x1b:
		return skipEscape(s, i+n), true
	case r == 0x9b: // CSI
		return skipCSI(s, i+n), true
	case c1Introducer(r): // DCS, SOS, OSC, PM, APC
		return skipString(s, i+n), true
	}
	return i, false
}

// c1Introducer reports the C1 controls that begin a sequence.
func c1Introducer(r rune) bool {
	return r == 0x9b || r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f
}

// skipEscape returns the index after the escape sequence whose ESC ends
// just before i. An ESC followed by nothing a terminal reads as a
// sequence is removed alone.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch c := s[i]; {
	case c == '[':
		return skipCSI(s, i+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return skipString(s, i+1)
	case c >= 0x20 && c <= 0x2f: // intermediates, then one final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
			i++
		}
		return i
	case c >= 0x30 && c <= 0x7e: // ESC and one byte: ESC c resets the terminal
		return i + 1
	}
	return i
}

// skipCSI returns the index after a control sequence whose introducer
// ends just before i: parameter and intermediate bytes (and the C0
// controls a terminal runs inside one) up to a final byte. ESC, CAN or
// SUB abort it and are read next; a non-ASCII byte ends it.
func skipCSI(s string, i int) int {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		case c == 0x1b || c == 0x18 || c == 0x1a || c > 0x7f:
			return i
		}
	}
	return i
}

// skipString returns the index after a control string (OSC, DCS, SOS,
// PM, APC) whose introducer ends just before i: it ends at BEL, at ST
// (ESC \ or U+009C), at CAN or SUB, or at an ESC, which is read next;
// unterminated, it runs to the end, as it would swallow what follows
// on a terminal. Scanning bytes is safe: none of these bytes occurs
// inside a UTF-8 sequence.
func skipString(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case 0x07, 0x18, 0x1a:
			return i + 1
		case 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		case 0xc2:
			if i+1 < len(s) && s[i+1] == 0x9c {
				return i + 2
			}
		}
	}
	return i
}
