package lobby

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/play/hall"
)

// The lobby's quit question promises saved games to a key only: a
// guest's games are not kept, and the question says so.
func TestQuitQuestionTellsAGuestTheTruth(t *testing.T) {
	guest := New(Config{Player: hall.Player{Name: "guest"}})
	assert.Equal(t, "A guest's games are not kept.", guest.QuitQuestion())
	ann := New(Config{Player: hall.Player{ID: "key-ann", Name: "ann"}})
	assert.Equal(t, "Your games stay saved.", ann.QuitQuestion())
}
