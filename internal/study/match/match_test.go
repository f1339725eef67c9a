package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestNormalBeatsRandom is the regression match of the default test run:
// normal must beat random clearly over 100 duplicate deals with a fixed
// seed (at the time of writing +57.6 a deal, interval [+50.1, +65.1]).
func TestNormalBeatsRandom(t *testing.T) {
	rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Deals: 100, Seed: 2024})
	require.NoError(t, err)
	if rep.Margin.N != 100 {
		t.Fatalf("margin over %d pairs, want 100", rep.Margin.N)
	}
	t.Logf("normal vs random: %+.1f [%+.1f, %+.1f] a deal", rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi)
	if rep.Margin.Lo < 25 {
		t.Errorf("normal vs random: margin %+.1f [%+.1f, %+.1f], want the interval above +25",
			rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi)
	}
	a, b := rep.Sides[0], rep.Sides[1]
	if a.Deals != 200 || b.Deals != 200 {
		t.Errorf("deals per side %d, %d: want 200 each", a.Deals, b.Deals)
	}
	// Random takes or schmeisses blindly and goes bete far more often.
	if a.BeteRate >= b.BeteRate {
		t.Errorf("bete rates: normal %.2f, random %.2f", a.BeteRate, b.BeteRate)
	}
	if a.Time.Count == 0 || b.Time.Count == 0 {
		t.Errorf("no decision times: %+v %+v", a.Time, b.Time)
	}
}

// TestDuplicateCancelsLuck: a bot against an identical copy of itself
// (normal ignores its seed) scores exactly 0 on every duplicate pair:
// each deck is played once from each seat.
func TestDuplicateCancelsLuck(t *testing.T) {
	rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Normal, Deals: 40, Seed: 5})
	require.NoError(t, err)
	if rep.Margin.Mean != 0 || rep.Margin.Lo != 0 || rep.Margin.Hi != 0 {
		t.Errorf("normal vs itself: margin %+v, want exactly 0", rep.Margin)
	}
	if rep.Sides[0].Takes != rep.Sides[1].Takes || rep.Sides[0].Points != rep.Sides[1].Points {
		t.Errorf("sides differ: %+v vs %+v", rep.Sides[0], rep.Sides[1])
	}
}

// TestDeterministicAcrossWorkers: the result depends on the seed, not on
// how the deals are spread over goroutines.
func TestDeterministicAcrossWorkers(t *testing.T) {
	run := func(workers int, seed uint64) *Report {
		rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Random, Deals: 30, Games: 2, Seed: seed, Workers: workers})
		require.NoError(t, err)
		return rep
	}
	one, four := run(1, 9), run(4, 9)
	if one.Margin != four.Margin || one.GamesWon != four.GamesWon {
		t.Errorf("1 worker: %+v %+v; 4 workers: %+v %+v", one.Margin, one.GamesWon, four.Margin, four.GamesWon)
	}
	for i := range one.Sides {
		a, b := one.Sides[i], four.Sides[i]
		a.Time, b.Time = Times{}, Times{}
		if a != b {
			t.Errorf("side %d: %+v vs %+v", i, a, b)
		}
	}
	if other := run(2, 10); other.Margin == one.Margin {
		t.Errorf("seeds 9 and 10 gave the same margin %+v", one.Margin)
	}
}

func TestPairDeck(t *testing.T) {
	d1, s1 := pairDeck(1, 0)
	d2, s2 := pairDeck(1, 0)
	d3, _ := pairDeck(1, 1)
	d4, _ := pairDeck(2, 0)
	if d1 != d2 || s1 != s2 {
		t.Errorf("pairDeck(1, 0) differs between calls")
	}
	if d1 == d3 || d1 == d4 {
		t.Errorf("pairDeck repeats a deck for another pair or seed")
	}
	var seen rules.CardSet
	for _, c := range d1 {
		seen = seen.With(c)
	}
	if seen != rules.FullDeck {
		t.Errorf("pairDeck(1, 0) is not a deck: %s", d1)
	}
}

// TestGames: whole games are played twice each, and every one ends.
func TestGames(t *testing.T) {
	rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Games: 3, Seed: 4})
	require.NoError(t, err)
	if rep.GamesWon.Played != 6 || rep.Unfinished != 0 {
		t.Fatalf("games: %+v, unfinished %d; want 6 played, all finished", rep.GamesWon, rep.Unfinished)
	}
	if rep.GamesWon.Wins < 4 {
		t.Errorf("normal won %d of 6 games against random", rep.GamesWon.Wins)
	}
	if rep.Margin.N != 0 {
		t.Errorf("no duplicate deals asked, margin over %d", rep.Margin.N)
	}
	if rep.Sides[0].Deals == 0 || rep.Sides[0].Deals != rep.Sides[1].Deals {
		t.Errorf("deals per side: %d, %d", rep.Sides[0].Deals, rep.Sides[1].Deals)
	}
}

// stubBot plays the first legal action, or a fixed bad one, or waits for
// its deadline.
type stubBot struct {
	illegal bool
	wait    bool
	sawDone *bool
}

func (s stubBot) Level() ai.Level { return "stub" }

func (s stubBot) Choose(ctx context.Context, v rules.View) (rules.Action, error) {
	if s.illegal {
		return rules.PlayAction(rules.NoCard), nil
	}
	if s.wait {
		<-ctx.Done()
		*s.sawDone = true
	}
	l := v.Legal()
	if len(l) == 0 {
		return rules.Action{}, ai.ErrNoMove
	}
	return l[0], nil
}

func stubFactory(b ai.Bot) ai.Factory {
	return func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
		if l == "stub" {
			return b, nil
		}
		return ai.New(l, cfg)
	}
}

func TestIllegalActionStopsMatch(t *testing.T) {
	_, err := Run(context.Background(), Config{A: "stub", B: ai.Random, Deals: 5, Seed: 1,
		NewBot: stubFactory(stubBot{illegal: true})})
	if err == nil || !strings.Contains(err.Error(), "stub") || !strings.Contains(err.Error(), "duplicate deal") {
		t.Fatalf("err = %v, want an error naming the bot and the deal", err)
	}
	var ie *rules.IllegalError
	if !errors.As(err, &ie) {
		t.Errorf("err %v does not wrap the rules' IllegalError", err)
	}
}

// TestDeadline: each decision gets its own deadline through the context.
func TestDeadline(t *testing.T) {
	saw := false
	start := time.Now()
	rep, err := Run(context.Background(), Config{A: "stub", B: ai.Random, Deals: 1, Seed: 1,
		Deadline: 2 * time.Millisecond, Workers: 1, NewBot: stubFactory(stubBot{wait: true, sawDone: &saw})})
	require.NoError(t, err)
	if !saw {
		t.Fatal("the waiting bot never saw its deadline")
	}
	if rep.Sides[0].Time.Max < 2*time.Millisecond {
		t.Errorf("max decision time %v, below the 2ms the bot waited", rep.Sides[0].Time.Max)
	}
	if el := time.Since(start); el > time.Minute {
		t.Errorf("match took %v", el)
	}
}

func TestConfigErrors(t *testing.T) {
	bad := []Config{
		{A: ai.Normal, B: ai.Random},
		{A: ai.Normal, B: ai.Random, Deals: -1},
		{A: ai.Normal, B: ai.Random, Games: -2, Deals: 3},
		{A: "nobody", B: ai.Random, Deals: 3},
	}
	for _, c := range bad {
		if _, err := Run(context.Background(), c); err == nil {
			t.Errorf("Run(%+v): no error", c)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{A: ai.Normal, B: ai.Random, Deals: 1000, Seed: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled match: err %v, want context.Canceled", err)
	}
}

// TestProgressAndText: on a terminal the progress line is rewritten in
// place with carriage returns and ended by one newline; the text report
// has the margin, the games and both sides.
func TestProgressAndText(t *testing.T) {
	var prog bytes.Buffer
	line := progress.NewFor(&prog, true, 0, nil)
	rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Random, Deals: 300, Games: 2, Seed: 3, Progress: line})
	require.NoError(t, err)
	p := prog.String()
	if !strings.HasPrefix(p, "\r") || strings.Count(p, "\n") != 1 || !strings.HasSuffix(p, "\n") {
		t.Errorf("progress output %q: want \\r-led lines and one final newline", p)
	}
	if !strings.Contains(p, "deals 300/300") || !strings.Contains(p, "games 2/2") {
		t.Errorf("last progress line %q does not show the finished counts", p)
	}
	var out bytes.Buffer
	require.NoError(t, rep.WriteText(&out))
	for _, want := range []string{"easy (A) vs random (B)", "margin of A per deal", "games won by A", "take rate", "bete rate", "median", "p95"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestJobList: every deal pair and game pair appears once.
func TestJobList(t *testing.T) {
	for _, c := range []Config{{Deals: 10, Games: 3}, {Deals: 0, Games: 4}, {Deals: 5}, {Deals: 3, Games: 7}} {
		js := slices.Collect(jobSeq(c))
		deals, games := map[int]bool{}, map[int]bool{}
		for _, j := range js {
			if j.game {
				games[j.i] = true
			} else {
				deals[j.i] = true
			}
		}
		if len(js) != c.Deals+c.Games || len(deals) != c.Deals || len(games) != c.Games {
			t.Errorf("jobList(%d deals, %d games): %v", c.Deals, c.Games, js)
		}
	}
}

// A match over more than MaxDeals deals or MaxGames games is refused
// before anything is played (issue 14: -deals 2000000000 ran out of
// memory).
func TestRunRefusesTooMany(t *testing.T) {
	for _, c := range []Config{{Deals: MaxDeals + 1}, {Games: MaxGames + 1}, {Deals: 2_000_000_000, Games: 1}} {
		c.A, c.B = ai.Random, ai.Random
		_, err := Run(context.Background(), c)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d deals and %d games", MaxDeals, MaxGames)) {
			t.Errorf("Run(%d deals, %d games): got %v, want the bounds named", c.Deals, c.Games, err)
		}
	}
}

// The deals are streamed: a match of MaxDeals deals stopped after a few
// has allocated little, not a slot for every deal up front (a job list
// and a result per pair were 130 MB at MaxDeals).
func TestRunStreamsDeals(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	made := 0
	newBot := func(l ai.Level, c ai.Config) (ai.Bot, error) {
		if made++; made > 20 {
			cancel()
		}
		return ai.New(l, c)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Run(ctx, Config{A: ai.Random, B: ai.Random, Deals: MaxDeals, Games: MaxGames, Workers: 1, NewBot: newBot})
	runtime.ReadMemStats(&after)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: got %v, want it cancelled", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("a cancelled match of %d deals allocated %d bytes, want under 4 MB", MaxDeals, got)
	}
}
