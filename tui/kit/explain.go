package kit

import "github.com/klob/klob/rules"

// ChoiceExplain is the one-line explanation of a decision offered to the
// person at v, shown under the menu for the chosen item: what saying it
// means and what follows. g writes cards and suits.
func ChoiceExplain(g *Glyphs, v *rules.View, a rules.Action) string {
	up := v.OrigUpcard.Suit()
	upName := g.Suit(up) + " " + up.Name()
	switch a.Kind {
	case rules.Pass:
		if v.Phase == rules.PhaseBid2 && v.Seat == v.Dealer {
			return "name no trump: with both passing twice the deal is thrown in"
		}
		if v.Phase == rules.PhaseBid2 {
			return "name no trump: the other may name one"
		}
		return "leave " + upName + " to the other player"
	case rules.Take:
		return "make " + upName + " trump and become the maker: you must score more than the other"
	case rules.Schmeiss:
		return "offer to throw the deal in: if the other refuses, you are the maker with " + upName
	case rules.Accept:
		return "throw the deal in: nobody scores and the deal passes"
	case rules.Refuse:
		return "play the deal: the other then plays as maker with " + upName
	case rules.Name:
		return "make " + g.Suit(a.Suit) + " " + a.Suit.Name() + " trump and become the maker"
	case rules.Exchange:
		return "swap your 7 of trump (the dix) for the upcard " + g.CardText(v.OrigUpcard)
	case rules.NoExchange:
		return "keep your cards; the upcard stays where it is"
	case rules.NoSequence:
		return "claim no sequence: the other may announce one and score sequences"
	case rules.Announce:
		if a.N == 50 {
			return "your best sequence has four cards or more (fifty); the other answers"
		}
		return "your best sequence has three cards (twenty); the other answers"
	case rules.Good:
		return "concede: the other's sequences score, yours do not"
	case rules.NotGood:
		return "yours is worth more: your sequences score, the other's do not"
	case rules.HowHigh:
		return "equal value: compare the top cards of the two sequences"
	case rules.Top:
		return "the top card of your best sequence; the other answers"
	case rules.Same:
		return "equal top card; a trump sequence wins, else the non-dealer's"
	case rules.HowMany:
		return "equal value: compare the lengths of the two sequences"
	case rules.Length:
		return "the length of your best sequence; the other answers"
	case rules.PlayCard:
		if a.Bella {
			return "play it and say bella: 20 points for the king and queen of trump"
		}
	}
	return ""
}
