package tui

import (
	"errors"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
)

// The store of the state directory is a session.Store.
var _ session.Store = (*store.Store)(nil)

// PlayConfig is everything `klob play` decides before the first screen.
type PlayConfig struct {
	// Setup pre-fills the setup screen (from the flags).
	Setup Setup
	// Store keeps the game; nil plays without saving.
	Store session.Store
	// NewBot makes the opponent; nil means ai.New.
	NewBot ai.Factory
	// NewTableBot makes the bots of a game of three or four; nil means
	// the real ones (play34.go).
	NewTableBot session.TableFactory
	// Timing paces the bot; the zero value moves at once.
	Timing Timing
	// Heavy bounds the hint's evaluation on a server, behind the bots
	// (nil: unbounded).
	Heavy *Gate
	// Now is the clock for the game's start time; nil means time.Now.
	Now func() time.Time
	// Player is the person's name in the game log ("" for $USER or "You").
	Player string
	// ASCII draws suits as letters and boxes with + - |.
	ASCII bool
	// SkipSetup starts the game at once with Setup (when no save is
	// offered), for tests and scripted runs.
	SkipSetup bool
	// What is known of the state directory (another Klob in it, a
	// warning): see busy.go.
	StateDir
	// Prefs, when set, are the player's settings from the settings file:
	// the setup screen offers them, they pace the bot (unless PaceFlag),
	// order the hand and say what happens after a trick. Without them
	// the game runs on Timing alone (tests).
	Prefs *settings.Settings
	// LevelFlag is set when -level was given: a saved game against
	// another level is then offered with the choice of a new game at the
	// level asked for.
	LevelFlag bool
	// PaceFlag is set when -pace was given: Timing.Pace then wins over
	// the settings.
	PaceFlag bool
	// SavePrefs, when set, keeps changed settings when a game starts.
	SavePrefs func(settings.Settings) error
}

// timing is how the bot is paced in a game with prefs.
func (c *PlayConfig) timing(p settings.Settings) Timing {
	tm := c.Timing
	if c.Prefs != nil && !c.PaceFlag {
		tm.Pace = p.Pace.Delay()
	}
	return tm
}

func (c *PlayConfig) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *PlayConfig) player() string {
	if c.Player != "" {
		return c.Player
	}
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "You"
}

// newGame starts the session of a new game from setup: the person at
// humanSeat, the bot of setup.Level at botSeat.
func (c *PlayConfig) newGame(setup Setup) (*seated, error) {
	players := make([]session.Player, 2)
	players[humanSeat] = session.Player{Name: c.player(), Human: true}
	players[botSeat] = session.Player{Name: "Bot", Level: setup.Level}
	s, err := session.New(session.Config{
		Options: setup.Options,
		Seed:    setup.Seed,
		Players: players,
		Store:   c.Store,
		NewBot:  c.NewBot,
		Start:   c.now(),
		// Practice: the player chose the seed.
		Practice: setup.Practice,
	})
	if err != nil {
		return nil, err
	}
	return newSeated(s, setup), nil
}

// resumeGame continues the game l saved.
func (c *PlayConfig) resumeGame(l *gamelog.Log) (*seated, error) {
	s, err := session.Resume(l, session.Config{Seed: c.Setup.Seed, Store: c.Store, NewBot: c.NewBot})
	if err != nil {
		return nil, err
	}
	p := s.Players()
	h := s.Header()
	setup := Setup{Level: p[botSeat].Level, Options: s.Game().Options(), Seed: s.Seed(), Practice: h.Practice()}
	if c.Prefs != nil {
		setup.Prefs = *c.Prefs
	}
	return newSeated(s, setup), nil
}

// NewPlay returns the App of `klob play`: it offers the saved game when
// there is one (or says why it cannot be read), else opens the setup
// screen.
func NewPlay(cfg PlayConfig) *App {
	c := &cfg
	if c.Prefs != nil {
		c.Setup.Prefs = *c.Prefs
	}
	var first screenModel
	var l *gamelog.Log
	var err error = store.ErrNoSave
	if c.Store != nil && c.Busy == nil {
		l, err = c.Store.LoadCurrent()
	}
	switch {
	case c.Busy != nil:
		first = newBusyScreen(c)
	case err == nil && l != nil:
		first = newResumeScreen(c, l, nil)
	case err != nil && !errors.Is(err, store.ErrNoSave):
		first = newResumeScreen(c, nil, err)
	case c.SkipSetup:
		// start hands over to the table, or stays on the setup screen
		// to show why the bot could not be made.
		first, _ = newSetupScreen(c, c.Setup).start(nil)
	default:
		first = newSetupScreen(c, c.Setup)
	}
	app := newApp(first, appOptions{
		ASCII: cfg.ASCII,
	})
	app.opts.Flush = func() {
		if m := seatedOf(app.screen); m != nil {
			m.Wait()
		}
	}
	app.opts.QuitNote = func() string {
		m := seatedOf(app.screen)
		if m == nil {
			return ""
		}
		if m.game.Over() {
			if _, path, _ := m.Archived(); path != "" {
				return "The game log is saved at " + path
			}
			return ""
		}
		if c.Store == nil {
			return "The game was not saved: there was no state directory to save it in."
		}
		if err := m.SaveErr(); err != nil {
			return "The last autosave failed: " + err.Error()
		}
		return "The game is saved: run klob again to resume it."
	}
	return app
}

// seatedOf returns the game a screen shows, if any.
func seatedOf(s screenModel) *seated {
	switch s := s.(type) {
	case *table:
		return s.m
	case *result:
		return s.t.m
	case *gameOver:
		return s.t.m
	case *table34:
		if st, ok := s.game.(sessionTable); ok {
			return &seated{Session: st.Session, game: st.Game()}
		}
	case *replayScreen:
		// The game just played, replayed from its end.
		if g, ok := s.back.(*gameOver); ok {
			return g.t.m
		}
	}
	return nil
}

// writtenMsg is what a session's Write did.
type writtenMsg session.Result

// writeCmd runs a session's Write (a save, an archive) off Update.
func writeCmd(w session.Write) tea.Cmd {
	if w == nil {
		return nil
	}
	return func() tea.Msg {
		r := w()
		if r.Empty() {
			return nil
		}
		return writtenMsg(r)
	}
}

// absorb takes the store's answers; every game screen passes messages
// through it first. It reports whether msg was one of them.
func (m *seated) absorb(msg tea.Msg) bool {
	if r, ok := msg.(writtenMsg); ok {
		m.Record(session.Result(r))
		return true
	}
	return false
}
