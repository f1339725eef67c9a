package solver

import (
	"math"
	"math/bits"

	"github.com/klob/klob/rules"
)

// refTable is the plain alpha-beta the table solver was before: a search
// over rules.Play with a transposition table at trick starts and
// nothing else clever. The tests keep it as a second, independent solver
// of whole deals, where plain minimax is too slow.
type refTable struct {
	tab    []refEntry
	mask   uint64
	gen    uint32
	trump  rules.Suit
	bonus  int16
	side   uint8 // bit per seat: the maximising side
	nodes  uint64
	limit  uint64 // 0: no limit
	abort  bool
	order  [8]rules.Rank // ranks weakest first in a plain suit
	torder [8]rules.Rank // ranks weakest first in trump
}

type refEntry struct {
	hands  [4]uint32
	gen    uint32
	leader uint8
	side   uint8
	lo, hi int16
	best   rules.Card
}

// newRefTableSize returns a table solver with 2^bits entries (about 32
// bytes each): a bigger table pays for whole deals from the first lead.
func newRefTableSize(bits int) *refTable {
	return &refTable{tab: make([]refEntry, 1<<bits), mask: 1<<bits - 1, gen: 1, trump: 255}
}

func (s *refTable) setup(p *rules.Play, side uint8) {
	if p.Trump != s.trump || p.LastBonus != s.bonus || side != s.side {
		s.gen++
		s.trump, s.bonus, s.side = p.Trump, p.LastBonus, side
		s.fillOrder()
	}
}

func (s *refTable) fillOrder() {
	ranks := [8]rules.Rank{}
	for i := range 8 {
		ranks[i] = rules.Rank(i)
	}
	sortBy := func(trump bool) [8]rules.Rank {
		r := ranks
		suit := rules.Clubs
		t := rules.NoTrumps
		if trump {
			t = suit
		}
		for i := 1; i < 8; i++ {
			for j := i; j > 0 && rules.Power(rules.NewCard(r[j], suit), t) < rules.Power(rules.NewCard(r[j-1], suit), t); j-- {
				r[j], r[j-1] = r[j-1], r[j]
			}
		}
		return r
	}
	s.order = sortBy(false)
	s.torder = sortBy(true)
}

// refSideOf returns the maximising side of seat at p's table: its team with
// four players, the seat alone otherwise (paranoid with three).
func refSideOf(p *rules.Play, seat rules.Seat) uint8 {
	if p.N == 4 {
		return 0b0101 << (seat & 1)
	}
	return 1 << seat
}

// Solve returns the card points the side of seat (refSideOf) wins from p
// on under best play by both sides, and false if the node limit cut the
// search short.
func (s *refTable) Solve(p *rules.Play, seat rules.Seat) (int, bool) {
	s.setup(p, refSideOf(p, seat))
	s.abort = false
	v := s.probe(p, s.nodes)
	return v, !s.abort
}

// probe finds the value of p by zero-window searches: each asks "does
// the side make at least g?" and halves the interval the earlier ones
// left, their bounds staying in the table.
func (s *refTable) probe(p *rules.Play, start uint64) int {
	var in rules.CardSet
	for i := range 4 {
		in |= p.Hands[i]
	}
	for i := range int(p.InTrick) {
		in = in.With(p.Trick[i])
	}
	lo, hi := 0, rules.SetPoints(in, p.Trump)+int(p.LastBonus)
	for lo < hi {
		g := (lo + hi + 1) / 2
		v := s.search(*p, g-1, g, start)
		if s.abort {
			return 0
		}
		if v >= g {
			lo = v
		} else {
			hi = v
		}
	}
	return lo
}

// CardValues returns the value of every legal card of the seat to move,
// in card order, and false if the node limit cut the search short (the
// values are then not to be used).
func (s *refTable) CardValues(p *rules.Play, dst []TableCardValue) ([]TableCardValue, bool) {
	return s.CardValuesFor(p, refSideOf(p, p.Turn()), dst)
}

// CardValuesFor is CardValues for the maximising side given as a set of
// seats (bit s for seat s), which must hold the seat to move: say, with
// three players, the two defenders together against the maker.
func (s *refTable) CardValuesFor(p *rules.Play, side uint8, dst []TableCardValue) ([]TableCardValue, bool) {
	s.setup(p, side)
	s.abort = false
	start := s.nodes
	for m := p.Legal(); m != 0; m &= m - 1 {
		c := rules.Card(bits.TrailingZeros32(uint32(m)))
		q := *p
		gain := s.gain(&q, c)
		v := gain + s.probe(&q, start)
		if s.abort {
			return dst, false
		}
		dst = append(dst, TableCardValue{Card: c, Value: v})
	}
	return dst, true
}

// gain plays c on q and returns the points the maximising side won by it.
func (s *refTable) gain(q *rules.Play, c rules.Card) int {
	before := s.sidePoints(q)
	q.Move(c)
	return s.sidePoints(q) - before
}

func (s *refTable) sidePoints(q *rules.Play) int {
	n := 0
	for i := range 4 {
		if s.side>>i&1 == 1 {
			n += int(q.Points[i])
		}
	}
	return n
}

func (s *refTable) slot(p *rules.Play) *refEntry {
	h := uint64(p.Hands[0]) | uint64(p.Hands[1])<<32
	h ^= (uint64(p.Hands[2]) | uint64(p.Hands[3])<<32) * 0x9e3779b97f4a7c15
	h ^= uint64(p.Leader) * 0xbf58476d1ce4e5b9
	h ^= h >> 29
	h *= 0x94d049bb133111eb
	h ^= h >> 32
	return &s.tab[h&s.mask]
}

// search returns what the maximising side wins from p on, fail-soft
// within (alpha, beta).
func (s *refTable) search(pv rules.Play, alpha, beta int, start uint64) int {
	p := &pv
	s.nodes++
	if s.limit != 0 && s.nodes-start > s.limit {
		s.abort = true
		return 0
	}
	var e *refEntry
	var hint rules.Card = rules.NoCard
	if p.InTrick == 0 {
		if p.Hands[0]|p.Hands[1]|p.Hands[2]|p.Hands[3] == 0 {
			return 0
		}
		e = s.slot(p)
		if e.gen == s.gen && e.leader == uint8(p.Leader) && e.side == s.side && e.hands == [4]uint32{uint32(p.Hands[0]), uint32(p.Hands[1]), uint32(p.Hands[2]), uint32(p.Hands[3])} {
			lo, hi := int(e.lo), int(e.hi)
			if lo == hi || lo >= beta {
				return lo
			}
			if hi <= alpha {
				return hi
			}
			alpha, beta = max(alpha, lo), min(beta, hi)
			hint = e.best
		}
	}
	a0, b0 := alpha, beta
	seat := p.Turn()
	maxing := s.side>>seat&1 == 1
	var buf [12]rules.Card
	moves := buf[:s.moves(p, hint, &buf)]
	best := math.MinInt32
	if !maxing {
		best = math.MaxInt32
	}
	bestCard := rules.NoCard
	for _, c := range moves {
		q := *p
		g := s.gain(&q, c)
		v := g + s.search(q, alpha-g, beta-g, start)
		if s.abort {
			return 0
		}
		if maxing {
			if v > best {
				best, bestCard = v, c
			}
			alpha = max(alpha, v)
		} else {
			if v < best {
				best, bestCard = v, c
			}
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	if p.InTrick == 0 {
		if e.gen != s.gen || e.leader != uint8(p.Leader) || e.side != s.side || e.hands != [4]uint32{uint32(p.Hands[0]), uint32(p.Hands[1]), uint32(p.Hands[2]), uint32(p.Hands[3])} {
			*e = refEntry{hands: [4]uint32{uint32(p.Hands[0]), uint32(p.Hands[1]), uint32(p.Hands[2]), uint32(p.Hands[3])},
				gen: s.gen, leader: uint8(p.Leader), side: s.side, lo: math.MinInt16, hi: math.MaxInt16}
		}
		switch {
		case best <= a0:
			e.hi = int16(min(int(e.hi), best))
		case best >= b0:
			e.lo = int16(max(int(e.lo), best))
		default:
			e.lo, e.hi = int16(best), int16(best)
		}
		e.best = bestCard
	}
	return best
}

// moves lists the legal cards worth searching, best guesses first: one
// card of each run of equivalent cards (same hand, same suit, nothing in
// play between them, same points).
func (s *refTable) moves(p *rules.Play, hint rules.Card, out *[12]rules.Card) int {
	legal := p.Legal()
	var inPlay rules.CardSet
	for i := range 4 {
		inPlay |= p.Hands[i]
	}
	for i := range int(p.InTrick) {
		inPlay = inPlay.With(p.Trick[i])
	}
	var score [12]int
	n := 0
	winner := rules.NoCard
	if p.InTrick > 0 {
		winner = p.Trick[p.Win]
	}
	last := p.InTrick+1 == p.N
	partnerWins := p.InTrick > 0 && s.side>>((uint8(p.Leader)+p.Win)%p.N)&1 == s.side>>p.Turn()&1
	for suit := rules.Suit(0); suit < 4; suit++ {
		if legal.Suit(suit) == 0 {
			continue
		}
		order := &s.order
		if suit == p.Trump {
			order = &s.torder
		}
		prev := rules.NoCard
		for _, r := range order {
			c := rules.NewCard(r, suit)
			if !inPlay.Has(c) {
				continue
			}
			if !legal.Has(c) {
				prev = rules.NoCard
				continue
			}
			if prev != rules.NoCard && rules.Points(prev, p.Trump) == rules.Points(c, p.Trump) {
				if c == hint {
					out[n-1] = c // keep the table's card for the run
				}
				continue
			}
			prev = c
			sc := 0
			pts := rules.Points(c, p.Trump)
			switch {
			case c == hint:
				sc = 1000
			case winner == rules.NoCard:
				sc = rules.Power(c, p.Trump) + 10*refB2i(suit == p.Trump)
			case rules.Beats(c, winner, p.Trump) && !partnerWins:
				sc = 200 + pts - rules.Power(c, p.Trump)*refB2i(last)
			case partnerWins:
				sc = 100 + pts
			default:
				sc = -pts
			}
			out[n], score[n] = c, sc
			n++
		}
	}
	// Insertion sort, best first.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && score[j] > score[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
			score[j], score[j-1] = score[j-1], score[j]
		}
	}
	return n
}

func refB2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
