package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMatchJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMatch([]string{"-a", "normal", "-b", "random", "-deals", "20", "-games", "1", "-seed", "3", "-json"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}
	if rep["a"] != "normal" || rep["b"] != "random" || rep["deals"] != 20.0 || rep["games"] != 1.0 || rep["seed"] != 3.0 {
		t.Errorf("header fields: %v", rep)
	}
	margin, ok := rep["margin"].(map[string]any)
	if !ok {
		t.Fatalf("no margin object: %v", rep)
	}
	for _, k := range []string{"mean", "lo", "hi", "n"} {
		if _, ok := margin[k].(float64); !ok {
			t.Errorf("margin.%s missing: %v", k, margin)
		}
	}
	if margin["lo"].(float64) > margin["mean"].(float64) || margin["mean"].(float64) > margin["hi"].(float64) {
		t.Errorf("margin interval out of order: %v", margin)
	}
	games, ok := rep["games_won"].(map[string]any)
	if !ok || games["played"] != 2.0 {
		t.Errorf("games_won: %v", rep["games_won"])
	}
	for _, k := range []string{"share", "lo", "hi", "wins"} {
		if _, ok := games[k].(float64); !ok {
			t.Errorf("games_won.%s missing: %v", k, games)
		}
	}
	sides, ok := rep["sides"].([]any)
	if !ok || len(sides) != 2 {
		t.Fatalf("sides: %v", rep["sides"])
	}
	for i, s := range sides {
		side := s.(map[string]any)
		for _, k := range []string{"level", "take_rate", "bete_rate", "deals", "takes", "betes"} {
			if _, ok := side[k]; !ok {
				t.Errorf("side %d lacks %s: %v", i, k, side)
			}
		}
		tm, ok := side["time"].(map[string]any)
		if !ok {
			t.Fatalf("side %d: no time: %v", i, side)
		}
		for _, k := range []string{"median_us", "p95_us", "max_us", "count"} {
			if _, ok := tm[k].(float64); !ok {
				t.Errorf("side %d time lacks %s: %v", i, k, tm)
			}
		}
	}
	// stderr is a buffer, not a terminal: plain lines, no carriage
	// return (issue 13, bug 9).
	if e := errb.String(); !strings.HasPrefix(e, "match normal vs random: deals") || strings.Contains(e, "\r") {
		t.Errorf("stderr %q: want plain progress lines without a carriage return", e)
	}
}

func TestMatchText(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMatch([]string{"-a", "easy", "-b", "random", "-deals", "10", "-quiet"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if errb.Len() != 0 {
		t.Errorf("-quiet still wrote %q", errb.String())
	}
	for _, want := range []string{"easy (A) vs random (B)", "margin of A per deal", "95% interval", "take rate", "p95"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestMatchUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "both -a and -b"},
		{[]string{"-a", "normal"}, "both -a and -b"},
		{[]string{"-a", "genius", "-b", "random"}, `unknown bot level "genius"`},
		{[]string{"-a", "normal", "-b", "random", "-deals", "-3"}, "-deals must not be negative"},
		{[]string{"-a", "normal", "-b", "random", "-deals", "0"}, "nothing to play"},
		{[]string{"-a", "normal", "-b", "random", "-games", "-1"}, "-games must not be negative"},
		{[]string{"-a", "normal", "-b", "random", "-deals", "ten"}, "invalid value"},
		{[]string{"-a", "normal", "-b", "random", "extra"}, `unexpected argument "extra"`},
		{[]string{"-a", "normal", "-b", "random", "-deadline", "0s"}, "-deadline must be positive"},
		{[]string{"-a", "normal", "-b", "random", "-rules", "target=abc"}, "option target"},
		{[]string{"-a", "normal", "-b", "random", "-frobnicate"}, "flag provided but not defined"},
		{[]string{"-a", "hard:bid=genius", "-b", "random"}, `unknown bot level "genius"`},
		{[]string{"-a", "hard:think=3", "-b", "random"}, `unknown key "think"`},
		{[]string{"-a", "normal", "-b", "random", "-play-budget", "-1"}, "-play-budget must not be negative"},
		{[]string{"-calibrate", "-a", "hard"}, "-a does not go with -calibrate"},
		{[]string{"-calibrate", "-deals", "0"}, "-deals must be positive"},
		{[]string{"-calibrate", "-eval", "oracle"}, `unknown evaluation method "oracle"`},
		{[]string{"-calibrate", "-candidates", "solved,oracle"}, `-candidates: unknown evaluation method "oracle"`},
		{[]string{"-calibrate", "-bid-budget", "-2"}, "-bid-budget must not be negative"},
		// Issue 14: bounded, refused before anything is allocated.
		{[]string{"-a", "random", "-b", "random", "-deals", "2000000000"}, "-deals 2000000000: at most 1000000"},
		{[]string{"-a", "random", "-b", "random", "-games", "100001"}, "-games 100001: at most 100000"},
		{[]string{"-a", "random", "-b", "random", "-rules", "target=100,target=200"}, "rule option target is given twice"},
		{[]string{"-a", "random", "-b", "random", "-rules", "target=99999"}, "not a number from 1 to 5000"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := runMatch(tc.args, &out, &errb)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(errb.String(), tc.want) || !strings.Contains(errb.String(), "usage: klob match") {
			t.Errorf("%v: stderr %q, want %q and the usage", tc.args, errb.String(), tc.want)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote %q to stdout", tc.args, out.String())
		}
	}
}

func TestMatchHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runMatch([]string{"-h"}, &out, &errb); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	if !strings.Contains(out.String(), "usage: klob match") || !strings.Contains(out.String(), "-deals") {
		t.Errorf("-h output: %q", out.String())
	}
}

// TestMatchGamesOnly: -games alone plays no duplicate deals.
func TestMatchGamesOnly(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runMatch([]string{"-a", "normal", "-b", "easy", "-games", "1", "-json", "-quiet"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Deals    int `json:"deals"`
		GamesWon struct {
			Played int `json:"played"`
		} `json:"games_won"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	if rep.Deals != 0 || rep.GamesWon.Played != 2 {
		t.Errorf("deals %d, games played %d: want 0 and 2", rep.Deals, rep.GamesWon.Played)
	}
}

// TestMatchHybrid: a phase hybrid plays under its canonical name.
func TestMatchHybrid(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMatch([]string{"-a", "normal:play=easy", "-b", "easy:bid=random", "-deals", "5", "-quiet"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "easy:bid=normal (A) vs easy:bid=random (B)") {
		t.Errorf("report header:\n%s", out.String())
	}
}

// TestMatchCalibrate runs a tiny calibration in both formats.
func TestMatchCalibrate(t *testing.T) {
	args := []string{"-calibrate", "-eval", "solved", "-deals", "2", "-budget", "4", "-bid-budget", "4", "-quiet"}
	var out, errb bytes.Buffer
	if code := runMatch(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, want := range []string{"calibration of the solved evaluation", "round one", "every chosen option", "fitted bias"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := runMatch(append(args, "-json"), &out, &errb); code != 0 {
		t.Fatalf("-json: exit %d, stderr %q", code, errb.String())
	}
	var cal struct {
		Method   string `json:"method"`
		Finished int    `json:"finished"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &cal))
	if cal.Method != "solved" || cal.Finished != 2 {
		t.Errorf("method %q, finished %d", cal.Method, cal.Finished)
	}

	// -dump writes a JSON line for every option played out; a file
	// that cannot be made is an error that names it.
	path := filepath.Join(t.TempDir(), "dump.jsonl")
	out.Reset()
	if code := runMatch(append(args, "-counterfactual", "-dump", path), &out, &errb); code != 0 {
		t.Fatalf("-dump: exit %d, stderr %q", code, errb.String())
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Greater(t, len(lines), 2)
	for _, l := range lines {
		var o struct {
			Phase, Option string
		}
		require.NoError(t, json.Unmarshal([]byte(l), &o), l)
		require.NotEmpty(t, o.Option)
	}
	errb.Reset()
	bad := filepath.Join(t.TempDir(), "no", "dump.jsonl")
	if code := runMatch(append(args, "-dump", bad), &out, &errb); code != 1 || !strings.Contains(errb.String(), bad) {
		t.Errorf("-dump into a missing directory: exit %d, stderr %q", code, errb.String())
	}
}
