package tui

import (
	"time"

	"github.com/klob/klob/internal/play/host"
	tablescreen "github.com/klob/klob/tui/table"
)

// Timing paces the bots so a person can follow them.
type Timing struct {
	// Pace is the least time between a move and a bot's next (0 in
	// tests: the move shows as soon as it is chosen).
	Pace time.Duration
	// ThinkLimit is the deadline the bot's context carries.
	ThinkLimit time.Duration
	// Slots, when set, is the server's one bound on heavy work, shared
	// by every game and session (klob serve): a bot waits for a free
	// slot before it thinks, ahead of the hints and the trainer waiting
	// (host.ForHint), so bots never take every core from the screens.
	Slots *host.Slots
	// Gone, when set, is closed when the game's connection ends: the
	// game stops, saved.
	Gone <-chan struct{}
	// Settle is how long a new deal takes no key that decides
	// (kit.Context.Settle; 0 in tests).
	Settle time.Duration
}

// DefaultTiming is the pacing of a real game.
func DefaultTiming() Timing {
	return Timing{Pace: 700 * time.Millisecond, ThinkLimit: 5 * time.Second, Settle: tablescreen.DefaultSettle}
}
