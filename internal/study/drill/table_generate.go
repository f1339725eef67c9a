package drill

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// TableGenerator makes drills of a table of three or four from a seed:
// the n-th drill depends only on the seed, the filter, the rules and n
// (its generator is seeded by (seed, n), never a global one). As the
// two-player Generator, it draws the kind of decision and the player's
// place first (dealer, eldest or between), then deals shuffled decks at
// game totals drawn from a game's start, middle or end, and lets the
// normal table bot (ai.NewTableBot, ai.Normal) speak for every seat
// (the player's own earlier words too) until the player has a decision
// of that kind with at least two options: a declaration (shlomo or
// cleopatra on), a round-one or round-two bid (with four, no trumps;
// dealer_forced's obligation), the dix (three players), or a word of
// the sequence dialogue. A shlomo's card drawn at random is drawn from
// the drill's generator.
type TableGenerator struct {
	seed   uint64
	filter Filter
	opts   rules.Options
	bot    ai.Bot
	next   uint64
}

// NewTableGenerator returns a TableGenerator of drills under opts (three
// or four players).
func NewTableGenerator(seed uint64, f Filter, opts rules.Options) (*TableGenerator, error) {
	n := opts.NumPlayers()
	if n != 3 && n != 4 {
		return nil, fmt.Errorf("drill: %w, not %d", ErrNotTable, n)
	}
	if err := f.ForPlayers(n); err != nil {
		return nil, fmt.Errorf("drill: %w", err)
	}
	if opts.Target <= 0 {
		return nil, fmt.Errorf("drill: target %d is not positive", opts.Target)
	}
	if len(tableKinds(f, opts)) == 0 {
		return nil, fmt.Errorf("drill: -only %s: no such decision under these rules (%s)", f, kindNeeds(f))
	}
	bot, err := ai.New(ai.Normal, ai.Config{Seed: seed})
	if err != nil {
		return nil, fmt.Errorf("drill: the bidding bot: %w", err)
	}
	return &TableGenerator{seed: seed, filter: f, opts: opts, bot: bot}, nil
}

// kindNeeds says what rules a table-only filter needs.
func kindNeeds(f Filter) string {
	switch f {
	case OnlyDeclare:
		return "the declarations need shlomo=on, or cleopatra=on with four"
	case OnlyDix:
		return "the dix is exchanged at three players only"
	}
	return "none"
}

// tableKindWeight is how often each kind is drawn when several may be:
// the bids most, the rarer decisions less.
var tableKindWeight = map[Kind]int{Round1: 5, Round2: 4, Declare: 1, Dix: 1, Dialogue: 2}

// tableKinds returns the kinds of decision f allows under opts.
func tableKinds(f Filter, opts rules.Options) []Kind {
	n := opts.NumPlayers()
	declares := opts.Shlomo || opts.Cleopatra && n == 4
	switch f {
	case OnlyRound1:
		return []Kind{Round1}
	case OnlyRound2:
		return []Kind{Round2}
	case OnlyDeclare:
		if !declares {
			return nil
		}
		return []Kind{Declare}
	case OnlyDix:
		if n != 3 {
			return nil
		}
		return []Kind{Dix}
	case OnlyDialogue:
		return []Kind{Dialogue}
	}
	ks := []Kind{Round1, Round2, Dialogue}
	if declares {
		ks = append(ks, Declare)
	}
	if n == 3 {
		ks = append(ks, Dix)
	}
	return ks
}

// Next returns the next drill and its number (from 1).
func (g *TableGenerator) Next() (TableSituation, int) {
	g.next++
	return g.Drill(g.next), int(g.next)
}

// Drill returns the n-th drill. When no deal of maxTableDeals brings the
// wanted decision (it does not happen with the kinds drawn), the first
// deal's round-one decision is used.
func (g *TableGenerator) Drill(n uint64) TableSituation {
	r := rand.New(rand.NewPCG(g.seed, n))
	want := drawKind(r, tableKinds(g.filter, g.opts), func(k Kind) int { return tableKindWeight[k] })
	players := g.opts.NumPlayers()
	// The player's place is drawn once, before the deals (see Generator).
	dealer := rules.Seat(r.IntN(players))
	switch g.filter {
	case OnlyDealer:
		dealer = You
	case OnlyElder:
		dealer = rules.Seat(players - 1) // the player is eldest
	}
	var fallback TableSituation
	for range maxTableDeals {
		totals := g.totals(r)
		deck := rules.Shuffle(r)
		if s, ok := g.play(r, deck, dealer, totals, want); ok {
			return s
		}
		if fallback.Said == nil {
			if s, ok := g.play(r, deck, dealer, totals, Round1); ok {
				fallback = s
			}
		}
	}
	return fallback
}

// maxTableDeals bounds the deals tried for one drill: the rarest
// decision (a shlomo to declare) comes up in a deal or two of a hundred.
const maxTableDeals = 5000

// play deals deck and lets the normal bot speak for every seat until the
// player has a decision of kind want with two options or more; it
// reports false when the card play starts (or the deal ends) first.
func (g *TableGenerator) play(r *rand.Rand, deck rules.Deck, dealer rules.Seat, totals [4]int, want Kind) (TableSituation, bool) {
	t := rules.NewGameDeal(g.opts, dealer, deck, totals)
	var said []rules.Action
	for !t.Over() && (t.Phase() < rules.PhasePlay || t.Phase() == rules.PhaseDeclare) {
		turn := t.Turn()
		var a rules.Action
		switch {
		case turn == rules.ChanceSeat:
			l := t.Legal()
			a = l[r.IntN(len(l))]
		case turn == You && phaseKind(t.Phase()) == want && len(t.Legal()) >= 2 && !g.onToGive(r, t.Legal()):
			return TableSituation{Options: g.opts, Dealer: dealer, Deck: deck, Said: append([]rules.Action{}, said...), Totals: totals}, true
		default:
			v := t.View(turn)
			var err error
			if a, err = g.bot.Choose(context.Background(), &v); err != nil {
				return TableSituation{}, false
			}
		}
		if err := t.ApplyAs(turn, a); err != nil {
			return TableSituation{}, false
		}
		said = append(said, a)
	}
	return TableSituation{}, false
}

// onToGive reports, for half the declarations the player could make,
// that the drill is rather the card given after it: the bot declares
// for the player and the drill comes at the give (a shlomo's card to
// the left, a cleopatra's to the partner).
func (g *TableGenerator) onToGive(r *rand.Rand, legal []rules.Action) bool {
	for _, a := range legal {
		if a.Kind == rules.Shlomo || a.Kind == rules.Cleopatra {
			return r.IntN(2) == 0
		}
	}
	return false
}

// totals draws the game totals by side before the deal, as the
// two-player Generator does for each side: a game's start, middle or
// end, no side at the target.
func (g *TableGenerator) totals(r *rand.Rand) [4]int {
	t := g.opts.Target
	sides := 2
	if g.opts.NumPlayers() == 3 {
		sides = 3
	}
	between := func(lo, hi int) int {
		lo, hi = max(0, lo), min(t, hi)
		if hi <= lo {
			return max(0, min(lo, t-1))
		}
		return lo + r.IntN(hi-lo)
	}
	var out [4]int
	phase := r.IntN(3)
	if phase == 0 && r.IntN(5) == 0 {
		return out
	}
	lead := r.IntN(sides)
	for i := range sides {
		switch phase {
		case 0:
			out[i] = between(0, t*2/5)
		case 1:
			out[i] = between(t/5, t*4/5)
		default:
			// One side near the target, the others rarely far behind.
			if i == lead {
				out[i] = between(t-130, t)
			} else {
				out[i] = between(t-330, t)
			}
		}
	}
	return out
}
