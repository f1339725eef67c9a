// Package analysis grades the decisions of a recorded game the way a
// chess engine reviews a game: for each action a player took, the hard
// bot's evaluation (package ai/eval) from that player's information only
// says what the action was expected to cost against the best one.
//
// One analysis serves two, three and four players. At every step of
// every deal the deal is rebuilt as it stood (gamelog.ReplayDeal.At),
// the View of the seat that acted is taken, and eval.Evaluator.Evaluate scores
// every legal action on the same sampled deals, drawn consistently with
// everything that seat knew. The score of an action is the expected
// score difference of the seat's side for the deal (eval.Result.Mean):
// with two players its points minus the opponent's, with three its
// points minus the mean of the two others', with four its team's minus
// the other team's. Bids, declarations, the dix, the dialogue and cards
// are graded alike, so a card that hands the opponent 20 points costs
// 40, and one that turns a made deal into a bete costs what the bete
// costs.
//
// The seats graded are those a person played (level human), or every
// seat with Options.AllSeats or in a game of bots only. A step of
// another seat, and a chance step (a shlomo draw), is NotGraded.
//
// The loss of a decision is the best action's score minus the chosen
// one's, never negative. A decision with a single legal action is
// Forced. The grading is the hint's and the trainer's (drill's
// Tally.Analysis): the best is the hard bot's choice (eval.Best), near
// the end of a game ranked by the chance to win the game, and a choice
// is graded there by the worse of its loss in that chance and its loss
// in points, each counted beyond its error. The hint during a game asks
// Evaluate, the evaluation a decision is graded by here, with the
// default seed: the hint and the analysis give one decision one ranking
// and one grade.
//
// The evaluation is a Monte Carlo estimate: two equally good actions may
// differ by a few points. Each decision is evaluated in batches on seeds
// of their own; the spread of the batches gives the standard error of a
// loss (paired: the actions share the samples), which the report prints
// ("loses 24.7 ± 6.0"), and a loss within two of them is no loss: the
// decision is good. Below InaccuracyAt a decision is good too. At three and
// four players a card, from the first trick on, is graded by the exact
// search: the rest of each sampled deal's card play is solved, as at two.
// A decision before the card play is graded more coarsely than at two,
// since the card play after it is played by the normal table bot's rule
// rather than searched, so the same samples leave a wider spread.
//
// Samples per decision follow the phase (SamplesFor); decisions are
// spread over the cores, one evaluator each, and the report depends only
// on the log, the samples and the seed, never on the number of workers.
// The measured cost and spread of the grades are in
// docs/experiments/2026-12-01-analysis.md.
package analysis
