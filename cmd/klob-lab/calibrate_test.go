package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestCalibrate runs a tiny lab calibration at every count and checks
// its arithmetic: the counterfactual rows cover the chosen options and
// more, every row's error is its prediction minus its realised mean, the
// candidate predicted every option played, and the dump has a line for
// each with the figures the calibration summed. The same seed gives the
// same result and dump whatever the workers. The short run keeps two
// players: the lab is not the product.
func TestCalibrate(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			if testing.Short() && players > 2 {
				t.Skip("the full run calibrates at three and four players")
			}
			opts := rules.DefaultOptions()
			if players > 2 {
				opts.Players = players
			}
			cfg := calibConfig{CalibConfig: match.CalibConfig{Deals: 2, Seed: 5, Method: eval.Solved, Budget: 2, BidBudget: 4,
				Workers: 2, Think: -1, Options: opts}, Counterfactual: true, Candidates: []eval.Method{eval.Corrected}}
			var dump bytes.Buffer
			cfg.Dump = &dump
			cal, err := calibrate(context.Background(), cfg)
			require.NoError(t, err)
			require.Equal(t, 2, cal.Finished)
			chosen := cal.Chosen.Error.N
			require.Positive(t, chosen)
			every := 0
			for _, r := range cal.Every {
				every += r.Error.N
			}
			require.Greater(t, every, chosen, "the counterfactuals are missing")
			for _, rs := range [][]match.CalibRow{cal.Phases, cal.Options, cal.Every, {cal.Chosen}} {
				for _, r := range rs {
					if math.Abs(r.Error.Mean-(r.Predicted-r.Realised)) > 1e-9 {
						t.Errorf("%s: error %.3f, want predicted %.3f minus realised %.3f", r.Name, r.Error.Mean, r.Predicted, r.Realised)
					}
				}
			}
			require.Len(t, cal.Candidates, 1)
			require.Equal(t, every, cal.Candidates[0].All.Error.N)

			var lines, nChosen int
			var errSum float64
			dec := json.NewDecoder(bytes.NewReader(dump.Bytes()))
			for dec.More() {
				var o dumpLine
				require.NoError(t, dec.Decode(&o))
				lines++
				require.NotEmpty(t, o.Hand)
				require.Equal(t, players, o.Players)
				if o.Chosen {
					nChosen++
					errSum += o.Mean - o.Realised
				}
			}
			require.Equal(t, every, lines, "dump lines")
			require.Equal(t, chosen, nChosen, "chosen lines")
			require.InDelta(t, cal.Chosen.Error.Mean, errSum/float64(nChosen), 1e-9)

			cfg.Workers = 1
			var dump1 bytes.Buffer
			cfg.Dump = &dump1
			again, err := calibrate(context.Background(), cfg)
			require.NoError(t, err)
			again.Elapsed = cal.Elapsed
			require.Equal(t, cal, again)
			require.Equal(t, dump.String(), dump1.String())

			var b bytes.Buffer
			require.NoError(t, cal.WriteText(&b))
			for _, s := range []string{"round one", "every chosen option", "every option (the others played out", "candidate corrected", "fitted bias"} {
				require.Contains(t, b.String(), s)
			}
		})
	}
}

// TestCalibFit: the least-squares fit finds the biases that made the
// errors.
func TestCalibFit(t *testing.T) {
	var ps []point
	for i := range 50 {
		mk := float64(i%5) / 4
		df := (1 - mk) * float64(i%3) / 2
		ps = append(ps, point{CalibPoint: match.CalibPoint{Option: "take", Predicted: 10*mk - 4*df + float64(i), Realised: float64(i)},
			chosen: true, makes: mk, defends: df})
	}
	cal := summarise(calibConfig{}, ps)
	require.InDelta(t, 10, cal.MakerBias, 1e-9)
	require.InDelta(t, -4, cal.DefenderBias, 1e-9)
}

// TestRunCalibrate: the command in both formats, its dump file, and its
// errors.
func TestRunCalibrate(t *testing.T) {
	args := []string{"calibrate", "-eval", "solved", "-decks", "2", "-budget", "2", "-bid-budget", "4", "-quiet"}
	var out, errb bytes.Buffer
	require.Equal(t, 0, run(args, &out, &errb), "stderr %q", errb.String())
	require.Contains(t, out.String(), "calibration of the solved evaluation, 2 players")
	out.Reset()
	require.Equal(t, 0, run(append(args, "-json", "-players", "3"), &out, &errb), "stderr %q", errb.String())
	var cal struct {
		Method   string `json:"method"`
		Players  int    `json:"players"`
		Finished int    `json:"finished"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &cal))
	require.Equal(t, "solved", cal.Method)
	require.Equal(t, 3, cal.Players)
	require.Equal(t, 2, cal.Finished)

	path := filepath.Join(t.TempDir(), "dump.jsonl")
	require.Equal(t, 0, run(append(args, "-counterfactual", "-dump", path), &out, &errb), "stderr %q", errb.String())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Greater(t, len(lines), 2)
	for _, l := range lines {
		var o struct{ Phase, Option string }
		require.NoError(t, json.Unmarshal([]byte(l), &o), l)
		require.NotEmpty(t, o.Option)
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"calibrate", "-eval", "oracle"}, 2, `unknown evaluation method "oracle"`},
		{[]string{"calibrate", "-candidates", "solved,oracle"}, 2, `-candidates: unknown evaluation method "oracle"`},
		{[]string{"calibrate", "-players", "5"}, 2, "-players must be 2, 3 or 4"},
		{[]string{"calibrate", "-decks", "0"}, 2, "-decks must be from 1"},
		{append(args, "-dump", filepath.Join(t.TempDir(), "no", "dump.jsonl")), 1, "dump.jsonl"},
		{[]string{"nonsense"}, 2, `unknown command "nonsense"`},
	} {
		errb.Reset()
		require.Equal(t, c.code, run(c.args, &out, &errb), "%v: stderr %q", c.args, errb.String())
		require.Contains(t, errb.String(), c.want, "%v", c.args)
	}
}

// Every klob-lab command's -h fits a terminal of 80 columns.
func TestLabHelpFits(t *testing.T) {
	for _, cmd := range []func([]string, io.Writer, io.Writer) int{runCalibrate, runFitBids} {
		var out, errb bytes.Buffer
		cmd([]string{"-h"}, &out, &errb)
		text := out.String() + errb.String()
		if !strings.Contains(text, "usage: klob-lab") {
			t.Fatalf("no usage: %q", text)
		}
		for _, l := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "    ")); n > 80 {
				t.Errorf("%d columns: %q", n, l)
			}
		}
	}
}
