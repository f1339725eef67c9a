// Package eval scores every legal action of a decision by Monte Carlo
// over the cards the deciding seat cannot see. It is the judgement of the
// hard bot, of the bidding trainer and of the replay analysis, so that
// "what the hard bot would choose" is the best option those show.
//
// # How an action is scored
//
// With two players, Evaluate draws deals consistent with the View
// (package sampler: the opponent's hand, the cards still to be dealt,
// the bottom card, the stock). On each sampled deal it takes every legal
// action in turn:
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
// that sample, and, with Options.Model, its cards so far under a model of
// its card play (the hard bot, the hint and the analysis use the normal
// bot's play). Options.Uniform turns both off.
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
// The solver's bias (measured by klob match -calibrate: the solved value
// of the option chosen was several points a deal above what the deal
// brought when played out between two hard bots, most in round two) is
// corrected by a fitted amount taken off each sampled deal's score
// difference, by phase and by who ends as maker (Method Corrected, the
// default; method.go). The other methods stay for calibration runs:
// Solved (no correction), Playout (the card play of every sample played
// out by the normal bot's policy; three times the cost) and Fitted (round
// two valued by a fit of what such bids brought, honest.go). The
// measurements behind these choices, and why the hard bot's bids gain
// nothing measurable over the normal bot's, are in
// docs/experiments/2026-12-01-hard-bot-bids.md.
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
//
// # Tables of three and four players
//
// At three and four players Evaluate does the same for every kind of
// decision
// (the round-one and round-two bids, no trumps, the shlomo
// and cleopatra declarations and the cards given in them, the dix
// exchange, each word of the sequence dialogue, each card). It draws
// whole deals the deciding seat cannot tell from the real one
// (sampler.TableSampler.World), applies each legal action on each, and
// finishes the deal:
//
//   - every decision after it but the cards is made by the normal table
//     bot's rule (package tablerule), each seat seeing only its own view
//     (an honest player: no seat bids knowing the others' cards);
//   - after a decision before the card play, the card play is played
//     out by the same rule;
//   - after a card, from the first trick on, the card play is played
//     with every card known: the deciding seat's side taking the most
//     card points the solver finds and the others leaving it the fewest
//     (with three players the two others play as one against it, as the
//     hard table bot searches), along a line of best play
//     (solver.TableSolver.Line). A world whose solve reaches the node
//     limit (rare) is played out by the rule. A card of the first trick
//     at four players costs about 20 ms a sample on one core (a whole
//     deal solved for each legal card, BenchmarkEvaluateTableLead4), 2
//     ms at three; with four cards a hand, well under 1 ms.
//
// The deal is scored by the rules (rules.Score.Scored, bimah
// included) and Result.Mean is the expected score difference for the
// deciding seat's side:
//
//   - four players: its team's score minus the other team's;
//   - three players: its own score minus the mean of the two others'.
//     Each player plays for itself, and a point taken from either
//     opponent is worth the same; the mean keeps the scale of a
//     two-player difference (a made 100 against two who score 0 is
//     +100), and is zero when all three score alike.
//
// Result.Points is the same difference on card points alone (tricks and
// last-trick bonus); Makes is the chance that the seat's side ends as
// maker, Defends that another side does, Bete that the seat's side is
// maker and bete. Win is not modelled at tables (zero), every sample
// weighs alike (no opponent model) and Best is the highest Mean: the
// hard table bot bids Results[Best] of Evaluate with SeedFor(botSeed,
// view) as seed (its cards come from its own search, its other words
// from the normal rule).
// Reproducibility and cancellation are as for Evaluate: sample i's world
// comes from (Seed, i) and its chance steps (a shlomo draw) from its own
// stream, the same for every action.
package eval
