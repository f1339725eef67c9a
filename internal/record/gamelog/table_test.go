package gamelog_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tableOpts returns the options of a table of n with the house variants
// chosen by the bits of v.
func tableOpts(n int, v uint64) rules.Options {
	o := rules.DefaultOptions()
	o.Players = n
	o.Target = 250
	o.OfAKind, o.Menage = v&1 != 0, v&2 != 0
	o.DealerForced, o.Bimah = v&4 != 0, v&12 == 12
	o.Shlomo, o.Cleopatra = v&16 != 0, v&32 != 0
	return o
}

func tableHeader(n int) gamelog.Header {
	h := gamelog.Header{Event: "table test"}
	for s := range rules.Seat(n) {
		h.SetPlayer(s, "Random "+s.String(), "random")
	}
	return h
}

// TestTableRoundTrip plays games of three and four players with every
// combination of the house variants, whole and stopped at many points,
// and checks that the writer's text parses back to the same log and the
// same text, and that the replay gives the game's totals.
func TestTableRoundTrip(t *testing.T) {
	games := 0
	for _, n := range []int{3, 4} {
		for v := range uint64(64) {
			if testing.Short() && v%5 != 0 {
				continue
			}
			opts := tableOpts(n, v)
			for stop := range 3 {
				cfg := testkit.Config{Seed: v*7 + uint64(n), Options: opts, FirstDealer: rules.Seat(v % uint64(n)), Header: tableHeader(n)}
				if stop > 0 {
					cfg.MaxDeals, cfg.StopAfter = 2, int(v%40)+stop*13
				}
				l, err := testkit.Play(cfg)
				if err != nil {
					t.Fatal(err)
				}
				text, err := l.MarshalText()
				if err != nil {
					t.Fatalf("n %d v %d: %v", n, v, err)
				}
				name := fmt.Sprintf("n%d-v%d-stop%d.klob", n, v, stop)
				back, r, err := gamelog.ParseReplay(name, text)
				if err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				again, err := back.MarshalText()
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(text, again) {
					t.Fatalf("%s: the text changed on a round trip", name)
				}
				g, err := back.Game()
				if err != nil {
					t.Fatal(err)
				}
				if r.Totals != g.Totals() || r.Players() != n {
					t.Fatalf("%s: replay sides %v, game %v", name, r.Totals, g.Totals())
				}
				if stop == 0 && !r.Over {
					t.Fatalf("%s: the game did not end", name)
				}
				var sum bytes.Buffer
				r.WriteSummary(&sum, name)
				if !strings.Contains(sum.String(), ", players="+fmt.Sprint(n)) {
					t.Fatalf("%s: summary does not name the table:\n%s", name, sum.String())
				}
				games++
			}
		}
	}
	t.Logf("%d logs", games)
}

// TestTableHeader: a table's log names seats C (and D), writes the table
// options that differ from their default, and the reader refuses a
// missing seat tag, a seat the table does not have, and a result that is
// not a side.
func TestTableHeader(t *testing.T) {
	l, err := testkit.Play(testkit.Config{Seed: 3, Options: tableOpts(4, 16+32), Header: tableHeader(4), MaxDeals: 1, StopAfter: 5})
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{`[PlayerC "Random C"]`, `[LevelD "random"]`, `[Players "4"]`, `[Shlomo "on"]`, `[Cleopatra "on"]`, `[Result "*"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("the log lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "[Menage") {
		t.Errorf("an option at its default is written:\n%s", text)
	}
	for _, c := range []struct{ from, to, want string }{
		{`[PlayerD "Random D"]` + "\n", "", "the tag [PlayerD] is missing (a game of 4 players)"},
		{`[Players "4"]`, `[Players "3"]`, "tag PlayerD: a game of 3 players has no seat D"},
		{`[Result "*"]`, `[Result "C"]`, `"C" is not a result: AC, BD or * (unfinished)`},
		{`[FirstDealer "A"]`, `[FirstDealer "E"]`, `"E" is not a seat: A, B, C or D`},
	} {
		_, err := gamelog.Parse("x.klob", []byte(strings.Replace(text, c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, gamelog.ErrSyntax) {
			t.Errorf("%s -> %s: got %v, want %q", c.from, c.to, err, c.want)
		}
	}
}

// TestSummaryOfAbandoned: klob verify calls a game in progress
// unfinished, and the same game filed in the history before its end
// too, as the history list and the file's name say, before a deal is
// finished and after one, at every seat count.
func TestSummaryOfAbandoned(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, c := range []struct {
			deals, stop int
			tail        string
		}{{1, 5, ", no deal finished"}, {2, 5, " after deal 1"}} {
			l, err := testkit.Play(testkit.Config{Seed: 3, Options: tableOpts(n, 0), Header: tableHeader(n), MaxDeals: c.deals, StopAfter: c.stop})
			if err != nil {
				t.Fatal(err)
			}
			_, fr, err := gamelog.Filed(l)
			if err != nil {
				t.Fatal(err)
			}
			r, err := l.Replay()
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []struct {
				r    *gamelog.Replay
				want string
			}{{r, "unfinished" + c.tail}, {fr, "unfinished" + c.tail}} {
				var sum bytes.Buffer
				w.r.WriteSummary(&sum, "x.klob")
				if !strings.Contains(sum.String(), "\n"+w.want+":") {
					t.Errorf("%d players, %d deals: the summary lacks %q:\n%s", n, c.deals, w.want, sum.String())
				}
			}
		}
	}
}

// TestSummaryTricksPlayed: a deal in progress counts its tricks in good
// English: "1 trick played", "2 tricks played".
func TestSummaryTricksPlayed(t *testing.T) {
	seen := map[string]bool{}
	for stop := 1; stop <= 40; stop++ {
		sum := summaryOf(t, testkit.Config{Seed: 3, Options: tableOpts(2, 0), Header: tableHeader(2), MaxDeals: 1, StopAfter: stop})
		if strings.Contains(sum, " 1 tricks") {
			t.Fatalf("stopped after %d steps:\n%s", stop, sum)
		}
		for _, w := range []string{", 1 trick played", ", 2 tricks played"} {
			if strings.Contains(sum, w) {
				seen[w] = true
			}
		}
	}
	if len(seen) != 2 {
		t.Errorf("the games stopped short saw only %v", seen)
	}
}

// TestSummaryNamesTheMenage: the score keeps bella (20) and the menage
// (50) in one field; the summary names the one a seat scored, never
// "bella 50".
func TestSummaryNamesTheMenage(t *testing.T) {
	menages := 0
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 30; seed++ {
			sum := summaryOf(t, testkit.Config{Seed: seed, Options: tableOpts(n, 2), Header: tableHeader(n)})
			if strings.Contains(sum, "bella 50") {
				t.Fatalf("%d players, seed %d: a menage written as bella:\n%s", n, seed, sum)
			}
			menages += strings.Count(sum, "+ menage 50")
		}
	}
	if menages == 0 {
		t.Error("no game scored a menage: the test checks nothing")
	}
	t.Logf("%d menages named", menages)
}

// TestLogNamesTheMenage: the log's score line names the menage's 50 as
// the summary does, "menage 50", never "bella 50", at every count; a log
// written before the word, with "bella 50" for the menage, reads to the
// same Log and writes back with "menage 50".
func TestLogNamesTheMenage(t *testing.T) {
	menages := 0
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 30; seed++ {
			l, err := testkit.Play(testkit.Config{Seed: seed, Options: tableOpts(n, 2), Header: tableHeader(n)})
			require.NoError(t, err)
			text, err := l.MarshalText()
			require.NoError(t, err)
			require.NotContains(t, string(text), "bella 50", "%d players, seed %d", n, seed)
			menages += strings.Count(string(text), " menage 50 ")
		}
	}
	require.NotZero(t, menages, "no game scored a menage: the test checks nothing")

	name := filepath.Join(gamesDir, "tables", "4-10-menage-announced.klob")
	now, err := os.ReadFile(name)
	require.NoError(t, err)
	require.Contains(t, string(now), "sequences 0 menage 50 declared")
	old := strings.ReplaceAll(string(now), " menage 50 ", " bella 50 ")
	lOld, err := gamelog.Parse(name, []byte(old))
	require.NoError(t, err, "a log of before the word")
	lNow, err := gamelog.Parse(name, now)
	require.NoError(t, err)
	require.True(t, reflect.DeepEqual(lOld, lNow), "the older log reads to another Log")
	out, err := lOld.MarshalText()
	require.NoError(t, err)
	require.Equal(t, string(now), string(out))
}

// summaryOf is klob verify's summary of the game cfg plays.
func summaryOf(t *testing.T, cfg testkit.Config) string {
	t.Helper()
	l, err := testkit.Play(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := l.Replay()
	if err != nil {
		t.Fatal(err)
	}
	var sum bytes.Buffer
	r.WriteSummary(&sum, "x.klob")
	return sum.String()
}

// TestOlderLogsReadTheSame: a log written before the passes at the
// declarations had their own words ("B: pass" where the writer now
// writes "B: no-shlomo") reads to the same Log as the log of today, and
// writes as it; testdata/games/older keeps such logs of every kind
// (whole games and saves, at three and four, both rounds).
func TestOlderLogsReadTheSame(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(gamesDir, "older", "*.klob"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 5)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			old, err := os.ReadFile(f)
			require.NoError(t, err)
			require.True(t, strings.Contains(string(old), ": pass\n") &&
				!strings.Contains(string(old), ": no-shlomo") && !strings.Contains(string(old), ": no-cleopatra"),
				"not a log of before the words")
			now, err := filepath.Glob(filepath.Join(gamesDir, "tables", "*", filepath.Base(f)))
			require.NoError(t, err)
			if direct := filepath.Join(gamesDir, "tables", filepath.Base(f)); fileExists(direct) {
				now = append(now, direct)
			}
			require.Len(t, now, 1, "the log of today")
			want, err := os.ReadFile(now[0])
			require.NoError(t, err)
			lOld, err := gamelog.Parse(f, old)
			require.NoError(t, err)
			lNow, err := gamelog.Parse(now[0], want)
			require.NoError(t, err)
			require.True(t, reflect.DeepEqual(lOld, lNow), "the older log reads to another Log")
			out, err := lOld.MarshalText()
			require.NoError(t, err)
			require.True(t, bytes.Equal(want, out), "the older log writes otherwise than the log of today:\n%s", testkit.FirstDiff(out, want))
			// Only the passes at the declarations changed their words.
			oldLines, nowLines := strings.Split(string(old), "\n"), strings.Split(string(want), "\n")
			require.Len(t, nowLines, len(oldLines))
			for i := range oldLines {
				if oldLines[i] != nowLines[i] {
					seat, word, _ := strings.Cut(nowLines[i], ": ")
					require.Equal(t, seat+": pass", oldLines[i], "line %d", i+1)
					require.Contains(t, []string{"no-shlomo", "no-cleopatra"}, word, "line %d", i+1)
				}
			}
		})
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestDeclinedWordsInPlace: a pass at the declarations names its round,
// and the reader refuses it in the other round, while a card changes
// hands and in the bidding, at its line and column.
func TestDeclinedWordsInPlace(t *testing.T) {
	const name = "4-14-shlomo-and-cleopatra-in-one-deal.klob"
	data, err := os.ReadFile(filepath.Join(gamesDir, "tables", name))
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	for _, c := range []struct {
		line     int // 1-based
		from, to string
		want     string
	}{
		{35, "B: no-shlomo", "B: no-cleopatra", `:35:4: deal 1: "no-cleopatra" is not a move now: this is the shlomo round of the declarations: shlomo or no-shlomo`},
		{44, "C: no-cleopatra", "C: no-shlomo", `:44:4: deal 1: "no-shlomo" is not a move now: this is the cleopatra round of the declarations: cleopatra or no-cleopatra`},
		{39, "chance: draw 8D", "chance: no-shlomo", `:39:9: deal 1: "no-shlomo" is not a move now: it passes on a shlomo, and a card changes hands now`},
		{51, "B: take", "B: no-shlomo", `:51:4: deal 1: "no-shlomo" is not a move now: it passes on a shlomo at the declarations, and this is a bid`},
	} {
		require.Equal(t, c.from, lines[c.line-1], "line %d of %s", c.line, name)
		bad := append([]string(nil), lines...)
		bad[c.line-1] = c.to
		_, err := gamelog.Parse(name, []byte(strings.Join(bad, "\n")))
		require.Error(t, err, c.to)
		assert.Equal(t, name+c.want, err.Error())
		assert.ErrorIs(t, err, rules.ErrWrongPhase, c.to)
	}
}
