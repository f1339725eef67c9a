package ai

import (
	"context"
	"fmt"
	"strings"

	"github.com/klob/klob/rules"
)

// Bot answers every decision of a deal at a table of two, three or four:
// bids, the schmeiss answer, the dix exchange, the shlomo and cleopatra
// declarations and the cards given in them, each word of the sequence
// dialogue, each card, bella and the menage. It sees only the View of
// its own seat; with four it plays for its team, whatever sits opposite.
type Bot interface {
	// Choose returns one of v.Legal() for v.Seat (v.Turn == v.Seat). It
	// honours ctx: when ctx is done it answers at once with the best
	// action found so far. It returns ErrNoMove only when v has no legal
	// action for its seat. It does not change v.
	Choose(ctx context.Context, v *rules.View) (rules.Action, error)
	// Level returns the level name the bot was made with.
	Level() Level
}

// Level names a bot strength.
type Level string

// The levels, weakest first.
const (
	Random Level = "random"
	Easy   Level = "easy"
	Normal Level = "normal"
	Hard   Level = "hard"
)

// Levels lists every level, weakest first.
var Levels = []Level{Random, Easy, Normal, Hard}

// ParseLevel reads a level name.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(s, string(l)) {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown bot level %q (want random, easy, normal or hard)", s)
}

// ErrNoMove is returned when a bot is asked to act out of turn.
var ErrNoMove = fmt.Errorf("no legal action for this seat")

// forced answers a decision that leaves no choice, as the bots do before
// any thought: ErrNoMove with no legal action, the only one with one. ok
// is false when there is a choice to make.
func forced(legal []rules.Action) (a rules.Action, ok bool, err error) {
	switch len(legal) {
	case 0:
		return rules.Action{}, true, ErrNoMove
	case 1:
		return legal[0], true, nil
	}
	return rules.Action{}, false, nil
}
