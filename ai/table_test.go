package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// tableRules are the option sets the table tests play.
var tableRules = tabletest.Rules

// playTableDeal plays one deal with bots[seat] in each seat, calling
// check before every bot decision; chance steps are drawn with r.
func playTableDeal(t *testing.T, opts rules.Options, deck rules.Deck, dealer rules.Seat, bots []Bot, r *rand.Rand,
	check func(tb *rules.Deal, v *rules.View, a rules.Action)) rules.Deal {
	t.Helper()
	return tabletest.Play(t, opts, deck, dealer, r, func(tb *rules.Deal, v *rules.View) rules.Action {
		a, err := bots[v.Seat].Choose(context.Background(), v)
		if err != nil {
			t.Fatalf("%s in seat %s: %v", bots[v.Seat].Level(), v.Seat, err)
		}
		if check != nil {
			check(tb, v, a)
		}
		return a
	})
}

// seatBots makes the bots of one deal at n seats, each seat's level and
// config given by seat(s); a bot that cannot be made fails t.
func seatBots(t testing.TB, n int, seat func(s int) (Level, Config)) []Bot {
	t.Helper()
	bots := make([]Bot, n)
	for s := range bots {
		l, cfg := seat(s)
		b, err := New(l, cfg)
		if err != nil {
			t.Fatal(err)
		}
		bots[s] = b
	}
	return bots
}

// TestTableBotsPlayEverySeatCount plays deals at every table with every
// level: every choice must be legal and the deal must end.
func TestTableBotsPlayEverySeatCount(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	deals := 30
	if testing.Short() {
		deals = 6
	}
	for _, rs := range tableRules {
		opts := tabletest.Options(t, rs)
		for _, l := range Levels {
			t.Run(fmt.Sprintf("%s/%s", rs, l), func(t *testing.T) {
				r := rand.New(rand.NewPCG(3, uint64(len(rs))))
				n := opts.NumPlayers()
				deals := deals
				if testing.Short() && l == Hard {
					deals = 2 // the race run: hard is slow there
				}
				for i := range deals {
					bots := seatBots(t, n, func(s int) (Level, Config) {
						lv := l
						if s%2 == 1 && l != Random {
							lv = Random // a level's partner is whatever sits there
						}
						// No clock (Think < 0): the budget alone bounds a
						// decision, so the deals played do not depend on
						// the machine's speed.
						return lv, Config{Seed: uint64(i*4 + s), Budget: 6, Think: -1, WinTables: wins}
					})
					tb := playTableDeal(t, opts, rules.Shuffle(r), rules.Seat(i%n), bots, r, nil)
					if !tb.Over() {
						t.Fatalf("deal %d not over", i)
					}
				}
			})
		}
	}
}

// viewLevels are the levels the view tests check: every plain level and
// the phase hybrids of mixed.go (reading off, the solved evaluation, a
// bid level other than the play level, both ways), as each reaches the
// view by its own path.
var viewLevels = append(append([]Level(nil), Levels...),
	"hard:read=off", "hard:eval=solved", "hard:bid=normal", "easy:bid=hard")

// viewPure reports whether the bot of level l that acts in phase ph
// decides by its seed and the view alone, with nothing carried from one
// decision to the next (normal, and hard with no time limit): a fresh
// bot's choice is the one a bot that has played the deal so far makes.
// Easy's and random's table bots draw from a generator that runs on from
// decision to decision.
func viewPure(l Level, ph rules.Phase) bool {
	m, err := parseMix(string(l))
	if err != nil {
		return false
	}
	acts := m.Bid
	if ph == rules.PhasePlay {
		acts = m.Play
	}
	return acts == Normal || acts == Hard
}

// pureDecision is a decision of a bot that decides by its config and
// the view alone (viewPure): the level acting in the view's phase, the
// config it is made with, and the view.
type pureDecision struct {
	level Level
	cfg   Config
	view  rules.View
}

// pureDecisionOf returns the decision of the bot of level l made with cfg
// on v, and whether it is pure. The acting level gets cfg as NewMixed
// gives it.
func pureDecisionOf(l Level, cfg Config, v *rules.View) (pureDecision, bool) {
	m, err := parseMix(string(l))
	if err != nil {
		return pureDecision{}, false
	}
	acts := m.Bid
	if v.Phase == rules.PhasePlay {
		acts = m.Play
	}
	cfg.Method, cfg.Unread = m.Method, m.Unread
	return pureDecision{level: acts, cfg: cfg, view: *v}, viewPure(l, v.Phase)
}

// TestTableBotsSeeOnlyTheirView checks at every decision of many deals
// that a bot's choice depends on its view alone: another deal built from
// the same view with the hidden cards drawn again (TableView.Complete)
// gives an equal view and the same choice from a bot with the same seed.
// It plays every seat count, plain and with the house variants, and
// every level of viewLevels.
func TestTableBotsSeeOnlyTheirView(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	deals := 8
	if testing.Short() {
		deals = 2
	}
	// The choices of the pure decisions checked so far, by the bot that
	// made them and the view: a level that bids or plays as another
	// (easy:bid=hard bids as hard) meets the same decisions again.
	checkedPure := map[pureDecision]rules.Action{}
	for _, rs := range tabletest.AllRules {
		opts := tabletest.Options(t, rs)
		for _, l := range viewLevels {
			t.Run(fmt.Sprintf("%s/%s", rs, l), func(t *testing.T) {
				r := rand.New(rand.NewPCG(9, uint64(len(rs))))
				n := opts.NumPlayers()
				cfg := func(s rules.Seat, i int) Config {
					return Config{Seed: uint64(100*i) + uint64(s), Budget: 6, Think: -1, WinTables: wins}
				}
				checked := 0
				deals := deals
				if testing.Short() && strings.Contains(string(l), string(Hard)) {
					deals = 1 // the race run: hard is slow there
				}
				newBot := func(s rules.Seat, i int) Bot {
					b, err := NewMixed(New, l, cfg(s, i))
					if err != nil {
						t.Fatal(err)
					}
					return b
				}
				// check draws another deal with v's view and returns the
				// choices of two fresh bots, one on each, which must agree.
				// A pure decision checked before is not asked again: the
				// same bot gets the same view.
				check := func(v *rules.View, i int) rules.Action {
					// World replays the history through Complete:
					// Hands alone may give up checking a rare view.
					other, ok := sampler.New(v).World(r)
					if !ok {
						t.Fatalf("no world drawn for\n%s", v.String())
					}
					ov := other.View(v.Seat)
					if ov != *v {
						t.Fatalf("the other deal's view differs:\n%s\nwant\n%s", ov.String(), v.String())
					}
					key, pure := pureDecisionOf(l, cfg(v.Seat, i), v)
					if a, ok := checkedPure[key]; ok && pure {
						checked++
						return a
					}
					// A fresh bot, as the one that chose was fresh at
					// its first decision; compare with a fresh one too.
					b1, b2 := newBot(v.Seat, i), newBot(v.Seat, i)
					a1, err1 := b1.Choose(context.Background(), v)
					a2, err2 := b2.Choose(context.Background(), &ov)
					if err1 != nil || err2 != nil || a1 != a2 {
						t.Fatalf("%s chose %s on the deal and %s on another deal with the same view (%v, %v)\n%s", l, a1, a2, err1, err2, v.String())
					}
					checked++
					if pure {
						checkedPure[key] = a1
					}
					return a1
				}
				for i := range deals {
					bots := make([]Bot, n)
					for s := range bots {
						bots[s] = newBot(rules.Seat(s), i)
					}
					tabletest.Play(t, opts, rules.Shuffle(r), rules.Seat(i%n), r, func(tb *rules.Deal, v *rules.View) rules.Action {
						if len(v.Legal()) >= 2 && viewPure(l, v.Phase) {
							// The deal's bot would choose as the fresh
							// one on v did: play that choice.
							return check(v, i)
						}
						a, err := bots[v.Seat].Choose(context.Background(), v)
						if err != nil {
							t.Fatalf("%s in seat %s: %v", l, v.Seat, err)
						}
						if len(v.Legal()) >= 2 {
							check(v, i)
						}
						return a
					})
				}
				if checked == 0 {
					t.Fatal("no decision checked")
				}
			})
		}
	}
}

// TestTableHardSearchesFirstTrick: a card of the first trick is searched
// like any other: it is the card solveWorlds finds over the worlds the
// bot reads and picks (readWorlds), at three and four players (that
// solveWorlds plays the best total is TestTableHardMinWorldsDistinct's);
// it is not always the normal rule's; and it is the same with a
// deadline on the context, as the search is bounded in nodes, not time.
func TestTableHardSearchesFirstTrick(t *testing.T) {
	for _, players := range []int{3, 4} {
		opts := rules.DefaultOptions()
		opts.Players = players
		r := rand.New(rand.NewPCG(12, uint64(players)))
		cfg := Config{Seed: 5, Budget: 8, Workers: 1, Think: -1}
		checked, differs := 0, 0
		deals := 8
		if testing.Short() {
			deals = 2 // each first-trick card is searched three times
		}
		for i := 0; i < deals; i++ {
			bots := seatBots(t, players, func(s int) (Level, Config) { return Normal, Config{Seed: uint64(s)} })
			playTableDeal(t, opts, rules.Shuffle(r), rules.Seat(i%players), bots, r, func(tb *rules.Deal, v *rules.View, a rules.Action) {
				if v.Phase != rules.PhasePlay || tb.Play().Tricks > 0 || distinctCards(v.Legal()) < 2 {
					return
				}
				hard, _ := New(Hard, cfg)
				got, err := hard.Choose(context.Background(), v)
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
				again, err := hard.Choose(ctx, v)
				cancel()
				require.NoError(t, err)
				require.Equal(t, got, again, "the same view, another context")

				h := newTableHard(cfg)
				h.r = rand.New(rand.NewPCG(cfg.Seed, viewHash(v)))
				worlds, picks := h.readWorlds(context.Background(), v, sampler.New(v), cfg.Budget)
				require.NotNil(t, worlds)
				want, ok := h.solveWorlds(context.Background(), v, uint64(tableNodeBudget)*uint64(cfg.Budget)/tableSamples, pickedWorlds(worlds, picks))
				if !ok {
					want = tablerule.PlayCard(v, v.Legal())
				}
				require.Equal(t, want, got.Card, "%d players\n%s", players, v.String())
				checked++
				if got.Card != tablerule.PlayCard(v, v.Legal()) {
					differs++
				}
			})
		}
		t.Logf("%d players: %d first-trick cards checked over %d deals, %d unlike the normal rule's", players, checked, deals, differs)
		if checked < deals || differs == 0 {
			t.Errorf("%d players: %d first-trick cards checked, %d unlike the normal rule's", players, checked, differs)
		}
	}
}

// TestTableHardMinWorldsDistinct: the search falls back on the normal
// rule when fewer than minWorlds distinct worlds were solved, however
// many times the reading picked them, and otherwise plays the card with
// the best total over the worlds, each counted as often as it was
// picked, a three-handed defender's worlds among them (defend3).
func TestTableHardMinWorldsDistinct(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 3))
	for _, players := range []int{3, 4} {
		opts := rules.DefaultOptions()
		opts.Players = players
		var views []rules.View
		for i := 0; len(views) < 12 && i < 40; i++ {
			bots := seatBots(t, players, func(s int) (Level, Config) { return Normal, Config{Seed: uint64(s)} })
			playTableDeal(t, opts, rules.Shuffle(r), rules.Seat(i%players), bots, r, func(tb *rules.Deal, v *rules.View, a rules.Action) {
				if v.Phase == rules.PhasePlay && v.CardsInPlay() <= 12 && distinctCards(v.Legal()) > 1 {
					views = append(views, *v)
				}
			})
		}
		checked, defended := 0, 0
		for i := range views {
			v := &views[i]
			smp := sampler.New(v)
			var worlds []rules.Deal
			var hands [][4]rules.CardSet
			for try := 0; try < 200 && len(worlds) < minWorlds; try++ {
				w, ok := smp.World(r)
				h := [4]rules.CardSet{w.Hand(0), w.Hand(1), w.Hand(2), w.Hand(3)}
				if ok && !slices.Contains(hands, h) {
					worlds, hands = append(worlds, w), append(hands, h)
				}
			}
			if len(worlds) < minWorlds {
				continue // too few hidden cards for six different worlds
			}
			hard := newTableHard(Config{Seed: 1})
			run := func(ws []rules.Deal, picks []int) (rules.Card, bool) {
				i := 0
				return hard.solveWorlds(context.Background(), v, tableNodeBudget, func() (*rules.Deal, int, bool) {
					if i >= len(ws) {
						return nil, 0, false
					}
					i++
					return &ws[i-1], picks[i-1], true
				})
			}
			// Five worlds carrying tableSamples picks: too few guesses.
			few := []int{tableSamples - 4, 1, 1, 1, 1}
			if c, ok := run(worlds[:5], few); ok {
				t.Fatalf("%d players: five worlds picked %v times gave %s, want the fallback\n%s", players, few, c, v.String())
			}
			// Six: the card with the best total, picks counted.
			picks := []int{tableSamples - 5, 1, 1, 1, 1, 1}
			got, ok := run(worlds, picks)
			require.True(t, ok, "%d players: six worlds solved, no card\n%s", players, v.String())
			// Each world valued as the search values it (worldValues).
			var total [32]int
			var seen rules.CardSet
			ref := newTableHard(Config{Seed: 1})
			for k := range worlds {
				cv, _, ok := ref.worldValues(v, &worlds[k], math.MaxUint64, 0, nil)
				require.True(t, ok)
				if defends3(v) {
					defended++
				}
				for _, x := range cv {
					total[x.Card] += picks[k] * x.Value
					seen = seen.With(x.Card)
				}
			}
			for m := seen; m != 0; {
				c := m.First()
				m = m.Without(c)
				if total[c] > total[got] {
					t.Fatalf("%d players: got %s worth %d, %s is worth %d\n%s", players, got, total[got], c, total[c], v.String())
				}
			}
			checked++
		}
		if checked < 5 || players == 3 && defended == 0 {
			t.Fatalf("%d players: %d views checked, %d worlds of a three-handed defender", players, checked, defended)
		}
	}
}

// TestTableHardThinkContext: a decision's context gets the level's own
// time bound when Config.Think is zero, Think when it is positive, and
// no deadline at all when it is negative, so that the work bounds alone
// end the decision.
func TestTableHardThinkContext(t *testing.T) {
	for _, c := range []struct {
		think, want time.Duration
	}{{0, maxThink}, {time.Minute, time.Minute}, {-1, 0}} {
		base := time.Now()
		ctx, cancel := thinkContext(context.Background(), c.think)
		d, ok := ctx.Deadline()
		cancel()
		if c.want == 0 {
			if ok {
				t.Errorf("Think %v: deadline %v, want none", c.think, d)
			}
			continue
		}
		// The deadline is set from the clock after base was read.
		if !ok || d.Before(base.Add(c.want)) || d.After(time.Now().Add(c.want)) {
			t.Errorf("Think %v: deadline %v (set %v), want %v after the call", c.think, d, ok, c.want)
		}
	}
}
