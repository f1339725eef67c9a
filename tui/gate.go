package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// Gate bounds the CPU-heavy work all the sessions of a server share
// (the trainer's grading, the hint): at most n pieces run at once, the
// rest wait their turn. The zero Gate (nil) bounds nothing.
type Gate struct{ slots chan struct{} }

// NewGate returns a Gate of n slots (at least one).
func NewGate(n int) *Gate { return &Gate{slots: make(chan struct{}, max(1, n))} }

// GateOn returns a Gate whose slots are slots (klob serve gives it the
// bots' slots, Timing.Slots, so that the bots, the trainer and the hints
// share one bound).
func GateOn(slots chan struct{}) *Gate { return &Gate{slots: slots} }

// Do runs f once a slot is free; it returns ctx's error, without
// running f, if ctx ends first.
func (g *Gate) Do(ctx context.Context, f func()) error {
	if g == nil {
		f()
		return nil
	}
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-g.slots }()
	f()
	return nil
}

// inGate returns f's answer, f run in a slot of g (ctx's error, without
// running f, if ctx ends first).
func inGate[T any](g *Gate, ctx context.Context, f func() (T, error)) (T, error) {
	var out T
	var err error
	if gerr := g.Do(ctx, func() { out, err = f() }); gerr != nil {
		var zero T
		return zero, gerr
	}
	return out, err
}

// gated runs each batch in a slot of g.
func gated(g *Gate, run BatchFunc) BatchFunc {
	if g == nil {
		return run
	}
	return func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		return inGate(g, ctx, func() (eval.Evaluation, error) { return run(ctx, v, p, k) })
	}
}

// gatedChooser asks ch in a slot of g.
func gatedChooser(g *Gate, ch tableChooser) tableChooser {
	if g == nil {
		return ch
	}
	return func(ctx context.Context, v *rules.View) (rules.Action, error) {
		return inGate(g, ctx, func() (rules.Action, error) { return ch(ctx, v) })
	}
}

// hintWait is how long a hint waits for a slot of the gate before it
// gives up and says the server is busy.
const hintWait = 20 * time.Second

// gatedHint runs the two-player hint's evaluation in a slot of g.
func gatedHint(g *Gate, cmd tea.Cmd, gen int) tea.Cmd {
	if g == nil {
		return cmd
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), hintWait)
		defer cancel()
		var msg tea.Msg
		if err := g.Do(ctx, func() { msg = cmd() }); err != nil {
			return hintMsg{Gen: gen, Err: errors.New("the server is busy: ask again in a moment")}
		}
		return msg
	}
}
