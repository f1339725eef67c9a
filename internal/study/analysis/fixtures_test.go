package analysis

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// The fixtures of testdata/analysis are games of the hard bot against
// itself, for each seat count one as played and one with a blunder
// planted. -generate plays them again for the seat counts it lists
// ("3,4"). A normal test run never rebuilds them: the hard bot thinks
// against a clock, so on a busy machine a rerun may play other moves.
var generate = flag.String("generate", "", "rebuild the logs of testdata/analysis for these seat counts (\"2,3,4\"), playing the hard bot against itself (slow)")

const (
	fixtureDir = "../../../testdata/analysis"
	// plantLoss is the least loss, at plantSamples, of throwing the jack
	// for a decision to be chosen for the plant: a blunder beyond doubt.
	plantLoss    = 24.0
	plantSamples = 1000
)

// fixture names the two logs of one seat count and the seeds of their
// decks and bots. The tests analyse with other seeds (analysisSeed), so
// the analysis never reuses the bot's own samples.
type fixture struct {
	players          int
	hard, planted    string
	hardSeed, plSeed uint64
}

var fixtures = []fixture{
	{2, "hard-vs-hard.klob", "planted-blunder.klob", 7, 11},
	{3, "hard-3.klob", "planted-blunder-3.klob", 7, 11},
	{4, "hard-4.klob", "planted-blunder-4.klob", 7, 11},
}

// fixtureFor returns the fixture of a seat count.
func fixtureFor(players int) fixture {
	for _, f := range fixtures {
		if f.players == players {
			return f
		}
	}
	panic(fmt.Sprintf("no fixture for %d players", players))
}

// plant is the decision planted in a log: a comment line
// "; plant deal=D step=S seat=A action=play JS better=play 7S" records it.
type plant struct {
	deal, step int
	seat       rules.Seat
	action     rules.Action
	better     rules.Action
}

func (p plant) comment() string {
	return fmt.Sprintf(" plant deal=%d step=%d seat=%s action=%s better=%s", p.deal, p.step, p.seat, p.action, p.better)
}

// readPlant finds the plant comment of l.
func readPlant(l *gamelog.Log) (plant, error) {
	for _, c := range l.Comment {
		rest, ok := strings.CutPrefix(strings.TrimSpace(c), "plant ")
		if !ok {
			continue
		}
		var p plant
		fields := map[string]string{}
		// Values may hold spaces ("play JS"): split on the keys.
		keys := []string{"deal=", "step=", "seat=", "action=", "better="}
		for i, k := range keys {
			at := strings.Index(rest, k)
			if at < 0 {
				return p, fmt.Errorf("plant comment %q: no %s", c, k)
			}
			end := len(rest)
			if i+1 < len(keys) {
				end = strings.Index(rest, keys[i+1])
				if end < at {
					return p, fmt.Errorf("plant comment %q: keys out of order", c)
				}
			}
			fields[k] = strings.TrimSpace(rest[at+len(k) : end])
		}
		var err error
		if p.deal, err = strconv.Atoi(fields["deal="]); err != nil {
			return p, err
		}
		if p.step, err = strconv.Atoi(fields["step="]); err != nil {
			return p, err
		}
		if p.seat, err = rules.ParseSeat(fields["seat="], rules.MaxPlayers); err != nil {
			return p, fmt.Errorf("plant comment %q: seat %q is not A to D", c, fields["seat="])
		}
		if p.action, err = rules.ParseAction(fields["action="]); err != nil {
			return p, err
		}
		if p.better, err = rules.ParseAction(fields["better="]); err != nil {
			return p, err
		}
		return p, nil
	}
	return plant{}, fmt.Errorf("no plant comment")
}

// playHard plays a game of the hard bot against itself from seed,
// players seats. When choose is set, it sees every decision with the
// bot's answer and returns the action to play.
func playHard(t *testing.T, players int, seed uint64, choose func(g *rules.Game, v *rules.View, a rules.Action) rules.Action) *gamelog.Log {
	t.Helper()
	ctx := context.Background()
	bots := make([]ai.Bot, players)
	for s := range bots {
		// No clock (Think < 0): the fixture is the same game on any
		// machine, however loaded.
		b, err := ai.New(ai.Hard, ai.Config{Seed: seed*10 + uint64(s), Think: -1})
		require.NoError(t, err)
		bots[s] = b
	}
	decks := rand.New(rand.NewPCG(seed, 0x6465636b))
	opts := rules.DefaultOptions()
	opts.Players = players
	g := rules.NewGame(opts, rules.Seat(seed%uint64(players)))
	for !g.Over() {
		if g.NeedDeal() {
			require.NoError(t, g.StartDeal(rules.Shuffle(decks)))
			t.Logf("deal %d, totals %v", g.DealNo(), g.Totals())
		}
		d := g.Deal()
		seat := d.Turn()
		v := d.View(seat)
		a, err := bots[seat].Choose(ctx, &v)
		require.NoError(t, err)
		if choose != nil {
			a = choose(g, &v, a)
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("deal %d: %s: %v", g.DealNo(), a, err)
		}
	}
	h := gamelog.Header{Event: "Klob analysis fixture", Date: "2026-02-01", Time: "12:00:00"}
	for s := range rules.Seat(players) {
		h.SetPlayer(s, "Hard "+s.String(), string(ai.Hard))
	}
	return gamelog.FromGame(h, g)
}

// planter returns a choose function that plants the first blunder
// found: playing the jack of trump where a card worth at most 4
// points was legal and the evaluation (plantSamples) shows the jack
// losing at least plantLoss against the best action, a small card.
func planter(t *testing.T, got *plant, loss *float64) func(g *rules.Game, v *rules.View, a rules.Action) rules.Action {
	done := false
	return func(g *rules.Game, v *rules.View, a rules.Action) rules.Action {
		if done || v.Phase != rules.PhasePlay || v.Trump == rules.NoTrumps {
			return a
		}
		jack := rules.PlayAction(rules.NewCard(rules.Jack, v.Trump))
		legal := v.Legal()
		hasJack, hasSmall := false, false
		for _, l := range legal {
			switch {
			case l == jack:
				hasJack = true
			case l.Kind == rules.PlayCard && rules.Points(l.Card, v.Trump) <= 4:
				hasSmall = true
			}
		}
		if !hasJack || !hasSmall || a == jack {
			return a
		}
		e, err := eval.New().Evaluate(context.Background(), v, eval.Options{Samples: plantSamples, Seed: 99, Model: ai.PlayoutPolicy})
		require.NoError(t, err)
		best := 0
		var jm float64
		for i, r := range e.Results {
			if r.Mean > e.Results[best].Mean {
				best = i
			}
			if r.Action == jack {
				jm = r.Mean
			}
		}
		b := e.Results[best]
		if b.Mean-jm < plantLoss || b.Action == jack || rules.Points(b.Action.Card, v.Trump) > 4 {
			return a
		}
		done = true
		*got = plant{deal: g.DealNo(), step: len(v.History()) + 1, seat: v.Seat, action: jack, better: b.Action}
		*loss = b.Mean - jm
		t.Logf("planted: %s (loss %.1f)", got.comment(), *loss)
		return jack
	}
}

// TestGenerateFixtures rebuilds testdata/analysis for the seat counts
// -generate lists.
func TestGenerateFixtures(t *testing.T) {
	if *generate == "" {
		t.Skip("run with -generate=2,3,4 to rebuild testdata/analysis")
	}
	require.NoError(t, os.MkdirAll(fixtureDir, 0o755))
	write := func(name string, l *gamelog.Log) {
		b, err := l.MarshalText()
		require.NoError(t, err)
		path := filepath.Join(fixtureDir, name)
		require.NoError(t, os.WriteFile(path, b, 0o644))
		// What was written must read back as a valid log.
		if _, err := gamelog.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	for _, word := range strings.Split(*generate, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(word))
		require.NoError(t, err, "-generate %q: want seat counts, 2,3,4", *generate)
		f := fixtureFor(n)
		l := playHard(t, n, f.hardSeed, nil)
		l.Comment = []string{
			fmt.Sprintf(" Recorded by internal/study/analysis (go test -run TestGenerateFixtures -generate=%d): seed %d,", n, f.hardSeed),
			fmt.Sprintf(" the hard bot against itself at %d seats with its default budget, decks shuffled from the seed.", n),
		}
		write(f.hard, l)

		// Games go by until one offers a decision to plant the blunder at.
		var p plant
		var loss float64
		seed := f.plSeed
		for ; p.deal == 0; seed++ {
			if seed >= f.plSeed+40 {
				t.Fatalf("%d players: no decision to plant the blunder at", n)
			}
			l = playHard(t, n, seed, planter(t, &p, &loss))
		}
		seed--
		l.Comment = []string{
			fmt.Sprintf(" Recorded by internal/study/analysis (go test -run TestGenerateFixtures -generate=%d): seed %d,", n, seed),
			fmt.Sprintf(" the hard bot against itself at %d seats, except one card of %s planted: the jack of trump", n, p.seat),
			fmt.Sprintf(" thrown where a small card would do (it loses %.1f points at %d samples).", loss, plantSamples),
			p.comment(),
		}
		write(f.planted, l)
	}
}
