package ai

import (
	"context"
	"math/rand/v2"

	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/rules"
)

// tableHeuristic is the easy and normal table bot: rules of thumb read
// from the View alone. Easy takes a random legal action a quarter of
// the time.
type tableHeuristic struct {
	level Level
	r     *rand.Rand
	slip  float64
}

func newTableHeuristic(level Level, cfg Config) *tableHeuristic {
	if level == Easy {
		return &tableHeuristic{level: Easy, r: rand.New(rand.NewPCG(cfg.Seed, 0x65617379)), slip: 0.25}
	}
	return &tableHeuristic{level: Normal, r: rand.New(rand.NewPCG(cfg.Seed, 0x6e726d6c))}
}

func (b *tableHeuristic) Level() Level { return b.level }

func (b *tableHeuristic) Choose(_ context.Context, v *rules.View) (rules.Action, error) {
	legal := v.Legal()
	if a, ok, err := forced(legal); ok {
		return a, err
	}
	if b.slip > 0 && b.r.Float64() < b.slip {
		return legal[b.r.IntN(len(legal))], nil
	}
	return tablerule.Choose(v, legal), nil
}
