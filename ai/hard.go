package ai

import (
	"context"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// hardBot is the strongest level. At every decision with a choice it
// calls eval.Evaluate: it draws deals consistent with everything its View
// reveals (package sampler), weighed by how likely the opponent's bids
// and, in the card play, its cards were with the hands each deal gives
// it (its cards read by the normal bot's play, PlayoutPolicy, unless
// Config.Unread), plays each legal action on every sampled
// deal (the decisions that follow up to the first lead by a fixed
// policy, the card play solved exactly by package solver), scores the
// deals by the rules less, before the card play, the fitted bias of
// solving with every card known (eval.Corrected; issue 16), and takes
// the action eval.Best picks: the highest
// expected score difference, or near the end of a game the highest chance
// of winning it. That covers the bidding, the schmeiss answer, the dix
// exchange, every word of the sequence dialogue, every card and bella
// alike, and is exactly what the bidding trainer and the replay analysis
// show as the best option when they evaluate with eval.SamplesFor and
// eval.SeedFor. No decision is left to a rule of thumb: the dix exchange
// looks obvious (the upcard is a higher trump than the 7) but can break
// a sequence, and the dialogue and bella trade points against the risk of
// a bete, so they are evaluated like the rest. Only a decision with one
// legal action (telling a length or a top card) is answered without
// search.
//
// The bot keeps no state between decisions beyond reusable buffers: a
// decision depends only on the seed and the View. It uses every core
// (Config.Workers caps the goroutines) and Config.Budget caps the
// samples per decision.
type hardBot struct {
	cfg Config
	ev  *eval.Evaluator
}

// maxThink bounds one decision when the caller's context sets no earlier
// deadline, so that a slow machine never stalls a game.
const maxThink = 2 * time.Second

func newHard(cfg Config) (Bot, error) {
	return &hardBot{cfg: cfg, ev: eval.New()}, nil
}

// Level returns Hard.
func (b *hardBot) Level() Level { return Hard }

// Choose evaluates the legal actions of v and returns the best one. A
// forced action is returned without search; when ctx ends before any
// sample is scored, the fixed policy's quick answer (eval.Quick) is.
func (b *hardBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	legal := v.Legal()
	if len(legal) == 0 {
		return rules.Action{}, ErrNoMove
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	if ctx.Err() != nil {
		return eval.Quick(v), nil
	}
	if think := thinkLimit(b.cfg.Think, maxThink); think > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, think)
		defer cancel()
	}
	opt := EvalOptions(b.cfg, v)
	ev, err := b.ev.Evaluate(ctx, v, opt)
	if err != nil || ev.Samples == 0 {
		return eval.Quick(v), nil
	}
	return ev.Results[ev.Best].Action, nil
}

// thinkLimit is a decision's time bound: cfg's Think, the level's own
// when it is zero, none (0) when it is negative.
func thinkLimit(think, own time.Duration) time.Duration {
	switch {
	case think == 0:
		return own
	case think < 0:
		return 0
	}
	return think
}

// EvalOptions returns the options the hard bot made with cfg evaluates v
// with: eval.BotOptions and the normal bot's card play as the model of
// the opponent's (unless cfg.Unread).
func EvalOptions(cfg Config, v *rules.View) eval.Options {
	budget := cfg.Budget
	if v.Phase == rules.PhasePlay && cfg.PlayBudget > 0 && (budget == 0 || cfg.PlayBudget < budget) {
		budget = cfg.PlayBudget
	}
	opt := eval.BotOptions(cfg.Seed, v, budget, cfg.Workers, cfg.Method)
	if !cfg.Unread {
		opt.Model = PlayoutPolicy
	}
	return opt
}

// PlayoutPolicy is the normal bot's answer to v, a policy that sees only
// v: the model of the opponent's card play (eval.Options.Model) the hard
// bot, the hint and the analysis read the opponent's cards with. The
// normal bot is a pure function of the View.
func PlayoutPolicy(v *rules.View) rules.Action {
	b := heuristicBot{level: Normal, par: defaultHeurParams()}
	a, err := b.Choose(context.Background(), v)
	if err != nil {
		return eval.Quick(v)
	}
	return a
}
