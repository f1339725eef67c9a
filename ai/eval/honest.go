package eval

import (
	"math"

	"github.com/klob/klob/rules"
)

// The fitted evaluation of the bids (Method Fitted): a candidate for
// issue 16, measured and not kept as the default.
//
// The corrected Monte Carlo value of a bid (Corrected) is honest on
// average but not hand by hand: solving every sample with the cards
// known may flatter some hands more than others, and the value of the
// best of three or four noisy options is biased upward by the choice
// itself. Fitted maps what the samples say, and what the hand holds,
// onto what bids like it brought when two hard bots played them out.
// For a decision of a round it has weights for (fittedBids):
//
//   - pass is valued from its own sampled figures (bidWeights.pass: a
//     linear map of its corrected Mean and its chances that this seat or
//     the opponent ends as maker; a dealer's pass in round two throws
//     the deal in and stays 0);
//   - every other option (take, schmeiss, naming a suit) is valued as
//     pass's value plus a linear estimate of what it brings over pass
//     (bidWeights.gain: its sampled edge over pass, its chances of a
//     bete and of being maker, and the hand's features with that
//     option's trump, handFeatures).
//
// The weights are least squares (a small ridge) on counterfactual
// calibration runs (klob match -calibrate -counterfactual -dump): every
// option of every decision played out to the end by two hard bots, not
// only the one chosen, so the fit sees no choice's optimism.
// TestFitHonest (honest_fit_test.go, run with -honest-dump FILES) prints
// them and, with -honest-check FILES, what each way of bidding brought
// on other runs. The other phases keep Corrected's values. What it
// measured, and why it is not the default, is in doc.go.

// nHonest is the number of inputs of a gain (bidWeights.gain): constant, edge over
// pass, bete, makes, then handFeatures without its constant.
const nHonest = 4 + nFeature - 1

// Inputs of a gain.
const (
	hConst = iota
	hEdge  // the option's corrected Mean minus pass's
	hBete  // its chance of a bete as maker
	hMakes // its chance that this seat ends as maker
	hHand  // handFeatures[1:] follow
)

// nPassInput is the number of inputs of pass's value (bidWeights.pass): constant, corrected
// Mean, makes, defends, leads.
const nPassInput = 5

// The option kinds with a fitted gain.
const (
	gainTake = iota
	gainSchmeiss
	gainName
	nGain
)

// honestInputs returns the inputs of the gain of option r against
// pass (its result p) at v.
func honestInputs(v *rules.View, r, p *Result, trump rules.Suit) [nHonest]float64 {
	var x [nHonest]float64
	x[hConst] = 1
	x[hEdge] = r.Mean - p.Mean
	x[hBete] = r.Bete
	x[hMakes] = r.Makes
	f := handFeatures(v.Hand, trump, v.Upcard, v.Seat == v.FirstLeader())
	copy(x[hHand:], f[1:])
	return x
}

// passInputs returns the inputs of the value of pass's result p at v.
func passInputs(v *rules.View, p *Result) [nPassInput]float64 {
	leads := 0.0
	if v.FirstLeader() == v.Seat {
		leads = 1
	}
	return [nPassInput]float64{1, p.Mean, p.Makes, p.Defends, leads}
}

// gainKind returns the fitted kind of option a, or -1.
func gainKind(a rules.Action) int {
	switch a.Kind {
	case rules.Take:
		return gainTake
	case rules.Schmeiss:
		return gainSchmeiss
	case rules.Name:
		return gainName
	}
	return -1
}

// bidWeights are the fitted weights of one round's bids: pass's value
// and each other kind's gain over it.
type bidWeights struct {
	pass [nPassInput]float64
	gain [nGain][nHonest]float64
}

// isBid reports whether v with these results is a bid of the kind the
// fit covers: a two-player bid of round one or two with a pass among
// options of the kinds fitted. pass is its index.
func isBid(v *rules.View, rs []Result) (pass int, ok bool) {
	if v.Phase != rules.PhaseBid1 && v.Phase != rules.PhaseBid2 {
		return 0, false
	}
	pass = -1
	for i, r := range rs {
		switch {
		case r.Action.Kind == rules.Pass:
			pass = i
		case gainKind(r.Action) < 0:
			return 0, false
		}
	}
	return pass, pass >= 0
}

// fitBids replaces the Means of the options of a bid by their fitted
// values (fittedMeans) and moves each sample's win chance by
// the same shift of its score difference, so that Win and Mean stay one
// measure. It leaves other decisions alone.
func (j *job) fitBids(ev *Evaluation, res []sampleResult, done []bool, weights []float64) {
	w := fittedBids[j.v.Phase]
	p, ok := isBid(j.v, ev.Results)
	if w == nil || !ok || ev.Weight <= 0 {
		return
	}
	fitted := fittedMeans(j.v, ev.Results, p, w)
	shift := make([]float64, len(ev.Results))
	for i := range ev.Results {
		shift[i] = fitted[i] - ev.Results[i].Mean
	}
	for i := range ev.Results {
		ev.Results[i].Mean += shift[i]
	}
	// The win chance of each option, from each sample's totals moved by
	// the option's shift.
	k := len(ev.Results)
	for i := range ev.Results {
		s := int(math.Round(shift[i]))
		if s == 0 {
			continue
		}
		win := 0.0
		for n, ok := range done {
			if !ok {
				continue
			}
			r := &res[n*k+i]
			win += weights[n] * j.winAt(r.own+s, r.other)
		}
		ev.Results[i].Win = win / ev.Weight
	}
	ev.Best = Best(ev.Results, ev.ByWin)
}

// fittedMeans returns the fitted value of every option of a bid at v,
// whose results are rs with pass at index p, under the weights w.
func fittedMeans(v *rules.View, rs []Result, p int, w *bidWeights) []float64 {
	pr := &rs[p]
	level := 0.0
	if pr.Makes+pr.Defends > 0 { // else the pass throws the deal in
		x := passInputs(v, pr)
		level = dotN(x[:], w.pass[:])
	}
	out := make([]float64, len(rs))
	for i := range rs {
		out[i] = level
		if i == p {
			continue
		}
		r := &rs[i]
		trump := r.Action.Suit
		if r.Action.Kind != rules.Name {
			trump = v.Upcard.Suit()
		}
		x := honestInputs(v, r, pr, trump)
		out[i] += dotN(x[:], w.gain[gainKind(r.Action)][:])
	}
	return out
}

// winAt is the chance of winning the game from these totals after the
// deal.
func (j *job) winAt(own, other int) float64 {
	if j.wins != nil {
		return j.wins.chance(own, other, j.target, j.dealsNext)
	}
	return WinChance(own, other, j.target, j.dealsNext)
}

func dotN(x, w []float64) float64 {
	s := 0.0
	for i := range x {
		s += x[i] * w[i]
	}
	return s
}

// fittedBids holds the weights by the phase they apply in: round two
// only. Round one's fit, checked on another run, chose no better than
// Corrected (doc.go) and is left out.
var fittedBids = map[rules.Phase]*bidWeights{rules.PhaseBid2: &round2Weights}

// round2Weights were fitted by TestFitHonest on the counterfactual
// calibration runs of seeds 31 and 32 (2000 decks each, -budget 60).
var round2Weights = bidWeights{
	pass: [nPassInput]float64{14.2, 0.84, 0, -34.1, 1.42e-05},
	gain: [nGain][nHonest]float64{
		gainName: {-25.5, 0.669, 11.7, -5.1e-07, 18.5, 9.97, 3.96, 6.05, 9.83, 2.96, 4.06, 4.09, 2.43, 1.82, 1.76, 1.65, 0, 0, -9.58},
	},
}
