package match

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/progress"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// seatCounts are the table sizes every table-driven test runs over.
var seatCounts = []int{2, 3, 4}

// opts returns the default rules at a table of players.
func opts(players int) rules.Options {
	o := rules.DefaultOptions()
	if players != 2 {
		o.Players = players
	}
	return o
}

// TestNormalBeatsRandom is the regression match of the default test run:
// normal must beat random clearly at every seat count on a fixed seed.
func TestNormalBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		players int
		above   float64 // the interval's low end must be above this
	}{{2, 25}, {3, 20}, {4, 40}} {
		t.Run(fmt.Sprint(c.players), func(t *testing.T) {
			rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Decks: 100, Seed: 2024, Options: opts(c.players)})
			require.NoError(t, err)
			t.Logf("normal vs random: %+.1f [%+.1f, %+.1f] a deal", rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi)
			require.Equal(t, 100, rep.Margin.N)
			require.Equal(t, c.players, rep.Players)
			if rep.Margin.Lo <= c.above {
				t.Errorf("margin %+.1f [%+.1f, %+.1f], want the interval above %+.0f", rep.Margin.Mean, rep.Margin.Lo, rep.Margin.Hi, c.above)
			}
			require.InDelta(t, rep.PerDeal[0].Mean-rep.PerDeal[1].Mean, rep.Margin.Mean, 1e-9, "the margin is the difference of the levels' scores")
			seatings := len(seatings(c.players))
			for _, s := range rep.Sides {
				require.Equal(t, 100*seatings, s.Deals)
				require.Positive(t, s.Time.Count)
			}
			// Random takes blindly and goes bete far more often.
			if rep.Sides[0].BeteRate >= rep.Sides[1].BeteRate {
				t.Errorf("bete rates: normal %.2f, random %.2f", rep.Sides[0].BeteRate, rep.Sides[1].BeteRate)
			}
		})
	}
}

// TestLevelAgainstItself: a level against itself scores exactly zero on
// every deck, even a level that uses its seed: a seat's seed follows the
// seat, so every seating of a deck plays the same deal.
func TestLevelAgainstItself(t *testing.T) {
	for _, players := range seatCounts {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Easy, Decks: 30, Seed: 5, Options: opts(players)})
			require.NoError(t, err)
			require.Equal(t, Interval{N: 30}, rep.Margin)
			a, b := rep.Sides[0], rep.Sides[1]
			require.Equal(t, a.Takes, b.Takes)
			require.Equal(t, a.Points, b.Points)
		})
	}
}

// TestPerDealNeverNegative: a level's points a deal are never
// negative, nor is their interval, however few the decks (two easy
// decks at two players gave [-386.3, 452.3]), at every seat count.
func TestPerDealNeverNegative(t *testing.T) {
	for _, players := range seatCounts {
		for seed := uint64(1); seed <= 3; seed++ {
			rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Easy, Decks: 2, Seed: seed, Think: -1, Options: opts(players)})
			require.NoError(t, err)
			for l, iv := range rep.PerDeal {
				require.True(t, 0 <= iv.Lo && iv.Lo <= iv.Mean && iv.Mean <= iv.Hi, "%d players, seed %d, side %d: %+v", players, seed, l, iv)
			}
		}
	}
}

// stripTimes clears what depends on the machine: the decision times
// (their count stays), the elapsed time and the workers.
func stripTimes(r *Report) {
	for l := range r.Sides {
		r.Sides[l].Time = Times{Count: r.Sides[l].Time.Count}
	}
	r.Elapsed, r.Workers = 0, 0
}

// TestDeterministic: decks and games give the same report on one worker
// and on three, and another seed gives another.
func TestDeterministic(t *testing.T) {
	for _, players := range seatCounts {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			run := func(workers int, seed uint64) *Report {
				o := opts(players)
				o.Target = 200
				rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Random, Decks: 12, Games: 2, Seed: seed, Workers: workers, Options: o})
				require.NoError(t, err)
				stripTimes(rep)
				return rep
			}
			one := run(1, 9)
			require.Equal(t, one, run(3, 9))
			require.NotEqual(t, one.Margin, run(2, 10).Margin)
		})
	}
}

// TestSeatings: at every count each level sits in every seat equally
// often, and in each seating one level holds a single side.
func TestSeatings(t *testing.T) {
	for _, players := range seatCounts {
		ls := layouts(opts(players))
		for s := range players {
			var n [2]int
			for _, l := range ls {
				n[l.at[s]]++
			}
			require.Equal(t, n[0], n[1], "%d players, seat %d", players, s)
		}
		for _, l := range ls {
			require.True(t, l.held[0] == 1 || l.held[1] == 1, "%d players, seating %v", players, l.at)
		}
	}
}

// TestMargin: on random scores, a deal's margin (Score.Margin of the side
// a level holds alone) is A's mean score per side less B's.
func TestMargin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, players := range seatCounts {
		for _, l := range layouts(opts(players)) {
			for range 200 {
				sc := rules.Score{Players: players}
				for s := range sc.Sides() {
					sc.Scored[s] = r.IntN(300)
				}
				var sum [2]float64
				for s := range l.sides {
					sum[l.level[s]] += float64(sc.Scored[s])
				}
				want := sum[0]/float64(l.held[0]) - sum[1]/float64(l.held[1])
				if got := l.margin(&sc); math.Abs(got-want) > 1e-9 {
					t.Fatalf("%d players, seating %v, scored %v: margin %.3f, want %.3f", players, l.at, sc.Scored, got, want)
				}
			}
		}
	}
}

func TestDeck(t *testing.T) {
	d1, s1 := Deck(1, 0, 2)
	d2, s2 := Deck(1, 0, 2)
	d3, _ := Deck(1, 1, 2)
	d4, _ := Deck(2, 0, 2)
	require.Equal(t, d1, d2)
	require.Equal(t, s1, s2)
	require.NotEqual(t, d1, d3, "another deck index")
	require.NotEqual(t, d1, d4, "another seed")
	var seen rules.CardSet
	for _, c := range d1 {
		seen = seen.With(c)
	}
	require.Equal(t, rules.FullDeck, seen)
	for _, players := range seatCounts {
		d, dealer := Deck(1, 0, players)
		require.Equal(t, d1, d, "the cards do not depend on the seat count")
		require.Less(t, int(dealer), players)
	}
}

// TestGames: whole games at every count, each played in every seating;
// every one ends, and normal wins most against random.
func TestGames(t *testing.T) {
	for _, players := range seatCounts {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			o := opts(players)
			o.Target = 300
			rep, err := Run(context.Background(), Config{A: ai.Normal, B: ai.Random, Games: 2, Seed: 4, Options: o})
			require.NoError(t, err)
			played := 2 * rep.Seatings
			a, b := rep.GamesWon[0], rep.GamesWon[1]
			require.Equal(t, played, a.Played)
			require.Equal(t, 0, rep.Unfinished)
			require.Equal(t, played, a.Wins+b.Wins)
			require.Greater(t, a.Wins, b.Wins)
			require.Zero(t, rep.Margin.N, "no decks asked")
			require.Positive(t, rep.Sides[0].Deals)
		})
	}
}

// phaseBot is a real bot that records the phases it was asked in.
type phaseBot struct {
	ai.Bot
	level  ai.Level
	mu     *sync.Mutex
	phases map[ai.Level]map[rules.Phase]bool
}

func (b phaseBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.mu.Lock()
	b.phases[b.level][v.Phase] = true
	b.mu.Unlock()
	return b.Bot.Choose(ctx, v)
}

// TestHybrid: a phase hybrid plays at every count, its bid level asked
// only before the card play and its play level only in it.
func TestHybrid(t *testing.T) {
	for _, players := range seatCounts {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			var mu sync.Mutex
			phases := map[ai.Level]map[rules.Phase]bool{}
			f := func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
				mu.Lock()
				defer mu.Unlock()
				if phases[l] == nil {
					phases[l] = map[rules.Phase]bool{}
				}
				b, err := ai.New(l, cfg)
				return phaseBot{Bot: b, level: l, mu: &mu, phases: phases}, err
			}
			rep, err := Run(context.Background(), Config{A: "random:bid=easy", B: ai.Normal, Decks: 10, Seed: 3, NewBot: f, Options: opts(players)})
			require.NoError(t, err)
			require.Equal(t, "random:bid=easy", rep.Sides[0].Level)
			require.True(t, phases[ai.Easy][rules.PhaseBid1])
			require.False(t, phases[ai.Easy][rules.PhasePlay], "the bid level played a card")
			require.Equal(t, map[rules.Phase]bool{rules.PhasePlay: true}, phases[ai.Random], "the play level only plays")

			// The real bots: a hybrid that bids like normal and plays
			// like random beats random.
			rep, err = Run(context.Background(), Config{A: "random:bid=normal", B: ai.Random, Decks: 40, Seed: 3, Options: opts(players)})
			require.NoError(t, err)
			require.Positive(t, rep.Margin.Lo)
		})
	}
}

// stubBot plays the first legal action, or a fixed illegal one; it
// records whether its context had a deadline.
type stubBot struct {
	illegal  bool
	deadline *bool
}

func (s stubBot) Level() ai.Level { return "stub" }

func (s stubBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	if s.illegal {
		return rules.PlayAction(rules.NoCard), nil
	}
	if s.deadline != nil {
		_, *s.deadline = ctx.Deadline()
	}
	return v.Legal()[0], nil
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
	for _, players := range seatCounts {
		_, err := Run(context.Background(), Config{A: "stub", B: ai.Random, Decks: 5, Seed: 1, Options: opts(players),
			NewBot: stubFactory(stubBot{illegal: true})})
		if err == nil || !strings.Contains(err.Error(), "stub") || !strings.Contains(err.Error(), "deck") {
			t.Fatalf("%d players: err = %v, want an error naming the bot and the deck", players, err)
		}
		var ie *rules.IllegalError
		require.ErrorAs(t, err, &ie)
	}
}

// cardBot plays a card it does not hold when it is to play a card, and
// takes or names trump at its first chance.
type cardBot struct{}

func (cardBot) Level() ai.Level { return "stub" }

func (cardBot) Choose(_ context.Context, v *rules.View) (rules.Action, error) {
	if v.Phase == rules.PhasePlay {
		for c := rules.Card(0); c < 32; c++ {
			if !v.Hand.Has(c) {
				return rules.PlayAction(c), nil
			}
		}
	}
	// Take or name trump, so that the deal reaches the card play.
	for _, a := range v.Legal() {
		if a.Kind == rules.Take || a.Kind == rules.Name {
			return a, nil
		}
	}
	return v.Legal()[0], nil
}

// TestIllegalCardNamesTheSeat: a bot's card it does not hold is
// reported with its seat, not the engine's "you".
func TestIllegalCardNamesTheSeat(t *testing.T) {
	for _, players := range seatCounts {
		_, err := Run(context.Background(), Config{A: "stub", B: ai.Random, Decks: 1, Seed: 1, Options: opts(players),
			NewBot: stubFactory(cardBot{})})
		require.Error(t, err)
		m := regexp.MustCompile(`bot stub in seat ([A-D]) chose "play [^"]+": ([A-D]) does not hold`).FindStringSubmatch(err.Error())
		require.NotNil(t, m, err.Error())
		require.Equal(t, m[1], m[2], "the seat blamed")
		require.NotContains(t, err.Error(), "you")
		require.ErrorIs(t, err, rules.ErrNotInHand)
	}
}

// TestDeadline: a decision gets a context deadline only when the match
// sets one; otherwise the bot's budget alone bounds it.
func TestDeadline(t *testing.T) {
	for _, c := range []struct {
		deadline bool
		want     bool
	}{{false, false}, {true, true}} {
		saw := !c.want
		cfg := Config{A: "stub", B: ai.Random, Decks: 1, Seed: 1, Workers: 1, NewBot: stubFactory(stubBot{deadline: &saw})}
		if c.deadline {
			cfg.Deadline = DefaultDeadline
		}
		_, err := Run(context.Background(), cfg)
		require.NoError(t, err)
		require.Equal(t, c.want, saw, "deadline %v", c.deadline)
	}
}

func TestConfigErrors(t *testing.T) {
	five := rules.DefaultOptions()
	five.Players = 5
	bad := []Config{
		{A: ai.Normal, B: ai.Random},
		{A: ai.Normal, B: ai.Random, Decks: -1},
		{A: ai.Normal, B: ai.Random, Games: -2, Decks: 3},
		{A: "nobody", B: ai.Random, Decks: 3},
		{A: ai.Normal, B: "hard:bid=nobody", Decks: 3},
		{A: ai.Normal, B: ai.Random, Decks: 3, Options: five},
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
	_, err := Run(ctx, Config{A: ai.Normal, B: ai.Random, Decks: 1000, Seed: 1})
	require.ErrorIs(t, err, context.Canceled)
}

// TestProgressAndText: on a terminal the progress line is rewritten in
// place with carriage returns and ended by one newline; the text report
// has both levels' scores, the margin, the games and both sides; the
// JSON carries the same.
func TestProgressAndText(t *testing.T) {
	for _, players := range seatCounts {
		var prog bytes.Buffer
		line := progress.NewFor(&prog, true, 0, nil)
		o := opts(players)
		o.Target = 200
		rep, err := Run(context.Background(), Config{A: ai.Easy, B: ai.Random, Decks: 30, Games: 2, Seed: 3, Progress: line, Options: o})
		require.NoError(t, err)
		p := prog.String()
		if !strings.HasPrefix(p, "\r") || strings.Count(p, "\n") != 1 || !strings.HasSuffix(p, "\n") {
			t.Errorf("progress output %q: want \\r-led lines and one final newline", p)
		}
		require.Contains(t, p, "decks 30/30")
		require.Contains(t, p, "games 2/2")
		var out bytes.Buffer
		require.NoError(t, rep.WriteText(&out))
		for _, want := range []string{
			fmt.Sprintf("easy (A) vs random (B), %d players", players),
			fmt.Sprintf("each dealt %d times", len(seatings(players))),
			"easy (A) per deal:", "random (B) per deal:", "margin of A per deal",
			"games won by easy (A)", "games won by random (B)", "take rate", "bete rate", "median", "p95",
		} {
			require.Contains(t, out.String(), want)
		}
		js, err := json.Marshal(rep)
		require.NoError(t, err)
		for _, want := range []string{fmt.Sprintf(`"players":%d`, players), `"per_deal":[`, `"games_won":[`, `"decks":30`} {
			require.Contains(t, string(js), want)
		}
	}
}

// TestJobList: every deck and game appears once.
func TestJobList(t *testing.T) {
	for _, c := range [][2]int{{10, 3}, {0, 4}, {5, 0}, {3, 7}} {
		js := slices.Collect(jobSeq(c[0], c[1]))
		decks, games := map[int]bool{}, map[int]bool{}
		for _, j := range js {
			if j.game {
				games[j.i] = true
			} else {
				decks[j.i] = true
			}
		}
		if len(js) != c[0]+c[1] || len(decks) != c[0] || len(games) != c[1] {
			t.Errorf("jobSeq(%d decks, %d games): %v", c[0], c[1], js)
		}
	}
}

// A match over more than MaxDecks decks or MaxGames games is refused
// before anything is played (-decks 2000000000 once ran out of memory).
func TestRunRefusesTooMany(t *testing.T) {
	for _, c := range []Config{{Decks: MaxDecks + 1}, {Games: MaxGames + 1}, {Decks: 2_000_000_000, Games: 1}} {
		c.A, c.B = ai.Random, ai.Random
		_, err := Run(context.Background(), c)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d decks and %d games", MaxDecks, MaxGames)) {
			t.Errorf("Run(%d decks, %d games): got %v, want the bounds named", c.Decks, c.Games, err)
		}
	}
}

// The decks are streamed: a match of MaxDecks decks stopped after a few
// has allocated little, not a slot for every deck up front.
func TestRunStreamsDecks(t *testing.T) {
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
	_, err := Run(ctx, Config{A: ai.Random, B: ai.Random, Decks: MaxDecks, Games: MaxGames, Workers: 1, NewBot: newBot})
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, context.Canceled)
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("a cancelled match of %d decks allocated %d bytes, want under 4 MB", MaxDecks, got)
	}
}

// countingBot is the easy bot, cancelling a context after n choices
// counted over all the bots sharing n.
type countingBot struct {
	ai.Bot
	mu     *sync.Mutex
	n      *int
	cancel context.CancelFunc
}

func (b countingBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.mu.Lock()
	if *b.n--; *b.n == 0 {
		b.cancel()
	}
	b.mu.Unlock()
	return b.Bot.Choose(ctx, v)
}

// TestRunPartial: a match stopped early with Partial reports the decks
// and games finished; without it, the context's error.
func TestRunPartial(t *testing.T) {
	for _, players := range seatCounts {
		for _, partial := range []bool{true, false} {
			ctx, cancel := context.WithCancel(context.Background())
			var mu sync.Mutex
			n := 600 * players
			o := opts(players)
			o.Target = 200
			cfg := Config{A: "x", B: "y", Decks: 50, Games: 20, Seed: 3, Workers: 1, Partial: partial, Options: o,
				NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) {
					b, err := ai.New(ai.Easy, cfg)
					return countingBot{Bot: b, mu: &mu, n: &n, cancel: cancel}, err
				}}
			rep, err := Run(ctx, cfg)
			cancel()
			if !partial {
				require.ErrorIs(t, err, context.Canceled)
				continue
			}
			require.NoError(t, err)
			require.True(t, rep.Stopped)
			if rep.Decks <= 0 || rep.Decks >= 50 || rep.Margin.N != rep.Decks {
				t.Errorf("%d players, stopped match: %d decks, margin over %d", players, rep.Decks, rep.Margin.N)
			}
			if rep.Games <= 0 || rep.Games >= 20 || rep.GamesWon[0].Played != rep.Games*rep.Seatings {
				t.Errorf("%d players, stopped match: %d games, %d played", players, rep.Games, rep.GamesWon[0].Played)
			}
			var b bytes.Buffer
			require.NoError(t, rep.WriteText(&b))
			require.Contains(t, b.String(), "stopped early")
		}
	}
}

// TestTextFits80Columns: every line of the text report fits a terminal
// of 80 columns, with long hybrid levels, the widest decision times and
// every rule option written out, so that no word is cut at its edge.
func TestTextFits80Columns(t *testing.T) {
	long := "bottom_card=on,sequence_rank=length,melds_need_trick=on,last_trick=1000,target=5000,players=4," +
		"of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on"
	side := func(level string) Side {
		return Side{Level: level, Deals: 1000000, Takes: 999999, TakeRate: 1, Betes: 99999, BeteRate: 1,
			Time: Times{Count: 99999999, Median: 999 * time.Millisecond, P95: 99 * time.Second, Max: 999 * time.Second}}
	}
	rep := &Report{A: "hard:bid=normal,play=hard,eval=solved,read=off", B: "easy:bid=random", Players: 4, Seed: 1 << 63,
		Rules: long, Decks: 1000000, Games: 100000, Seatings: 2, Workers: 64, Abandoned: 1, Unfinished: 3, Stopped: true,
		Sides: [2]Side{side("hard:bid=normal,play=hard,eval=solved,read=off"), side("easy:bid=random")}}
	var out bytes.Buffer
	require.NoError(t, rep.WriteText(&out))
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	got := strings.Join(strings.Fields(out.String()), " ")
	require.Contains(t, strings.ReplaceAll(got, ", ", ","), long, "the rules, whole")
}

// TestElapsedWorkers: the last line counts workers as a person would:
// "1 worker", "2 workers".
func TestElapsedWorkers(t *testing.T) {
	for n, want := range map[int]string{1: "elapsed 2.5s on 1 worker\n", 2: "elapsed 2.5s on 2 workers\n"} {
		var out bytes.Buffer
		require.NoError(t, (&Report{A: "hard", B: "normal", Decks: 1, Seatings: 2, Elapsed: 2.5, Workers: n}).WriteText(&out))
		require.True(t, strings.HasSuffix(out.String(), want), "%d workers: %q", n, out.String())
	}
}

// TestRatesOfNothing: a side's take rate is measured over its deals and
// its bete rate over its takes, the share of deals thrown in over the
// match's deals; without them the JSON leaves the rate out and the text
// report writes a dash, rather than a 0 that reads as measured. A
// measured rate of 0 (deals, none taken) is written. At every count.
func TestRatesOfNothing(t *testing.T) {
	deal := func(maker int, bete bool) dealOut { return dealOut{maker: maker, bete: bete} }
	for _, players := range seatCounts {
		for _, c := range []struct {
			name  string
			deals []dealOut
			// The side's take and bete rates as written, nil when
			// left out; A then B.
			take, bete [2]any
			abandoned  any // the share of deals thrown in, nil when left out
			// The text report's cells for the same: each side's take
			// and bete rates, and the deals thrown in.
			text      [2][2]string
			textThrow string
		}{
			{"no deals", nil, [2]any{nil, nil}, [2]any{nil, nil}, nil,
				[2][2]string{{"—", "—"}, {"—", "—"}}, "—"},
			{"deals without takes", []dealOut{deal(-1, false), deal(-1, false)}, [2]any{0.0, 0.0}, [2]any{nil, nil}, 1.0,
				[2][2]string{{"0.0%", "—"}, {"0.0%", "—"}}, "100.0%"},
			{"deals with takes", []dealOut{deal(levelA, true), deal(levelA, false), deal(-1, false), deal(levelB, false)},
				[2]any{0.5, 0.25}, [2]any{0.5, 0.0}, 0.25,
				[2][2]string{{"50.0%", "50.0%"}, {"25.0%", "0.0%"}}, "25.0%"},
		} {
			t.Run(fmt.Sprintf("%d/%s", players, c.name), func(t *testing.T) {
				tl := newTally(Config{A: ai.Easy, B: ai.Random, Decks: 1, Options: opts(players)}, players)
				if c.deals != nil {
					tl.add(job{}, &jobOut{deals: c.deals})
				}
				rep := tl.report(c.deals == nil)
				js, err := json.Marshal(rep)
				require.NoError(t, err)
				var got struct {
					Abandoned any `json:"abandoned_rate"`
					Sides     []map[string]any
				}
				require.NoError(t, json.Unmarshal(js, &got), string(js))
				require.Equal(t, c.abandoned, got.Abandoned, "abandoned_rate in %s", js)
				require.Len(t, got.Sides, 2)
				for l, s := range got.Sides {
					require.Equal(t, c.take[l], s["take_rate"], "side %d take_rate in %s", l, js)
					require.Equal(t, c.bete[l], s["bete_rate"], "side %d bete_rate in %s", l, js)
				}

				var out bytes.Buffer
				require.NoError(t, rep.WriteText(&out))
				text := out.String()
				require.Contains(t, text, "\ndeals thrown in: "+c.textThrow+"\n")
				rows := 0
				for _, line := range strings.Split(text, "\n") {
					f := strings.Fields(line)
					if len(f) < 5 || (f[0] != "A" && f[0] != "B") {
						continue
					}
					l := int(f[0][0] - 'A')
					require.Equal(t, c.text[l], [2]string{f[3], f[4]}, "side %c's take and bete rates in\n%s", 'A'+l, text)
					rows++
				}
				require.Equal(t, 2, rows, "a table row for each side in\n%s", text)
			})
		}
	}
}
