package testkit

import (
	"math/rand/v2"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// NearLine draws a value for tests of figures shown against a scale
// whose lines are lines (the first is 0), in steps of unit: a hair below
// a line after the first (where figures rounded alike may reach it),
// within a unit of any line, anywhere up to 400 units, or a hair from a
// half unit (where rounding turns).
func NearLine(rng *rand.Rand, lines []float64, unit float64) float64 {
	switch rng.IntN(4) {
	case 0:
		return lines[1+rng.IntN(len(lines)-1)] - rng.Float64()*unit
	case 1:
		return lines[rng.IntN(len(lines))] + (rng.Float64()*2-1)*unit
	case 2:
		return rng.Float64() * 400 * unit
	}
	return (float64(rng.IntN(400)) + 0.5 + (rng.Float64()*2-1)*0.02) * unit
}

// NearScale is an evaluation's results for the options legal, for tests
// of the figures shown: each option's mean is top less NearLine on lines
// (in tenths of a point) and its chance to win topWin less NearLine on
// winLines (in tenths of a percent), each strayed by noise times spread
// (noise nil: not strayed), with a standard error of spread+0.5 and a
// bete rate drawn from rng.
func NearScale(rng, noise *rand.Rand, legal []rules.Action, top, topWin, spread float64, lines, winLines []float64) []eval.Result {
	stray := func() float64 {
		if noise == nil {
			return 0
		}
		return noise.NormFloat64()
	}
	var out []eval.Result
	for _, a := range legal {
		mean := top - NearLine(rng, lines, 0.1) + stray()*spread
		win := topWin - NearLine(rng, winLines, 0.001)
		win = min(1, max(0, win+stray()*spread/1000))
		out = append(out, eval.Result{Action: a, Mean: mean, StdErr: spread + 0.5, Win: win, Bete: rng.Float64() * 0.3})
	}
	return out
}
