package seedmix_test

import (
	"math/bits"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/stretchr/testify/assert"
)

// TestMixKnownValues: the first outputs of SplitMix64 seeded with 0 and
// 1234567, as published with the reference implementation.
func TestMixKnownValues(t *testing.T) {
	assert.Equal(t, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f},
		[]uint64{seedmix.Mix(0, 1), seedmix.Mix(0, 2), seedmix.Mix(0, 3)})
	assert.Equal(t, []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423},
		[]uint64{seedmix.Mix(1234567, 1), seedmix.Mix(1234567, 2), seedmix.Mix(1234567, 3)})
}

// TestNeighboursUnrelated: neighbouring seeds and indices differ in
// about half their bits.
func TestNeighboursUnrelated(t *testing.T) {
	for s := uint64(0); s < 100; s++ {
		for _, pair := range [][2]uint64{{seedmix.Mix(s, 1), seedmix.Mix(s+1, 1)}, {seedmix.Mix(s, 1), seedmix.Mix(s, 2)}} {
			d := bits.OnesCount64(pair[0] ^ pair[1])
			assert.True(t, d > 12 && d < 52, "seed %d: %d bits differ", s, d)
		}
	}
}

// TestSecretNotFromClock: a secret seed is nowhere near the clock's
// nanoseconds (a seed from the clock would be, within a few seconds),
// and two in a row differ.
func TestSecretNotFromClock(t *testing.T) {
	for range 100 {
		before := uint64(time.Now().Add(-time.Hour).UnixNano())
		s := seedmix.Secret()
		after := uint64(time.Now().Add(time.Hour).UnixNano())
		assert.False(t, s >= before && s <= after, "seed %d is within an hour of the clock", s)
		assert.NotEqual(t, s, seedmix.Secret())
	}
}
