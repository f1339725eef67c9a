// Package rules is the Klaberjass engine, Deal for two players and
// Table for two, three or four (see the last sections): cards, deals,
// bidding, the dix exchange, the sequence dialogue, trick play, bella,
// scoring and the game to the target, exactly as ../shared/RULES.md
// states them. It imports only the standard library, does no I/O, keeps
// no global state and has no randomness of its own: Shuffle takes an
// injected *rand.Rand, and a deal is driven by an explicit Deck.
//
// # Values
//
// Suit, Rank, Card, Seat and Phase are small integer types with String
// methods. A Card is suit*8+rank with ranks in natural order (7 8 9 10 J
// Q K A), so a CardSet (uint32) holds each suit in one 8-bit lane and a
// sequence is a run of set bits. ParseCard reads "JS", "TS", "10S", "J♠"
// and lower case.
//
// # Driving a deal
//
// Deal is a value with no pointers: assigning it clones it. Legal returns
// the actions of the seat to move in every phase; Apply takes one and
// refuses an illegal one with an *IllegalError that says why in a
// player's words ("you must follow hearts"), leaving the deal unchanged;
// its Err is one of the Err values, for errors.Is. An action that sets
// fields its kind does not use (a pass with a card) is refused as
// ErrMalformed, so the history holds only actions that String and
// ParseAction round-trip. ApplyUnchecked and the Play value (Play.Legal,
// Play.Move) are the cheap, allocation-free paths for search;
// Play.Playout finishes the card play at random for Monte Carlo search,
// and Play.Pick makes the same choice one card at a time. View(seat) is
// what that seat may know; bots see only Views. View.Complete rebuilds a
// full deal from a guess at the hidden cards by replaying the public
// history, and refuses a guess that contradicts anything the view shows
// (a word said, a sequence shown, who won the sequence right).
//
// # Tests
//
// The tests are named after the rules they check (TestBiddingSchmeissRefusedByDealer,
// TestPlayOvertrumpWhenTrumpLed...). TestRandomGames plays 100,000 random
// games (-games=N for more) against the invariants; TestKperft counts the
// legal card-play sequences of fixed deals two ways against
// testdata/kperft.golden (-update rewrites it); the Fuzz targets drive
// Apply and every parser.
//
// Game plays deals to the target, alternating the dealer (abandoned deals
// pass the deal too), and records every finished deal (Records).
//
// # Choices where RULES.md is silent
//
//   - The dix exchange asks both players in turn, non-dealer first:
//     "exchange" (only with the 7 of trump) or "no exchange". Asking the
//     player without the 7 too means "no exchange" reveals nothing.
//   - In the sequence dialogue a player announces the value of the best
//     sequence held, or "no sequence"; a smaller value is not offered,
//     since the dialogue compares best sequences. Length and top card are
//     always told truthfully. The dealer may always concede with "good".
//     After "no sequence", the dealer may announce and so wins the right.
//   - The sequence right is decided on the hands after the dix exchange.
//     The winner's sequences are shown (public) once the first trick ends.
//   - Bella is a flag on the card play: "play KH bella" with the second
//     of K and Q of trump, by the player who played the first.
//   - Totals equal at or over the target after a deal: play continues.
package rules
