// Package lobbytest holds what the tests of the lobby (tui/lobby) and
// of the App around it (tui) share: a club's records in memory.
package lobbytest

import (
	"context"
	"sync"

	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
)

// Club is a club's records for the lobby's tests (a lobby.Club): the
// standings of Cards by key (a newcomer's in every pool otherwise) and
// the leaderboards of Board by seat count.
type Club struct {
	mu    sync.Mutex
	Cards map[string][]club.Standing
	Board map[int][]club.Line
	// Min is MinGames; 0 is 5.
	Min   int
	reads int
}

func (f *Club) Card(_ context.Context, key string) ([]club.Standing, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if c, ok := f.Cards[key]; ok {
		return c, nil
	}
	var out []club.Standing
	for _, n := range club.Pools() {
		out = append(out, club.Standing{Seats: n, Shown: rating.Shown{Points: 1500, PlusMinus: 350}})
	}
	return out, nil
}

func (f *Club) Leaderboard(_ context.Context, seats, limit int) ([]club.Line, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Board[seats], nil
}

func (f *Club) MinGames() int {
	if f.Min == 0 {
		return 5
	}
	return f.Min
}

// Reads is how many times a person's standings were read.
func (f *Club) Reads() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads
}
