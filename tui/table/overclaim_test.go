package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// claimEndsGame plays games of n to 1 point from seed 1 on, the person
// claiming the last tricks as soon as a claim would be accepted, until
// one ends with the claim accepted in the deal that ends the game; its
// fixture then shows that deal's end, the game over.
func claimEndsGame(t *testing.T, n int) *fixture {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options.Target = 1 })
		for f.reach(func(s host.Snapshot) bool {
			return s.Can.Act && s.Can.Claim && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() <= 3 && f.s.Bella == rules.NoCard
		}, true) {
			f.hs.Press("c")
			if c := f.snap().Claim; c != nil && !c.Pending && c.Err == nil && c.Verdict.OK {
				f.until("the game's end", func(s host.Snapshot) bool { return s.Over }, true)
				if f.snap().Claimer == rules.SeatA {
					return f
				}
				break
			}
			f.step(true)
		}
	}
	t.Fatalf("%d players: no game ended on an accepted claim", n)
	return nil
}

// TestClaimSaidAtGameOver: at every seat count, the deal that ends the
// game on the person's claim says the claim and its last trick, over
// the game's winner, whenever the screen has the rows for every line
// with its blank rows dropped: the winner's lines took the room the
// claim was measured against, and the claim went unsaid with rows free.
func TestClaimSaidAtGameOver(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := claimEndsGame(t, n)
		f.hs.Size(80, 60)
		full := strings.Split(kittest.TrimRight(f.text()), "\n")
		rows := filled(full)
		for _, want := range []string{"You claimed the rest of the deal", "Last trick: ", " the game, "} {
			if !strings.Contains(kittest.Flat(f.text()), want) {
				t.Fatalf("%d players: the game's last deal lacks %q at 80x60:\n%s", n, want, f.text())
			}
		}
		for h := rows; h <= 24 || h <= rows+2; h++ {
			f.hs.Size(80, h)
			text := kittest.Flat(f.text())
			for _, want := range []string{"You claimed the rest of the deal", "Last trick: ", " the game, "} {
				if !strings.Contains(text, want) {
					t.Fatalf("%d players: at 80x%d, room for its %d rows, the game's last deal lacks %q:\n%s", n, h, rows, want, f.text())
				}
			}
		}
	})
}
