package sampler

import (
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// TableSampler draws the other seats' hands for one seat of a table of
// two, three or four players from what its rules.View leaves open:
// each seat holds the cards it is known to hold (TableView.Known), none
// it cannot hold (TableView.CannotHold: voids, no higher trump), as many
// as it holds, a best meld that fits the dialogue and the melds shown
// (TableView.MeldBound), and, when words said depend on the hands (the
// declarations, the dix exchange, the dialogue), the whole deal must
// replay every word through TableView.Complete. Hands are drawn
// uniformly among those that fit, by rejection; the bids are not
// weighted. A TableSampler does not change after NewTable, so
// goroutines may share one, each with its own *rand.Rand.
type TableSampler struct {
	v      *rules.View
	unseen rules.CardSet
	known  [4]rules.CardSet
	lacks  [4]rules.CardSet
	bound  [4]rules.MeldBound
	check  bool // replay through Complete: words that depend on the hands were said
	order  []rules.Seat
}

// Draw limits: whole worlds tried, and draws of one seat's hand until
// its best meld fits the dialogue.
const (
	tableTries     = 400
	tableCompletes = 300 // tries checked through Complete; later ones are taken unchecked
	tableMeldTries = 200
	// worldTries: a whole world must replay through Complete. After
	// shlomo and cleopatra in one deal only about one try in 600 does
	// (the declarers' combinations are drawn blind), so World tries
	// longer than Hands.
	worldTries = 5000
)

// NewTable returns a sampler for v. v must not change while the sampler
// is in use.
func NewTable(v *rules.View) *TableSampler {
	s := &TableSampler{v: v, unseen: v.Unseen()}
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o == v.Seat {
			continue
		}
		s.known[o] = v.Known(o)
		s.lacks[o] = v.CannotHold(o)
		s.bound[o] = v.MeldBound(o)
		s.order = append(s.order, o)
	}
	// The most constrained seat first.
	free := func(o rules.Seat) int { return (s.unseen &^ s.lacks[o]).Count() }
	for i := 1; i < len(s.order); i++ {
		for j := i; j > 0 && free(s.order[j]) < free(s.order[j-1]); j-- {
			s.order[j], s.order[j-1] = s.order[j-1], s.order[j]
		}
	}
	for _, st := range v.History() {
		switch st.Action.Kind {
		case rules.Exchange, rules.Announce, rules.NotGood, rules.HowHigh, rules.HowMany, rules.Same,
			rules.Length, rules.Top, rules.Shlomo, rules.Cleopatra, rules.Draw, rules.Give:
			s.check = true
		}
	}
	return s
}

// Hands returns one world's hands now, indexed by seat (the viewer's
// entry empty), and false when none was found in a fixed number of
// tries.
func (s *TableSampler) Hands(r *rand.Rand) ([4]rules.CardSet, bool) {
	hands, _, ok := s.draw(r, false)
	return hands, ok
}

// World returns one whole deal that the viewing seat cannot tell from
// the real one (its View of the deal equals the sampler's view): the
// other hands as Hands draws them, the cards of no hand (the stock, the
// cards still to be dealt) in a uniformly random order, built by
// TableView.Complete. It returns false when no world was found in a
// fixed number of tries.
func (s *TableSampler) World(r *rand.Rand) (rules.Deal, bool) {
	_, t, ok := s.draw(r, true)
	return t, ok
}

// draw draws hands (and with whole, the full deal), the same way for
// both: the same generator gives the same hands.
func (s *TableSampler) draw(r *rand.Rand, whole bool) ([4]rules.CardSet, rules.Deal, bool) {
	v := s.v
	var rest []rules.Card
	tries := tableTries
	if whole {
		tries = worldTries
	}
	for try := 0; try < tries; try++ {
		var hands [4]rules.CardSet
		pool := s.unseen
		ok := true
		for _, o := range s.order {
			need := v.Counts[o] - s.known[o].Count()
			allowed := pool &^ s.lacks[o]
			if need < 0 || allowed.Count() < need {
				ok = false
				break
			}
			// Draw this seat's hand again until its best meld fits
			// what the dialogue said of it.
			var got rules.CardSet
			fits := false
			for k := 0; k < tableMeldTries && !fits; k++ {
				got = pickN(r, allowed, need)
				fits = s.fits(o, s.known[o]|got)
			}
			if !fits {
				ok = false
				break
			}
			hands[o] = s.known[o] | got
			pool &^= got
		}
		if !ok {
			continue
		}
		if whole || (s.check && try < tableCompletes) {
			rest = rest[:0]
			for m := pool; m != 0; {
				c := m.First()
				m = m.Without(c)
				rest = append(rest, c)
			}
			r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			if len(rest) == v.Hidden() {
				t, err := v.Complete(hands, rest)
				if err != nil {
					continue
				}
				return hands, t, true
			}
			if whole {
				continue
			}
		}
		return hands, rules.Deal{}, true
	}
	return [4]rules.CardSet{}, rules.Deal{}, false
}

// fits reports whether hand, seat o's hand now, fits what the dialogue
// and the melds shown say of its best meld.
func (s *TableSampler) fits(o rules.Seat, hand rules.CardSet) bool {
	b := &s.bound[o]
	if s.v.Trump == rules.NoSuit || *b == (rules.MeldBound{Top: rules.NoRank, MinTop: rules.NoRank}) {
		return true
	}
	return b.Fits(hand|s.v.Played[o], s.v.Trump, s.v.Options)
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
