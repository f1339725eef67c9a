// Package claim decides whether a player may claim every remaining trick
// of a deal for its side: the player alone, or with four players the
// player and its partner.
//
// The check is exact. Every placement of the cards the player cannot
// see that its rules.View allows is tried: each other seat holds the
// cards it is known to hold, none that its play showed it cannot hold
// (voids, missing trumps), as many cards as it holds, and a best meld
// that fits the dialogue and the melds shown; the unseen cards left over
// are the stock. With four players the partner's hand is placed like
// the opponents': the claimer does not see it. For each placement a
// search with every hand open asks whether the side takes every trick
// against any play of the others (the side's seats play together). One
// placement where the others can take a trick refuses the claim, and
// that placement is the reason given. A claim is allowed only in the
// card play.
//
// The search is over whole tricks: once the side has won a trick one of
// its seats leads the next, so the answers at trick starts are
// remembered across the placements tried (they differ in a few cards,
// so their searches meet). Only tricks count, so a position is
// remembered by the order of its live cards and who holds each, and of
// a seat's cards that touch in that order one is searched.
//
// The work is bounded (Limits), never timed: a check whose placements
// would pass the limit is refused at once as too early (at three or four
// players, before the last four or five tricks), and one whose search
// passes its node budget is refused as too long, rather than guessed.
// At two players every point of the card play fits the limits.
//
// Next gives the card that keeps a claim good on the real deal (every
// hand known), so a claimed deal is played out to the end with legal
// moves and its log replays like any other.
package claim
