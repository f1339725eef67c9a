package solver

import (
	"math/bits"

	"github.com/klob/klob/rules"
)

// TableSolver finds the exact value of the card play at a table of two,
// three or four players when every hand is known: the card points (last
// trick included) that a chosen set of seats, the maximising side, wins
// from the position on, the other seats playing to keep it low.
//
// With four players the sides are the two teams, so the search is the
// two-team zero-sum alpha-beta of bridge double-dummy solvers. With three
// it is the paranoid reduction (Sturtevant and Korf): the two others are
// taken as one side playing against the seat that asks. Since the card
// points of a deal are fixed, maximising one side's points is maximising
// its margin over the rest.
//
// The search works as the two-player Solver does: cards in the solver's
// numbering (suit*8 + power), so following and trick winners are mask
// operations; zero-window probes that halve the interval the earlier
// ones left; a transposition table probed at trick starts, keyed on
// every hand and the leader (the cards of no points at the bottom of
// each suit packed down, see key), holding bounds and the best lead;
// trumps above every trump of the other side, and the leader's cards
// above every other card of their suit (see cash), bounding what either
// side can still make; and moves ordered by what wins the trick for
// whom. Of
// the cards of one hand that touch (no card in play between them), only
// one is searched when they are worth the same points, or when the side
// that takes the trick is known whichever is played: then the higher is
// best for that side and the lower for the other (see dominant). Otherwise
// their values differ by at most the difference of their points, so a
// card is skipped when a touching one searched before it, moved by that
// difference, already fails the window (see near). Entries stay
// valid while the number of players, trump, the last-trick bonus and
// the maximising side stay the same: the solver bumps a generation
// number when they change, which drops every entry at no cost.
//
// A TableSolver is not safe for concurrent use: give each goroutine its
// own. Nothing in a solve allocates.
type TableSolver struct {
	tt    []tEntry
	shift uint
	gen   uint16

	// The setting the entries depend on.
	n     int
	trump rules.Suit
	bonus int
	side  uint8 // bit per seat: the maximising side
	ready bool

	ord    rules.Order // the power numbering of the trump, and its rules
	ts     uint8       // ord.Trump(): the trump suit, 4 with no trumps
	zero   uint32      // the cards of no points below every other of their suit
	pts    [32]int
	seatAt [4][4]uint8 // seatAt[leader][k]: the seat playing k-th

	hands [4]uint32 // solver numbering
	// The cards of each side, kept with hands: sides[1] the maximising
	// side's, sides[0] the other's; sideOf[seat] indexes it.
	sides  [2]uint32
	sideOf [4]uint8
	// after[x][leader][k]: the seats playing from position k on of a
	// trick led by leader that are not on side x (1: the maximising
	// side, 0: the other), a bit per seat.
	after [2][4][5]uint8

	nodes uint64
	limit uint64 // nodes a solve, 0: none
	stop  uint64 // nodes at which the running solve stops
	abort bool
}

// tEntry is one transposition-table slot, 16 bytes: bounds on what the
// maximising side wins from a trick start, keyed by the cards in the
// hands and who holds each (seat = the bit in b0 + 2 * the bit in b1),
// and the leader. data packs the lower bound (10 bits), the upper bound
// (10 bits, all ones: none), the best lead (5 bits), the leader (2 bits)
// and the generation (5 bits).
type tEntry struct {
	in, b0, b1 uint32
	data       uint32
}

const (
	tWays    = 4    // entries a bucket: 64 bytes, one cache line
	noBound  = 1023 // an upper bound of 1023 or more is not stored
	tagShift = 25   // data>>tagShift is leader | gen<<2
	maxGen   = 31
)

// TableBits sizes a TableSolver's table: 2^16 entries of 16 bytes
// (1 MB), in buckets of four: a table that stays in the core's cache
// matters more than room (docs/experiments/2026-12-01-table-solver.md).
const TableBits = 16

// NewTable returns a table solver with 2^TableBits entries.
func NewTable() *TableSolver { return NewTableSize(TableBits) }

// NewTableSize returns a table solver with 2^bits entries (10 to 24) of
// 16 bytes each.
func NewTableSize(bits int) *TableSolver {
	bits = min(max(bits, 10), 24)
	return &TableSolver{tt: make([]tEntry, 1<<bits), shift: uint(64 - bits), gen: 1}
}

// Nodes returns the positions searched since the solver was made.
func (s *TableSolver) Nodes() uint64 { return s.nodes }

// SetLimit caps the nodes of each later solve (0: no cap). A solve that
// reaches it returns ok false.
func (s *TableSolver) SetLimit(n uint64) { s.limit = n }

// Reset forgets every table entry. It is never needed for correctness,
// only to start a measurement cold.
func (s *TableSolver) Reset() { s.bump() }

func (s *TableSolver) bump() {
	s.gen++
	if s.gen > maxGen {
		clear(s.tt)
		s.gen = 1
	}
}

// setup prepares the solver for p's table and the maximising side.
func (s *TableSolver) setup(p *rules.Play, side uint8) {
	n, bonus := int(p.N), int(p.LastBonus)
	if s.ready && n == s.n && p.Trump == s.trump && bonus == s.bonus && side == s.side {
		return
	}
	s.bump()
	s.ready = true
	s.n, s.trump, s.bonus, s.side = n, p.Trump, bonus, side
	s.ord = rules.NewOrder(p.Trump)
	s.ts, s.zero = s.ord.Trump(), 0
	for su := range uint8(4) {
		tf := 0
		if su == s.ts {
			tf = 1
		}
		s.zero |= uint32(zeroLane[tf]) << (8 * su)
	}
	for c := range s.pts {
		s.pts[c] = s.ord.Points(uint8(c))
	}
	for l := range n {
		for k := range n {
			s.seatAt[l][k] = uint8(rules.SeatAfter(rules.Seat(l), k, n))
		}
	}
	for i := range s.sideOf {
		s.sideOf[i] = side >> i & 1
	}
	s.after = [2][4][5]uint8{}
	for x := range 2 {
		for l := range n {
			for k := n - 1; k >= 0; k-- {
				o := s.seatAt[l][k]
				s.after[x][l][k] = s.after[x][l][k+1]
				if int(side>>o&1) != x {
					s.after[x][l][k] |= 1 << o
				}
			}
		}
	}
}

// take moves c out of seat's hand, give back in.
func (s *TableSolver) take(seat int, c uint8) {
	s.hands[seat] &^= 1 << c
	s.sides[s.sideOf[seat&3]] &^= 1 << c
}

func (s *TableSolver) give(seat int, c uint8) {
	s.hands[seat] |= 1 << c
	s.sides[s.sideOf[seat&3]] |= 1 << c
}

// SideOf returns the maximising side of seat at p's table: its team with
// four players, the seat alone otherwise (paranoid with three).
func SideOf(p *rules.Play, seat rules.Seat) uint8 {
	return rules.SideSeats(int(p.N), seat)
}

// pos is a position in solver numbering besides the hands: the trick on
// the table (k cards of it played, led by leader with lead, won so far
// by win of winSeat, worth tp points, its cards trick) and the points
// still to win, r: the cards in the hands and the trick, and the
// last-trick bonus.
type pos struct {
	k, leader      int
	lead, win      uint8
	winSeat, tp, r int
	trick          uint32
}

// load sets the hands from p and returns the rest of its position.
func (s *TableSolver) load(p *rules.Play, side uint8) pos {
	s.setup(p, side)
	st := pos{leader: int(p.Leader), k: int(p.InTrick), r: s.bonus}
	s.sides = [2]uint32{}
	for i := range 4 {
		s.hands[i] = s.ord.Set(p.Hands[i])
		s.sides[s.sideOf[i]] |= s.hands[i]
		st.r += s.setPts(s.hands[i])
	}
	if st.k > 0 {
		for i := range st.k {
			c := s.ord.Card(p.Trick[i])
			st.trick |= 1 << c
			st.tp += s.pts[c]
		}
		st.r += st.tp
		st.lead = s.ord.Card(p.Trick[0])
		st.win = s.ord.Card(p.Trick[p.Win])
		st.winSeat = int(s.seatAt[st.leader][p.Win])
	}
	return st
}

func (s *TableSolver) setPts(m uint32) int {
	n := 0
	for m != 0 {
		n += s.pts[bits.TrailingZeros32(m)]
		m &= m - 1
	}
	return n
}

// Solve returns the card points the side of seat (SideOf) wins from p
// on under best play by both sides, and false if the node limit cut the
// search short.
func (s *TableSolver) Solve(p *rules.Play, seat rules.Seat) (int, bool) {
	return s.SolveFor(p, SideOf(p, seat))
}

// SolveFor is Solve for the maximising side given as a set of seats
// (bit s for seat s).
func (s *TableSolver) SolveFor(p *rules.Play, side uint8) (int, bool) {
	if p.Done() {
		return 0, true
	}
	st := s.load(p, side)
	s.start()
	v := s.value(&st, s.guess(&st))
	return v, !s.abort
}

func (s *TableSolver) start() {
	s.abort = false
	s.stop = ^uint64(0)
	if s.limit != 0 {
		s.stop = s.nodes + s.limit
	}
}

// TableCardValue is the value of one legal card: what the side of the
// seat to move wins from the position on after playing it.
type TableCardValue struct {
	Card  rules.Card
	Value int
}

// CardValues returns the value of every legal card of the seat to move,
// in card order, and false if the node limit cut the search short (the
// values are then not to be used).
func (s *TableSolver) CardValues(p *rules.Play, dst []TableCardValue) ([]TableCardValue, bool) {
	return s.CardValuesFor(p, SideOf(p, p.Turn()), dst)
}

// CardValuesFor is CardValues for the maximising side given as a set of
// seats (bit s for seat s), which need not hold the seat to move: say,
// with three players, the two defenders together against the maker.
func (s *TableSolver) CardValuesFor(p *rules.Play, side uint8, dst []TableCardValue) ([]TableCardValue, bool) {
	if p.Done() {
		return dst, true
	}
	st := s.load(p, side)
	s.start()
	seat := int(s.seatAt[st.leader][st.k])
	legal := s.ord.Set(p.Legal())
	reps := s.reduce(legal, s.inPlay(st.trick))
	var vals [32]int
	prev := -1
	for m := reps; m != 0; m &= m - 1 {
		c := uint8(bits.TrailingZeros32(m))
		s.take(seat, c)
		q := s.play(st, seat, c)
		gain := 0
		if q.k == 0 && s.side>>q.leader&1 == 1 {
			gain = st.r - q.r // the trick's points (and the bonus) went to the side
		}
		v := gain
		if q.r > 0 {
			if prev < 0 {
				v += s.value(&q, s.guess(&q))
			} else {
				// Cards of one hand are worth about the same: walk
				// from the last card's value.
				v += s.valueNear(&q, prev-gain, 2)
			}
		}
		prev = v
		s.give(seat, c)
		if s.abort {
			return dst, false
		}
		vals[c] = v
	}
	n0 := len(dst)
	for m := legal; m != 0; m &= m - 1 {
		c := uint8(bits.TrailingZeros32(m))
		// The representative of c is the highest kept card at or below
		// it in its suit: equivalent cards form runs in one hand.
		lane := reps & s.ord.Lane(c) &^ s.ord.Above(c)
		rep := uint8(31 - bits.LeadingZeros32(lane))
		dst = append(dst, TableCardValue{Card: s.ord.CardOf(c), Value: vals[rep]})
	}
	sortTableByCard(dst[n0:])
	return dst, true
}

// Line appends to dst the cards of a line of best play by both sides
// from p to the end of the card play, in play order: each seat plays a
// card best for its own side (the maximising side when the seat is in
// side, the other side otherwise). It returns the value of p for side
// (what SolveFor returns) and false if the node limit cut the search
// short. After the value, one zero-window probe a card proves each card
// of the line, the table holding most of what it needs; of several best
// cards the line holds the first proved, not always the lowest.
func (s *TableSolver) Line(p *rules.Play, side uint8, dst []rules.Card) ([]rules.Card, int, bool) {
	if p.Done() {
		return dst, 0, true
	}
	st := s.load(p, side)
	s.start()
	v := s.value(&st, s.guess(&st))
	if s.abort {
		return dst, 0, false
	}
	rest := v // what the side makes from st on
	for st.k > 0 || s.hands[st.leader] != 0 {
		seat := int(s.seatAt[st.leader][st.k])
		maxing := s.side>>seat&1 == 1
		var ml tMoves
		if st.k == 0 {
			hint := uint8(0xFF)
			if e := s.probe(s.key(st.leader)); e != nil {
				hint = uint8(e.data >> 20 & 31)
			}
			s.leads(&ml, st.leader, hint, s.sides[1], s.sides[0])
		} else {
			s.follows(&ml, st.k, st.leader, st.lead, st.win, st.winSeat, s.legal(s.hands[seat], st.lead, st.win), s.inPlay(st.trick))
		}
		found := false
		for i := 0; i < ml.n && !found; i++ {
			c := uint8(ml.m[i])
			// c is best when the rest after it makes exactly rest with
			// its gain: one zero-window probe proves it.
			s.take(seat, c)
			q := s.play(st, seat, c)
			need := rest
			if q.k == 0 && s.side>>q.leader&1 == 1 {
				need -= st.r - q.r
			}
			ok := need == 0
			if q.r > 0 {
				if maxing {
					ok = s.at(&q, need-1, need) >= need
				} else {
					ok = s.at(&q, need, need+1) <= need
				}
			}
			if s.abort {
				return dst, 0, false
			}
			if ok {
				dst = append(dst, s.ord.CardOf(c))
				st, rest, found = q, need, true
			} else {
				s.give(seat, c)
			}
		}
		if !found {
			panic("solver: no card makes the position's value")
		}
	}
	return dst, v, true
}

func sortTableByCard(cv []TableCardValue) {
	for i := 1; i < len(cv); i++ {
		for j := i; j > 0 && cv[j].Card < cv[j-1].Card; j-- {
			cv[j], cv[j-1] = cv[j-1], cv[j]
		}
	}
}

// play returns the position after seat plays c (already out of its
// hand) at st. When c ends the trick the result is the next trick start,
// its leader the trick's winner and its r what is left after the trick.
func (s *TableSolver) play(st pos, seat int, c uint8) pos {
	if st.k == 0 {
		st.lead, st.win, st.winSeat = c, c, seat
	} else if s.beats(c, st.win) {
		st.win, st.winSeat = c, seat
	}
	st.tp += s.pts[c]
	st.trick |= 1 << c
	st.k++
	if st.k < s.n {
		return st
	}
	r := st.r - st.tp
	if s.hands[st.winSeat] == 0 {
		r = 0 // the last trick: the bonus goes with it
	}
	return pos{leader: st.winSeat, r: r}
}

// guess is the first probe of the zero-window search: the table's bounds
// when st is a stored trick start, else half the points at stake.
func (s *TableSolver) guess(st *pos) int {
	if st.k == 0 {
		if e := s.probe(s.key(st.leader)); e != nil {
			lo, hi := bounds(e.data)
			return (lo + min(hi, st.r) + 1) / 2
		}
	}
	return st.r / 2
}

// value finds the exact value of st by zero-window probes from the guess
// g: each asks "does the side make at least beta?", and the next one
// halves the interval the earlier ones left (fail-soft results often
// jump further), their bounds staying in the table.
func (s *TableSolver) value(st *pos, g int) int { return s.valueNear(st, g, 0) }

// valueNear is value with probes that walk away from g by step, doubling
// it, until the value is bracketed, then halve; step 0 halves at once.
func (s *TableSolver) valueNear(st *pos, g, step int) int {
	lo, hi := 0, st.r
	up, down := false, false
	for lo < hi {
		beta := min(max(g, lo+1), hi)
		v := s.at(st, beta-1, beta)
		if s.abort {
			return 0
		}
		if v < beta {
			hi = v
			down = true
		} else {
			lo = v
			up = true
		}
		g = (lo + hi + 1) / 2
		if step > 0 && up != down {
			if up {
				g = lo + step
			} else {
				g = hi - step + 1
			}
			step *= 2
		}
	}
	return lo
}

// at searches st within (alpha, beta).
func (s *TableSolver) at(st *pos, alpha, beta int) int {
	if st.k == 0 {
		return s.search(st.leader, st.r, alpha, beta)
	}
	return s.follow(st.k, st.leader, st.lead, st.win, st.winSeat, st.tp, s.inPlay(st.trick), st.r, alpha, beta)
}

// tKey is a trick start's table key: the cards in the hands, who holds
// each, and the leader with the generation.
type tKey struct {
	in, b0, b1 uint32
	tag        uint32 // leader | gen<<2
}

func (s *TableSolver) key(leader int) tKey {
	h := &s.hands
	k := tKey{h[0] | h[1] | h[2] | h[3], h[1] | h[3], h[2] | h[3], uint32(leader) | uint32(s.gen)<<2}
	// The cards of no points at the bottom of a suit (7 8 9 plain, 7 8
	// trump) differ only in their order: a position where some were
	// played is the position with the rest moved down to the bottom.
	// All four suits at once: twice, lanes with the lowest place empty
	// move down one; then lanes with the middle place empty move the
	// top one down.
	z := s.zero
	const low = 0x01010101
	for range 2 {
		sel := (^k.in & low) * 7 & z
		k.in = k.in&^sel | k.in>>1&(sel>>1)&z
		k.b0 = k.b0&^sel | k.b0>>1&(sel>>1)&z
		k.b1 = k.b1&^sel | k.b1>>1&(sel>>1)&z
	}
	if e := (^k.in >> 1) & (k.in >> 2) & low & (z >> 2); e != 0 {
		sel := e * 6
		k.in = k.in&^sel | k.in>>1&(e<<1)
		k.b0 = k.b0&^sel | k.b0>>1&(e<<1)
		k.b1 = k.b1&^sel | k.b1>>1&(e<<1)
	}
	return k
}

// slot returns the first entry of k's bucket: tWays entries in a row,
// one cache line, any of which may hold k. The generation is left out of
// the hash: a table after Reset then behaves exactly as a new one
// (entries of older generations are misses, and the first taken when
// storing), so a solve's work does not depend on what earlier solves
// left.
func (s *TableSolver) slot(k tKey) int {
	x := (uint64(k.in)<<32 | uint64(k.b0)) ^ (uint64(k.b1)<<32|uint64(k.tag&3))*0x9E3779B97F4A7C15
	return int((x*0x94D049BB133111EB)>>s.shift) &^ (tWays - 1)
}

// probe returns k's entry, or nil.
func (s *TableSolver) probe(k tKey) *tEntry {
	b := (*[tWays]tEntry)(s.tt[s.slot(k):])
	for i := range b {
		if e := &b[i]; e.in == k.in && e.b0 == k.b0 && e.b1 == k.b1 && e.data>>tagShift == k.tag {
			return e
		}
	}
	return nil
}

// bounds unpacks an entry's bounds.
func bounds(data uint32) (lo, hi int) {
	lo, hi = int(data&1023), int(data>>10&1023)
	if hi == noBound {
		hi = 1 << 20
	}
	return lo, hi
}

func (s *TableSolver) inPlay(trick uint32) uint32 {
	return s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3] | trick
}

// beats reports whether c beats the card w winning the trick so far.
func (s *TableSolver) beats(c, w uint8) bool { return s.ord.Beats(c, w) }

// legal returns the cards of h that may be played to a trick led with
// lead and won so far by win (docs/rules.md sections 6, 12 and 13).
func (s *TableSolver) legal(h uint32, lead, win uint8) uint32 { return s.ord.Follow(h, lead, win) }

// reduce drops from moves (cards of one hand) the cards equivalent to a
// lower card of moves: no card in play (inPlay: the hands and the trick)
// between them, and the same points. Only the three weakest cards of a
// plain suit (7 8 9, no points) and the two weakest trumps (7 8) are
// worth the same, so all four suits are done at once with masks: the 8
// is dropped after the 7; the 9 after the 8, or after the 7 when the 8
// is not in play.
func (s *TableSolver) reduce(moves, inPlay uint32) uint32 {
	const b1, b2 = 0x02020202, 0x04040404
	drop := moves & (moves << 1) & b1
	drop |= moves & b2 & (moves<<1 | (moves<<2)&^(inPlay<<1)) &^ (s.ord.Trumps() & b2)
	return moves &^ drop
}

// search returns the points the maximising side wins from a trick start
// (leader to lead, r points still to win), fail-soft within (alpha,
// beta): a result <= alpha is an upper bound, >= beta a lower bound, and
// exact in between.
func (s *TableSolver) search(leader, r, alpha, beta int) int {
	s.nodes++
	if beta <= 0 {
		return 0
	}
	if alpha >= r {
		return r
	}
	hl := s.hands[leader]
	if hl&(hl-1) == 0 {
		return s.last(leader, r)
	}
	if s.nodes >= s.stop {
		s.abort = true
		return 0
	}
	maxing := s.side>>leader&1 == 1
	mine, theirs := s.sides[1], s.sides[0]
	// Trumps above every trump of the other side win their tricks for
	// their side whatever is played: they bound what each side makes.
	if s.ts < 4 {
		if ub := r - rules.LanePoints(uint8(s.ord.Masters(theirs, mine)>>(8*s.ts)), true); ub <= alpha {
			return ub
		}
		if lb := rules.LanePoints(uint8(s.ord.Masters(mine, theirs)>>(8*s.ts)), true); lb >= beta {
			return lb
		}
	}
	// The leader's cards above every other card of their suit take
	// their tricks one after another: all the rest of the play when
	// they are all it holds, else at least their points for its side.
	if cp, all := s.cash(leader, hl, (mine|theirs)&^hl); all {
		if maxing {
			return r
		}
		return 0
	} else if maxing {
		if cp >= beta {
			return cp
		}
	} else if ub := r - cp; ub <= alpha {
		return ub
	}

	key := s.key(leader)
	hint := uint8(0xFF)
	a, b := alpha, beta
	if e := s.probe(key); e != nil {
		lo, hi := bounds(e.data)
		if lo >= b || lo == hi {
			return lo
		}
		if hi <= a {
			return hi
		}
		a, b = max(a, lo), min(b, hi)
		hint = uint8(e.data >> 20 & 31)
	}
	a0, b0 := a, b

	inPlay := mine | theirs
	var ml tMoves
	s.leads(&ml, leader, hint, mine, theirs)
	w := newWindow(maxing, a, b)
	bestMove := uint8(0)
	var done uint32
	var vals [tMaxMoves]int16
	others := inPlay &^ hl
	for i := 0; i < ml.n; i++ {
		l := uint8(ml.m[i])
		// A card whose bound from a touching one already fails the
		// window is not searched; its bound stands for its value.
		if done&s.ord.Lane(l) != 0 {
			if v, ok := s.near(l, i, &ml, others, &vals, maxing); ok && w.fails(v) {
				w = w.bound(v)
				done |= 1 << l
				vals[i] = int16(v)
				continue
			}
		}
		s.take(leader, l)
		v := s.follow(1, leader, l, l, leader, s.pts[l], inPlay, r, w.a, w.b)
		s.give(leader, l)
		if s.abort {
			return 0
		}
		done |= 1 << l
		vals[i] = int16(v)
		var better, cut bool
		if w, better, cut = w.add(v); better {
			bestMove = l
		}
		if cut {
			break
		}
	}
	s.store(key, w.best, a0, b0, bestMove)
	return w.best
}

// cash returns the points the leader's side takes at least when the
// leader cashes its cards (hl) that take their tricks one after another
// from its lead whatever the others (rest: their cards) play, and
// whether that is every card it holds: the cards above every other card
// of their suit, with the weakest cards the others must give them. With
// trumps, the plain ones count only when the leader's top trumps draw
// every trump of the others first; else an other seat could ruff them.
func (s *TableSolver) cash(leader int, hl, rest uint32) (int, bool) {
	tops := s.ord.Masters(hl, rest)
	if tops == 0 {
		return 0, false
	}
	others := s.after[0][leader&3][1] | s.after[1][leader&3][1]
	if s.ts < 4 && rest&s.ord.Trumps() != 0 {
		tt := tops & s.ord.Trumps()
		n := bits.OnesCount32(tt)
		for m := others; m != 0; m &= m - 1 {
			if bits.OnesCount32(s.hands[bits.TrailingZeros8(m)&3]&s.ord.Trumps()) > n {
				tops = tt
				break
			}
		}
	}
	if tops == hl {
		return 0, true
	}
	p := 0
	for su := uint8(0); su < 4; su++ {
		t := uint8(tops >> (8 * su))
		if t == 0 {
			continue
		}
		p += rules.LanePoints(t, su == s.ts)
		// Each other seat plays at least as many cards of the suit as
		// it holds up to the tricks cashed in it (following, or thrown
		// earlier to the leader's tricks): at least its weakest ones.
		k := bits.OnesCount8(t)
		for m := others; m != 0; m &= m - 1 {
			o := uint8(s.hands[bits.TrailingZeros8(m)&3] >> (8 * su))
			for j := 0; j < k && o != 0; j++ {
				p += s.pts[su<<3|uint8(bits.TrailingZeros8(o))]
				o &= o - 1
			}
		}
	}
	return p, false
}

// leads returns the leads of leader worth searching, best guesses first
// (mine and theirs: the cards of the maximising side and of the other).
// The order: the table's best lead (hint); plain leads that win the
// trick whatever the others play, first in suits where the other side
// holds the most cards, then most points; low leads to a partner's
// winner; then the rest, cheapest first, in suits the other side holds
// few of and where the side holds no master, trumps last. Trumps that
// win for sure go among the low plain leads, after those in suits the
// other side holds few of.
func (s *TableSolver) leads(ml *tMoves, leader int, hint uint8, mine, theirs uint32) {
	hl := s.hands[leader]
	maxing := s.side>>leader&1 == 1
	own, opp := mine, theirs
	if !maxing {
		own, opp = theirs, mine
	}
	inPlay := mine | theirs
	// The plain suits an opponent of the leader can ruff.
	var ruff uint32
	for m := s.after[s.sideOf[leader&3]][leader&3][1]; m != 0; m &= m - 1 {
		if h := s.hands[bits.TrailingZeros8(m)&3]; h&s.ord.Trumps() != 0 {
			ruff |= ^s.ord.Lanes(h)
		}
	}
	ruff &^= s.ord.Trumps()
	// Leads that take the trick for the side whatever is played are
	// cards above every card of the other side in their suit, in suits
	// it cannot ruff: of touching ones only the highest is searched (see
	// dominant).
	sure := s.ord.Masters(hl, opp) &^ ruff
	moves := s.reduce(hl&^sure, inPlay) | s.runTops(hl&sure, inPlay)
	for m := moves; m != 0; m &= m - 1 {
		l := uint8(bits.TrailingZeros32(m))
		lane := s.ord.Lane(l)
		var score int
		switch {
		case l == hint:
			score = 1000
		case sure>>l&1 == 1 && l>>3 != s.ts:
			score = 500 + s.pts[l] + 8*bits.OnesCount32(opp&lane)
		case sure>>l&1 == 1:
			// Drawing trumps is often not the best use of a top trump:
			// it goes among the low plain leads.
			score = 170 + s.pts[l]
		case s.partnerTakes(l, own&^hl, opp, ruff):
			score = 400 - s.pts[l]
		default:
			score = 200 - 4*bits.OnesCount32(opp&lane) - s.pts[l]
			if s.ord.Masters(own, opp)&lane != 0 {
				score -= 8 // a low lead under the side's own master
			}
			if l>>3 == s.ts {
				score -= 40
			}
		}
		ml.add(score, l)
	}
}

// partnerTakes reports whether a partner of the leader (part: their
// cards) holds a card of l's suit above every opponent's, none of whom
// can ruff it.
func (s *TableSolver) partnerTakes(l uint8, part, opp, ruff uint32) bool {
	lane := s.ord.Lane(l)
	p := part & lane
	if p == 0 || ruff&lane != 0 {
		return false
	}
	top := uint8(31 - bits.LeadingZeros32(p))
	return opp&s.ord.Above(top) == 0
}

// follow returns what the maximising side wins from a position inside a
// trick: k cards played (k >= 1), led by leader with lead, won so far by
// win of winSeat, worth tp points; inPlay is the cards in the hands and
// the trick, r the points still to win (the trick's included).
// Fail-soft within (alpha, beta).
func (s *TableSolver) follow(k, leader int, lead, win uint8, winSeat, tp int, inPlay uint32, r, alpha, beta int) int {
	s.nodes++
	seat := int(s.seatAt[leader][k])
	h := s.hands[seat]
	legal := s.legal(h, lead, win)
	last := k+1 == s.n
	if legal&(legal-1) == 0 {
		// One card to play, as often: its value is the node's.
		c := uint8(bits.TrailingZeros32(legal))
		if s.beats(c, win) {
			win, winSeat = c, seat
		}
		tp += s.pts[c]
		s.take(seat, c)
		var v int
		if last {
			v = s.endTrick(winSeat, tp, r, alpha, beta)
		} else {
			v = s.follow(k+1, leader, lead, win, winSeat, tp, inPlay, r, alpha, beta)
		}
		s.give(seat, c)
		if s.abort {
			return 0
		}
		return v
	}
	maxing := s.side>>seat&1 == 1
	var ml tMoves
	s.follows(&ml, k, leader, lead, win, winSeat, legal, inPlay)
	w := newWindow(maxing, alpha, beta)
	var done uint32
	var vals [tMaxMoves]int16
	others := inPlay &^ h
	for i := 0; i < ml.n; i++ {
		c := uint8(ml.m[i])
		// As in search; the last card of a trick has its touching cards
		// merged already.
		if !last && done&s.ord.Lane(c) != 0 {
			if v, ok := s.near(c, i, &ml, others, &vals, maxing); ok && w.fails(v) {
				w = w.bound(v)
				done |= 1 << c
				vals[i] = int16(v)
				continue
			}
		}
		nw, nws := win, winSeat
		if s.beats(c, win) {
			nw, nws = c, seat
		}
		ntp := tp + s.pts[c]
		s.take(seat, c)
		var v int
		if last {
			v = s.endTrick(nws, ntp, r, w.a, w.b)
		} else {
			v = s.follow(k+1, leader, lead, nw, nws, ntp, inPlay, r, w.a, w.b)
		}
		s.give(seat, c)
		if s.abort {
			return 0
		}
		done |= 1 << c
		vals[i] = int16(v)
		var cut bool
		if w, _, cut = w.add(v); cut {
			break
		}
	}
	return w.best
}

// tWindow is a node's alpha-beta state over its cards: whether the side
// to move maximises, the best value found so far and the window (a, b)
// still open. Kept by value, so that it stays in registers.
type tWindow struct {
	maxing bool
	best   int
	a, b   int
}

func newWindow(maxing bool, a, b int) tWindow {
	w := tWindow{maxing: maxing, best: -1, a: a, b: b}
	if !maxing {
		w.best = 1 << 20
	}
	return w
}

// fails reports whether a bound v on a card's value fails the window:
// the card cannot better what the node already has.
func (w tWindow) fails(v int) bool {
	return w.maxing && v <= w.a || !w.maxing && v >= w.b
}

// bound takes v, a bound failing the window, as the value of a card.
func (w tWindow) bound(v int) tWindow {
	if w.maxing {
		w.best = max(w.best, v)
	} else {
		w.best = min(w.best, v)
	}
	return w
}

// add takes v, the value of a searched card, and reports whether it is
// the best so far and whether it closes the window: the node's other
// cards need not be searched.
func (w tWindow) add(v int) (_ tWindow, better, cut bool) {
	if w.maxing {
		if v <= w.best {
			return w, false, false
		}
		w.best = v
		if v > w.a {
			w.a = v
			return w, true, v >= w.b
		}
		return w, true, false
	}
	if v >= w.best {
		return w, false, false
	}
	w.best = v
	if v < w.b {
		w.b = v
		return w, true, v <= w.a
	}
	return w, true, false
}

// follows returns the cards worth searching of the seat at position k of
// a trick (legal: its legal cards), best guesses first: with the trick
// the side's for sure, the most points first; a card that takes it for
// sure, most points first; else the cheapest first. In the first two,
// the cards above every card of the other side in their suit go last;
// in the last, discards from the suits the other side holds most of.
func (s *TableSolver) follows(ml *tMoves, k, leader int, lead, win uint8, winSeat int, legal, inPlay uint32) {
	if legal&(legal-1) == 0 {
		ml.m[0], ml.n = uint32(bits.TrailingZeros32(legal)), 1
		return
	}
	seat := int(s.seatAt[leader][k])
	last := k+1 == s.n
	maxing := s.side>>seat&1 == 1
	ours := (s.side>>winSeat&1 == 1) == maxing
	// Whether a card would win the trick whatever the other side's
	// seats after this one play: asked of the trick's winner when it
	// is the side's, and of the cards that beat it.
	var may uint32
	rivals := false
	oursStands := ours
	if ours && !last {
		may = s.rivals(k+1, leader, lead, maxing)
		rivals = true
		oursStands = s.safe(win, may)
	}
	moves := s.dominant(k, leader, lead, win, winSeat, legal, inPlay, ours, last, oursStands)
	if moves&(moves-1) == 0 {
		ml.m[0], ml.n = uint32(bits.TrailingZeros32(moves)), 1
		return
	}
	if !last && !rivals {
		may = s.rivals(k+1, leader, lead, maxing)
	}
	// The cards above every card of the other side in their suit: kept,
	// they take a trick of their own, so they are thrown or spent on
	// this trick last.
	theirs := s.sides[1^s.sideOf[seat&3]]
	masters := s.ord.Masters(moves, theirs)
	for m := moves; m != 0; m &= m - 1 {
		c := uint8(bits.TrailingZeros32(m))
		var score int
		switch {
		case oursStands:
			score = (128 + s.pts[c] - 30*int(masters>>c&1)) * 16
		case s.beats(c, win) && (last || s.safe(c, may)):
			score = (160 + s.pts[c] - 30*int(masters>>c&1)) * 16
		case c>>3 != lead>>3:
			// A discard of a losing trick: of equal points, from the
			// suit the other side holds most of, the weakest card.
			score = (64-s.pts[c])*16 + bits.OnesCount32(theirs&s.ord.Lane(c)) - int(c&7)
		default:
			score = (64 - s.pts[c]) * 16
		}
		ml.add(score, c)
	}
}

// dominant returns the legal cards worth searching at a follow. Two
// cards of one hand that touch (no card in play, in the hands or the
// trick, between them in their suit) take the same tricks in every
// continuation and differ only in their points: played now, the higher
// puts its extra points into this trick, kept, into the later trick it
// falls to. So when the side that takes this trick is known whichever
// of them is played, the side's player plays the higher of the run and
// the other side's the lower; the rest of the run is not searched. The
// last card of a trick always knows it (a card that beats the trick's
// winner takes it); earlier ones when no seat left of the other side
// can beat the winning card. Otherwise only cards of equal points
// (reduce) are merged.
//
// ours tells whether the trick's winner is on the side of the seat to
// play, and oursStands whether it then holds the trick whatever the
// other side's seats after it play.
func (s *TableSolver) dominant(k, leader int, lead, win uint8, winSeat int, legal, inPlay uint32, ours, last, oursStands bool) uint32 {
	if last {
		beat := legal & s.ord.Beating(win)
		rest := legal &^ beat
		m := s.runTops(beat, inPlay)
		if ours {
			return m | s.runTops(rest, inPlay)
		}
		return m | s.runBottoms(rest, inPlay)
	}
	if ours && oursStands || !ours && s.holds(k, leader, lead, win, s.side>>winSeat&1 == 1) {
		if ours {
			return s.runTops(legal, inPlay)
		}
		return s.runBottoms(legal, inPlay)
	}
	return s.reduce(legal, inPlay)
}

// near bounds the value of playing c, the i-th move of ml, from the
// values (vals) of the moves before it that touch it: cards of the same
// hand with no card of the other hands or the trick (others) between
// them. Such cards take the same tricks in every continuation and
// differ only in where their points go, so their values differ by at
// most the difference of their points. It returns the tightest bound:
// an upper bound for the maximising side's player (maxing), a lower
// bound for the other's, and false when no earlier move touches c.
func (s *TableSolver) near(c uint8, i int, ml *tMoves, others uint32, vals *[tMaxMoves]int16, maxing bool) (int, bool) {
	bound, ok := 0, false
	for j := range i {
		d := uint8(ml.m[j])
		if d>>3 != c>>3 {
			continue
		}
		lo, hi := min(c, d), max(c, d)
		if others&s.ord.Above(lo)&s.ord.Below(hi) != 0 {
			continue
		}
		diff := s.pts[c] - s.pts[d]
		if diff < 0 {
			diff = -diff
		}
		v := int(vals[j])
		if maxing {
			v += diff
			if !ok || v < bound {
				bound = v
			}
		} else {
			v -= diff
			if !ok || v > bound {
				bound = v
			}
		}
		ok = true
	}
	return bound, ok
}

// runTops drops from m each card whose next higher card in play (in)
// in its suit is also in m: it keeps the top of each run of touching
// cards of m.
func (s *TableSolver) runTops(m, in uint32) uint32 {
	out := m
	for x := m; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros32(x))
		up := in & s.ord.Above(c)
		if up&-up&m != 0 {
			out &^= 1 << c
		}
	}
	return out
}

// runBottoms keeps the bottom of each run of touching cards of m.
func (s *TableSolver) runBottoms(m, in uint32) uint32 {
	out := m
	for x := m; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros32(x))
		// The next lower card in play is down's highest: it is in m
		// when down's cards in m, as a number, exceed the others.
		if down := in & s.ord.Below(c); m&down > down&^m {
			out &^= 1 << c
		}
	}
	return out
}

// holds reports whether no seat from position k on that is not on the
// given side (the maximising side, or the other) can beat w in a trick
// led with lead.
func (s *TableSolver) holds(k, leader int, lead, w uint8, maxSide bool) bool {
	return s.safe(w, s.rivals(k, leader, lead, maxSide))
}

// rivals returns the cards that the seats from position k of a trick
// led with lead on that are not on the given side may play to it
// (rules.Order.Playable), joined: enough to tell whether any of them
// can beat a card. A node asks safe of several cards against the same
// seats.
func (s *TableSolver) rivals(k, leader int, lead uint8, maxSide bool) uint32 {
	x := 0
	if maxSide {
		x = 1
	}
	var may uint32
	for m := s.after[x][leader&3][min(k, 4)]; m != 0; m &= m - 1 {
		may |= s.ord.Playable(s.hands[bits.TrailingZeros8(m)&3], lead)
	}
	return may
}

// safe reports whether no seat whose playable cards are may (rivals)
// can beat w, the card winning the trick.
func (s *TableSolver) safe(w uint8, may uint32) bool { return may&s.ord.Beating(w) == 0 }

// endTrick returns what the side wins once a trick worth tp is won by
// winner: tp if the winner is on the side (with the bonus if it was the
// last trick), and the rest of the play.
func (s *TableSolver) endTrick(winner, tp, r, alpha, beta int) int {
	r2 := r - tp
	if s.hands[winner] == 0 {
		tp, r2 = r, 0 // the last trick: it takes the bonus too
	}
	gain := 0
	if s.side>>winner&1 == 1 {
		gain = tp
	}
	if r2 == 0 {
		return gain
	}
	return gain + s.search(winner, r2, alpha-gain, beta-gain)
}

// last returns what the side wins from the last trick (one card in each
// hand, leader to lead): all of r, or nothing.
func (s *TableSolver) last(leader, r int) int {
	w := uint8(bits.TrailingZeros32(s.hands[leader]))
	ws := leader
	for k := 1; k < s.n; k++ {
		seat := int(s.seatAt[leader][k])
		c := uint8(bits.TrailingZeros32(s.hands[seat]))
		if s.beats(c, w) {
			w, ws = c, seat
		}
	}
	if s.side>>ws&1 == 1 {
		return r
	}
	return 0
}

// tMaxMoves bounds the moves of a node: the cards of a hand.
const tMaxMoves = 10

// tMoves is a small list of moves of either solver, each packed as
// score<<8 | card, sorted best first.
type tMoves struct {
	m [tMaxMoves]uint32
	n int
}

// add inserts c by score (0 to 2^24-1).
func (ml *tMoves) add(score int, c uint8) {
	v := uint32(score)<<8 | uint32(c)
	i := ml.n
	for i > 0 && ml.m[i-1] < v {
		ml.m[i] = ml.m[i-1]
		i--
	}
	ml.m[i] = v
	ml.n++
}

// store records a fail-soft result v searched within (a, b) and the
// best lead, keeping the bounds the bucket held for the same key. A new
// key takes an entry of an older generation, else the entry of the
// fewest cards: positions deep in the play are the cheapest to search
// again.
func (s *TableSolver) store(k tKey, v, a, b int, move uint8) {
	bucket := (*[tWays]tEntry)(s.tt[s.slot(k):])
	e := (*tEntry)(nil)
	lo, hi := 0, noBound
	for i := range bucket {
		x := &bucket[i]
		if x.in == k.in && x.b0 == k.b0 && x.b1 == k.b1 && x.data>>tagShift == k.tag {
			e = x
			lo, hi = int(x.data&1023), int(x.data>>10&1023)
			break
		}
	}
	if e == nil {
		fewest := 33
		for i := range bucket {
			x := &bucket[i]
			if x.data>>(tagShift+2) != k.tag>>2 {
				e = x
				break
			}
			if c := bits.OnesCount32(x.in); c < fewest {
				fewest, e = c, x
			}
		}
	}
	switch {
	case v <= a:
		hi = min(hi, v)
	case v >= b:
		lo = max(lo, v)
	default:
		lo, hi = v, v
	}
	lo, hi = min(lo, noBound), min(hi, noBound)
	*e = tEntry{in: k.in, b0: k.b0, b1: k.b1, data: uint32(lo) | uint32(hi)<<10 | uint32(move)<<20 | k.tag<<tagShift}
}
