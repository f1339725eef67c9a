package tui

import (
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/learn"
	"github.com/klob/klob/tui/setup"
)

// Setup is what the setup screen decides: the bots' level, the rules,
// the seed and the player's settings (package tui/setup).
type Setup = setup.Setup

// newSetupScreen opens the form of a new game, filled with s, for every
// seat count; its start makes the game with cfg. L on it opens the
// guided first game, which comes back to the form.
func newSetupScreen(cfg *PlayConfig, s Setup) *setup.Screen {
	return setup.New(cfg.formConfig(), s)
}

// formConfig is the setup form's Config for a game of c: the settings
// offered and kept as they change, the game started by startTable.
func (c *PlayConfig) formConfig() setup.Config {
	return setup.Config{Prefs: c.Prefs != nil, Warning: c.Warning, Start: c.startTable, Learn: lessonFrom,
		PrefsChanged: c.prefsChanged}
}

// prefsChanged takes the settings changed on the form as the player's,
// and returns the work that saves them (none without a settings file).
func (c *PlayConfig) prefsChanged(p settings.Settings) tea.Cmd {
	if c.Prefs == nil {
		return nil
	}
	*c.Prefs = p
	if c.SavePrefs == nil {
		return nil
	}
	if c.keeper == nil {
		c.keeper = &prefsKeeper{}
	}
	return c.keeper.keep(p, c.SavePrefs)
}

// prefsKeeper saves the settings off the UI goroutine as they change,
// the last change last: a save that a later one overtook writes
// nothing. Wait waits for the saves begun (the App quitting).
type prefsKeeper struct {
	seq     atomic.Int64
	wg      sync.WaitGroup
	mu      sync.Mutex // held by the saves only, never by Update
	written int64
}

func (k *prefsKeeper) keep(p settings.Settings, save func(settings.Settings) error) tea.Cmd {
	seq := k.seq.Add(1)
	k.wg.Add(1)
	return func() tea.Msg {
		defer k.wg.Done()
		k.mu.Lock()
		defer k.mu.Unlock()
		if seq <= k.written {
			return nil
		}
		k.written = seq
		if err := save(p); err != nil {
			return setup.ProblemMsg{Text: "Your settings could not be kept: " + err.Error()}
		}
		return nil
	}
}

// Wait waits for the saves begun; nil keeps nothing.
func (k *prefsKeeper) Wait() {
	if k != nil {
		k.wg.Wait()
	}
}

// lessonFrom is the lesson of klob learn opened from the setup form: n
// at its end starts the form's game, enter or esc go back to the form.
func lessonFrom(form *setup.Screen) (kit.Screen, error) {
	run, err := lesson.New(form.Setup().Options.NumPlayers())
	if err != nil {
		return nil, err
	}
	return learn.New(run, learn.Config{Leave: func(play bool) (kit.Screen, tea.Cmd) {
		if play {
			return form.Start()
		}
		return form, nil
	}}), nil
}
