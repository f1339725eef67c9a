package kit

import (
	"unicode"

	tea "charm.land/bubbletea/v2"
)

// LineInput is one line of text being typed: a chat line. It keeps at
// most Max characters (code points; 0 keeps any number): a key or a
// paste beyond them is cut there and Cut says so, so a huge paste costs
// the work of Max characters and is never held whole.
type LineInput struct {
	Max  int
	text []rune
	// Cut is set when the last key or paste did not fit whole.
	Cut bool
	// Dropped is the last control, format character or escape left out
	// of the line since it was emptied, 0 for none: a caller that
	// refuses such characters rather than drop them names it.
	Dropped rune
	// gap is set while the line lacks keys the server dropped (Gap).
	gap bool
}

// Gap marks the line as lacking keys the server dropped
// (InputDropped): what is typed or pasted after it is not added, since
// the rest of a burst would run into it, until backspace or ctrl+u
// edits the line. Gapped says so meanwhile: the caller's enter must not
// send the line as it is.
func (in *LineInput) Gap() { in.gap = true }

// Gapped reports whether the line lacks dropped keys (Gap) and was not
// edited since.
func (in *LineInput) Gapped() bool { return in.gap }

// String is the text typed.
func (in *LineInput) String() string { return string(in.text) }

// Len is the number of characters typed.
func (in *LineInput) Len() int { return len(in.text) }

// Reset empties the line.
func (in *LineInput) Reset() { in.text, in.Cut, in.Dropped, in.gap = in.text[:0], false, 0, false }

// Key takes a key press: its text is added (not while Gapped),
// backspace takes the last character back, ctrl+u empties the line. It
// reports whether the key changed the line (enter and esc do not: the
// caller sends or cancels; text refused does not either).
func (in *LineInput) Key(msg tea.KeyPressMsg) bool {
	switch msg.String() {
	case "backspace", "ctrl+h":
		if len(in.text) > 0 {
			in.text = in.text[:len(in.text)-1]
		}
		in.Cut, in.gap = false, false
		return true
	case "ctrl+u":
		in.Reset()
		return true
	case "space", "tab":
		// A tab typed is a space, as a pasted one is.
		return in.add(" ")
	}
	if msg.Text == "" {
		return false
	}
	return in.add(msg.Text)
}

// Paste adds pasted text (not while Gapped): line breaks and tabs
// become spaces, escape sequences go whole (with an OSC's title or a
// CSI's parameters), other controls and format characters go.
func (in *LineInput) Paste(s string) { in.add(s) }

// Escape states of add: in no sequence, after ESC, in a CSI (up to its
// final byte), in a string (OSC, DCS, SOS, PM, APC: up to BEL or ST).
const (
	escNone = iota
	escStart
	escCSI
	escString
)

// add appends s within Max, reading no further than the limit; false
// when the line is Gapped and takes nothing.
func (in *LineInput) add(s string) bool {
	if in.gap {
		return false
	}
	in.Cut = false
	state := escNone
	for _, r := range s {
		if in.Max > 0 && len(in.text) >= in.Max {
			in.Cut = true
			return true
		}
		switch state {
		case escStart:
			switch r {
			case '[':
				state = escCSI
			case ']', 'P', 'X', '^', '_':
				state = escString
			default:
				state = escNone // a two-character escape: ESC and its final
			}
			continue
		case escCSI:
			if r >= 0x40 && r <= 0x7e {
				state = escNone
			}
			continue
		case escString:
			switch r {
			case 0x07, 0x9c, 0x18, 0x1a: // BEL, ST, CAN, SUB end it
				state = escNone
			case 0x1b:
				state = escStart // ESC \ (ST) ends it: the \ is eaten
			}
			continue
		}
		switch {
		case r == 0x1b:
			state, in.Dropped = escStart, r
			continue
		case r == 0x9b:
			state, in.Dropped = escCSI, r
			continue
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			state, in.Dropped = escString, r
			continue
		case r == '\n' || r == '\r' || r == '\t':
			r = ' '
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			// Bidirectional overrides and the like would move the
			// typist's own screen; the chat cleans the rest.
			in.Dropped = r
			continue
		}
		in.text = append(in.text, r)
	}
	return true
}

// View is the line in w cells: its end when it is longer (the place
// being typed stays in view), then the cursor.
func (in *LineInput) View(w int, cursor string) string {
	cw := WidthOf(cursor)
	rs := in.text
	for len(rs) > 0 && WidthOf(string(rs))+cw > w {
		rs = rs[1:]
	}
	return string(rs) + cursor
}
