package match

import (
	"context"
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/stretchr/testify/require"
)

// TestHardBeatsNormal guards the hard bot's edge at every count: on a
// fixed seed, with a budget that makes the match the same on any
// machine and fits in the default run, it must beat normal. The
// full-budget figures come from klob match (docs/experiments). Two
// players play budget 80; three and four the default budget (0): since
// the normal bot bids by the fitted models, budget 8 is too weak to show
// an edge that clears the noise of a short match (the history is in
// docs/experiments/2026-12-01-match.md).
func TestHardBeatsNormal(t *testing.T) {
	if testing.Short() {
		t.Skip("the race-detector run (-short) repeats this package's other tests; the full run plays these matches")
	}
	for _, c := range []struct {
		players, decks, budget int
		seed                   uint64
	}{{2, 300, 80, 7}, {3, 60, 0, 41}, {4, 60, 0, 31}} {
		t.Run(fmt.Sprint(c.players), func(t *testing.T) {
			rep, err := Run(context.Background(), Config{A: ai.Hard, B: ai.Normal, Decks: c.decks, Seed: c.seed, Budget: c.budget, Think: -1, Options: opts(c.players)})
			require.NoError(t, err)
			t.Logf("hard (budget %d, 0 the default) vs normal: %+.1f [%+.1f, %+.1f] a deal over %d decks",
				c.budget, rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi, c.decks)
			if rep.Margin.Lo <= 0 {
				t.Errorf("hard (budget %d) vs normal: margin %+.1f [%+.1f, %+.1f], want the interval above 0",
					c.budget, rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi)
			}
		})
	}
}
