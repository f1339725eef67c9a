package eval

// The shipped models' deal outcomes and win tables by seat count, as the
// tests take them; the evaluator goes through its dealModel.

// outcomesFor returns the deal score distribution for a seat count.
func outcomesFor(players int) []dealOutcome {
	switch players {
	case 3:
		return dealOutcomesThree
	case 4:
		return dealOutcomesFour
	}
	return dealOutcomes
}

// outcomesIn returns the shipped outcomes of a seat count in units of
// step points (see dealModel.outcomesIn).
func outcomesIn(players, step int) []stepOutcome { return defaultModel(players).outcomesIn(step) }

// buildWinTable builds the table of the shipped model for players and
// target.
func buildWinTable(players, target int) *winTable {
	return buildWinTableStep(players, target, winTableStep(sidesOf(players), target))
}

// buildWinTableStep builds the table of the shipped model for players
// and target on a grid of step points.
func buildWinTableStep(players, target, step int) *winTable {
	return buildModelTable(defaultModel(players), target, step)
}

// newWinFrame sets up the table of the shipped model for players and
// target on a grid of step points, its chances not yet filled.
func newWinFrame(players, target, step int) *winFrame {
	return defaultModel(players).newWinFrame(target, step)
}
