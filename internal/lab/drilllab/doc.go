// Package drilllab holds the developer's experiments on the trainer's
// grading (internal/study/drill): re-grading drills under another
// evaluation method, the share of verdicts a change of the grading
// scale moves, and what a point of score difference is worth in the
// chance to win near the end of a game. The product imports none of it;
// the flag-gated tests of this package run the experiments, and
// docs/experiments says what they found and how to run them again.
package drilllab
