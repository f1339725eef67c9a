package rules

// BellaPair returns the king and queen of trump when hand holds both
// (the pair that scores bella, docs/rules.md section 7, when the second is
// played), and the empty set otherwise or before trump is known.
func BellaPair(hand CardSet, trump Suit) CardSet {
	if trump > Spades {
		return 0
	}
	pair := SetOf(NewCard(King, trump), NewCard(Queen, trump))
	if hand&pair == pair {
		return pair
	}
	return 0
}

// MenageCards returns the king, queen and jack of trump, the cards of
// the menage (docs/rules.md section 15), and the empty set with no trumps or
// before trump is known.
func MenageCards(trump Suit) CardSet {
	if trump > Spades {
		return 0
	}
	return SetOf(NewCard(King, trump), NewCard(Queen, trump), NewCard(Jack, trump))
}

// HoldsMenage reports whether hand holds the menage: the king, queen and
// jack of trump with the menage option on (docs/rules.md section 15),
// whose king and queen are then never bella. False with no trumps or
// before trump is known.
func HoldsMenage(hand CardSet, trump Suit, o Options) bool {
	kqj := MenageCards(trump)
	return o.Menage && kqj != 0 && hand&kqj == kqj
}
