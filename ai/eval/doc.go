// Package eval scores every legal action of a decision by Monte Carlo
// over the cards the deciding seat cannot see. It is the judgement of the
// hard bot, of the bidding trainer and of the replay analysis, so that
// "what the hard bot would choose" is the best option those show.
//
// Evaluate draws deals consistent with the view, applies every legal
// action to each (every action sees the same samples, so differences
// between actions are measured far more precisely than their values),
// finishes each deal and scores it by the rules. Result.Mean is the
// expected score difference of the deciding seat's side: own minus the
// opponent's with two players, the team's minus the other team's with
// four, own minus the mean of the two others' with three (so a made 100
// against two who score 0 is +100, as with two).
//
// # Two players
//
// Deals come from package sampler. Before the card play the decisions
// after the action, up to the first lead, follow a fixed policy for both
// players (policy.go: the bids by package handvalue's Solved models), and
// the card play is solved exactly (package solver); in the card play the
// solver values every card. Samples are weighed by an opponent model
// (opponent.go): how likely the opponent's bids, dix and dialogue were
// with its cards in the sample and, with Options.Model, its cards so far.
//
// Solving with every card known flatters a contract, the more so the
// more its play depends on guessing. Method Corrected, the default,
// takes a fitted amount off each sampled deal's score difference, by
// phase and by who ends as maker (method.go); the figures behind it are
// in docs/experiments/2026-12-01-hard-bot-bids.md. Result.Win is the
// chance of winning the game from the totals the deal leaves, under the
// game's rules (Evaluator.WinChanceUnder); near the end of a game
// (UseWin) Best chooses by it.
//
// # Three and four players
//
// Deals come from sampler.Sampler.World. Every later decision but
// the cards is made by the normal table rule (package tablerule), each
// seat seeing only its own view. After a decision before the card play,
// the card play is played out by the same rule. After a card, from the
// first trick on, it is played with every card known along a line of
// best play (solver.TableSolver.Line: the deciding side taking the most
// card points, the others leaving it the fewest; with three players the
// two others play as one against it, as the hard table bot searches); a
// world whose solve reaches the node limit (rare) is played out by the
// rule. A card of the first trick costs a whole deal solved for each
// legal card in every sample (BenchmarkEvaluateTableLead4). Every sample weighs
// alike. Result.Win is the deciding side's chance of winning the game
// from the totals the deal leaves (Evaluator.WinChanceUnder: with four
// players the two teams deal in turn as two players do; with three a
// model over the three totals and the rotating deal, each on deal
// outcomes of the normal table rule's play under the game's rules); near the end of a game (UseWin, any side near the
// target) Best chooses by it.
//
// # Reproducibility
//
// The same view, sample count and seed give the same Evaluation whatever
// the number of workers: sample i is drawn from its own generator seeded
// by (Seed, i), and results are summed in sample order. A context that
// ends early stops the sampling; the samples finished by then are
// summarised (Evaluation.Samples says how many). The hard bot evaluates
// with SamplesFor(view, budget) samples and SeedFor(botSeed, view).
package eval
