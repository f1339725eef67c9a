package kit

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Note is the line a screen says under its own: what a key did, or
// with Err why it was refused.
type Note struct {
	Text string
	Err  bool
}

// TalkBox is the line a person types to talk, at a table and in the
// lobby: / opens it (Open), enter says it, esc cancels. What the box has
// to say (a command's answer, why a line was refused, that a paste was
// cut) goes into the note the screen shows, which each call is given.
type TalkBox struct {
	Typing bool
	Input  LineInput
	// held is set while the line was refused by a LineHolder.
	held bool
}

// InputDropped is a message that says the server dropped keys the
// person typed, for coming faster than it takes them (its key-rate
// guard): a line being typed lacks them. A screen with a TalkBox open
// gives it to Gap.
type InputDropped interface{ InputDropped() }

// Gap marks the open line as lacking keys that were dropped: it is
// kept as it is, what is typed or pasted after it is not added (the
// rest of a burst would run its lines together), and enter does not
// send it, so a line missing its middle or run into the next is never
// said; backspace or ctrl+u edits it, and then enter sends it, esc
// cancels it. The note says so. A closed box is left alone.
func (b *TalkBox) Gap(note *Note) {
	if !b.Typing {
		return
	}
	b.Input.Gap()
	*note = gapNote
}

// gapNote is the note of a line that lacks dropped keys (Gap).
var gapNote = Note{Text: "Keys came too fast and some were dropped: this line may lack some, so enter does not send it. Backspace or ctrl+u edits it, esc cancels it.", Err: true}

// Open opens the box for lines of at most limit characters; a note
// that is no refusal goes.
func (b *TalkBox) Open(limit int, note *Note) {
	b.Typing = true
	b.Input.Max = limit
	if !note.Err {
		*note = Note{}
	}
}

// Key takes a key while the box is open. Enter says the line through
// say: the box closes once it is said (an empty line just closes it),
// and keeps its text when say refuses it. It reports whether a line was
// said.
func (b *TalkBox) Key(msg tea.KeyPressMsg, note *Note, say func(string) (string, error)) (said bool) {
	switch msg.String() {
	case "esc":
		b.close()
		*note = Note{}
	case "enter":
		text := strings.TrimSpace(b.Input.String())
		if b.Input.Gapped() && text != "" {
			*note = gapNote
			return false
		}
		if text == "" {
			b.close()
			return false
		}
		answer, err := say(text)
		if err != nil {
			var h LineHolder
			b.held = errors.As(err, &h) && h.HoldsLine()
			*note = Note{Text: Capital(err.Error()) + ".", Err: true}
			return false
		}
		b.close()
		*note = Note{Text: answer}
		return true
	default:
		if b.Input.Gapped() {
			switch msg.String() {
			case "backspace", "ctrl+h", "ctrl+u":
				b.held = false // edited: the line is the person's again
				*note = Note{}
			default:
				return false // the rest of the burst is not added
			}
		}
		if b.held {
			switch msg.String() {
			case "backspace", "ctrl+h", "ctrl+u":
				b.held = false // the line is being edited: keys count again
			default:
				if msg.Text != "" || msg.String() == "space" || msg.String() == "tab" {
					return false // the held line's note stays, saying why
				}
			}
		}
		if b.Input.Key(msg) {
			b.cut(note)
		}
	}
	return false
}

// LineHolder is an error of say after which the line refused stays in
// the box as it is, for enter to send once it may (a line refused for
// coming too fast): what is typed or pasted meanwhile is not added to
// it, so the next lines of a burst never pile onto it; backspace or
// ctrl+u edits it again. Its Error says so.
type LineHolder interface{ HoldsLine() bool }

// Keep closes the box with its line kept for the next Open, and notes
// that the line was not sent and why (the person may not talk for now:
// it would not be sent by itself later either).
func (b *TalkBox) Keep(note *Note, why error) {
	b.Typing = false
	*note = Note{Text: "Not sent: " + why.Error() + ". Your line is kept: / opens it again.", Err: true}
}

// Paste adds a paste to the open box.
func (b *TalkBox) Paste(text string, note *Note) {
	if b.held || b.Input.Gapped() {
		return // LineHolder, Gap
	}
	b.Input.Paste(text)
	b.cut(note)
}

func (b *TalkBox) close() {
	b.Typing, b.held = false, false
	b.Input.Reset()
}

// cut says that a key or paste did not fit in the box; the next key
// that does fit takes a refusal away.
func (b *TalkBox) cut(note *Note) {
	if b.Input.Cut {
		*note = Note{Text: "A line holds at most " + Plural(b.Input.Max, "character") + ": the rest was left out.", Err: true}
	} else if note.Err {
		*note = Note{}
	}
}

// TalkHang is how far a said line's later rows are set in.
const TalkHang = 2

// WrapTalk wraps a line said (`ann: "…"`) to w cells at its spaces
// (WrapAtSpaces), on at most limit rows when limit > 0, its later rows
// set in under the first: a row of someone's words that begins like a
// line of its own ("bob: …", "Ann #3b94…: …") never reads as said by
// another person, or as the game's own words.
//
// A line that takes more than a row is wrapped, its first row too, to
// the later rows' width: one wrap of the whole line keeps its words as
// WrapAtSpaces breaks them.
func WrapTalk(s string, w, limit int, mark string) []string {
	if rows := WrapAtSpaces(s, w, limit, mark); len(rows) <= 1 {
		return rows
	}
	rows := WrapAtSpaces(s, w-TalkHang, limit, mark)
	for i := 1; i < len(rows); i++ {
		rows[i] = strings.Repeat(" ", TalkHang) + rows[i]
	}
	return rows
}
