package ai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// Tests every level must pass: only legal actions, the same decisions
// from the same seed, decisions that depend only on the View, and a
// context that is honoured.

// levelDeals is how many random deals each level plays in the property
// tests; the hard bot searches, so it plays fewer with a small budget.
func levelDeals(t *testing.T, l ai.Level) int {
	n := 600
	if l == ai.Hard {
		n = 12
	}
	if testing.Short() {
		n /= 4
	}
	return n
}

func newBot(t *testing.T, wins *eval.WinTables, l ai.Level, seed uint64) ai.Bot {
	t.Helper()
	cfg := ai.Config{Seed: seed, WinTables: wins}
	if l == ai.Hard {
		// Few samples and no time limit: the budget alone ends a
		// search, so a loaded machine cannot cut one short and change
		// a decision the tests compare.
		cfg.Budget, cfg.Think = 8, -1
	}
	b, err := ai.New(l, cfg)
	if err != nil {
		t.Fatalf("ai.New(%s): %v", l, err)
	}
	if b.Level() != l {
		t.Fatalf("ai.New(%s).Level() = %s", l, b.Level())
	}
	return b
}

// choose asks b for seat's decision and checks it is legal.
func choose(t *testing.T, b ai.Bot, d *rules.Deal) rules.Action {
	t.Helper()
	seat := d.Turn()
	v := d.View(seat)
	a, err := b.Choose(context.Background(), &v)
	if err != nil {
		t.Fatalf("%s: Choose: %v\n%s", b.Level(), err, v)
	}
	if !legalIn(v.Legal(), a) {
		t.Fatalf("%s chose %q, not among %v\n%s", b.Level(), a, v.Legal(), v)
	}
	return a
}

func legalIn(legal []rules.Action, a rules.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// TestNeverIllegal plays whole games (so the score against the target
// varies) between each level and the random bot, which leads the game
// into odd corners (schmeisses, round-two bids, bad contracts), and
// between each level and itself. Every action must be legal and accepted.
func TestNeverIllegal(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	for _, l := range ai.Levels {
		t.Run(string(l), func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(len(l))))
			deals := 0
			for g := 0; deals < levelDeals(t, l); g++ {
				var bots [2]ai.Bot
				bots[g%2] = newBot(t, wins, l, uint64(g))
				if g%3 == 2 {
					bots[1-g%2] = newBot(t, wins, l, uint64(g+1000))
				} else {
					bots[1-g%2] = ai.NewRandom(uint64(g))
				}
				game := rules.NewGame(rules.DefaultOptions(), rules.Seat(r.IntN(2)))
				for !game.Over() && deals < levelDeals(t, l) {
					if game.NeedDeal() {
						if err := game.StartDeal(rules.Shuffle(r)); err != nil {
							t.Fatal(err)
						}
						deals++
					}
					d := game.Deal()
					a := choose(t, bots[d.Turn()], d)
					if err := game.Apply(a); err != nil {
						t.Fatalf("%s: Apply(%q): %v", l, a, err)
					}
				}
			}
		})
	}
}

// playDeal plays d to the end with bots and returns every action.
func playDeal(t *testing.T, d *rules.Deal, bots [2]ai.Bot) []rules.Action {
	t.Helper()
	var acts []rules.Action
	for !d.Over() {
		a := choose(t, bots[d.Turn()], d)
		if err := d.Apply(a); err != nil {
			t.Fatal(err)
		}
		acts = append(acts, a)
	}
	return acts
}

// TestDeterministic: two bots made with the same seed play the same deals
// the same way.
func TestDeterministic(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	for _, l := range ai.Levels {
		t.Run(string(l), func(t *testing.T) {
			n := max(2, levelDeals(t, l)/6)
			r := rand.New(rand.NewPCG(11, 0))
			for i := range n {
				deck, dealer := rules.Shuffle(r), rules.Seat(r.IntN(2))
				var runs [2][]rules.Action
				for k := range runs {
					bots := [2]ai.Bot{newBot(t, wins, l, uint64(i)), newBot(t, wins, l, uint64(i)+1)}
					d := rules.NewDeal(rules.DefaultOptions(), dealer, deck)
					runs[k] = playDeal(t, &d, bots)
				}
				if len(runs[0]) != len(runs[1]) {
					t.Fatalf("deal %d: %d actions, then %d", i, len(runs[0]), len(runs[1]))
				}
				for j := range runs[0] {
					if runs[0][j] != runs[1][j] {
						t.Fatalf("deal %d, action %d: %q, then %q", i, j, runs[0][j], runs[1][j])
					}
				}
			}
		})
	}
}

// resample builds a different deal that the seat to move cannot tell from
// d: the cards it has not seen (the opponent's unknown cards and the
// stock) are shuffled and dealt again, and View.Complete replays the
// public history on them, refusing samples that contradict it (a void
// shown, a sequence announced). It returns false if no other consistent
// deal turned up.
func resample(t *testing.T, d *rules.Deal, r *rand.Rand) (rules.Deal, bool) {
	t.Helper()
	seat := d.Turn()
	v := d.View(seat)
	opp := seat.Other()
	known := v.Known(opp)
	unseen := v.Unseen()
	free := v.Counts[opp] - known.Count()
	if free+v.Hidden() != unseen.Count() {
		t.Fatalf("unseen %d cards, want %d in the opponent's hand and %d elsewhere", unseen.Count(), free, v.Hidden())
	}
	cards := unseen.Cards()
	for try := 0; try < 300; try++ {
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		var hands [4]rules.CardSet
		hands[opp] = known | rules.SetOf(cards[:free]...)
		if hands[opp] == d.Hand(opp) && v.Hidden() == 0 {
			continue
		}
		d2, err := v.Complete(hands, append([]rules.Card(nil), cards[free:]...))
		if err != nil {
			continue
		}
		if d2.Deck() == d.Deck() {
			continue
		}
		return d2, true
	}
	return rules.Deal{}, false
}

// TestSameViewSameDecision: at decision points of random deals, a deal
// with other hidden cards but the same View gets the same decision from a
// bot with the same seed. The bot sees only the View, so a difference
// would mean it read something the View must not carry. It plays the
// two-player rules plain and with the house variants; the tables of
// three and four, and the mixed levels, are TestTableBotsSeeOnlyTheirView's.
func TestSameViewSameDecision(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	for _, rs := range tabletest.TwoRules {
		opts := tabletest.Options(t, rs)
		for _, l := range ai.Levels {
			t.Run(rs+"/"+string(l), func(t *testing.T) { sameViewSameDecision(t, wins, opts, l) })
		}
	}
}

func sameViewSameDecision(t *testing.T, wins *eval.WinTables, opts rules.Options, l ai.Level) {
	r := rand.New(rand.NewPCG(13, 0))
	n := max(6, levelDeals(t, l)/4)
	checked, phases := 0, map[rules.Phase]int{}
	for i := range n {
		d := rules.NewDeal(opts, rules.Seat(r.IntN(2)), rules.Shuffle(r))
		players := [2]ai.Bot{ai.NewRandom(uint64(i)), newBot(t, wins, l, uint64(i))}
		for !d.Over() {
			if len(d.Legal()) > 1 && r.IntN(3) == 0 {
				d2, ok := resample(t, &d, r)
				if ok {
					seat := d.Turn()
					v, v2 := d.View(seat), d2.View(seat)
					if v != v2 {
						t.Fatalf("resampled deal gives another view (%s):\n%s\n%s", viewDiff(v, v2), v, v2)
					}
					a1, err1 := newBot(t, wins, l, 99).Choose(context.Background(), &v)
					a2, err2 := newBot(t, wins, l, 99).Choose(context.Background(), &v2)
					if err1 != nil || err2 != nil {
						t.Fatalf("Choose: %v, %v", err1, err2)
					}
					if a1 != a2 {
						t.Fatalf("same view, decisions %q and %q\n%s", a1, a2, v)
					}
					checked++
					phases[v.Phase]++
				}
			}
			a := choose(t, players[d.Turn()], &d)
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < n {
		t.Fatalf("only %d decisions checked over %d deals", checked, n)
	}
	if phases[rules.PhasePlay] == 0 || phases[rules.PhaseBid1] == 0 {
		t.Fatalf("checked phases %v: want bidding and play", phases)
	}
}

// TestHonoursContext: with a context that is already done, every level
// still answers with a legal action, and the hard bot without searching
// (a budget it could never finish would otherwise run to its time limit).
func TestHonoursContext(t *testing.T) {
	for _, l := range ai.Levels {
		t.Run(string(l), func(t *testing.T) {
			r := rand.New(rand.NewPCG(17, 0))
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			cfg := ai.Config{Seed: 1, Budget: 1 << 20} // a budget far too large to finish
			b, err := ai.New(l, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 6; i++ {
				d := rules.NewDeal(rules.DefaultOptions(), rules.Seat(r.IntN(2)), rules.Shuffle(r))
				rb := ai.NewRandom(uint64(i))
				for !d.Over() {
					v := d.View(d.Turn())
					a, err := b.Choose(ctx, &v)
					if err != nil {
						t.Fatalf("Choose: %v", err)
					}
					// The hard bot does no search: its answer is the
					// fixed policy's quick one (the other levels never
					// search).
					if l == ai.Hard && len(v.Legal()) > 1 && a != eval.Quick(&v) {
						t.Fatalf("hard with a done context chose %s, want the quick answer %s", a, eval.Quick(&v))
					}
					if !legalIn(v.Legal(), a) {
						t.Fatalf("chose %q, not among %v", a, v.Legal())
					}
					if r.IntN(2) == 0 {
						a, _ = rb.Choose(ctx, &v)
					}
					if err := d.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// TestOutOfTurn: asked for a seat that is not to move, every level says
// so with ErrNoMove.
func TestOutOfTurn(t *testing.T) {
	wins := &eval.WinTables{} // the win tables of the test's bots, built as they ask
	for _, l := range ai.Levels {
		d := rules.NewDeal(rules.DefaultOptions(), rules.SeatA, rules.NewDeck())
		v := d.View(rules.SeatA) // B (non-dealer) is to move
		if _, err := newBot(t, wins, l, 1).Choose(context.Background(), &v); err != ai.ErrNoMove {
			t.Errorf("%s: Choose out of turn: err %v, want ErrNoMove", l, err)
		}
	}
}

// viewDiff names the first field where two views differ, for a failure
// message (View's unexported part included).
func viewDiff(a, b rules.View) string {
	fa, fb := strings.Fields(fmt.Sprintf("%+v", a)), strings.Fields(fmt.Sprintf("%+v", b))
	for i := range min(len(fa), len(fb)) {
		if fa[i] != fb[i] {
			return fmt.Sprintf("field %d: %s vs %s after %s", i, fa[i], fb[i], strings.Join(fa[max(0, i-3):i], " "))
		}
	}
	return "no difference in print"
}

// pv returns a pointer to a copy of v, for a view built by an expression.
func pv(v rules.View) *rules.View { return &v }
