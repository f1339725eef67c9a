package eval

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// lastCard is a card-play model for tests: the last legal card.
func lastCard(v *rules.View) rules.Action {
	l := v.Legal()
	return l[len(l)-1]
}

// TestPlayWeightCountsOffModelCards plays random deals in which each
// seat plays a random legal card, and checks at every decision of the
// card play that playWeight of the true deal is offModel to the power of
// the opponent's cards the model would not have played, counting only
// the cards chosen among several: the
// replay rebuilds the opponent's View at each of its cards.
func TestPlayWeightCountsOffModelCards(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 1))
	checked, off := 0, 0
	for deal := 0; deal < 300; deal++ {
		d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
		var k [2]int // each seat's cards the model would not have played
		for !d.Over() {
			s := d.Turn()
			if d.Phase() == rules.PhasePlay {
				v := d.View(s)
				want := math.Pow(offModel, float64(k[s.Other()]))
				if got := playWeight(&v, &d, lastCard, nil); math.Abs(got-want) > 1e-12 {
					t.Fatalf("deal %d, %s to play after %v: playWeight %g, want %g", deal, s, d.Steps(), got, want)
				}
				checked++
			}
			a := tabletest.RandomAction(r, &d)
			if d.Phase() == rules.PhasePlay && len(d.Legal()) > 1 {
				v := d.View(s)
				if m := lastCard(&v); m.Card != a.Card {
					k[s]++
					off++
				}
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 || off < 100 {
		t.Fatalf("checked %d decisions with %d off-model cards: too few to mean anything", checked, off)
	}
}

// otherPlayedTwo reports whether v is in the card play with two cards
// or more played by the other seat.
func otherPlayedTwo(v *rules.View) bool {
	return v.Phase == rules.PhasePlay && v.Played[v.Seat.Other()].Count() >= 2
}

// TestPlayWeightOfSampledDeals: on deals drawn by the sampler, the
// weight is a power of offModel, 1 for an opponent who played as the
// model, and the memo one evaluation shares between its samples gives
// every sample the weight it has without one.
func TestPlayWeightOfSampledDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 1))
	seen := map[float64]int{}
	for n, v := range randomViews(r, 60, otherPlayedTwo) {
		smp := sampler.New(&v)
		memo := newModelMemo() // one evaluation's memo, shared by its samples
		for i := range 20 {
			d, ok := smp.World(rand.New(rand.NewPCG(uint64(n), uint64(i))))
			if !ok {
				t.Fatal("no world")
			}
			w := playWeight(&v, &d, lastCard, nil)
			if got := playWeight(&v, &d, lastCard, memo); got != w {
				t.Fatalf("%s: weight %g with the memo, %g without", v.String(), got, w)
			}
			k := math.Log(w) / math.Log(offModel)
			if w <= 0 || w > 1 || math.Abs(k-math.Round(k)) > 1e-9 {
				t.Fatalf("%s: weight %g is not a power of %g", v.String(), w, offModel)
			}
			seen[math.Round(k)]++
		}
	}
	if len(seen) < 3 {
		t.Fatalf("weights seen %v: the samples should disagree with the model by different counts", seen)
	}
}

// TestModelKeepsTheEvaluationDeterministic: with a card-play model the
// evaluation is still the same on one worker and two, and the model
// changes it (the weights move the means).
func TestModelKeepsTheEvaluationDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 1))
	changed := 0
	choice := func(v *rules.View) bool { return otherPlayedTwo(v) && len(v.Legal()) >= 2 }
	for _, v := range randomViews(r, 20, choice) {
		opt := Options{Samples: 40, Seed: 7, Workers: 1, Model: lastCard}
		a, err1 := New().Evaluate(context.Background(), &v, opt)
		opt.Workers = 2
		b, err2 := New().Evaluate(context.Background(), &v, opt)
		opt.Model = nil
		c, err3 := New().Evaluate(context.Background(), &v, opt)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		for i := range a.Results {
			if a.Results[i] != b.Results[i] {
				t.Fatalf("%s: %+v with one worker, %+v with two", a.Results[i].Action, a.Results[i], b.Results[i])
			}
		}
		if a.Weight != c.Weight {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("the model never changed the samples' weight")
	}
}
