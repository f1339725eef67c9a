package tui

import (
	tea "charm.land/bubbletea/v2"

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
	return setup.New(setup.Config{Prefs: cfg.Prefs != nil, Warning: cfg.Warning, Start: cfg.startTable, Learn: lessonFrom}, s)
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
