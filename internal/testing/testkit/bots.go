package testkit

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// RandomBots makes, whatever the level, bots that play a random legal
// action drawn from their seed: bounded by their work, for tests of
// what goes on around the play (hosts, halls, sessions).
func RandomBots(level ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }

// CheapBots makes the real bots with few samples and one worker, so
// that tests which play them (par, tournament boards) are quick, and
// with no time limit (Think < 0): the budget alone ends a search, so a
// loaded machine cannot cut one short and change par or a board's play.
func CheapBots(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	cfg.Budget, cfg.Workers, cfg.Think = 8, 1, -1
	return ai.New(level, cfg)
}

// SharedDecisions makes f's bots with each decision worked out once for
// the factory it returns: a test that works out par, or plays the bots,
// on the same boards again (a screen or a service opened anew, a
// tournament of the same seed) gets the decision kept. A bot's decision
// must depend on nothing but its level, its config and the view, as with
// CheapBots (no time limit). A decision cut short by its context is not
// kept. Each call keeps its own decisions: a test or a fixture makes its
// factory and shares it only with what it opens.
func SharedDecisions(f ai.Factory) ai.Factory {
	kept := &sync.Map{} // decisionKey -> rules.Action
	return func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
		b, err := f(level, cfg)
		if err != nil {
			return nil, err
		}
		return sharedBot{Bot: b, kept: kept, key: decisionKey{level: level, cfg: cfg}}, nil
	}
}

// decisionKey is one decision of a bot of SharedDecisions.
type decisionKey struct {
	level ai.Level
	cfg   ai.Config
	view  rules.View
}

// sharedBot is a bot of SharedDecisions, keeping its decisions in kept.
type sharedBot struct {
	ai.Bot
	kept *sync.Map
	key  decisionKey
}

func (b sharedBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	k := b.key
	k.view = *v
	if a, ok := b.kept.Load(k); ok {
		return a.(rules.Action), nil
	}
	a, err := b.Bot.Choose(ctx, v)
	if err == nil && ctx.Err() == nil {
		b.kept.Store(k, a)
	}
	return a, err
}

// CountingBot is Bot counting its decisions in N: a test that must know
// whether a decision was worked out, or how many were.
type CountingBot struct {
	ai.Bot
	N *atomic.Int64
}

func (b CountingBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	b.N.Add(1)
	return b.Bot.Choose(ctx, v)
}
