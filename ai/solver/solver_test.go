package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// margin returns the final point difference of a finished play for the
// seat to move.
func margin(p rules.Duel) int {
	t := p.Turn()
	return int(p.Points[t]) - int(p.Points[t.Other()])
}

// minimax is the reference: plain minimax over rules.Duel, no pruning, no
// table, no equivalences. It returns the final point difference for the
// seat to move.
func minimax(p rules.Duel) int {
	if p.Done() {
		return margin(p)
	}
	best := -1 << 30
	eachChild(p, func(q rules.Duel, same bool) bool {
		v := minimax(q)
		if !same {
			v = -v
		}
		best = max(best, v)
		return true
	})
	return best
}

// eachChild calls f on the position after each legal card of p, with
// whether p's seat to move is to move again, until f returns false.
func eachChild(p rules.Duel, f func(q rules.Duel, same bool) bool) {
	me := p.Turn()
	for m := p.Legal(); m != 0; m &= m - 1 {
		q := p
		q.Move(m.First())
		if !f(q, q.Turn() == me) {
			return
		}
	}
}

// alphaBeta is a second reference for full deals, where plain minimax is
// too slow: negamax alpha-beta over rules.Duel with no table and no
// equivalences.
func alphaBeta(p rules.Duel, alpha, beta int) int {
	if p.Done() {
		return margin(p)
	}
	best := -1 << 30
	eachChild(p, func(q rules.Duel, same bool) bool {
		var v int
		if same {
			v = alphaBeta(q, max(alpha, best), beta)
		} else {
			v = -alphaBeta(q, -beta, -max(alpha, best))
		}
		if v > best {
			best = v
			return best < beta
		}
		return true
	})
	return best
}

// cardValue is ref's value of p after card c, for p's seat to move.
func cardValue(p rules.Duel, c rules.Card, ref func(rules.Duel) int) int {
	me := p.Turn()
	p.Move(c)
	v := ref(p)
	if p.Turn() != me {
		v = -v
	}
	return v
}

// forDeals calls f on deals 0 to count-1 (short with -short), with one
// generator seeded by seed for them all.
func forDeals(seed uint64, count, short int, f func(i int, r *rand.Rand)) {
	r := rand.New(rand.NewPCG(seed, seed))
	if testing.Short() {
		count = short
	}
	for i := range count {
		f(i, r)
	}
}

// randomPlay deals n cards to each hand from a shuffled deck, with a
// random trump, leader, bonus, points already won and, sometimes, a card
// already led.
func randomPlay(r *rand.Rand, n int) rules.Duel {
	deck := rules.Shuffle(r)
	var p rules.Duel
	for i := 0; i < n; i++ {
		p.Hands[0] = p.Hands[0].With(deck[i])
		p.Hands[1] = p.Hands[1].With(deck[n+i])
	}
	p.Trump = rules.Suit(r.IntN(4))
	p.Leader = rules.Seat(r.IntN(2))
	p.Lead = rules.NoCard
	p.LastBonus = int16([]int{0, 10, 10, 7}[r.IntN(4)])
	p.Points = [2]int16{int16(r.IntN(40)), int16(r.IntN(40))}
	p.Tricks = uint8(9 - n)
	if r.IntN(3) == 0 {
		c := p.Legal().Nth(r.IntN(n))
		p.Move(c)
	}
	return p
}

func TestSolveMatchesMinimaxReduced(t *testing.T) {
	s := NewSize(12)
	forDeals(1, 3000, 600, func(i int, r *rand.Rand) {
		n := 1 + r.IntN(5)
		p := randomPlay(r, n)
		want := minimax(p)
		if got := s.Solve(&p); got != want {
			t.Fatalf("deal %d (%d cards, trump %s, hands %s | %s, leader %s lead %s): Solve = %d, want %d",
				i, n, p.Trump, p.Hands[0], p.Hands[1], p.Leader, p.Lead, got, want)
		}
		// Every card's value is minimax after playing it.
		for _, cv := range s.CardValues(&p, nil) {
			want := cardValue(p, cv.Card, minimax)
			if cv.Value != want {
				t.Fatalf("deal %d: value of %s = %d, want %d", i, cv.Card, cv.Value, want)
			}
		}
		// Solving again with a warm table gives the same value, from
		// both seats.
		if got := s.SolveFor(&p, p.Turn().Other()); got != -want {
			t.Fatalf("deal %d: SolveFor other seat = %d, want %d", i, got, -want)
		}
	})
}

func TestSolveMatchesAlphaBetaFull(t *testing.T) {
	s := New()
	forDeals(2, 40, 8, func(i int, r *rand.Rand) {
		n := 9
		if i%2 == 1 {
			n = 7 + r.IntN(2)
		}
		p := randomPlay(r, n)
		want := alphaBeta(p, -1<<30, 1<<30)
		if got := s.Solve(&p); got != want {
			t.Fatalf("deal %d: Solve = %d, want %d", i, got, want)
		}
	})
}

func TestCardValuesFull(t *testing.T) {
	s := New()
	forDeals(3, 10, 3, func(i int, r *rand.Rand) {
		p := randomPlay(r, 6+r.IntN(3))
		best := -1 << 30
		var buf [9]CardValue
		cvs := s.CardValues(&p, buf[:0])
		if len(cvs) != p.Legal().Count() {
			t.Fatalf("deal %d: %d values for %d legal cards", i, len(cvs), p.Legal().Count())
		}
		for _, cv := range cvs {
			want := cardValue(p, cv.Card, func(q rules.Duel) int { return alphaBeta(q, -1<<30, 1<<30) })
			if cv.Value != want {
				t.Fatalf("deal %d: value of %s = %d, want %d", i, cv.Card, cv.Value, want)
			}
			best = max(best, cv.Value)
		}
		if got := s.Solve(&p); got != best {
			t.Fatalf("deal %d: Solve = %d, best card value %d", i, got, best)
		}
	})
}

// TestReduce checks the mask form of the equivalence rule against the
// rule written out card by card (reduceLane), for every pair of disjoint
// lanes, in a trump and a plain suit, and for follow sets that are a top
// segment of a trump lane.
func TestReduce(t *testing.T) {
	for _, trump := range []rules.Suit{rules.Hearts, rules.Spades} {
		s := New()
		s.setup(trump, 10)
		for su := uint(0); su < 4; su++ {
			tf := s.tf(uint8(su))
			for own := 0; own < 256; own++ {
				for opp := 0; opp < 256; opp++ {
					if own&opp != 0 {
						continue
					}
					got := uint8(s.reduce(uint32(own)<<(8*su), uint32(opp)<<(8*su)) >> (8 * su))
					want := reduceLane(uint8(own), uint8(opp), &powPts[tf])
					if got != want {
						t.Fatalf("trump %s suit %d own %08b opp %08b: got %08b want %08b", trump, su, own, opp, got, want)
					}
				}
			}
		}
	}
}

// reduceLane is the reference for Solver.reduce: it keeps one card of each run of equivalent cards in own: two
// cards of own are equivalent when they are worth the same points and no
// card of opp lies between them in power. Equivalent cards win and lose
// against exactly the same cards, are legal in the same situations and
// score the same, so playing either gives the same value. The lowest card
// of each run is kept.
func reduceLane(own, opp uint8, pts *[8]int16) uint8 {
	var out uint8
	prev := -1
	for b := 0; b < 8; b++ {
		if own&(1<<b) == 0 {
			continue
		}
		if prev >= 0 && pts[prev] == pts[b] && opp&between(prev, b) == 0 {
			prev = b
			continue
		}
		out |= 1 << b
		prev = b
	}
	return out
}

// between returns the lane bits strictly between a and b (a < b).
func between(a, b int) uint8 {
	return uint8((1<<b - 1) &^ (1<<(a+1) - 1))
}

// TestNumbering: the solver's card numbering round-trips, and a higher
// number in a suit is a card that wins over a lower one.
func TestNumbering(t *testing.T) {
	for trump := rules.Clubs; trump <= rules.Spades; trump++ {
		for c := rules.Card(0); c < 32; c++ {
			e := encodeCard(c, trump)
			if decodeCard(e, trump) != c {
				t.Fatalf("trump %s: %s -> %d -> %s", trump, c, e, decodeCard(e, trump))
			}
			if got := decode(encode(rules.SetOf(c), trump), trump); got != rules.SetOf(c) {
				t.Fatalf("trump %s: set of %s round-trips to %s", trump, c, got)
			}
			for o := rules.Card(0); o < 32; o++ {
				if o.Suit() != c.Suit() || o == c {
					continue
				}
				higher := encodeCard(o, trump) > encodeCard(c, trump)
				if beats := rules.Beats(o, c, trump); beats != higher {
					t.Fatalf("trump %s: %s over %s: rules %v, numbering %v", trump, o, c, beats, higher)
				}
			}
		}
	}
}

// TestNoAllocs: a solve, and valuing every card into a buffer, allocate
// nothing.
func TestNoAllocs(t *testing.T) {
	deals := fullDeals(5, 20)
	s := New()
	var buf [9]CardValue
	i := 0
	allocs := testing.AllocsPerRun(20, func() {
		s.Solve(&deals[i%len(deals)])
		s.CardValues(&deals[i%len(deals)], buf[:0])
		i++
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per solve, want 0", allocs)
	}
}

// decode converts a solver set back to rules cards (encode's inverse).
func decode(m uint32, t rules.Suit) rules.CardSet {
	var out rules.CardSet
	for s := rules.Clubs; s <= rules.Spades; s++ {
		tf := 0
		if s == t {
			tf = 1
		}
		out |= rules.CardSet(powToLane[tf][uint8(m>>(8*uint(s)))]) << (8 * uint(s))
	}
	return out
}
