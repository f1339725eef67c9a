package ai

import (
	"context"
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// RandomBot takes a uniformly random legal action: the baseline every
// other level must beat.
type RandomBot struct{ r *rand.Rand }

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *RandomBot {
	return &RandomBot{r: rand.New(rand.NewPCG(seed, 0x6b6c6f62))}
}

// Level returns Random.
func (b *RandomBot) Level() Level { return Random }

// Choose returns a random legal action.
func (b *RandomBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	l := v.Legal()
	if len(l) == 0 {
		return rules.Action{}, ErrNoMove
	}
	return l[b.r.IntN(len(l))], nil
}
