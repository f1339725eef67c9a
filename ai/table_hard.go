package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/solver"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/rules"
)

// tableHard is the hard table bot. It bids by eval.Evaluator.Evaluate (the
// bid with the best expected score difference over sampled deals, the
// rest of each played by the normal rule); its declarations, dix and
// dialogue words are the normal bot's; each card, from the first trick
// on, is chosen by sampled worlds and exact search (perfect-information
// Monte Carlo): it draws whole deals the view cannot tell from the real
// one (sampler.Sampler: every seat's voids and lacks, known cards,
// the melds the dialogue bounds, and a replay of every word said through
// View.Complete), weighs each by how well the normal rule explains
// the other seats' bids and cards in it (readWorlds, table_read.go),
// picks the worlds searched by weight, solves each exactly with
// solver.TableSolver (two teams with four players, paranoid with three:
// the two others against this seat), and plays the card with the
// highest total over the worlds: its side's card points, or, for a
// three-handed defender, its estimated score for the deal (defend3).
// The search's work is bounded in solver nodes, not time, so a decision
// depends only on the view and the seed
// (Config.Think adds a clock only as a guard, and none when negative:
// see thinkContext); if fewer than minWorlds distinct worlds are solved
// within the bound, it plays the normal bot's card.
type tableHard struct {
	cfg    Config
	r      *rand.Rand
	solver *solver.TableSolver
	ev     *eval.Evaluator // the bids' evaluations
	// team solves a three-handed defender's worlds for both defenders
	// (defend3), made at its first use: a table of its own, as a
	// solver's entries hold for one maximising side.
	team *solver.TableSolver
}

// Hard table bot budgets.
const (
	tableSamples = 24 // worlds per card decision, unless Config.Budget says otherwise
	// tableNodeBudget is the solver nodes of one card decision for
	// tableSamples worlds, all together (a budget of worlds scales it).
	// A world is cut at a quarter of it, so that one slow world does not
	// spend the rest.
	tableNodeBudget = 4000000
	minWorlds       = 6
)

func newTableHard(cfg Config) *tableHard {
	return &tableHard{cfg: cfg, r: rand.New(rand.NewPCG(cfg.Seed, 0x68617264)), solver: solver.NewTable(), ev: eval.NewWith(cfg.WinTables)}
}

func (b *tableHard) Level() Level { return Hard }

func (b *tableHard) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	legal := v.Legal()
	if a, ok, err := forced(legal); ok {
		return a, err
	}
	ctx, cancel := thinkContext(ctx, b.cfg.Think)
	defer cancel()
	if v.Phase == rules.PhaseBid1 || v.Phase == rules.PhaseBid2 {
		return b.bid(ctx, v, legal), nil
	}
	if v.Phase != rules.PhasePlay {
		return tablerule.Choose(v, legal), nil
	}
	var cards rules.CardSet
	for _, a := range legal {
		cards = cards.With(a.Card)
	}
	if cards.Count() == 1 {
		return tablerule.WithAnnounce(legal, cards.First()), nil
	}
	// A decision depends only on the view and the seed: reseed from both.
	b.r = rand.New(rand.NewPCG(b.cfg.Seed, viewHash(v)))
	if c, ok := b.search(ctx, v); ok {
		return tablerule.WithAnnounce(legal, c), nil
	}
	return tablerule.WithAnnounce(legal, tablerule.PlayCard(v, legal)), nil
}

// thinkContext bounds one decision's ctx by think (Config.Think): the
// level's own bound, maxThink, when it is zero, none when it is
// negative. The search and the bids are bounded by their work (solver
// nodes, samples), which a decision takes far below maxThink; the clock
// only guards a game on a machine too slow for that work. With a
// negative think nothing but the caller's own deadline can cut a
// decision, so it is a function of the view and the seed alone.
func thinkContext(ctx context.Context, think time.Duration) (context.Context, context.CancelFunc) {
	if d := thinkLimit(think, maxThink); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return ctx, func() {}
}

// tableBidSamples is the hard table bot's samples a bid, whatever
// Config.Budget (which caps the worlds of its card play): on fewer
// samples its bids fall apart. The figures that chose it are in
// docs/experiments/2026-12-01-table-hard-search.md.
//
// tableBidSamplesFour is the same at four players, the count the
// analysis grades a bid on (drill.DefaultSamples). There the choice
// between passing and naming a suit in round two is often closer than
// what fewer samples tell apart, and with fewer the bot passed hands
// the analysis calls blunders
// (docs/experiments/2026-12-06-hard-four-round-two.md).
const (
	tableBidSamples     = 100
	tableBidSamplesFour = 500
)

// bidSamples is the hard table bot's samples a bid at a table of
// players.
func bidSamples(players int) int {
	if players == 4 {
		return tableBidSamplesFour
	}
	return tableBidSamples
}

// minBidSamples: a bid evaluated on fewer samples (the context ended
// first) is the normal bot's.
const minBidSamples = 8

// bid chooses a bid by eval.Evaluator.Evaluate: the best expected score
// difference over sampled deals, the rest of each played by the normal
// rule. It takes more contracts than the normal rule's bids and wins
// more with them (docs/experiments/2026-12-01-table-hard-search.md).
func (b *tableHard) bid(ctx context.Context, v *rules.View, legal []rules.Action) rules.Action {
	opt := b.bidOptions(v)
	ev, err := b.ev.Evaluate(ctx, v, opt)
	if err != nil || ev.Samples < min(opt.Samples, minBidSamples) {
		return tablerule.Choose(v, legal)
	}
	return ev.Results[ev.Best].Action
}

// bidOptions are the evaluation's options for a bid at v: its samples,
// its seed from the bot's and the view, and the evaluation method the
// level asks for (eval=, Config.Method).
func (b *tableHard) bidOptions(v *rules.View) eval.Options {
	return eval.Options{Samples: bidSamples(v.Players), Seed: eval.SeedFor(b.cfg.Seed, v), Workers: b.cfg.Workers, Method: b.cfg.Method}
}

// search returns the card with the best total over the solved worlds,
// chosen by how well they explain the other seats' bids and cards
// (readWorlds).
func (b *tableHard) search(ctx context.Context, v *rules.View) (rules.Card, bool) {
	n := tableSamples
	budget := b.cfg.Budget
	if b.cfg.PlayBudget > 0 && (budget == 0 || b.cfg.PlayBudget < budget) {
		budget = b.cfg.PlayBudget
	}
	if budget > 0 {
		n = budget
	}
	smp := sampler.New(v)
	worlds, picks := b.readWorlds(ctx, v, smp, n)
	next := pickedWorlds(worlds, picks)
	if worlds == nil {
		i := 0
		next = func() (*rules.Deal, int, bool) {
			if i >= n {
				return nil, 0, false
			}
			i++
			t, ok := smp.World(b.r)
			return &t, 1, ok
		}
	}
	return b.solveWorlds(ctx, v, uint64(tableNodeBudget)*uint64(n)/tableSamples, next)
}

// pickedWorlds returns the next function of solveWorlds over the worlds
// readWorlds picked: each world with the times it was picked, the ones
// never picked left out.
func pickedWorlds(worlds []rules.Deal, picks []int) func() (*rules.Deal, int, bool) {
	i := 0
	return func() (*rules.Deal, int, bool) {
		for i < len(worlds) && picks[i] == 0 {
			i++
		}
		if i >= len(worlds) {
			return nil, 0, false
		}
		i++
		return &worlds[i-1], picks[i-1], true
	}
}

// solveWorlds solves the worlds next gives (whole deals the view cannot
// tell from the real one, and how many times each was picked) until next
// is done, the context ends or the solves have taken budget nodes, and
// returns the card with the best total, each world's values counted as
// many times as it was picked. A world whose solve takes more than a
// quarter of the budget is cut and left out. It returns false when fewer
// than minWorlds distinct worlds were solved: a world picked many times
// is still one guess at the hidden cards, and with lopsided weights a few
// worlds can carry every pick.
func (b *tableHard) solveWorlds(ctx context.Context, v *rules.View, budget uint64, next func() (*rules.Deal, int, bool)) (rules.Card, bool) {
	var total [32]int
	var seen rules.CardSet
	solved := 0
	used := uint64(0)
	// A cold table: which worlds fit in the budget must not depend on
	// what earlier decisions left in it.
	b.solver.Reset()
	if b.team != nil {
		b.team.Reset()
	}
	buf := make([]solver.TableCardValue, 0, 12)
	for ctx.Err() == nil && used < budget {
		d, times, ok := next()
		if !ok {
			break
		}
		cv, nodes, ok := b.worldValues(v, d, budget-used, budget/4, buf[:0])
		used += nodes
		if !ok {
			continue
		}
		solved++
		for _, x := range cv {
			total[x.Card] += times * x.Value
			seen = seen.With(x.Card)
		}
	}
	if solved < minWorlds {
		return rules.NoCard, false
	}
	best, bestV := rules.NoCard, 0
	for m := seen; m != 0; {
		c := m.First()
		m = m.Without(c)
		if best == rules.NoCard || total[c] > bestV {
			best, bestV = c, total[c]
		}
	}
	return best, true
}

// worldValues returns the value of every legal card of v's seat in the
// world d, in card order, and the solver nodes it took: its side's card
// points from the position on by exact search (the two others against it
// with three players), for a three-handed defender its score for the deal
// (defend3). Each search is cut at the smaller of cut and the nodes left
// of left; it returns false when one was cut.
func (b *tableHard) worldValues(v *rules.View, d *rules.Deal, left, cut uint64, buf []solver.TableCardValue) ([]solver.TableCardValue, uint64, bool) {
	p := v.Play()
	for o := range v.Players {
		if rules.Seat(o) != v.Seat {
			p.Hands[o] = d.Hand(rules.Seat(o))
		}
	}
	b.solver.SetLimit(min(left, cut))
	n0 := b.solver.Nodes()
	cv, ok := b.solver.CardValuesFor(&p, searchSide(v), buf)
	used := b.solver.Nodes() - n0
	if !ok {
		return nil, used, false
	}
	if defends3(v) {
		var nodes uint64
		cv, nodes, ok = b.defend3(v, &p, d, cv, min(left-used, cut))
		used += nodes
		if !ok {
			return nil, used, false
		}
	}
	return cv, used, true
}

// searchSide is the side the search maximises for the viewing seat: its
// team with four players; itself alone with two or three (paranoid: the
// two others play against it; 2026-12-01-table-hard-search.md in
// docs/experiments compares it with the defenders as a team).
func searchSide(v *rules.View) uint8 {
	return rules.SideSeats(v.Players, v.Seat)
}

// viewHash mixes what the bot's choice depends on, so that the same view
// gives the same decision however it was reached.
func viewHash(v *rules.View) uint64 {
	h := uint64(v.Hand) * 0x9e3779b97f4a7c15
	for o := range 4 {
		h ^= uint64(v.Played[o]) + uint64(o)*0xbf58476d1ce4e5b9
		h *= 0x94d049bb133111eb
		h ^= h >> 31
	}
	for _, st := range v.History() {
		h ^= uint64(st.Action.Kind)<<40 | uint64(st.Action.Card)<<32 | uint64(st.Action.Suit)<<24 | uint64(st.Action.N)<<16 | uint64(st.Seat)
		h *= 0x9e3779b97f4a7c15
		h ^= h >> 29
	}
	return h
}

// readWorlds draws tableCandidates*n whole worlds, weighs each by the
// other seats' bids and card play in it (readWeight) and picks n of them
// by weight (a world may be picked more than once): it returns the
// worlds and how many times each was picked. It returns nil when
// reading is off (Config.Unread) or no whole world could be drawn; the
// search then draws its n worlds unweighted.
func (b *tableHard) readWorlds(ctx context.Context, v *rules.View, smp *sampler.Sampler, n int) ([]rules.Deal, []int) {
	if b.cfg.Unread {
		return nil, nil
	}
	seats := readSeats(v)
	m := tableCandidates * n
	worlds := make([]rules.Deal, 0, m)
	weights := make([]float64, 0, m)
	memo := readMemo{}
	for len(worlds) < m && ctx.Err() == nil {
		t, ok := smp.World(b.r)
		if !ok {
			break
		}
		worlds = append(worlds, t)
		weights = append(weights, readWeight(v, &t, seats, tablerule.PlayCard, tablerule.Choose, memo))
	}
	if len(worlds) == 0 {
		return nil, nil
	}
	return worlds, resample(weights, n, b.r)
}
