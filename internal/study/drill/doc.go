// Package drill is the bidding trainer's engine (`klob train`): it draws
// bidding situations from a seed, evaluates every legal option of one,
// grades the player's choice against the evaluation, and keeps the
// player's record across sessions.
//
// # Situations
//
// A Situation is one bidding decision: the six cards held, the upcard,
// who deals, every word said before the player's turn (a schmeiss to
// answer, a round one passed by both) and the game totals against the
// target. The player is always seat A. Situation.View builds the
// player's rules.View from it, checking that it can happen at a table.
// Situation.String writes the text form `klob train -eval` reads with
// Parse:
//
//	hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430 target=500
//	hand=... up=... seat=dealer said=schmeiss
//	hand=... up=... seat=dealer round=2 said=pass
//
// A Generator makes the n-th drill of a seed: a shuffled deck dealt by
// rules.NewDeal, the bidding before the player's turn spoken by the
// normal bot for both seats, at a score drawn from the start, the middle
// or the end of a game. Filter (-only) restricts the kind of decision
// (round1, round2, schmeiss) or the seat (dealer, elder).
//
// # Tables of three and four
//
// A TableSituation is one decision before the card play at a rules.Deal
// of three or four players (`klob train -players 3|4`): the deck, the
// dealer, every step before the player's turn and the totals by side.
// The player is seat A ("you"); the others are named as the table names
// them, West on the left (the next to speak), North across (the partner
// with four) and East. A TableGenerator deals from a seed and lets the
// normal table bot (ai.NewTableBot) speak for every seat until the
// player decides: a shlomo or cleopatra declaration or the card given
// after one (house variants), a round-one bid, a round-two bid (naming a
// suit, no trumps with four, the dealer's obligation with
// dealer_forced), the dix (three players), or a word of the sequence
// dialogue. Only the player's TableView is shown or evaluated; the
// deck makes a kept mistake reproducible (TableSituation.String and
// ParseTable):
//
//	players=3 dealer=B score=120-40-300 target=500 said=pass,name:H deck=7C,KS,...
//
// A table drill is evaluated by a TableEvaluator (eval.EvaluateTable,
// the hard bot's evaluation at tables) in the same batches, graded with
// the same thresholds and words, and counted in Stats.Tables under its
// seat count ("3", "4"), apart from the two-player record, which stays
// where it always was so that records from before tables still read.
//
// # Evaluation
//
// Evaluate runs ai/eval (Monte Carlo over the hidden cards, the same
// samples for every option, the later bids by eval's fixed policy and
// the card play solved exactly, less the bias of that fitted on played
// deals: eval.Corrected, the hard bot's own evaluation) in Batches pieces of the samples, each
// on its own seed derived from the evaluation's. The pieces give the
// trainer a progress count and a point to stop at; a Tally pools them
// into one Analysis (the same means, errors and chances eval reports)
// and measures the error of the difference between two options from the
// spread of the per-piece differences. Because every option is scored on
// the same samples, that paired error is the right yardstick for "is
// this option really worse", and it is often much smaller than either
// option's own error.
//
// # Verdicts
//
// The best option is eval's (eval.Best: the hard bot's choice, by the
// expected score difference, or near the end of a game by the chance to
// win it). Another option is "as good within the error" when it trails
// the best by at most two standard errors of the paired difference, or
// by less than a point (half a percent of the chance to win); otherwise
// it is a mistake that costs the difference in points (or in the chance
// to win the game, near the end).
//
// # The record
//
// Stats counts drills, correct answers (best or as good) and the points
// and win chances the mistakes cost, in all and by kind of decision, and
// keeps the last MaxMistakes mistakes for review. StatsFile keeps it as
// JSON in the state directory (train.json beside the saved game), written
// atomically by internal/platform/durable (temporary file, fsync, rename,
// directory fsync) and re-read
// before each write, so two sessions add up instead of overwriting each
// other. A file that cannot be read is moved into damaged/ and reported
// with a *DamagedError (durable's, the same as the save store's), never
// written over. StatsFile.FS lets tests make each step of a save fail.
package drill
