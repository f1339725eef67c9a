package tui

import (
	"github.com/klob/klob/tui/setup"
)

// Setup is what the setup screen decides: the bots' level, the rules,
// the seed and the player's settings (package tui/setup).
type Setup = setup.Setup

// newSetupScreen opens the form of a new game, filled with s, for every
// seat count; its start makes the game with cfg.
func newSetupScreen(cfg *PlayConfig, s Setup) *setup.Screen {
	return setup.New(setup.Config{Prefs: cfg.Prefs != nil, Warning: cfg.Warning, Start: cfg.startTable}, s)
}
