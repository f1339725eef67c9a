package lobby

import (
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
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

// lockLog is a store whose lock says when it is let go.
type lockLog struct{ unlocked chan struct{} }

func (s *lockLog) Lock() error { return nil }
func (s *lockLog) Unlock() error {
	close(s.unlocked)
	return nil
}

// savingGame is a game alone whose last save lands when saved closes;
// waiting says Wait was called.
type savingGame struct {
	waiting chan struct{}
	once    sync.Once
	saved   chan struct{}
}

func (g *savingGame) Wait() {
	g.once.Do(func() { close(g.waiting) })
	<-g.saved
}
func (g *savingGame) Over() bool     { return false }
func (g *savingGame) SaveErr() error { return nil }

// gameView is the screen of a game alone.
type gameView struct{}

func (gameView) Name() string                                         { return "game" }
func (v gameView) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return v, nil }
func (gameView) View(*kit.Context) string                             { return "" }

// A connection that ends during its game alone lets the person's games
// go only once the game's last change is written: another connection
// of the same key may take the lock at once, and must find the game as
// it was left, with no write of the first landing after it.
func TestConnectionEndWaitsForTheGamesSave(t *testing.T) {
	st := &lockLog{unlocked: make(chan struct{})}
	game := &savingGame{waiting: make(chan struct{}), saved: make(chan struct{})}
	done := make(chan struct{})
	l := aloneLobby(t, st, done, game)
	ctx := kittest.Context(80, 24)
	away, _ := l.Update(&ctx, kittest.Key("p"))
	away.Update(&ctx, kittest.Key("x")) // a key on the game's screen

	close(done) // the connection ends with the game's last save queued
	select {
	case <-st.unlocked:
		t.Fatal("the games were let go before the game's last save landed")
	case <-game.waiting:
	case <-time.After(time.Minute):
		t.Fatal("the connection's end neither waited for the game nor let it go")
	}
	select {
	case <-st.unlocked:
		t.Fatal("the games were let go while the game's last save was being written")
	default:
	}
	close(game.saved)
	select {
	case <-st.unlocked:
	case <-time.After(time.Minute):
		t.Fatal("the games were never let go")
	}
	assert.False(t, l.hold.holding)
}

// slowUnlock is a store whose Unlock waits for free to close, as a
// lock waits on the disk; unlocking says Unlock was reached.
type slowUnlock struct{ unlocking, free chan struct{} }

func (s *slowUnlock) Lock() error { return nil }
func (s *slowUnlock) Unlock() error {
	close(s.unlocking)
	<-s.free
	return nil
}

// savedGame is a game alone whose saves have all landed.
type savedGame struct{}

func (savedGame) Wait()          {}
func (savedGame) Over() bool     { return false }
func (savedGame) SaveErr() error { return nil }

// The game's screen goes on while the connection's end lets the games
// go: its Update does not wait for the store, which may be on the disk.
func TestGameUpdateDoesNotWaitForTheStore(t *testing.T) {
	st := &slowUnlock{unlocking: make(chan struct{}), free: make(chan struct{})}
	defer close(st.free)
	done := make(chan struct{})
	l := aloneLobby(t, st, done, savedGame{})
	ctx := kittest.Context(80, 24)
	away, _ := l.Update(&ctx, kittest.Key("p"))
	close(done)
	select {
	case <-st.unlocking:
	case <-time.After(time.Minute):
		t.Fatal("the connection's end never let the games go")
	}
	updated := make(chan struct{})
	go func() {
		away.Update(&ctx, kittest.Key("x"))
		close(updated)
	}()
	select {
	case <-updated:
	case <-time.After(time.Minute):
		t.Fatal("the game's Update waited for the store's Unlock")
	}
}

// aloneLobby is ann's lobby whose game alone, on store st, is game,
// shown as a gameView; done is the connection's end.
func aloneLobby(t *testing.T, st any, done chan struct{}, game Game) *Lobby {
	return New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Done: done, Alone: Alone{
		Store: st,
		Open: func(_ string, _ uint64, busy func() bool, _ func() kit.Screen, wrap func(kit.Screen) kit.Screen) kit.Screen {
			require.False(t, busy())
			return wrap(gameView{})
		},
		Game: func(s kit.Screen) Game {
			if _, ok := s.(gameView); ok {
				return game
			}
			return nil
		},
	}})
}
