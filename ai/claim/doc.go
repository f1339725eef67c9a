// Package claim decides whether a player may claim every remaining trick
// of a deal: the player's cards take every trick still to be played
// whatever the other hand holds.
//
// The check is exact. Every opponent hand consistent with what the
// player's rules.View reveals (ai/sampler lists them: the unseen cards,
// the voids shown in the play, the sequence dialogue) is tried, and for
// each one a search with both hands open asks whether the claimer can
// take every trick against any play of the other side. One hand where
// the other side can take a trick refuses the claim, and that hand is
// the reason given. A claim is allowed only in the card play.
//
// The search is over whole tricks: once the claimer has won a trick it
// leads every later one, so a position is the two hands alone, and the
// answers are remembered across the hands tried (hands differ in a few
// cards, so their searches meet).
//
// Next gives the card that keeps a claim good on the real deal (both
// hands known), so a claimed deal is played out to the end with legal
// moves and its log replays like any other.
package claim
