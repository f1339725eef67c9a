package eval

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/rules"
)

// The deal model of the win chance follows the game's rules. The
// shipped outcome tables (outcomes.go, outcomes_three.go,
// outcomes_four.go) are measured under the default rules. A house rule
// that changes what a deal is worth (sets of a kind, the menage, a
// forced dealer and bimah, shlomo, cleopatra, the last trick's bonus,
// melds that need no trick) makes deals score more or less, so games run
// shorter or longer, and moves the chance to win from a score by several
// percent. Under such rules the outcomes are measured at first use as
// the shipped ones were (bidfit.WriteOutcomes: every decision before the
// card play by Quick, the card play solved with two players and played
// by the table rule at three and four), from modelDeals deals on a fixed
// seed, and kept by the WinTables that asked (shared as its tables are):
// the same rules always give the same model. bottom_card and sequence_rank decide who scores, not what a
// deal is worth: they keep the shipped model.

// dealModel is the distribution of deal outcomes a win table is built
// from, for one seat count and one set of rules.
type dealModel struct {
	players int
	outs    []dealOutcome
	top     int // the most points one side adds in a deal of outs
}

func newDealModel(players int, outs []dealOutcome) *dealModel {
	top := 0
	for _, o := range outs {
		top = max(top, int(o.u[0]), int(o.u[1]), int(o.u[2]))
	}
	return &dealModel{players: players, outs: outs, top: top * WinStep}
}

// The shipped models, measured under the default rules.
var shippedModels = [...]*dealModel{
	newDealModel(2, dealOutcomes), newDealModel(3, dealOutcomesThree), newDealModel(4, dealOutcomesFour),
}

// defaultModel returns the shipped model of a seat count (0 reads as
// two).
func defaultModel(players int) *dealModel { return shippedModels[max(players, 2)-2] }

// modelRules returns the rules a deal model depends on, o's of them (as
// its table plays them, rules.Options.Applicable), the others at their
// defaults and no target: two sets of options with the same modelRules
// have the same model.
func modelRules(o rules.Options) rules.Options {
	o = o.Applicable()
	m := rules.DefaultOptions().WithPlayers(o.NumPlayers())
	m.Target = 0
	m.LastTrick, m.MeldsNeedTrick = o.LastTrick, o.MeldsNeedTrick
	m.OfAKind, m.Menage, m.DealerForced, m.Bimah = o.OfAKind, o.Menage, o.DealerForced, o.Bimah
	m.Shlomo, m.Cleopatra = o.Shlomo, o.Cleopatra
	return m
}

// modelFor returns the deal model of a game played under o: the shipped
// one under rules that play as the defaults do, else one measured under
// o (built once by w, shared by every evaluator given w).
func (w *WinTables) modelFor(o rules.Options) *dealModel {
	key := modelRules(o)
	if key == modelRules(rules.DefaultOptions().WithPlayers(o.NumPlayers())) {
		return defaultModel(o.NumPlayers())
	}
	return w.models.get(key)
}

// modelDeals is the number of deals a measured model is played from:
// few enough that measuring one stays quick, a two-player deal's card
// play being solved and a table's played by the rule, and enough that
// its chances stay close to the shipped model's under the default
// rules (docs/experiments/2026-12-05-win-chance-variants.md).
func modelDeals(players int) int {
	if players == 2 {
		return 1000
	}
	return 5000
}

// modelSeed fixes the deals a model is measured on.
const modelSeed = 2026

// maxModels bounds the measured models a process keeps, as maxWinTables
// bounds the tables.
const maxModels = 16

// modelCache keeps the models measured so far, by modelRules, at most
// maxModels of them. The zero value is ready.
type modelCache struct {
	mu sync.Mutex
	m  map[rules.Options]*modelEntry
}

type modelEntry struct {
	once sync.Once
	m    *dealModel
}

// get returns the model of the rules key, measuring it at its first
// use; the callers that ask meanwhile wait for it.
func (c *modelCache) get(key rules.Options) *dealModel {
	c.mu.Lock()
	e, ok := c.m[key]
	if !ok {
		if c.m == nil || len(c.m) >= maxModels {
			c.m = map[rules.Options]*modelEntry{}
		}
		e = &modelEntry{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		players := key.NumPlayers()
		e.m = newDealModel(players, measureOutcomes(key, modelDeals(players), modelSeed))
	})
	return e.m
}

// measureOutcomes plays deals fresh deals under o, each from a random
// dealer, and returns the distribution of their scores as the win
// chance's deal model reads it: buckets of the points each side adds, in
// units of WinStep (a side that scores gets at least one), counted from
// the dealer's left to the dealer's side, and how many deals fell in
// each. Every decision before the card play is Quick's (with two players
// the evaluation's policy, at tables the normal table rule); with two
// players the card play is solved, as the two-player evaluation values
// it, and at tables it is played by the rule, as the table evaluation
// plays out a deal after a decision before the card play. An abandoned
// deal scores nothing. The same o, deals and seed give the same
// outcomes.
func measureOutcomes(o rules.Options, deals int, seed uint64) []dealOutcome {
	out, _, _ := measure(context.Background(), o, deals, seed)
	return out
}

// measure is measureOutcomes stopped by ctx between deals; played is how
// many deals were not thrown in.
func measure(ctx context.Context, o rules.Options, deals int, seed uint64) (out []dealOutcome, played int, err error) {
	players := o.NumPlayers()
	if o.Target <= 0 {
		o.Target = rules.DefaultOptions().Target // a deal does not read it
	}
	r := rand.New(rand.NewPCG(seed, 0x6f7574))
	var s *solver.Solver
	if players == 2 {
		s = solver.New()
	}
	sides := sidesOf(players)
	unit := func(x int) uint8 {
		if x <= 0 {
			return 0
		}
		return uint8(min(255, max(1, (x+WinStep/2)/WinStep)))
	}
	at := map[units]int{}
	for range deals {
		if err := ctx.Err(); err != nil {
			return out, played, err
		}
		d := rules.NewDeal(o, rules.Seat(r.IntN(players)), rules.Shuffle(r))
		sc := ModelScore(&d, r, s)
		if d.Maker() != rules.NoSeat {
			played++
		}
		dealer := d.SideOf(d.Dealer())
		var u units
		for i := range sides {
			u[i] = unit(sc[(dealer+1+i)%sides])
		}
		if j, ok := at[u]; ok {
			out[j].n++
			continue
		}
		at[u] = len(out)
		out = append(out, dealOutcome{u: u, n: 1})
	}
	return out, played, nil
}

// Outcome is one bucket of MeasureOutcomes: the units of WinStep each
// side adds (Units[:sides]), from the dealer's left to the dealer's
// side, and how many deals fell in it.
type Outcome struct {
	Units [3]int
	Deals int
}

// MeasureOutcomes measures the deal model of o from deals deals on seed
// as the win chance measures one under house rules (measureOutcomes),
// for the lab that writes the shipped tables (bidfit.WriteOutcomes);
// played is how many deals were not thrown in. It stops with ctx's error
// between deals.
func MeasureOutcomes(ctx context.Context, o rules.Options, deals int, seed uint64) (out []Outcome, played int, err error) {
	m, played, err := measure(ctx, o, deals, seed)
	out = make([]Outcome, len(m))
	for i, x := range m {
		out[i] = Outcome{Units: [3]int{int(x.u[0]), int(x.u[1]), int(x.u[2])}, Deals: int(x.n)}
	}
	return out, played, err
}

// ModelScore plays deal d out as the win chance's deal model plays its
// deals and returns what each side scores (nothing for a deal thrown
// in): every decision before the card play by Quick, chance's by r; the
// card play solved by s with two players (s may be nil at tables),
// played by the table rule (Quick) at three and four.
func ModelScore(d *rules.Deal, r *rand.Rand, s *solver.Solver) [4]int {
	players := d.Options().NumPlayers()
	var buf [16]rules.Action
	for !d.Over() && (players > 2 || d.Phase() < rules.PhasePlay) {
		var a rules.Action
		if t := d.Turn(); t == rules.ChanceSeat {
			l := d.AppendLegal(buf[:0])
			a = l[r.IntN(len(l))]
		} else {
			v := d.View(t)
			a = Quick(&v)
		}
		d.ApplyUnchecked(a)
	}
	switch {
	case d.Maker() == rules.NoSeat:
		return [4]int{}
	case players == 2:
		two := SolvedScore(s, d)
		return [4]int{two[0], two[1]}
	default:
		return d.Score().Scored
	}
}
