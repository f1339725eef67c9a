package lobby

import (
	"context"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/replay"
)

// Gate bounds the CPU-heavy work all the sessions of a server share
// (the trainer's grading, the hint): at most n pieces run at once, the
// rest wait their turn, behind every bot waiting for the same slots
// (host.ForHint). The zero Gate (nil) bounds nothing.
type Gate struct{ slots *host.Slots }

// GateOn returns a Gate on s (klob serve gives it the bots' slots,
// Timing.Slots, so that the bots, the trainer and the hints share one
// bound, the bots first).
func GateOn(s *host.Slots) *Gate { return &Gate{slots: s} }

// Do runs f once a slot is free and no bot waits for one; it returns
// ctx's error, without running f, if ctx ends first.
func (g *Gate) Do(ctx context.Context, f func()) error {
	if g == nil {
		f()
		return nil
	}
	if err := g.slots.Acquire(ctx, host.ForHint); err != nil {
		return err
	}
	defer g.slots.Release()
	f()
	return nil
}

// gated runs each batch in a slot of g (ctx's error, without running
// the batch, if ctx ends first).
func gated(g *Gate, run drill.BatchFunc) drill.BatchFunc {
	if g == nil {
		return run
	}
	return func(ctx context.Context, v *rules.View, p drill.Plan, k int) (out eval.Evaluation, err error) {
		if gerr := g.Do(ctx, func() { out, err = run(ctx, v, p, k) }); gerr != nil {
			return eval.Evaluation{}, gerr
		}
		return out, err
	}
}

// within returns ctx, cancelled also when conn ends.
func within(conn, ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(conn, cancel)
	return ctx, func() { stop(); cancel() }
}

// analyzeWithin runs f, stopped also when conn ends.
func analyzeWithin(conn context.Context, f replay.Analyzer) replay.Analyzer {
	return func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		ctx, cancel := within(conn, ctx)
		defer cancel()
		return f(ctx, r, opt)
	}
}

// batchWithin runs run, stopped also when conn ends.
func batchWithin(conn context.Context, run drill.BatchFunc) drill.BatchFunc {
	return func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		ctx, cancel := within(conn, ctx)
		defer cancel()
		return run(ctx, v, p, k)
	}
}

// Analyze is analysis.Analyze on one core, each decision graded in a
// slot of g: a game's analysis over ssh waits behind the bots, as the
// trainer and the hints do, and never takes more than one slot.
func (g *Gate) Analyze(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
	opt.Workers = 1
	if g != nil {
		opt.Slot = g.Do
	}
	return analysis.Analyze(ctx, r, opt)
}
