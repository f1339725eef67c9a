package rating

import (
	"fmt"
	"math"
)

// Rate returns every player's rating after a game, in the shape of
// sides: after[i][j] is sides[i].Players[j]. A Fixed player's rating
// comes back unchanged. rated is false when the game changes no rating:
// when no two sides hold a person (a game against bots alone) and
// RateBotOnly is off, or when every player is Fixed; after then holds
// the ratings as they were.
//
// The sides may come in any order: only their ranks matter, and equal
// ranks are a tie. A game needs two sides or more, each with a player;
// a rating outside the accepted range (see Rating.Check) is an error
// naming it, and nothing is rated.
func (c Config) Rate(sides []Side) (after [][]Rating, rated bool, err error) {
	if err := c.Check(); err != nil {
		return nil, false, err
	}
	if err := checkSides(sides); err != nil {
		return nil, false, err
	}
	peopleSides := 0
	after = make([][]Rating, len(sides))
	for i, s := range sides {
		people := false
		after[i] = make([]Rating, len(s.Players))
		for j, p := range s.Players {
			after[i][j] = p.Rating
			people = people || !p.Fixed
		}
		if people {
			peopleSides++
		}
	}
	if peopleSides == 0 || (peopleSides == 1 && !c.RateBotOnly) {
		return after, false, nil
	}
	c.update(sides, after)
	return after, true, nil
}

// checkSides says what is wrong with the sides of a game, nil when the
// update accepts them: two sides or more, each with a player, every
// rating in range.
func checkSides(sides []Side) error {
	if len(sides) < 2 {
		return fmt.Errorf("rating: a game needs two sides or more, got %d", len(sides))
	}
	for i, s := range sides {
		if len(s.Players) == 0 {
			return fmt.Errorf("rating: sides[%d] has no player", i)
		}
		for j, p := range s.Players {
			if err := p.Rating.Check(); err != nil {
				return fmt.Errorf("rating: sides[%d].Players[%d]: %w", i, j, err)
			}
		}
	}
	return nil
}

// WinChances returns, for each side of a game about to be played, the
// chance the model gives it of winning, of ranking ahead of every other
// side: p_i1 of the update below, from the ratings before the game (the
// ranks are not read). The chances add up to 1. The update moves a
// side the more, the further its result is from these: a win the
// model gave a small chance raises it most. The sides are checked as
// Rate checks them.
func (c Config) WinChances(sides []Side) ([]float64, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if err := checkSides(sides); err != nil {
		return nil, err
	}
	_, mu, _, c2 := c.prior(sides)
	cc := math.Sqrt(c2)
	top := math.Inf(-1)
	for i := range sides {
		top = math.Max(top, mu[i]/cc)
	}
	out := make([]float64, len(sides))
	sum := 0.0
	for i := range sides {
		out[i] = math.Exp(mu[i]/cc - top)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out, nil
}

// prior is the game's prior as the update reads it: each player's
// rating, a rated one widened by tau (OpenSkill's dynamics step); each
// side's mean and variance, its players' sums; and c², the sum of the
// sides' variances and beta² each.
func (c Config) prior(sides []Side) (prior [][]Rating, mu, v []float64, c2 float64) {
	k := len(sides)
	tau2 := c.Tau * c.Tau
	prior = make([][]Rating, k)
	mu = make([]float64, k)
	v = make([]float64, k)
	for i, s := range sides {
		prior[i] = make([]Rating, len(s.Players))
		for j, p := range s.Players {
			r := p.Rating
			if !p.Fixed {
				r.Sigma = math.Sqrt(r.Sigma*r.Sigma + tau2)
			}
			prior[i][j] = r
			mu[i] += r.Mu
			v[i] += r.Sigma * r.Sigma
		}
	}
	for i := range k {
		c2 += v[i] + c.Beta*c.Beta
	}
	return prior, mu, v, c2
}

// update is Algorithm 4 of Weng and Lin (the Plackett-Luce model), ties
// counted by A_q, on checked input; before it, OpenSkill's dynamics
// step widens each rated sigma by tau. out holds the ratings before the
// game and receives those after it.
//
// For side i with mean mu_i and variance sigma_i² (its players' sums):
//
//	c    = sqrt(sum_i (sigma_i² + beta²))
//	C_q  = the sides ranked no better than q; A_q = the sides tied with q
//	p_iq = exp(mu_i/c) / sum_{s in C_q} exp(mu_s/c), for q ranked no worse than i
//	Omega_i = sigma_i²/c   * sum_q (delta_qi - p_iq) / A_q
//	Delta_i = gamma_i * sigma_i²/c² * sum_q p_iq (1 - p_iq) / A_q,  gamma_i = sigma_i/c
//
// and player j of side i moves by its share of the side's variance:
//
//	mu_j    += sigma_j²/sigma_i² * Omega_i
//	sigma_j *= sqrt(max(1 - sigma_j²/sigma_i² * Delta_i, kappa))
//
// p_iq is computed as exp(mu_i/c - log sum_{C_q} exp(mu_s/c)), shifted
// by the largest term, so no exponential overflows or leaves a 0/0,
// however far apart the means are.
func (c Config) update(sides []Side, out [][]Rating) {
	k := len(sides)
	// The prior of this game: rated players widened by tau; the sides'
	// means and variances.
	prior, mu, v, c2 := c.prior(sides)
	x := make([]float64, k)    // mu_i / c
	lse := make([]float64, k)  // log sum_{s in C_q} exp(x_s)
	ties := make([]float64, k) // A_q, q counted
	cc := math.Sqrt(c2)
	for i := range k {
		x[i] = mu[i] / cc
	}
	for q := range k {
		top := math.Inf(-1)
		for s := range k {
			if sides[s].Rank >= sides[q].Rank {
				top = math.Max(top, x[s])
			}
			if sides[s].Rank == sides[q].Rank {
				ties[q]++
			}
		}
		sum := 0.0
		for s := range k {
			if sides[s].Rank >= sides[q].Rank {
				sum += math.Exp(x[s] - top)
			}
		}
		lse[q] = top + math.Log(sum)
	}
	for i, s := range sides {
		omega, delta := 0.0, 0.0
		for q := range k {
			if sides[q].Rank > s.Rank {
				continue
			}
			p := math.Exp(x[i] - lse[q])
			if q == i {
				omega += (1 - p) / ties[q]
			} else {
				omega -= p / ties[q]
			}
			delta += p * (1 - p) / ties[q]
		}
		gamma := math.Sqrt(v[i]) / cc
		omega *= v[i] / cc
		delta *= gamma * v[i] / c2
		for j, p := range s.Players {
			if p.Fixed {
				continue
			}
			r := prior[i][j]
			share := r.Sigma * r.Sigma / v[i]
			next := Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, c.Kappa)),
			}
			if c.LimitSigma {
				next.Sigma = math.Min(next.Sigma, p.Rating.Sigma)
			}
			out[i][j] = clamp(next)
		}
	}
}

// clamp keeps r within the accepted ratings; a real rating is far
// inside them and is returned as it is.
func clamp(r Rating) Rating {
	r.Mu = math.Max(-MaxAbsMu, math.Min(MaxAbsMu, r.Mu))
	r.Sigma = math.Max(MinSigma, math.Min(MaxSigma, r.Sigma))
	return r
}
