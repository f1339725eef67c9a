// Package match plays two bot levels against each other on duplicate
// decks and whole games, at a table of two, three or four, and reports
// who is stronger with the uncertainty of the estimate.
//
// A duplicate deck is dealt once for every seating of the table: the
// levels swap seats at two players; at four the team of A sits in seats
// A and C, then in B and D; at three A sits alone against two B, then
// two A against one B, each in the three rotations. Every level sits in
// every seat of every deck, so the luck of the cards cancels out of the
// deck's figure. A deal's margin is rules.Score.Margin of the side one
// level holds alone (own minus the mean of the others), counted for A;
// a deck's margin is the mean over its seatings, and the report gives
// its mean over decks with a 95% interval. A game to the target is
// played the same way, once in every seating, on the same first dealer,
// decks and chance draws.
//
// Everything but the decision times follows from the match seed: deck
// i's cards, dealer and bot seeds come from (seed, i), game j's from
// (seed, j), whatever the number of workers. A seat's bot seed follows
// the deck (or game) and the seat, not who sits there, so the seatings
// of a deck differ only in who sits: a level against itself scores
// exactly zero. Each deal gets fresh bots.
//
// Calibrate checks the hard bot's predictions of its decisions before
// the card play against what the deals then bring (calibrate.go).
package match
