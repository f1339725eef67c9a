package eval

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/rules"
)

// TestFittedIsCorrectedButBids: on the same samples, Fitted gives the
// Corrected results at every decision but a bid of round one or two; at
// those it gives fittedMeans of the corrected results, and the win
// chance moves with the mean (a higher value never lowers it).
func TestFittedIsCorrectedButBids(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	bids := 0
	for n := 0; n < 100; {
		var v rules.View
		if n%2 == 0 {
			var ok bool
			if _, v, ok = randomView(r); !ok {
				continue
			}
		} else {
			// A bid of round one or two.
			d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
			for range r.IntN(4) {
				require.NoError(t, d.Apply(rules.PassAction()))
			}
			v = d.View(d.Turn())
		}
		n++
		opt := Options{Samples: 12, Seed: uint64(n), Workers: 1, Method: Corrected}
		cor, err := Evaluate(context.Background(), &v, opt)
		require.NoError(t, err)
		opt.Method = Fitted
		fit, err := Evaluate(context.Background(), &v, opt)
		require.NoError(t, err)
		p, bid := isBid(&v, cor.Results)
		w := fittedBids[v.Phase]
		if !bid || w == nil {
			require.Equal(t, cor, fit, "%s: fitted differs from corrected outside the bids", v.Phase)
			continue
		}
		bids++
		want := fittedMeans(&v, cor.Results, p, w)
		for j, c := range cor.Results {
			f := fit.Results[j]
			if math.Abs(f.Mean-want[j]) > 1e-9 {
				t.Fatalf("%s: fitted mean %.3f, want %.3f", c.Action, f.Mean, want[j])
			}
			if f.Makes != c.Makes || f.Defends != c.Defends || f.Bete != c.Bete || f.StdErr != c.StdErr {
				t.Fatalf("%s: only Mean and Win may change: %+v, %+v", c.Action, c, f)
			}
			switch d := f.Mean - c.Mean; {
			case d >= 0.5 && f.Win < c.Win-1e-12, d <= -0.5 && f.Win > c.Win+1e-12:
				t.Fatalf("%s: mean moved by %+.1f but win from %.4f to %.4f", c.Action, d, c.Win, f.Win)
			}
		}
		if fit.Best != Best(fit.Results, fit.ByWin) {
			t.Fatalf("best %d, want %d", fit.Best, Best(fit.Results, fit.ByWin))
		}
	}
	if bids < 10 {
		t.Fatalf("only %d bids among the views", bids)
	}
}

// TestFittedDealerPassThrowsIn: the dealer's pass in round two throws
// the deal in, and its fitted value stays exactly 0.
func TestFittedDealerPassThrowsIn(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for n := range 20 {
		deck := rules.Shuffle(r)
		d := rules.NewDeal(rules.DefaultOptions(), rules.SeatA, deck)
		// Both pass in round one, the non-dealer passes in round two.
		for range 3 {
			if err := d.Apply(rules.PassAction()); err != nil {
				t.Fatal(err)
			}
		}
		v := d.View(d.Turn())
		require.Equal(t, rules.PhaseBid2, v.Phase)
		require.Equal(t, v.Dealer, v.Seat)
		ev, err := Evaluate(context.Background(), &v, Options{Samples: 8, Seed: uint64(n), Workers: 1, Method: Fitted})
		require.NoError(t, err)
		passes := 0
		for _, res := range ev.Results {
			if res.Action.Kind == rules.Pass {
				passes++
				require.Zero(t, res.Mean, "the dealer's pass in round two, deal %d", n)
			}
		}
		require.Equal(t, 1, passes, "deal %d: one pass among %v", n, ev.Results)
	}
}

// TestFitHonestRecovers: fitted on decisions whose outcomes follow known
// weights exactly, the fit finds those weights.
func TestFitHonestRecovers(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	var wantGain [nGain][nHonest]float64
	for k := range wantGain {
		for i := range wantGain[k] {
			wantGain[k][i] = float64(r.IntN(21) - 10)
		}
	}
	want := [2]bidWeights{{pass: [nPassInput]float64{4, 0.9, -7, 3, -2}}, {pass: [nPassInput]float64{12, 0.95, 0, -25, 1}}}
	for ph := range want {
		want[ph].gain = wantGain
	}
	var ds []calibDecision
	for len(ds) < 3000 {
		deck := rules.Shuffle(r)
		d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), deck)
		for range r.IntN(4) {
			if err := d.Apply(rules.PassAction()); err != nil {
				t.Fatal(err)
			}
		}
		v := d.View(d.Turn())
		cd := calibDecision{v: v, deal: len(ds)}
		for _, a := range v.Legal() {
			cd.rs = append(cd.rs, Result{Action: a, Mean: r.NormFloat64() * 40, Makes: r.Float64(), Defends: r.Float64() / 2, Bete: r.Float64() / 3})
		}
		p, ok := isBid(&v, cd.rs)
		if !ok {
			continue
		}
		cd.pass = p
		cd.realised = fittedMeans(&v, cd.rs, p, &want[round(v.Phase)])
		ds = append(ds, cd)
	}
	got := fitHonest(ds, 1e-9, 1e-9)
	for ph := range got {
		for i := range got[ph].pass {
			require.InDelta(t, want[ph].pass[i], got[ph].pass[i], 1e-3, "pass weight %d of round %d", i, ph+1)
		}
	}
	for k := range wantGain {
		ph := 0
		if k == gainName {
			ph = 1
		}
		gain := got[ph].gain
		for i := range gain[k] {
			if k == gainName && (i >= hHand+fDix-1 && i <= hHand+fUpLost-1) {
				continue // no dix in round two: these inputs are always 0
			}
			require.InDelta(t, wantGain[k][i], gain[k][i], 1e-3, "gain weight %d of kind %d", i, k)
		}
	}
}
