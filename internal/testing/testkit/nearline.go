package testkit

import "math/rand/v2"

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
