package sampler

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// ErrNoSample is returned when no hand fits the View (which a View taken
// from a real deal never causes).
var ErrNoSample = errors.New("no opponent hand fits the view")

// Constraints is everything the Sampler infers from a View.
type Constraints struct {
	// Must holds the cards the opponent certainly holds now.
	Must rules.CardSet
	// Pool holds the unseen cards: in the opponent's hand or in the deck.
	Pool rules.CardSet
	// Forbidden holds unseen cards the opponent cannot hold now, by the
	// card play (voids, no trump, no higher trump).
	Forbidden rules.CardSet
	// Seq restricts the opponent's best meld.
	Seq rules.MeldBound
	// Need is the number of opponent cards to draw from Pool &^ Forbidden.
	Need int
	// Hidden is the number of deck places to fill with the other cards.
	Hidden int
}

// Infer reads the constraints of v, a two-player view. What the play and
// the dialogue reveal is the rules' answer (View.CannotHold,
// View.MeldBound): the sampler only draws hands that fit it.
func Infer(v *rules.View) Constraints {
	opp := v.Seat.Other()
	c := Constraints{Must: v.Known(opp), Pool: v.Unseen(), Hidden: v.Hidden()}
	c.Need = v.Counts[opp] - c.Must.Count()
	c.Forbidden = v.CannotHold(opp) & c.Pool
	c.Seq = v.MeldBound(opp)
	return c
}

// Sampler draws hidden cards for one View. It does not change after New,
// so goroutines may share one (each with its own *rand.Rand).
type Sampler struct {
	v       rules.View
	c       Constraints
	allowed []rules.Card // Pool &^ Forbidden &^ Must
	played  rules.CardSet
	trump   rules.Suit
	opts    rules.Options
	checks  bool // the dialogue or shown sequences restrict the draw

	list   []rules.CardSet // every consistent hand, when listed
	listed bool
}

// trial is the size of the trial run that decides whether to list the
// consistent hands, and minHits the passes below which it does.
const trial, minHits = 200, 4

// New returns a Sampler for v.
func New(v rules.View) *Sampler {
	s := &Sampler{v: v, c: Infer(&v), trump: v.Trump, opts: v.Options}
	s.played = v.Played[v.Seat.Other()]
	for m := s.c.Pool &^ s.c.Forbidden &^ s.c.Must; m != 0; m &= m - 1 {
		s.allowed = append(s.allowed, m.First())
	}
	s.checks = s.c.Seq != rules.MeldBound{Top: rules.NoRank, MinTop: rules.NoRank}
	if s.checks && s.c.Need >= 0 && s.c.Need <= len(s.allowed) {
		// A trial run with a fixed generator, so that whether the
		// hands get listed depends on the View alone.
		r := rand.New(rand.NewPCG(0x5a3b1e, 0x77))
		hits := 0
		for range trial {
			if s.fits(s.rawHand(r)) {
				hits++
			}
		}
		if hits < minHits {
			s.enumerate()
		}
	}
	return s
}

// Constraints returns what the Sampler inferred.
func (s *Sampler) Constraints() Constraints { return s.c }

func (s *Sampler) fits(opp rules.CardSet) bool {
	return !s.checks || s.c.Seq.Fits(opp|s.played, s.trump, s.opts)
}

// Draw returns a hand for the opponent now and the other hidden cards in
// deck order (appended to rest[:0]), ready for View.Complete.
func (s *Sampler) Draw(r *rand.Rand, rest []rules.Card) (rules.CardSet, []rules.Card, error) {
	opp, err := s.drawHand(r)
	if err != nil {
		return 0, rest[:0], err
	}
	rest = rest[:0]
	for m := s.c.Pool &^ opp; m != 0; m &= m - 1 {
		rest = append(rest, m.First())
	}
	for i := len(rest) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		rest[i], rest[j] = rest[j], rest[i]
	}
	if len(rest) != s.c.Hidden {
		return 0, rest, fmt.Errorf("sampler: %d hidden places but %d cards left", s.c.Hidden, len(rest))
	}
	return opp, rest, nil
}

// maxTries bounds the draws for one hand by rejection; a View whose
// consistent hands are that rare is listed at New instead.
const maxTries = 1 << 16

// drawHand draws the opponent's hand now.
func (s *Sampler) drawHand(r *rand.Rand) (rules.CardSet, error) {
	if s.c.Need < 0 || s.c.Need > len(s.allowed) {
		return 0, ErrNoSample
	}
	if s.listed {
		if len(s.list) == 0 {
			return 0, ErrNoSample
		}
		return s.list[r.IntN(len(s.list))], nil
	}
	for range maxTries {
		if opp := s.rawHand(r); s.fits(opp) {
			return opp, nil
		}
	}
	return 0, ErrNoSample
}

// rawHand draws Need cards uniformly from the allowed ones, plus Must.
func (s *Sampler) rawHand(r *rand.Rand) rules.CardSet {
	var buf [32]rules.Card
	pool := buf[:len(s.allowed)]
	copy(pool, s.allowed)
	opp := s.c.Must
	for i := 0; i < s.c.Need; i++ {
		j := i + r.IntN(len(pool)-i)
		pool[i], pool[j] = pool[j], pool[i]
		opp = opp.With(pool[i])
	}
	return opp
}

// Hands yields every opponent hand consistent with the View, once each,
// in a fixed order, until yield returns false. It lists nothing, so a
// caller that stops at the first hand of interest (a claim check) pays
// only for the hands it saw.
func (s *Sampler) Hands(yield func(rules.CardSet) bool) {
	if s.c.Need < 0 || s.c.Need > len(s.allowed) {
		return
	}
	if s.listed {
		for _, h := range s.list {
			if !yield(h) {
				return
			}
		}
		return
	}
	s.combinations(func(opp rules.CardSet) bool {
		return !s.fits(opp) || yield(opp)
	})
}

// enumerate lists every consistent hand.
func (s *Sampler) enumerate() {
	s.listed = true
	s.combinations(func(opp rules.CardSet) bool {
		if s.fits(opp) {
			s.list = append(s.list, opp)
		}
		return true
	})
}

// combinations yields Must plus every Need-card subset of the allowed
// cards, in lexicographic order, until yield returns false.
func (s *Sampler) combinations(yield func(rules.CardSet) bool) {
	n, k := len(s.allowed), s.c.Need
	if k < 0 || k > n {
		return
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for {
		opp := s.c.Must
		for _, i := range idx {
			opp = opp.With(s.allowed[i])
		}
		if !yield(opp) {
			return
		}
		if !NextSubset(idx, n) {
			return
		}
	}
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

// Deal draws hidden cards and builds the full deal with View.Complete,
// and checks that the deal shows this seat the same View (Complete does
// not compare everything a View holds, such as the winner of the
// sequence right before the first trick ends). A draw that fails (which
// the inference should prevent) is drawn again, up to a limit.
func (s *Sampler) Deal(r *rand.Rand) (rules.Deal, error) {
	var buf [32]rules.Card
	var last error
	for range 1000 {
		opp, rest, err := s.Draw(r, buf[:0])
		if err != nil {
			return rules.Deal{}, err
		}
		var hands [4]rules.CardSet
		hands[s.v.Seat.Other()] = opp
		d, err := s.v.Complete(hands, rest)
		if err == nil {
			if d.View(s.v.Seat) == s.v {
				return d, nil
			}
			err = errors.New("the completed deal shows another view")
		}
		last = err
	}
	return rules.Deal{}, fmt.Errorf("%w: %v", ErrNoSample, last)
}

// Count returns the number of opponent hands consistent with the View.
// It lists them all: for tests and small cases.
func (s *Sampler) Count() int {
	if s.listed {
		return len(s.list)
	}
	c := *s
	c.list = nil
	c.enumerate()
	return len(c.list)
}
