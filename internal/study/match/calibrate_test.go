package match

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// calibCfg is a tiny calibration at a table of players.
func calibCfg(players int) CalibConfig {
	return CalibConfig{Deals: 2, Seed: 5, Method: eval.Solved, Budget: 2, BidBudget: 4, Workers: 2, Think: -1, Options: opts(players)}
}

// TestCalibrate runs a tiny calibration at every count and checks its
// arithmetic: every row's error is its prediction minus its realised
// mean, and the phases and the options each add up to every decision.
// The same seed gives the same calibration whatever the workers.
func TestCalibrate(t *testing.T) {
	for _, players := range seatCounts {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			cfg := calibCfg(players)
			cal, err := Calibrate(context.Background(), cfg)
			require.NoError(t, err)
			require.Equal(t, 2, cal.Finished)
			require.Equal(t, players, cal.Players)
			// The rules as a match's report names them: only those that
			// apply at the table (four players deal every card, so no
			// bottom card).
			require.Equal(t, cfg.Options.Played(), cal.Rules)
			require.Equal(t, players < 4, strings.Contains(cal.Rules, "bottom_card"), cal.Rules)
			require.Positive(t, cal.Chosen.Error.N)
			for _, rows := range [][]CalibRow{cal.Phases, cal.Options} {
				n := 0
				for _, r := range rows {
					n += r.Error.N
				}
				require.Equal(t, cal.Chosen.Error.N, n)
			}
			for _, rs := range [][]CalibRow{cal.Phases, cal.Options, {cal.Chosen}} {
				for _, r := range rs {
					if math.Abs(r.Error.Mean-(r.Predicted-r.Realised)) > 1e-9 {
						t.Errorf("%s: error %.3f, want predicted %.3f minus realised %.3f", r.Name, r.Error.Mean, r.Predicted, r.Realised)
					}
				}
			}
			cfg.Workers = 1
			again, err := Calibrate(context.Background(), cfg)
			require.NoError(t, err)
			again.Elapsed = cal.Elapsed
			require.Equal(t, cal, again)

			var b bytes.Buffer
			require.NoError(t, cal.WriteText(&b))
			for _, s := range []string{fmt.Sprintf("%d players", players), "round one", "every chosen option", "by option"} {
				require.Contains(t, b.String(), s)
			}
		})
	}
}

// TestCalibratorFinish: a decision's realised margin is its side's
// Score.Margin, and playing the chosen option out again from the
// decision with Finish brings the same deal: the play-out depends on the
// deal's index and position alone.
func TestCalibratorFinish(t *testing.T) {
	for _, players := range seatCounts {
		c := NewCalibrator(calibCfg(players))
		ds, err := c.Deal(context.Background(), 1)
		require.NoError(t, err)
		require.NotEmpty(t, ds)
		for _, d := range ds {
			require.Equal(t, 1, d.Deal)
			v := d.View()
			require.Equal(t, d.Seat, v.Seat)
			require.Len(t, d.Eval.Results, len(v.Legal()))
			again := d.Before
			require.NoError(t, again.Apply(d.Eval.Results[d.Eval.Best].Action))
			sc, err := c.Finish(context.Background(), 1, &again)
			require.NoError(t, err)
			require.Equal(t, sc.Margin(again.SideOf(d.Seat)), d.Realised, "%d players, %s's %s decision", players, d.Seat, d.Before.Phase())
		}
	}
}

func TestCalibrateStops(t *testing.T) {
	_, err := Calibrate(context.Background(), CalibConfig{})
	require.Error(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Calibrate(ctx, CalibConfig{Deals: 2, Budget: 4, BidBudget: 4})
	require.ErrorIs(t, err, context.Canceled)
}

// TestSummariseCalib: the rows group made-up points by phase and by
// option, in the order of the phases and of the options' first sight.
func TestSummariseCalib(t *testing.T) {
	ps := []CalibPoint{
		{Phase: rules.PhaseBid2, Option: "name a suit", Predicted: 10, Realised: 4},
		{Phase: rules.PhaseBid1, Option: "pass", Predicted: -2, Realised: 0},
		{Phase: rules.PhaseBid1, Option: "take", Predicted: 20, Realised: 30},
		{Phase: rules.PhaseBid1, Option: "pass", Predicted: 0, Realised: -4},
	}
	cal := SummariseCalib(CalibConfig{}, ps)
	require.Equal(t, 4, cal.Chosen.Error.N)
	require.InDelta(t, -0.5, cal.Chosen.Error.Mean, 1e-9)
	var names []string
	for _, r := range cal.Phases {
		names = append(names, r.Name)
	}
	require.Equal(t, []string{"round one", "round two"}, names)
	require.InDelta(t, 18.0/3, cal.Phases[0].Predicted, 1e-9)
	require.InDelta(t, 26.0/3, cal.Phases[0].Realised, 1e-9)
	names = nil
	for _, r := range cal.Options {
		names = append(names, fmt.Sprintf("%s %d", r.Name, r.Error.N))
	}
	require.Equal(t, []string{"name a suit 1", "pass 2", "take 1"}, names)
}
