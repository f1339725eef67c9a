package rules

// Play is the card-play part of a deal: both hands, trump, the trick on
// the table and the points won. It is a small value with no pointers, so
// a search copies it freely, and its methods never allocate. Move is
// unchecked: it is for bots and solvers that only play cards from Legal.
// Deal.Apply is the checked way to play.
type Play struct {
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
func (p *Play) Turn() Seat {
	if p.Lead == NoCard {
		return p.Leader
	}
	return p.Leader.Other()
}

// Done reports whether every card has been played.
func (p *Play) Done() bool { return p.Hands[0]|p.Hands[1] == 0 && p.Lead == NoCard }

// Legal returns the cards the seat to move may play (RULES.md section 6):
// follow suit; to a trump lead play a higher trump if able; when void in
// the led suit, trump if able; else any card.
func (p *Play) Legal() CardSet {
	h := p.Hands[p.Turn()]
	if p.Lead == NoCard {
		return h
	}
	return followSet(h, p.Lead, p.Trump)
}

func followSet(h CardSet, lead Card, trump Suit) CardSet {
	ls := lead.Suit()
	follow := h & SuitMask(ls)
	if ls == trump {
		if follow == 0 {
			return h
		}
		if higher := h & (CardSet(higherTrump[lead.Rank()]) << (8 * uint(ls))); higher != 0 {
			return higher
		}
		return follow
	}
	if follow != 0 {
		return follow
	}
	if tr := h & SuitMask(trump); tr != 0 {
		return tr
	}
	return h
}

// TrickWinner returns which of the two cards wins a trick: 0 for the led
// card, 1 for the second.
func TrickWinner(lead, second Card, trump Suit) int {
	if second.Suit() == lead.Suit() {
		t := 0
		if lead.Suit() == trump {
			t = 1
		}
		if power[t][second.Rank()] > power[t][lead.Rank()] {
			return 1
		}
		return 0
	}
	if second.Suit() == trump {
		return 1
	}
	return 0
}

// Move plays card c for the seat to move without checking it. When the
// card completes a trick it returns true and the trick's winner.
func (p *Play) Move(c Card) (bool, Seat) {
	seat := p.Turn()
	p.Hands[seat] &^= 1 << c
	if p.Lead == NoCard {
		p.Lead = c
		return false, NoSeat
	}
	lead := p.Lead
	w := p.Leader
	if TrickWinner(lead, c, p.Trump) == 1 {
		w = seat
	}
	pts := int16(Points(lead, p.Trump) + Points(c, p.Trump))
	p.Tricks++
	if p.Hands[0]|p.Hands[1] == 0 {
		pts += p.LastBonus
	}
	p.Points[w] += pts
	p.Won[w]++
	p.Leader = w
	p.Lead = NoCard
	return true, w
}
