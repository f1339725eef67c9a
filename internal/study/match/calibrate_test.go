package match

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestCalibrate runs a tiny calibration and checks its arithmetic: every
// row's error is its prediction minus its realised mean, the phases add
// up to every decision, and the counterfactual rows cover the chosen
// options and more.
func TestCalibrate(t *testing.T) {
	cfg := CalibConfig{Deals: 3, Seed: 5, Method: eval.Solved, Budget: 4, BidBudget: 6, Workers: 2,
		Counterfactual: true, Candidates: []eval.Method{eval.Corrected}}
	var dump bytes.Buffer
	cfg.Dump = &dump
	cal, err := Calibrate(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, 3, cal.Finished)
	require.Positive(t, cal.Chosen.Error.N)
	n := 0
	for _, r := range cal.Phases {
		n += r.Error.N
	}
	require.Equal(t, cal.Chosen.Error.N, n, "decisions by phase")
	n = 0
	for _, r := range cal.Options {
		n += r.Error.N
	}
	require.Equal(t, cal.Chosen.Error.N, n, "decisions by option")
	every := 0
	for _, r := range cal.Every {
		every += r.Error.N
	}
	if every <= cal.Chosen.Error.N {
		t.Errorf("%d options played out in all, %d chosen: the counterfactuals are missing", every, cal.Chosen.Error.N)
	}
	for _, rs := range [][]CalibRow{cal.Phases, cal.Options, cal.Every, {cal.Chosen}} {
		for _, r := range rs {
			if math.Abs(r.Error.Mean-(r.Predicted-r.Realised)) > 1e-9 {
				t.Errorf("%s: error %.3f, want predicted %.3f minus realised %.3f", r.Name, r.Error.Mean, r.Predicted, r.Realised)
			}
		}
	}
	require.Len(t, cal.Candidates, 1)
	require.Equal(t, every, cal.Candidates[0].All.Error.N)

	// The dump has a line for every option played out, the chosen ones
	// with the figures the calibration summed.
	var lines, chosen int
	var errSum float64
	dec := json.NewDecoder(bytes.NewReader(dump.Bytes()))
	for dec.More() {
		var o CalibOption
		require.NoError(t, dec.Decode(&o))
		lines++
		require.NotEmpty(t, o.Hand)
		require.Contains(t, phaseNames, mustPhase(t, o.Phase))
		if o.Chosen {
			chosen++
			errSum += o.Mean - o.Realised
		}
	}
	require.Equal(t, every, lines, "dump lines")
	require.Equal(t, cal.Chosen.Error.N, chosen, "chosen lines")
	require.InDelta(t, cal.Chosen.Error.Mean, errSum/float64(chosen), 1e-9)

	// The same seed gives the same calibration and dump, whatever the
	// workers.
	cfg.Workers = 1
	var dump1 bytes.Buffer
	cfg.Dump = &dump1
	again, err := Calibrate(context.Background(), cfg)
	require.NoError(t, err)
	again.Elapsed = cal.Elapsed
	require.Equal(t, cal, again)
	require.Equal(t, dump.String(), dump1.String())

	var b bytes.Buffer
	require.NoError(t, cal.WriteText(&b))
	for _, s := range []string{"round one", "every chosen option", "candidate corrected", "fitted bias"} {
		require.Contains(t, b.String(), s)
	}
}

// mustPhase is the phase the calibration names name.
func mustPhase(t *testing.T, name string) rules.Phase {
	t.Helper()
	for ph, n := range phaseNames {
		if n == name {
			return ph
		}
	}
	t.Fatalf("unknown phase %q", name)
	return 0
}

func TestCalibrateStops(t *testing.T) {
	_, err := Calibrate(context.Background(), CalibConfig{})
	require.Error(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Calibrate(ctx, CalibConfig{Deals: 2, Budget: 4, BidBudget: 4})
	require.ErrorIs(t, err, context.Canceled)
}

// TestCalibFit: the least-squares fit finds the biases that made the
// errors.
func TestCalibFit(t *testing.T) {
	var ps []calibPoint
	for i := range 50 {
		mk := float64(i%5) / 4
		df := (1 - mk) * float64(i%3) / 2
		ps = append(ps, calibPoint{option: "take", chosen: true, predicted: 10*mk - 4*df + float64(i), realised: float64(i),
			makes: mk, defends: df})
	}
	cal := summariseCalib(CalibConfig{}, ps)
	require.InDelta(t, 10, cal.MakerBias, 1e-9)
	require.InDelta(t, -4, cal.DefenderBias, 1e-9)
}

// countdown cancels a context after n choices, counted over all the
// bots sharing n.
type countdown struct {
	n      *int
	cancel context.CancelFunc
}

func (c countdown) tick() {
	*c.n--
	if *c.n == 0 {
		c.cancel()
	}
}

// countingBot is the normal bot, cancelling a context after n choices.
type countingBot struct {
	ai.Bot
	countdown
}

func (b countingBot) Choose(ctx context.Context, v rules.View) (rules.Action, error) {
	b.tick()
	return b.Bot.Choose(ctx, v)
}

// countingTableBot is the easy table bot, cancelling a context after n
// choices.
type countingTableBot struct {
	ai.TableBot
	countdown
}

func (b countingTableBot) ChooseTable(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.tick()
	return b.TableBot.ChooseTable(ctx, v)
}

// TestRunPartial: a match stopped early with Partial reports the pairs
// (at a table, the decks) and games finished; without it, the context's
// error.
func TestRunPartial(t *testing.T) {
	opts := tableOpts(t, 4)
	opts.Target = 200
	for _, c := range []struct {
		players, deals, games, choices int
	}{{2, 100, 0, 300}, {4, 50, 20, 2000}} {
		for _, partial := range []bool{true, false} {
			ctx, cancel := context.WithCancel(context.Background())
			cd := countdown{n: &c.choices, cancel: cancel}
			cfg := Config{A: "x", B: "y", Deals: c.deals, Games: c.games, Seed: 3, Workers: 1, Partial: partial,
				NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
					b, err := ai.New(ai.Normal, cfg)
					return countingBot{Bot: b, countdown: cd}, err
				},
				NewTableBot: func(l ai.Level, cfg ai.Config) (ai.TableBot, error) {
					b, err := ai.NewTableBot(ai.Easy, cfg)
					return countingTableBot{TableBot: b, countdown: cd}, err
				}}
			if c.players == 4 {
				cfg.Options = opts
			}
			n := *cd.n
			rep, err := Run(ctx, cfg)
			cancel()
			*cd.n = n
			if !partial {
				require.ErrorIs(t, err, context.Canceled)
				continue
			}
			require.NoError(t, err)
			require.True(t, rep.Stopped)
			if rep.Deals <= 0 || rep.Deals >= c.deals || rep.Margin.N != rep.Deals {
				t.Errorf("%d players, stopped match: %d deals, margin over %d", c.players, rep.Deals, rep.Margin.N)
			}
			if c.games > 0 && (rep.Games <= 0 || rep.Games >= c.games || rep.GamesWonBy[0].Played != rep.Games*rep.Seatings) {
				t.Errorf("%d players, stopped match: %d games, %d played", c.players, rep.Games, rep.GamesWonBy[0].Played)
			}
			var b bytes.Buffer
			require.NoError(t, rep.WriteText(&b))
			require.Contains(t, b.String(), "stopped early")
		}
	}
}
