package drill

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// samples is what the evaluation tests ask for: enough for verdicts on
// obvious hands to be stable, few enough for the race detector (-short).
func samples() int {
	if testing.Short() {
		return 100
	}
	return 240
}

func analyse(t *testing.T, text string, seed uint64) (Situation, Analysis) {
	t.Helper()
	req, err := Parse(text)
	require.NoError(t, err)
	v, err := req.Situation.View()
	require.NoError(t, err)
	an, err := Evaluate(context.Background(), v, Options{Samples: samples(), Seed: seed})
	require.NoError(t, err)
	return req.Situation, an
}

func row(t *testing.T, an Analysis, k rules.Kind) Row {
	t.Helper()
	for _, r := range an.Rows {
		if r.Action.Kind == k {
			return r
		}
	}
	t.Fatalf("no %v option", k)
	return Row{}
}

// TestObviousVerdicts: J-9-A of the upcard's suit takes, by a wide
// margin; a hand with no trump and no ace passes. Both as elder and as
// dealer, early in a game.
func TestObviousVerdicts(t *testing.T) {
	for _, seat := range []string{"seat=elder", "seat=dealer said=pass"} {
		_, strong := analyse(t, "hand=JS 9S AS KH QH 7D up=8S score=100-100 "+seat, 1)
		take, pass := row(t, strong, rules.Take), row(t, strong, rules.Pass)
		if take.Mean < pass.Mean+30 {
			t.Errorf("%s: J-9-A of trump: take %s, pass %s: want take ahead by 30 or more", seat, Signed(take.Mean), Signed(pass.Mean))
		}
		if b := strong.Rows[strong.Best].Action.Kind; b == rules.Pass {
			t.Errorf("%s: J-9-A of trump: best is pass", seat)
		}
		if pass.Verdict.Kind != Mistake || pass.Verdict.Points < 30 || pass.Verdict.ByWin {
			t.Errorf("%s: J-9-A of trump: passing is %+v, want a mistake costing 30 points or more", seat, pass.Verdict)
		}
		if take.Verdict.Kind == Mistake {
			t.Errorf("%s: J-9-A of trump: taking is a mistake (%+v)", seat, take.Verdict)
		}

		_, weak := analyse(t, "hand=7C 8C 9D 8H 7H QD up=KS score=100-100 "+seat, 1)
		take, pass = row(t, weak, rules.Take), row(t, weak, rules.Pass)
		if weak.Rows[weak.Best].Action.Kind != rules.Pass {
			t.Errorf("%s: no trump, no ace: best is %s, want pass", seat, weak.Rows[weak.Best].Action)
		}
		if pass.Verdict.Kind != Best || take.Verdict.Kind != Mistake || take.Verdict.Points < 20 {
			t.Errorf("%s: no trump, no ace: pass %+v, take %+v: want pass best and take a mistake of 20 or more", seat, pass.Verdict, take.Verdict)
		}
		if take.Bete < 0.5 {
			t.Errorf("%s: no trump, no ace: take goes bete %.2f of the time, want over half", seat, take.Bete)
		}
	}
}

// TestEndgameByWin: with both players near the target the options are
// ranked by the chance to win the game, and the verdicts say so.
func TestEndgameByWin(t *testing.T) {
	_, an := analyse(t, "hand=7C 8C 9D 8H 7H QD up=KS score=460-470", 2)
	if !an.ByWin {
		t.Fatal("near the target: not ranked by the chance to win")
	}
	for j, r := range an.Rows {
		if !r.Verdict.ByWin {
			t.Errorf("%s: verdict not by the chance to win", r.Action)
		}
		if r.Win > an.Rows[an.Best].Win+1e-12 {
			t.Errorf("%s wins more often than the best", r.Action)
		}
		if j != an.Best && r.Verdict.Kind == Mistake && r.Verdict.Win < minWinGap {
			t.Errorf("%s: a mistake costing %.4f", r.Action, r.Verdict.Win)
		}
	}
}

// TestEvaluateDeterministic: the same seed gives the same analysis,
// whatever the number of workers; another seed, other samples.
func TestEvaluateDeterministic(t *testing.T) {
	g, _ := NewGenerator(4, Any, rules.DefaultOptions())
	for range 3 {
		s, _ := g.Next()
		v, err := s.View()
		require.NoError(t, err)
		o := Options{Samples: 60, Seed: 9, Workers: 1}
		a, err := Evaluate(context.Background(), v, o)
		require.NoError(t, err)
		o.Workers = 2
		b, _ := Evaluate(context.Background(), v, o)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: one worker and two differ:\n%+v\n%+v", s, a, b)
		}
		o.Seed = 10
		c, _ := Evaluate(context.Background(), v, o)
		if reflect.DeepEqual(a.Rows, c.Rows) {
			t.Errorf("%s: seeds 9 and 10 give the same analysis", s)
		}
	}
}

// TestEveryOptionLegal: the rows are exactly the View's legal actions,
// in order, for every kind of drill; the numbers are in range; the best
// is what eval.Best picks; verdicts agree with the gaps.
func TestEveryOptionLegal(t *testing.T) {
	for _, f := range []Filter{OnlyRound1, OnlySchmeiss, OnlyRound2} {
		g, _ := NewGenerator(8, f, rules.DefaultOptions())
		for range 2 {
			s, _ := g.Next()
			v, _ := s.View()
			an, err := Evaluate(context.Background(), v, Options{Samples: 40, Seed: 1})
			require.NoError(t, err)
			legal := v.Legal()
			if len(an.Rows) != len(legal) || an.Samples != 40 || an.Asked != 40 {
				t.Fatalf("%s: %d rows over %d samples for %d legal actions", s, len(an.Rows), an.Samples, len(legal))
			}
			res := make([]eval.Result, len(an.Rows))
			for i, r := range an.Rows {
				if r.Action != legal[i] {
					t.Fatalf("%s: row %d is %s, legal %s", s, i, r.Action, legal[i])
				}
				if r.Bete < 0 || r.Bete > 1 || r.Win < 0 || r.Win > 1 || math.IsNaN(r.Mean) || r.StdErr < 0 || r.GapErr < 0 {
					t.Fatalf("%s: %s out of range: %+v", s, r.Action, r)
				}
				if (r.Verdict.Kind == Best) != (i == an.Best) {
					t.Fatalf("%s: %s verdict %s, best is %d", s, r.Action, r.Verdict.Kind, an.Best)
				}
				if r.Verdict.Kind == Mistake && !r.Verdict.ByWin && r.Gap <= z*r.GapErr {
					t.Fatalf("%s: %s is a mistake within the error: %+v", s, r.Action, r)
				}
				res[i] = r.Result
			}
			if an.ByWin != eval.UseWin(&v) || an.Best != eval.Best(res, an.ByWin) {
				t.Fatalf("%s: best %d is not eval's", s, an.Best)
			}
		}
	}
}

// TestTallyPools: batches added in any order give the same analysis, and
// the pooled means and errors are those of one eval run over the same
// samples (checked by pooling a run cut in two by hand).
func TestTallyPools(t *testing.T) {
	req, _ := Parse("hand=JS 9S AS KH QH 7D up=8S")
	v, _ := req.Situation.View()
	p := NewPlan(Options{Samples: 30, Seed: 5})
	p.Batches = 6
	e := NewEvaluator()
	evs := make([]eval.Evaluation, p.Batches)
	for k := range evs {
		ev, err := e.Batch(context.Background(), v, p, k)
		require.NoError(t, err)
		evs[k] = ev
	}
	fwd, _ := NewTally(v, p)
	rev, _ := NewTally(v, p)
	for k := range evs {
		fwd.Add(k, evs[k])
		rev.Add(len(evs)-1-k, evs[len(evs)-1-k])
		if want := 0; k < len(evs)-1 && rev.Next() != want {
			t.Fatalf("after %d batches from the end, Next is %d, want %d", k+1, rev.Next(), want)
		}
	}
	if !fwd.Done() || fwd.Samples() != 30 {
		t.Fatalf("done %v, %d samples", fwd.Done(), fwd.Samples())
	}
	a, b := fwd.Analysis(), rev.Analysis()
	for i := range a.Rows {
		x, y := a.Rows[i], b.Rows[i]
		if math.Abs(x.Mean-y.Mean) > 1e-9 || math.Abs(x.StdErr-y.StdErr) > 1e-9 || math.Abs(x.GapErr-y.GapErr) > 1e-9 {
			t.Fatalf("order matters: %+v %+v", x, y)
		}
	}
	// Pool by hand: mean of means weighted by samples.
	for j := range a.Rows {
		sum, n := 0.0, 0
		for _, ev := range evs {
			sum += ev.Results[j].Mean * float64(ev.Samples)
			n += ev.Samples
		}
		if got, want := a.Rows[j].Mean, sum/float64(n); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: mean %f, want %f", a.Rows[j].Action, got, want)
		}
	}
	// A batch of another decision is refused.
	other, _ := Parse("hand=JS 9S AS KH QH 7D up=8S round=2")
	ov, _ := other.Situation.View()
	oev, _ := e.Batch(context.Background(), ov, p, 0)
	if err := fwd.Add(0, oev); err == nil {
		t.Error("a batch of another decision was added")
	}
	if err := fwd.Add(99, evs[0]); err == nil {
		t.Error("batch 99 of 6 was added")
	}
}

// TestPartial: an evaluation stopped early reports the samples it has.
func TestPartial(t *testing.T) {
	req, _ := Parse("hand=JS 9S AS KH QH 7D up=8S")
	v, _ := req.Situation.View()
	p := NewPlan(Options{Samples: 40})
	tl, _ := NewTally(v, p)
	if an := tl.Analysis(); an.Samples != 0 || len(an.Rows) != 3 {
		t.Fatalf("empty tally: %+v", an)
	}
	ev, _ := NewEvaluator().Batch(context.Background(), v, p, 3)
	tl.Add(3, ev)
	an := tl.Analysis()
	if an.Samples != 2 || an.Asked != 40 || tl.Next() != 0 {
		t.Fatalf("one batch: %d of %d samples, next %d", an.Samples, an.Asked, tl.Next())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	an, err := Evaluate(ctx, v, Options{Samples: 40})
	if err != nil || an.Samples != 0 {
		t.Fatalf("cancelled: %d samples, %v", an.Samples, err)
	}
}

func TestPlan(t *testing.T) {
	for _, n := range []int{1, 7, 20, 21, 500, 999} {
		p := NewPlan(Options{Samples: n, Seed: 3})
		total := 0
		seeds := map[uint64]bool{}
		for k := range p.Batches {
			b := p.Batch(k)
			total += b.Samples
			seeds[b.Seed] = true
			if b.Samples < 1 {
				t.Errorf("%d samples: batch %d is empty", n, k)
			}
		}
		if total != n || len(seeds) != p.Batches {
			t.Errorf("%d samples: batches hold %d, %d distinct seeds of %d", n, total, len(seeds), p.Batches)
		}
	}
	if p := NewPlan(Options{}); p.Samples != DefaultSamples || p.Batches != Batches {
		t.Errorf("default plan %+v", p)
	}
}

func TestVerdictText(t *testing.T) {
	for _, tc := range []struct {
		v           Verdict
		text, short string
	}{
		{Verdict{Kind: Best}, "best", "best"},
		{Verdict{Kind: AsGood}, "as good as the best within the error", "≈ best"},
		{Verdict{Kind: Mistake, Points: 23.4}, "a mistake that costs 23 points", "-23 pts"},
		{Verdict{Kind: Mistake, Points: 1.2}, "a mistake that costs 1 point", "-1 pts"},
		{Verdict{Kind: Mistake, ByWin: true, Win: 0.562, Points: 3, Chance: 0.375, BestChance: 0.937}, "a mistake that lowers your chance to win the game from 94% to 38%", "-56% win"},
		{Verdict{Kind: Mistake, ByWin: true, Win: 0.006, Chance: 0.015, BestChance: 0.021}, "a mistake that lowers your chance to win the game from 2.1% to 1.5%", "-0.6% win"},
	} {
		if got := tc.v.Text(); got != tc.text {
			t.Errorf("%+v: %q, want %q", tc.v, got, tc.text)
		}
		if got := tc.v.Short(); got != tc.short {
			t.Errorf("%+v: short %q, want %q", tc.v, got, tc.short)
		}
	}
}

// TestFromEval: one eval run (a hint during a game) gives the same means
// and the same best.
func TestFromEval(t *testing.T) {
	req, _ := Parse("hand=JS 9S AS KH QH 7D up=8S")
	v, _ := req.Situation.View()
	ev, err := eval.Evaluate(context.Background(), v, eval.Options{Samples: 30, Seed: 2})
	require.NoError(t, err)
	an, err := FromEval(v, ev)
	require.NoError(t, err)
	if an.Best != ev.Best || an.Samples != 30 {
		t.Errorf("best %d, eval's %d; %d samples", an.Best, ev.Best, an.Samples)
	}
	for i, r := range an.Rows {
		e := ev.Results[i]
		if math.Abs(r.Mean-e.Mean) > 1e-9 || math.Abs(r.StdErr-e.StdErr) > 1e-9 || math.Abs(r.Win-e.Win) > 1e-12 || math.Abs(r.Bete-e.Bete) > 1e-12 {
			t.Errorf("%s: %+v, eval %+v", r.Action, r.Result, e)
		}
	}
}

// TestTallyPoolsByWeight: eval weights its samples by how likely the
// opponent's words were, so a batch counts for its total weight. Two
// batches with means 10 and 40 and weights 3 and 1 pool to 17.5, with
// the error of a weighted mean of independent means.
func TestTallyPoolsByWeight(t *testing.T) {
	req, _ := Parse("hand=JS 9S AS KH QH 7D up=8S")
	v, _ := req.Situation.View()
	legal := v.Legal()
	batch := func(mean, se, weight float64) eval.Evaluation {
		ev := eval.Evaluation{Samples: 10, Weight: weight}
		for _, a := range legal {
			ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: se})
		}
		return ev
	}
	tl, err := NewTally(v, Plan{Samples: 20, Batches: 2})
	require.NoError(t, err)
	tl.Add(0, batch(10, 2, 3))
	tl.Add(1, batch(40, 4, 1))
	an := tl.Analysis()
	r := an.Rows[0].Result
	if math.Abs(r.Mean-17.5) > 1e-9 {
		t.Errorf("pooled mean %.4f, want 17.5", r.Mean)
	}
	// sqrt((3/4)²·2² + (1/4)²·4²) = sqrt(2.25 + 1) ≈ 1.803
	if want := math.Sqrt(2.25 + 1); math.Abs(r.StdErr-want) > 1e-9 {
		t.Errorf("pooled error %.4f, want %.4f", r.StdErr, want)
	}
}
