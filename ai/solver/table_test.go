package solver

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klob/klob/rules"
)

// randomTablePlay deals k cards to each of n seats from a shuffled deck.
func randomTablePlay(r *rand.Rand, n, k int) rules.Play {
	deck := rules.Shuffle(r)
	p := rules.Play{N: uint8(n), Trump: rules.Suit(r.IntN(5)), Leader: rules.Seat(r.IntN(n)), LastBonus: 10}
	if n < 4 && p.Trump == rules.NoTrumps {
		p.Trump = rules.Hearts
	}
	for i := range n * k {
		p.Hands[i%n] = p.Hands[i%n].With(deck[i])
	}
	return p
}

// naive is plain minimax with no table, no pruning and no merged cards.
func naive(p *rules.Play, side uint8) int {
	legal := p.Legal()
	if legal == 0 {
		return 0
	}
	maxing := side>>p.Turn()&1 == 1
	best := -1 << 30
	if !maxing {
		best = 1 << 30
	}
	var q rules.Play // outside the loop, so that it stays on the stack
	for m := legal; m != 0; m &= m - 1 {
		q = *p
		before := pts(&q, side)
		q.Move(rules.Card(bits.TrailingZeros32(uint32(m))))
		v := pts(&q, side) - before + naive(&q, side)
		if maxing == (v > best) && v != best {
			best = v
		}
	}
	return best
}

func pts(p *rules.Play, side uint8) int {
	n := 0
	for i := range 4 {
		if side>>i&1 == 1 {
			n += int(p.Points[i])
		}
	}
	return n
}

// TestTableSolverMatchesMinimax compares every value of the solver with
// plain minimax on 300 random positions per seat count (60 with -short:
// every hand size still comes with and without the last trick's bonus):
// two to four
// cards a hand, sometimes inside the first trick, the maximising side
// the mover's (SideOf) or, for CardValuesFor, another set of seats. One
// solver serves every position, so entries left by a different deal,
// trump or side must not leak into the next.
func TestTableSolverMatchesMinimax(t *testing.T) {
	positions := 300
	if testing.Short() {
		positions = 60
	}
	for _, n := range []int{2, 3, 4} {
		r := rand.New(rand.NewPCG(5, uint64(n)))
		s := NewTable()
		for i := range positions {
			k := 2 + i%3
			if n == 2 {
				k += 2
			}
			p := randomTablePlay(r, n, k)
			p.LastBonus = int16(10 * (i%4/3*-1 + 1)) // a quarter without the bonus
			for j := 0; j < r.IntN(n); j++ {
				p.Move(p.Pick(r.Uint32()))
			}
			seat := p.Turn()
			side := SideOf(&p, seat)
			want := naive(&p, side)
			got, ok := s.Solve(&p, seat)
			if !ok || got != want {
				t.Fatalf("%d players, deal %d (%d cards, trump %s): Solve = %d, %v; want %d", n, i, k, p.Trump, got, ok, want)
			}
			cv, ok := s.CardValues(&p, nil)
			if !ok {
				t.Fatalf("%d players, deal %d: CardValues cut short", n, i)
			}
			checkCardValues(t, &p, side, cv, want)
			// Another side: any set of seats (not empty, not all).
			other := uint8(1 + r.IntN(1<<n-2))
			cv, ok = s.CardValuesFor(&p, other, cv[:0])
			if !ok {
				t.Fatalf("%d players, deal %d: CardValuesFor cut short", n, i)
			}
			checkCardValues(t, &p, other, cv, -1)
			checkLine(t, s, &p, side, want)
			checkLine(t, s, &p, other, naive(&p, other))
		}
	}
}

// checkLine checks that Line returns the position's value for side,
// want (naive's), and legal cards to the end that make it, each a best
// card for its seat's side by minimax. Each position's minimax value is
// worked out once: the value after a card is the next card's to match.
func checkLine(t *testing.T, s *TableSolver, p *rules.Play, side uint8, want int) {
	t.Helper()
	line, v, ok := s.Line(p, side, nil)
	if !ok || v != want {
		t.Fatalf("side %04b: Line = %v, %d, %v; want the value %d", side, line, v, ok, want)
	}
	q := *p
	before := pts(&q, side)
	rest := want // naive(&q, side)
	for _, c := range line {
		if !q.Legal().Has(c) {
			t.Fatalf("side %04b: line %v plays %s, not legal", side, line, c)
		}
		at := pts(&q, side)
		q.Move(c)
		after := naive(&q, side)
		if got := pts(&q, side) - at + after; got != rest {
			t.Fatalf("side %04b: line %v: %s makes %d where %d could be made", side, line, c, got, rest)
		}
		rest = after
	}
	if !q.Done() || pts(&q, side)-before != want {
		t.Fatalf("side %04b: line %v ends the play %v with %d, want %d", side, line, q.Done(), pts(&q, side)-before, want)
	}
}

// checkCardValues checks each value of cv against minimax for side and,
// with want >= 0, that the best is want.
func checkCardValues(t *testing.T, p *rules.Play, side uint8, cv []TableCardValue, want int) {
	t.Helper()
	if len(cv) != p.Legal().Count() {
		t.Fatalf("%d card values for %d legal cards", len(cv), p.Legal().Count())
	}
	best := -1
	for i, v := range cv {
		if i > 0 && v.Card <= cv[i-1].Card {
			t.Fatalf("card values out of order: %v", cv)
		}
		q := *p
		before := pts(&q, side)
		q.Move(v.Card)
		if w := pts(&q, side) - before + naive(&q, side); w != v.Value {
			t.Fatalf("side %04b, card %s: value %d, want %d (%v)", side, v.Card, v.Value, w, cv)
		}
		best = max(best, v.Value)
	}
	if want >= 0 && best != want {
		t.Fatalf("best card value %d, want %d", best, want)
	}
}

// TestTableSolverWholeDeals compares the solver with the plain alpha-beta
// it replaced (refTable) on whole deals from the first lead and a few
// cards into the first trick: the value for the leader's side and for
// the other side, and every card's value.
func TestTableSolverWholeDeals(t *testing.T) {
	deals := 12
	if testing.Short() {
		deals = 3
	}
	for _, n := range []int{2, 3, 4} {
		r := rand.New(rand.NewPCG(9, uint64(n)))
		s, ref := NewTable(), newRefTableSize(18)
		k := []int{2: 9, 3: 9, 4: 8}[n]
		for i := range deals {
			p := randomTablePlay(r, n, k)
			for j := 0; j < i%n; j++ {
				p.Move(p.Pick(r.Uint32()))
			}
			for _, seat := range []rules.Seat{p.Turn(), rules.Seat((int(p.Turn()) + 1) % n)} {
				want, _ := ref.Solve(&p, seat)
				if got, ok := s.Solve(&p, seat); !ok || got != want {
					t.Fatalf("%d players, deal %d, seat %s: Solve = %d, %v; want %d", n, i, seat, got, ok, want)
				}
			}
			// The line of best play makes the value.
			side := SideOf(&p, p.Turn())
			value, _ := ref.Solve(&p, p.Turn())
			line, v, ok := s.Line(&p, side, nil)
			q := p
			before := pts(&q, side)
			for _, c := range line {
				if !q.Legal().Has(c) {
					t.Fatalf("%d players, deal %d: line %v plays %s, not legal", n, i, line, c)
				}
				q.Move(c)
			}
			if !ok || v != value || !q.Done() || pts(&q, side)-before != value {
				t.Fatalf("%d players, deal %d: line %v (%d, %v) ends %v making %d, want %d", n, i, line, v, ok, q.Done(), pts(&q, side)-before, value)
			}
			if i%3 != 0 {
				continue
			}
			want, _ := ref.CardValues(&p, nil)
			got, ok := s.CardValues(&p, nil)
			if !ok || !slices.Equal(got, want) {
				t.Fatalf("%d players, deal %d: CardValues = %v, %v; want %v", n, i, got, ok, want)
			}
		}
	}
}

// TestTableSolverLimit checks that a node limit cuts a solve short and
// that what a cut solve left in the table does not change the next
// solves' values.
func TestTableSolverLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s, ref := NewTable(), newRefTableSize(18)
	for i := range 6 {
		p := randomTablePlay(r, 3+i%2, 8)
		s.SetLimit(100)
		if _, ok := s.Solve(&p, p.Turn()); ok {
			t.Fatalf("deal %d: a whole deal solved in 100 nodes", i)
		}
		if _, ok := s.CardValues(&p, nil); ok {
			t.Fatalf("deal %d: a whole deal's card values in 100 nodes", i)
		}
		s.SetLimit(0)
		want, _ := ref.Solve(&p, p.Turn())
		if got, ok := s.Solve(&p, p.Turn()); !ok || got != want {
			t.Fatalf("deal %d: solve after a cut one = %d, %v; want %d", i, got, ok, want)
		}
	}
}

// TestTableSolverMatchesTwoPlayerSolver solves whole two-player deals,
// from the first lead and after the lead, with both solvers: the table
// solver with two seats must agree with the two-player Solver.
func TestTableSolverMatchesTwoPlayerSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	ts, two := NewTable(), New()
	for i := range 100 {
		tp := randomTablePlay(r, 2, 9)
		if i%2 == 1 {
			tp.Move(tp.Pick(r.Uint32()))
		}
		p := rules.Duel{Hands: [2]rules.CardSet{tp.Hands[0], tp.Hands[1]}, Trump: tp.Trump, Leader: tp.Leader, Lead: tp.Lead(), LastBonus: tp.LastBonus}
		for _, seat := range []rules.Seat{rules.SeatA, rules.SeatB} {
			want, _ := two.Future(&p, seat)
			if got, ok := ts.Solve(&tp, seat); !ok || got != want {
				t.Fatalf("deal %d, seat %s: table solver %d, %v; two-player solver %d", i, seat, got, ok, want)
			}
		}
	}
}

// TestTableSolverResetIsNew: after Reset, a solve takes the same nodes
// and finds the same line as on a new solver, whatever the solves before
// left in the table: callers that bound their work in nodes get the same
// answers whatever ran before.
func TestTableSolverResetIsNew(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	used := NewTable()
	for i := range 40 {
		p := randomTablePlay(r, 3+i%2, 5+i%3)
		side := SideOf(&p, p.Turn())
		fresh := NewTable()
		want, _, _ := fresh.Line(&p, side, nil)
		used.Reset()
		n0 := used.Nodes()
		got, _, _ := used.Line(&p, side, nil)
		if used.Nodes()-n0 != fresh.Nodes() || !slices.Equal(got, want) {
			t.Fatalf("deal %d: after Reset %d nodes, line %v; a new solver %d nodes, line %v", i, used.Nodes()-n0, got, fresh.Nodes(), want)
		}
		// Leave entries of another side and trump behind.
		q := randomTablePlay(r, 4, 6)
		used.Solve(&q, q.Turn())
	}
}

// TestTableSolverNoTrumpsFirstLead compares the solver with the plain
// alpha-beta (refTable) at the first lead of four-handed deals with no
// trumps, where the search is widest and no trump bounds it: whole
// deals and deals of five to seven cards a hand, the value for both
// sides and every card's value. Three players always have a trump: they
// get the same over their trump deals.
func TestTableSolverNoTrumpsFirstLead(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 8
	}
	for _, n := range []int{3, 4} {
		r := rand.New(rand.NewPCG(17, uint64(n)))
		s, ref := NewTable(), newRefTableSize(18)
		full := []int{3: 9, 4: 8}[n]
		for i := range deals {
			k := full - i%4
			p := randomTablePlay(r, n, k)
			if n == 4 {
				p.Trump = rules.NoTrumps
			}
			for _, seat := range []rules.Seat{p.Turn(), rules.Seat((int(p.Turn()) + 1) % n)} {
				want, _ := ref.Solve(&p, seat)
				if got, ok := s.Solve(&p, seat); !ok || got != want {
					t.Fatalf("%d players, deal %d (%d cards, trump %s), seat %s: Solve = %d, %v; want %d", n, i, k, p.Trump, seat, got, ok, want)
				}
			}
			if k == full && i%8 != 0 {
				continue // the card values of whole deals are slow to check
			}
			want, _ := ref.CardValues(&p, nil)
			got, ok := s.CardValues(&p, nil)
			if !ok || len(got) != len(want) {
				t.Fatalf("%d players, deal %d: CardValues = %v, %v; want %v", n, i, got, ok, want)
			}
			for j := range got {
				if got[j] != (TableCardValue{Card: want[j].Card, Value: want[j].Value}) {
					t.Fatalf("%d players, deal %d: CardValues = %v; want %v", n, i, got, want)
				}
			}
		}
	}
}

// TestTableKeyPacksCardsOfNoPoints checks the table key against a plain
// statement of what it does, on random hands and trumps: in each suit,
// the cards of no points below every other card of the suit (7 8 9, and
// 7 8 of trumps) still in the hands move down to the lowest places, in
// their order, each with its holder; the other cards stay where they are.
func TestTableKeyPacksCardsOfNoPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	s := NewTable()
	for range 20000 {
		p := rules.Play{N: 4, Trump: rules.Suit(r.IntN(5)), LastBonus: 10}
		for c := range rules.Card(32) {
			if r.IntN(3) != 0 {
				seat := r.IntN(4)
				p.Hands[seat] = p.Hands[seat].With(c)
			}
		}
		s.load(&p, 0b0101)
		got := s.key(1)
		var want tKey
		want.tag = 1 | uint32(s.gen)<<2
		for su := range 4 {
			zero := 3 // the 7 8 9, or the 7 8 of trumps
			if uint8(su) == s.ts {
				zero = 2
			}
			next := 0 // the next free low place
			for pw := range 8 {
				c := su*8 + pw
				holder := -1
				for seat := range 4 {
					if s.hands[seat]>>c&1 == 1 {
						holder = seat
					}
				}
				if holder < 0 {
					continue
				}
				at := c
				if pw < zero {
					at = su*8 + next
					next++
				}
				want.in |= 1 << at
				want.b0 |= uint32(holder&1) << at
				want.b1 |= uint32(holder>>1) << at
			}
		}
		if got != want {
			t.Fatalf("hands %x, trump %s: key %+v, want %+v", s.hands, p.Trump, got, want)
		}
	}
}
