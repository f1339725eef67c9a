package eval

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// Fitting the bid values of Method Fitted (honest.go) on counterfactual
// calibration runs, and checking them on others:
//
//	klob match -calibrate -counterfactual -budget 60 -deals 2000 -seed 31 -dump s31.jsonl
//	go test ./ai/eval -run TestFitHonest -honest-dump s31.jsonl,s32.jsonl -honest-check s33.jsonl -v
//
// prints the weights as Go source, and for the decisions of the check
// runs what each way of bidding brought there: the hard bot's choice
// (the method the run was made with), the normal bot's, the fitted
// values' and the best in hindsight; and the error of the fitted value
// of the option it picks (predicted minus realised).
var (
	honestDump  = flag.String("honest-dump", "", "calibration dumps (comma-separated) to fit Method Fitted's bid weights on")
	honestCheck = flag.String("honest-check", "", "calibration dumps to check the fitted weights on")
)

// calibLine is a line of a calibration dump: match.CalibOption's
// fields read here (package match imports ai, which imports eval, so a
// test of eval cannot import it).
type calibLine struct {
	Deal     int     `json:"deal"`
	Seat     string  `json:"seat"`
	Dealer   bool    `json:"dealer"`
	Phase    string  `json:"phase"`
	Hand     string  `json:"hand"`
	Upcard   string  `json:"upcard"`
	History  string  `json:"history"`
	Option   string  `json:"option"`
	Chosen   bool    `json:"chosen"`
	Normal   bool    `json:"normal"`
	Mean     float64 `json:"mean"`
	Makes    float64 `json:"makes"`
	Defends  float64 `json:"defends"`
	Bete     float64 `json:"bete"`
	Realised float64 `json:"realised"`
}

// calibDecision is a bid of a dump with every option played out.
type calibDecision struct {
	deal     int
	v        rules.View
	rs       []Result
	realised []float64
	chosen   int
	normal   int
	pass     int
}

// readDumps reads the round-one and round-two decisions of the dumps.
func readDumps(t *testing.T, files string) []calibDecision {
	var ds []calibDecision
	for fi, fn := range strings.Split(files, ",") {
		f, err := os.Open(fn)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var cur *calibDecision
		flush := func() {
			if cur != nil {
				if p, ok := isBid(&cur.v, cur.rs); ok && len(cur.rs) > 1 {
					cur.pass = p
					ds = append(ds, *cur)
				}
			}
			cur = nil
		}
		for n := 1; sc.Scan(); n++ {
			var l calibLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Fatalf("%s:%d: %v", fn, n, err)
			}
			if l.Chosen {
				flush()
				if l.Phase != "round one" && l.Phase != "round two" {
					continue
				}
				hand, err := rules.ParseCardSet(l.Hand)
				if err != nil {
					t.Fatalf("%s:%d: %v", fn, n, err)
				}
				up, err := rules.ParseCard(l.Upcard)
				if err != nil {
					t.Fatalf("%s:%d: %v", fn, n, err)
				}
				seat, err := rules.ParseSeat(l.Seat)
				if err != nil {
					t.Fatalf("%s:%d: %v", fn, n, err)
				}
				dealer := seat.Other()
				if l.Dealer {
					dealer = seat
				}
				ph := rules.PhaseBid1
				if l.Phase == "round two" {
					ph = rules.PhaseBid2
				}
				cur = &calibDecision{deal: fi<<32 | l.Deal, v: rules.View{Seat: seat, Dealer: dealer, Phase: ph, Hand: hand, Upcard: up}, normal: -1}
			}
			if cur == nil {
				continue
			}
			a, err := rules.ParseAction(l.Option)
			if err != nil {
				t.Fatalf("%s:%d: %v", fn, n, err)
			}
			if l.Chosen {
				cur.chosen = len(cur.rs)
			}
			if l.Normal {
				cur.normal = len(cur.rs)
			}
			cur.rs = append(cur.rs, Result{Action: a, Mean: l.Mean, Makes: l.Makes, Defends: l.Defends, Bete: l.Bete})
			cur.realised = append(cur.realised, l.Realised)
		}
		flush()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return ds
}

// ridge solves min |Xw - y|² + lambda·|w without w[0]|²: the constant
// is not shrunk.
func ridge(xs [][]float64, ys []float64, lambda float64) []float64 {
	return solveRidge(xs, ys, func(i int) float64 {
		if i == 0 {
			return 1e-6
		}
		return lambda
	})
}

// round is 0 for a bid of round one, 1 for round two.
func round(ph rules.Phase) int {
	if ph == rules.PhaseBid2 {
		return 1
	}
	return 0
}

// fitHonest fits each round's weights on ds, with ridges passLambda
// and gainLambda.
func fitHonest(ds []calibDecision, passLambda, gainLambda float64) [2]bidWeights {
	var px [2][][]float64
	var py [2][]float64
	var gx [2][nGain][][]float64
	var gy [2][nGain][]float64
	for i := range ds {
		d := &ds[i]
		ph := round(d.v.Phase)
		pr := &d.rs[d.pass]
		if pr.Makes+pr.Defends > 0 {
			x := passInputs(&d.v, pr)
			px[ph] = append(px[ph], x[:])
			py[ph] = append(py[ph], d.realised[d.pass])
		}
		for j := range d.rs {
			if j == d.pass {
				continue
			}
			r := &d.rs[j]
			trump := r.Action.Suit
			if r.Action.Kind != rules.Name {
				trump = d.v.Upcard.Suit()
			}
			x := honestInputs(&d.v, r, pr, trump)
			k := gainKind(r.Action)
			gx[ph][k] = append(gx[ph][k], x[:])
			gy[ph][k] = append(gy[ph][k], d.realised[j]-d.realised[d.pass])
		}
	}
	var w [2]bidWeights
	for ph := range w {
		if len(px[ph]) > 0 {
			copy(w[ph].pass[:], ridge(px[ph], py[ph], passLambda))
		}
		for k := range gx[ph] {
			if len(gx[ph][k]) > 0 {
				copy(w[ph].gain[k][:], ridge(gx[ph][k], gy[ph][k], gainLambda))
			}
		}
	}
	return w
}

func TestFitHonest(t *testing.T) {
	if *honestDump == "" {
		t.Skip("a fit: run with -honest-dump FILES")
	}
	train := readDumps(t, *honestDump)
	w := fitHonest(train, 1, 50)
	fmt.Printf("fitted on %d bids\n", len(train))
	for ph, name := range []string{"round1Weights", "round2Weights"} {
		fmt.Printf("var %s = bidWeights{\n\tpass: [nPassInput]float64{%s},\n\tgain: [nGain][nHonest]float64{\n", name, formatFloats(w[ph].pass[:]))
		for k, g := range w[ph].gain {
			if g == ([nHonest]float64{}) {
				continue
			}
			fmt.Printf("\t\t%s: {%s},\n", []string{"gainTake", "gainSchmeiss", "gainName"}[k], formatFloats(g[:]))
		}
		fmt.Printf("\t},\n}\n")
	}
	if *honestCheck == "" {
		return
	}
	check := readDumps(t, *honestCheck)
	decks := map[int]bool{}
	for _, d := range check {
		decks[d.deal] = true
	}
	for _, ph := range []rules.Phase{rules.PhaseBid1, rules.PhaseBid2} {
		var hard, fitted, best, errFit, errHard []float64
		n := 0
		for i := range check {
			d := &check[i]
			if d.v.Phase != ph || d.normal < 0 {
				continue
			}
			n++
			fm := fittedMeans(&d.v, d.rs, d.pass, &w[round(ph)])
			fb, ob := 0, 0
			for j := range fm {
				if fm[j] > fm[fb] {
					fb = j
				}
				if d.realised[j] > d.realised[ob] {
					ob = j
				}
			}
			base := d.realised[d.normal]
			hard = append(hard, d.realised[d.chosen]-base)
			fitted = append(fitted, d.realised[fb]-base)
			best = append(best, d.realised[ob]-base)
			errFit = append(errFit, fm[fb]-d.realised[fb])
			errHard = append(errHard, d.rs[d.chosen].Mean-d.realised[d.chosen])
		}
		if n == 0 {
			continue
		}
		// A deal of a match has one seat's decisions of a deck; the
		// runs' decks hold both seats': per deal is the sum over the
		// decks' decisions halved.
		perDeal := float64(n) / 2 / float64(len(decks))
		fmt.Printf("round %d, %d bids of %d decks, what each way of bidding brought over the normal bot's choice (per bid, per deal of a match):\n", round(ph)+1, n, len(decks))
		for _, row := range []struct {
			name string
			xs   []float64
		}{{"the run's choice", hard}, {"fitted", fitted}, {"best in hindsight", best}} {
			m, ci := meanCI(row.xs)
			fmt.Printf("  %-18s %+6.2f ± %.2f   %+6.2f ± %.2f\n", row.name, m, ci, m*perDeal, ci*perDeal)
		}
		m, ci := meanCI(errFit)
		fmt.Printf("  error of the fitted value of the option fitted picks: %+.2f ± %.2f\n", m, ci)
		m, ci = meanCI(errHard)
		fmt.Printf("  error of the run's value of the option it chose:      %+.2f ± %.2f\n", m, ci)
	}
}

func formatFloats(w []float64) string {
	s := make([]string, len(w))
	for i, x := range w {
		s[i] = fmt.Sprintf("%.3g", x)
	}
	return strings.Join(s, ", ")
}

// meanCI is the mean and the half-width of its 95% interval.
func meanCI(xs []float64) (float64, float64) {
	n := float64(len(xs))
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= n
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	if n < 2 {
		return m, math.Inf(1)
	}
	return m, 1.96 * math.Sqrt(v/(n-1)/n)
}
