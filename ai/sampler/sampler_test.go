package sampler

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// randomPosition plays random legal actions from a fresh deal and stops
// at a random point before the deal is over. It returns the deal and
// false when the deal ended first (abandoned or played out).
func randomPosition(r *rand.Rand, opts rules.Options) (rules.Deal, bool) {
	d := rules.NewDeal(opts, rules.Seat(r.IntN(2)), rules.Shuffle(r))
	// Favour taking so most positions reach the play.
	stop := r.IntN(30)
	for i := 0; !d.Over(); i++ {
		if i == stop {
			return d, true
		}
		if err := d.Apply(tabletest.RandomAction(r, &d)); err != nil {
			panic(err)
		}
	}
	return d, false
}

func randomOptions(r *rand.Rand) rules.Options {
	o := rules.DefaultOptions()
	if r.IntN(4) == 0 {
		o.SequenceRank = rules.RankByLength
	}
	if r.IntN(5) == 0 {
		o.BottomCard = false
	}
	return o
}

// TestSamplesFitTheView (two players): the real opponent hand is always
// among the possible ones; every world shows the same View, never gives
// the opponent a card the seat has seen, and keeps the inferred voids.
func TestSamplesFitTheView(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	positions := 3000
	if testing.Short() {
		positions = 600
	}
	for n := 0; n < positions; {
		d, ok := randomPosition(r, randomOptions(r))
		if !ok {
			continue
		}
		n++
		seat := rules.Seat(r.IntN(2))
		opp := seat.Other()
		v := d.View(seat)
		s := New(&v)
		truth := d.Hand(opp)
		if truth&s.lacks[opp] != 0 {
			t.Fatalf("position %d: the real hand %s holds forbidden cards %s\n%s", n, truth, truth&s.lacks[opp], v)
		}
		if truth&s.known[opp] != s.known[opp] {
			t.Fatalf("position %d: the real hand %s lacks known cards %s", n, truth, s.known[opp])
		}
		if !s.fits(opp, truth) {
			t.Fatalf("position %d: the real hand %s fails the dialogue bounds %+v\n%s", n, truth, s.bound[opp], v)
		}
		if s.listed[opp] && !slices.Contains(s.lists[opp], truth) {
			t.Fatalf("position %d: the real hand %s is not listed\n%s", n, truth, v)
		}
		seen := v.Hand | v.Played[0] | v.Played[1] | (v.Shown[0]|v.Shown[1])&^s.known[opp]
		seen = seen.With(v.Upcard)
		if v.Bottom != rules.NoCard {
			seen = seen.With(v.Bottom)
		}
		for range 5 {
			full, ok := s.World(r)
			if !ok {
				t.Fatalf("position %d: no world\n%s", n, v)
			}
			hand := full.Hand(opp)
			if hand&seen != 0 {
				t.Fatalf("position %d: sample %s holds seen cards %s", n, hand, hand&seen)
			}
			if hand&s.lacks[opp] != 0 {
				t.Fatalf("position %d: sample %s breaks an inferred void (%s)", n, hand, s.lacks[opp])
			}
			if got := full.View(seat); got != v {
				t.Fatalf("position %d: the sampled deal shows a different view:\n%s\nwant\n%s", n, got, v)
			}
		}
	}
}

// checkExact draws random hands from all unseen cards and checks that
// View.Complete accepts a hand exactly when it avoids the cards the
// opponent cannot hold and fits the dialogue, so the inference the
// sampler reads neither misses a fact nor invents one. It returns the
// numbers of hands accepted and refused.
func checkExact(t *testing.T, r *rand.Rand, v rules.View, tries int) (accepted, refused int) {
	t.Helper()
	s := New(&v)
	opp := v.Seat.Other()
	must, lacks := s.known[opp], s.lacks[opp]&s.unseen
	need := v.Counts[opp] - must.Count()
	free := (s.unseen &^ must).Cards()
	for k := 0; k < tries; k++ {
		r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		hand := must | rules.SetOf(free[:need]...)
		var rest []rules.Card
		for m := s.unseen &^ hand; m != 0; m &= m - 1 {
			rest = append(rest, m.First())
		}
		// Consistent means: Complete accepts it and the deal it builds
		// shows this seat the same View (Complete alone does not compare
		// the winner of the sequence right before the first trick ends).
		full, err := v.Complete(oppHands(v, hand), rest)
		if err == nil && full.View(v.Seat) != v {
			err = errors.New("the view differs")
		}
		want := hand&lacks == 0 && s.fits(opp, hand)
		if (err == nil) != want {
			t.Fatalf("hand %s: Complete says %v, the inference says consistent=%v (cannot hold %s, bounds %+v)\n%s",
				hand, err, want, lacks, s.bound[opp], v)
		}
		if want {
			accepted++
		} else {
			refused++
		}
	}
	return accepted, refused
}

func TestInferenceIsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	positions := 3000
	if testing.Short() {
		positions = 600
	}
	var accepted, refused int
	for n := 0; n < positions; {
		d, ok := randomPosition(r, randomOptions(r))
		if !ok {
			continue
		}
		n++
		a, b := checkExact(t, r, d.View(rules.Seat(r.IntN(2))), 20)
		accepted, refused = accepted+a, refused+b
	}
	if refused < accepted/50 {
		t.Errorf("only %d of %d random hands were refused: the positions test little", refused, accepted+refused)
	}
}

// dialoguePositions calls f with n positions of deals where both players
// hold a sequence of the same value, so the dialogue goes to lengths,
// tops and "same", in both ranking modes, and with the words of the
// position's dialogue; it returns how often each word was said.
func dialoguePositions(r *rand.Rand, n int, f func(d *rules.Deal, said []rules.Kind)) map[rules.Kind]int {
	kinds := map[rules.Kind]int{}
	for k := 0; k < n; {
		opts := rules.DefaultOptions()
		if k%2 == 1 {
			opts.SequenceRank = rules.RankByLength
		}
		d := rules.NewDeal(opts, rules.Seat(r.IntN(2)), rules.Shuffle(r))
		d.Apply(rules.Action{Kind: rules.Take})
		for d.Phase() == rules.PhaseDix {
			l := d.Legal()
			d.Apply(l[r.IntN(len(l))])
		}
		if d.Phase() != rules.PhaseSequences {
			continue
		}
		a, b := d.BestMeld(rules.SeatA), d.BestMeld(rules.SeatB)
		if a.Len < 3 || a.Value() != b.Value() {
			continue
		}
		k++
		// The dialogue, preferring the answers that go on, then a random
		// part of the play.
		var said []rules.Kind
		for d.Phase() == rules.PhaseSequences {
			l := d.Legal()
			act := l[r.IntN(len(l))]
			if r.IntN(4) != 0 {
				act = l[len(l)-1]
				if act.Kind == rules.NoSequence && len(l) > 1 {
					act = l[0]
				}
			}
			kinds[act.Kind]++
			said = append(said, act.Kind)
			d.Apply(act)
		}
		for j := r.IntN(12); j > 0 && !d.Over(); j-- {
			l := d.Legal()
			d.Apply(l[r.IntN(len(l))])
		}
		if !d.Over() {
			f(&d, said)
		}
	}
	return kinds
}

// TestInferenceIsExactDialogue: checkExact after a dialogue that went to
// lengths, tops and "same". Under -short it checks every position whose
// dialogue said one of the rare words (how many, length, same: a tenth
// of the positions or fewer) and every third of the others.
func TestInferenceIsExactDialogue(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	// The hands checkExact tries come from a generator of their own, so
	// that the positions do not depend on how many are checked.
	tries := rand.New(rand.NewPCG(11, 13))
	every := 1
	if testing.Short() {
		every = 3
	}
	rare := func(k rules.Kind) bool { return k == rules.HowMany || k == rules.Length || k == rules.Same }
	positions, checkedPositions := 0, 0
	checked := map[rules.Kind]int{} // the words of the positions checked
	dialoguePositions(r, 1500, func(d *rules.Deal, said []rules.Kind) {
		if positions++; positions%every != 0 && !slices.ContainsFunc(said, rare) {
			return
		}
		checkedPositions++
		for _, k := range said {
			checked[k]++
		}
		for _, seat := range []rules.Seat{rules.SeatA, rules.SeatB} {
			checkExact(t, tries, d.View(seat), 20)
		}
	})
	for _, k := range []rules.Kind{rules.HowHigh, rules.HowMany, rules.Same, rules.NotGood, rules.Length, rules.Top} {
		if checked[k] < 10 {
			t.Errorf("the positions checked used %v only %d times", rules.Action{Kind: k}, checked[k])
		}
		t.Logf("%v said %d times", rules.Action{Kind: k}, checked[k])
	}
	t.Logf("%d positions of %d checked", checkedPositions, positions)
}

// fitting lists every hand of seat o that fits what s knows of it, by a
// recursion of its own (not the sampler's listing).
func fitting(s *Sampler, o rules.Seat) []rules.CardSet {
	cards := (s.unseen &^ s.lacks[o] &^ s.known[o]).Cards()
	need := s.v.Counts[o] - s.known[o].Count()
	var out []rules.CardSet
	var rec func(i int, h rules.CardSet, left int)
	rec = func(i int, h rules.CardSet, left int) {
		if left == 0 {
			if s.fits(o, h) {
				out = append(out, h)
			}
			return
		}
		if len(cards)-i < left {
			return
		}
		rec(i+1, h.With(cards[i]), left-1)
		rec(i+1, h, left)
	}
	rec(0, s.known[o], need)
	return out
}

// TestListedHands: after a dialogue, a seat whose fitting hands are rare
// has every one of them listed, once each, the real hand among them; and
// listing happens.
func TestListedHands(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	listed := 0
	dialoguePositions(r, 300, func(d *rules.Deal, _ []rules.Kind) {
		for _, seat := range []rules.Seat{rules.SeatA, rules.SeatB} {
			v := d.View(seat)
			s := New(&v)
			opp := seat.Other()
			if !s.listed[opp] {
				continue
			}
			listed++
			want := fitting(s, opp)
			got := slices.Clone(s.lists[opp])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%d hands listed, %d fit\n%s", len(got), len(want), v)
			}
			if !slices.Contains(got, d.Hand(opp)) {
				t.Fatalf("the real hand %s is not listed\n%s", d.Hand(opp), v)
			}
		}
	})
	if listed < 5 {
		t.Fatalf("only %d views had a seat listed", listed)
	}
}

// TestUniform draws many worlds in small cases (late in the play, and
// with a sequence announced) and checks that every consistent hand comes
// up equally often (chi-square at the 0.1% level).
func TestUniform(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cases := 0
	for tries := 0; cases < 12 && tries < 100000; tries++ {
		d, ok := randomPosition(r, rules.DefaultOptions())
		if !ok || d.Phase() != rules.PhasePlay {
			continue
		}
		seat := rules.Seat(r.IntN(2))
		opp := seat.Other()
		v := d.View(seat)
		s := New(&v)
		n := len(fitting(s, opp))
		// Small cases only, and some with the dialogue bounding the draw.
		if n < 3 || n > 60 || (cases%2 == 0 && s.trivial(opp)) {
			continue
		}
		cases++
		counts := map[rules.CardSet]int{}
		draws := 400 * n
		for i := 0; i < draws; i++ {
			h, ok := s.Hands(r)
			if !ok {
				t.Fatal("no hands")
			}
			counts[h[opp]]++
		}
		if len(counts) != n {
			t.Fatalf("case %d: %d distinct hands drawn, %d consistent", cases, len(counts), n)
		}
		exp := float64(draws) / float64(n)
		chi := 0.0
		for _, k := range counts {
			chi += (float64(k) - exp) * (float64(k) - exp) / exp
		}
		// Wilson-Hilferty approximation of the 99.9% quantile.
		df := float64(n - 1)
		crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
		if chi > crit {
			t.Errorf("case %d: chi-square %.1f over %d hands, above the 0.1%% critical value %.1f", cases, chi, n, crit)
		}
	}
	if cases < 12 {
		t.Fatalf("found only %d small cases", cases)
	}
}

// TestDeterministic: the same View and seed give the same worlds.
func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 50; {
		d, ok := randomPosition(r, rules.DefaultOptions())
		if !ok {
			continue
		}
		n++
		v := d.View(d.Turn())
		a, b := New(&v), New(&v)
		ra, rb := rand.New(rand.NewPCG(9, uint64(n))), rand.New(rand.NewPCG(9, uint64(n)))
		for k := 0; k < 10; k++ {
			da, ok1 := a.World(ra)
			db, ok2 := b.World(rb)
			if !ok1 || !ok2 {
				t.Fatal("no world")
			}
			if da.Deck() != db.Deck() {
				t.Fatalf("position %d: decks differ for the same seed", n)
			}
		}
	}
}

// oppHands is the hands argument of View.Complete for a two-player view:
// the opponent holds opp.
func oppHands(v rules.View, opp rules.CardSet) [4]rules.CardSet {
	var h [4]rules.CardSet
	h[v.Seat.Other()] = opp
	return h
}

// TestNextSubset walks every k-subset of 0..n-1 for small n: each once,
// in increasing order within and in lexicographic order between, C(n, k)
// of them.
func TestNextSubset(t *testing.T) {
	for n := 0; n <= 7; n++ {
		for k := 0; k <= n; k++ {
			idx := make([]int, k)
			for i := range idx {
				idx[i] = i
			}
			count, want := 1, 1
			for i := 1; i <= k; i++ {
				want = want * (n - k + i) / i
			}
			prev := slices.Clone(idx)
			for NextSubset(idx, n) {
				count++
				if slices.Compare(prev, idx) >= 0 || idx[0] < 0 || idx[k-1] >= n {
					t.Fatalf("n=%d k=%d: %v after %v", n, k, idx, prev)
				}
				for i := 1; i < k; i++ {
					if idx[i] <= idx[i-1] {
						t.Fatalf("n=%d k=%d: %v not increasing", n, k, idx)
					}
				}
				prev = slices.Clone(idx)
			}
			if count != want {
				t.Errorf("n=%d k=%d: %d subsets, want %d", n, k, count, want)
			}
		}
	}
}
