package sampler

import (
	"errors"
	"math/rand/v2"
	"sort"

	"github.com/klob/klob/rules"
)

// ErrNoSample is the error of a caller that needed a world and got none
// (World returned false), which a view taken from a real deal makes only
// when the rejection below is unlucky many times over.
var ErrNoSample = errors.New("no hidden cards fit the view")

// Sampler draws the other seats' hands for one seat of a deal of two,
// three or four players from what its rules.View leaves open: each seat
// holds the cards it is known to hold (View.Known), none it cannot hold
// (View.CannotHold: voids, no higher trump), as many as it holds, a
// best meld that fits the dialogue and the melds shown
// (View.MeldBound), and, when words said depend on the hands (the
// declarations, the dix exchange, the dialogue), the whole deal must
// replay every word through View.Complete. A Sampler does not change
// after New, so goroutines may share one, each with its own *rand.Rand.
type Sampler struct {
	v      *rules.View
	unseen rules.CardSet
	known  [4]rules.CardSet
	lacks  [4]rules.CardSet
	bound  [4]rules.MeldBound
	// lists holds, for a seat whose best meld a random hand rarely fits,
	// every hand of its that fits (known cards included); nil for the
	// others. The first listed seat is drawn from its list (the anchor
	// below); every other seat's bound is met by rejection.
	lists  [4][]rules.CardSet
	listed [4]bool
	check  bool // replay through Complete: words that depend on the hands were said
	order  []rules.Seat

	// The exact draw (count.go). The unseen cards are grouped by which
	// of seats may hold them (classes[k], masks[k]); plans[0] counts the
	// deals. With an anchor (the first listed seat), its hand is drawn
	// first from its list, entry i with weight its number of deals of
	// the rest (cum, cumulative), and plans[plan[i]] deals the rest.
	seats   []rules.Seat
	classes []rules.CardSet
	masks   []uint8
	anchor  rules.Seat
	plans   []*ways
	plan    []int32
	cum     []float64
	even    bool // the anchor's hands all have the same weight
	none    bool // no deal fits what each seat may hold

	// The hidden shlomo and cleopatra declarations (swaps.go), without
	// an anchor: a deal is drawn through a witness, forced[i] (the cards
	// each seat must hold) drawn by its weight (fcum, cumulative) and
	// fplans[fplan[i]] dealing the rest.
	moves  []move
	fs     []held
	forced [][4]rules.CardSet
	fplans []*ways
	fplan  []int32
	fcum   []float64
}

// Draw limits: whole worlds tried (checked through Complete when
// needed), and deals drawn per world tried until every seat's best meld
// fits the dialogue.
const (
	tableTries     = 400
	tableCompletes = 300 // tries checked through Complete; later ones are taken unchecked
	tableMeldTries = 200
	// worldTries: a whole world must replay through Complete. The draw
	// respects what the shlomo and cleopatra declarations say of the
	// hands (swaps.go), so nearly every try does; the bound is for the
	// words the draw does not anticipate.
	worldTries = 10000
)

// Listing: a seat whose hands fit its meld bound fewer than minHits
// times in a trial of trial draws has every fitting hand listed, when
// it has at most maxList hands to look at, so that a rare announcement
// (four of a kind, a long run with its top told) never costs long loops
// nor lets rejection miss it.
const (
	trial, minHits = 200, 4
	maxList        = 1 << 20
)

// New returns a sampler for v. v must not change while the sampler is
// in use.
func New(v *rules.View) *Sampler {
	s := &Sampler{v: v, unseen: v.Unseen()}
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o == v.Seat {
			continue
		}
		s.known[o] = v.Known(o)
		s.lacks[o] = v.CannotHold(o)
		s.bound[o] = v.MeldBound(o)
		s.order = append(s.order, o)
		s.list(o)
	}
	// Listed seats first, then the most constrained.
	free := func(o rules.Seat) int {
		if s.listed[o] {
			return -1
		}
		return (s.unseen &^ s.lacks[o]).Count()
	}
	for i := 1; i < len(s.order); i++ {
		for j := i; j > 0 && free(s.order[j]) < free(s.order[j-1]); j-- {
			s.order[j], s.order[j-1] = s.order[j-1], s.order[j]
		}
	}
	s.prepare()
	for _, st := range v.History() {
		switch st.Action.Kind {
		case rules.Exchange, rules.Announce, rules.NotGood, rules.HowHigh, rules.HowMany, rules.Same,
			rules.Length, rules.Top, rules.Shlomo, rules.Cleopatra, rules.Draw, rules.Give:
			s.check = true
		}
	}
	return s
}

// list lists seat o's fitting hands when a trial run (with a fixed
// generator, so that listing depends on the view alone) finds them rare.
func (s *Sampler) list(o rules.Seat) {
	if s.trivial(o) {
		return
	}
	allowed := s.unseen &^ s.lacks[o] &^ s.known[o]
	need := s.v.Counts[o] - s.known[o].Count()
	if need < 0 || need > allowed.Count() || choose(allowed.Count(), need) > maxList {
		return
	}
	r := rand.New(rand.NewPCG(0x5a3b1e, 0x77))
	hits := 0
	for range trial {
		if s.fits(o, s.known[o]|pickN(r, allowed, need)) {
			hits++
		}
	}
	if hits >= minHits {
		return
	}
	s.listed[o] = true
	cards := allowed.Cards()
	idx := make([]int, need)
	for i := range idx {
		idx[i] = i
	}
	for {
		h := s.known[o]
		for _, i := range idx {
			h = h.With(cards[i])
		}
		if s.fits(o, h) {
			s.lists[o] = append(s.lists[o], h)
		}
		if !NextSubset(idx, len(cards)) {
			return
		}
	}
}

// Hands returns one world's hands now, indexed by seat (the viewer's
// entry empty), and false when none was found in a fixed number of
// tries. The hard table bot searches these worlds.
func (s *Sampler) Hands(r *rand.Rand) ([4]rules.CardSet, bool) {
	hands, _, _, ok := s.draw(r, false)
	return hands, ok
}

// World returns one whole deal that the viewing seat cannot tell from
// the real one (its View of the deal equals the sampler's view): the
// other hands as Hands draws them, the cards of no hand (the stock, the
// cards still to be dealt) in a uniformly random order, built by
// View.Complete. It returns false when no world was found in a fixed
// number of tries.
func (s *Sampler) World(r *rand.Rand) (rules.Deal, bool) {
	_, t, _, ok := s.draw(r, true)
	return t, ok
}

// prepare groups the unseen cards by the hidden seats that may hold
// them and counts the deals: with an anchor, the deals of the other
// seats for each hand of its list, one count for each way a hand takes
// cards from the classes.
func (s *Sampler) prepare() {
	s.anchor = rules.NoSeat
	if len(s.order) > 0 && s.listed[s.order[0]] {
		s.anchor = s.order[0]
	}
	var need [maxSeats]int
	for _, o := range s.order {
		if s.listed[o] && len(s.lists[o]) == 0 {
			s.none = true
			return
		}
		if o == s.anchor {
			continue
		}
		n := s.v.Counts[o] - s.known[o].Count()
		if n < 0 {
			s.none = true
			return
		}
		need[len(s.seats)] = n
		s.seats = append(s.seats, o)
	}
	var byMask [1 << maxSeats]rules.CardSet
	for m := s.unseen; m != 0; {
		c := m.First()
		m = m.Without(c)
		var mask uint8
		for j, o := range s.seats {
			if !s.lacks[o].Has(c) {
				mask |= 1 << j
			}
		}
		byMask[mask] = byMask[mask].With(c)
	}
	for mask, cards := range byMask {
		if cards != 0 {
			s.classes = append(s.classes, cards)
			s.masks = append(s.masks, uint8(mask))
		}
	}
	sizes := func(h rules.CardSet) []int {
		n := make([]int, len(s.classes))
		for k, cards := range s.classes {
			n[k] = (cards &^ h).Count()
		}
		return n
	}
	if s.anchor == rules.NoSeat {
		s.plans = []*ways{newWays(s.masks, sizes(0), need)}
		s.none = s.plans[0].total() == 0
		if !s.none {
			s.prepareSwaps(need)
		}
		return
	}
	byTake := map[[1 << maxSeats]int8]int32{}
	total := 0.0
	for _, h := range s.lists[s.anchor] {
		var take [1 << maxSeats]int8
		for k, cards := range s.classes {
			take[k] = int8((cards & h).Count())
		}
		i, ok := byTake[take]
		if !ok {
			i = int32(len(s.plans))
			byTake[take] = i
			s.plans = append(s.plans, newWays(s.masks, sizes(h), need))
		}
		s.plan = append(s.plan, i)
		total += s.plans[i].total()
		s.cum = append(s.cum, total)
	}
	s.none = total == 0
	// Equal weights (always with two players, where the anchor is the
	// only hidden seat): the list is drawn from uniformly.
	s.even = true
	for _, w := range s.plans {
		s.even = s.even && w.total() == s.plans[0].total()
	}
}

// draw draws hands (and with whole, the full deal), the same way for
// both: the same generator gives the same hands. Each try deals the
// hidden cards uniformly among the deals that give no seat a card it
// cannot hold (the anchor's hand first, by its weight), then rejects
// the deal unless every seat's best meld fits the dialogue and, when
// words depend on the hands, the deal replays through Complete:
// rejection keeps the draw uniform among the deals that fit it all.
// It also returns the number of deals replayed through Complete, the
// work a test bounds.
func (s *Sampler) draw(r *rand.Rand, whole bool) ([4]rules.CardSet, rules.Deal, int, bool) {
	v := s.v
	if s.none {
		return [4]rules.CardSet{}, rules.Deal{}, 0, false
	}
	tries := tableTries
	if whole {
		tries = worldTries
	}
	var rest []rules.Card
	var x [1 << maxSeats][maxSeats]int
	var cls [1 << maxSeats]rules.CardSet
	nc := len(s.classes)
	completes := 0
	for range tries * tableMeldTries {
		var hands [4]rules.CardSet
		w, fixed := s.plans[0], rules.CardSet(0)
		if s.anchor != rules.NoSeat {
			var i int
			if s.even {
				i = r.IntN(len(s.cum))
			} else {
				u := r.Float64() * s.cum[len(s.cum)-1]
				i = min(sort.Search(len(s.cum), func(i int) bool { return s.cum[i] > u }), len(s.cum)-1)
			}
			fixed = s.lists[s.anchor][i]
			hands[s.anchor] = fixed
			w = s.plans[s.plan[i]]
		}
		if len(s.fs) > 0 {
			var forced [4]rules.CardSet
			forced, w = s.witness(r)
			for _, o := range s.seats {
				hands[o] = forced[o]
				fixed |= forced[o]
			}
		}
		if len(s.seats) == 1 && len(s.fs) == 0 {
			// One seat to deal: its hand is uniform among the hands of
			// cards it may hold, the rest lie in no hand.
			o := s.seats[0]
			hands[o] = pickN(r, s.unseen&^s.lacks[o]&^fixed, w.need[0])
		} else {
			for k, c := range s.classes {
				cls[k] = c &^ fixed
			}
			w.draw(r, x[:nc])
			deal(r, s.seats, cls[:nc], x[:nc], &hands)
		}
		pool := s.unseen &^ fixed
		ok := true
		for _, o := range s.seats {
			pool &^= hands[o]
			hands[o] |= s.known[o]
			if ok && !s.fits(o, hands[o]) {
				ok = false
			}
		}
		if !ok || (len(s.fs) > 0 && !s.keep(r, &hands)) {
			continue
		}
		if whole || (s.check && completes < tableCompletes) {
			completes++
			rest = rest[:0]
			for m := pool; m != 0; {
				c := m.First()
				m = m.Without(c)
				rest = append(rest, c)
			}
			r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			if len(rest) == v.Hidden() {
				t, err := v.Complete(hands, rest)
				// Complete does not compare everything a view holds
				// (the winner of the sequence right before the first
				// trick ends, with two players): the world must show
				// the very same view.
				if err == nil && (!whole || t.View(v.Seat) == *v) {
					return hands, t, completes, true
				}
			}
			if whole {
				if completes >= tries {
					break
				}
				continue
			}
			if len(rest) == v.Hidden() {
				continue
			}
		}
		return hands, rules.Deal{}, completes, true
	}
	return [4]rules.CardSet{}, rules.Deal{}, completes, false
}

// trivial reports whether nothing is known of seat o's best meld.
func (s *Sampler) trivial(o rules.Seat) bool {
	return s.v.Trump == rules.NoSuit || s.bound[o] == (rules.MeldBound{Top: rules.NoRank, MinTop: rules.NoRank})
}

// fits reports whether hand, seat o's hand now, fits what the dialogue
// and the melds shown say of its best meld.
func (s *Sampler) fits(o rules.Seat, hand rules.CardSet) bool {
	return s.trivial(o) || s.bound[o].Fits(hand|s.v.Played[o], s.v.Trump, s.v.Options)
}

// pickN returns n cards of m chosen uniformly at random.
func pickN(r *rand.Rand, m rules.CardSet, n int) rules.CardSet {
	var got rules.CardSet
	k := m.Count()
	for ; n > 0; n-- {
		c := m.Nth(r.IntN(k))
		m = m.Without(c)
		got = got.With(c)
		k--
	}
	return got
}

// choose is n choose k, saturating at maxList+1.
func choose(n, k int) int {
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
		if c > maxList {
			return maxList + 1
		}
	}
	return c
}

// NextSubset steps idx, a k-subset of 0..n-1 in increasing order, to the
// next one in lexicographic order and reports false after the last. Start
// it at 0, 1, ..., k-1 to walk every k-subset.
func NextSubset(idx []int, n int) bool {
	k := len(idx)
	i := k - 1
	for i >= 0 && idx[i] == n-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	idx[i]++
	for j := i + 1; j < k; j++ {
		idx[j] = idx[j-1] + 1
	}
	return true
}
