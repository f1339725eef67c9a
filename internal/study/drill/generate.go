package drill

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// Filter restricts the drills a Generator makes (klob train -only).
type Filter uint8

// The filters. Any makes every kind of drill, in either seat.
const (
	Any          Filter = iota
	OnlyRound1          // round-one bids, either seat
	OnlyRound2          // round-two bids, either seat
	OnlySchmeiss        // answers to a schmeiss, either seat
	OnlyDealer          // any decision of the dealer
	OnlyElder           // any decision of the elder (non-dealer)
	// At a table of three or four only (see TableFilterNames).
	OnlyDeclare  // shlomo or cleopatra, or the card given after one
	OnlyDix      // the dix exchange
	OnlyDialogue // a word of the sequence dialogue
)

var filterNames = [...]string{"any", "round1", "round2", "schmeiss", "dealer", "elder", "declare", "dix", "sequences"}

// FilterNames lists the names ParseFilter reads for two players
// (besides "" and "any").
var FilterNames = filterNames[1:6]

// TableFilterNames lists the names a table of three or four takes: the
// eldest is the first to speak (elder), and there is no schmeiss.
var TableFilterNames = []string{"round1", "round2", "declare", "dix", "sequences", "dealer", "elder"}

// String returns the filter's name as -only takes it.
func (f Filter) String() string {
	if int(f) < len(filterNames) {
		return filterNames[f]
	}
	return "unknown"
}

// ParseFilter reads a filter name: round1, round2, schmeiss, dealer,
// elder, or "" / any for no filter.
func ParseFilter(s string) (Filter, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return Any, nil
	}
	if t == "dialogue" {
		t = "sequences"
	}
	for i, n := range filterNames {
		if t == n {
			return Filter(i), nil
		}
	}
	return Any, fmt.Errorf("%q is not a drill kind (want %s; at three or four players also declare, dix, sequences)", s, strings.Join(FilterNames, ", "))
}

// ForPlayers checks that the filter is one a table of players seats
// asks: schmeiss is two-player only, the declarations, the dix and the
// sequences are drilled at tables of three and four.
func (f Filter) ForPlayers(players int) error {
	if players == 2 {
		if f >= OnlyDeclare {
			return fmt.Errorf("-only %s: drilled at tables of three and four (want %s)", f, strings.Join(FilterNames, ", "))
		}
		return nil
	}
	if f == OnlySchmeiss {
		return fmt.Errorf("-only schmeiss: there is no schmeiss at a table of %d (want %s)", players, strings.Join(TableFilterNames, ", "))
	}
	return nil
}

// kinds returns the kinds of decision the filter allows.
func (f Filter) kinds() []Kind {
	switch f {
	case OnlyRound1:
		return []Kind{Round1}
	case OnlyRound2:
		return []Kind{Round2}
	case OnlySchmeiss:
		return []Kind{Schmeiss}
	}
	return []Kind{Round1, Schmeiss, Round2}
}

// kindWeight is how often each kind is drawn when several are allowed:
// round one most (it is the decision of every deal), then round two,
// then the schmeiss answer.
var kindWeight = [...]int{Round1: 5, Schmeiss: 2, Round2: 3}

// Generator makes drills from a seed: the n-th drill depends only on the
// seed, the filter, the rules and n. Each drill is drawn from a real
// deal: a shuffled deck, dealt by rules.NewDeal, the bidding before the
// player's turn spoken by the normal bot (ai.Normal) for both seats (the
// player's own earlier bids too, as a sensible player would bid), at a
// score drawn so that early, middle and end-of-game situations all come
// up. So the situations are those that happen in play. The kind of
// decision and the seat are drawn first (round one half the time, round
// two and a schmeiss to answer the rest; either seat), and deals are
// dealt until one brings the player to that decision, so a rarer
// decision (a schmeiss to answer) comes up as often as the trainer wants
// it, in the hands where it happens.
type Generator struct {
	seed   uint64
	filter Filter
	opts   rules.Options
	bot    ai.Bot
	next   uint64
}

// NewGenerator returns a Generator of drills under the rules opts.
func NewGenerator(seed uint64, f Filter, opts rules.Options) (*Generator, error) {
	if err := f.ForPlayers(2); err != nil {
		return nil, fmt.Errorf("drill: %w", err)
	}
	bot, err := ai.New(ai.Normal, ai.Config{Seed: seed})
	if err != nil {
		return nil, fmt.Errorf("drill: the bidding bot: %w", err)
	}
	if opts.Target <= 0 {
		return nil, fmt.Errorf("drill: target %d is not positive", opts.Target)
	}
	return &Generator{seed: seed, filter: f, opts: opts, bot: bot}, nil
}

// Next returns the next drill and its number (from 1).
func (g *Generator) Next() (Situation, int) {
	g.next++
	return g.Drill(g.next), int(g.next)
}

// maxDeals bounds the deals tried for one drill. The rarest drill (the
// elder answering the dealer's schmeiss) comes up in about one deal in
// a few dozen; the bound is never reached in practice, and when it is
// the last deal's round-one decision is used instead.
const maxDeals = 20000

// Drill returns the n-th drill.
func (g *Generator) Drill(n uint64) Situation {
	s, _ := g.drill(n)
	return s
}

// drill returns the n-th drill and the deal it was drawn from, stopped
// at the player's decision.
func (g *Generator) drill(n uint64) (Situation, rules.Deal) {
	r := rand.New(rand.NewPCG(g.seed, n))
	want := drawKind(r, g.filter.kinds(), func(k Kind) int { return kindWeight[k] })
	// The seat is drawn once, before the deals: dealing again until the
	// kind comes up would otherwise favour the seat where it comes up
	// more often (the normal bot says schmeiss more as dealer).
	dealer := r.IntN(2) == 0
	switch g.filter {
	case OnlyDealer:
		dealer = true
	case OnlyElder:
		dealer = false
	}
	var fallback Situation
	var fallbackDeal rules.Deal
	for range maxDeals {
		totals := g.totals(r)
		deck := rules.Shuffle(r)
		if s, d, ok := g.play(deck, dealer, totals, want); ok {
			return s, d
		}
		if fallback.Hand == 0 {
			fallback, fallbackDeal, _ = g.play(deck, dealer, totals, Round1)
		}
	}
	return fallback, fallbackDeal
}

// play deals deck and lets the normal bot bid for both seats until the
// player is to make a decision of kind want; it reports false when the
// bidding ends first.
func (g *Generator) play(deck rules.Deck, dealer bool, totals [2]int, want Kind) (Situation, rules.Deal, bool) {
	ds := Opp
	if dealer {
		ds = You
	}
	d := rules.NewGameDeal(g.opts, ds, deck, [4]int{totals[0], totals[1]})
	for d.Phase() <= rules.PhaseBid2 && !d.Over() {
		if d.Turn() == You && phaseKind(d.Phase()) == want {
			s := Situation{Options: g.opts, Dealer: dealer, Hand: d.Hand(You), Upcard: d.OrigUpcard(), Totals: totals}
			for _, st := range d.Steps() {
				s.Said = append(s.Said, st.Action)
			}
			return s, d, true
		}
		v := d.View(d.Turn())
		a, err := g.bot.Choose(context.Background(), &v)
		if err != nil || d.Apply(a) != nil {
			return Situation{}, d, false
		}
	}
	return Situation{}, d, false
}

// drawKind draws one of kinds with the chances their weights give (one
// number from r), for the two-handed and the table drills alike.
func drawKind(r *rand.Rand, kinds []Kind, weight func(Kind) int) Kind {
	total := 0
	for _, k := range kinds {
		total += weight(k)
	}
	x := r.IntN(total)
	for _, k := range kinds {
		if x < weight(k) {
			return k
		}
		x -= weight(k)
	}
	return kinds[0]
}

// phaseKind is the kind of drill a decision in phase p makes, two-handed
// or at a table (a bid of round one for the phases no drill asks about).
func phaseKind(p rules.Phase) Kind {
	switch p {
	case rules.PhaseSchmeiss:
		return Schmeiss
	case rules.PhaseBid2:
		return Round2
	case rules.PhaseDeclare:
		return Declare
	case rules.PhaseDix:
		return Dix
	case rules.PhaseSequences:
		return Dialogue
	}
	return Round1
}

// totals draws the game totals before the deal, [You, Opp]: a game's
// start (both low) a third of the time, its middle a third, and its end
// (one player within 130 of the target, the other within 330) a third,
// where the score changes the right bid most. Neither has reached the
// target.
func (g *Generator) totals(r *rand.Rand) [2]int {
	t := g.opts.Target
	between := func(lo, hi int) int { // [lo, hi), clamped to [0, t)
		lo, hi = max(0, lo), min(t, hi)
		if hi <= lo {
			return max(0, min(lo, t-1))
		}
		return lo + r.IntN(hi-lo)
	}
	var a, b int
	switch r.IntN(3) {
	case 0:
		if r.IntN(5) == 0 {
			return [2]int{}
		}
		a, b = between(0, t*2/5), between(0, t*2/5)
	case 1:
		a, b = between(t/5, t*4/5), between(t/5, t*4/5)
	default:
		// Near the end of a game the other player is rarely far behind.
		a, b = between(t-130, t), between(t-330, t)
		if r.IntN(2) == 0 {
			a, b = b, a
		}
	}
	return [2]int{You: a, Opp: b}
}
