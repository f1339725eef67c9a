// Package analysis grades every decision of a recorded game the way a
// chess engine reviews a game: for each action a player took, the hard
// bot's evaluation (package ai/eval) from that player's information only
// says what the action was expected to cost against the best one.
//
// # What a grade means
//
// At every step of every deal the deal is rebuilt as it stood
// (gamelog.ReplayDeal.At), the View of the seat to act is taken, and
// eval.Evaluate scores every legal action on the same sampled deals: the
// hidden cards drawn consistently with everything that seat knew and
// weighed, as the hard bot weighs them, by how likely the opponent's bids
// and cards were (its cards under the normal bot's play,
// ai.PlayoutPolicy), the later decisions up to the first lead played by the evaluation's fixed
// policy, the card play solved exactly, and before the card play less
// the fitted bias of solving with every card known (eval.Corrected,
// issue 16). The score of an action is its
// expected score difference for the deal, the seat's points minus the
// opponent's (eval.Result.Mean): the measure the bidding trainer shows,
// used here for every decision, bids and cards alike. A card thrown away
// that hands the opponent 20 points therefore costs 40, and one that
// turns a made deal into a bete costs what the bete costs.
//
// The loss of a decision is the best action's score minus the chosen
// one's, never negative. A decision with a single legal action (the
// length or top card the dialogue asks for, a forced card) is not graded:
// it is marked Forced. Near the end of a game the hard bot itself chooses
// by the chance of winning the game (eval.UseWin); the analysis still
// grades in points, so a defensive choice there may show a small loss.
//
// The evaluation is a Monte Carlo estimate: two equally good actions may
// differ by a few points, and the hard bot, evaluating on other samples,
// may choose the one the analysis ranks second. Grade names leave room
// for that: below InaccuracyAt (4) points a decision is "good", from 4
// an inaccuracy, from MistakeAt (10) a mistake, from BlunderAt (20) a
// blunder.
//
// # Cost
//
// Samples per decision follow the phase (BidSamples, PrepSamples,
// PlaySamples; Options.Samples overrides them). Decisions are spread
// over the cores, one evaluator each; the result depends only on the
// log, the samples and the seed, never on the number of workers. A whole
// game to 500 of the hard bot against itself (209 steps, 144 graded)
// costs about 6.6 s of CPU (BenchmarkGame), so a few seconds on two
// cores; the per-seed spread of the grades measured on it is a few
// points per decision (see TestHardVsHardSmallLosses).
//
// # Tables of three and four
//
// A log of three or four players is graded the same way, every seat's
// decisions (the bids, no trumps, the shlomo and cleopatra declarations
// and the cards given in them, the dix exchange, each word of the
// dialogue, each card), each from the TableView of the seat that took it,
// by eval.EvaluateTable: the rest of each sampled deal played by the
// normal table bot's rule, the last tricks solved (see package eval).
// The score of an action is the expected score difference of the seat's
// side: with four players its team's points minus the other team's, with
// three its own minus the mean of the two others'. A shlomo draw is
// chance, nobody's decision: it is marked Forced and counted for no
// seat. Report.Players and DealReport.Players have an entry per seat;
// the text report names the players (with their team with four) and
// gives the deal results and the game by side, and the JSON report keys
// the totals and the winner by side: the seat letter, or "AC" and "BD".
// A grade at a table is coarser than at two: the card play after the
// decision is a plausible player's, not a search, so the same samples
// leave a wider spread.
package analysis
