package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// BenchmarkBidMethods times one round-one evaluation at the hard bot's
// budget, one worker, by method.
func BenchmarkBidMethods(b *testing.B) {
	for _, m := range []eval.Method{eval.Solved, eval.Corrected} {
		b.Run(m.String(), func(b *testing.B) {
			r := rand.New(rand.NewPCG(9, 9))
			e := eval.New()
			for b.Loop() {
				d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.Shuffle(r))
				v := d.View(d.Turn())
				if _, err := e.Evaluate(context.Background(), &v, ai.EvalOptions(ai.Config{Workers: 1, Method: m}, &v)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
