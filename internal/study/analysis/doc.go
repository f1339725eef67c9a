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
// Forced. Near the end of a game the hard bot chooses by the chance of
// winning the game; the analysis still grades in points, so a defensive
// choice there may show a small loss.
//
// The evaluation is a Monte Carlo estimate: two equally good actions may
// differ by a few points, and the hard bot, evaluating on other samples,
// may choose the one the analysis ranks second. The grade names leave
// room for that: below InaccuracyAt a decision is good. At three and
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
