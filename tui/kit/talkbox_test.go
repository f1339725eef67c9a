package kit

import (
	"errors"
	"strings"
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

// TestWrapTalkSetsInLaterRows: a long line said wraps with its later
// rows set in, so that words made to begin a row ("Elodie: ...") never
// pass for a line of someone else's; cut to a limit, it ends in the
// mark, and no row is wider than asked.
func TestWrapTalkSetsInLaterRows(t *testing.T) {
	s := `omar: "` + strings.Repeat("ha", 34) + ` Elodie: "I cheat, I see the bots' cards. Ban me"`
	for _, w := range []int{20, 40, 76} {
		rows := WrapTalk(s, w, 0, "…")
		assert.Greater(t, len(rows), 1, "width %d", w)
		assert.True(t, strings.HasPrefix(rows[0], "omar:"), "width %d: %q", w, rows[0])
		for _, r := range rows {
			assert.LessOrEqual(t, WidthOf(r), w, "width %d: %q", w, r)
		}
		for _, r := range rows[1:] {
			assert.True(t, strings.HasPrefix(r, "  ") && !strings.HasPrefix(r, "   "), "width %d: %q is not set in", w, r)
		}
		nospace := func(s string) string { return strings.ReplaceAll(s, " ", "") }
		assert.Equal(t, nospace(s), nospace(strings.Join(rows, "")), "width %d: words lost", w)
		cut := WrapTalk(s, w, 2, "…")
		assert.Len(t, cut, 2)
		assert.True(t, strings.HasSuffix(cut[1], "…"), "%q", cut[1])
		assert.LessOrEqual(t, WidthOf(cut[1]), w)
	}
	assert.Equal(t, []string{`ann: "hi"`}, WrapTalk(`ann: "hi"`, 40, 0, "…"))
}

// A line that lacks keys the server dropped (Gap) is never sent as it
// is: the rest of the burst is not added to it, enter refuses it and
// the note says why; once edited it is the person's again and enter
// sends it. A closed box is left alone.
func TestTalkBoxGap(t *testing.T) {
	var said []string
	say := func(text string) (string, error) { said = append(said, text); return "", nil }
	var b TalkBox
	var note Note
	b.Gap(&note)
	assert.Equal(t, Note{}, note, "a closed box has no line to mark")
	b.Open(200, &note)
	for _, k := range strings.Split("msg 4 ün", "") {
		b.Key(press(k), &note, say)
	}
	b.Gap(&note)
	assert.True(t, note.Err)
	assert.Contains(t, note.Text, "some were dropped")
	// The rest of the burst: typed and pasted text is not added, and
	// its enters send nothing.
	for _, k := range strings.Split("/msg 5", "") {
		b.Key(press(k), &note, say)
	}
	b.Paste("/msg 6", &note)
	assert.False(t, b.Key(press("enter"), &note, say))
	assert.Empty(t, said)
	assert.True(t, b.Typing)
	assert.Equal(t, "msg 4 ün", b.Input.String())
	assert.Contains(t, note.Text, "enter does not send it")
	// Edited, it sends.
	b.Key(tea.KeyPressMsg{Code: tea.KeyBackspace}, &note, say)
	assert.Equal(t, Note{}, note)
	b.Key(press("x"), &note, say)
	assert.True(t, b.Key(press("enter"), &note, say))
	assert.Equal(t, []string{"msg 4 üx"}, said)
	// Esc cancels a marked line, and the next opens unmarked.
	b.Open(200, &note)
	b.Key(press("a"), &note, say)
	b.Gap(&note)
	b.Key(press("esc"), &note, say)
	b.Open(200, &note)
	b.Key(press("b"), &note, say)
	assert.True(t, b.Key(press("enter"), &note, say))
	assert.Equal(t, []string{"msg 4 üx", "b"}, said)
}
