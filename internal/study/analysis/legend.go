package analysis

import "fmt"

// Legend explains the grades of an analysis and what they are graded
// from, one entry each, with the thresholds the grading uses.
func Legend() []string {
	return []string{
		"Graded from what the player could know at the time: each decision is weighed over deals that fit the player's own view (the hard bot's samples), never from the cards the other player really held.",
		fmt.Sprintf("?! inaccuracy: the choice loses %g to %g points of score difference on average; ? mistake: %g to %g; ?? blunder: %g or more.", InaccuracyAt, MistakeAt, MistakeAt, BlunderAt, BlunderAt),
		"A loss may be marked on a card that won the same tricks as the best card in the real deal: the loss is what the card gives away on average over the deals that could have been, not in this one.",
	}
}

// TableLegend is Legend for a table of three or four players: the same
// grades, graded from the player's own view of the table, the rest of
// each sampled deal played by the normal bot's rules.
func TableLegend() []string {
	l := Legend()
	l[0] = "Graded from what the player could know at the time: each decision is weighed over deals that fit the player's own view, the rest of each deal played by the normal bot's rules (the last tricks solved), never from the cards the others really held."
	return l
}
