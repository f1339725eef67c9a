// Package duplicate is the core of duplicate Klaberjass: board sets
// dealt from a seed, the daily boards dealt from the date, a board's
// result from the person's seat, matchpoints and standings, the result
// file players share, and the daily history with its streak. It plays
// nothing: the play loop, par (the hard bot's result in the person's
// seat), the screens and the server build on it.
//
// # Board sets
//
// A board set (NewSet) is a numbered list of boards, each one deal: its
// dealer, its deck and a seed for what chance decides besides the cards
// (Board.BotSeed, the seed of the bot in each seat; Board.Chance, the
// shlomo draws). The set also fixes the rules (rules.Options, with the
// seat count), the bots' level in the other seats and the person's
// seat, the same on every board. A board is played as one deal
// (rules.NewDeal), not as part of a game to the target.
//
// Everything comes from a 128-bit Seed, words S0 and S1, by this rule:
//
//	g := the PCG generator of math/rand/v2 seeded NewPCG(S0, S1)
//	     (128-bit LCG, DXSM output; each draw below is one g.Uint64())
//	for board n = 1, 2, ..., count:
//	    dealer := uniform(players)        seat 0 = A, 1 = B, ...
//	    deck   := cards 0..31 in order    card = suit*8 + rank; suits
//	                                      clubs, diamonds, hearts, spades;
//	                                      ranks 7 8 9 10 J Q K A
//	              for i = 31 down to 1: swap deck[i] and deck[uniform(i+1)]
//	    seed   := g.Uint64()
//
// where uniform(n), a number in [0, n), is math/rand/v2's IntN: for n a
// power of two, g.Uint64() & (n-1); otherwise the high 64 bits of the
// 128-bit product g.Uint64()*n, drawing again while its low 64 bits are
// below (2^64 - n) mod n. deck[0] is dealt first (rules.Deck), so this
// is rules.Shuffle. A set of 8 boards is the first 8 of a set of 24 from
// the same seed.
//
// The set's ID is the first 8 bytes, in hex, of SHA-256 of this text
// (one line each, "\n" ended):
//
//	klob board set v1
//	players 3
//	rules <rules.Options.String()>
//	level normal
//	seat A
//	board 1 dealer B seed <16 hex digits> deck TD KH JC ... (rules.Deck.String)
//	... one line per board
//
// so two results are comparable when their set IDs agree: same cards,
// same dealers, same bots' seeds, same rules, same opponents' level,
// same seat. The text holds every deck and is never shown.
//
// # The daily boards
//
// Every day has DailyBoards (8) boards at each seat count, the same in
// every Klob (Daily, DailySpec). For the day D (the player's calendar
// date, written YYYY-MM-DD) and P players:
//
//	h     := SHA-256 of the ASCII text "klob daily v1 D players=P",
//	         for example "klob daily v1 2026-12-01 players=3"
//	S0    := h[0:8] read as a big-endian uint64, S1 := h[8:16] likewise
//	rules := rules.DefaultOptions() for P players (players=P, nothing else)
//	bots  := normal (DailyLevel), the person in seat A (DailySeat)
//
// and the boards are the board set of 8 boards of seed (S0, S1) above.
// testdata/daily.golden pins the boards of three days and
// TestDailyRuleByHand deals them again from this text alone. Changing
// any of it (the text, the level, the seat, the default rules, the
// shuffle) changes the boards, so it is "v1": a new rule takes a new
// text.
//
// # Results
//
// A board's result from the person's seat (Result: rules.Score.Margin) is the
// deal's score as the rules count it (rules.Score.Scored) for the
// person's side minus the other sides', averaged over them: with two
// players and with four (teams) the side's score minus the other's;
// with three the person's own score minus the mean of the two others',
// the difference the bots and the analysis maximise. Par is the hard
// bot's result from the same seat against the same bots (the bots take
// Board.BotSeed, so only the person's seat changes); the result versus
// par is the sum of result minus par over the boards (VersusPar).
//
// # Matchpoints
//
// Matchpoints scores every entrant's results on a set as bridge scores
// a pairs event, 2 for each other entrant beaten on a board and 1 for
// each tie, and ranks them by the percentage of the maximum over every
// board of the set; its doc gives the rule in full. A board that only
// some entrants played is factored to the field by the Neuberg formula,
// the way the WBF, the ACBL and the EBU score boards played fewer times:
// a sole top among 10 of 11 is 19.9 of 20; a board played by one entrant
// alone is an average.
//
// Compare scores result files of one set after checking each against
// the set.
//
// # Files
//
// The result file (ResultFile, ParseResultFile) is a small plain text
// of one player's results on one set: the date, the seat count, the set
// ID, the player's name, the Klob version that wrote it, and a line a
// board with the result, par and the deal's actions. It is not signed.
// The daily history (History, ParseHistory) is a line a day and seat
// count with the percentage; Streak counts the days in a row. FORMAT.md
// in this directory specifies both. The parsers read untrusted text:
// every refusal is a *ParseError with the line and what is wrong, sizes
// are bounded and names may hold no control characters.
package duplicate
