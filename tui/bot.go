package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
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
	// Slots, when set, bounds the bots thinking at once among the games
	// sharing it (klob serve's sessions): a bot waits for a free slot
	// before it thinks, so bots never take every core from the screens.
	Slots chan struct{}
	// HostSlots, when set, bounds the bots of the games played through
	// a host (a game alone) among the games sharing it.
	HostSlots *host.Slots
	// Gone, when set, is closed when the game's connection ends: a bot
	// still waiting for a slot then gives up instead of thinking for
	// nobody.
	Gone <-chan struct{}
}

// errGone is a bot's answer when its game's connection ended while it
// waited for a slot.
var errGone = errors.New("the connection ended before the bot could think")

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

// thinkCmd runs the bot's decision in a command, so Update never waits
// for it (th holds the bot's own View, a value, safe to hand to another
// goroutine), and holds the answer until the pace has passed.
func thinkCmd(th session.Thinker, tm Timing) tea.Cmd { return think(th, tm, nil) }

// think is thinkCmd, closing thought (when not nil) as soon as the bot
// has its move, before the pace.
func think(th session.Thinker, tm Timing, thought chan<- struct{}) tea.Cmd {
	return func() tea.Msg {
		start := time.Now()
		limit := tm.ThinkLimit
		if limit <= 0 {
			limit = DefaultTiming().ThinkLimit
		}
		a, err := thinkIn(tm.Slots, tm.Gone, limit, th.Think)
		if thought != nil {
			close(thought)
		}
		if rest := tm.Pace - time.Since(start); rest > 0 {
			time.Sleep(rest)
		}
		return botMoveMsg{th: th, action: a, err: err}
	}
}

// thinkIn runs think with a deadline of limit once it has a slot of
// slots (nil: at once), and frees the slot as soon as it returns. The
// time waiting for the slot is not taken from the limit. When gone is
// closed first, it returns errGone without thinking.
func thinkIn(slots chan struct{}, gone <-chan struct{}, limit time.Duration, think func(context.Context) (rules.Action, error)) (rules.Action, error) {
	if slots != nil {
		select {
		case slots <- struct{}{}:
		case <-gone:
			return rules.Action{}, errGone
		}
		defer func() { <-slots }()
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	return think(ctx)
}
