// Package eval scores every legal action of a decision by Monte Carlo
// over the cards the deciding seat cannot see. It is the judgement of the
// hard bot, of the bidding trainer and of the replay analysis, so that
// "what the hard bot would choose" is the best option those show.
//
// # How an action is scored
//
// Evaluate draws deals consistent with the View (package sampler: the
// opponent's hand, the cards still to be dealt, the bottom card, the
// stock). On each sampled deal it takes every legal action in turn:
//
//   - before the card play, the action is applied, the decisions that
//     follow up to the first lead (the other bids, a schmeiss answer, the
//     dix exchange, the sequence dialogue, for both players) are made by
//     a fixed policy (policy.go: a linear estimate of each hand's margin,
//     fitted on solved deals), and the card play is solved exactly
//     (package solver);
//   - in the card play, every card is valued by the solver.
//
// The deal is then scored as rules.Deal scores it (sequences, bella,
// made, tie or bete) and the action gets: the score difference for the
// deal (own minus opponent's), whether this seat went bete as maker, and
// the chance of winning the game from the totals it leaves (WinChance).
// Every action sees the same samples, so differences between actions are
// measured far more precisely than the actions' values.
//
// Samples are weighed by an opponent model (opponent.go): how likely the
// opponent's own bids, dix and dialogue choices were with its cards in
// that sample. Options.Uniform turns this off.
//
// # What it cannot know, and the correction
//
// The solver plays the rest of the deal as if both players saw all the
// cards. That overrates a side whose play would depend on guessing (the
// usual bias of sampling with perfect-information solving), and it makes
// every option look as if the rest were played perfectly by both. The
// fixed policy before the first lead is a plausible player, not the
// opponent itself. The game-win chance is a model (see WinChance).
//
// Issue 16 measured the bias (klob match -calibrate, package
// internal/match): over thousands of the hard bot's decisions before the
// card play, each played out between two hard bots, the solved value of
// the option chosen was higher than what the deal brought, by several
// points a deal and most in round two. So the evaluation the hard bot,
// the trainer, the hint and the analysis share (Method Corrected, the
// default) takes a fitted amount off each sampled deal's score
// difference, by phase and by who ends as maker (method.go). The other
// candidates measured stay available as Options.Method for calibration
// runs: Solved (no correction, the evaluation before) and Playout (the
// card play of every sample played out by a policy that sees only its
// own cards, the normal bot's; three times the cost).
//
// # Reproducibility
//
// The same View, sample count and seed give the same Evaluation,
// whatever the number of workers: sample i is drawn from its own
// generator seeded by (Seed, i), and results are summed in sample order.
// A context that ends early stops the sampling; the samples finished by
// then are summarised (Evaluation.Samples says how many).
//
// The hard bot calls Evaluate with SamplesFor(view, budget) samples and
// SeedFor(botSeed, view) as seed and plays Results[Best]; Best chooses by
// the expected score difference, or near the end of a game (UseWin) by
// the chance of winning it.
package eval
