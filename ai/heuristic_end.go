package ai

import (
	"context"
	"math"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/rules"
)

// The exact endgame: from a hand of heurParams.EndCards (3) the
// heuristic bot plays the rest of the deal exactly: it lists every hand
// the opponent may hold (a few hundred at most), plays each out with
// both sides choosing the best card, and picks the card with the best
// weighted average of the final score margin. This is where the last-trick bonus, a bella and a
// close bete are decided, so the exact score (not the card points) is
// what it maximises.

// heurEndMaxHands caps the hands listed; beyond it the bot keeps using
// its heuristic (never reached with three cards left).
const heurEndMaxHands = 4000

// heurEnd holds what the exact endgame needs besides the cards.
type heurEnd struct {
	me, opp rules.Seat
	maker   rules.Seat
	seqWin  rules.Seat
	seqPts  int
	opts    rules.Options
	forced  bool // the dealer was forced to name trump (bimah)
	bellaBy rules.Seat
	bellaPt int // what bellaBy's announcement scores: bella's or the menage's
	// elig is what each seat may still announce (rules.Announceable),
	// bella or the menage, the choice taken at the end; 0 for nothing.
	elig [2]int
}

// endgame returns the expected final margin of each legal action, and
// false when the position is not small enough or ctx ran out.
func (b *heuristicBot) endgame(ctx context.Context, k *heurKnow, legal []rules.Action) ([]float64, bool) {
	v := k.v
	if float64(v.Hand.Count()) > b.par.EndCards || v.Trump == rules.NoSuit {
		return nil, false
	}
	unk := k.poss &^ k.sure
	need := k.oppN - k.sure.Count()
	if need < 0 || need > unk.Count() || heurBinom(unk.Count(), need) > heurEndMaxHands {
		return nil, false
	}
	e := newHeurEnd(v, k.me, k.opp)
	base := v.Play().Duel()
	cards := unk.Cards()
	vals := make([]float64, len(legal))
	totalW := 0.0
	idx := make([]int, need)
	for i := range idx {
		idx[i] = i
	}
	n := 0
	for {
		if n%64 == 0 && ctx.Err() != nil {
			return nil, false
		}
		n++
		hand := k.sure
		w := 1.0
		for _, i := range idx {
			hand = hand.With(cards[i])
			w *= k.w[cards[i]]
		}
		p := base
		p.Hands[k.opp] = hand
		for i, a := range legal {
			vals[i] += w * e.rootValue(p, v, hand, a, legal)
		}
		totalW += w
		if !sampler.NextSubset(idx, len(cards)) {
			break
		}
	}
	if totalW > 0 {
		for i := range vals {
			vals[i] /= totalW
		}
	}
	return vals, true
}

// newHeurEnd reads what the endgame's scoring needs from v, the view of
// me in the card play against opp: the melds the sequence right scores
// (the other seat's as it showed them), and who announced what.
func newHeurEnd(v *rules.View, me, opp rules.Seat) heurEnd {
	e := heurEnd{me: me, opp: opp, maker: v.Maker, seqWin: v.SeqWinner,
		opts: v.Options, forced: v.Forced, bellaBy: v.BellaBy, bellaPt: rules.BellaPoints}
	if v.MenageBy != rules.NoSeat {
		e.bellaBy, e.bellaPt = v.MenageBy, rules.MenagePoints
	}
	switch e.seqWin {
	case me:
		e.seqPts = rules.MeldPoints(v.Hand|v.Played[me], v.Trump, v.Options)
	case opp:
		e.seqPts = rules.MeldPoints(v.Shown[opp], v.Trump, v.Options)
	}
	return e
}

// rootValue plays my action a (one of legal) and searches the rest.
func (e heurEnd) rootValue(p rules.Duel, v *rules.View, oppHand rules.CardSet, a rules.Action, legal []rules.Action) float64 {
	if e.bellaBy == rules.NoSeat {
		e.elig[e.me] = rules.Announceable(v.Hand, v.Played[e.me], v.Trump, e.opts)
		e.elig[e.opp] = rules.Announceable(oppHand, v.Played[e.opp], v.Trump, e.opts)
	}
	if ann := tablerule.WithAnnounce(legal, a.Card); ann.Bella {
		// a's card carries bella or the menage: it is decided now.
		if a.Bella {
			e.bellaBy, e.bellaPt = e.me, ann.Announced()
		}
		e.elig[e.me] = 0
	}
	p.Move(a.Card)
	return e.search(p)
}

// search is plain minimax on the final margin of the viewing seat.
func (e *heurEnd) search(p rules.Duel) float64 {
	if p.Hands[0]|p.Hands[1] == 0 {
		return e.leaf(&p)
	}
	maximise := p.Turn() == e.me
	best := math.Inf(-1)
	if !maximise {
		best = math.Inf(1)
	}
	for m := p.Legal(); m != 0; m &= m - 1 {
		q := p
		q.Move(m.First())
		x := e.search(q)
		if maximise && x > best || !maximise && x < best {
			best = x
		}
	}
	return best
}

// leaf scores a finished deal with rules.ScoreDeal as the viewing seat's
// margin. A seat still entitled to bella or the menage counts it if that
// is better for it (a player withholds it when it only feeds a bete).
func (e *heurEnd) leaf(p *rules.Duel) float64 {
	// The play's points include the last-trick bonus: no last-trick seat.
	t := rules.Tally{Players: 2, Maker: e.maker, Forced: e.forced, LastTrick: rules.NoSeat, SeqWinner: e.seqWin}
	if e.seqWin != rules.NoSeat {
		t.SeqPoints[e.seqWin] = e.seqPts
	}
	if e.bellaBy != rules.NoSeat {
		t.Bella[e.bellaBy] = e.bellaPt
	}
	for s := range 2 {
		t.Cards[s], t.Tricks[s] = int(p.Points[s]), int(p.Won[s])
	}
	m := e.margin(t)
	for s := rules.SeatA; s <= rules.SeatB; s++ {
		if e.elig[s] == 0 {
			continue
		}
		t2 := t
		t2.Bella = [4]int{}
		t2.Bella[s] = e.elig[s]
		m2 := e.margin(t2)
		if s == e.me && m2 > m || s == e.opp && m2 < m {
			m = m2
		}
	}
	return m
}

// margin is what the viewing seat scores minus what the opponent scores.
func (e *heurEnd) margin(t rules.Tally) float64 {
	sc := rules.ScoreDeal(t, e.opts).Scored
	return float64(sc[e.me] - sc[e.opp])
}

// heurBinom is n choose k (small n).
func heurBinom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}
