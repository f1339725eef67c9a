package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/session"
	"github.com/klob/klob/rules"
)

// Timing paces the bot so a person can follow it.
type Timing struct {
	// Pace is the least time between the bot being asked and its move
	// showing (0 in tests: the move shows as soon as it is chosen).
	Pace time.Duration
	// ThinkLimit is the deadline the bot's context carries.
	ThinkLimit time.Duration
	// SpinnerDelay is how long the bot may think before a spinner shows
	// (0: never).
	SpinnerDelay time.Duration
}

// DefaultTiming is the pacing of a real game.
func DefaultTiming() Timing {
	return Timing{Pace: 700 * time.Millisecond, ThinkLimit: 5 * time.Second, SpinnerDelay: 900 * time.Millisecond}
}

// botMoveMsg is the bot's answer to the decision th.
type botMoveMsg struct {
	th     session.Thinker
	action rules.Action
	err    error
}

// botSlowMsg says the bot asked at gen has thought for SpinnerDelay.
type botSlowMsg struct{ gen int }

// thinkCmd runs the bot's decision in a command, so Update never waits
// for it (th holds the bot's own View, a value, safe to hand to another
// goroutine), and holds the answer until the pace has passed.
func thinkCmd(th session.Thinker, tm Timing) tea.Cmd {
	return func() tea.Msg {
		start := time.Now()
		limit := tm.ThinkLimit
		if limit <= 0 {
			limit = DefaultTiming().ThinkLimit
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		a, err := th.Think(ctx)
		if rest := tm.Pace - time.Since(start); rest > 0 {
			time.Sleep(rest)
		}
		return botMoveMsg{th: th, action: a, err: err}
	}
}

// slowCmd reports when the bot has thought long enough for a spinner.
func slowCmd(gen int, d time.Duration) tea.Cmd {
	if d <= 0 {
		return nil
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return botSlowMsg{gen: gen} })
}
