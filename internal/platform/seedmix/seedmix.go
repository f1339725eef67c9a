// Package seedmix derives seeds from seeds, so that every game, deal,
// drill and bot of a session or a match is reproducible from one seed
// and neighbouring seeds or indices give unrelated values.
//
// It is SplitMix64 (Steele, Lea and Flood, 2014): Mix(seed, n) is the
// n-th output of the SplitMix64 generator started at seed, and Finalize
// its output function, for callers that combine several inputs first.
//
// The first seed of a game nobody chose the seed of comes from Secret
// (crypto/rand), never from the clock: a seed is secret until the game
// is over, since it deals every card.
package seedmix

// Gamma is SplitMix64's increment, the odd integer closest to 2^64
// divided by the golden ratio.
const Gamma = 0x9e3779b97f4a7c15

// Mix returns the n-th value of the SplitMix64 stream that starts at
// seed: Mix(s, 1) is the first value drawn from a generator seeded with
// s, and Mix(s, n) for n = 1, 2, ... a stream of unrelated seeds.
func Mix(seed, n uint64) uint64 { return Finalize(seed + n*Gamma) }

// Finalize is SplitMix64's output function: a bijection of the 64-bit
// values that spreads any change of its input over all output bits.
func Finalize(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
