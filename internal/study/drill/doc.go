// Package drill is the trainer's engine (`klob train`): it draws
// decisions before the card play from a seed, at a table of two, three
// or four, evaluates every legal option of one, grades the player's
// choice against the evaluation, and keeps the player's record across
// sessions.
//
// A Situation is one decision: the deck, the dealer, every step before
// the player's turn and the game totals. The player is always seat
// You. A Generator makes the n-th drill of a seed by letting the normal
// bot speak for every seat of a shuffled deal up to the card play and
// drawing one of the player's decisions of the kind drawn: a
// declaration, a bid of either round, a schmeiss to answer, the dix or
// a word of the sequence dialogue (any step of it). Parse
// reads the text form String writes, and the shorter hand form a person
// writes for a two-player bid.
//
// EvaluateWith runs the hard bot's evaluation (ai/eval) in Batches pieces,
// each on its own seed: the pieces give a progress count and a point to
// stop at, and a Tally pools them into an Analysis. Every option is
// scored on the same samples, so the error of the difference between
// two options, measured from the spread of the per-piece differences,
// is the right yardstick for "is this option really worse", and is
// often much smaller than either option's own error (or larger). A
// choice behind the best by more than two such errors is graded by what
// it costs on the scale of the game analysis (inaccuracy, mistake,
// blunder); the verdicts write the gap with that error, so the grade
// can be checked from the numbers shown.
//
// Stats counts the drills of each seat count, right answers and what
// the wrong ones cost, by kind of decision, and keeps the last
// MaxMistakes for review. StatsFile keeps it as JSON in the state
// directory, written atomically (internal/platform/durable) under a lock
// and re-read before each write, so two sessions add up instead of
// overwriting each other. A file that cannot be read is moved aside and
// reported, never written over.
package drill
