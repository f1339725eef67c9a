package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// At four players in 80×24 the line over the table has room for one
// row: who holds the sequences stays on it (before the upcard, which
// the bids panel says too), with the person as maker or another, with
// long names, with cards drawn in Unicode and in ASCII.
func TestSequencesShownInShortWindow(t *testing.T) {
	long := named("alexandra_of_the_north_x", "alexander_of_the_south_y", "Bot D")
	seen := map[bool]bool{} // by whether the person is the maker
	for seed := uint64(1); seed <= 40 && len(seen) < 2; seed++ {
		for _, opts := range [][]fixtureOpt{nil, {long}} {
			for _, ascii := range []bool{false, true} {
				f := newFixture(t, 4, seed, 80, 24, opts...)
				f.hs.Ctx.ASCII = ascii
				held := func(s host.Snapshot) bool {
					return myCard(s) && s.View.SeqWinner != rules.NoSeat
				}
				if !f.reach(held, seed%2 == 0) {
					continue
				}
				f.refresh()
				text := f.text()
				if ascii {
					text = kit.ASCIIText(text)
				}
				if !strings.Contains(text, "equences: ") {
					t.Errorf("seed %d, ascii %v: the screen does not say who holds the sequences:\n%s", seed, ascii, text)
				}
				seen[f.snap().View.Maker == f.snap().Seat] = true
			}
		}
	}
	if len(seen) < 2 {
		t.Fatalf("no game with the sequences held at both makers: %v", seen)
	}
}
