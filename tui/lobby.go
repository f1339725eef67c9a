package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/lobby"
)

// The lobby of `klob serve` is package tui/lobby; these names are the
// App around it and the game alone it offers, which this package plays.

// LobbyConfig is what the lobby of one `klob serve` connection needs
// (lobby.Config), with its game alone.
type LobbyConfig struct {
	lobby.Config
	// Solo is the play against bots, with the player's own store.
	Solo PlayConfig
}

// NewLobby returns the model of one connection: the App on the lobby,
// from which the person plays alone, opens a table or joins one.
func NewLobby(cfg LobbyConfig) tea.Model {
	c := cfg.Config
	c.Alone = soloAlone(cfg.Solo, cfg.Player.ID)
	l := lobby.New(c)
	app := newApp(l, appOptions{ASCII: cfg.ASCII, Remote: true, Settle: cfg.Solo.Timing.Settle})
	app.opts.Flush = func(scr kit.Screen) func() { return func() { l.Wait(scr) } }
	return &lobbyApp{App: app, lobby: l}
}

// soloAlone is the game alone of solo as the lobby opens and leaves it;
// key is the person's key id ("" for a guest), recorded on their seat.
func soloAlone(solo PlayConfig, key string) lobby.Alone {
	solo.Key = key
	a := lobby.Alone{
		Bell: func() bool { return solo.Prefs == nil || solo.Prefs.Bell },
		Open: func(player string, seed uint64, busy func() bool, elsewhere func() kit.Screen, wrap func(kit.Screen) kit.Screen) kit.Screen {
			c := solo
			c.Player = player
			// The form starts from the settings kept; the server's pace
			// paces the bots, and the form says so.
			c.fromPrefs(true)
			c.Setup.Seed = seed
			return openSaved(&c, busy, elsewhere, wrap)
		},
		Game: func(s kit.Screen) lobby.Game {
			if m := seatedOf(s); m != nil {
				return m
			}
			return nil
		},
	}
	if solo.Store != nil {
		a.Store = solo.Store
	}
	return a
}

// lobbyApp lets a screen that takes text have every key, and takes the
// quits of the screens opened from the lobby back to it.
type lobbyApp struct {
	*App
	lobby *lobby.Lobby
}

func (a *lobbyApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := a.lobby.TakeTalk(msg); ok {
		// The lobby's talk goes on under the other screens.
		return a, cmd
	}
	if _, ok := msg.(lobby.TakenMsg); ok {
		// Another connection of the same key takes the game alone over:
		// back to the lobby, the game saved and let go.
		if next := lobby.Taken(a.screen); next != nil {
			a.overlay, a.quit = nil, false
			a.screen = next
			return a, a.screen.(kit.Enterer).Enter(&a.ctx)
		}
		return a, nil
	}
	if _, ok := msg.(kit.QuitNowMsg); ok {
		// Quitting a game played from the lobby (q then y, or the end of
		// the game) comes back to the lobby; ctrl+c ends the connection.
		if next, cmd := lobby.QuitNow(&a.ctx, a.screen); next != nil {
			a.screen = next
			return a, tea.Batch(cmd, kit.Enter(&a.ctx, next))
		}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && a.overlay == nil && !a.quit && !a.tooSmall() {
		if lobby.Typing(a.screen) && !kit.IsKey(k, a.ctx.Keys.ForceQuit) {
			return a, a.route(msg)
		}
	}
	_, cmd := a.App.Update(msg)
	return a, cmd
}
