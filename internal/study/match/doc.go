// Package match plays two bots against each other on duplicate deals and
// whole games, and reports who is stronger with the uncertainty of the
// estimate.
//
// A duplicate deal is one deck played twice with the same dealer seat:
// first bot A sits in seat A and bot B in seat B, then the bots swap
// seats. Luck of the cards cancels out of the pair, so the margin of A
// over B per deal (the mean over pairs of the two deals' margins) has a
// far smaller variance than over single deals. A game is played to the
// target the same way: the same first dealer and the same sequence of
// decks, once with each seating.
//
// Everything is reproducible from the match seed: pair i's deck, dealer
// and bot seeds come from (seed, i), and game j's from (seed, j), so the
// result does not depend on how the work is spread over goroutines. Each
// deal gets fresh bots (the same seeds in both halves of a pair), so a
// stateful bot cannot carry anything from one deal to the next. Only the
// decision times vary from run to run.
//
// With Options.Players 3 or 4 the bots are TableBots at a rules.Deal and
// each deck is played in every seating of table.go (four players: team A
// in seats A and C, then in B and D; three: one A and two B, then two A
// and one B, each rotated), so every bot sits in every seat of every
// deck. The report then gives each level's average per deal (its team's
// score with four, a seat's own with three) and the margin between them,
// with 95% intervals over decks. A game to the target at a table is
// played the same way, once in every seating, on the same first dealer,
// decks and chance draws (table_game.go); rules.Game says when it ends
// and which side won. The report gives each level's share of the games
// played won by a seat (with four, the team) of that level, with its 95%
// Wilson interval: with three players a game won by one of two B bots
// counts once, as won by B, so the two shares add up to one less the
// unfinished games, and equal levels each expect a half. Config.Save
// writes every deal and game played as a game log (save.go).
package match
