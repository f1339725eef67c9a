package lobby

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// TestAfterwordWithoutChange: a game that changes no rating says so.
func TestAfterwordWithoutChange(t *testing.T) {
	s := &SharedSeat{l: &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a"}}}, w: hall.Waiting{Code: "ABCD"}}
	before := club.Standing{Seats: 4, Rated: true, Games: 3, Shown: rating.Shown{Points: 1490, PlusMinus: 200}}
	s.club = seatClub{looked: true, asked: true, seats: 4, before: &before, after: &before}
	if got := s.afterword(); !strings.Contains(got, "changes no rating") || !strings.Contains(got, "1490 ±200") {
		t.Fatalf("afterword %q", got)
	}
	after := before
	after.Games, after.Last = 4, club.Change{Points: 9}
	s.club.after = &after
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (+9)." {
		t.Fatalf("afterword %q", got)
	}
	// A bot at the seat at the end: the ±0 says why.
	won := after
	won.Last = club.Change{Points: 0}
	s.club.after, s.club.botAtEnd = &won, true
	if got := s.afterword(); got != "Your rating at 4 players: 1490 ±200 (±0: a bot played your seat at the end, and a bot's win raises no rating)." {
		t.Fatalf("afterword %q", got)
	}
	s.club.failed = true
	if got := s.afterword(); !strings.Contains(got, "cannot be read") {
		t.Fatalf("afterword %q", got)
	}
}
