package kit

import (
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

// The talk box at the table and in the lobby: open, type, say, refuse,
// cut, cancel, and the note each leaves.
func TestTalkBox(t *testing.T) {
	var said []string
	say := func(text string) (string, error) {
		if text == "no" {
			return "", errors.New("refused here")
		}
		said = append(said, text)
		return "answered", nil
	}
	var b TalkBox
	note := Note{Text: "West played 9♠"}
	b.Open(5, &note)
	assert.True(t, b.Typing)
	assert.Equal(t, Note{}, note, "opening clears a note that is no refusal")

	// An empty line just closes the box.
	assert.False(t, b.Key(press(" "), &note, say))
	assert.False(t, b.Key(press("enter"), &note, say))
	assert.False(t, b.Typing)
	assert.Zero(t, b.Input.Len(), "the spaces went with the box")
	assert.Empty(t, said)

	// A refused line stays in the box, the refusal in the note; a
	// refusal stays when the box is opened again.
	b.Open(5, &note)
	b.Key(press("n"), &note, say)
	b.Key(press("o"), &note, say)
	assert.False(t, b.Key(press("enter"), &note, say))
	assert.Equal(t, Note{Text: "Refused here.", Err: true}, note)
	assert.True(t, b.Typing)
	assert.Equal(t, "no", b.Input.String())
	b.Open(5, &note)
	assert.True(t, note.Err)

	// A paste past the limit is cut and says so; the next key that fits
	// takes the refusal away.
	b.Input.Reset()
	b.Paste("hello world", &note)
	assert.Equal(t, "hello", b.Input.String())
	assert.Equal(t, Note{Text: "A line holds at most 5 characters: the rest was left out.", Err: true}, note)
	b.Key(tea.KeyPressMsg{Code: tea.KeyBackspace}, &note, say)
	assert.Equal(t, Note{}, note)

	// Said: the box closes empty, the answer in the note.
	assert.True(t, b.Key(press("enter"), &note, say))
	assert.Equal(t, []string{"hell"}, said)
	assert.False(t, b.Typing)
	assert.Zero(t, b.Input.Len())
	assert.Equal(t, Note{Text: "answered"}, note)

	// esc cancels: the text and the note go.
	b.Open(5, &note)
	b.Key(press("x"), &note, say)
	note = Note{Text: "kept?", Err: true}
	b.Key(press("esc"), &note, say)
	assert.False(t, b.Typing)
	assert.Zero(t, b.Input.Len())
	assert.Equal(t, Note{}, note)
}
