// Package sampler draws the cards one seat cannot see, uniformly among
// every assignment consistent with what its rules.View reveals, so a bot
// can search full deals that it cannot tell from the real one.
//
// What a View reveals is the rules' answer (rules.View.CannotHold for the
// card play, rules.View.SequenceBound for the dialogue and the shown
// sequences); the sampler only uses it. The facts, and how each is used:
//
//   - cards seen (own hand, cards played, the upcard, the bottom card, the
//     dix exchange, shown sequences): never drawn (View.Unseen);
//   - cards the opponent must hold (the upcard it took with the dix, shown
//     sequence cards not yet played: View.OppKnown): always in its hand;
//   - the card play: a card that does not follow the led suit shows a void
//     in it; a plain card on a plain lead of another suit shows no trump
//     either; a non-trump on a trump lead shows no trump; a lower trump on
//     a trump lead shows no trump above the led one. Each holds for the
//     opponent's hand at that moment, which is its hand now plus the cards
//     it played since, so it forbids unseen cards to its hand now;
//   - the sequence dialogue, on the opponent's hand when the dialogue was
//     held (its hand now plus every card it played): the value, length and
//     top it announced are those of its best sequence; "not good", "how
//     high?", "how many cards?" and "same" bound its best sequence against
//     ours; "good" and "no sequence" reveal nothing (both are always
//     allowed). Once the winner of the right has shown, the shown cards
//     are exactly the cards of its sequences;
//   - the bidding and "no exchange" reveal nothing certain (any hand may
//     pass, take or keep the dix), so they do not restrict the draw.
//
// The forbidden cards are removed before drawing; the dialogue and shown
// sequences are checked on each draw and the draw repeated when they fail.
// When a trial run at New shows fewer than one draw in fifty passing, the
// Sampler lists every consistent hand once and draws from the list, so a
// rare announcement never costs long loops. Either way every consistent hand is equally
// likely, and the cards the opponent does not hold are dealt to the
// hidden deck places in a uniformly random order. Everything depends only
// on the View and the *rand.Rand given.
//
// # Tables of three and four
//
// TableSampler does the same for a rules.View: it draws every other
// seat's hand (TableSampler.Hands, what the hard table bot searches) or
// a whole deal the seat cannot tell from the real one
// (TableSampler.World, what eval.EvaluateTable plays on). What the view
// reveals is again the rules' answer: TableView.Known, CannotHold,
// MeldBound and, for the words that depend on the hands, a replay of the
// whole history through TableView.Complete. Hands are drawn by
// rejection, uniformly among those that fit; the bids are not weighted.
package sampler
