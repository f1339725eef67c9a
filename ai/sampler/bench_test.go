package sampler

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// benchViews returns the views of every decision of 20 deals of rs,
// played by the normal rule from a fixed seed.
func benchViews(b *testing.B, rs string) []rules.View {
	opts := tabletest.Options(b, rs)
	r := rand.New(rand.NewPCG(31, 32))
	var views []rules.View
	for d := range 20 {
		tabletest.Play(b, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(_ *rules.Deal, v *rules.View) rules.Action {
			views = append(views, *v)
			return tablerule.Choose(v, v.Legal())
		})
	}
	return views
}

// benchHands times New and ten draws of Hands at every decision of
// benchViews; one op is all of them, so that every op does the same
// work.
func benchHands(b *testing.B, rs string) {
	views := benchViews(b, rs)
	r := rand.New(rand.NewPCG(33, 34))
	for b.Loop() {
		for i := range views {
			s := New(&views[i])
			for range 10 {
				s.Hands(r)
			}
		}
	}
	b.ReportMetric(float64(len(views)), "views")
}

func BenchmarkHandsTwo(b *testing.B)   { benchHands(b, "players=2") }
func BenchmarkHandsThree(b *testing.B) { benchHands(b, "players=3") }
func BenchmarkHandsFour(b *testing.B)  { benchHands(b, "players=4") }
