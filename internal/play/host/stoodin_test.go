package host

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// TestStoodInCountsTheBotsShare: a person bots made at least a quarter
// of the moves for (the move clock's run-outs, a takeover given back)
// is one the bot's play wins nothing for; one run-out in a long game
// is not. The steps' actions do not matter to it, only their seats.
func TestStoodInCountsTheBotsShare(t *testing.T) {
	steps := func(seats ...rules.Seat) []rules.Step {
		out := make([]rules.Step, len(seats))
		for i, s := range seats {
			out[i] = rules.Step{Seat: s}
		}
		return out
	}
	A, B, C := rules.SeatA, rules.SeatB, rules.ChanceSeat
	for _, tc := range []struct {
		name     string
		botMoves string
		want     []rules.Seat
	}{
		{"nobody's", "", nil},
		{"one of B's eight", "1:1-1", nil},
		{"two of B's eight", "1:1-1 2:3-3", []rules.Seat{B}},
		{"a chance step between is no move", "1:0-1 2:3-5", []rules.Seat{A, B}},
		{"a quarter of A's", "1:0-0 2:0-0", []rules.Seat{A}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &gamelog.Log{Header: gamelog.Header{Options: rules.DefaultOptions()}}
			l.Header.SetTag(TakeoverTag, tc.botMoves)
			l.Deals = []gamelog.Deal{
				{Steps: steps(A, B, A, B, A, B, A, B)},
				{Steps: steps(A, B, A, B, C, A, B, A, B)},
			}
			assert.Equal(t, tc.want, StoodIn(l))
		})
	}
}
