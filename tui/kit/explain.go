package kit

import (
	"fmt"

	"github.com/klob/klob/rules"
)

// ChoiceExplain is the one-line explanation of a decision offered to the
// person at v, shown under the menu for the chosen item: what saying it
// means and what follows, in the words of v's seat count (the other
// player at two; the next player, the others or the claim that stands
// at three and four). g writes cards and suits.
func ChoiceExplain(g *Glyphs, v *rules.View, a rules.Action) string {
	up := v.OrigUpcard.Suit()
	upName := g.SuitName(up)
	duel := v.Players <= 2
	// Who answers a word of the person's: the other player, or at a
	// table the next to speak.
	next := "the other"
	if !duel {
		next = "the next player"
	}
	if a.Kind == rules.NotGood && !duel && v.Seat == v.Dealer {
		// The dealer speaks last in the dialogue: nobody is left to ask.
		return "claim better than the claim that stands; you speak last"
	}
	if a.Kind == rules.Length && !duel && !v.LengthAsked() {
		return lengthClaim
	}
	if w, ok := sequenceWords[a.Kind]; ok {
		if duel {
			return w[0]
		}
		return w[1]
	}
	switch a.Kind {
	case rules.Pass:
		switch {
		case v.Phase == rules.PhaseDeclare:
			return "declare nothing: everyone is asked, so it tells nothing"
		case v.Phase == rules.PhaseBid2 && v.Seat == v.Dealer && duel:
			return "name no suit; with both passing twice the deal is thrown in"
		case v.Phase == rules.PhaseBid2 && v.Seat == v.Dealer:
			return "name no suit; with everyone passing twice the deal is thrown in"
		case v.Phase == rules.PhaseBid2 && v.Options.DealerForced && rules.SeatAfter(v.Seat, 1, v.Players) == v.Dealer:
			// Everyone before has passed: the dealer, next, may not.
			return "name no suit; " + next + ", the dealer, must then name one"
		case v.Phase == rules.PhaseBid2:
			return "name no suit; " + next + " may name one"
		case v.Phase == rules.PhaseBid1 && v.Seat == v.Dealer:
			// The dealer speaks last in round one: nobody is left to
			// take the upcard's suit.
			return "refuse " + upName + " too: round two follows, for another trump"
		}
		if duel {
			return "leave " + upName + " to the other player"
		}
		return "leave " + upName + " to the next player"
	case rules.Take:
		switch v.Players {
		case 3:
			return "make " + upName + " trump as maker: outscore each other player"
		case 4:
			return "make " + upName + " trump: your side must outscore the other side"
		}
		return "make " + upName + " trump as maker: outscore the other player"
	case rules.Schmeiss:
		return "offer to throw in; if refused, you are the maker with " + upName
	// The answer's label says it throws in or plays (ActionLabel): the
	// line under it says only what follows.
	case rules.Accept:
		return "nobody scores and the deal passes"
	case rules.Refuse:
		return "the other is the maker with " + upName
	case rules.Name:
		if a.Suit == rules.NoTrumps {
			return "be the maker with no trump: each suit ranks A 10 K Q J 9 8 7"
		}
		return "make " + g.SuitName(a.Suit) + " trump and become the maker"
	case rules.Exchange:
		return "swap your 7 of trump (the dix) for the upcard " + g.CardText(v.OrigUpcard)
	case rules.NoExchange:
		return "keep your cards; the upcard stays where it is"
	case rules.NoSequence:
		// The dealer speaks last: after it nobody may claim.
		switch {
		case v.Seat == v.Dealer:
			return "say none: nobody then scores sequences"
		case duel:
			return "say none: the other may announce one and score sequences"
		}
		return "say none: the others may announce one and score sequences"
	case rules.Announce:
		what := "your best sequence has three cards"
		if a.N == 50 {
			what = "your best sequence has four or more cards"
		}
		// With three or four of a kind on, the best meld may be a set,
		// which has no run of cards to speak of.
		if v.OwnBest().Set {
			what = "your best set is three of a kind"
			if a.N == 50 {
				what = "your best set is four of a kind"
			}
		}
		if a.N == 20 && v.OwnBest().Value() == 50 {
			// Less than the best: the rules allow it, to give less away.
			what = "the twenty only, the fifty kept quiet"
		}
		if v.Seat == v.Dealer {
			return what + "; last to speak, you win"
		}
		return what + "; " + next + " answers"
	case rules.Shlomo:
		return "draw one from the player on your left, give one back"
	case rules.Cleopatra:
		return "you and your partner swap a card face down"
	case rules.Give:
		return "give this card face down; only the two of you see it"
	case rules.PlayCard:
		switch a.Announced() {
		case rules.MenagePoints:
			return fmt.Sprintf("play it and say menage: %d for king, queen and jack of trump", rules.MenagePoints)
		case rules.BellaPoints:
			return fmt.Sprintf("play it and say bella: %d points for the king and queen of trump", rules.BellaPoints)
		}
	}
	return ""
}

// sequenceWords explain the answers to a sequence claim: with two
// players, then at a table.
var sequenceWords = map[rules.Kind][2]string{
	rules.Good: {"concede: the other's sequences score, yours do not",
		"give way to the claim that stands; you may not claim later"},
	rules.NotGood: {"yours is better: your sequences score, the other's do not",
		"claim better than the claim that stands; later players may ask"},
	rules.HowHigh: {"equal value: compare the top cards of the two sequences",
		"equal value: ask the top card of the claim that stands"},
	rules.Top: {"the top card of the sequence you announced; the other answers",
		"the top card of the sequence you claimed; the asker answers"},
	rules.Same: {"equal top card; a trump sequence wins, else the non-dealer's",
		"equal top card; a trump sequence wins, else the claim that stood"},
	rules.HowMany: {"equal value: compare the lengths of the two sequences",
		"equal value: ask the length of the claim that stands"},
	rules.Length: {"the length of the sequence you announced; the other answers",
		"the length of the sequence you claimed; the asker answers"},
}

// lengthClaim explains a length said unasked at a table: a fifty longer
// than the length told claims the right over it.
const lengthClaim = "longer than the length told: you claim the right"
