package tui

import (
	"reflect"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// escTail drops the tail of a terminal report that reached the program
// in two pieces. A report (a mouse wheel's "\x1b[<64;12;5M", say) cut
// by the network for longer than the input reader waits comes as an
// unknown sequence "\x1b[<64;1", or as the Esc key then "[", followed by
// its last bytes as typed keys: "2", ";", "5", "M". At a table a digit
// plays a card, so those keys must never reach a screen. The tail is
// the sequence's parameter bytes (digits, ";", "<" …) and one final
// byte (a letter, "~"), at most maxTail keys; any other key ends it and
// goes through. No clock is read: the pieces may come any time apart.
type escTail struct {
	left    int  // keys of a tail still to drop; 0 when none is open
	afterEs bool // the last key was Esc: a "[" now opens a tail
}

// maxTail bounds a tail: the longest report the terminal sends (a mouse
// report at a large window) has fewer bytes after its "\x1b[".
const maxTail = 16

// drop reports whether msg is part of a broken report's tail (or opens
// one) and must not reach the screen.
func (t *escTail) drop(msg tea.Msg) bool {
	if s, ok := unknownSequence(msg); ok {
		// An unknown sequence cut before its final byte opens a tail.
		t.afterEs = false
		if strings.HasPrefix(s, "\x1b[") && len(s) > 2 && isParam(s[len(s)-1]) {
			t.left = maxTail
		}
		return false
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return false
	}
	text := k.Text
	if t.afterEs && text == "[" {
		t.afterEs, t.left = false, maxTail
		return true
	}
	t.afterEs = k.String() == "esc"
	if t.left == 0 {
		return false
	}
	if len(text) != 1 {
		t.left = 0 // a key with no text (Enter, an arrow) is the person's
		return false
	}
	switch b := text[0]; {
	case isParam(b):
		t.left--
		return true
	case b >= 0x40 && b <= 0x7e: // the final byte ends the report
		t.left = 0
		return true
	}
	t.left = 0
	return false
}

// isParam reports whether b is a parameter or intermediate byte of a
// CSI sequence ("-" among them, which a malformed report may carry).
func isParam(b byte) bool { return b > 0x20 && b <= 0x3f }

// unknownSequence returns the text of an input event the terminal
// reader could not decode (ultraviolet's UnknownEvent, which Bubble Tea
// passes on as it is: a string type holding the raw bytes).
func unknownSequence(msg tea.Msg) (string, bool) {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.String || !strings.HasSuffix(v.Type().Name(), "UnknownEvent") {
		return "", false
	}
	return v.String(), true
}
