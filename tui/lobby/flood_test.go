package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A burst of lines past the talk's rate: the first line refused for
// coming too fast stays in the box as it is, saying why, and the keys
// of the next lines of the burst are not typed onto it ("spam 6/spam
// 7..."); enter tries it again, backspace edits it again.
func TestTalkBurstRefusedLinesDoNotPileUp(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, true, 0)
	for i := 1; i <= 8; i++ {
		press(l, ctx, "/")
		typeLine(l, ctx, fmt.Sprintf("spam %d", i))
		if i <= 5 {
			require.False(t, l.talk.open(), "line %d was not said", i)
			continue
		}
		require.True(t, l.talk.open(), "line %d: the refused line's box closed", i)
		assert.Equal(t, "spam 6", l.talk.box.Input.String(), "line %d", i)
		assert.True(t, l.talk.note.Err, "line %d", i)
		assert.True(t, strings.HasPrefix(l.talk.note.Text, "Not sent, too fast: slow down: wait 1 s, then enter sends this line"), "line %d: %q", i, l.talk.note.Text)
	}
	sub, h := l.talk.t.room.Subscribe("zz")
	sub.Close()
	var said []string
	for _, line := range h.Lines {
		said = append(said, line.Text)
	}
	assert.Equal(t, []string{"spam 1", "spam 2", "spam 3", "spam 4", "spam 5"}, said)

	press(l, ctx, "backspace")
	press(l, ctx, "7")
	assert.Equal(t, "spam 7", l.talk.box.Input.String(), "backspace edits the held line again")
}
