package analysis

import (
	"fmt"

	"github.com/klob/klob/internal/study/drill"
)

// Legend explains the grades of an analysis and what they are graded
// from, one entry each, with the thresholds the grading uses. It holds
// at every seat count. With ascii the error's sign is written +-, as
// LossWords writes it.
func Legend(ascii bool) []string {
	n := Notes()
	pm, approx := "±", "≈"
	if ascii {
		pm, approx = "+-", "~"
	}
	return []string{n[0], fmt.Sprintf("inaccuracy: the choice loses %g to %g points of score difference on average; mistake: %g to %g; blunder: %g or more. Near the end of a game the chance to win counts too: from %s, %s and %s of the chance to win the game, the best choice's less this one's (from 40%% to 17%% loses 23%%), and the choice is graded by the worse of its two losses, on the points or on that chance. A loss within %d standard errors (the %s after it), or of less than %s (%s of the chance to win near the end), is no loss: the choice is %s best, as good at the table. The table's hint and the trainer grade on the same scale.",
		InaccuracyAt, MistakeAt, MistakeAt, BlunderAt, BlunderAt, drill.Percent(drill.WinInaccuracyAt), drill.Percent(drill.WinMistakeAt), drill.Percent(drill.WinBlunderAt), drill.ErrorsApart, pm,
		drill.PointsText(InaccuracyAt), drill.Percent(drill.WinInaccuracyAt), approx), n[1]}
}

// Notes are the Legend's entries but the thresholds: for the help,
// whose trainer's legend gives them already.
func Notes() []string {
	return []string{
		"Graded from what the player could know at the time: each decision is weighed over deals that fit the player's own view (the hard bot's samples), never from the hidden cards as they really were.",
		"A loss may be marked on a card that won the same tricks as the best card in the real deal: the loss is what the card gives away on average over the deals that could have been, not in this one.",
	}
}
