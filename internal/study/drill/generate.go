package drill

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// Filter restricts the drills a Generator makes (klob train -only).
type Filter uint8

// The filters. Any makes every kind of drill the rules ask, in any seat.
const (
	Any          Filter = iota
	OnlyRound1          // round-one bids
	OnlyRound2          // round-two bids
	OnlySchmeiss        // answers to a schmeiss (two players)
	OnlyDealer          // any decision of the dealer
	OnlyElder           // any decision of the eldest, the first to speak
	OnlyDeclare         // shlomo or cleopatra, or the card given after one
	OnlyDix             // the dix exchange (two or three players)
	OnlyDialogue        // a word of the sequence dialogue
)

var filterNames = [...]string{"any", "round1", "round2", "schmeiss", "dealer", "elder", "declare", "dix", "sequences"}

// FilterNames lists the names ParseFilter reads, besides "" and "any".
var FilterNames = filterNames[1:]

// String returns the filter's name as -only takes it.
func (f Filter) String() string {
	if int(f) < len(filterNames) {
		return filterNames[f]
	}
	return "unknown"
}

// ParseFilter reads a filter name (FilterNames, "dialogue" for
// sequences), or "" and "any" for no filter.
func ParseFilter(s string) (Filter, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return Any, nil
	}
	if t == "dialogue" {
		t = "sequences"
	}
	if i := slices.Index(filterNames[:], t); i >= 0 {
		return Filter(i), nil
	}
	return Any, fmt.Errorf("%q is not a drill kind (want %s)", s, strings.Join(FilterNames, ", "))
}

// Check reports whether the rules opts ever ask the filter's decision:
// the schmeiss is an offer between two players, the declarations need
// shlomo (three or four players) or cleopatra (four), and four players
// exchange no dix.
func (f Filter) Check(opts rules.Options) error {
	if len(f.kinds(opts)) > 0 {
		return nil
	}
	why := "none"
	switch f {
	case OnlySchmeiss:
		why = "the schmeiss is an offer between two players"
	case OnlyDeclare:
		why = "the declarations need shlomo=on at three or four players, or cleopatra=on at four"
	case OnlyDix:
		why = "four players exchange no dix"
	}
	return fmt.Errorf("-only %s: no such decision under these rules (%s)", f, why)
}

// filterKind is the one kind of decision a filter of one kind allows
// (the seat filters allow every kind).
var filterKind = map[Filter]Kind{
	OnlyRound1: Round1, OnlyRound2: Round2, OnlySchmeiss: Schmeiss,
	OnlyDeclare: Declare, OnlyDix: Dix, OnlyDialogue: Dialogue,
}

// kinds returns the kinds of decision the filter allows under opts.
func (f Filter) kinds(opts rules.Options) []Kind {
	can := map[Kind]bool{
		Round1: true, Round2: true, Dialogue: true,
		Schmeiss: opts.HasSchmeiss(),
		Dix:      opts.HasDix(),
		Declare:  opts.HasShlomo() || opts.HasCleopatra(),
	}
	want := Kinds
	if k, ok := filterKind[f]; ok {
		want = []Kind{k}
	}
	var out []Kind
	for _, k := range want {
		if can[k] {
			out = append(out, k)
		}
	}
	return out
}

// kindWeight is how often each kind is drawn when several are allowed:
// round one most, as it is the decision of every deal, the rarer
// decisions less.
var kindWeight = [...]int{Round1: 5, Schmeiss: 2, Round2: 3, Declare: 1, Dix: 1, Dialogue: 2}

// Generator makes drills from a seed: the n-th drill depends only on the
// seed, the filter, the rules and n (its random numbers come from a
// generator seeded by the seed and n). It draws the kind of decision and
// the player's place first, then deals shuffled decks at game totals
// drawn from a game's start, middle or end, and lets the normal bot
// speak for every seat, the player's own words too, until the card play;
// the drill is one of the player's decisions of that kind with two
// options or more, drawn among those the deal asked. So the
// situations are those that happen in play, and a rare decision comes
// up as often as the trainer asks for it, in the hands where it happens.
type Generator struct {
	seed   uint64
	filter Filter
	opts   rules.Options
	kinds  []Kind
	bot    ai.Bot
	next   uint64
}

// NewGenerator returns a Generator of drills under the rules opts, at
// any seat count.
func NewGenerator(seed uint64, f Filter, opts rules.Options) (*Generator, error) {
	if n := opts.NumPlayers(); !rules.ValidPlayers(n) {
		return nil, fmt.Errorf("drill: %w, not %d", ErrPlayers, n)
	}
	if opts.Target <= 0 {
		return nil, fmt.Errorf("drill: target %d is not positive", opts.Target)
	}
	if err := f.Check(opts); err != nil {
		return nil, fmt.Errorf("drill: %w", err)
	}
	bot, err := ai.New(ai.Normal, ai.Config{Seed: seed})
	if err != nil {
		return nil, fmt.Errorf("drill: the bidding bot: %w", err)
	}
	return &Generator{seed: seed, filter: f, opts: opts, kinds: f.kinds(opts), bot: bot}, nil
}

// Next returns the next drill and its number (from 1).
func (g *Generator) Next() (Situation, int) {
	g.next++
	return g.Drill(g.next), int(g.next)
}

// maxDeals bounds the deals tried for one drill. The rarest drill (the
// eldest answering the dealer's schmeiss, a shlomo to declare) comes up
// in a deal or two of a hundred; when the bound is reached all the
// same, the first deal's round-one decision is the drill.
const maxDeals = 20000

// Drill returns the n-th drill.
func (g *Generator) Drill(n uint64) Situation {
	r := rand.New(rand.NewPCG(g.seed, n))
	want := drawKind(r, g.kinds)
	players := g.opts.NumPlayers()
	// The place is drawn once, before the deals: dealing again until
	// the kind comes up would otherwise favour the place where it comes
	// up more often.
	dealer := rules.Seat(r.IntN(players))
	switch g.filter {
	case OnlyDealer:
		dealer = You
	case OnlyElder:
		dealer = rules.Seat(players - 1) // the player is on the dealer's left
	}
	var fallback Situation
	found := false
	for range maxDeals {
		totals := g.totals(r)
		deck := rules.Shuffle(r)
		if s, ok := g.play(r, deck, dealer, totals, want); ok {
			return s
		}
		if !found {
			fallback, found = g.play(r, deck, dealer, totals, Round1)
		}
	}
	return fallback
}

// play deals deck and lets the normal bot speak for every seat, the
// player too, until the card play starts or the deal ends, and returns
// one of the player's decisions of kind want with two options or more,
// drawn evenly among those the deal asked; it reports false when there
// was none. Drawing among them all, rather than stopping at the first,
// lets the later steps of a dialogue (the answer after the top card is
// named, twenty announced while holding a fifty) come up as often as
// they happen in play.
func (g *Generator) play(r *rand.Rand, deck rules.Deck, dealer rules.Seat, totals [4]int, want Kind) (Situation, bool) {
	d := rules.NewGameDeal(g.opts, dealer, deck, totals)
	var said []rules.Action
	var at []int // len(said) at each of the player's decisions of kind want
	for !d.Over() && beforePlay(d.Phase()) {
		turn := d.Turn()
		var a rules.Action
		if turn == rules.ChanceSeat {
			l := d.Legal()
			a = l[r.IntN(len(l))]
		} else {
			if turn == You && phaseKind(d.Phase()) == want && len(d.Legal()) >= 2 && !onToGive(r, d.Legal()) {
				at = append(at, len(said))
			}
			v := d.View(turn)
			var err error
			if a, err = g.bot.Choose(context.Background(), &v); err != nil {
				break
			}
		}
		if err := d.ApplyAs(turn, a); err != nil {
			break
		}
		said = append(said, a)
	}
	if len(at) == 0 {
		return Situation{}, false
	}
	s := Situation{Options: g.opts, Dealer: dealer, Deck: deck, Totals: totals}
	if i := at[r.IntN(len(at))]; i > 0 {
		s.Said = slices.Clone(said[:i])
	}
	return s, true
}

// onToGive reports, for half the declarations the player could make,
// that the drill is rather the card given after it: the declaration is
// not drawn, and when the bot declares for the player the drill comes
// at the give (a shlomo's card to the left, a cleopatra's to the
// partner).
func onToGive(r *rand.Rand, legal []rules.Action) bool {
	for _, a := range legal {
		if a.Kind == rules.Shlomo || a.Kind == rules.Cleopatra {
			return r.IntN(2) == 0
		}
	}
	return false
}

// drawKind draws one of kinds with the chances kindWeight gives.
func drawKind(r *rand.Rand, kinds []Kind) Kind {
	total := 0
	for _, k := range kinds {
		total += kindWeight[k]
	}
	x := r.IntN(total)
	for _, k := range kinds {
		if x < kindWeight[k] {
			return k
		}
		x -= kindWeight[k]
	}
	return kinds[0]
}

// totals draws the game totals by side before the deal: a game's start
// (all low, or all nothing) a third of the time, its middle a third,
// and its end (one side within 130 of the target, the others within
// 330) a third, where the score changes the right decision most. No
// side has reached the target.
func (g *Generator) totals(r *rand.Rand) [4]int {
	t := g.opts.Target
	n := rules.SidesAt(g.opts.NumPlayers())
	between := func(lo, hi int) int { // [lo, hi), clamped to [0, t)
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
	lead := r.IntN(n)
	for i := range n {
		switch {
		case phase == 0:
			out[i] = between(0, t*2/5)
		case phase == 1:
			out[i] = between(t/5, t*4/5)
		case i == lead:
			out[i] = between(t-130, t)
		default:
			// Near the end of a game the others are rarely far behind.
			out[i] = between(t-330, t)
		}
	}
	return out
}
