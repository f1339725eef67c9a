package claim

import (
	"math/bits"

	"github.com/klob/klob/rules"
)

// search is the all-tricks search for one claimer's side, with the
// answers for positions at the start of a trick. Every trick the side
// wins leaves one of its seats on lead, so past the trick in progress
// the side always leads.
//
// It searches its own copy of the position (pos), with each suit's
// cards renumbered in trick-taking order, so that who beats whom is a
// comparison of card numbers. Only tricks count, never points, so:
//   - of a seat's cards that touch in that order among the cards still
//     live (in the hands, or winning the trick on the table), one is
//     searched: they are the same card for every later trick;
//   - the answers at trick starts are remembered by the order of the
//     live cards and who holds each, not by the cards themselves, so
//     positions that differ only in which cards already fell meet.
type search struct {
	side uint8 // bit s set for each seat on the claimer's side
	n    uint8 // players
	// ord is the numbering of the trump, and its rules of the trick.
	ord     rules.Order
	memo    table
	nodes   int
	budget  int
	aborted bool
}

func newSearch(players int, claimer rules.Seat, trump rules.Suit, budget int) *search {
	s := &search{side: rules.SideSeats(players, claimer), n: uint8(players), ord: rules.NewOrder(trump), budget: budget}
	s.memo.init()
	return s
}

func (s *search) mine(seat rules.Seat) bool { return seat < 4 && s.side&(1<<seat) != 0 }

// pos is a card-play position in rules' power numbering (rules.Order):
// card suit*8+k is the k-th weakest of its suit (trumps J 9 A 10 K Q 8
// 7 from the top, plain cards A 10 K Q J 9 8 7). Of the trick on the
// table it keeps what the rest of the play reads: the card led and the
// card winning it so far, and whose it is.
type pos struct {
	hands   [4]uint32
	leader  uint8
	inTrick uint8
	lead    uint8 // card led (when inTrick > 0)
	win     uint8 // card winning the trick so far (when inTrick > 0)
	winner  uint8 // its seat
}

// pos converts p into the search's numbering.
func (s *search) pos(p *rules.Play) pos {
	var q pos
	for i, h := range p.Hands {
		q.hands[i] = s.ord.Set(h)
	}
	q.leader, q.inTrick = uint8(p.Leader), p.InTrick
	if p.InTrick > 0 {
		q.lead = s.ord.Card(p.Trick[0])
		q.win = s.ord.Card(p.Trick[p.Win])
		q.winner = (uint8(p.Leader) + p.Win) % s.n
	}
	return q
}

// takesAll reports whether the side wins every remaining trick of p.
// Once the node budget is spent it sets aborted and its answers mean
// nothing.
func (s *search) takesAll(p rules.Play) bool {
	return s.run(s.pos(&p))
}

// legal returns the cards of h the seat to move may play (as
// rules.Play.Legal).
func (s *search) legal(p *pos, h uint32) uint32 {
	if p.inTrick == 0 {
		return h
	}
	return s.ord.Follow(h, p.lead, p.win)
}

// play plays card c for the seat to move; when c ends the trick it
// returns true and the trick's winner.
func (s *search) play(p *pos, seat, c uint8) (bool, uint8) {
	p.hands[seat] &^= 1 << c
	switch {
	case p.inTrick == 0:
		p.lead, p.win, p.winner = c, c, seat
	case s.ord.Beats(c, p.win):
		p.win, p.winner = c, seat
	}
	if p.inTrick++; p.inTrick < s.n {
		return false, 0
	}
	p.leader, p.inTrick = p.winner, 0
	return true, p.winner
}

func (s *search) run(p pos) bool {
	all := p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
	if all == 0 && p.inTrick == 0 {
		return true
	}
	if s.nodes++; s.nodes > s.budget {
		s.aborted = true
		return false
	}
	atStart := p.inTrick == 0
	var key entry
	if atStart {
		// Holding no trump while the other side holds one, the side
		// loses a trick: that trump wins whenever it is played.
		var own uint32
		for i := range s.n {
			if s.side&(1<<i) != 0 {
				own |= p.hands[i]
			}
		}
		if all&s.ord.Trumps() != 0 && own&s.ord.Trumps() == 0 {
			return false
		}
		// The side cashes its cards, or at four the leader alone does.
		if lead := p.hands[p.leader]; s.side&(1<<p.leader) != 0 &&
			(s.cashes(&p, own, all&^own) || s.n == 4 && s.cashes(&p, lead, all&^lead)) {
			return true
		}
		key = s.key(&p, all)
		if v, ok := s.memo.get(key); ok {
			return v
		}
	}
	seat := (p.leader + p.inTrick) % s.n
	mine := s.side&(1<<seat) != 0
	h := p.hands[seat]
	live := all
	if !atStart {
		live |= 1 << p.win
	}
	ok := !mine // the side needs one good card; the others none
	// Highest cards first, trumps before the rest: the side's winners,
	// and the other side's cards most likely to take a trick.
	legal := s.legal(&p, h)
	for _, m := range [2]uint32{legal & s.ord.Trumps(), legal &^ s.ord.Trumps()} {
		for ; m != 0 && !s.aborted; m &^= 1 << (31 - bits.LeadingZeros32(m)) {
			c := uint8(31 - bits.LeadingZeros32(m))
			// The card just above c among the live cards, if the seat
			// holds it, is played instead.
			if up := live & s.ord.Above(c); up != 0 && h&up&-up != 0 {
				continue
			}
			q := p
			done, w := s.play(&q, seat, c)
			good := !(done && s.side&(1<<w) == 0) && s.run(q)
			if mine && good {
				ok = true
				break
			}
			if !mine && !good {
				ok = false
				break
			}
		}
		if ok == mine {
			break
		}
	}
	if atStart && !s.aborted {
		s.memo.put(key, ok)
	}
	return ok
}

// cashes reports whether the side, on lead at a trick start, takes
// every trick by playing the cards own (the side's, or the leader's
// alone) from the top, others being the rest: in each suit every card
// of own beats every card of others; and when others hold trumps, the
// leader holds at least as many as any other seat, each beating every
// trump of its partner (it draws them first, keeping the lead).
// Whatever the rest play, each trick is then the side's and leaves it
// on lead.
func (s *search) cashes(p *pos, own, others uint32) bool {
	if s.ord.Masters(own, others) != own {
		return false
	}
	if others&s.ord.Trumps() == 0 {
		return true
	}
	mine := p.hands[p.leader] & s.ord.Trumps()
	if partner := own & s.ord.Trumps() &^ mine; partner != 0 && (mine == 0 || s.ord.Masters(mine, partner) != mine) {
		return false // the partner could overtake and lead
	}
	lead := bits.OnesCount32(mine)
	for i := range s.n {
		if p.hands[i]&others != 0 && bits.OnesCount32(p.hands[i]&s.ord.Trumps()) > lead {
			return false
		}
	}
	return true
}

// key is the memo key of p at a trick start: for each suit how many of
// its cards are live, and for each live card in order its holder (two
// bits a card, 32 cards at most), and the leader.
func (s *search) key(p *pos, live uint32) entry {
	var e entry
	for m := live; m != 0; m &= m - 1 {
		b := m & -m
		var who uint64
		for i := uint8(1); i < s.n; i++ {
			if p.hands[i]&b != 0 {
				who = uint64(i)
			}
		}
		e.cards = e.cards<<2 | who
	}
	var counts uint32
	for su := range 4 {
		counts |= uint32(bits.OnesCount8(uint8(live>>(8*su)))) << (4 * su)
	}
	e.rest = counts | uint32(p.leader)<<16 | used
	return e
}

// entry is a memo slot: the key (cards and rest, rest's used bit set)
// and, in rest's answer bit, the answer.
type entry struct {
	cards uint64
	rest  uint32
}

const (
	used   = 1 << 31
	answer = 1 << 30
)

// table is the memo: open addressing with linear probing, doubled when
// half full. It lives as long as its search.
type table struct {
	slots []entry
	n     int
}

func (t *table) init() { t.slots = make([]entry, 64) }

func (t *table) home(k entry) int {
	h := (k.cards ^ uint64(k.rest&^answer)<<40) * 0x9E3779B97F4A7C15
	return int(h>>32) & (len(t.slots) - 1)
}

func (t *table) get(k entry) (bool, bool) {
	mask := len(t.slots) - 1
	for i := t.home(k); ; i = (i + 1) & mask {
		e := t.slots[i]
		if e.rest == 0 {
			return false, false
		}
		if e.cards == k.cards && e.rest&^answer == k.rest {
			return e.rest&answer != 0, true
		}
	}
}

func (t *table) put(k entry, v bool) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]entry, 2*len(old))
		for _, e := range old {
			if e.rest != 0 {
				t.insert(e)
			}
		}
	}
	if v {
		k.rest |= answer
	}
	t.insert(k)
	t.n++
}

// insert places e in the first free slot from its home; the search
// never puts a key twice (a key found is not searched again).
func (t *table) insert(e entry) {
	mask := len(t.slots) - 1
	i := t.home(e)
	for t.slots[i].rest != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = e
}
