// Package sampler draws the cards one seat cannot see, uniformly among
// every assignment consistent with what its rules.View reveals, so a bot
// can search or play out full deals that it cannot tell from the real
// one, at two, three or four players.
//
// What a View reveals is the rules' answer; the sampler only uses it:
//
//   - cards seen (own hand, cards played, the upcard, the bottom card, the
//     dix exchange, melds shown): never drawn (View.Unseen);
//   - cards a seat must hold (the upcard it took with the dix, shown meld
//     cards not yet played: View.Known): always in its hand;
//   - the card play (View.CannotHold): a card that does not follow the
//     led suit shows a void in it, a seat that could not trump shows no
//     trump, a lower trump on a trump lead shows no trump above the one
//     it had to beat;
//   - the dialogue and the melds shown (View.MeldBound): the value,
//     length and top of a seat's best meld, "not good", "how high?", "how
//     many cards?" and "same" bound it against ours; once a seat has
//     shown, the shown cards are exactly the cards of its melds;
//   - words whose truth depends on the hands (declarations, the dix
//     exchange, the dialogue): a whole world must replay every word said
//     through View.Complete and show the very same view;
//   - a shlomo or a cleopatra declared by another seat: the declarer
//     held one of the combination's patterns when its round opened, and
//     a card seen going into a hand that later gave a card unseen was
//     held there; the cards that changed hands since bound where those
//     cards may be now, and the draw respects that up front (swaps.go),
//     Complete checking the rest;
//   - the bidding reveals nothing certain, so it does not restrict the
//     draw (the hard table bot weighs worlds by it, outside the sampler).
//
// The draw is uniform over the whole deal, at every seat count: the
// unseen cards are grouped by which hidden seats may hold them, the
// number of deals is counted once per view (a sum over how many cards of
// each group each seat gets, of products of multinomials), and a deal is
// drawn with each such split by its share of the count, then the cards
// of each group dealt uniformly by the split. After a hidden shlomo or
// cleopatra, a witness of the declarations (a pattern for each and the
// seat of each of its unseen cards) is drawn first by its number of
// deals and the deal is kept with probability one over the number of
// witnesses it holds, which keeps every deal that fits equally likely.
// The meld bounds and the replay through Complete are rejection on top,
// which keeps the draw
// uniform among the deals that satisfy everything. When a trial run at
// New shows a seat's hands rarely fit (a long run with its top told),
// every fitting hand of that seat is listed once, and the first such
// seat's hand is drawn from its list, each hand by the number of deals
// of the other seats it leaves, so a rare announcement never costs long
// loops. The cards of no hand (the stock, the cards still to be dealt)
// are dealt to the hidden deck places in a uniformly random order.
// Everything depends only on the View and the *rand.Rand given.
package sampler
