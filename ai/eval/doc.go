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
// Issue 16 measured the bias (klob match -calibrate, package
// internal/study/match): over thousands of the hard bot's decisions before the
// card play, each played out between two hard bots, the solved value of
// the option chosen was higher than what the deal brought, by several
// points a deal and most in round two. So the evaluation the hard bot,
// the trainer, the hint and the analysis share (Method Corrected, the
// default) takes a fitted amount off each sampled deal's score
// difference, by phase and by who ends as maker (method.go). The other
// candidates measured stay available as Options.Method for calibration
// runs: Solved (no correction, the evaluation before), Playout (the
// card play of every sample played out by a policy that sees only its
// own cards, the normal bot's; three times the cost) and Fitted (the
// bids of round two valued by a fit of what such bids brought in play,
// honest.go).
//
// # What the correction does and does not buy
//
// The correction makes the predictions honest on average; it does not
// make the bids much better. Calibration of the option chosen (klob
// match -calibrate -budget 60; error = predicted minus realised score
// difference, points a deal, 95% interval), before the dix and
// dialogue refit, seed 6, 2000 deals: round one -0.9 [-3.1, +1.4] over
// 3592 decisions, schmeiss answer -2.2 [-28.9, +24.5] over 21, round
// two +1.5 [-1.5, +4.4] over 1589, dix +5.5 [+0.0, +10.9] over 474,
// dialogue +1.9 [-1.3, +5.2] over 1267, all +0.6 [-0.9, +2.1] over
// 6943. The final evaluation on four seeds none of its amounts was
// fitted on (7, 31, 32 and 33; 7945 deals), pooled: round one -0.1
// [-1.3, +1.1] over 14380 decisions, round two +1.2 [-0.4, +2.7] over
// 6156, dix -0.9 [-3.6, +1.8] over 1924, dialogue -1.8 [-3.4, -0.2]
// over 5222, schmeiss answer -0.4 [-12.8, +12.0] over 77 (too rare to
// say), all -0.2 [-1.0, +0.6] over 27759. A single 2000-deal run is
// too short to judge a phase: round two gave +3.5, +2.5, +1.9 and -3.1
// on those seeds, each within about ±3. Once the bot read the
// opponent's card play, with the dialogue's amounts refitted on those
// four seeds (method.go), on four fresh seeds (34 to 37, 2000 deals
// each), pooled: round one +0.1 [-1.1, +1.2] over 14452 decisions,
// round two -1.3 [-2.8, +0.3] over 6102, dix +1.9 [-0.9, +4.7] over
// 1951, dialogue -0.9 [-2.5, +0.8] over 5205, schmeiss answer -1.4
// [-16.2, +13.4] over 74, all -0.3 [-1.0, +0.5] over 27784.
//
// Hard's bids against the normal bot's, both with hard's card play
// (klob match -a hard -b hard:bid=normal, fixed seed 16, 2000 duplicate
// deals): +0.0 [-1.1, +1.1]; hard against normal +8.4 [+7.1, +9.7].
// Since the hard bot reads the opponent's card play (Options.Model,
// opponent.go), on the same decks: hard against normal +11.9 [+10.6,
// +13.3] (+11.5 [+10.2, +12.8] reading only the cards played from more
// than three), its bids against normal's -0.2 [-1.3, +1.0]; reading
// every card, on 4000 decks of seed 16 (the first 2000 the same), hard
// against normal +12.2 [+11.3, +13.2], and on 2000 its bids against
// normal's -0.1 [-1.3, +1.0] (hard takes 49% of deals and goes bete in
// 18% of those, normal's bids 40% and 16%). The aim of +12 is met on
// the longer run; that of +4 for the bids is not. Every candidate tried to change
// that was measured on the same 500 decks (seed 21; the last three
// stopped after 172 to 316): shrinking toward the normal bot's bid
// unless the evaluation's edge over it exceeds one standard error of
// the paired difference, +0.2 [-1.8, +2.3]; the normal bot's fitted bid
// models as the policy of the bids inside the samples, +1.1 [-1.3,
// +3.5]; both, +0.9 [-1.2, +3.0]; a margin of 8 points a deal asked of
// becoming maker, +0.8 [-2.2, +3.8], and of 15, -0.4 [-3.6, +2.8] (hard
// then takes less often than normal, 37% of deals against 46%); four
// times the samples of every bid (over the time budget), +0.4 [-3.8,
// +4.6]. None is kept.
//
// Why the aim of +4 looks out of reach for any bidder that sees only
// its own cards: counterfactual calibration runs (-counterfactual
// -dump, seeds 31 and 32, 2000 decks each) play every option of every
// bid out between two hard bots, so any way of bidding can be scored
// on them after the fact (TestFitHonest). Against the normal bot's
// choice at the same decisions, per deal of a match (95% interval about
// ±0.8 in round one, ±0.6 in round two):
//
//   - this evaluation: round one +0.3 and +0.3, round two -0.6 and -0.4;
//   - a least-squares fit of what each option brought on this
//     evaluation's figures and the hand's features (honest.go, fitted on
//     one run and scored on the other): round one -0.1 and +0.1, round
//     two +0.2 and -0.1;
//   - the best option in hindsight (which needs the hidden cards): round
//     one +22.8 and +23.2, round two +13.3 and +12.8.
//
// Every way of bidding from one's own cards lands within a point of the
// normal bot's; what the bidder that knows every card gains comes from
// the cards it cannot know (the opponent's hand and the three cards
// dealt after the bidding), not from a better reading of its own.
// The fit, made the hard bot's round-two bids (Method Fitted, weights on
// both runs), gave hard against hard:bid=normal -0.2 [-1.3, +0.8] and
// against normal +8.6 [+7.2, +9.9] (seed 16, 2000 decks), and on the
// same 2000 fresh decks (seed 33) erred in round two by -5.0 [-7.9,
// -2.1] where Corrected erred by -3.1 [-6.1, -0.2]: no better bids and
// no better calibration, so Corrected stays the default. Two changes to
// the card play's side were measured against normal on the same decks
// too, neither kept: 250 samples at the first trick instead of 100, +8.4
// [+7.1, +9.8]; a sharper opponent model (bidTemperature 12 instead of
// 25), +8.4 [+7.1, +9.8].
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
// EvaluateTable does the same for a decision at a rules.Deal: every
// kind of it (the round-one and round-two bids, no trumps, the shlomo
// and cleopatra declarations and the cards given in them, the dix
// exchange, each word of the sequence dialogue, each card). It draws
// whole deals the deciding seat cannot tell from the real one
// (sampler.TableSampler.World), applies each legal action on each, and
// finishes the deal:
//
//   - every decision after it but the cards is made by the normal table
//     bot's rule (package tablerule), each seat seeing only its own view
//     (an honest player, as issue 16 asks: no seat bids knowing the
//     others' cards);
//   - the card play is played out by the same rule, except when few
//     cards are left (at most 15 in play with three players, 16 with
//     four: five and four a hand): then it is played with every card
//     known, the deciding seat's side taking the most card points the
//     solver finds and the others leaving it the fewest (with three
//     players the two others play as one against it, as the hard table
//     bot searches). Earlier, solving every move of every sample costs
//     seconds a decision.
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
// hard table bot bids Results[Best] of EvaluateTable with
// TableSeedFor(botSeed, view) as seed (its cards come from its own
// search, its other words from the normal rule).
// Reproducibility and cancellation are as for Evaluate: sample i's world
// comes from (Seed, i) and its chance steps (a shlomo draw) from its own
// stream, the same for every action.
package eval
