package duplicate

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestParIsTheHardBotInThePersonsSeat: par on a board is what the hard
// bot in the person's seat scores there, against the same bots on the
// same seeds; computed twice it is the same.
func TestParIsTheHardBotInThePersonsSeat(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		opts := rules.DefaultOptions()
		opts.Players = n
		set, err := NewSet(Spec{Seed: Seed{uint64(n), 7}, Count: 2, Options: opts, Level: ai.Normal, Seat: rules.SeatB})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		pars, err := set.Pars(ctx, testkit.CheapBots)
		if err != nil {
			t.Fatal(err)
		}
		again, err := set.Pars(ctx, testkit.CheapBots)
		if err != nil || fmt.Sprint(again) != fmt.Sprint(pars) {
			t.Fatalf("par %v, then %v (%v)", pars, again, err)
		}
		for i, b := range set.Boards {
			bots, err := set.Seats(b, testkit.CheapBots, false)
			if err != nil {
				t.Fatal(err)
			}
			if bots[set.Seat] != nil {
				t.Fatal("a bot sits in the person's seat")
			}
			hard, err := testkit.CheapBots(ParLevel, ai.Config{Seed: b.BotSeed(set.Seat), Think: -1})
			if err != nil {
				t.Fatal(err)
			}
			d, err := set.Play(ctx, b, bots, func(v *rules.View) (rules.Action, error) {
				return hard.Choose(ctx, v)
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := Result(&d, set.Seat); got != pars[i] {
				t.Errorf("board %d: the hard bot in the person's seat scores %v, par %v", b.Number, got, pars[i])
			}
		}
	})
}

// TestLineOfReadsBackParLine: the par line read back from its actions
// is the one worked out, deal and par, at every seat count; actions cut
// short or not legal on the board are refused.
func TestLineOfReadsBackParLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		set, err := Daily(Date{Year: 2026, Month: 12, Day: 1}, n)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := set.Board(1)
		line, err := set.ParLine(context.Background(), b, testkit.CheapBots)
		if err != nil {
			t.Fatal(err)
		}
		steps := line.Deal.Steps()
		back, err := set.LineOf(b, steps)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, line) {
			t.Fatalf("read back:\n%+v\nworked out:\n%+v", back, line)
		}
		if _, err := set.LineOf(b, steps[:len(steps)-1]); err == nil {
			t.Error("a play that stops before the deal's end is read as a line")
		}
		other, _ := set.Board(2)
		if _, err := set.LineOf(other, steps); err == nil {
			t.Error("board 1's line is read as board 2's")
		}
	})
}
