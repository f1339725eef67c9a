package rules

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Deck is a deck order: Deck[0] is dealt first. A recorded deck
// reproduces the deal exactly.
type Deck [32]Card

// NewDeck returns the deck in index order (clubs 7 to spades ace).
func NewDeck() Deck {
	var d Deck
	for i := range d {
		d[i] = Card(i)
	}
	return d
}

// Shuffle returns a uniformly shuffled deck drawn from r.
func Shuffle(r *rand.Rand) Deck {
	d := NewDeck()
	for i := 31; i > 0; i-- {
		j := intN(r, uint64(i+1))
		d[i], d[j] = d[j], d[i]
	}
	return d
}

// intN returns r.IntN(int(n)) for 0 < n < 2^32, computed the way
// math/rand/v2 computes it (Lemire's multiply with rejection; a mask for
// a power of two), so Shuffle deals exactly what r.IntN would, without
// the two calls IntN costs per card. TestShuffleMatchesIntN keeps the two
// equal.
func intN(r *rand.Rand, n uint64) int {
	if n&(n-1) == 0 {
		return int(r.Uint64() & (n - 1))
	}
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return int(hi)
}

// String writes the 32 cards in order, separated by spaces.
func (d Deck) String() string { return joinCards(d[:]) }

// ParseDeck reads 32 distinct cards separated by spaces.
func ParseDeck(s string) (Deck, error) {
	var d Deck
	f := strings.Fields(s)
	if len(f) != 32 {
		return d, fmt.Errorf("a deck has 32 cards, got %d", len(f))
	}
	var seen CardSet
	for i, t := range f {
		c, err := ParseCard(t)
		if err != nil {
			return d, fmt.Errorf("card %d: %v", i+1, err)
		}
		if seen.Has(c) {
			return d, fmt.Errorf("card %d: %s appears twice", i+1, c)
		}
		seen = seen.With(c)
		d[i] = c
	}
	return d, nil
}
