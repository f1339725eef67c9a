package tui

import (
	"sync"

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
	return setup.Config{Prefs: c.Prefs != nil, Warning: c.warning(), Start: c.startTable, Learn: lessonFrom,
		PrefsChanged: c.prefsChanged}
}

// warning is the warning found before the first screen, as it stands
// now (StateDir.WarningNow).
func (c *PlayConfig) warning() string {
	if c.WarningNow != nil {
		return c.WarningNow()
	}
	return c.Warning
}

// prefsChanged takes the settings changed on the form as the player's,
// and returns the work that saves them (none without a settings file).
func (c *PlayConfig) prefsChanged(p settings.Settings) tea.Cmd {
	if c.Prefs == nil {
		return nil
	}
	// The form's own copy of the last game may be older than the one
	// kept: the game just ended was started after the form was filled.
	p.Game = c.Prefs.Game
	*c.Prefs = p
	if c.SavePrefs == nil {
		return nil
	}
	if c.keeper == nil {
		c.keeper = &prefsKeeper{}
	}
	return c.keeper.keep(p, c.SavePrefs, c.WarningNow)
}

// prefsKeeper saves the settings off the UI goroutine as they change:
// one save at a time, and the changes made while one runs make one more
// save, of the last of them, so that a held arrow key (or a remote
// session's keys) costs a write or two, not one a key. Wait waits for
// the saves begun (the App quitting).
type prefsKeeper struct {
	mu      sync.Mutex // guards pending and running; never held over a save
	pending *settings.Settings
	running bool
	wg      sync.WaitGroup
}

// keep has p saved: the work that saves it, or nil when the save
// running will save it after its own. Once saved, the form's warning
// is warning's (nil: left as it is): a save may have moved the file it
// warned of aside.
func (k *prefsKeeper) keep(p settings.Settings, save func(settings.Settings) error, warning func() string) tea.Cmd {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.pending = &p
	if k.running {
		return nil
	}
	k.running = true
	k.wg.Add(1)
	return func() tea.Msg {
		defer k.wg.Done()
		var err error
		for {
			k.mu.Lock()
			next := k.pending
			k.pending = nil
			k.running = next != nil
			k.mu.Unlock()
			if next == nil {
				break
			}
			err = save(*next)
		}
		if err != nil {
			return setup.ProblemMsg{Text: "Your settings could not be kept: " + err.Error()}
		}
		if warning != nil {
			return setup.WarningMsg{Text: warning()}
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
