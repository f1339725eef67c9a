package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// joint lists every consistent way to deal the other seats' hands: each
// hand one that fitting lists for its seat, no card in two hands (the
// cards of none lie in no hand).
func joint(s *Sampler) [][4]rules.CardSet {
	var out [][4]rules.CardSet
	var rec func(k int, hands [4]rules.CardSet, pool rules.CardSet)
	rec = func(k int, hands [4]rules.CardSet, pool rules.CardSet) {
		if k == len(s.order) {
			out = append(out, hands)
			return
		}
		o := s.order[k]
		for _, h := range fitting(s, o) {
			if h&^s.known[o]&^pool != 0 {
				continue
			}
			hands[o] = h
			rec(k+1, hands, pool&^h)
		}
	}
	rec(0, [4]rules.CardSet{}, s.unseen)
	if !s.check {
		return out
	}
	// Words said depend on the hands: the deal must replay them.
	var kept [][4]rules.CardSet
	for _, hands := range out {
		pool := s.unseen
		for _, h := range hands {
			pool &^= h
		}
		if d, err := s.v.Complete(hands, pool.Cards()); err == nil && d.View(s.v.Seat) == *s.v {
			kept = append(kept, hands)
		}
	}
	return kept
}

// chiSquare draws 400 joint hands per consistent deal of all and
// returns the chi-square statistic of the counts, its critical value at
// the 0.1% level (Wilson-Hilferty), and the fewest and most draws of
// one deal. A drawn deal that is not in all fails t.
func chiSquare(t *testing.T, r *rand.Rand, s *Sampler, all [][4]rules.CardSet) (chi, crit float64, lo, hi int) {
	t.Helper()
	counts := make(map[[4]rules.CardSet]int, len(all))
	for _, a := range all {
		counts[a] = 0
	}
	draws := 400 * len(all)
	for range draws {
		h, ok := s.Hands(r)
		if !ok {
			t.Fatalf("no hands\n%s", s.v)
		}
		if _, ok := counts[h]; !ok {
			t.Fatalf("drew %v, not a consistent deal\n%s", h, s.v)
		}
		counts[h]++
	}
	exp := float64(draws) / float64(len(all))
	lo, hi = draws, 0
	for _, k := range counts {
		chi += (float64(k) - exp) * (float64(k) - exp) / exp
		lo, hi = min(lo, k), max(hi, k)
	}
	df := float64(len(all) - 1)
	crit = df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
	return chi, crit, lo, hi
}

// TestUniformJoint: late in the card play of random deals of two, three
// and four players, with at least two seats that cannot hold some of the
// unseen cards (a void, no higher trump) at three and four, every
// consistent deal of the hidden hands (counted by joint) comes up
// equally often from Hands: the chi-square of the joint hands stays
// under its 0.1% critical value. Drawing each seat's hand in turn from
// what earlier seats left fails this at three and four players.
func TestUniformJoint(t *testing.T) {
	want := 20
	if testing.Short() {
		want = 8
	}
	for _, rs := range []string{"players=2", "players=3", "players=4"} {
		opts := tabletest.Options(t, rs)
		r := rand.New(rand.NewPCG(55, 66))
		cases, bounded, anchored := 0, 0, 0
		for tries := 0; cases < want && tries < 20000; tries++ {
			var v *rules.View
			stop, i := 10+r.IntN(40), 0
			tabletest.Play(t, opts, rules.Shuffle(r), rules.Seat(tries%opts.NumPlayers()), r, func(d *rules.Deal, w *rules.View) rules.Action {
				if i++; v == nil && i >= stop && w.Phase == rules.PhasePlay {
					v = new(rules.View)
					*v = *w
				}
				return tabletest.RandomAction(r, d)
			})
			if v == nil {
				continue
			}
			s := New(v)
			// Small cases (with two, the stock holds many of the unseen
			// cards), and when words said depend on the hands, at most
			// one card in no hand, so that whether a deal replays does
			// not depend on the order of the stock.
			limit := 10
			if v.Players == 2 {
				limit = 24
			}
			if s.unseen.Count() > limit || (s.check && v.Hidden() > 1) {
				continue
			}
			lacking := 0
			for _, o := range s.order {
				if s.lacks[o]&s.unseen != 0 {
					lacking++
				}
			}
			if v.Players > 2 && lacking < 2 {
				continue
			}
			all := joint(s)
			if len(all) < 3 || len(all) > 40 {
				continue
			}
			cases++
			for _, o := range s.order {
				if !s.trivial(o) {
					bounded++
					break
				}
			}
			if s.anchor != rules.NoSeat {
				anchored++
			}
			chi, crit, lo, hi := chiSquare(t, r, s, all)
			if chi > crit {
				t.Errorf("%s case %d: chi-square %.1f over %d deals, above the 0.1%% critical value %.1f (each deal drawn %d to %d times, 400 expected)",
					rs, cases, chi, len(all), crit, lo, hi)
			}
			// The same with the first seat's fitting hands listed, as
			// New lists a seat whose best meld rarely fits: its hand
			// is drawn from the list by its number of deals.
			if v.Players == 2 || s.listed[s.order[0]] {
				continue
			}
			o := s.order[0]
			l := &Sampler{v: s.v, unseen: s.unseen, known: s.known, lacks: s.lacks, bound: s.bound,
				lists: s.lists, listed: s.listed, check: s.check, order: s.order}
			l.lists[o], l.listed[o] = fitting(s, o), true
			l.prepare()
			chi, crit, lo, hi = chiSquare(t, r, l, all)
			if chi > crit {
				t.Errorf("%s case %d, seat %s listed: chi-square %.1f over %d deals, above the 0.1%% critical value %.1f (each deal drawn %d to %d times, 400 expected)",
					rs, cases, o, chi, len(all), crit, lo, hi)
			}
		}
		if cases < want {
			t.Fatalf("%s: found only %d small cases", rs, cases)
		}
		t.Logf("%s: %d cases, %d with a seat's best meld bounded, %d with a listed seat", rs, cases, bounded, anchored)
	}
}
