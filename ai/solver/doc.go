// Package solver finds the exact value of the card play of a Klaberjass
// deal when both hands are known (perfect information): the final card
// points of each side, last-trick bonus included, under best play by both.
//
// The search is a fail-soft alpha-beta over tricks, driven by zero-window
// probes: each probe only asks "can the side to lead make at least g
// points from here?", and the bounds the probes leave in the
// transposition table make the next probe cheap. The first probe is at
// half the points at stake; the next ones halve the interval the earlier
// ones left (card points move the value in small steps, so probing at
// the last result, as MTD(f) does, takes about twice as many probes).
//
// The table is probed at trick starts, where a position is fully
// described by the two hands (the leader's first): its value depends on
// nothing else once trump and the last-trick bonus are fixed, so entries
// stay valid across solves, even of different deals with the same trump.
// A Solver bumps a generation number when trump or the bonus change,
// which drops every entry at no cost.
//
// Moves are ordered: the table's best lead, then the last lead that
// caused a cutoff with as many cards in hand (a killer), then leads the
// other hand cannot beat, most points first, then the rest, cheapest
// first; answers that win the trick before answers that lose it. Trumps
// above every trump of the other hand bound what either side can still
// win. The last three tricks are searched directly.
//
// Cards are renumbered inside the solver by trick-taking power (suit*8 +
// power, rules.Order), so following, overtrumping and trick winners are a
// handful of mask operations (rules.Order's Follow and Beats), and two cards of one hand that no card of the other
// hand separates, and that are worth the same points, are the same move:
// the search plays only one of them.
//
// A Solver owns its table and is not safe for concurrent use: give each
// goroutine its own. Nothing in a solve allocates.
package solver
