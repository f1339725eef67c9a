package tui

import (
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// TestAloneRecordsTheKey: over `klob serve` a game alone records the
// person's key on their seat, as a shared table's game does, so that
// their history counts it theirs and says won or lost; a game saved
// before it did gets the key when resumed. Local play records none.
func TestAloneRecordsTheKey(t *testing.T) {
	lobbyGame := func(key string) *gamelog.Log {
		t.Helper()
		c := testConfig(7, &memStore{})
		c.Key = key
		m, err := c.newGame(c.Setup)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Wait()
		l, err := m.h.Log()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	l := lobbyGame("key-ann")
	if got := l.Header.Key(rules.SeatA); got != "key-ann" {
		t.Errorf("the game alone records key %q at A, want key-ann", got)
	}
	if me, ok := l.Header.PersonSeat("key-ann"); !ok || me != rules.SeatA {
		t.Errorf("the person's seat by key: %v %v, want A", me, ok)
	}
	if got := lobbyGame("").Header.Key(rules.SeatA); got != "" {
		t.Errorf("local play records key %q, want none", got)
	}

	// A game saved without the key, resumed.
	old := lobbyGame("")
	c := testConfig(7, &memStore{})
	c.Key = "key-ann"
	m, err := c.resumeGame(old)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Wait()
	l, err = m.h.Log()
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Header.Key(rules.SeatA); got != "key-ann" {
		t.Errorf("the resumed game records key %q at A, want key-ann", got)
	}
}
