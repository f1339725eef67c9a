package host

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestStoodInCountsTheBotsShare: a person bots made at least a quarter
// of the moves for (the move clock's run-outs, a takeover given back)
// is one the bot's play wins nothing for; one run-out in a long game
// is not. The steps' actions do not matter to it, only their seats.
// At each seat count every seat moves in turn, four times a deal for
// two deals, with a chance step after the second round of deal 2: each
// seat has eight moves, so two made by a bot are a quarter.
func TestStoodInCountsTheBotsShare(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var deal1, deal2 []rules.Step
		for round := range 4 {
			if round == 2 {
				deal2 = append(deal2, rules.Step{Seat: rules.ChanceSeat})
			}
			for s := range rules.Seat(n) {
				deal1 = append(deal1, rules.Step{Seat: s})
				deal2 = append(deal2, rules.Step{Seat: s})
			}
		}
		// at is the index of seat s's move in round of deal (1 or
		// 2), the chance step counted.
		at := func(deal, round int, s rules.Seat) int {
			i := round*n + int(s)
			if deal == 2 && round >= 2 {
				i++
			}
			return i
		}
		A, B, last := rules.SeatA, rules.SeatB, rules.Seat(n-1)
		for _, tc := range []struct {
			name     string
			botMoves string
			want     []rules.Seat
		}{
			{"nobody's", "", nil},
			{"one of B's eight", fmt.Sprintf("1:%d-%d", at(1, 0, B), at(1, 0, B)), nil},
			{"two of B's eight", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 0, B), at(1, 0, B), at(2, 1, B), at(2, 1, B)), []rules.Seat{B}},
			// Deal 2 from B's second move to A's third: every seat
			// from B on once, the chance step, A once more.
			{"a chance step between is no move", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 0, A), at(1, 0, B), at(2, 1, B), at(2, 2, A)), []rules.Seat{A, B}},
			{"a quarter of A's", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 0, A), at(1, 0, A), at(2, 0, A), at(2, 0, A)), []rules.Seat{A}},
			{"a quarter of the last seat's", fmt.Sprintf("1:%d-%d 2:%d-%d", at(1, 3, last), at(1, 3, last), at(2, 3, last), at(2, 3, last)), []rules.Seat{last}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				opts := rules.DefaultOptions()
				opts.Players = n
				l := &gamelog.Log{Header: gamelog.Header{Options: opts}}
				l.Header.SetTag(TakeoverTag, tc.botMoves)
				l.Deals = []gamelog.Deal{{Steps: deal1}, {Steps: deal2}}
				assert.Equal(t, tc.want, StoodIn(l))
			})
		}
	})
}

// TestLeftAtEndIsTheTakeoverOnly: a person a bot took the seat of and
// who did not take it back has left; one who took it back, even with a
// quarter of their moves made by bots, has not, though StoodIn lists
// both.
func TestLeftAtEndIsTheTakeoverOnly(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Players = 2
	steps := []rules.Step{{Seat: rules.SeatA}, {Seat: rules.SeatB}, {Seat: rules.SeatA}, {Seat: rules.SeatB}}
	l := &gamelog.Log{Header: gamelog.Header{Options: opts}}
	l.Deals = []gamelog.Deal{{Steps: steps}, {Steps: steps}}
	// ann's first move of deal 1 and both of cid's in deal 2 are the
	// bots'; ann took her seat back at deal 2, cid never did.
	l.Header.SetTag(TakeoverTag, "1:0-0 2:1-1 2:3-3")
	l.Comment = []string{
		"deal 1: ann dropped; a hard bot took seat A",
		"deal 2: ann took seat A back",
		"deal 2: cid dropped; a hard bot took seat B",
	}
	assert.Equal(t, []rules.Seat{rules.SeatA, rules.SeatB}, StoodIn(l))
	assert.Equal(t, []rules.Seat{rules.SeatB}, LeftAtEnd(l))
}
