package rating

import (
	"fmt"
	"math"
)

// Ordinal is the conservative skill Mu - 3 Sigma: under the rating's
// belief the true skill is above it with 99.9% probability. A newcomer's
// is 0 under the defaults, and it rises as games narrow Sigma, even
// after a loss; so it orders a leaderboard (a lucky newcomer does not
// top it), while the lobby shows Mu with its uncertainty.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Scale maps the model's units onto the points shown to players.
type Scale struct {
	// Center is the points shown for a mean of Origin.
	Center, Origin float64
	// PerUnit is the points per unit of the model's mean and sigma.
	PerUnit float64
}

// DefaultScale shows the default newcomer (25, 25/3) as 1500 ±350, the
// start players know from Elo and Glicko: 42 points a unit.
func DefaultScale() Scale { return Scale{Center: 1500, Origin: 25, PerUnit: 42} }

// Points is a mean in shown points, unrounded.
func (s Scale) Points(mu float64) float64 { return s.Center + s.PerUnit*(mu-s.Origin) }

// Shown is a rating as the lobby prints it: the mean in points and one
// standard deviation either side.
type Shown struct {
	Points, PlusMinus int
}

// String is "1500 ±350".
func (sh Shown) String() string { return fmt.Sprintf("%d ±%d", sh.Points, sh.PlusMinus) }

// Show rounds r to shown points.
func (s Scale) Show(r Rating) Shown {
	return Shown{
		Points:    int(math.Round(s.Points(r.Mu))),
		PlusMinus: int(math.Round(s.PerUnit * r.Sigma)),
	}
}

// Change is how many shown points a game moved a rating: the difference
// of the rounded points, so that the lobby's "1512 (+12)" adds up with
// the 1500 shown before.
func (s Scale) Change(before, after Rating) int {
	return s.Show(after).Points - s.Show(before).Points
}

// DefaultMinGames is how many rated games put a player on a
// leaderboard: fewer say too little, whatever the rating.
const DefaultMinGames = 5
