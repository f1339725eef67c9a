package sampler

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// swapViews returns up to n views of the first bidding round at four
// players with every house variant on, after a shlomo and a cleopatra
// whose cards changed hands unseen by the viewer (played by the normal
// rule from a fixed seed, at most deals deals): the views in which
// World's tries rarely replay through Complete unless the draw knows
// what the declarations say of the hands.
func swapViews(t testing.TB, n, deals int) []rules.View {
	opts := tabletest.Options(t, tabletest.Rules[4])
	r := rand.New(rand.NewPCG(61, 62))
	var views []rules.View
	for d := 0; d < deals && len(views) < n; d++ {
		taken := false
		tabletest.Play(t, opts, rules.Shuffle(r), rules.Seat(d%4), r, func(_ *rules.Deal, v *rules.View) rules.Action {
			if !taken && v.Phase == rules.PhaseBid1 && hiddenSwaps(v) {
				views = append(views, *v)
				taken = true
			}
			return tablerule.Choose(v, v.Legal())
		})
	}
	return views
}

// hiddenSwaps reports whether v's history holds a shlomo and a
// cleopatra, each with a card that changed hands unseen by the viewer.
func hiddenSwaps(v *rules.View) bool {
	var round rules.Kind
	var unseen [2]bool // in shlomo's round, in cleopatra's
	for _, st := range v.History() {
		switch k := st.Action.Kind; k {
		case rules.Shlomo, rules.Cleopatra:
			round = k
		case rules.Draw, rules.Give:
			if st.Action.Card == rules.NoCard {
				unseen[0] = unseen[0] || round == rules.Shlomo
				unseen[1] = unseen[1] || round == rules.Cleopatra
			}
		}
	}
	return unseen[0] && unseen[1]
}

// evalViews returns the views of the decisions before the card play
// that TestEvaluateTableEveryDecision (ai/eval) meets at four players
// with every house variant on, in which a shlomo or a cleopatra was
// declared and a card changed hands unseen by the viewer: its deals
// replayed with its seed and its draws (one per card decision).
func evalViews(t testing.TB) []rules.View {
	opts := tabletest.Options(t, tabletest.Rules[4])
	r := rand.New(rand.NewPCG(5, 3))
	var views []rules.View
	for d := range 4 {
		tabletest.Play(t, opts, rules.Shuffle(r), rules.Seat(d%4), r, func(_ *rules.Deal, v *rules.View) rules.Action {
			l := v.Legal()
			if len(l) > 1 {
				if v.Phase == rules.PhasePlay {
					r.IntN(4)
				} else if unseenSwap(v) {
					views = append(views, *v)
				}
			}
			return tablerule.Choose(v, l)
		})
	}
	return views
}

// unseenSwap reports whether a card changed hands unseen by v's seat.
func unseenSwap(v *rules.View) bool {
	for _, st := range v.History() {
		if k := st.Action.Kind; (k == rules.Draw || k == rules.Give) && st.Action.Card == rules.NoCard {
			return true
		}
	}
	return false
}

// BenchmarkWorldSwaps calls World 100 times on each view of evalViews
// and swapViews (the decisions after a shlomo or a cleopatra whose
// cards changed hands unseen) and reports the deals tried through
// Complete per world found and the calls that found none, per 100.
func BenchmarkWorldSwaps(b *testing.B) {
	views := append(evalViews(b), swapViews(b, 3, 3000)...)
	r := rand.New(rand.NewPCG(35, 36))
	tries, found, missed := 0, 0, 0
	for b.Loop() {
		for i := range views {
			s := New(&views[i])
			for range 100 {
				_, _, k, ok := s.draw(r, true)
				tries += k
				if ok {
					found++
				} else {
					missed++
				}
			}
		}
	}
	b.ReportMetric(float64(tries)/float64(max(found, 1)), "tries/world")
	b.ReportMetric(100*float64(missed)/float64(found+missed), "misses/100")
	b.ReportMetric(float64(len(views)), "views")
}
