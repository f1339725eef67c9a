package drill

import "fmt"

// Legend explains the columns and verdicts of the option tables (the
// trainer's, the hint's), one entry each, with the thresholds the
// grading uses. The game analysis grades with the same function
// (Tally.Analysis), so the help shows one scale for all three.
func Legend() []string {
	return []string{
		"score diff: your side's points minus the other side's for this deal after the choice (with three players, minus the average of the two others'), on average over deals the hard bot samples to fit what you can see; ± is one standard error of that average.",
		"bete: how often the choice ends with your side as maker and bete, the others scoring its points.",
		"win game: how often you win the whole game if you make this choice, from the score it leaves after this deal; each row is its own choice's chance, so the rows do not add up to 100%. Near the end of a game it ranks the options. With three players, your chance against both others; with four, your team's.",
		fmt.Sprintf("best: the hard bot's choice, listed first; near the end of a game, of the options within %s of the best chance to win, the one that scores most. ≈ best: behind it by no more than %d standard errors of the gap, or by less than %s (%s of the chance to win near the end): as good at the table. The error of the gap is measured on the deals the options share, so it can be smaller or larger than the rows' own ±; the verdicts write the gap with it where there is room (≈ best: -9.4 ± 5.1 pts: 9.4 is within twice 5.1), and so does the line that grades your choice. The table's hint measures that error on the deals it samples, and grades by the same rule.",
			Percent(WinLevel), z, PointsText(InaccuracyAt), Percent(WinInaccuracyAt)),
		fmt.Sprintf("inaccuracy, mistake, blunder: a wrong choice, behind the best by more than %d standard errors of the gap, with what it costs on average in points (-N pts) or near the end in the chance to win (-N%% win): an inaccuracy from %s (%s of the chance to win), a mistake from %s (%s), a blunder from %s (%s). The game analysis writes the loss with its standard error: loses 24.7 ± 6.0.",
			z, PointsText(InaccuracyAt), Percent(WinInaccuracyAt), PointsText(MistakeAt), Percent(WinMistakeAt), PointsText(BlunderAt), Percent(WinBlunderAt)),
		// Near the end a table mixes the two units: a row says why.
		fmt.Sprintf("-N pts among -N%% win rows, near the end: a choice there is graded by the worse of its two losses, each counted only beyond its error: the chance to win it gives up and the points it gives away. So a card that costs 1.3%% of the chance and 32 points is a blunder on the points, whichever of the two a sampling measures more sharply; the verdict says what the other loss is (the gap of the chances with its error: 0.3%% ± 0.4%%). A choice clearly more likely to win than the best is not graded by the points: the best is preferred for its points only among chances within %s. The rows are listed best first, then those as good, then by grade.",
			Percent(WinLevel)),
	}
}
