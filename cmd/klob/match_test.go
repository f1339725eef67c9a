package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/study/match"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// matchReport is the part of klob match -json the tests read.
type matchReport struct {
	A, B       string
	Players    int
	Seed       uint64
	Rules      string
	Decks      int
	Games      int
	Seatings   int
	Unfinished int `json:"unfinished_games"`
	Margin     struct {
		Mean, Lo, Hi float64
		N            int
	}
	PerDeal []struct {
		Mean, Lo, Hi float64
		N            int
	} `json:"per_deal"`
	GamesWon []struct {
		Wins, Played  int
		Share, Lo, Hi float64
	} `json:"games_won"`
	Sides []map[string]any
}

func runMatchJSON(t *testing.T, args ...string) matchReport {
	t.Helper()
	out := matchOK(t, append(args, "-json")...)
	var rep matchReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	return rep
}

// matchOK runs klob match with args, which must exit 0, and returns
// its stdout.
func matchOK(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runWith(runMatch, args...)
	require.Equal(t, 0, code, "stderr %q", errs)
	return out
}

// TestMatchJSON: at every count the JSON report has the levels, the
// seat count, each level's score per deal, the margin, the games won by
// each level and both sides.
func TestMatchJSON(t *testing.T) {
	for _, c := range []struct{ players, seatings int }{{2, 2}, {3, 6}, {4, 2}} {
		t.Run(fmt.Sprint(c.players), func(t *testing.T) {
			rep := runMatchJSON(t, "-players", fmt.Sprint(c.players), "-a", "normal", "-b", "random", "-decks", "10", "-games", "1",
				"-rules", "target=200", "-seed", "3", "-quiet")
			require.Equal(t, "normal", rep.A)
			require.Equal(t, "random", rep.B)
			require.Equal(t, c.players, rep.Players)
			require.Equal(t, c.seatings, rep.Seatings)
			require.Equal(t, 10, rep.Decks)
			require.Equal(t, 10, rep.Margin.N)
			require.LessOrEqual(t, rep.Margin.Lo, rep.Margin.Mean)
			require.LessOrEqual(t, rep.Margin.Mean, rep.Margin.Hi)
			require.Len(t, rep.PerDeal, 2)
			require.InDelta(t, rep.PerDeal[0].Mean-rep.PerDeal[1].Mean, rep.Margin.Mean, 1e-9)
			require.Len(t, rep.GamesWon, 2)
			require.Equal(t, c.seatings, rep.GamesWon[0].Played)
			require.Equal(t, c.seatings, rep.GamesWon[0].Wins+rep.GamesWon[1].Wins+rep.Unfinished)
			if c.players > 2 {
				require.Contains(t, rep.Rules, fmt.Sprintf("players=%d", c.players))
			}
			require.Len(t, rep.Sides, 2)
			for i, side := range rep.Sides {
				for _, k := range []string{"level", "take_rate", "bete_rate", "deals", "takes", "betes", "time"} {
					require.Contains(t, side, k, "side %d", i)
				}
				tm := side["time"].(map[string]any)
				for _, k := range []string{"median_us", "p95_us", "max_us", "count"} {
					require.Contains(t, tm, k, "side %d time", i)
				}
			}
		})
	}
}

// TestMatchJSONLeavesOutUnmeasured: a match of games alone measures no
// margin (nor the points of the decks' deals), one of decks alone no
// games won: the JSON leaves those keys
// out, as the text report leaves out their lines, rather than zeros
// that read as a measured tie. At every count.
func TestMatchJSONLeavesOutUnmeasured(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		for _, c := range []struct {
			what          string
			gone, present []string
		}{
			{"-games", []string{`"margin"`, `"per_deal"`, `"points"`}, []string{`"games_won"`, `"unfinished_games"`, `"decks": 0`, `"take_rate"`}},
			{"-decks", []string{`"games_won"`, `"unfinished_games"`}, []string{`"margin"`, `"per_deal"`, `"points"`, `"games": 0`, `"take_rate"`}},
		} {
			out := matchOK(t, "-players", players, "-a", "easy", "-b", "random", c.what, "1", "-rules", "target=100",
				"-seed", "3", "-quiet", "-json")
			for _, k := range c.gone {
				if strings.Contains(out, k) {
					t.Errorf("%s players, %s 1: the JSON has %s:\n%s", players, c.what, k, out)
				}
			}
			for _, k := range c.present {
				if !strings.Contains(out, k) {
					t.Errorf("%s players, %s 1: the JSON lacks %s:\n%s", players, c.what, k, out)
				}
			}
		}
	}
}

// TestMatchProgress: stderr is a buffer, not a terminal: plain lines,
// no carriage return.
func TestMatchProgress(t *testing.T) {
	code, _, e := runWith(runMatch, "-a", "normal", "-b", "random", "-decks", "20", "-seed", "3")
	require.Equal(t, 0, code)
	if !strings.HasPrefix(e, "match normal vs random: decks") || strings.Contains(e, "\r") {
		t.Errorf("stderr %q: want plain progress lines without a carriage return", e)
	}
}

func TestMatchText(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		code, out, errs := runWith(runMatch, "-players", players, "-a", "easy", "-b", "random", "-decks", "10", "-quiet")
		require.Equal(t, 0, code, "stderr %q", errs)
		require.Zero(t, len(errs), "-quiet still wrote %q", errs)
		for _, want := range []string{"easy (A) vs random (B), " + players + " players", "easy (A) per deal", "margin of A per deal",
			"95% interval", "take rate", "p95"} {
			require.Contains(t, out, want)
		}
		require.NotContains(t, out, "games to the target")
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
		{[]string{"-a", "normal", "-b", "random", "-decks", "-3"}, "-decks must not be negative"},
		{[]string{"-a", "normal", "-b", "random", "-decks", "0"}, "nothing to play"},
		{[]string{"-a", "normal", "-b", "random", "-decks", "3", "-deals", "3"}, "-decks and -deals are the same flag"},
		// -games 0 alone is nothing to play, as -decks 0 is.
		{[]string{"-a", "normal", "-b", "random", "-games", "0"}, "nothing to play: -games is 0"},
		{[]string{"-a", "normal", "-b", "random", "-deals", "0"}, "nothing to play: -deals and -games are both 0"},
		// A flag is named as typed: -deals is -decks' other name.
		{[]string{"-a", "normal", "-b", "random", "-deals", "-1"}, "-deals must not be negative, got -1"},
		{[]string{"-a", "normal", "-b", "random", "-deals", "99999999999"}, "-deals 99999999999: at most 1000000"},
		{[]string{"-calibrate", "-deals", "0"}, "-deals must be positive"},
		{[]string{"-calibrate", "-deals", "2000000"}, "-deals 2000000: at most 1000000"},
		{[]string{"-a", "normal", "-b", "random", "-games", "-1"}, "-games must not be negative"},
		{[]string{"-a", "normal", "-b", "random", "-decks", "ten"}, `-decks "ten": want a whole number`},
		{[]string{"-a", "normal", "-b", "random", "extra"}, `unexpected argument "extra"`},
		{[]string{"-a", "normal", "-b", "random", "-deadline", "0s"}, "-deadline must be positive"},
		{[]string{"-calibrate", "-think", "-1s"}, "-think does not go with -calibrate"},
		{[]string{"-a", "normal", "-b", "random", "-think", "soon"}, `-think "soon": want a duration such as 300ms, 2s or 0`},
		{[]string{"-a", "normal", "-b", "random", "-rules", "target=abc"}, "option target"},
		{[]string{"-a", "normal", "-b", "random", "-frobnicate"}, "flag provided but not defined"},
		{[]string{"-a", "hard:bid=genius", "-b", "random"}, `unknown bot level "genius"`},
		{[]string{"-a", "hard:think=3", "-b", "random"}, `unknown key "think"`},
		{[]string{"-a", "normal", "-b", "random", "-play-budget", "-1"}, "-play-budget must not be negative"},
		{[]string{"-a", "normal", "-b", "random", "-players", "5"}, "want 2, 3 or 4"},
		{[]string{"-calibrate", "-a", "hard"}, "-a does not go with -calibrate"},
		{[]string{"-calibrate", "-decks", "0"}, "-decks must be positive"},
		{[]string{"-calibrate", "-eval", "oracle"}, `unknown evaluation method "oracle"`},
		{[]string{"-calibrate", "-bid-budget", "-2"}, "-bid-budget must not be negative"},
		{[]string{"-calibrate", "-players", "1"}, "want 2, 3 or 4"},
		// The lab's flags are not the product's.
		{[]string{"-calibrate", "-counterfactual"}, "flag provided but not defined"},
		{[]string{"-calibrate", "-dump", "x.jsonl"}, "flag provided but not defined"},
		// Bounded, refused before anything is allocated.
		{[]string{"-a", "random", "-b", "random", "-decks", "2000000000"}, "-decks 2000000000: at most 1000000"},
		{[]string{"-a", "random", "-b", "random", "-games", "100001"}, "-games 100001: at most 100000"},
		{[]string{"-a", "random", "-b", "random", "-rules", "target=100,target=200"}, "rule option target is given twice"},
		{[]string{"-a", "random", "-b", "random", "-rules", "target=99999"}, "not a number from 1 to 5000"},
		{[]string{"-a", "random", "-b", "random", "-rules", ","}, `-rules: "," has an empty rule option`},
	}
	for _, tc := range tests {
		code, out, errs := runWith(runMatch, tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		if !strings.Contains(errs, tc.want) || !strings.HasSuffix(errs, "klob match -h lists every flag.\n") {
			t.Errorf("%v: stderr %q, want %q and where the help is", tc.args, errs, tc.want)
		}
		if len(out) != 0 {
			t.Errorf("%v: wrote %q to stdout", tc.args, out)
		}
	}
}

func TestMatchHelp(t *testing.T) {
	code, out, _ := runWith(runMatch, "-h")
	require.Equal(t, 0, code)
	require.Contains(t, out, "usage: klob match")
	require.Contains(t, out, "-decks")
}

// TestMatchGamesOnly: -games alone plays no decks, at every count; the
// games are played in every seating.
func TestMatchGamesOnly(t *testing.T) {
	for _, c := range []struct{ players, seatings int }{{2, 2}, {3, 6}, {4, 2}} {
		rep := runMatchJSON(t, "-players", fmt.Sprint(c.players), "-a", "easy", "-b", "random", "-games", "2", "-rules", "target=200", "-seed", "5", "-quiet")
		require.Equal(t, 0, rep.Decks)
		require.Equal(t, 2, rep.Games)
		require.Equal(t, 2*c.seatings, rep.GamesWon[0].Played)
		require.Equal(t, 2*c.seatings, rep.GamesWon[0].Wins+rep.GamesWon[1].Wins+rep.Unfinished)
	}
}

// TestMatchDealsFlag: -deals is -decks under its older name.
func TestMatchDealsFlag(t *testing.T) {
	// -think -1s: no clock cuts the easy bot's endgame search, so the
	// two runs are functions of the seed alone.
	a := runMatchJSON(t, "-a", "easy", "-b", "random", "-deals", "5", "-seed", "2", "-quiet", "-think", "-1s")
	b := runMatchJSON(t, "-a", "easy", "-b", "random", "-decks", "5", "-seed", "2", "-quiet", "-think", "-1s")
	require.Equal(t, 5, a.Decks)
	require.Equal(t, a.Margin, b.Margin)
}

// TestMatchHybrid: a phase hybrid plays under its canonical name, at
// every count.
func TestMatchHybrid(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		out := matchOK(t, "-players", players, "-a", "normal:play=easy", "-b", "easy:bid=random", "-decks", "5", "-quiet")
		require.Contains(t, out, "easy:bid=normal (A) vs easy:bid=random (B)")
	}
}

// TestMatchCalibrate runs a tiny calibration at every count in both
// formats: two decks, one under -short.
func TestMatchCalibrate(t *testing.T) {
	shortParallel(t)
	decks := fullOrShort(2, 1)
	for _, players := range []string{"2", "3", "4"} {
		args := []string{"-calibrate", "-players", players, "-eval", "solved", "-decks", fmt.Sprint(decks), "-budget", "2", "-bid-budget", "4", "-quiet"}
		out := matchOK(t, args...)
		for _, want := range []string{"calibration of the solved evaluation, " + players + " players", "round one", "every chosen option"} {
			require.Contains(t, out, want)
		}
		out = matchOK(t, append(args, "-json")...)
		var cal struct {
			Method   string `json:"method"`
			Players  int    `json:"players"`
			Finished int    `json:"finished"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &cal))
		require.Equal(t, "solved", cal.Method)
		require.Equal(t, players, fmt.Sprint(cal.Players))
		require.Equal(t, decks, cal.Finished)
	}
}

// TestMatchSave: -save writes a log for every seating of every deck.
func TestMatchSave(t *testing.T) {
	for _, c := range []struct{ players, seatings int }{{2, 2}, {3, 6}} {
		dir := t.TempDir()
		matchOK(t, "-players", fmt.Sprint(c.players), "-a", "normal", "-b", "random", "-decks", "2", "-seed", "3", "-quiet", "-save", dir)
		es, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Len(t, es, 2*c.seatings)
		// Another match into the same directory is refused: it would
		// write over these logs.
		code, _, errs := runWith(runMatch, "-players", fmt.Sprint(c.players), "-a", "random", "-b", "random", "-decks", "2", "-seed", "3", "-quiet", "-save", dir)
		require.NotEqual(t, 0, code)
		require.Contains(t, errs, dir+" already holds game logs")
	}
}

// TestMatchThink: with -think negative a hard bot's match depends on
// the seed and budgets alone: two runs give the same report. Under
// -short the match is one deck, not two, and the hard bot's budget 2
// samples a decision, not 8 (a fifth of the work; the same property).
func TestMatchThink(t *testing.T) {
	shortParallel(t)
	decks, budget := fullOrShort("2", "1"), fullOrShort("8", "2")
	args := []string{"-players", "3", "-a", "hard", "-b", "normal", "-decks", decks, "-budget", budget, "-seed", "5", "-think", "-1s", "-quiet"}
	a, b := runMatchJSON(t, args...), runMatchJSON(t, args...)
	require.Equal(t, a.Margin, b.Margin)
	require.Equal(t, a.PerDeal, b.PerDeal)
}

// A negative -think also drops the match's own limit a decision, which
// would cut the slowest decisions on a loaded machine just the same;
// a -deadline given on the command line stays.
func TestMatchThinkDropsDeadline(t *testing.T) {
	d := match.DefaultDeadline
	require.Equal(t, time.Duration(0), matchDeadline(-time.Second, d, false))
	require.Equal(t, 9*time.Second, matchDeadline(-time.Second, 9*time.Second, true))
	require.Equal(t, d, matchDeadline(2*time.Second, d, false))
	require.Equal(t, d, matchDeadline(0, d, false))
}

// TestMatchLeavesOutVariantsNotPlayed: a house variant the table does
// not play (cleopatra below four players, shlomo below three) is left
// out with a line that names it, and the report's rules and the saved
// logs name only the rules played.
func TestMatchLeavesOutVariantsNotPlayed(t *testing.T) {
	for _, c := range []struct {
		players int
		gone    []string
	}{{2, []string{"shlomo=on (played by three or four)", "cleopatra=on (played by four)"}},
		{3, []string{"cleopatra=on (played by four)"}}} {
		dir := t.TempDir()
		code, out, errs := runWith(runMatch, "-players", fmt.Sprint(c.players), "-a", "easy", "-b", "random", "-decks", "1", "-quiet",
			"-rules", "shlomo=on,cleopatra=on", "-save", dir)
		require.Equal(t, 0, code, "stderr %q", errs)
		require.Contains(t, unwrapped(errs), "not played: "+strings.Join(c.gone, ", "))
		es, err := os.ReadDir(dir)
		require.NoError(t, err)
		log, err := os.ReadFile(dir + "/" + es[0].Name())
		require.NoError(t, err)
		for _, gone := range c.gone {
			require.NotContains(t, out, strings.Fields(gone)[0])
		}
		require.Equal(t, c.players >= 3, strings.Contains(out, "shlomo=on"), out)
		require.Equal(t, c.players >= 3, strings.Contains(string(log), `[Shlomo "on"]`))
	}
	code, _, errs := runWith(runMatch, "-players", "4", "-a", "easy", "-b", "random", "-decks", "1", "-quiet",
		"-rules", "shlomo=on,cleopatra=on")
	require.Equal(t, 0, code, "stderr %q", errs)
	require.NotContains(t, errs, "not played")
}

// TestMatchRefusesVariantNoTablePlays: bimah without dealer_forced is
// played at no seat count, so match refuses it as play does, at every
// -players and with calibrate too, and plays nothing; with
// dealer_forced it is taken.
func TestMatchRefusesVariantNoTablePlays(t *testing.T) {
	for _, n := range rules.SeatCounts() {
		for _, extra := range [][]string{nil, {"-calibrate"}} {
			dir := t.TempDir()
			args := append([]string{"-players", fmt.Sprint(n), "-a", "easy", "-b", "easy", "-decks", "1", "-quiet",
				"-rules", "cleopatra=on,bimah=on", "-save", dir}, extra...)
			code, out, errs := runWith(runMatch, args...)
			require.Equal(t, 2, code, "players %d %v: stderr %q", n, extra, errs)
			require.Empty(t, out)
			require.Contains(t, errs, "-rules: not played: bimah=on (it needs dealer_forced)")
			require.NotContains(t, errs, "cleopatra")
			es, err := os.ReadDir(dir)
			require.NoError(t, err)
			require.Empty(t, es)
		}
	}
	dir := t.TempDir()
	code, _, errs := runWith(runMatch, "-players", "3", "-a", "easy", "-b", "random", "-decks", "1", "-quiet",
		"-rules", "dealer_forced=on,bimah=on", "-save", dir)
	require.Equal(t, 0, code, "stderr %q", errs)
	require.NotContains(t, errs, "not played")
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	log, err := os.ReadFile(dir + "/" + es[0].Name())
	require.NoError(t, err)
	require.Contains(t, string(log), `[Bimah "on"]`)
}

// TestInterruptedExits130: a report cut short by Ctrl-C is printed and
// exits 130, as a shell says of a command Ctrl-C stopped; one that ran
// to its end exits 0, so that a script tells them apart.
func TestInterruptedExits130(t *testing.T) {
	assert.Equal(t, 0, interrupted(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.Equal(t, 130, interrupted(ctx))
	code := runReport(func(context.Context) (*match.Report, error) { return &match.Report{}, nil }, true, io.Discard, io.Discard)
	assert.Equal(t, 0, code)
}

// TestRoundJSONFloats: figures keep six significant digits; whole
// numbers, a seed beyond float64's precision and strings are left as
// they are; the result is still the same JSON.
func TestRoundJSONFloats(t *testing.T) {
	in := `{"lo": -116.50099999999999, "rate": 0.33333333333333331, "seed": 18446744073709551615, "n": 12, "s": "1.23456789 \"2.5000001\"", "tiny": 1.2345678e-07, "hi": 2.5}`
	want := `{"lo": -116.501, "rate": 0.333333, "seed": 18446744073709551615, "n": 12, "s": "1.23456789 \"2.5000001\"", "tiny": 0.000000123457, "hi": 2.5}`
	got := string(roundJSONFloats([]byte(in), 6))
	assert.Equal(t, want, got)
	assert.True(t, json.Valid([]byte(got)))
}

// TestMatchJSONRounded: no figure of klob match -json carries more than
// six significant digits.
func TestMatchJSONRounded(t *testing.T) {
	out := matchOK(t, "-players", "3", "-a", "normal", "-b", "random", "-decks", "1", "-seed", "5", "-quiet", "-json")
	require.True(t, json.Valid([]byte(out)), out)
	for _, num := range regexp.MustCompile(`-?[0-9]+\.[0-9]+(e[-+]?[0-9]+)?`).FindAllString(out, -1) {
		digits := strings.TrimLeft(strings.NewReplacer("-", "", ".", "").Replace(num), "0")
		assert.LessOrEqual(t, len(digits), 6, "%s in\n%s", num, out)
	}
}

// The line that says which variants a match leaves out is wrapped at 80
// columns as klob's errors are (printError): it ran on in one line.
func TestMatchLeftOutWrapped(t *testing.T) {
	_, _, errs := runWith(runMatch, "-rules", "shlomo=on,cleopatra=on", "-players", "2")
	for _, l := range strings.Split(strings.TrimRight(errs, "\n"), "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("a line of %d columns: %q", len([]rune(l)), l)
		}
	}
	want := "klob match: left out, not played: shlomo=on (played by three or four), cleopatra=on (played by four)"
	if !strings.Contains(unwrapped(errs), want) {
		t.Errorf("stderr does not say %q:\n%s", want, errs)
	}
}
