package rules

import (
	"math/bits"
	"math/rand/v2"
)

// Duel is the card-play part of a deal: both hands, trump, the trick on
// the table and the points won. It is a small value with no pointers, so
// a search copies it freely, and its methods never allocate. Move is
// unchecked: it is for bots and solvers that only play cards from Legal.
// Deal.Apply is the checked way to play.
type Duel struct {
	Hands  [2]CardSet
	Trump  Suit
	Leader Seat  // who leads (or led) the trick on the table
	Lead   Card  // the card led to the current trick, NoCard if none
	Tricks uint8 // completed tricks
	Won    [2]uint8
	// Points are card points won in tricks plus the last-trick bonus.
	Points    [2]int16
	LastBonus int16
}

// Turn returns the seat to play next.
func (p *Duel) Turn() Seat {
	if p.Lead == NoCard {
		return p.Leader
	}
	return p.Leader.Other()
}

// Done reports whether every card has been played.
func (p *Duel) Done() bool { return p.Hands[0]|p.Hands[1] == 0 && p.Lead == NoCard }

// Legal returns the cards the seat to move may play (docs/rules.md section 6):
// follow suit; to a trump lead play a higher trump if able; when void in
// the led suit, trump if able; else any card.
func (p *Duel) Legal() CardSet {
	if p.Lead == NoCard {
		return p.Hands[p.Leader&1]
	}
	return followSet(p.Hands[(p.Leader^1)&1], p.Lead, p.Trump)
}

// followSet returns the cards of h that may follow lead. The rule is two
// masks tried in order (followTab): to a trump lead the higher trumps,
// then any trump; to a plain lead the led suit, then the trumps; and if h
// holds neither, any card. The selects compile to conditional moves, so
// the answer costs no unpredictable branch.
func followSet(h CardSet, lead Card, trump Suit) CardSet {
	f := &followTab[trumpRow(trump)][lead&31]
	x, y := h&f[0], h&f[1]
	if y == 0 {
		y = h
	}
	if x == 0 {
		x = y
	}
	return x
}

// Move plays card c for the seat to move without checking it. When the
// card completes a trick it returns true and the trick's winner.
func (p *Duel) Move(c Card) (bool, Seat) {
	if p.Lead == NoCard {
		p.Hands[p.Leader&1] &^= 1 << c
		p.Lead = c
		return false, NoSeat
	}
	return true, p.follow(c)
}

// follow plays c as the second card of the trick and scores the trick.
// Split from Move so that the lead half of Move inlines.
func (p *Duel) follow(c Card) Seat {
	seat := p.Leader ^ 1
	p.Hands[seat&1] &^= 1 << c
	row := trumpRow(p.Trump)
	lead, second := p.Lead&31, c&31
	w := p.Leader ^ Seat(beats[row][lead][second])
	pts := cardPts[row][lead] + cardPts[row][second]
	p.Tricks++
	if p.Hands[0]|p.Hands[1] == 0 {
		pts += p.LastBonus
	}
	p.Points[w&1] += pts
	p.Won[w&1]++
	p.Leader = w
	p.Lead = NoCard
	return w
}

// pickCard returns the card of m that a 32-bit random number r chooses:
// the card numbered r*n/2^32 in index order, n = m.Count(); NoCard when m
// is empty. Each card is chosen with probability 1/n to within n/2^32.
func pickCard(m CardSet, r uint32) Card {
	if m == 0 {
		return NoCard
	}
	k, _ := bits.Mul32(r, uint32(m.Count()))
	return selectBit(m, k)
}

// Playout plays the rest of the card play, each card chosen uniformly at
// random among the legal ones, for Monte Carlo search. Each trick draws
// one src.Uint64: its low 32 bits choose the led card, its high 32 bits
// the card that follows (a trick already led draws one Uint64 for the
// follow, high bits). A choice among n legal cards is the card numbered
// r*n/2^32 of Legal() in index order (see Pick). The cards played, the
// final state and the result are exactly those of Pick and Move with
// these numbers; Playout only gets there faster.
//
// How: the state lives in registers, the hands as (leader's, follower's)
// swapped without a branch when the follower wins. Each hand is also
// kept as a list of its cards in index order, five bits a card in a
// uint64, so the led card (any card of a hand of k) is one shift of the
// list; the follower's legal cards are one suit's lane (follow, trump,
// overtrump: a table lookup in the lane) or its whole hand (a shift of
// its list). No step has an unpredictable branch.
func (p *Duel) Playout(src *rand.PCG) {
	if p.Lead != NoCard {
		r := src.Uint64()
		c := p.Pick(uint32(r >> 32))
		if c == NoCard {
			return // the follower has no card: not a deal's position
		}
		p.Move(c)
	}
	if n := p.Hands[0].Count(); n != p.Hands[1].Count() || n > 12 {
		// Not a position of a deal (a search's own construction, or
		// more cards than a list holds): the same choices, one card at
		// a time.
		for !p.Done() && p.Legal() != 0 {
			r := src.Uint64()
			p.Move(p.Pick(uint32(r)))
			if p.Lead != NoCard && p.Legal() != 0 {
				p.Move(p.Pick(uint32(r >> 32)))
			}
		}
		return
	}
	row := trumpRow(p.Trump)
	fol, bt, pts := &followTab[row], &beats[row], &cardPts[row]
	trump := uint(p.Trump) & 3 // any suit will do without trump: no trump lane is ever picked
	leader := uint(p.Leader & 1)
	hl, hf := p.Hands[leader], p.Hands[leader^1]
	ll, lf := cardList(hl), cardList(hf)
	// Card points and tricks won by seat, packed: seat s from bit 16s
	// and from bit 8s.
	var points uint32
	var won uint16
	k0 := uint64(hl.Count())
	// k is the number of cards in each hand at the start of the trick.
	for k := k0; k > 0; k-- {
		r := src.Uint64()
		// The lead: entry r*k/2^32 of the leader's list, taken out.
		at := (uint64(uint32(r)) * k) >> 32 * 5
		c1 := uint(ll>>(at&63)) & 31
		below := uint64(1)<<(at&63) - 1
		ll = ll&below | (ll>>5)&^below
		hl &^= 1 << c1
		// The follow: the two masks of followSet; zx is all ones when
		// the first is empty, zl when both are (any card then).
		f := &fol[c1]
		x, y := uint32(hf&f[0]), uint32(hf&f[1])
		zx := uint(x|-x)>>31 - 1
		zl := zx & (uint(y|-y)>>31 - 1)
		s := (c1>>3&^zx | trump&zx) & 3
		x |= y & uint32(zx)
		r2 := uint64(uint32(r >> 32))
		lane := uint8(x >> (8 * s))
		j := (r2 * uint64(bits.OnesCount32(x))) >> 32
		c2 := 8*s + uint(selectInByte[lane][j&7])
		c2 = (c2&^zl | uint(lf>>((r2*k)>>32*5&63))&zl) & 31
		at = uint64(bits.OnesCount32(uint32(hf)&(1<<c2-1))) * 5
		hf &^= 1 << c2
		below = uint64(1)<<(at&63) - 1
		lf = lf&below | (lf>>5)&^below
		// The winner leads: swap the roles if the follower won.
		w := uint(bt[c1][c2])
		dh := (hl ^ hf) & -CardSet(w)
		hl, hf = hl^dh, hf^dh
		dl := (ll ^ lf) & -uint64(w)
		ll, lf = ll^dl, lf^dl
		leader ^= w
		points += uint32(pts[c1]+pts[c2]) << (16 * (leader & 1))
		won += 1 << (8 * (leader & 1))
	}
	p.Hands[leader&1], p.Hands[leader&1^1] = hl, hf
	p.Points[0] += int16(points)
	p.Points[1] += int16(points >> 16)
	if k0 > 0 {
		p.Points[leader&1] += p.LastBonus
	}
	p.Won[0] += uint8(won)
	p.Won[1] += uint8(won >> 8)
	p.Tricks += uint8(k0)
	p.Leader = Seat(leader & 1)
	p.Lead = NoCard
}

// cardList returns the cards of h in index order, five bits each, the
// first in the low bits: each suit's lane read from laneList (its ranks,
// plus eight per suit in every entry) and placed after the lanes below,
// with no loop to mispredict.
func cardList(h CardSet) uint64 {
	b0, b1, b2, b3 := uint8(h), uint8(h>>8), uint8(h>>16), uint8(h>>24)
	n0, n1, n2 := uint64(len8[b0]), uint64(len8[b1]), uint64(len8[b2])
	l := laneList[b0]
	sh := 5 * n0
	l |= (laneList[b1] + 8*laneRep[len8[b1]&15]) << (sh & 63)
	sh += 5 * n1
	l |= (laneList[b2] + 16*laneRep[len8[b2]&15]) << (sh & 63)
	sh += 5 * n2
	l |= (laneList[b3] + 24*laneRep[len8[b3]&15]) << (sh & 63)
	return l
}

// laneList[b] lists the set bits of b, five bits each, lowest first;
// laneRep[n] has a 1 in each of the first n five-bit entries.
var laneList, laneRep = func() (list [256]uint64, rep [16]uint64) {
	for b := range 256 {
		sh := 0
		for i := range 8 {
			if b&(1<<i) != 0 {
				list[b] |= uint64(i) << sh
				sh += 5
			}
		}
	}
	for n := 1; n < 16; n++ {
		rep[n] = rep[n-1] | 1<<(5*(n-1))
	}
	return list, rep
}()

// Pick returns the legal card that a 32-bit random number r chooses, as
// Playout does: the card numbered r*n/2^32 of Legal() in index order,
// where n is the number of legal cards. It returns NoCard when no card is
// left to play.
func (p *Duel) Pick(r uint32) Card { return pickCard(p.Legal(), r) }

// BellaOpen reports whether a player holding hand, having played played,
// may still announce bella (docs/rules.md section 7) while nobody has: it held
// both the king and the queen of trump and still holds one of them.
func BellaOpen(hand, played CardSet, trump Suit) bool {
	if trump > Spades {
		return false
	}
	kq := SetOf(NewCard(King, trump), NewCard(Queen, trump))
	return (hand|played)&kq == kq && hand&kq != 0
}

// Announceable returns what a player holding hand, having played
// played, may still announce while nobody has (docs/rules.md sections 7
// and 15): MenagePoints for the player that held the king, queen and jack of
// trump when play began (menage on) while it holds one of them, since
// its pair is its menage and never bella; BellaPoints while BellaOpen;
// 0 otherwise. A card played without the word closes it: the last of
// the menage's cards, or the second of K and Q.
func Announceable(hand, played CardSet, trump Suit, opts Options) int {
	if trump > Spades {
		return 0
	}
	if HoldsMenage(hand|played, trump, opts) {
		if hand&MenageCards(trump) != 0 {
			return MenagePoints
		}
		return 0
	}
	if BellaOpen(hand, played, trump) {
		return BellaPoints
	}
	return 0
}

// bellaWith returns the card a player that played played may announce
// bella with: the second of the king and queen of trump once it played
// the first (docs/rules.md section 7); NoCard otherwise.
func bellaWith(played CardSet, trump Suit) Card {
	k, q := NewCard(King, trump), NewCard(Queen, trump)
	switch {
	case played.Has(q):
		return k
	case played.Has(k):
		return q
	}
	return NoCard
}

// Duel returns the card play of a two-player deal as a Duel, for the
// two-player search. p must have two players.
func (p Play) Duel() Duel {
	d := Duel{Hands: [2]CardSet{p.Hands[0], p.Hands[1]}, Trump: p.Trump, Leader: p.Leader, Lead: p.Lead(),
		Tricks: p.Tricks, Won: [2]uint8{p.Won[0], p.Won[1]}, Points: [2]int16{p.Points[0], p.Points[1]}, LastBonus: p.LastBonus}
	return d
}
