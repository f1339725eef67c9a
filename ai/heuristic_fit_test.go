package ai

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/klob/klob/rules"
)

// The bid models of eval_hand.go come from this simulation, off by
// default:
//
//	go test ./ai -run TestFitBidWeights -fitbid 40000 -v
//
// For each random deck it plays every choice of a bidding decision on a
// copy of the deal and finishes each copy with the normal bot in both
// seats: round one for the non-dealer (take, schmeiss, pass), round one
// for the dealer after the non-dealer's own pass, round two for each,
// and the answer to every schmeiss the bot makes. The margins are then
// regressed on the hand features by least squares, one model per choice
// and position, and printed as Go source. Playing every choice on the
// same deck makes the comparison between choices much less noisy.
var fitBid = flag.Int("fitbid", 0, "decks for fitting the bid models (0: skip)")

type bidFitSample struct {
	f bidFeat
	y float64
}

type bidFitData struct {
	take, schm, pass, name, refuse [2][]bidFitSample
	pass2                          []float64
}

func (a *bidFitData) add(b *bidFitData) {
	for p := range 2 {
		a.take[p] = append(a.take[p], b.take[p]...)
		a.schm[p] = append(a.schm[p], b.schm[p]...)
		a.pass[p] = append(a.pass[p], b.pass[p]...)
		a.name[p] = append(a.name[p], b.name[p]...)
		a.refuse[p] = append(a.refuse[p], b.refuse[p]...)
	}
	a.pass2 = append(a.pass2, b.pass2...)
}

func TestFitBidWeights(t *testing.T) {
	if *fitBid == 0 {
		t.Skip("bid model fitting: give -fitbid N")
	}
	bot := &heuristicBot{level: Normal, par: defaultHeurParams()}
	const workers = 2
	parts := make([]bidFitData, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < *fitBid; i += workers {
				bidFitDeck(bot, uint64(i), &parts[w])
			}
		}()
	}
	wg.Wait()
	var all bidFitData
	for i := range parts {
		all.add(&parts[i])
	}
	var b strings.Builder
	emit := func(name string, data [2][]bidFitSample) {
		fmt.Fprintf(&b, "\t%s = [2]bidFeat{\n", name)
		for p := range 2 {
			w, r2 := bidFitLinear(data[p])
			fmt.Fprintf(&b, "\t\t{")
			for i, x := range w {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%.3g", x)
			}
			fmt.Fprintf(&b, "}, // n=%d R²=%.2f\n", len(data[p]), r2)
		}
		fmt.Fprintf(&b, "\t}\n")
	}
	emit("bidTake", all.take)
	emit("bidSchmeiss", all.schm)
	emit("bidPass", all.pass)
	emit("bidName", all.name)
	// Schmeisses are rare, the more so the non-dealer's: the answer model
	// pools both positions.
	pooled := append(append([]bidFitSample(nil), all.refuse[0]...), all.refuse[1]...)
	emit("bidRefuse", [2][]bidFitSample{pooled, pooled})
	mean := 0.0
	for _, y := range all.pass2 {
		mean += y
	}
	mean /= math.Max(1, float64(len(all.pass2)))
	fmt.Fprintf(&b, "\tbidPass2ND = %.3g // n=%d\n", mean, len(all.pass2))
	t.Logf("features: %v\n%s", bidFeatNames, b.String())
}

// bidFitDeck plays the bidding choices of one deck.
func bidFitDeck(bot *heuristicBot, seed uint64, out *bidFitData) {
	r := rand.New(rand.NewPCG(seed, 0x666974))
	dealer := rules.Seat(r.IntN(2))
	deal := rules.NewDeal(rules.DefaultOptions(), dealer, rules.Shuffle(r))
	up := deal.OrigUpcard()
	margin := func(d rules.Deal, s rules.Seat) float64 {
		bidFitFinish(bot, &d)
		sc := d.Score()
		return float64(sc.Scored[s] - sc.Scored[s.Other()])
	}
	try := func(d rules.Deal, a rules.Action, s rules.Seat) float64 {
		if err := d.Apply(a); err != nil {
			panic(err)
		}
		return margin(d, s)
	}
	d := deal
	for !d.Over() && d.Phase() <= rules.PhaseBid2 {
		s := d.Turn()
		pos := 0
		if s == dealer {
			pos = 1
		}
		h := d.Hand(s)
		switch d.Phase() {
		case rules.PhaseBid1:
			f := evalFeatures(h, up.Suit(), up, true)
			out.take[pos] = append(out.take[pos], bidFitSample{f, try(d, rules.Action{Kind: rules.Take}, s)})
			out.schm[pos] = append(out.schm[pos], bidFitSample{f, try(d, rules.Action{Kind: rules.Schmeiss}, s)})
			out.pass[pos] = append(out.pass[pos], bidFitSample{f, try(d, rules.PassAction(), s)})
		case rules.PhaseSchmeiss:
			f := evalFeatures(h, up.Suit(), up, true)
			out.refuse[pos] = append(out.refuse[pos], bidFitSample{f, try(d, rules.Action{Kind: rules.Refuse}, s)})
		case rules.PhaseBid2:
			for _, a := range d.Legal() {
				if a.Kind == rules.Name {
					f := evalFeatures(h, a.Suit, up, false)
					out.name[pos] = append(out.name[pos], bidFitSample{f, try(d, a, s)})
				} else if pos == 0 {
					out.pass2 = append(out.pass2, try(d, a, s))
				}
			}
		}
		v := d.View(s)
		a, err := bot.Choose(context.Background(), &v)
		if err != nil {
			panic(err)
		}
		if err := d.Apply(a); err != nil {
			panic(err)
		}
	}
}

// bidFitFinish plays d to the end with bot in both seats.
func bidFitFinish(bot *heuristicBot, d *rules.Deal) {
	for !d.Over() {
		v := d.View(d.Turn())
		a, err := bot.Choose(context.Background(), &v)
		if err != nil {
			panic(err)
		}
		if err := d.Apply(a); err != nil {
			panic(err)
		}
	}
}

// bidFitLinear returns the least-squares weights (with a slight ridge, which
// also pins features that never vary to 0) and the R² of the fit.
func bidFitLinear(data []bidFitSample) (bidFeat, float64) {
	const n = nBidFeat
	var a [n][n + 1]float64
	for _, s := range data {
		for i := range n {
			for j := range n {
				a[i][j] += s.f[i] * s.f[j]
			}
			a[i][n] += s.f[i] * s.y
		}
	}
	for i := 1; i < n; i++ {
		a[i][i] += 1
	}
	if len(data) == 0 {
		return bidFeat{}, 0
	}
	// Gaussian elimination with partial pivoting.
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := range n {
			if r == c {
				continue
			}
			k := a[r][c] / a[c][c]
			for j := c; j <= n; j++ {
				a[r][j] -= k * a[c][j]
			}
		}
	}
	var w bidFeat
	for i := range n {
		if a[i][i] != 0 {
			w[i] = a[i][n] / a[i][i]
		}
	}
	mean := 0.0
	for _, s := range data {
		mean += s.y
	}
	mean /= float64(len(data))
	var ssr, sst float64
	for _, s := range data {
		e := s.y - s.f.dot(&w)
		ssr += e * e
		sst += (s.y - mean) * (s.y - mean)
	}
	r2 := 0.0
	if sst > 0 {
		r2 = 1 - ssr/sst
	}
	return w, r2
}
