package ai

import (
	"context"

	"github.com/klob/klob/rules"
)

// bySeats answers with the strategy of its level for the seat count of
// the view: two players have their own tuned heuristic and evaluation
// (heuristic.go, hard.go), three and four theirs (table_heuristic.go,
// table_hard.go).
type bySeats struct {
	level     Level
	two, more Bot
}

func (b bySeats) Level() Level { return b.level }

func (b bySeats) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	if v.Players == 2 {
		return b.two.Choose(ctx, v)
	}
	return b.more.Choose(ctx, v)
}
