// Package ai holds Klob's bots. A bot sees only the rules.View of its own
// seat, never the hidden cards, and answers every decision of a deal
// within the deadline of its context.
//
// # Three and four players
//
// A TableBot (NewTableBot) plays a rules.Deal of two, three or four
// players from the rules.View of its seat alone; with four it plays
// for its team, and its partner is whatever bot or person sits opposite.
// The two-player bots above keep their own fast path on rules.View.
//
//   - random takes a uniformly random legal action.
//   - normal (its judgement is package tablerule, which eval shares) bids
//     by a rating of the hand for each trump it may name (the
//     upcard counted in with four players, who take it as maker), claims
//     every meld it can in the dialogue (never over its partner's claim),
//     makes the dix exchange and the shlomo and cleopatra declarations,
//     gives away its least useful card, announces bella and the menage,
//     and plays cards by rules of thumb read from the view: what the
//     others may still hold (View.Unseen and Known) and lack
//     (CannotHold), whether its side wins the trick and safely.
//   - easy is normal taking a random legal action a quarter of the time.
//   - hard bids by eval.Evaluate (the bid with the best expected
//     score difference over sampled deals, each finished by normal's
//     rule for every seat), declares and speaks as normal, and plays
//     every card, the first trick included, by sampled worlds and exact
//     search: it draws whole deals (sampler.TableSampler) from what the
//     view leaves open (each seat's known cards, its voids and missing
//     higher trumps, the meld bound of every word of the dialogue
//     (View.MeldBound), and a replay of the whole history through
//     View.Complete, which also places cards exchanged unseen in
//     shlomo and cleopatra), weighs each by how well normal's rule
//     explains the other seats' bids and cards in it (table_read.go),
//     picks 24 of three times as many by weight, solves each with
//     solver.TableSolver, and plays the card with the highest total.
//     The search is bounded in solver nodes (tableNodeBudget), not time,
//     so a decision depends only on the view and the seed; normal's
//     card is played when fewer than six worlds were solved within it.
//
// The model of the other players in hard's search: with four players the
// game is two teams, zero-sum, and the solver is a two-team alpha-beta.
// With three it is not zero-sum; hard's search is paranoid (Sturtevant
// and Korf): the two others are taken as one side playing against it,
// which prunes like alpha-beta and fits a maker that must beat each of
// them. Each side maximises its card points. Taking the contract's sides
// instead (the maker against both defenders together) measured weaker.
package ai
