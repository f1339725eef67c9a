package solver

import (
	"math/bits"

	"github.com/klob/klob/rules"
)

// DefaultTableBits is the size of a Solver's transposition table as a
// power of two: 2^15 entries of 16 bytes (512 KiB). A solve stores a few
// thousand trick-start positions; a table that stays in the core's
// cache matters more than room (2^14 to 2^18 entries search the same
// number of positions, and the smaller tables are faster).
const DefaultTableBits = 15

// entry is one transposition-table slot: bounds on the points the side
// to lead can still win from the position keyed by both hands.
type entry struct {
	key    uint64 // leader's hand << 32 | follower's hand (solver numbering)
	lo, hi int16  // lo <= value <= hi
	move   uint8  // best lead found, +1 (0: none)
	_      uint8
	gen    uint16
}

// Solver solves card play exactly. The zero value is not usable: call New.
type Solver struct {
	tt    []entry
	shift uint
	gen   uint16

	trump   rules.Suit
	bonus   int16
	ts      uint8       // the trump suit's index
	ord     rules.Order // rules.NewOrder(trump): the numbering and its rules
	cardPts [32]int16

	nodes  uint64
	killer [10]uint8 // by cards in hand: the last lead that caused a cutoff
}

// New returns a Solver with the default table size.
func New() *Solver { return NewSize(DefaultTableBits) }

// NewSize returns a Solver with a table of 2^bits entries (10 to 24).
func NewSize(bits int) *Solver {
	bits = min(max(bits, 10), 24)
	return &Solver{tt: make([]entry, 1<<bits), shift: uint(64 - bits), gen: 1, trump: rules.NoSuit}
}

// Nodes returns the number of positions searched since the Solver was
// made: a measure of work for benchmarks and tests.
func (s *Solver) Nodes() uint64 { return s.nodes }

// Reset forgets every table entry. It is never needed for correctness
// (entries depend only on the hands, trump and the last-trick bonus, and
// the Solver notices when those change), only to start a measurement cold.
func (s *Solver) Reset() { s.bump() }

func (s *Solver) bump() {
	s.gen++
	if s.gen == 0 {
		clear(s.tt)
		s.gen = 1
	}
}

// setup prepares the Solver for a position with trump t and bonus b.
func (s *Solver) setup(t rules.Suit, b int16) {
	if t != s.trump || b != s.bonus {
		s.bump()
		s.trump, s.bonus = t, b
		s.ord = rules.NewOrder(t)
		s.ts = s.ord.Trump()
		for c := range s.cardPts {
			s.cardPts[c] = int16(s.ord.Points(uint8(c)))
		}
	}
}

func (s *Solver) pts(c uint8) int {
	return int(s.cardPts[c&31])
}

// setPts returns the card points of a set in solver numbering.
func (s *Solver) setPts(m uint32) int {
	n := 0
	for su := uint8(0); su < 4; su++ {
		n += rules.LanePoints(uint8(m>>(8*su)), su == s.ts)
	}
	return n
}

// follow returns the cards of h that may follow lead l (docs/rules.md
// section 6), in solver numbering.
func (s *Solver) follow(h uint32, l uint8) uint32 { return s.ord.Follow(h, l, l) }

// secondWins reports whether f, played to lead l, wins the trick. Beats
// reads the trump suit alone, so the Order is made from ts (no slower
// than reading ord).
func (s *Solver) secondWins(l, f uint8) bool { return rules.NewOrder(rules.Suit(s.ts)).Beats(f, l) }

// reduce drops from moves the cards equivalent to a lower card of moves,
// given the other hand opp (see reduceLane). Only the three weakest cards
// of a plain suit (7 8 9, no points) and the two weakest trumps (7 8) can
// be equivalent, so all four suits are done at once with masks: the 8 is
// dropped after the 7; the 9 after the 8, or after the 7 when the 8 is in
// neither hand.
func (s *Solver) reduce(moves, opp uint32) uint32 {
	const b1, b2 = 0x02020202, 0x04040404
	drop := moves & (moves << 1) & b1
	drop |= moves & b2 & (moves<<1 | (moves<<2)&^((moves|opp)<<1)) &^ (s.ord.Trumps() & b2)
	return moves &^ drop
}

func (s *Solver) index(key uint64) uint64 {
	return (key * 0x9E3779B97F4A7C15) >> s.shift
}

// search returns the points the leader (holding hl, to lead) wins from
// here on, fail-soft within (alpha, beta): a result <= alpha is an upper
// bound, >= beta a lower bound, and exact in between. r is the points
// still to be won: the cards in both hands plus the last-trick bonus.
func (s *Solver) search(hl, hf uint32, r, alpha, beta int) int {
	s.nodes++
	if beta <= 0 {
		return 0
	}
	if alpha >= r {
		return r
	}
	n := bits.OnesCount32(hl)
	switch n {
	case 0:
		return 0
	case 1:
		if s.secondWins(uint8(bits.TrailingZeros32(hl)), uint8(bits.TrailingZeros32(hf))) {
			return 0
		}
		return r
	case 2:
		return s.two(hl, hf, r)
	case 3:
		// Three cards each: searched directly, without the table and
		// the move ordering, which cost more than they save this close
		// to the end.
		return s.three(hl, hf, r, alpha, beta)
	}
	// Trumps above every trump of the other hand win their tricks
	// whatever happens: they bound what either side can still make.
	if ub := r - rules.LanePoints(uint8(s.ord.Masters(hf, hl)>>(8*s.ts)), true); ub <= alpha {
		return ub
	}
	if lb := rules.LanePoints(uint8(s.ord.Masters(hl, hf)>>(8*s.ts)), true); lb >= beta {
		return lb
	}

	key := uint64(hl)<<32 | uint64(hf)
	e := &s.tt[s.index(key)]
	first := uint8(0xFF)
	a, b := alpha, beta
	if e.key == key && e.gen == s.gen {
		lo, hi := int(e.lo), int(e.hi)
		if lo >= b || lo == hi {
			return lo
		}
		if hi <= a {
			return hi
		}
		a, b = max(a, lo), min(b, hi)
		first = e.move - 1
	}

	// Move order: the table's best lead, then the last lead that
	// refuted a position with as many cards (the killer), then leads the
	// other hand cannot beat (most points first), then the rest
	// (cheapest first).
	moves := s.reduce(hl, hf)
	killer := s.killer[n]
	var ml tMoves
	for m := moves; m != 0; m &= m - 1 {
		c := uint8(bits.TrailingZeros32(m))
		var score int
		switch {
		case c == first:
			score = 255
		case c == killer:
			score = 254
		case !s.ord.CanBeat(hf, c, c):
			score = 128 + int(s.cardPts[c])
		default:
			score = 64 - int(s.cardPts[c])
		}
		ml.add(score, c)
	}
	best, bestMove := -1, uint8(0)
	cur := a
	for i := 0; i < ml.n; i++ {
		l := uint8(ml.m[i])
		v := s.afterLead(hl, hf, r, l, cur, b)
		if v > best {
			best, bestMove = v, l
			if v > cur {
				cur = v
				if v >= b {
					s.killer[n] = l
					break
				}
			}
		}
	}
	s.store(e, key, best, a, b, bestMove)
	return best
}

// two returns the exact points the leader wins from the last two tricks.
func (s *Solver) two(hl, hf uint32, r int) int {
	best := -1
	for m := hl; m != 0; m &= m - 1 {
		l := uint8(bits.TrailingZeros32(m))
		ol := uint8(bits.TrailingZeros32(hl &^ (1 << l)))
		worst := r + 1
		for fm := s.follow(hf, l); fm != 0; fm &= fm - 1 {
			f := uint8(bits.TrailingZeros32(fm))
			of := uint8(bits.TrailingZeros32(hf &^ (1 << f)))
			p := int(s.cardPts[l] + s.cardPts[f])
			v := 0
			if s.secondWins(l, f) {
				// The follower leads the last trick.
				if s.secondWins(of, ol) {
					v = r - p
				}
			} else {
				v = p
				if !s.secondWins(ol, of) {
					v = r
				}
			}
			worst = min(worst, v)
		}
		best = max(best, worst)
	}
	return best
}

// three returns the points the leader wins from the last three tricks,
// fail-soft within (alpha, beta).
func (s *Solver) three(hl, hf uint32, r, alpha, beta int) int {
	best := -1
	for m := s.reduce(hl, hf); m != 0; m &= m - 1 {
		l := uint8(bits.TrailingZeros32(m))
		hl2 := hl &^ (1 << l)
		worst := r + 1
		cut := max(alpha, best)
		for fm := s.reduce(s.follow(hf, l), hl); fm != 0; fm &= fm - 1 {
			f := uint8(bits.TrailingZeros32(fm))
			hf2 := hf &^ (1 << f)
			p := int(s.cardPts[l] + s.cardPts[f])
			r2 := r - p
			var v int
			if s.secondWins(l, f) {
				v = r2 - s.two(hf2, hl2, r2)
			} else {
				v = p + s.two(hl2, hf2, r2)
			}
			if v < worst {
				worst = v
				if worst <= cut {
					break
				}
			}
		}
		if worst > best {
			best = worst
			if best >= beta {
				break
			}
		}
	}
	return best
}

// store records a fail-soft result v searched within (a, b).
func (s *Solver) store(e *entry, key uint64, v, a, b int, move uint8) {
	lo, hi := int16(0), int16(32767)
	if e.key == key && e.gen == s.gen {
		lo, hi = e.lo, e.hi
	}
	switch {
	case v <= a:
		hi = min(hi, int16(v))
	case v >= b:
		lo = max(lo, int16(v))
	default:
		lo, hi = int16(v), int16(v)
	}
	*e = entry{key: key, lo: lo, hi: hi, move: move + 1, gen: s.gen}
}

// afterLead returns the points the leader wins from here on when it
// leads l from hl (l still in hl): the follower answers with the card
// that leaves the leader least. Fail-soft within (alpha, beta).
//
// The answers are tried winners first, most points first, then losers,
// cheapest first. Within a suit points never fall as power rises, so
// when the answers lie in one suit (following, ruffing, overtrumping)
// that order is the bit order, and only a discard from several suits
// needs sorting.
func (s *Solver) afterLead(hl, hf uint32, r int, l uint8, alpha, beta int) int {
	legal := s.reduce(s.follow(hf, l), hl)
	win := legal & s.ord.Beating(l) // higher cards of the led suit, or ruffs
	lose := legal &^ win
	var ml tMoves
	for m := win; m != 0; {
		top := uint8(31 - bits.LeadingZeros32(m))
		ml.m[ml.n] = uint32(top)
		ml.n++
		m &^= 1 << top
	}
	if lose&(lose-1) != 0 && lose&^s.ord.Lane(uint8(bits.TrailingZeros32(lose))) != 0 {
		// A discard from several suits: cheapest first.
		for m := lose; m != 0; m &= m - 1 {
			f := uint8(bits.TrailingZeros32(m))
			ml.add(64-int(s.cardPts[f]), f) // win is empty here
		}
	} else {
		for m := lose; m != 0; m &= m - 1 {
			ml.m[ml.n] = uint32(bits.TrailingZeros32(m))
			ml.n++
		}
	}
	hl2 := hl &^ (1 << l)
	lp := int(s.cardPts[l])
	last := 0
	if hl2 == 0 {
		last = int(s.bonus)
	}
	best := r + 1
	b := beta
	for i := 0; i < ml.n; i++ {
		f := uint8(ml.m[i])
		hf2 := hf &^ (1 << f)
		p := lp + int(s.cardPts[f]) + last
		r2 := r - p
		var v int
		if win&(1<<f) != 0 {
			v = r2 - s.search(hf2, hl2, r2, r2-b, r2-alpha)
		} else {
			v = p + s.search(hl2, hf2, r2, alpha-p, b-p)
		}
		if v < best {
			best = v
			if v < b {
				b = v
			}
			if v <= alpha {
				break
			}
		}
	}
	return best
}

// mtd finds the exact value of search (lead == 0xFF) or of afterLead
// with lead l, by zero-window probes from the guess g.
func (s *Solver) mtd(hl, hf uint32, r int, l uint8, g int) int {
	lo, hi := 0, r
	for lo < hi {
		// The first probe is at the guess, the next ones halve the
		// interval left: fail-soft results often jump further. (Pure
		// MTD(f), probing at the last result, takes about twice as many
		// probes here: card points move the value in small steps.)
		beta := min(max(g, lo+1), hi)
		var v int
		if l == 0xFF {
			v = s.search(hl, hf, r, beta-1, beta)
		} else {
			v = s.afterLead(hl, hf, r, l, beta-1, beta)
		}
		if v < beta {
			hi = v
		} else {
			lo = v
		}
		g = (lo + hi + 1) / 2
	}
	return lo
}

// state is a position in solver numbering: the leader's hand (with the
// led card still in it when one is on the table), the other hand, the led
// card or 0xFF, and the points still to win.
type state struct {
	leader rules.Seat
	hl, hf uint32
	lead   uint8
	r      int
}

func (s *Solver) load(p *rules.Duel) state {
	s.setup(p.Trump, p.LastBonus)
	st := state{leader: p.Leader, lead: 0xFF}
	o := s.ord
	st.hl = o.Set(p.Hands[p.Leader])
	st.hf = o.Set(p.Hands[p.Leader.Other()])
	if p.Lead != rules.NoCard {
		st.lead = o.Card(p.Lead)
		st.hl |= 1 << st.lead
	}
	st.r = s.setPts(st.hl|st.hf) + int(s.bonus)
	return st
}

// guess is the first probe of a zero-window search: the table's bounds
// if the position is stored, else half the points at stake.
func (s *Solver) guess(hl, hf uint32, r int) int {
	key := uint64(hl)<<32 | uint64(hf)
	if e := &s.tt[s.index(key)]; e.key == key && e.gen == s.gen {
		return (int(e.lo) + min(int(e.hi), r) + 1) / 2
	}
	return r / 2
}

// leaderFuture returns the exact points the leader of st wins from here.
func (s *Solver) leaderFuture(st state) int {
	if st.lead == 0xFF {
		return s.mtd(st.hl, st.hf, st.r, 0xFF, s.guess(st.hl, st.hf, st.r))
	}
	return s.mtd(st.hl, st.hf, st.r, st.lead, st.r/2)
}

// Future returns the points seat wins from p on under best play by both
// sides (card points of the tricks still to come, plus the last-trick
// bonus if seat takes the last trick), and the points the other seat
// wins. The trick on the table, if any, counts as to come.
func (s *Solver) Future(p *rules.Duel, seat rules.Seat) (own, opp int) {
	if p.Done() {
		return 0, 0
	}
	st := s.load(p)
	v := s.leaderFuture(st)
	if seat == st.leader {
		return v, st.r - v
	}
	return st.r - v, v
}

// SolveFor returns the final point difference for seat under best play:
// seat's points (won so far plus to come, last-trick bonus included)
// minus the other seat's.
func (s *Solver) SolveFor(p *rules.Duel, seat rules.Seat) int {
	own, opp := s.Future(p, seat)
	return int(p.Points[seat]) + own - int(p.Points[seat.Other()]) - opp
}

// Solve returns the final point difference from the view of the seat to
// move (SolveFor(p, p.Turn())).
func (s *Solver) Solve(p *rules.Duel) int { return s.SolveFor(p, p.Turn()) }

// CardValue is the value of playing one card: the final point difference
// for the seat to move when it plays Card and both sides then play best.
type CardValue struct {
	Card  rules.Card
	Value int
}

// CardValues appends to dst the value of every legal card of p, in card
// order, and returns it. The best card has the largest Value, which is
// Solve(p). With dst of capacity 9 nothing is allocated.
func (s *Solver) CardValues(p *rules.Duel, dst []CardValue) []CardValue {
	if p.Done() {
		return dst
	}
	st := s.load(p)
	mover := p.Turn()
	base := int(p.Points[mover]) - int(p.Points[mover.Other()])
	o := s.ord
	legal := o.Set(p.Legal())
	var reps uint32
	if st.lead == 0xFF {
		reps = s.reduce(legal, st.hf)
	} else {
		reps = s.reduce(legal, st.hl)
	}
	var vals [32]int16
	for m := reps; m != 0; m &= m - 1 {
		c := uint8(bits.TrailingZeros32(m))
		var own int // points the mover wins from here on after c
		if st.lead == 0xFF {
			own = s.mtd(st.hl, st.hf, st.r, c, st.r/2)
		} else {
			l := st.lead
			hl2, hf2 := st.hl&^(1<<l), st.hf&^(1<<c)
			p := s.pts(l) + s.pts(c)
			if hl2 == 0 {
				p += int(s.bonus)
			}
			r2 := st.r - p
			if s.secondWins(l, c) {
				own = p + s.mtd(hf2, hl2, r2, 0xFF, s.guess(hf2, hl2, r2))
			} else {
				own = r2 - s.mtd(hl2, hf2, r2, 0xFF, s.guess(hl2, hf2, r2))
			}
		}
		vals[c] = int16(base + own - (st.r - own))
	}
	for m := legal; m != 0; m &= m - 1 {
		c := uint8(bits.TrailingZeros32(m))
		// The representative of c is the highest kept card at or below
		// it in its suit: equivalent cards form runs of the mover's cards.
		lane := reps & o.Lane(c) &^ o.Above(c)
		rep := uint8(31 - bits.LeadingZeros32(lane))
		dst = append(dst, CardValue{Card: o.CardOf(c), Value: int(vals[rep])})
	}
	sortByCard(dst[len(dst)-bits.OnesCount32(legal):])
	return dst
}

func sortByCard(cv []CardValue) {
	for i := 1; i < len(cv); i++ {
		for j := i; j > 0 && cv[j].Card < cv[j-1].Card; j-- {
			cv[j], cv[j-1] = cv[j-1], cv[j]
		}
	}
}
