package duplicate

import (
	"context"
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestParIsTheHardBotInThePersonsSeat: par on a board is what the hard
// bot in the person's seat scores there, against the same bots on the
// same seeds; computed twice it is the same.
func TestParIsTheHardBotInThePersonsSeat(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
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
}
