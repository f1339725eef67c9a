// Package traintest holds the trainer's test fixtures, shared by the
// tests of tui/train and those of the root package tui that open the
// trainer through the App or the lobby: a record in memory, stand-in
// evaluations that keep golden screens stable, and drills in the text
// form.
//
// It is test support: no program imports it.
package traintest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// Drills in the text form of drill.Parse.
const (
	Strong = "hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-260"
	Round2 = "hand=9D 8C KC QC AH TH up=7S seat=dealer round=2 said=pass score=40-0"
	Schm   = "hand=JS QD AD KH 8S KS up=QH seat=elder said=pass,schmeiss score=16-138"
	End    = "hand=JS 9S AS KH QH 7D up=8S score=440-420"
)

// Now is the tests' clock: it stamps the mistakes kept for review.
func Now() time.Time { return time.Date(2026, 11, 29, 14, 31, 0, 0, time.UTC) }

// Situation reads a drill in the text form.
func Situation(tb testing.TB, text string) drill.Situation {
	tb.Helper()
	req, err := drill.Parse(text)
	if err != nil {
		tb.Fatal(err)
	}
	return req.Situation
}

// Drills reads drills in the text form; it panics on a bad one (the
// texts are the tests' own).
func Drills(texts ...string) []drill.Situation {
	var out []drill.Situation
	for _, d := range texts {
		req, err := drill.Parse(d)
		if err != nil {
			panic(err)
		}
		out = append(out, req.Situation)
	}
	return out
}

// jitter is how option j's mean in batch k of a stand-in evaluation
// strays from its value: by option (its own cycle of five batches), so
// that the gaps between options have an error, as a real evaluation's
// do, and by nothing over the twenty batches of a plan.
func jitter(k, j int) float64 { return float64((k*(j%4+1)+j/4)%5-2) * 6 }

// FakeEval is a stand-in evaluation: fixed values by kind of action,
// varying a little from batch to batch so the errors are not zero.
func FakeEval(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	o := p.Batch(k)
	ev := eval.Evaluation{Samples: o.Samples}
	for j, a := range v.Legal() {
		mean, bete := -30.0, 0.5
		switch a.Kind {
		case rules.Take:
			mean, bete = 41, 0.08
		case rules.Schmeiss:
			mean, bete = 37, 0.07
		case rules.Pass:
			mean, bete = -6, 0.01
		case rules.Accept:
			mean, bete = 0, 0
		case rules.Refuse:
			mean, bete = 12, 0
		case rules.Name:
			if a.Suit == rules.Spades {
				mean, bete = 18, 0.2
			}
		}
		mean += jitter(k, j)
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: 9, Bete: bete,
			Win: min(1, max(0, 0.5+mean/150))})
	}
	res := ev.Results
	ev.ByWin = eval.UseWin(v)
	ev.Best = eval.Best(res, ev.ByWin)
	return ev, nil
}

// FakeVariantEval is the stand-in evaluation of the three- and
// four-player goldens and of the tests at every seat count: fixed values
// by kind of action (the house variants' among them), varying a little
// from batch to batch, so the screens show the layout and stay put when
// the evaluation itself changes.
func FakeVariantEval(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	o := p.Batch(k)
	ev := eval.Evaluation{Samples: o.Samples}
	for j, a := range v.Legal() {
		mean, bete := -20.0+float64(j), 0.3
		switch a.Kind {
		case rules.Take:
			mean, bete = 24, 0.18
		case rules.Pass, rules.NoExchange, rules.Good:
			mean, bete = -4, 0.02
		case rules.Name:
			if a.Suit == rules.NoTrumps {
				mean, bete = 9, 0.25
			}
		case rules.Exchange, rules.Shlomo, rules.Cleopatra, rules.Announce, rules.NotGood:
			mean, bete = 15, 0.05
		}
		mean += jitter(k, j)
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: mean, StdErr: 7, Bete: bete,
			Win: min(1, max(0, 0.4+mean/150))})
	}
	ev.Best = eval.Best(ev.Results, false)
	return ev, nil
}

// MemRecord is a trainer's record in memory (a train.Record). A test
// sets LoadErr or AddErr to make the reads or the saves fail, and reads
// Added and Stats between commands.
type MemRecord struct {
	mu      sync.Mutex
	Stats   drill.Stats
	Added   []drill.Record
	LoadErr error
	AddErr  error
}

func (m *MemRecord) Load() (drill.Stats, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.Stats.Clone(), m.LoadErr
}

func (m *MemRecord) Add(r drill.Record) (drill.Stats, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.AddErr != nil {
		return drill.Stats{}, m.AddErr
	}
	m.Added = append(m.Added, r)
	m.Stats.Add(r)
	return m.Stats.Clone(), nil
}
