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

// SeqBound restricts the opponent's best sequence (rules.BestSequence of
// its hand when the dialogue was held). Zero fields do not restrict.
type SeqBound struct {
	Value, MinValue int        // best value exactly / at least (20 or 50)
	Len, MinLen     uint8      // length exactly / at least
	Top, MinTop     rules.Rank // top card exactly / at least; rules.NoRank for none
	// Trump is +1 when the best sequence is in trump, -1 when it is not
	// (a "same" settled by the trump rule shows which), 0 when unknown.
	Trump      int8
	Shown      bool // the shown cards are exactly SequenceCards(hand)
	ShownCards rules.CardSet
}

// Constraints is everything the Sampler infers from a View.
type Constraints struct {
	// Must holds the cards the opponent certainly holds now.
	Must rules.CardSet
	// Pool holds the unseen cards: in the opponent's hand or in the deck.
	Pool rules.CardSet
	// Forbidden holds unseen cards the opponent cannot hold now, by the
	// card play (voids, no trump, no higher trump).
	Forbidden rules.CardSet
	// Seq restricts the opponent's best sequence (see SeqBound).
	Seq SeqBound
	// Need is the number of opponent cards to draw from Pool &^ Forbidden.
	Need int
	// Hidden is the number of deck places to fill with the other cards.
	Hidden int
}

// Infer reads the constraints of v.
func Infer(v *rules.View) Constraints {
	c := Constraints{Must: v.OppKnown(), Pool: v.Unseen(), Hidden: v.Hidden()}
	c.Need = v.OppCount - c.Must.Count()
	c.Seq = SeqBound{Top: rules.NoRank, MinTop: rules.NoRank}
	opp := v.Seat.Other()
	c.Forbidden = voids(v, opp) & c.Pool
	dialogue(v, opp, &c.Seq)
	if v.SeqWinner == opp && v.Shown != 0 {
		c.Seq.Shown, c.Seq.ShownCards = true, v.Shown
	}
	return c
}

// voids replays the card play of v and returns the cards the opponent
// cannot hold now.
func voids(v *rules.View, opp rules.Seat) rules.CardSet {
	trump := v.Trump
	if trump > rules.Spades {
		return 0
	}
	tmask := rules.SuitMask(trump)
	var forbid rules.CardSet
	lead := rules.NoCard
	for _, st := range v.History() {
		if st.Action.Kind != rules.PlayCard {
			continue
		}
		c := st.Action.Card
		if lead == rules.NoCard {
			lead = c
			continue
		}
		if st.Seat == opp {
			ls := lead.Suit()
			switch {
			case c.Suit() == ls && ls == trump && rules.Power(c, trump) < rules.Power(lead, trump):
				// A lower trump on a trump lead: no trump above the lead.
				for m := tmask; m != 0; m &= m - 1 {
					if t := m.First(); rules.Power(t, trump) > rules.Power(lead, trump) {
						forbid = forbid.With(t)
					}
				}
			case c.Suit() == ls:
			case ls == trump:
				forbid |= tmask
			case c.Suit() == trump:
				forbid |= rules.SuitMask(ls)
			default:
				forbid |= rules.SuitMask(ls) | tmask
			}
		}
		lead = rules.NoCard
	}
	return forbid
}

// dialogue reads the sequence dialogue of v and bounds the opponent's
// best sequence. It follows rules.Deal's dialogue: the non-dealer opens
// with its best value (or "no sequence"); the dealer answers "not good"
// only with a better value, "how high?" / "how many cards?" only with an
// equal one; lengths and tops are told truthfully and answered the same
// way ("not good": more, or higher; "how high?" / "same": equal).
func dialogue(v *rules.View, opp rules.Seat, b *SeqBound) {
	var announced int
	var told rules.Sequence
	same := false
	// The step whose answer comes next: 1 the value, 2 the length, 3 the
	// top.
	step := 0
	for _, st := range v.History() {
		a := st.Action
		byOpp := st.Seat == opp
		switch a.Kind {
		case rules.Announce:
			if byOpp {
				b.Value = int(a.N)
			}
			if step == 0 {
				announced = int(a.N)
			}
			step = 1
		case rules.NoSequence:
			step = 1
		case rules.Length:
			told.Len = a.N
			if byOpp {
				b.Len = a.N
			}
			step = 2
		case rules.Top:
			told.Top = a.Rank
			if byOpp {
				b.Top = a.Rank
			}
			step = 3
		case rules.NotGood, rules.HowHigh, rules.HowMany, rules.Same:
			same = same || a.Kind == rules.Same
			if !byOpp {
				continue
			}
			notGood := a.Kind == rules.NotGood
			switch step {
			case 1:
				if notGood {
					b.MinValue = max(b.MinValue, announced+1)
				} else {
					b.Value = announced
				}
			case 2:
				if notGood {
					b.MinLen = max(b.MinLen, told.Len+1)
				} else {
					b.Len = told.Len
				}
			case 3:
				if notGood {
					b.MinTop = told.Top + 1
				} else {
					b.Top = told.Top
				}
			}
		}
	}
	// At "same" the trump sequence wins, else the non-dealer's: when our
	// own best is in trump (we are the dealer) or not (we are the
	// non-dealer), the winner tells whether the opponent's is.
	if same && v.SeqWinner != rules.NoSeat {
		ownTrump := v.OwnBest().Suit == v.Trump
		oppDeals := v.Dealer == opp
		switch {
		case !oppDeals && ownTrump: // we deal, with a trump sequence
			b.Trump = map[bool]int8{true: 1, false: -1}[v.SeqWinner == opp]
		case oppDeals && !ownTrump: // we lead, with a plain sequence
			b.Trump = map[bool]int8{true: 1, false: -1}[v.SeqWinner == opp]
		}
	}
}

// Fits reports whether hand, the opponent's hand when the dialogue was
// held, satisfies the sequence bounds.
func (b *SeqBound) Fits(hand rules.CardSet, trump rules.Suit, mode rules.SeqRank) bool {
	if b.Shown && rules.SequenceCards(hand) != b.ShownCards {
		return false
	}
	if b.Value == 0 && b.MinValue == 0 && b.Len == 0 && b.MinLen == 0 && b.Top == rules.NoRank && b.MinTop == rules.NoRank && b.Trump == 0 {
		return true
	}
	q, _ := rules.BestSequence(hand, trump, mode)
	v := q.Value()
	switch {
	case b.Value != 0 && v != b.Value,
		v < b.MinValue,
		b.Len != 0 && q.Len != b.Len,
		q.Len < b.MinLen,
		b.Top != rules.NoRank && q.Top != b.Top,
		b.MinTop != rules.NoRank && (q.Len < 3 || q.Top < b.MinTop),
		b.Trump > 0 && q.Suit != trump,
		b.Trump < 0 && q.Len >= 3 && q.Suit == trump:
		return false
	}
	return true
}

// Sampler draws hidden cards for one View. It does not change after New,
// so goroutines may share one (each with its own *rand.Rand).
type Sampler struct {
	v       rules.View
	c       Constraints
	allowed []rules.Card // Pool &^ Forbidden &^ Must
	played  rules.CardSet
	trump   rules.Suit
	mode    rules.SeqRank
	checks  bool // the dialogue or shown sequences restrict the draw

	list   []rules.CardSet // every consistent hand, when listed
	listed bool
}

// trial is the size of the trial run that decides whether to list the
// consistent hands, and minHits the passes below which it does.
const trial, minHits = 200, 4

// New returns a Sampler for v.
func New(v rules.View) *Sampler {
	s := &Sampler{v: v, c: Infer(&v), trump: v.Trump, mode: v.Options.SequenceRank}
	s.played = v.Played[v.Seat.Other()]
	for m := s.c.Pool &^ s.c.Forbidden &^ s.c.Must; m != 0; m &= m - 1 {
		s.allowed = append(s.allowed, m.First())
	}
	b := s.c.Seq
	s.checks = b.Shown || b.Value != 0 || b.MinValue != 0 || b.Len != 0 || b.MinLen != 0 ||
		b.Top != rules.NoRank || b.MinTop != rules.NoRank || b.Trump != 0
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

// View returns the View the Sampler draws for.
func (s *Sampler) View() *rules.View { return &s.v }

func (s *Sampler) fits(opp rules.CardSet) bool {
	return !s.checks || s.c.Seq.Fits(opp|s.played, s.trump, s.mode)
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
		// Next combination in lexicographic order.
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
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
		d, err := s.v.Complete(opp, rest)
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
