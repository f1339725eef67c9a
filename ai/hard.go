package ai

import (
	"context"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// hardBot is the strongest level at two players. At every decision with
// a choice it plays the action eval.Evaluator.Evaluate rates best (eval.Best): the
// highest expected score difference over deals consistent with its view,
// weighed by the opponent's bids and cards (read by the normal bot's
// play, PlayoutPolicy, unless Config.Unread), or near the end of a game
// the highest chance of winning it. That covers every decision alike,
// the dix and the dialogue too (an exchange can break a sequence, a word
// can cost a bete), and it is what the trainer and the analysis show as
// best when they evaluate with eval.SamplesFor and eval.SeedFor.
//
// A decision depends only on the seed and the view. It uses every core
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
	return &hardBot{cfg: cfg, ev: eval.NewWith(cfg.WinTables)}, nil
}

// Level returns Hard.
func (b *hardBot) Level() Level { return Hard }

// Choose evaluates the legal actions of v and returns the best one. A
// forced action is returned without search; when ctx ends before any
// sample is scored, the fixed policy's quick answer (eval.Quick) is.
func (b *hardBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	legal := v.Legal()
	if a, ok, err := forced(legal); ok {
		return a, err
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
	a := ev.Results[ev.Best].Action
	// A "same" that does not take the right scores as "good" does (the
	// evaluation plays the same deal after both) and shows the meld.
	if a.Kind == rules.Same && !v.SameTakesRight() {
		a = rules.Action{Kind: rules.Good}
	}
	return a, nil
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
