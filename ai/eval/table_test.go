package eval

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/ctxtest"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// tableRules are the tables the tests play: three and four players plain
// and with every house variant on.
var tableRules = tabletest.Rules[1:]

// playTable plays one deal with the normal rule in every seat and calls
// visit before every decision with at least two legal actions.
func playTable(t testing.TB, opts rules.Options, deck rules.Deck, dealer rules.Seat, r *rand.Rand, visit func(tb *rules.Deal, v *rules.View)) rules.Deal {
	t.Helper()
	return tabletest.Play(t, opts, deck, dealer, r, func(tb *rules.Deal, v *rules.View) rules.Action {
		l := v.Legal()
		if len(l) > 1 && visit != nil {
			visit(tb, v)
		}
		return tablerule.Choose(v, l)
	})
}

// TestEvaluateTableEveryDecision evaluates every kind of decision of
// deals at every table: one result per legal action in order, and the
// evaluation reads the view alone: a deal built from the same view with
// the hidden cards drawn again gives the same evaluation.
func TestEvaluateTableEveryDecision(t *testing.T) {
	evaluator := New()
	deals, samples := 4, 6
	if testing.Short() {
		deals, samples = 2, 3
	}
	for ri, rs := range tableRules {
		opts := tabletest.Options(t, rs)
		t.Run(rs, func(t *testing.T) {
			r := rand.New(rand.NewPCG(5, uint64(ri)))
			kinds := map[rules.Phase]int{}
			for d := range deals {
				playTable(t, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(tb *rules.Deal, v *rules.View) {
					kinds[v.Phase]++
					if v.Phase == rules.PhasePlay && r.IntN(4) != 0 {
						return // a sample of the cards: they are many
					}
					opt := Options{Samples: samples, Seed: 77}
					ev, err := evaluator.Evaluate(context.Background(), v, opt)
					if err != nil {
						t.Fatalf("EvaluateTable: %v\n%s", err, v.String())
					}
					legal := v.Legal()
					if len(ev.Results) != len(legal) || ev.Samples != samples {
						t.Fatalf("got %d results over %d samples, want %d over %d", len(ev.Results), ev.Samples, len(legal), samples)
					}
					for i, res := range ev.Results {
						if res.Action != legal[i] {
							t.Fatalf("result %d is %s, want %s", i, res.Action, legal[i])
						}
						if res.Bete > res.Makes || res.Makes+res.Defends > 1+1e-9 {
							t.Fatalf("%s: bete %.2f, makes %.2f, defends %.2f", res.Action, res.Bete, res.Makes, res.Defends)
						}
					}
					// Another deal with the same view.
					world, ok := sampler.New(v).World(rand.New(rand.NewPCG(uint64(d), 99)))
					if !ok {
						t.Fatalf("no world for\n%s", v.String())
					}
					ov := world.View(v.Seat)
					if ov != *v {
						t.Fatalf("the world's view differs")
					}
					ev2, err := evaluator.Evaluate(context.Background(), &ov, opt)
					if err != nil || !reflect.DeepEqual(ev, ev2) {
						t.Fatalf("another deal with the same view evaluates differently (%v):\n%+v\n%+v", err, ev, ev2)
					}
				})
			}
			if kinds[rules.PhaseBid1] == 0 || kinds[rules.PhasePlay] == 0 {
				t.Fatalf("decisions seen by phase: %v", kinds)
			}
		})
	}
}

// TestEvaluateTableWorkers: the same view, samples and seed give the
// same evaluation with one worker or several.
func TestEvaluateTableWorkers(t *testing.T) {
	evaluator := New()
	for ri, rs := range tableRules[:2] {
		opts := tabletest.Options(t, rs)
		r := rand.New(rand.NewPCG(8, uint64(ri)))
		var views []rules.View
		playTable(t, opts, rules.Shuffle(r), 0, r, func(tb *rules.Deal, v *rules.View) {
			if len(views) == 0 || v.Phase != views[len(views)-1].Phase {
				views = append(views, *v)
			}
		})
		for _, v := range views {
			one, err1 := evaluator.Evaluate(context.Background(), &v, Options{Samples: 12, Seed: 3, Workers: 1})
			many, err2 := evaluator.Evaluate(context.Background(), &v, Options{Samples: 12, Seed: 3, Workers: 4})
			if err1 != nil || err2 != nil || !reflect.DeepEqual(one, many) {
				t.Fatalf("%s, %s: one worker and four differ (%v, %v):\n%+v\n%+v", rs, v.Phase, err1, err2, one, many)
			}
		}
	}
}

// TestEvaluateTableNotYourTurn: a view whose seat is not to act is an
// error; a cancelled context returns no samples and no error.
func TestEvaluateTableNotYourTurn(t *testing.T) {
	evaluator := New()
	opts, _ := rules.ParseOptions("players=3")
	tb := rules.NewDeal(opts, 0, rules.Shuffle(rand.New(rand.NewPCG(1, 1))))
	other := tb.View(tb.Turn() + 1)
	if _, err := evaluator.Evaluate(context.Background(), &other, Options{Samples: 4}); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("got %v, want ErrNotYourTurn", err)
	}
	v := tb.View(tb.Turn())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ev, err := evaluator.Evaluate(ctx, &v, Options{Samples: 4})
	if err != nil || ev.Samples != 0 || len(ev.Results) != len(v.Legal()) {
		t.Fatalf("cancelled: got %d samples, %d results, %v; want 0, %d, nil", ev.Samples, len(ev.Results), err, len(v.Legal()))
	}
}

// findDeck shuffles decks until the first speaker's hand at dealer 0
// satisfies ok.
func findDeck(t *testing.T, opts rules.Options, seed uint64, ok func(h rules.CardSet, up rules.Card) bool) rules.Deal {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0))
	for range 200000 {
		tb := rules.NewDeal(opts, 0, rules.Shuffle(r))
		if tb.Phase() == rules.PhaseBid1 && ok(tb.Hand(tb.Turn()), tb.Upcard()) {
			return tb
		}
	}
	t.Fatal("no deck found")
	return rules.Deal{}
}

// resultOf returns the result of the action of kind k.
func resultOf(t *testing.T, ev Evaluation, k rules.Kind) Result {
	t.Helper()
	for _, r := range ev.Results {
		if r.Action.Kind == k {
			return r
		}
	}
	t.Fatalf("no %v among %+v", k, ev.Results)
	return Result{}
}

// TestEvaluateTableBids: eldest takes with an overwhelming trump hand
// (jack, nine and ace of trump and a side ace) and passes with a
// hopeless one (no trump, no ace, no ten), at three and four players.
func TestEvaluateTableBids(t *testing.T) {
	evaluator := New()
	for _, rs := range []string{"players=3", "players=4"} {
		opts := tabletest.Options(t, rs)
		strong := findDeck(t, opts, 1, func(h rules.CardSet, up rules.Card) bool {
			s := up.Suit()
			side := 0
			for x := h &^ h.Suit(s); x != 0; {
				c := x.First()
				x = x.Without(c)
				if c.Rank() == rules.Ace {
					side++
				}
			}
			return h.Has(rules.NewCard(rules.Jack, s)) && h.Has(rules.NewCard(rules.Nine, s)) && h.Has(rules.NewCard(rules.Ace, s)) && side > 0
		})
		weak := findDeck(t, opts, 2, func(h rules.CardSet, up rules.Card) bool {
			if h.Suit(up.Suit()) != 0 {
				return false
			}
			for x := h; x != 0; {
				c := x.First()
				x = x.Without(c)
				if c.Rank() == rules.Ace || c.Rank() == rules.Ten || c.Rank() == rules.Jack {
					return false
				}
			}
			return true
		})
		for _, c := range []struct {
			name string
			tb   rules.Deal
			want rules.Kind
		}{{"strong", strong, rules.Take}, {"weak", weak, rules.Pass}} {
			v := c.tb.View(c.tb.Turn())
			ev, err := evaluator.Evaluate(context.Background(), &v, Options{Samples: 120, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			take, pass := resultOf(t, ev, rules.Take), resultOf(t, ev, rules.Pass)
			if got := ev.Results[ev.Best].Action.Kind; got != c.want {
				t.Errorf("%s, %s hand %s (upcard %s): best is %v, want %v; take %+.1f ± %.1f, pass %+.1f ± %.1f",
					rs, c.name, v.Hand, v.Upcard, got, c.want, take.Mean, take.StdErr, pass.Mean, pass.StdErr)
			}
			if take.Makes < 0.99 {
				t.Errorf("%s: taking makes this seat maker in %.2f of the samples, want all", rs, take.Makes)
			}
		}
	}
}

// TestEvaluateTableEndgame: near the end of the card play, when one
// legal card scores at least as much as the other in every world the
// view allows (checked by playing both out on many worlds) and more in
// some, the evaluator chooses it.
func TestEvaluateTableEndgame(t *testing.T) {
	evaluator := New()
	for ri, rs := range tableRules[:2] {
		opts := tabletest.Options(t, rs)
		r := rand.New(rand.NewPCG(21, uint64(ri)))
		found := 0
		for d := 0; d < 200 && found < 3; d++ {
			playTable(t, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(tb *rules.Deal, v *rules.View) {
				if found >= 3 || v.Phase != rules.PhasePlay || v.Hand.Count() != 2 || v.InTrick != v.Players-1 {
					return
				}
				legal := v.Legal()
				if len(legal) != 2 {
					return
				}
				// After this card every play is forced: score both
				// options on many worlds.
				smp := sampler.New(v)
				wr := rand.New(rand.NewPCG(4, 4))
				better := [2]int{}
				for range 64 {
					w, ok := smp.World(wr)
					if !ok {
						t.Fatal("no world")
					}
					var diff [2]float64
					for i, a := range legal {
						x := w
						if err := x.ApplyAs(v.Seat, a); err != nil {
							t.Fatal(err)
						}
						FinishByRule(&x, nil)
						sc := x.Score()
						diff[i] = sideMargin(sc.Scored, x.SideOf(v.Seat), sc.Sides())
					}
					switch {
					case diff[0] > diff[1]:
						better[0]++
					case diff[1] > diff[0]:
						better[1]++
					}
				}
				want := -1
				switch {
				case better[0] > 0 && better[1] == 0:
					want = 0
				case better[1] > 0 && better[0] == 0:
					want = 1
				}
				if want < 0 {
					return
				}
				found++
				ev, err := evaluator.Evaluate(context.Background(), v, Options{Samples: 64, Seed: 9})
				if err != nil {
					t.Fatal(err)
				}
				if ev.Best != want || ev.Results[want].Mean <= ev.Results[1-want].Mean {
					t.Fatalf("%s: chose %s (%+.1f against %+.1f), want %s\n%s", rs, ev.Results[ev.Best].Action,
						ev.Results[ev.Best].Mean, ev.Results[1-ev.Best].Mean, legal[want], v.String())
				}
			})
		}
		if found == 0 {
			t.Fatalf("%s: no endgame position found", rs)
		}
	}
}

func benchTable(b *testing.B, rs string, phase rules.Phase, hand, samples int) {
	evaluator := New()
	opts := tabletest.Options(b, rs)
	r := rand.New(rand.NewPCG(31, 0))
	var v *rules.View
	for v == nil {
		playTable(b, opts, rules.Shuffle(r), 0, r, func(tb *rules.Deal, w *rules.View) {
			if v == nil && w.Phase == phase && (phase != rules.PhasePlay || w.Hand.Count() == hand) {
				x := *w
				v = &x
			}
		})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := evaluator.Evaluate(context.Background(), v, Options{Samples: samples, Seed: uint64(i), Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// Benchmarks of one decision with 100 samples on one worker: a round-one
// bid, a card at the first trick (played out by the rule) and a card
// with five cards in hand (the card play solved), at three and four
// players.
func BenchmarkEvaluateTableBid3(b *testing.B)  { benchTable(b, "players=3", rules.PhaseBid1, 0, 100) }
func BenchmarkEvaluateTableBid4(b *testing.B)  { benchTable(b, "players=4", rules.PhaseBid1, 0, 100) }
func BenchmarkEvaluateTableLead3(b *testing.B) { benchTable(b, "players=3", rules.PhasePlay, 9, 100) }
func BenchmarkEvaluateTableLead4(b *testing.B) { benchTable(b, "players=4", rules.PhasePlay, 8, 100) }
func BenchmarkEvaluateTablePlay3(b *testing.B) { benchTable(b, "players=3", rules.PhasePlay, 5, 100) }
func BenchmarkEvaluateTablePlay4(b *testing.B) { benchTable(b, "players=4", rules.PhasePlay, 4, 100) }

// TestEvaluateTableCancelKeepsSamples: on one worker, an evaluation cut
// short by its context is the evaluation of the samples it finished:
// the same as asking for that many from the start. The context's
// deadline passes after a number of looks at it, not of milliseconds,
// so that the cut falls mid-evaluation on any machine.
func TestEvaluateTableCancelKeepsSamples(t *testing.T) {
	evaluator := New()
	opts, _ := rules.ParseOptions("players=3")
	tb := rules.NewDeal(opts, 0, rules.Shuffle(rand.New(rand.NewPCG(6, 6))))
	v := tb.View(tb.Turn())
	const n = 100000
	for _, looks := range []int64{4, 12, 40} {
		ctx := ctxtest.DeadlineAfter(looks)
		cut, err := evaluator.Evaluate(ctx, &v, Options{Samples: n, Seed: 4, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if cut.Samples == 0 || cut.Samples == n {
			continue // try a later cut
		}
		whole, err := evaluator.Evaluate(context.Background(), &v, Options{Samples: cut.Samples, Seed: 4, Workers: 1})
		if err != nil || !reflect.DeepEqual(cut, whole) {
			t.Fatalf("cut after %d samples (%v):\n%+v\nwant\n%+v", cut.Samples, err, cut, whole)
		}
		return
	}
	t.Fatal("no deadline cut the evaluation between its first and last sample")
}

// TestEvaluateTableCorrection: at three and four players Corrected
// takes its phase's tableBias off every option's mean, and Solved
// leaves the same samples' means as they are.
func TestEvaluateTableCorrection(t *testing.T) {
	evaluator := New()
	for ri, rs := range tableRules[:2] {
		opts := tabletest.Options(t, rs)
		r := rand.New(rand.NewPCG(9, uint64(ri)))
		seen := map[rules.Phase]bool{}
		for d := range 8 {
			playTable(t, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(_ *rules.Deal, v *rules.View) {
				if v.Phase >= rules.PhasePlay {
					return
				}
				seen[v.Phase] = true
				c, err1 := evaluator.Evaluate(context.Background(), v, Options{Samples: 4, Seed: 3, Method: Corrected})
				s, err2 := evaluator.Evaluate(context.Background(), v, Options{Samples: 4, Seed: 3, Method: Solved})
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				want := tableBias[opts.NumPlayers()][v.Phase]
				for i := range c.Results {
					if got := s.Results[i].Mean - c.Results[i].Mean; got < want-1e-9 || got > want+1e-9 {
						t.Fatalf("%s players, %s: %s corrected by %.2f, want %.2f", rs, v.Phase, c.Results[i].Action, got, want)
					}
				}
			})
		}
		if !seen[rules.PhaseBid1] || !seen[rules.PhaseSequences] || opts.NumPlayers() == 3 && !seen[rules.PhaseDix] {
			t.Fatalf("%s: phases seen %v", rs, seen)
		}
	}
}

// Near the end of a game a table decision is made by the chance to win
// it: with the deciding seat's side 20 points short of the target, every
// action has a win chance, the choice is by it (ByWin) and the best is
// within winEpsilon of the highest; far from the target it is by the
// score difference, the win chances still filled in.
func TestEvaluateTableByWinNearTheTarget(t *testing.T) {
	evaluator := New()
	for _, players := range []int{3, 4} {
		opts := rules.DefaultOptions()
		opts.Players = players
		r := rand.New(rand.NewPCG(uint64(players), 24))
		for _, near := range []bool{true, false} {
			checked := 0
			for deal := 0; checked < 4 && deal < 40; deal++ {
				dealer := rules.Seat(r.IntN(players))
				// The seat to act first: the dealer's left, in round one.
				seat := rules.NextDealer(dealer, players)
				var totals [4]int
				for s := range sidesOf(players) {
					totals[s] = 150
				}
				if near {
					d := rules.NewDeal(opts, dealer, rules.Shuffle(r))
					totals[d.SideOf(seat)] = opts.Target - 20
				}
				d := rules.NewGameDeal(opts, dealer, rules.Shuffle(r), totals)
				if d.Turn() != seat {
					t.Fatalf("%dp: seat %s to act, want %s", players, d.Turn(), seat)
				}
				v := d.View(seat)
				if len(v.Legal()) < 2 {
					continue
				}
				ev, err := evaluator.Evaluate(context.Background(), &v, Options{Samples: 24, Seed: uint64(deal)})
				if err != nil {
					t.Fatal(err)
				}
				checked++
				if ev.ByWin != near || ev.ByWin != UseWin(&v) {
					t.Fatalf("%dp totals %v: ByWin %v, want %v", players, totals, ev.ByWin, near)
				}
				top, some := 0.0, false
				for _, res := range ev.Results {
					if res.Win < 0 || res.Win > 1 {
						t.Fatalf("%dp: %s has win chance %.3f", players, res.Action, res.Win)
					}
					top = max(top, res.Win)
					some = some || res.Win > 0
				}
				if !some {
					t.Fatalf("%dp totals %v: no win chance filled in", players, totals)
				}
				if near && ev.Results[ev.Best].Win < top-winEpsilon {
					t.Errorf("%dp totals %v: best %s wins %.3f, the top %.3f", players, totals, ev.Results[ev.Best].Action, ev.Results[ev.Best].Win, top)
				}
				if near && top < 0.5 {
					t.Errorf("%dp: 20 short of the target, the best chance is %.3f", players, top)
				}
				if ev.Best != Best(ev.Results, ev.ByWin) {
					t.Errorf("%dp: best %d, Best says %d", players, ev.Best, Best(ev.Results, ev.ByWin))
				}
			}
			if checked == 0 {
				t.Fatalf("%dp: no decision checked", players)
			}
		}
	}
}
