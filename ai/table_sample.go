package ai

import (
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// tableSampler draws the other seats' hands from what a TableView leaves
// open: each seat holds the cards it is known to hold (Known), none it is
// known to lack (CannotHold: voids, no higher trump), as many as it
// holds, a best meld that fits the dialogue (MeldBound), and the whole
// deal must replay every word said (TableView.Complete). Worlds are drawn
// uniformly among the hands that fit (by rejection); the bids are not
// weighted.
type tableSampler struct {
	v      *rules.TableView
	unseen rules.CardSet
	known  [4]rules.CardSet
	lacks  [4]rules.CardSet
	bound  [4]rules.MeldBound
	check  bool // replay through Complete: words that depend on the hands were said
	order  []rules.Seat
}

func newTableSampler(v *rules.TableView) *tableSampler {
	s := &tableSampler{v: v, unseen: v.Unseen()}
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

// draw returns one world's hands (the viewer's entry empty), false when
// none was found in a fixed number of tries.
func (s *tableSampler) draw(r *rand.Rand) ([4]rules.CardSet, bool) {
	v := s.v
	var rest []rules.Card
	for try := 0; try < 400; try++ {
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
			for k := 0; k < 200 && !fits; k++ {
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
		if s.check && try < 300 {
			rest = rest[:0]
			for m := pool; m != 0; {
				c := m.First()
				m = m.Without(c)
				rest = append(rest, c)
			}
			r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			if len(rest) == v.Hidden() {
				if _, err := v.Complete(hands, rest); err != nil {
					continue
				}
			}
		}
		return hands, true
	}
	return [4]rules.CardSet{}, false
}

// fits reports whether hand, seat o's hand now, fits what the dialogue
// and the melds shown say of its best meld.
func (s *tableSampler) fits(o rules.Seat, hand rules.CardSet) bool {
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
