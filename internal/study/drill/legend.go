package drill

import "fmt"

// Legend explains the columns and marks of the option tables (the
// trainer's, the hint's), one entry each, with the numbers the grading
// uses.
func Legend() []string {
	return []string{
		"score diff: your points minus the other's for this deal after the choice, on average over deals the hard bot samples to fit what you can see; ± is one standard error of that average.",
		"bete: how often the choice ends with you as maker scoring less than the other, who then scores both totals.",
		"win game: how often you win the whole game from the score after this deal (it ranks the options near the end of a game).",
		fmt.Sprintf("best: the hard bot's choice. ≈ best: behind it by less than %d standard errors, or by less than %s (%s of the chance to win the game near the end): as good at the table.", z, PointsText(minGap), Percent(minWinGap)),
		"-N pts, -N% win: a mistake, and what it costs on average in score difference, or in the chance to win the game.",
		"At tables of three and four (klob train -players 3|4) score diff is your team's points minus the other team's with four, and yours minus the average of the two others' with three; bete is your side's; the chance to win the game is not modelled there, so the table has no win game column and every option is ranked by score diff.",
	}
}
