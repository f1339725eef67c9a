package rules

import "math/rand/v2"

// Play is the card-play part of a Deal: every seat's hand, trump,
// the trick on the table and the points won, for two, three or four
// players. Like Play it is a small value with no pointers whose methods
// never allocate; Move is unchecked, for bots and solvers that only play
// cards from Legal. Deal.Apply is the checked way to play.
type Play struct {
	Hands  [4]CardSet
	N      uint8 // players: 2, 3 or 4
	Trump  Suit  // a suit, or NoTrumps
	Leader Seat  // who leads (or led) the trick on the table
	// Trick holds the cards of the trick on the table in play order,
	// the led card first; InTrick says how many there are.
	Trick   [4]Card
	InTrick uint8
	Win     uint8 // the position in Trick of the card winning it so far
	Tricks  uint8 // completed tricks
	Won     [4]uint8
	// Points are card points won in tricks plus the last-trick bonus.
	Points    [4]int16
	LastBonus int16
}

// Turn returns the seat to play next.
func (p *Play) Turn() Seat { return seatMod[p.N&7][(uint8(p.Leader)+p.InTrick)&15] }

// Done reports whether every card has been played.
func (p *Play) Done() bool {
	return p.Hands[0]|p.Hands[1]|p.Hands[2]|p.Hands[3] == 0 && p.InTrick == 0
}

// Winning returns the seat whose card is winning the trick on the
// table, NoSeat before its lead.
func (p *Play) Winning() Seat {
	if p.InTrick == 0 {
		return NoSeat
	}
	return seatMod[p.N&7][(uint8(p.Leader)+p.Win)&15]
}

// Lead returns the card led to the trick on the table, NoCard if none.
func (p *Play) Lead() Card {
	if p.InTrick == 0 {
		return NoCard
	}
	return p.Trick[0]
}

// Legal returns the cards the seat to move may play (docs/rules.md sections 6,
// 12 and 13): follow suit, and to a trump lead beat the highest trump in the
// trick if able; void in the led suit, trump if able, beating any trump
// already in the trick if able, else any trump; else any card. With two
// players this is section 6 exactly, the trick holding only the lead.
func (p *Play) Legal() CardSet {
	h := p.Hands[p.Turn()]
	if p.InTrick == 0 {
		return h
	}
	return tableFollow(h, p.Trick[0], p.Trick[p.Win], p.Trump)
}

// tableFollow returns the cards of h that may be played to a trick led
// with lead and won so far by win. A trick holding a trump is won by its
// highest trump, so win is the trump the follower must beat if able
// (followTab's first mask for a trump is the higher trumps).
func tableFollow(h CardSet, lead, win Card, trump Suit) CardSet {
	row := trumpRow(trump)
	if f := h.Suit(lead.Suit()); f != 0 && lead.Suit() != trump {
		return f
	}
	if row == 4 {
		return h // no trumps: void in the led suit, any card
	}
	t := h & SuitMask(trump)
	if t == 0 {
		return h
	}
	if win.Suit() == trump {
		if x := t & followTab[row][win&31][0]; x != 0 {
			return x
		}
	}
	return t
}

// TrickWinnerOf returns the position (0 for the led card) of the card
// that wins a trick of the given cards, led first: the highest trump, or
// with none the highest card of the led suit.
func TrickWinnerOf(trick []Card, trump Suit) int {
	row := trumpRow(trump)
	w := 0
	for i := 1; i < len(trick); i++ {
		if beats[row][trick[w]&31][trick[i]&31] != 0 {
			w = i
		}
	}
	return w
}

// Move plays card c for the seat to move without checking it. When the
// card completes a trick it returns true and the trick's winner.
func (p *Play) Move(c Card) (bool, Seat) {
	seat := p.Turn()
	p.Hands[seat] &^= 1 << (c & 31)
	row := trumpRow(p.Trump)
	if p.InTrick == 0 {
		p.Win = 0
	} else if beats[row][p.Trick[p.Win]&31][c&31] != 0 {
		p.Win = p.InTrick
	}
	p.Trick[p.InTrick] = c
	p.InTrick++
	if p.InTrick < p.N {
		return false, NoSeat
	}
	w := p.Win
	var pts int16
	for _, t := range p.Trick[:p.N] {
		pts += cardPts[row][t&31]
	}
	p.Tricks++
	if p.Hands[0]|p.Hands[1]|p.Hands[2]|p.Hands[3] == 0 {
		pts += p.LastBonus
	}
	winner := seatMod[p.N&7][(uint8(p.Leader)+w)&15]
	p.Points[winner] += pts
	p.Won[winner]++
	p.Leader = winner
	p.InTrick = 0
	return true, winner
}

// Pick returns the legal card that a 32-bit random number r chooses: the
// card numbered r*n/2^32 of Legal() in index order, n the number of legal
// cards; NoCard when no card is left to play.
func (p *Play) Pick(r uint32) Card { return pickCard(p.Legal(), r) }

// Playout plays the rest of the card play at random for Monte Carlo
// search: each card is the one Pick chooses with the low 32 bits of one
// src.Uint64, so the cards, the final state and the points are exactly
// those of Pick and Move with these numbers.
func (p *Play) Playout(src *rand.PCG) {
	for {
		m := p.Legal()
		if m == 0 {
			return
		}
		p.Move(pickCard(m, uint32(src.Uint64())))
	}
}

// Refusal says why the seat to play may not play card c of its hand to
// the trick on the table: the reason in a player's words ("you must
// follow hearts") and the rule broken (ErrMustFollow, ErrMustOvertrump
// or ErrMustTrump); "" and nil when c may be played.
func (p *Play) Refusal(c Card) (string, error) {
	ok := p.Legal()
	if ok.Has(c) {
		return "", nil
	}
	h, ls := p.Hands[p.Turn()], p.Trick[0].Suit()
	switch {
	case ls == p.Trump && (c.Suit() == p.Trump || ok != h.Suit(ls)):
		return "a trump was led, so you must play a higher trump (" + listCards(ok, p.Trump) + ")", ErrMustOvertrump
	case h.Suit(ls) != 0:
		return "you must follow " + ls.Name(), ErrMustFollow
	case ok != h.Suit(p.Trump):
		return "you have no " + ls.Name() + ", so you must beat the trump in the trick (" + listCards(ok, p.Trump) + ")", ErrMustOvertrump
	}
	return "you have no " + ls.Name() + ", so you must trump", ErrMustTrump
}
