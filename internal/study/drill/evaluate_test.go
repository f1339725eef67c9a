package drill

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
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

// evaluate evaluates v with the tests' sample count and seed.
func evaluate(t *testing.T, v *rules.View, seed uint64) Analysis {
	t.Helper()
	an, err := EvaluateWith(context.Background(), NewEvaluator().Batch, v, Options{Samples: samples(), Seed: seed})
	require.NoError(t, err)
	return an
}

// bestFirst is FromEval's analysis of v from ev, its results filled in:
// the first legal option scores best, every other one other (the
// actions are set here). v must have two options or more, and the first
// must come out best.
func bestFirst(t *testing.T, v *rules.View, ev eval.Evaluation, best, other eval.Result) Analysis {
	t.Helper()
	legal := v.Legal()
	require.GreaterOrEqual(t, len(legal), 2)
	for i, a := range legal {
		r := other
		if i == 0 {
			r = best
		}
		r.Action = a
		ev.Results = append(ev.Results, r)
	}
	an, err := FromEval(v, ev)
	require.NoError(t, err)
	require.Equal(t, 0, an.Best)
	return an
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

// tableDeck returns a deck with the given cards at the given places, the
// rest in index order.
func tableDeck(t *testing.T, places map[int]string) rules.Deck {
	t.Helper()
	var d rules.Deck
	var used rules.CardSet
	for i, s := range places {
		c, err := rules.ParseCard(s)
		require.NoError(t, err)
		d[i] = c
		used = used.With(c)
	}
	rest := (rules.FullDeck &^ used).Cards()
	k := 0
	for i := range d {
		if _, ok := places[i]; !ok {
			d[i] = rest[k]
			k++
		}
	}
	return d
}

// TestObviousVerdicts: at every seat count, the eldest holding J, 9, A
// (and 10 at tables) of the upcard's suit takes, and passing is wrong by
// a wide margin; sevens and eights with no trump pass, and taking is
// wrong. The eldest's cards are deck places 0-2 and 3n to 3n+2; the
// upcard is place 6n (31 with four).
func TestObviousVerdicts(t *testing.T) {
	for _, c := range []struct {
		players    int
		strongGap  float64
		weakDealer rules.Seat
	}{{2, 30, 1}, {3, 10, 2}, {4, 10, 3}} {
		n := c.players
		up := 6 * n
		if n == 4 {
			up = 31
		}
		o := opts(t, "players="+string(rune('0'+n)))
		dealer := rules.Seat(n - 1) // the player is eldest
		strong := Situation{Options: o, Dealer: dealer, Totals: [4]int{100, 100, 100},
			Deck: tableDeck(t, map[int]string{0: "JS", 1: "9S", 2: "AS", 3 * n: "TS", 3*n + 1: "AH", 3*n + 2: "KD", up: "8S"})}
		v, err := strong.View()
		require.NoError(t, err)
		an := evaluate(t, &v, 1)
		for _, r := range an.Rows {
			assert.True(t, r.Win > 0 && r.Win < 1, "%d players: %s wins the game %.3f", n, r.Action, r.Win)
		}
		take, pass := row(t, an, rules.Take), row(t, an, rules.Pass)
		assert.Equal(t, rules.Take, an.Rows[an.Best].Action.Kind, "%d players, J-9-A-10 of trump: take %s, pass %s", n, Signed(take.Mean), Signed(pass.Mean))
		assert.True(t, pass.Verdict.Kind.Wrong(), "%d players: passing J-9-A-10 of trump is %+v", n, pass.Verdict)
		assert.Greater(t, pass.Verdict.Points, c.strongGap, "%d players: what passing costs", n)

		weak := strong
		weak.Deck = tableDeck(t, map[int]string{0: "7H", 1: "8H", 2: "7D", 3 * n: "8D", 3*n + 1: "7C", 3*n + 2: "8C", up: "JS"})
		v, err = weak.View()
		require.NoError(t, err)
		an = evaluate(t, &v, 1)
		assert.Equal(t, rules.Pass, an.Rows[an.Best].Action.Kind, "%d players: sevens and eights, no trump", n)
		assert.True(t, row(t, an, rules.Take).Verdict.Kind.Wrong(), "%d players: taking with no trump", n)
	}
}

// TestEndgameByWin: with two players both near the target the options
// are ranked by the chance to win the game, and the verdicts say so.
func TestEndgameByWin(t *testing.T) {
	_, v := parseView(t, "hand=7C 8C 9D 8H 7H QD up=KS score=460-470")
	an := evaluate(t, &v, 2)
	require.True(t, an.ByWin, "near the target: not ranked by the chance to win")
	for j, r := range an.Rows {
		assert.True(t, r.Verdict.ByWin, "%s: verdict not by the chance to win", r.Action)
		assert.LessOrEqual(t, r.Win, an.Rows[an.Best].Win+0.005, "%s wins more often than the best", r.Action)
		if j != an.Best && r.Verdict.Kind.Wrong() {
			assert.GreaterOrEqual(t, r.Verdict.Win, WinInaccuracyAt, "%s: wrong at a cost below the scale", r.Action)
		}
	}
}

// TestEvaluateDeterministic: at every seat count the same seed gives the
// same analysis, whatever the number of workers; another seed, other
// samples.
func TestEvaluateDeterministic(t *testing.T) {
	for _, players := range []string{"players=2", "players=3", "players=4"} {
		g, err := NewGenerator(4, Any, opts(t, players))
		require.NoError(t, err)
		for range 2 {
			s, v := nextView(t, g)
			o := Options{Samples: 40, Seed: 9, Workers: 1}
			a, err := EvaluateWith(context.Background(), NewEvaluator().Batch, &v, o)
			require.NoError(t, err)
			o.Workers = 2
			b, err := EvaluateWith(context.Background(), NewEvaluator().Batch, &v, o)
			require.NoError(t, err)
			require.True(t, reflect.DeepEqual(a, b), "%s: one worker and two differ:\n%+v\n%+v", s, a, b)
			o.Seed = 10
			c, err := EvaluateWith(context.Background(), NewEvaluator().Batch, &v, o)
			require.NoError(t, err)
			assert.False(t, reflect.DeepEqual(a.Rows, c.Rows), "%s: seeds 9 and 10 give the same analysis", s)
		}
	}
}

// TestEveryOptionLegal: at every seat count the rows are exactly the
// View's legal actions, in order, for every kind of drill; the numbers
// are in range; the best is what eval.Best picks; verdicts agree with
// the gaps and the scale.
func TestEveryOptionLegal(t *testing.T) {
	for _, rs := range seatCounts {
		g, err := NewGenerator(8, Any, opts(t, rs))
		require.NoError(t, err)
		for range 3 {
			s, v := nextView(t, g)
			an, err := EvaluateWith(context.Background(), NewEvaluator().Batch, &v, Options{Samples: 40, Seed: 1})
			require.NoError(t, err)
			legal := v.Legal()
			require.Len(t, an.Rows, len(legal), "%s", s)
			require.Equal(t, 40, an.Asked)
			require.Positive(t, an.Samples)
			require.Equal(t, s.Players(), an.Players)
			res := make([]eval.Result, len(an.Rows))
			for i, r := range an.Rows {
				require.Equal(t, legal[i], r.Action, "%s: row %d", s, i)
				require.False(t, r.Bete < 0 || r.Bete > 1 || r.Win < 0 || r.Win > 1 || math.IsNaN(r.Mean) || r.StdErr < 0 || r.GapErr < 0,
					"%s: %s out of range: %+v", s, r.Action, r)
				require.Equal(t, i == an.Best, r.Verdict.Kind == Best, "%s: %s verdict %s, best is %d", s, r.Action, r.Verdict.Kind, an.Best)
				if r.Verdict.Kind.Wrong() {
					gap, err := r.Gap, r.GapErr
					if r.Verdict.ByWin {
						gap, err = r.WinGap, r.WinGapErr
					}
					require.Greater(t, gap, z*err, "%s: %s is wrong within the error", s, r.Action)
					require.Equal(t, r.Verdict.Kind, GradeLoss(gap, r.Verdict.ByWin), "%s: %s graded off the scale", s, r.Action)
				}
				res[i] = r.Result
			}
			require.Equal(t, eval.Best(res, an.ByWin), an.Best, "%s: best is not eval's", s)
			// Down the ranked table the grades never rise: no "≈ best"
			// under an inaccuracy.
			order := an.Ranked()
			for i := 2; i < len(order); i++ {
				require.LessOrEqual(t, max(an.Rows[order[i-1]].Verdict.Kind, AsGood), an.Rows[order[i]].Verdict.Kind, "%s: ranked %v", s, order)
			}
			if s.Players() == 2 {
				require.Equal(t, eval.UseWin(&v), an.ByWin, "%s", s)
			}
		}
	}
}

// fakeBatch scores option j at 10*j points, give or take a point from
// batch to batch, so the last option is best and the others are wrong
// by 10 points a step; the win chance follows at two players.
func fakeBatch(ctx context.Context, v *rules.View, p Plan, k int) (eval.Evaluation, error) {
	if v.Turn != v.Seat {
		return eval.Evaluation{}, eval.ErrNotYourTurn
	}
	o := p.Batch(k)
	ev := eval.Evaluation{Samples: o.Samples, Weight: float64(o.Samples)}
	for j, a := range v.Legal() {
		r := eval.Result{Action: a, Mean: 10*float64(j) + float64(k%3-1), StdErr: 2, Bete: 0.1 * float64(j%3)}
		if v.Players == 2 {
			r.Win = 0.4 + 0.01*float64(j)
		}
		ev.Results = append(ev.Results, r)
	}
	ev.Best = len(ev.Results) - 1
	return ev, nil
}

// TestGradingScale: at every seat count, a choice 10 points a step
// behind the best with little noise is graded on the scale: a mistake
// at 10, a blunder from 20.
func TestGradingScale(t *testing.T) {
	for _, rs := range seatCounts {
		_, v := firstDrill(t, 4, OnlyRound2, rs)
		an, err := EvaluateWith(context.Background(), fakeBatch, &v, Options{Samples: 200, Seed: 1})
		require.NoError(t, err)
		last := len(an.Rows) - 1
		require.Equal(t, last, an.Best, rs)
		for j, r := range an.Rows[:last] {
			cost := 10 * float64(last-j)
			assert.InDelta(t, cost, r.Verdict.Points, 1e-9, "%s: %s", rs, r.Action)
			want := Mistake
			if cost >= BlunderAt {
				want = Blunder
			}
			assert.Equal(t, want, r.Verdict.Kind, "%s: %s", rs, r.Action)
		}
	}
}

// TestTallyPools: batches added in any order give the same analysis, and
// the pooled means are those of the batches weighted by their samples.
func TestTallyPools(t *testing.T) {
	for _, rs := range []string{"players=2", "players=3", "players=4"} {
		_, v := firstDrill(t, 6, OnlyRound1, rs)
		p := NewPlan(Options{Samples: 30, Seed: 5})
		p.Batches = 6
		e := NewEvaluator()
		evs := make([]eval.Evaluation, p.Batches)
		for k := range evs {
			ev, err := e.Batch(context.Background(), &v, p, k)
			require.NoError(t, err)
			evs[k] = ev
		}
		fwd, err := NewTally(&v, p)
		require.NoError(t, err)
		rev, _ := NewTally(&v, p)
		for k := range evs {
			require.NoError(t, fwd.Add(k, evs[k]))
			require.NoError(t, rev.Add(len(evs)-1-k, evs[len(evs)-1-k]))
			if k < len(evs)-1 {
				require.Equal(t, 0, rev.Next(), "after %d batches from the end", k+1)
			}
		}
		require.True(t, fwd.Done())
		a, b := fwd.Analysis(), rev.Analysis()
		for i := range a.Rows {
			x, y := a.Rows[i], b.Rows[i]
			require.InDelta(t, x.Mean, y.Mean, 1e-9)
			require.InDelta(t, x.StdErr, y.StdErr, 1e-9)
			require.InDelta(t, x.GapErr, y.GapErr, 1e-9)
		}
		for j := range a.Rows {
			sum, n := 0.0, 0.0
			for _, ev := range evs {
				sum += ev.Results[j].Mean * batchWeight(ev)
				n += batchWeight(ev)
			}
			assert.InDelta(t, sum/n, a.Rows[j].Mean, 1e-9, "%s: %s", rs, a.Rows[j].Action)
		}
		// A batch of another decision, or out of the plan, is refused.
		bad := evs[0]
		bad.Results = bad.Results[1:]
		assert.Error(t, fwd.Add(0, bad))
		assert.Error(t, fwd.Add(99, evs[0]))
	}
}

// TestPartial: an evaluation stopped early reports the samples it has.
func TestPartial(t *testing.T) {
	_, v := parseView(t, "hand=JS 9S AS KH QH 7D up=8S")
	p := NewPlan(Options{Samples: 40})
	tl, err := NewTally(&v, p)
	require.NoError(t, err)
	an := tl.Analysis()
	require.Zero(t, an.Samples)
	require.Len(t, an.Rows, 3)
	ev, err := NewEvaluator().Batch(context.Background(), &v, p, 3)
	require.NoError(t, err)
	require.NoError(t, tl.Add(3, ev))
	an = tl.Analysis()
	assert.Equal(t, 2, an.Samples)
	assert.Equal(t, 40, an.Asked)
	assert.Equal(t, 0, tl.Next())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	an, err = EvaluateWith(ctx, NewEvaluator().Batch, &v, Options{Samples: 40})
	require.NoError(t, err)
	assert.Zero(t, an.Samples)
	other := v
	other.Turn = You + 1
	_, err = NewTally(&other, p)
	assert.ErrorIs(t, err, eval.ErrNotYourTurn)
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
			assert.Positive(t, b.Samples, "%d samples: batch %d", n, k)
		}
		assert.Equal(t, n, total)
		assert.Len(t, seeds, p.Batches)
	}
	p := NewPlan(Options{})
	assert.Equal(t, DefaultSamples, p.Samples)
	assert.Equal(t, Batches, p.Batches)
}

// TestFromEval: one eval run (a hint during a game) gives the same means
// and the same best, at every seat count.
func TestFromEval(t *testing.T) {
	for _, rs := range []string{"players=2", "players=3", "players=4"} {
		_, v := firstDrill(t, 2, OnlyRound1, rs)
		ev, err := eval.New().Evaluate(context.Background(), &v, eval.Options{Samples: 30, Seed: 2})
		require.NoError(t, err)
		an, err := FromEval(&v, ev)
		require.NoError(t, err)
		assert.Equal(t, ev.Best, an.Best, rs)
		assert.Equal(t, ev.Samples, an.Samples, rs)
		for i, r := range an.Rows {
			e := ev.Results[i]
			assert.InDelta(t, e.Mean, r.Mean, 1e-9)
			assert.InDelta(t, e.StdErr, r.StdErr, 1e-9)
			assert.InDelta(t, e.Win, r.Win, 1e-12)
			assert.InDelta(t, e.Bete, r.Bete, 1e-12)
		}
	}
}

// TestTallyPoolsByWeight: eval may weight its samples by how likely the
// others' words were, so a batch counts for its total weight. Two
// batches with means 10 and 40 and weights 3 and 1 pool to 17.5, with
// the error of a weighted mean of independent means.
func TestTallyPoolsByWeight(t *testing.T) {
	req, _ := Parse("hand=JS 9S AS KH QH 7D up=8S")
	v, _ := req.Situation.View()
	batch := func(mean, se, weight float64) eval.Evaluation {
		ev := eval.Evaluation{Samples: 10, Weight: weight}
		for _, a := range v.Legal() {
			ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: se})
		}
		return ev
	}
	tl, err := NewTally(&v, Plan{Samples: 20, Batches: 2})
	require.NoError(t, err)
	require.NoError(t, tl.Add(0, batch(10, 2, 3)))
	require.NoError(t, tl.Add(1, batch(40, 4, 1)))
	r := tl.Analysis().Rows[0].Result
	assert.InDelta(t, 17.5, r.Mean, 1e-9)
	// sqrt((3/4)²·2² + (1/4)²·4²) = sqrt(2.25 + 1)
	assert.InDelta(t, math.Sqrt(2.25+1), r.StdErr, 1e-9)
}

// TestPooledChancesStayChances: a pooled chance (to win, to go bete,
// to make or defend) is a weighted mean of chances, so it lies in [0, 1]
// whatever the batches' weights, and every batch certain pools to
// certain: the weights' shares, each rounded, may add up to a hair over
// one, which read a chance of 1 as 1.0000000000000002.
func TestPooledChancesStayChances(t *testing.T) {
	req, _ := Parse("hand=JS 9S AS KH QH 7D up=8S")
	v, _ := req.Situation.View()
	legal := v.Legal()
	r := rand.New(rand.NewPCG(7, 11))
	for trial := range 2000 {
		batches := 2 + r.IntN(Batches-1)
		tl, err := NewTally(&v, Plan{Samples: 10 * batches, Batches: batches})
		require.NoError(t, err)
		for k := range batches {
			ev := eval.Evaluation{Samples: 10, Weight: 0.05 + 10*r.Float64()}
			for j, a := range legal {
				// The first option is certain, the others anything.
				c := 1.0
				if j > 0 {
					c = r.Float64()
				}
				ev.Results = append(ev.Results, eval.Result{Action: a, Mean: 10, StdErr: 1, Win: c, Bete: c, Makes: c, Defends: 1 - c})
			}
			require.NoError(t, tl.Add(k, ev))
		}
		an := tl.Analysis()
		for j, row := range an.Rows {
			for name, c := range map[string]float64{"win": row.Win, "bete": row.Bete, "makes": row.Makes, "defends": row.Defends} {
				if c < 0 || c > 1 {
					t.Fatalf("trial %d: %s's chance to %s pools to %v", trial, row.Action, name, c)
				}
				if j == 0 && name != "defends" && c != 1 {
					t.Fatalf("trial %d: a certain chance to %s pools to %v", trial, name, c)
				}
			}
		}
	}
}

// TestWinGradesFollowTheGap: near the end of a game (options ranked by
// the chance to win) one evaluation grades an option further behind in
// that chance no better than one nearer to the best, however their
// score differences compare: 3.9% behind at 1 point was "as good" and
// 3.2% behind at 30 points a mistake.
func TestWinGradesFollowTheGap(t *testing.T) {
	_, v := firstDrill(t, 2, OnlyRound1, "players=2")
	grade := func(mean, win float64) VerdictKind {
		t.Helper()
		an := bestFirst(t, &v, eval.Evaluation{Samples: 100, Weight: 100, ByWin: true},
			eval.Result{Mean: 10, StdErr: 3, Win: 0.30}, eval.Result{Mean: mean, StdErr: 3, Win: win})
		return an.Rows[1].Verdict.Kind
	}
	near, far := grade(-20, 0.268), grade(9, 0.261)
	assert.GreaterOrEqual(t, far, near, "3.9%% behind graded %v, 3.2%% behind %v", far, near)
	// A gap well beyond the error is still a loss.
	assert.True(t, grade(9, 0.05).Wrong(), "25% behind is wrong")
}

// TestShlomoIsWorthItsTwenty: declaring shlomo scores 20, then the
// declarer draws a card from its left and gives one back, so that
// giving back the drawn card is passing plus 20. With four players, the
// dealer holding J, K, Q of the upcard's suit, the evaluation's give
// must not hand the left opponent the jack of the likely trump: shlomo
// is ranked above pass.
func TestShlomoIsWorthItsTwenty(t *testing.T) {
	_, v := parseView(t, "players=4 dealer=A score=182-0 target=500 said=pass,pass,pass "+
		"deck=7C,JS,QC,JC,TD,AD,7S,QS,TS,KD,KC,TC,8D,KH,JH,9H,AS,TH,9C,AC,KS,QH,JD,QD,7H,AH,7D,8C,9S,8H,8S,9D shlomo=on")
	an := evaluate(t, &v, 5)
	shlomo, pass := row(t, an, rules.Shlomo), row(t, an, rules.Pass)
	assert.Greater(t, shlomo.Mean, pass.Mean+10, "shlomo %+.1f, pass %+.1f", shlomo.Mean, pass.Mean)
	assert.False(t, shlomo.Verdict.Kind.Wrong(), "shlomo graded %v", shlomo.Verdict.Kind)
}

// TestGapErrOfAConstantBest: where the best scores the same on every
// sample (a deal thrown in: 0), the gap to another option is that
// option's value, so its error is the row's own ±, which pools every
// sample, not the batches' spread: one figure, one error on the table.
func TestGapErrOfAConstantBest(t *testing.T) {
	_, v := parseView(t, "players=4 dealer=A score=277-166 target=500 said=pass,pass,pass,pass,pass,pass,pass "+
		"deck=7S,TS,JC,TH,QH,8C,AH,7C,8S,JD,KH,8H,QS,KS,JH,9H,9D,TD,QD,AD,QC,7H,9S,AS,KD,9C,KC,AC,8D,TC,JS,7D")
	an := evaluate(t, &v, 12284291658088550116)
	require.True(t, an.Paired)
	best := an.Rows[an.Best]
	require.Equal(t, rules.Pass, best.Action.Kind)
	require.Zero(t, best.StdErr)
	for j, r := range an.Rows {
		if j == an.Best {
			continue
		}
		require.Greater(t, r.StdErr, 0.0, "%s", r.Action)
		assert.InDelta(t, r.StdErr, r.GapErr, 1e-9, "%s: gap ± %.2f, row ± %.2f", r.Action, r.GapErr, r.StdErr)
		assert.InDelta(t, r.StdErr, r.Verdict.Err, 1e-9, "%s: the verdict's ±", r.Action)
	}
}

// TestEvaluationReadsBack: an Analysis passed on as one eval.Evaluation
// (a hint's) reads back through FromEval with every figure and grade
// unchanged, at every seat count: whole (batches paired), stopped after
// a few batches (not paired), ranked by the chance to win, and one
// evaluation's own.
func TestEvaluationReadsBack(t *testing.T) {
	check := func(what string, v *rules.View, an Analysis) {
		t.Helper()
		got, err := FromEval(v, an.Evaluation())
		require.NoError(t, err, what)
		want := an
		want.Asked = an.Samples
		require.Equal(t, want, got, what)
	}
	for _, rs := range seatCounts {
		_, v := firstDrill(t, 3, Any, rs)
		whole, err := EvaluateWith(context.Background(), NewEvaluator().Batch, &v, Options{Samples: 60, Seed: 4})
		require.NoError(t, err)
		require.True(t, whole.Paired, rs)
		check(rs+", whole", &v, whole)

		p := NewPlan(Options{Samples: 60, Seed: 4})
		tl, err := NewTally(&v, p)
		require.NoError(t, err)
		for k := range 3 {
			ev, err := NewEvaluator().Batch(context.Background(), &v, p, k)
			require.NoError(t, err)
			require.NoError(t, tl.Add(k, ev))
		}
		part := tl.Analysis()
		require.False(t, part.Paired, rs)
		check(rs+", three batches", &v, part)

		ev, err := eval.New().Evaluate(context.Background(), &v, eval.Options{Samples: 30, Seed: 2})
		require.NoError(t, err)
		one, err := FromEval(&v, ev)
		require.NoError(t, err)
		check(rs+", one evaluation", &v, one)
	}
	_, v := parseView(t, "hand=7C 8C 9D 8H 7H QD up=KS score=460-470")
	an, err := EvaluateWith(context.Background(), NewEvaluator().Batch, &v, Options{Samples: 60, Seed: 2})
	require.NoError(t, err)
	require.True(t, an.ByWin)
	check("near the target", &v, an)
}
