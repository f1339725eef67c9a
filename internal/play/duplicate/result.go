package duplicate

import "github.com/klob/klob/rules"

// Margin is a board's result for side (rules.Deal.SideOf) from the
// deal's score: what the side scored (sc.Scored, the rules' figure)
// minus what the other sides scored, averaged over them. With two
// players and with four (two teams) that is the side's score minus the
// other's; with three it is the seat's own score minus the mean of the
// two others', the difference the bots and the analysis maximise (a
// made 100 against two who score 0 is +100, and equal scores give 0).
// With three players the result may end in .5.
func Margin(sc rules.Score, side int) float64 {
	sides := sc.Sides()
	others := 0
	for s := range sides {
		if s != side {
			others += sc.Scored[s]
		}
	}
	return float64(sc.Scored[side]) - float64(others)/float64(sides-1)
}

// TableResult is the result of seat on the finished deal t.
func TableResult(t *rules.Deal, seat rules.Seat) float64 {
	return Margin(t.Score(), t.SideOf(seat))
}
