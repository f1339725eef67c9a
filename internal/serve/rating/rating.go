package rating

import (
	"fmt"
	"math"
)

// Rating is a belief about one player's skill: normal, mean Mu and
// standard deviation Sigma, in the model's units (a newcomer is 25 and
// 25/3 under the defaults).
type Rating struct {
	Mu    float64
	Sigma float64
}

// The ratings the update accepts. The bounds are far outside any real
// rating (a club's Mu stays within a few dozen of 25, its Sigma between
// about 0.5 and 25/3); they keep every sum and square of the update
// finite, and the update clamps its results into them, so a result is
// always a valid input to the next game.
const (
	MaxAbsMu = 1e6
	MinSigma = 1e-6
	MaxSigma = 1e6
)

// Check says what is wrong with r, or nil when the update accepts it.
func (r Rating) Check() error {
	switch {
	case math.IsNaN(r.Mu) || math.Abs(r.Mu) > MaxAbsMu:
		return fmt.Errorf("mu %v is not in [-%g, %g]", r.Mu, float64(MaxAbsMu), float64(MaxAbsMu))
	case math.IsNaN(r.Sigma) || r.Sigma < MinSigma || r.Sigma > MaxSigma:
		return fmt.Errorf("sigma %v is not in [%g, %g]", r.Sigma, float64(MinSigma), float64(MaxSigma))
	}
	return nil
}

// Config holds the model's parameters and the club's rule for games
// against bots. The zero Config is not valid: start from Default.
type Config struct {
	// Mu and Sigma are a newcomer's rating.
	Mu, Sigma float64
	// Beta is the spread of one game's performance around the skill:
	// the luck of the deal. The paper's beta; Sigma/2 by default.
	Beta float64
	// Kappa is the least share of its variance a rating keeps after one
	// game (the paper's kappa), so a variance never reaches zero.
	Kappa float64
	// Tau is added in quadrature to every rated player's Sigma before a
	// game (sigma² + tau²), so skill may drift and a rating never
	// freezes. Zero turns it off. Fixed players are not widened: their
	// rating is published, not estimated.
	Tau float64
	// LimitSigma keeps a game from raising any Sigma (which Tau can,
	// when a game says little).
	LimitSigma bool
	// RateBotOnly rates games in which every person sits on one side,
	// against bots alone. Off by default: the club rates games between
	// people, and a bot's fixed rating is only an anchor.
	RateBotOnly bool
}

// Default is the paper's and OpenSkill's parameters: Mu 25, Sigma 25/3,
// Beta 25/6, Kappa 0.0001, Tau 25/300; sigma may rise; games against
// bots alone are not rated.
func Default() Config {
	return Config{
		Mu:    25,
		Sigma: 25.0 / 3,
		Beta:  25.0 / 6,
		Kappa: 0.0001,
		Tau:   25.0 / 300,
	}
}

// Newcomer is the rating of a player who has played no rated game.
func (c Config) Newcomer() Rating { return Rating{Mu: c.Mu, Sigma: c.Sigma} }

// Check says which parameter is out of range, or nil.
func (c Config) Check() error {
	if err := c.Newcomer().Check(); err != nil {
		return fmt.Errorf("rating config: newcomer %w", err)
	}
	switch {
	case !(c.Beta > 0 && c.Beta <= MaxSigma):
		return fmt.Errorf("rating config: beta %v is not in (0, %g]", c.Beta, float64(MaxSigma))
	case !(c.Kappa > 0 && c.Kappa <= 1):
		return fmt.Errorf("rating config: kappa %v is not in (0, 1]", c.Kappa)
	case !(c.Tau >= 0 && c.Tau <= MaxSigma):
		return fmt.Errorf("rating config: tau %v is not in [0, %g]", c.Tau, float64(MaxSigma))
	}
	return nil
}

// Player is one seat in a game: its rating before the game, and whether
// the rating is fixed (a bot's published rating, used and never
// changed).
type Player struct {
	Rating Rating
	Fixed  bool
}

// Side is the players who share one place in a game's result: one
// player in a game each for themselves, the partners in a team game.
type Side struct {
	Players []Player
	// Rank is the side's place: lower is better (1 won), equal ranks
	// are a tie. Only the order matters: 1, 2, 2 and 10, 20, 20 are the
	// same result.
	Rank int
}
