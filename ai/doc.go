// Package ai holds Klob's bots. A bot (Bot, made by New for any seat
// count) sees only the rules.View of its own seat, never the hidden
// cards, and answers every decision of a deal within the deadline of its
// context; with four players it plays for its team, whatever sits
// opposite.
//
//   - random takes a uniformly random legal action.
//   - normal bids by the fitted models of package handvalue (the bid
//     with the best expected margin), claims what it can in the
//     dialogue (never over its partner's claim), and plays its cards by
//     rules of thumb read from the view: at two players by the expected
//     points of each card with the opponent's hand inferred from its
//     bids, and the last cards exactly (heuristic*.go); at three and
//     four by package tablerule.
//   - easy is normal with mistakes: noise on its judgements at two
//     players, a random legal action a quarter of the time at more.
//   - hard evaluates its decisions on sampled deals (package eval). At
//     two players every decision (hard.go). At three and four it bids by
//     the evaluation, declares and speaks as normal, and chooses every
//     card, the first trick included, by searching sampled worlds exactly
//     (table_hard.go): whole deals drawn from what the view leaves open
//     and weighed by how well the others' bids and cards so far fit the
//     normal rule (table_read.go), each world solved by
//     solver.TableSolver. With three its search is paranoid: the two
//     others are taken as one side against it. The search is bounded in
//     solver nodes, not time, so a card depends on the view and the seed
//     alone.
package ai
