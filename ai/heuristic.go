package ai

import (
	"context"
	"hash/fnv"
	"math/rand/v2"

	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/rules"
)

// heuristicBot is the easy and normal opponent: rules of thumb a good
// club player uses, written down, with card counting. It is a pure
// function of the View (normal) or of the View and its seed (easy), so
// it holds no state between decisions and is safe to share.
type heuristicBot struct {
	level Level
	seed  uint64
	par   heurParams
	// easy makes deliberate mistakes: noise on every judgement.
	easy bool
}

// heurParams are the knobs of the heuristic. The values in
// defaultHeurParams were tuned on duplicate matches of the bot against
// variants of itself.
type heurParams struct {
	// Card play (points).
	TrumpCapture float64 // what a trump kept for later is expected to win besides its own points
	TrumpBase    float64 // control value of any trump
	PlainCapture float64 // what falls on a plain winner
	LossShare    float64 // share of a lost card's points that goes to the opponent
	LaterVoid    float64 // chance the opponent gets void in a suit before a kept card is cashed
	GuardShare   float64 // share of a guarded ten credited to its guard
	DrawTrump    float64 // share of side winners protected by drawing a trump
	Force        float64 // value to us of making the opponent ruff

	// Biases added to the fitted values of the bids (points): a positive
	// bias makes the bot bid that way more often. All are 0 (the fit is
	// the optimum against the bot itself) except SchmeissBias: against
	// its own answer a schmeiss never quite wins, but the rule texts
	// recommend it for a fair hand and people answer it less well than
	// the bot, so the bot schmeisses about one deal in thirty.
	TakeBias, SchmeissBias, NameBias, RefuseBias float64

	// Hand size from which the rest of the deal is played exactly.
	EndCards float64

	// Score against the target.
	NearTarget float64 // a player this close to the target wins as defender
	NearRaise  float64 // taken off the value of bidding when the opponent is that close and this player far

	// Bella is withheld when even with it the maker's total plus this
	// share of the points still out cannot beat the defender's.
	BellaShare float64

	// Easy's mistakes: the standard deviation of the noise added to bid
	// values and card scores, and the chance of misplaying the endgame.
	EasyBidNoise, EasyPlayNoise, EasyEndSlip float64
	// Easy never picks an option this much worse than the best.
	EasyMaxLoss float64
}

func defaultHeurParams() heurParams {
	return heurParams{
		TrumpCapture: 4, TrumpBase: 3, PlainCapture: 2, LossShare: 0.6, LaterVoid: 0.2,
		GuardShare: 0.5, DrawTrump: 0.15, Force: 4,
		TakeBias: 0, SchmeissBias: 6, NameBias: 0, RefuseBias: 0,
		EndCards:   3,
		NearTarget: 45, NearRaise: 25,
		BellaShare:   0.35,
		EasyBidNoise: 24, EasyPlayNoise: 12, EasyEndSlip: 0.5, EasyMaxLoss: 25,
	}
}

// newHeuristic returns the easy or normal bot.
func newHeuristic(level Level, cfg Config) (Bot, error) {
	return &heuristicBot{level: level, seed: cfg.Seed, par: defaultHeurParams(), easy: level == Easy}, nil
}

// Level returns Easy or Normal.
func (b *heuristicBot) Level() Level { return b.level }

// Choose answers the decision of v.
func (b *heuristicBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	legal := v.Legal()
	if a, ok, err := forced(legal); ok {
		return a, err
	}
	var rng *rand.Rand
	if b.easy {
		rng = b.rngFor(v)
	}
	switch v.Phase {
	case rules.PhaseBid1:
		return b.bid1(v, legal, rng), nil
	case rules.PhaseSchmeiss:
		return b.answerSchmeiss(v, rng), nil
	case rules.PhaseBid2:
		return b.bid2(v, legal, rng), nil
	case rules.PhaseDix:
		return b.dix(v, legal), nil
	case rules.PhaseSequences:
		return b.dialogue(v, legal), nil
	case rules.PhasePlay:
		return b.play(ctx, v, legal, rng), nil
	}
	return legal[0], nil
}

// rngFor derives easy's randomness from its seed and the View, so its
// mistakes are reproducible and do not depend on the order of calls.
func (b *heuristicBot) rngFor(v *rules.View) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(v.String()))
	return rand.New(rand.NewPCG(b.seed, h.Sum64()))
}

// heurNoise returns a normal deviate of standard deviation sd, clipped at two
// deviations so that a mistake is never absurd; 0 without rng.
func heurNoise(rng *rand.Rand, sd float64) float64 {
	if rng == nil || sd == 0 {
		return 0
	}
	x := rng.NormFloat64()
	x = max(-2, min(2, x))
	return x * sd
}

// heurHas reports whether a is among legal.
func heurHas(legal []rules.Action, a rules.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// targetRaise is taken off the value of becoming maker when the score
// against the target says so. The defender always scores its own total,
// so when the opponent is near the target and this player well behind,
// making a contract still lets the opponent score its total and win: as
// the rule texts advise, only a hand that can win big is worth taking.
// It is kept for that advice.
func (b *heuristicBot) targetRaise(v *rules.View) float64 {
	target := v.Options.Target
	if target <= 0 {
		return 0
	}
	me, opp := v.Totals[v.Seat], v.Totals[v.Seat.Other()]
	needMe, needOpp := float64(target-me), float64(target-opp)
	if needOpp <= b.par.NearTarget && needMe > 2*b.par.NearTarget {
		return b.par.NearRaise
	}
	return 0
}

// bid1 is the round-one bid on the upcard's suit: the choice with the
// best expected margin among take, schmeiss and pass, each from its model
// fitted on simulated deals (package handvalue). In effect a strong hand
// takes; a hand that is only fair in the upcard's suit schmeisses (the
// opponent throws the deal in when it is weak there, and passing would
// let it name its best suit); the rest passes. The dealer's models differ
// from the non-dealer's: after two passes the non-dealer names first in
// round two, so the dealer's pass gives the opponent the choice of trump.
func (b *heuristicBot) bid1(v *rules.View, legal []rules.Action, rng *rand.Rand) rules.Action {
	h := handvalue.FromView(v)
	up := v.OrigUpcard.Suit()
	raise := b.targetRaise(v)
	acts := []rules.Action{{Kind: rules.Take}, {Kind: rules.Schmeiss}, rules.PassAction()}
	vals := []float64{
		h.Value(handvalue.Take, up) + b.par.TakeBias - raise,
		h.Value(handvalue.Schmeiss, up) + b.par.SchmeissBias - raise,
		h.Value(handvalue.Pass, up),
	}
	return b.pick(acts, vals, rng, b.par.EasyBidNoise)
}

// answerSchmeiss refuses when the fitted value of defending against the
// schmeisser in the upcard's suit is positive: this hand holds enough of
// that suit to expect a bete. Otherwise it accepts (the deal is thrown
// in, worth 0), since the schmeisser then probably makes.
func (b *heuristicBot) answerSchmeiss(v *rules.View, rng *rand.Rand) rules.Action {
	h := handvalue.FromView(v)
	acts := []rules.Action{{Kind: rules.Refuse}, {Kind: rules.Accept}}
	vals := []float64{h.Value(handvalue.Refuse, v.OrigUpcard.Suit()) + b.par.RefuseBias, 0}
	return b.pick(acts, vals, rng, b.par.EasyBidNoise)
}

// bid2 names the best of the three other suits when its expected margin
// beats passing. The dealer speaks last: its pass throws the deal in
// (worth 0); the non-dealer's pass hands the choice to the dealer.
func (b *heuristicBot) bid2(v *rules.View, legal []rules.Action, rng *rand.Rand) rules.Action {
	h := handvalue.FromView(v)
	var acts []rules.Action
	var vals []float64
	raise := b.targetRaise(v)
	for _, a := range legal {
		switch a.Kind {
		case rules.Name:
			acts = append(acts, a)
			vals = append(vals, h.Value(handvalue.Name, a.Suit)+b.par.NameBias-raise)
		case rules.Pass:
			acts = append(acts, a)
			vals = append(vals, h.Value(handvalue.Pass2, v.OrigUpcard.Suit()))
		}
	}
	return b.pick(acts, vals, rng, b.par.EasyBidNoise)
}

// pick returns the action with the highest value (the first on a tie).
// Easy adds noise of deviation sd to each value first: those are its
// mistakes. But it never picks an option more than EasyMaxLoss worse than
// the best, so a mistake is a beginner's, never an absurd one.
func (b *heuristicBot) pick(acts []rules.Action, vals []float64, rng *rand.Rand, sd float64) rules.Action {
	best := 0
	for i := range vals {
		if vals[i] > vals[best] {
			best = i
		}
	}
	if rng == nil {
		return acts[best]
	}
	pick, top := -1, 0.0
	for i := range vals {
		if vals[i] < vals[best]-b.par.EasyMaxLoss {
			continue
		}
		x := vals[i] + heurNoise(rng, sd)
		if pick < 0 || x > top {
			pick, top = i, x
		}
	}
	return acts[pick]
}

// dix exchanges the 7 of trump for the upcard, a higher trump, unless the
// 7 is part of a meld worth more than the upcard brings.
func (b *heuristicBot) dix(v *rules.View, legal []rules.Action) rules.Action {
	ex := rules.Action{Kind: rules.Exchange}
	if !heurHas(legal, ex) {
		return rules.Action{Kind: rules.NoExchange}
	}
	seven := rules.Dix(v.Trump)
	after := v.Hand.Without(seven).With(v.Upcard)
	loss := rules.MeldPoints(v.Hand, v.Trump, v.Options) - rules.MeldPoints(after, v.Trump, v.Options)
	if float64(loss) > float64(rules.Points(v.Upcard, v.Trump))+5 {
		return rules.Action{Kind: rules.NoExchange}
	}
	return ex
}

// dialogue answers the sequence dialogue truthfully, as the rules allow
// (docs/rules.md section 5), and says no more than needed: announce the best
// sequence (points help the maker make and the defender bete); claim the
// right when holding better; ask "how high?" (or "how many?") at equal
// value; concede "good" when that costs nothing, that is when asking
// cannot win. Only the dealer answers, and a full tie goes to the
// non-dealer unless the dealer's sequence is trump: so the dealer says
// "same" only with a trump sequence, and does not ask when its non-trump
// sequence has the lowest top a sequence of that size can have (7-8-9
// for twenty, 7-8-9-10 for fifty), since the other can only tie or beat
// it; asking would show the sequence for nothing.
func (b *heuristicBot) dialogue(v *rules.View, legal []rules.Action) rules.Action {
	for _, a := range legal {
		if a.Kind == rules.Announce || a.Kind == rules.NotGood {
			return a
		}
	}
	best := v.OwnBest()
	trump := best.Suit == v.Trump
	for _, a := range legal {
		switch a.Kind {
		case rules.HowHigh, rules.HowMany:
			minLen := 3
			_, _, toldLen, _ := v.Claim()
			switch {
			case toldLen > 0:
				minLen = toldLen // lengths were compared: equal
			case best.Value() == 50:
				minLen = 4
			}
			if a.Kind == rules.HowMany && best.Len > 4 {
				return a // a longer fifty can win on length
			}
			if trump || best.Top > rules.Rank(minLen-1) {
				return a
			}
		case rules.Same:
			if v.SameTakesRight() {
				return a
			}
		}
	}
	for _, a := range legal {
		if a.Kind == rules.Good {
			return a
		}
	}
	return legal[0]
}

// play chooses a card (and bella).
func (b *heuristicBot) play(ctx context.Context, v *rules.View, legal []rules.Action, rng *rand.Rand) rules.Action {
	k := newHeurKnow(v, !b.easy)
	slip := rng != nil && rng.Float64() < b.par.EasyEndSlip
	if !slip {
		if vals, ok := b.endgame(ctx, k, legal); ok {
			best := 0
			for i := range vals {
				if vals[i] > vals[best]+1e-9 {
					best = i
				}
			}
			return legal[best]
		}
	}
	var legalSet rules.CardSet
	for _, a := range legal {
		legalSet = legalSet.With(a.Card)
	}
	var score [32]float64
	b.playScores(k, legalSet, &score)
	c := k.bestCard(legalSet, &score)
	if rng != nil {
		// Easy: the same judgement with noise, within EasyMaxLoss of the
		// best card (see pick).
		floor := score[c] - b.par.EasyMaxLoss
		var noisy [32]float64
		var ok rules.CardSet
		for m := legalSet; m != 0; m &= m - 1 {
			x := m.First()
			if score[x] >= floor {
				noisy[x] = score[x] + heurNoise(rng, b.par.EasyPlayNoise)
				ok = ok.With(x)
			}
		}
		c = k.bestCard(ok, &noisy)
	}
	if ann := tablerule.WithAnnounce(legal, c); ann.Bella && b.announceBella(k, ann) {
		return ann
	}
	return rules.PlayAction(c)
}

// announceBella says whether to announce with ann: bella with the
// second of king and queen (20 to its caller), or the menage with the
// last of king, queen and jack (50). When the maker goes bete the
// defender scores both totals, the announcement included: a maker who
// cannot overtake the defender even with it and a fair share of the
// points still out keeps quiet. The defender always announces, and so
// does easy.
func (b *heuristicBot) announceBella(k *heurKnow, ann rules.Action) bool {
	v := k.v
	if b.easy || v.Maker != k.me {
		return true
	}
	var tot [2]float64
	for s := range 2 {
		tot[s] = float64(v.Points[s])
	}
	if v.SeqWinner != rules.NoSeat {
		if v.SeqWinner == k.me {
			tot[k.me] += float64(rules.MeldPoints(v.Hand|v.Played[k.me], v.Trump, v.Options))
		} else {
			tot[k.opp] += float64(rules.MeldPoints(v.Shown[k.opp], v.Trump, v.Options))
		}
	}
	out := float64(rules.SetPoints(k.hand, k.trump)) + k.expPointsHeld()
	if v.Tricks[0]+v.Tricks[1] < rules.TricksPerDeal(v.Players) {
		out += float64(v.Options.LastTrick)
	}
	return tot[k.me]+float64(ann.Announced())+b.par.BellaShare*out > tot[k.opp]
}

// expPointsHeld is the expected card points in the opponent's hand.
func (k *heurKnow) expPointsHeld() float64 {
	t := 0.0
	for m := k.poss; m != 0; m &= m - 1 {
		c := m.First()
		t += k.p[c] * k.pts(c)
	}
	return t
}
