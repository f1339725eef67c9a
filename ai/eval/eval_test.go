package eval

import (
	"context"
	"iter"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// deckFor returns a deck in which the seat that is non-dealer (elder) or
// dealer holds hand (six cards) and up is the upcard; the other cards are
// shuffled by r.
func deckFor(r *rand.Rand, hand rules.CardSet, up rules.Card, elder bool) rules.Deck {
	var rest []rules.Card
	for _, c := range rules.Shuffle(r) {
		if !hand.Has(c) && c != up {
			rest = append(rest, c)
		}
	}
	mine := []int{0, 1, 2, 6, 7, 8}
	if !elder {
		mine = []int{3, 4, 5, 9, 10, 11}
	}
	var deck rules.Deck
	used := map[int]bool{12: true}
	deck[12] = up
	for i, c := range hand.Cards() {
		deck[mine[i]] = c
		used[mine[i]] = true
	}
	k := 0
	for i := range deck {
		if !used[i] {
			deck[i] = rest[k]
			k++
		}
	}
	return deck
}

// bidView returns the round-one view of the elder hand holding hand with
// upcard up.
func bidView(t *testing.T, hand string, up string) rules.View {
	t.Helper()
	h, err := rules.ParseCardSet(hand)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, deckFor(r, h, rules.MustCard(up), true))
	if d.Hand(rules.SeatA) != h {
		t.Fatalf("deckFor: hand %s, want %s", d.Hand(rules.SeatA), h)
	}
	return d.View(rules.SeatA)
}

func result(ev Evaluation, k rules.Kind) Result {
	for _, r := range ev.Results {
		if r.Action.Kind == k {
			return r
		}
	}
	return Result{}
}

func TestObviousBids(t *testing.T) {
	evaluator := New()
	ctx := context.Background()
	strong, err := evaluator.Evaluate(ctx, pv(bidView(t, "JS 9S AS KH QH 7D", "8S")), Options{Samples: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	take, pass := result(strong, rules.Take), result(strong, rules.Pass)
	if take.Mean < pass.Mean+30 {
		t.Errorf("J-9-A of trump: take %+.1f, pass %+.1f: want take ahead by 30 or more", take.Mean, pass.Mean)
	}
	if strong.Results[strong.Best].Action.Kind != rules.Take {
		t.Errorf("J-9-A of trump: best is %s, want take", strong.Results[strong.Best].Action)
	}
	weak, err := evaluator.Evaluate(ctx, pv(bidView(t, "7C 8C 9D 8H 7H QD", "KS")), Options{Samples: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	take, pass = result(weak, rules.Take), result(weak, rules.Pass)
	if pass.Mean < take.Mean+20 {
		t.Errorf("no trump, no ace: take %+.1f, pass %+.1f: want pass ahead by 20 or more", take.Mean, pass.Mean)
	}
	if take.Bete < 0.5 {
		t.Errorf("no trump, no ace: bete chance after take %.2f, want over one half", take.Bete)
	}
	if weak.Results[weak.Best].Action.Kind == rules.Take {
		t.Errorf("no trump, no ace: best is take")
	}
	for _, r := range append(strong.Results, weak.Results...) {
		if r.StdErr <= 0 || r.StdErr > 10 {
			t.Errorf("%s: standard error %.2f out of range", r.Action, r.StdErr)
		}
		if r.Win < 0 || r.Win > 1 {
			t.Errorf("%s: win chance %.3f", r.Action, r.Win)
		}
	}
}

// randomView plays random legal actions and returns the view of the seat
// to move at a random point.
func randomView(r *rand.Rand) (rules.Deal, rules.View, bool) {
	d := rules.NewGameDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r), [4]int{r.IntN(520), r.IntN(520)})
	stop := r.IntN(28)
	for i := 0; !d.Over(); i++ {
		if i == stop {
			return d, d.View(d.Turn()), true
		}
		d.Apply(tabletest.RandomAction(r, &d))
	}
	return d, rules.View{}, false
}

// randomViews yields n views of randomView that keep accepts (every one
// when keep is nil), numbered from 1, each drawn from r when asked.
func randomViews(r *rand.Rand, n int, keep func(v *rules.View) bool) iter.Seq2[int, rules.View] {
	return func(yield func(int, rules.View) bool) {
		for i := 0; i < n; {
			_, v, ok := randomView(r)
			if !ok || keep != nil && !keep(&v) {
				continue
			}
			i++
			if !yield(i, v) {
				return
			}
		}
	}
}

// TestEvaluateShape: every legal action gets a result, in View.Legal
// order, Best points at one, and the numbers are in range, in every
// phase.
func TestEvaluateShape(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	e := New()
	phases := map[rules.Phase]int{}
	for n, v := range randomViews(r, 150, nil) {
		phases[v.Phase]++
		ev, err := e.Evaluate(context.Background(), &v, Options{Samples: 8, Seed: uint64(n)})
		if err != nil {
			t.Fatalf("%v\n%s", err, v)
		}
		legal := v.Legal()
		if len(ev.Results) != len(legal) || ev.Samples != 8 {
			t.Fatalf("%d results over %d samples for %d legal actions", len(ev.Results), ev.Samples, len(legal))
		}
		for i, res := range ev.Results {
			if res.Action != legal[i] {
				t.Fatalf("result %d is %s, legal %s", i, res.Action, legal[i])
			}
			if res.Bete < 0 || res.Bete > 1 || res.Win < 0 || res.Win > 1 || math.IsNaN(res.Mean) {
				t.Fatalf("%s: out of range %+v", res.Action, res)
			}
		}
		if ev.Best < 0 || ev.Best >= len(legal) {
			t.Fatalf("best %d of %d", ev.Best, len(legal))
		}
		if ev.ByWin != UseWin(&v) || ev.Best != Best(ev.Results, ev.ByWin) {
			t.Fatalf("best %d is not what Best chooses", ev.Best)
		}
	}
	for _, p := range []rules.Phase{rules.PhaseBid1, rules.PhaseDix, rules.PhaseSequences, rules.PhasePlay} {
		if phases[p] == 0 {
			t.Errorf("no position in phase %s", p)
		}
	}
}

// TestDeterministic: the same seed gives the same evaluation, whatever
// the number of workers.
func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, v := range randomViews(r, 20, nil) {
		a, err1 := New().Evaluate(context.Background(), &v, Options{Samples: 24, Seed: 7, Workers: 1})
		b, err2 := New().Evaluate(context.Background(), &v, Options{Samples: 24, Seed: 7, Workers: 2})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		for i := range a.Results {
			if a.Results[i] != b.Results[i] {
				t.Fatalf("%s: %+v with one worker, %+v with two", a.Results[i].Action, a.Results[i], b.Results[i])
			}
		}
		if a.Best != b.Best {
			t.Fatal("best differs")
		}
	}
}

// TestCancelled: a context that has ended gives a result at once, with
// no samples.
func TestCancelled(t *testing.T) {
	evaluator := New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v := bidView(t, "JS 9S AS KH QH 7D", "8S")
	ev, err := evaluator.Evaluate(ctx, &v, Options{Samples: 500})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Samples != 0 || len(ev.Results) != 3 {
		t.Fatalf("%d samples, %d results", ev.Samples, len(ev.Results))
	}
}

// TestScoreMatchesRules plays random deals out along the solver's best
// line (bella or the menage announced when the scoring says it pays)
// and checks that the score the evaluation predicts from the solver's
// value is the one rules.Deal gives, the house variants included.
func TestScoreMatchesRules(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	s := solver.New()
	checked, menages := 0, 0
	for checked < 400 {
		opts := rules.DefaultOptions()
		if r.IntN(3) == 0 {
			opts.MeldsNeedTrick = false
		}
		opts.Menage = r.IntN(2) == 0
		opts.OfAKind = r.IntN(3) == 0
		d := rules.NewDeal(opts, rules.Seat(r.IntN(2)), rules.Shuffle(r))
		rollout(&d)
		if d.Over() {
			continue
		}
		checked++
		p := d.Play().Duel()
		a, b := s.Future(&p, rules.SeatA)
		f := readFacts(&d, [4]rules.CardSet{}, [4]int{})
		want := f.final([2]int{a, b})
		if f.openPts == rules.MenagePoints {
			menages++
		}
		bellaPays := f.openBy != rules.NoSeat && want != f.score([2]int{a, b}, rules.NoSeat, 0)
		for !d.Over() {
			p := d.Play().Duel()
			var buf [9]solver.CardValue
			vals := s.CardValues(&p, buf[:0])
			best := vals[0]
			for _, cv := range vals {
				if cv.Value > best.Value {
					best = cv
				}
			}
			act := rules.PlayAction(best.Card)
			for _, word := range []rules.Action{rules.PlayBellaAction(best.Card), rules.PlayMenageAction(best.Card)} {
				if bellaPays && d.IsLegal(word) {
					act = word
				}
			}
			if err := d.Apply(act); err != nil {
				t.Fatal(err)
			}
		}
		sc := d.Score()
		if [2]int(sc.Scored[:2]) != want.scored || sc.Outcome != want.outcome {
			if w := sc.Maker; sc.Cards[d.SeqWinner()&1]+sc.LastTrick[d.SeqWinner()&1] == 0 && sc.Tricks[d.SeqWinner()&1] > 0 {
				_ = w
				continue // the documented exception: tricks worth nothing
			}
			t.Fatalf("deal %s (%+v): rules score %v %v, predicted %v %v (cards %d-%d)", d.Deck(), opts, sc.Scored, sc.Outcome, want.scored, want.outcome, a, b)
		}
	}
	if menages < 5 {
		t.Fatalf("%d deals with a menage to announce, want at least 5", menages)
	}
}

// BenchmarkRoundOne evaluates round-one bids (pass, take, schmeiss) with
// 500 samples on all cores and reports the time per evaluation and the
// samples scored per second (each sample scores all three options).
func BenchmarkRoundOne(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	var views []rules.View
	for range 8 {
		d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
		views = append(views, d.View(d.Turn()))
	}
	e := New()
	ctx := context.Background()
	samples := 0
	i := 0
	for b.Loop() {
		ev, err := e.Evaluate(ctx, &views[i%len(views)], Options{Samples: 500, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		samples += ev.Samples
		i++
	}
	b.ReportMetric(float64(samples)/b.Elapsed().Seconds(), "samples/s")
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(i), "ms/eval")
}

func TestBest(t *testing.T) {
	rs := func(xs ...float64) []Result {
		var out []Result
		for i := 0; i < len(xs); i += 2 {
			out = append(out, Result{Mean: xs[i], Win: xs[i+1]})
		}
		return out
	}
	for _, c := range []struct {
		rs    []Result
		byWin bool
		want  int
	}{
		{rs(1, 0.5, 3, 0.4, 2, 0.6), false, 1},
		{rs(1, 0.5, 3, 0.4, 2, 0.6), true, 2},
		{rs(10, 0.997, 30, 0.995, 20, 0.9), true, 1}, // within winEpsilon: points decide
		{rs(10, 0.997, 30, 0.990, 20, 0.9), true, 0},
		{rs(5, 0.5, 5, 0.5), true, 0}, // a tie goes to the first
		{rs(), true, 0},
	} {
		if got := Best(c.rs, c.byWin); got != c.want {
			t.Errorf("Best(%v, %v) = %d, want %d", c.rs, c.byWin, got, c.want)
		}
	}
}

// TestNearTheTarget: a player a few points from the target wins by
// defending, and the evaluation sees it; near the end it chooses by the
// win chance.
func TestNearTheTarget(t *testing.T) {
	evaluator := New()
	h, _ := rules.ParseCardSet("9S TS AH 8H 8D 9C")
	d := rules.NewGameDeal(rules.DefaultOptions(), rules.SeatB, deckFor(rand.New(rand.NewPCG(1, 1)), h, rules.MustCard("KS"), true), [4]int{480, 200})
	v := d.View(rules.SeatA)
	ev, err := evaluator.Evaluate(context.Background(), &v, Options{Samples: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !ev.ByWin {
		t.Fatal("at 480 of 500 the choice is not by the win chance")
	}
	pass, take := result(ev, rules.Pass), result(ev, rules.Take)
	if pass.Win < 0.98 {
		t.Errorf("defending at 480: win chance %.3f, want 0.98 or more", pass.Win)
	}
	if take.Win >= pass.Win {
		t.Errorf("a doubtful take at 480 (bete %.0f%%) wins %.3f, passing %.3f: want passing ahead", 100*take.Bete, take.Win, pass.Win)
	}
	if got := ev.Results[ev.Best].Action.Kind; got != rules.Pass {
		t.Errorf("best at 480 is %v, want pass", got)
	}
}

// pv returns a pointer to a copy of v, for a view built by an expression.
func pv(v rules.View) *rules.View { return &v }
