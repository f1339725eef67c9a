package eval

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// Rules that play as the defaults do keep the shipped deal model, and
// the chance under them is WinChance's bit for bit; a rule that changes
// what a deal is worth gets a model of its own, the same one each time.
func TestModelFollowsTheRules(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		def := rules.DefaultOptions().WithPlayers(players)
		wins := &WinTables{}
		same := map[string]func(*rules.Options){
			"target":        func(o *rules.Options) { o.Target = 1000 },
			"bottom_card":   func(o *rules.Options) { o.BottomCard = false },
			"sequence_rank": func(o *rules.Options) { o.SequenceRank = rules.RankByLength },
			"bimah alone":   func(o *rules.Options) { o.Bimah = true }, // not played without dealer_forced
		}
		other := map[string]func(*rules.Options){
			"of_a_kind":        func(o *rules.Options) { o.OfAKind = true },
			"menage":           func(o *rules.Options) { o.Menage = true },
			"dealer_forced":    func(o *rules.Options) { o.DealerForced = true },
			"last_trick":       func(o *rules.Options) { o.LastTrick = 0 },
			"melds_need_trick": func(o *rules.Options) { o.MeldsNeedTrick = false },
		}
		shlomo := func(o *rules.Options) { o.Shlomo = true }
		if players == 2 {
			same["shlomo"] = shlomo
		} else {
			other["shlomo"] = shlomo
		}
		for name, set := range same {
			o := def
			set(&o)
			if wins.modelFor(o) != defaultModel(players) {
				t.Errorf("%dp %s: a model of its own, want the shipped one", players, name)
			}
		}
		for name, set := range other {
			o := def
			set(&o)
			if modelRules(o) == modelRules(def) {
				t.Errorf("%dp %s: the shipped model, want one measured under the rules", players, name)
			}
		}
		// One measured model (each takes a fraction of a second): at
		// tables that of the house variants the table tests play.
		o := def
		o.Menage = true
		if variants := tabletest.Rules[3:]; players > 2 {
			o = tabletest.Options(t, variants[players-3])
		}
		m := wins.modelFor(o)
		if m == defaultModel(players) || m.players != players || len(m.outs) == 0 {
			t.Errorf("%dp %s: the shipped model, want one measured under the rules", players, o)
		}
		if o.Target = 1000; wins.modelFor(o) != m {
			t.Errorf("%dp %s: measured again for another target", players, o)
		}
		// Another WinTables measures its own, and the same rules give
		// the same model: nothing is kept outside a WinTables.
		if other := (&WinTables{}).modelFor(o); other == m || !reflect.DeepEqual(other, m) {
			t.Errorf("%dp %s: another WinTables's model is the same one (%v) or differs", players, o, other == m)
		}
		ev := New()
		for _, tot := range [][4]int{{0, 0, 0}, {310, 120, 250}, {480, 470, 20}} {
			o := def
			o.BottomCard = false
			if a, b := ev.WinChance(players, 500, tot, 0, 1), ev.WinChanceUnder(o, tot, 0, 1); a != b {
				t.Errorf("%dp %v: %.6f, under the default rules %.6f", players, tot, a, b)
			}
		}
	}
}

// The chance to win follows the game's rules: from a score near the end
// it is the share of games won when the rest of the game is played out
// deal by deal under those rules, as the model's deals are played. With
// the last trick worth 100 the shipped model, measured under the default
// rules, is off by 0.1 or more; the model of the rules is within 0.05 (of
// a simulation whose own error is about 0.01).
func TestWinChanceFollowsTheRules(t *testing.T) {
	cases := []struct {
		players int
		totals  [4]int
		games   int
	}{
		{3, [4]int{450, 400, 350}, 2000},
		{4, [4]int{450, 400}, 2000},
		{2, [4]int{450, 400}, 1000},
	}
	ev := New()
	for _, c := range cases {
		if testing.Short() && c.players == 2 {
			continue // the two-player card play is solved: seconds
		}
		def := rules.DefaultOptions().WithPlayers(c.players)
		last := def
		last.LastTrick = 100
		dealer := rules.Seat(c.players - 1)
		next := rules.SideOfSeat(c.players, dealer)
		for _, o := range []rules.Options{def, last} {
			games := playedOut(o, c.totals, dealer, c.games, 5)
			got := ev.WinChanceUnder(o, c.totals, 0, next)
			shipped := ev.WinChance(c.players, o.Target, c.totals, 0, next)
			t.Logf("%dp last trick %d, %v: games won %.3f, chance %.3f, shipped model %.3f", c.players, o.LastTrick, c.totals, games, got, shipped)
			if math.Abs(got-games) > 0.05 {
				t.Errorf("%dp last trick %d, %v: chance %.3f, games won %.3f", c.players, o.LastTrick, c.totals, got, games)
			}
			if o != def && math.Abs(shipped-games) < 0.1 {
				t.Errorf("%dp last trick %d, %v: the shipped model's %.3f is near the games' %.3f: the rules change nothing", c.players, o.LastTrick, c.totals, shipped, games)
			}
		}
	}
}

// playedOut plays games from totals, dealer to deal, each deal played
// as measureOutcomes plays them, to the end of the game by the rules,
// and returns the share side 0 won.
func playedOut(o rules.Options, totals [4]int, dealer rules.Seat, games int, seed uint64) float64 {
	players := o.NumPlayers()
	k := sidesOf(players)
	r := rand.New(rand.NewPCG(seed, 1))
	s := solver.New()
	won := 0
	for range games {
		tot, dl := totals, dealer
		for rules.SideWinner(tot[:k], o.Target) < 0 {
			d := rules.NewDeal(o, dl, rules.Shuffle(r))
			sc := ModelScore(&d, r, s)
			for i := range k {
				tot[i] += sc[i]
			}
			dl = rules.NextDealer(dl, players)
		}
		if rules.SideWinner(tot[:k], o.Target) == 0 {
			won++
		}
	}
	return float64(won) / float64(games)
}

// A last trick worth hundreds makes one deal reach far past the target:
// the table's step grows with it, so that its cells stay as few as the
// target's, and its chances are still chances that add up to one. The
// model is the shipped one with 1000 points more to one side of every
// deal played, as a last trick worth rules.MaxLastTrick gives.
func TestWinTableOfBigDealsIsBounded(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		k := sidesOf(players)
		var outs []dealOutcome
		for i, o := range outcomesFor(players) {
			if o.u != (units{}) {
				o.u[i%k] += rules.MaxLastTrick / WinStep
			}
			outs = append(outs, o)
		}
		m := newDealModel(players, outs)
		for _, target := range []int{500, rules.MaxTarget} {
			tb := buildModelTable(m, target, m.step(target))
			if reach := tb.side - tb.n; tb.n > maxWinUnits(k) || reach > maxWinUnits(k) {
				t.Errorf("%dp target %d: %d steps and a deal's reach of %d, want at most %d each", players, target, tb.n, reach, maxWinUnits(k))
			}
			for _, tot := range [][4]int{{0, 0, 0}, {target / 2, target / 3, target / 4}, {target - 1, target - 1, target - 1}} {
				sum := 0.0
				for side := range k {
					p := tb.chance(tot, side, 1%k, target)
					if p < 0 || p > 1 {
						t.Fatalf("%dp target %d %v side %d: chance %v", players, target, tot, side, p)
					}
					sum += p
				}
				if math.Abs(sum-1) > 1e-6 {
					t.Errorf("%dp target %d %v: the chances add up to %.6f", players, target, tot, sum)
				}
			}
		}
	}
}
