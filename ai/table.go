package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/klob/klob/rules"
)

// TableBot answers every decision of a deal at a Table of two, three or
// four players (rules.Table): bids, the dix exchange, the shlomo and
// cleopatra declarations and the cards given in them, each word of the
// sequence dialogue, each card, bella and the menage. It sees only the
// TableView of its own seat.
type TableBot interface {
	// ChooseTable returns one of v.Legal() for v.Seat. It honours ctx
	// like Bot.Choose, and returns ErrNoMove when v has no legal action.
	ChooseTable(ctx context.Context, v *rules.TableView) (rules.Action, error)
	// Level returns the level name the bot was made with.
	Level() Level
}

// TableFactory makes a table bot of a level; NewTableBot is the real one.
type TableFactory func(level Level, cfg Config) (TableBot, error)

var _ TableFactory = NewTableBot

// NewTableBot returns a table bot of the given level. Of the phase
// hybrids (mixed.go) a table takes only read=off, the hard bot that does
// not read the other seats' card play: its bids and cards are one bot's.
func NewTableBot(level Level, cfg Config) (TableBot, error) {
	if strings.Contains(string(level), ":") {
		m, err := parseMix(string(level))
		if err != nil {
			return nil, err
		}
		if m.Bid != m.Play || m.Method != 0 {
			return nil, fmt.Errorf("table bot %q: at a table a mixed level may only set read", level)
		}
		level, cfg.Unread = m.Play, m.Unread
	}
	switch level {
	case Random:
		return &tableRandom{r: rand.New(rand.NewPCG(cfg.Seed, 0x7461626c))}, nil
	case Easy:
		return &tableHeuristic{level: Easy, r: rand.New(rand.NewPCG(cfg.Seed, 0x65617379)), slip: 0.25}, nil
	case Normal:
		return &tableHeuristic{level: Normal, r: rand.New(rand.NewPCG(cfg.Seed, 0x6e726d6c))}, nil
	case Hard:
		return newTableHard(cfg), nil
	}
	return nil, fmt.Errorf("unknown bot level %q", level)
}

// tableRandom takes a uniformly random legal action.
type tableRandom struct{ r *rand.Rand }

func (b *tableRandom) Level() Level { return Random }

func (b *tableRandom) ChooseTable(_ context.Context, v *rules.TableView) (rules.Action, error) {
	l := v.Legal()
	if len(l) == 0 {
		return rules.Action{}, ErrNoMove
	}
	return l[b.r.IntN(len(l))], nil
}
