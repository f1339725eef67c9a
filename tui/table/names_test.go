package table

import (
	"fmt"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// named gives the seats after the person's these names.
func named(names ...string) fixtureOpt {
	return func(hc *host.Config, _ *Config) {
		for i, n := range names {
			hc.Game.Players[i+1].Name = n
		}
	}
}

// TestLongNamesGoldens draws a card to play at 80×24 with names as
// long as a server allows (24 letters), alike but for their ends: the
// score pad, the header, the seats and the trick's title shorten them
// so that they stay told apart, never cut mid-line.
func TestLongNamesGoldens(t *testing.T) {
	long := []string{"alexandra_of_the_north_x", "alexander_of_the_south_y", "Bot D"}
	kittest.ForCounts(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, named(long[:n-1]...))
		f.until("a card", myCard, true)
		kittest.Golden(t, fmt.Sprintf("names%d-80x24", n), f.text())
	})
}
