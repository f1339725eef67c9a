package tui

import (
	"errors"
	"os"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/gamelog"
	"github.com/klob/klob/internal/store"
	"github.com/klob/klob/rules"
)

// The store of the state directory is a Store.
var _ Store = (*store.Store)(nil)

// PlayConfig is everything `klob play` decides before the first screen.
type PlayConfig struct {
	// Setup pre-fills the setup screen (from the flags).
	Setup Setup
	// Store keeps the game; nil plays without saving.
	Store Store
	// NewBot makes the opponent; nil means ai.New.
	NewBot BotFactory
	// Timing paces the bot; the zero value moves at once.
	Timing Timing
	// Now is the clock for the game's start time; nil means time.Now.
	Now func() time.Time
	// Player is the person's name in the game log ("" for $USER or "You").
	Player string
	// ASCII draws suits as letters and boxes with + - |.
	ASCII bool
	// SkipSetup starts the game at once with Setup (when no save is
	// offered), for tests and scripted runs.
	SkipSetup bool
	// Issue 14's fields: see busy.go.
	Crowd
}

// DefaultSetup is a new game against the normal bot, to 500, with the
// default rules.
func DefaultSetup(seed uint64) Setup {
	return Setup{Level: ai.Normal, Options: rules.DefaultOptions(), Seed: seed}
}

func (c *PlayConfig) newBot(level ai.Level, seed uint64) (ai.Bot, error) {
	f := c.NewBot
	if f == nil {
		f = ai.New
	}
	b, err := f(level, ai.Config{Seed: seed})
	if err == nil && b == nil {
		err = errors.New("no bot")
	}
	return b, err
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

// nextSeed derives the seed of the next game from the last one
// (splitmix64), so a session stays reproducible from its first seed.
func (c *PlayConfig) nextSeed(s uint64) uint64 {
	s += 0x9e3779b97f4a7c15
	z := s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// NewPlay returns the App of `klob play`: it offers the saved game when
// there is one (or says why it cannot be read), else opens the setup
// screen.
func NewPlay(cfg PlayConfig) *App {
	c := &cfg
	var first Screen
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
	var current *match
	app := NewApp(first, AppOptions{
		ASCII: cfg.ASCII,
	})
	app.opts.Flush = func() {
		if m := matchOf(app.screen); m != nil {
			m.saver.wait()
		}
	}
	app.opts.QuitNote = func() string {
		m := matchOf(app.screen)
		if m == nil {
			return ""
		}
		current = m
		if current.game.Over() {
			if current.archivePath != "" {
				return "The game log is saved at " + current.archivePath
			}
			return ""
		}
		if c.Store == nil {
			return "The game was not saved: there was no state directory to save it in."
		}
		if current.saveErr != nil {
			return "The last autosave failed: " + current.saveErr.Error()
		}
		return "The game is saved: run klob again to resume it."
	}
	return app
}

// matchOf returns the game a screen shows, if any.
func matchOf(s Screen) *match {
	switch s := s.(type) {
	case *table:
		return s.m
	case *result:
		return s.t.m
	case *gameOver:
		return s.t.m
	}
	return nil
}
