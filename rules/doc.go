// Package rules is the Klaberjass engine for two, three or four players:
// cards, the deal, bidding, the dix exchange, the shlomo and cleopatra
// declarations, the sequence dialogue, trick play, bella and the menage,
// scoring and the game to the target, exactly as docs/rules.md states
// them. It
// imports only the standard library, does no I/O, keeps no global state
// and has no randomness of its own: Shuffle takes an injected *rand.Rand,
// a deal is driven by an explicit Deck, and a chance step (the card a
// shlomo declarer draws) is drawn by the caller.
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
// Deal is one deal for opts.NumPlayers() players, a value with no
// pointers: assigning it clones it. Legal returns the actions of the
// seat to move in every phase; Apply takes one and refuses an illegal
// one with an *IllegalError that says why in a player's words ("you must
// follow hearts"), leaving the deal unchanged; its Err is one of the Err
// values, for errors.Is. An action that sets fields its kind does not use
// (a pass with a card) is refused as ErrMalformed, so the history holds
// only actions that String and ParseAction round-trip. ApplyUnchecked
// and the Play value (Play.Legal, Play.Move) are the cheap,
// allocation-free paths for search; Play.Playout finishes the card play
// at random for Monte Carlo search, and Play.Pick makes the same choice
// one card at a time. Duel is the same card play packed for two players,
// the two-player solver's form (Play.Duel). Order is the searches'
// numbering of the cards by trick-taking power, with the rule of which
// cards may follow (Order.Follow) and who takes the trick (Order.Beats)
// stated in it, tested against Play.Legal and TrickWinnerOf.
//
// View(seat) is what that seat may know; bots see only Views.
// View.Complete rebuilds a full deal from a guess at the hidden cards by
// replaying the public history, and refuses a guess that contradicts
// anything the view shows (a word said, a meld shown, who won the
// sequence right). View.CannotHold reads what the card play shows a
// seat lacks, View.MeldBound what the dialogue and the melds shown
// reveal of a seat's best meld.
//
// ScoreDeal is the one statement of the scoring rules: a Deal scores
// itself with it, and bots score the deals they imagine with it. Game
// plays deals to the target: it passes the deal to the left
// (NextDealer), abandoned deals included, applies SideWinner after every
// deal and records every finished deal (Records). A side is a seat with
// two or three players and a team (seat mod 2) with four; Score has
// per-seat lines and per-side totals, and the contract is decided by
// ContractOutcome.
//
// Seats are A, B, C, D clockwise; eldest, on the dealer's left, is
// dealer+1: it speaks first in every round and leads to the first
// trick. With two players eldest is the non-dealer.
//
// # Tests
//
// The tests are named after the rules they check
// (TestBiddingSchmeiss, TestPlayOvertrumpWhenTrumpLed...).
// TestRandomGames plays 30,000 random games per seat count (-games=N for
// more) against the invariants; TestRandomGamesMatchRecord checks 10,000
// random games per seat count, every option drawn, against a digest of
// the legal lists and scores recorded before the two-player and table
// engines became one; TestKperft and TestKperftSeats count the legal
// card-play sequences of fixed deals two ways against golden files
// (-update rewrites them); the Fuzz targets drive Apply and every parser.
//
// # Choices where the rules are silent (docs/rules.md section 17)
//
//   - The dix exchange asks each player in turn from eldest: "exchange"
//     (only with the 7 of trump) or "no exchange"; an exchange ends it.
//     Asking the players without the 7 too means "no exchange" reveals
//     nothing.
//   - In the sequence dialogue a player announces the value of the best
//     meld held, or "no sequence"; with a 50 it may open with a 20 it
//     holds too (docs/rules.md: never a value above the best), and the words
//     after it are of that 20. Only a meld held may be announced (a run
//     of four is one 50, not a 20). Later claims are the claimant's best
//     meld. Length and top card are always told truthfully. A player may
//     always concede with "good".
//   - The sequence right is decided on the hands after the dix exchange
//     and the declarations. The winner's melds are shown (public) once
//     the first trick ends.
//   - Bella is a flag on the card play: "play KH bella" with the second
//     of K and Q of trump, by the player who played the first.
//   - Totals equal at or over the target after a deal: play continues.
//
// The deck is dealt in this order (deckSeat): three cards each from
// eldest, twice; then with two or three players the upcard, and after
// the bidding three more each from eldest, the last card of the deck
// being the bottom card; with four players the last card of the deck is
// the upcard (the last of the eight kept back) and after the bidding
// the 25th to the 31st card (places 24 to 30) go two each from eldest,
// the maker taking one and the upcard. Everyone knows the maker holds the upcard until it is played.
// There is no bottom card with four: every card is dealt.
//
// Bidding, in turn from eldest: round one "pass" or "take" (and
// "schmeiss" with two players only); round two "pass" or "name S", one
// of the suits other than the upcard's, and with four players also
// "name NT" (no trumps), the dealer also the upcard's suit. Everybody
// passing twice abandons the deal. With dealer_forced the dealer, who
// speaks last in round two, is not offered "pass".
//
// The dix exchange (two or three players, trump the upcard's suit, the
// upcard not the 7): each player in turn from eldest says "exchange"
// (only with the 7 of trump) or "no-exchange"; an exchange ends it.
//
// # The sequence dialogue with more than two players
//
// The words are the two-player words. One pass round the table from
// eldest; each player speaks once as the challenger (the claimant answers
// questions in between). The claim standing is what the table has heard
// of the best meld so far: its value, and its length and top card once
// asked. The challenger's best meld is compared with it in the order of
// section 5 (value; with sequence_rank=length the number of cards of a
// 50; top card; trump) and the challenger may say:
//
//   - with no claim standing: "announce 20" or "announce 50" (the value
//     of its best meld, or a 20 held below a 50) or "no-sequence";
//   - "good": it concedes, and cannot claim later (offered whenever a
//     claim stands);
//   - "not-good": its meld is better at the point the words have
//     reached: over a claim whose value alone is known, a 50 over a 20;
//     after a length told, longer; after a top told, higher. It becomes
//     the claimant; the table knows the new claim's value and what was
//     equal, nothing more, so a later challenger asks again;
//   - over a claim whose length or top was told already (to an earlier
//     challenger), a better meld that is not better at that point says
//     what it is better by, so that "not-good" is never ambiguous: a 50
//     over a 20 says "announce 50"; a longer 50 says "length N", its
//     length;
//   - "how-many" (sequence_rank=length, both 50, length not told): the
//     claimant says "length N" and the challenger answers "good",
//     "not-good" (longer) or, at equal length, "how-high";
//   - "how-high" (equal so far, top not told): the claimant says
//     "top R" and the challenger answers "good", "not-good" (higher) or
//     "same";
//   - "same" (equal value, length and top): the meld in trump wins (two
//     cannot both be), else the claim standing, the one nearer eldest.
//     The claimant after it is public, so the table learns no more than
//     whether the challenger's meld is in trump.
//
// When every player has spoken, the last claimant's side wins the right.
// With two players this is the two-player dialogue word for word. With
// four, "good" to a partner's claim keeps it for the team: a player never
// needs to claim over its partner, but may, to show a better meld the
// opponents still to speak must beat. Teammates do not overrule each
// other: the team with the right scores the melds of both partners, and
// both show them after the first trick. A side that takes no trick scores
// no melds (melds_need_trick). With no trumps no meld is in trump, so a
// full tie goes to the claim standing.
//
// # Trick play and scoring
//
// Every later player follows suit; to a trump lead it beats the highest
// trump in the trick if able; void in the led suit it trumps if able,
// beating any trump already in the trick if able, else with a lower
// trump; else any card. There is no release when one's partner is
// winning the trick. With no trumps every suit ranks A 10 K Q J 9 8 7
// with plain card points (J 2, 9 0), a void player plays any card, and
// there is no bella. Two and three players play nine tricks, four play
// eight (152 + 10 points, 120 + 10 with no trumps).
//
// The maker's side must score more than each other side: made, every
// side scores its own total; equal to the best other side, the maker's
// side scores nothing; less (bete), the maker's side scores nothing and
// with two sides the other scores both totals, with three each opponent
// scores its own plus half the maker's, rounded down, the odd point to
// the opponent with the higher total, else to the one nearer eldest.
//
// # House variants (section 15)
//
//   - of_a_kind: three of a kind 20, four of a kind 50, of any rank. A
//     set's top card is its rank, and it is "in trump" when it holds the
//     trump of its rank; it is ranked, announced, told ("length 4",
//     "top Q") and shown like a sequence. A card may count in a run and
//     a set at once.
//   - menage: K, Q and J of trump held when play begins score 50 in
//     place of bella, announced like bella with the last of the three
//     played: "play JH menage". A holder never announces bella. When K,
//     Q and J are exactly a three-card run, that run is the menage and
//     not a sequence (it is not announced in the dialogue); when a
//     longer run holds them, the run stays a sequence and counts in full,
//     and the menage replaces only bella.
//   - dealer_forced: see the bidding; bimah adds 40 to the side of a
//     forced dealer who makes the contract (Score.Bimah, outside
//     the totals compared).
//   - shlomo (three or four players) and cleopatra (four): declared in
//     PhaseDeclare before the first bid, shlomo's round first. Every
//     player in turn from eldest is asked, so that "pass" tells nothing:
//     "shlomo" or "cleopatra" when it holds the cards, or "pass". Shlomo
//     is judged on the six cards as dealt: a card received in an earlier
//     shlomo does not make one, a card lost to a draw does not unmake
//     one. Cleopatra is settled after shlomo, on the hands as they are
//     when its round opens (after every shlomo swap, before any
//     cleopatra swap). Each declaration scores 20, in the
//     declarer's total (Score.Declared). The card a shlomo declarer
//     takes at random from its left is a chance step: Turn returns
//     ChanceSeat and Legal lists "draw C" for each card of that hand; the
//     driver picks one uniformly with the game's random source (the
//     engine has none). Then the declarer gives any card: "give C". A
//     cleopatra declarer gives its partner a card face down, "give C",
//     the partner gives one back without seeing it, and the two change
//     hands together. Only the two players concerned see these cards;
//     the others' views read "draw --" and "give --", and
//     View.Complete chooses cards for them that fit the history.
//     Melds, sets and bella are found on the hands after the exchanges.
//     With too few players the option is ignored.
package rules
