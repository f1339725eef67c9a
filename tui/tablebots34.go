package tui

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/session"
	"github.com/klob/klob/rules"
)

// realTableBots makes the bots of a table game. Until the table bots of
// package ai are in the build, only the random level (for testing)
// plays.
func realTableBots(level ai.Level, cfg ai.Config) (session.TableBot, error) {
	if level == ai.Random {
		return randomTable{rand.New(rand.NewPCG(cfg.Seed, 0x7461626c))}, nil
	}
	return nil, errors.New("the bots for three and four players are not in this build yet (-level random plays)")
}

// randomTable takes a uniformly random legal action.
type randomTable struct{ r *rand.Rand }

func (b randomTable) ChooseTable(_ context.Context, v *rules.TableView) (rules.Action, error) {
	l := v.Legal()
	if len(l) == 0 {
		return rules.Action{}, ai.ErrNoMove
	}
	return l[b.r.IntN(len(l))], nil
}
