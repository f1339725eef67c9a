package duplicate

import "github.com/klob/klob/rules"

// Result is the result of seat on the finished deal d: what its side
// scored minus the mean of what the other sides scored (rules'
// Score.Margin; at three players it may end in .5).
func Result(d *rules.Deal, seat rules.Seat) float64 {
	sc := d.Score()
	return sc.Margin(d.SideOf(seat))
}
