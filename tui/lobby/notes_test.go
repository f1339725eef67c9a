package lobby

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/play/hall"
)

// An error under the tables reads as a sentence, as the waiting
// room's do: the hall's errors (lower case, no stop) included.
func TestErrorNotesAreSentences(t *testing.T) {
	l, ctx := steadyLobby(t, 1, false, false, 0)
	for err, want := range map[string]string{
		hall.ErrGuest.Error():      "! Guests (no SSH key) play against bots only: connect with a key to sit at a",
		hall.ErrNoTable.Error():    "! No open table has that code.",
		"join \"QQQQ\": no table.": "! Join \"QQQQ\": no table.",
	} {
		l.setNote(err, true)
		scr := strings.Join(screenLines(l, ctx), "\n")
		assert.Contains(t, scr, want, scr)
	}
	l.setNote("You are bob now.", false)
	assert.Equal(t, "You are bob now.", l.note)
}
