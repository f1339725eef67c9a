package bidfit

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// LeastSquares finds weights that generated the margins exactly.
func TestLeastSquaresRecoversWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var want handvalue.Vector
	for i := range want {
		want[i] = float64(r.IntN(41) - 20)
	}
	data := make([]Sample, 5000)
	for k := range data {
		f := &data[k].F
		f[0] = 1
		for i := 1; i < handvalue.N; i++ {
			f[i] = float64(r.IntN(4))
		}
		data[k].Y = f.Dot(&want)
	}
	w, r2 := LeastSquares(data)
	for i := range w {
		require.InDelta(t, want[i], w[i], 0.05, handvalue.FeatureNames[i])
	}
	require.InDelta(t, 1, r2, 1e-6)
}

// Collect gives every bidding decision of the seat count samples, the
// same whatever the workers, and WriteGo prints a table entry for it.
func TestCollect(t *testing.T) {
	for _, tc := range []struct {
		players int
		play    handvalue.Play
		want    []handvalue.Decision
	}{
		{2, handvalue.Bots, []handvalue.Decision{handvalue.Take, handvalue.Schmeiss, handvalue.Pass, handvalue.Name, handvalue.Pass2}},
		{2, handvalue.Solved, []handvalue.Decision{handvalue.Make, handvalue.Defend}},
		{3, handvalue.Bots, []handvalue.Decision{handvalue.Take, handvalue.Pass, handvalue.Name, handvalue.Pass2}},
		{4, handvalue.Bots, []handvalue.Decision{handvalue.Take, handvalue.Pass, handvalue.Name, handvalue.NoTrumps, handvalue.Pass2}},
	} {
		t.Run(fmt.Sprint(tc.players, tc.play), func(t *testing.T) {
			opts := rules.DefaultOptions()
			opts.Players = tc.players
			cfg := Config{Options: opts, Decks: 30, Seed: 3, Play: tc.play, Workers: 1}
			one, err := Collect(context.Background(), cfg)
			require.NoError(t, err)
			cfg.Workers = 3
			three, err := Collect(context.Background(), cfg)
			require.NoError(t, err)
			require.Equal(t, one, three)
			for _, d := range tc.want {
				require.NotEmpty(t, one[d][0], "%s", d)
			}
			fits := one.Fit(tc.players)
			var b bytes.Buffer
			require.NoError(t, WriteGo(&b, tc.players, &fits))
			require.True(t, strings.HasPrefix(b.String(), fmt.Sprintf("\t%d: {\n", tc.players)), b.String())
			require.Contains(t, b.String(), "(every position)") // 30 decks are few
		})
	}
	opts := rules.DefaultOptions()
	opts.Players = 3
	_, err := Collect(context.Background(), Config{Options: opts, Decks: 1, Play: handvalue.Solved})
	require.Error(t, err)
}

// The outcome table is Go source with a bucket for every deal, one
// number a side and a count, at every seat count.
func TestWriteOutcomes(t *testing.T) {
	for _, c := range []struct{ players, sides int }{{2, 2}, {3, 3}, {4, 2}} {
		var b bytes.Buffer
		require.NoError(t, WriteOutcomes(context.Background(), &b, c.players, 40, 1))
		src := b.String()
		require.True(t, strings.HasPrefix(src, "package eval\n"), src)
		total := 0
		for _, m := range regexp.MustCompile(`\{units\{([0-9, ]+)\}, ([0-9]+)\}`).FindAllStringSubmatch(src, -1) {
			require.Len(t, strings.Split(m[1], ", "), c.sides, m[0])
			k, err := strconv.Atoi(m[2])
			require.NoError(t, err, m[0])
			total += k
		}
		require.Equal(t, 40, total, "%d players", c.players)
	}
	require.Error(t, WriteOutcomes(context.Background(), io.Discard, 5, 1, 1))
}
