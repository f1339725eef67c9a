package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// roundTwoView deals deal n of a four-player game dealt from seed, as
// klob play deals it (the first dealer and each deal's deck from the
// seed, the deal rotating one seat a deal), with the game totals by
// side, has every seat pass in round one and the seats before seat pass
// in round two, and returns seat's view.
func roundTwoView(t *testing.T, seed uint64, n int, totals [4]int, seat rules.Seat) rules.View {
	t.Helper()
	opts := rules.DefaultOptions()
	if err := opts.Set("players", "4"); err != nil {
		t.Fatal(err)
	}
	dealer := rules.Seat((rand.New(rand.NewPCG(seed, 0)).IntN(4) + n - 1) % 4)
	d := rules.NewGameDeal(opts, dealer, rules.Shuffle(rand.New(rand.NewPCG(seed, uint64(n)))), totals)
	for d.Phase() != rules.PhaseBid2 || d.Turn() != seat {
		if d.Phase() > rules.PhaseBid2 {
			t.Fatalf("seat %s never speaks in round two", seat)
		}
		if err := d.ApplyAs(d.Turn(), rules.PassAction()); err != nil {
			t.Fatal(err)
		}
	}
	return d.View(seat)
}

// TestTableHardNamesStrongHandsAtFour: at four players the hard bot
// names the suit its own evaluation, taken on enough samples, finds
// clearly best in round two, where on 100 samples a bid it passed
// (the deals of klob play -players 4 -level hard with seeds 101 and
// 606, the bot seeded as the game seeds it; the second near the game's
// end, graded by the chance to win).
func TestTableHardNamesStrongHandsAtFour(t *testing.T) {
	tests := []struct {
		name   string
		seed   uint64
		deal   int
		totals [4]int
		seat   rules.Seat
		bot    uint64 // the bot's seed
		hand   string
		want   rules.Suit
	}{
		{"seed 101 deal 1, four hearts with the nine and bella", 101, 1, [4]int{}, 3, 103, "JC 8H 9H QH KH 9S", rules.Hearts},
		{"seed 606 deal 5, 120 to 492", 606, 5, [4]int{120, 492}, 1, 606, "TC 9D JD KD 7S 8S", rules.Diamonds},
		{"seed 606 deal 5, 160 to 492", 606, 5, [4]int{160, 492}, 1, 606, "TC 9D JD KD 7S 8S", rules.Diamonds},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := roundTwoView(t, tc.seed, tc.deal, tc.totals, tc.seat)
			hand, err := rules.ParseCardSet(tc.hand)
			if err != nil {
				t.Fatal(err)
			}
			if v.Hand != hand {
				t.Fatalf("the deal gives %s, want %s", v.Hand, hand)
			}
			b := newTableHard(Config{Seed: tc.bot, Think: -1, Workers: 1})
			// The evaluation on many samples agrees: naming is clearly
			// better than passing.
			opt := b.bidOptions(&v)
			opt.Samples = 4000
			ev, err := b.ev.Evaluate(context.Background(), &v, opt)
			if err != nil {
				t.Fatal(err)
			}
			best := ev.Results[ev.Best]
			if best.Action != rules.NameAction(tc.want) || ev.Results[0].Gap < 3*ev.Results[0].GapErr {
				t.Fatalf("on %d samples the best is %s and passing loses %.1f ± %.1f: not the case tested", ev.Samples, best.Action, ev.Results[0].Gap, ev.Results[0].GapErr)
			}
			a, err := b.Choose(context.Background(), &v)
			if err != nil {
				t.Fatal(err)
			}
			if a != rules.NameAction(tc.want) {
				t.Errorf("the hard bot chose %s, want %s (passing loses %.1f ± %.1f on %d samples)", a, rules.NameAction(tc.want), ev.Results[0].Gap, ev.Results[0].GapErr, ev.Samples)
			}
		})
	}
}
