package lobby

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit"
)

// The lobby's quit question promises saved games to a key only: a
// guest's games are not kept, and the question says so.
func TestQuitQuestionTellsAGuestTheTruth(t *testing.T) {
	guest := New(Config{Player: hall.Player{Name: "guest"}})
	assert.Equal(t, "A guest's games are not kept.", guest.QuitQuestion())
	ann := New(Config{Player: hall.Player{ID: "key-ann", Name: "ann"}})
	assert.Equal(t, "Your games stay saved.", ann.QuitQuestion())
}

// ending is a screen whose own q leaves unasked when done is set (the
// game's end of a game alone: "[q] back to the lobby").
type ending struct{ done bool }

func (*ending) Name() string                                         { return "table" }
func (e *ending) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return e, nil }
func (*ending) View(*kit.Context) string                             { return "" }
func (e *ending) QuitsAtOnce() bool                                  { return e.done }

// TestAwayQuitsAtOnceAsItsScreen: a game alone's q asks while the game
// goes on, and at the game's end, whose screen offers "[q] back to the
// lobby", leaves unasked as that screen does.
func TestAwayQuitsAtOnceAsItsScreen(t *testing.T) {
	e := &ending{}
	b := &Away{Inside: kit.Inside{Shown: e}}
	if b.QuitsAtOnce() {
		t.Fatal("q leaves a game under way unasked")
	}
	e.done = true
	if !b.QuitsAtOnce() {
		t.Fatal("q at the game's end asks")
	}
}
