package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// toggleOrder sorts the hand the other way and keeps the choice in the
// settings, when the game has them.
func (t *table) toggleOrder() (kit.Screen, tea.Cmd) {
	v := t.d.view()
	var sel rules.Card = rules.NoCard
	if hand := t.hand(&v); t.Cursor >= 0 && t.Cursor < len(hand) {
		sel = hand[t.Cursor]
	}
	t.order ^= 1
	word := "trick strength"
	if t.order == kit.BySuit {
		word = "suit, in sequence order"
	}
	// The cursor stays on the card it was on.
	for i, c := range t.hand(&v) {
		if c == sel {
			t.Cursor = i
		}
	}
	t.SetNote("The hand is sorted by "+word+".", false)
	return t, nil
}

// clearRefusal drops a refusal once the selection moves: it was about
// the card selected before.
func (t *table) ClearRefusal() {
	if t.noteErr {
		t.SetNote("", false)
	}
}
