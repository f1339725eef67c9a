package seedmix

import (
	"crypto/rand"
	"encoding/binary"
)

// Secret returns a fresh seed from crypto/rand: 64 bits nobody can
// guess. Every game, table and drill that the player did not seed
// themselves starts from one. A seed from the clock is not secret: a
// player who knows when a game began to within a second searches that
// second's billion seeds for the one that deals their own cards, and
// then knows every card of every deal.
func Secret() uint64 {
	var b [8]byte
	// crypto/rand.Read never fails: the program aborts first.
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
