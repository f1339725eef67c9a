package hall

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/session"
	"github.com/klob/klob/rules"
)

// TableBots is the hall's default Config.NewTableBot. ai has no bots for
// tables of three and four on this branch yet, so every level is, for
// now, a bot that takes a uniformly random legal action of its seat's
// TableView, seeded from cfg; `klob serve` passes ai's table bots once
// they exist.
func TableBots(level ai.Level, cfg ai.Config) (session.TableBot, error) {
	if _, err := ai.ParseLevel(string(level)); err != nil {
		return nil, err
	}
	return &randomTableBot{r: rand.New(rand.NewPCG(cfg.Seed, 0x68616c6c))}, nil
}

// randomTableBot takes a uniformly random legal action.
type randomTableBot struct{ r *rand.Rand }

var errNoMove = errors.New("no legal action")

func (b *randomTableBot) ChooseTable(_ context.Context, v *rules.TableView) (rules.Action, error) {
	l := v.Legal()
	if len(l) == 0 {
		return rules.Action{}, errNoMove
	}
	return l[b.r.IntN(len(l))], nil
}
