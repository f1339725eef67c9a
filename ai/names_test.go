package ai

import (
	"slices"
	"testing"

	"github.com/klob/klob/rules"
)

// TestPlaceName: the places round a player, by seat count, from the
// player's left; none at two and none past the table.
func TestPlaceName(t *testing.T) {
	want := map[int][]string{
		2: {"", ""},
		3: {"", "West", "East"},
		4: {"", "West", "North", "East"},
	}
	for _, n := range rules.SeatCounts() {
		var got []string
		for k := range n {
			got = append(got, PlaceName(n, k))
		}
		if !slices.Equal(got, want[n]) {
			t.Errorf("%d players: %q, want %q", n, got, want[n])
		}
		if s := PlaceName(n, n); s != "" {
			t.Errorf("PlaceName(%d, %d) = %q, want none", n, n, s)
		}
	}
}
