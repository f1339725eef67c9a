package host

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// hintGames are the recorded games of the hint's positions by seat
// count: the hard bot against itself (the analysis's fixtures).
var hintGames = map[int]string{2: "hard-vs-hard.klob", 3: "hard-3.klob", 4: "hard-4.klob"}

// hintGame reads the recorded game of n seats.
func hintGame(t testing.TB, n int) (*gamelog.Log, *gamelog.Replay) {
	t.Helper()
	return testkit.ReadReplay(t, filepath.Join(testkit.GamesDir(t), "..", "analysis", hintGames[n]))
}

// hintPosition is a decision of a recorded game: deal and step index
// (both 0-based) into its replay.
type hintPosition struct {
	what       string
	deal, step int
}

// hintPositions are the first bid with a choice and the first card of
// the first trick with a choice of deal 1 of r.
func hintPositions(t testing.TB, r *gamelog.Replay) []hintPosition {
	t.Helper()
	var out []hintPosition
	bid, card := false, false
	rd := &r.Deals[0]
	d := rd.At(0)
	for j, st := range rd.Steps {
		if int(st.Seat) < r.Players() {
			v := d.View(st.Seat)
			if len(v.Legal()) > 1 {
				switch ph := d.Phase(); {
				case !bid && (ph == rules.PhaseBid1 || ph == rules.PhaseBid2):
					out, bid = append(out, hintPosition{"bid", 0, j}), true
				case !card && ph == rules.PhasePlay:
					out, card = append(out, hintPosition{"first trick", 0, j}), true
				}
			}
		}
		d.ApplyUnchecked(st.Action)
	}
	if !bid || !card {
		t.Fatalf("deal 1 has no bid or no card with a choice (bid %v, card %v)", bid, card)
	}
	return out
}

// upTo is l cut just before step (deal, step), or just after it with
// after, the deciding seat played by a person.
func upTo(l *gamelog.Log, deal, step int, seat rules.Seat, after bool) *gamelog.Log {
	c := *l
	c.Header.Extra = append([]gamelog.Tag(nil), l.Header.Extra...)
	for s := range rules.Seat(c.Header.Seats()) {
		lv := "normal"
		if s == seat {
			lv = gamelog.Human
		}
		c.Header.SetPlayer(s, c.Header.Name(s), lv)
	}
	if after {
		step++
	}
	c.Deals = append([]gamelog.Deal(nil), l.Deals[:deal+1]...)
	c.Deals[deal].Steps = append([]rules.Step(nil), l.Deals[deal].Steps[:step]...)
	return &c
}

// gradeOf is the analysis's grade of a drill verdict.
func gradeOf(k drill.VerdictKind) analysis.Grade {
	switch k {
	case drill.Inaccuracy:
		return analysis.Inaccuracy
	case drill.Mistake:
		return analysis.Mistake
	case drill.Blunder:
		return analysis.Blunder
	}
	return analysis.Good
}

// ranking is an's options best first, each with its grade.
func ranking(an *drill.Analysis) string {
	var b strings.Builder
	for _, i := range an.Ranked() {
		fmt.Fprintf(&b, "%s (%s), ", an.Rows[i].Action, an.Rows[i].Verdict.Kind)
	}
	return b.String()
}

// TestHintIsTheAnalysis: the hint a person asks at a decision of a
// recorded game, at two, three and four players, in the bidding and at
// the first trick, ranks the options as the game's analysis (klob
// analyze, the replay's) ranks them later, on the same figures, and
// grades the option the person took as the analysis grades it: one
// decision gets one answer.
func TestHintIsTheAnalysis(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		l, r := hintGame(t, n)
		for _, pos := range hintPositions(t, r) {
			t.Run(pos.what, func(t *testing.T) {
				if testing.Short() && n > 2 && pos.what != "bid" {
					t.Skip("a card at a table costs seconds: without -short")
				}
				st := r.Deals[pos.deal].Steps[pos.step]
				cfg := Config{Game: Game{NewBot: testkit.RandomBots}, Clock: clocktest.New(t0)}
				h, err := Resume(upTo(l, pos.deal, pos.step, st.Seat, false), cfg)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(h.Close)
				p := sit(t, h, st.Seat)
				s := await(t, p, "the decision", func(s Snapshot) bool { return s.Can.Act || s.Can.Ready })
				if s.Can.Ready {
					if err := p.Ready(s.Gen); err != nil {
						t.Fatal(err)
					}
					s = await(t, p, "the decision", func(s Snapshot) bool { return s.Can.Act })
				}
				if err := p.Hint(s.Gen); err != nil {
					t.Fatal(err)
				}
				x := await(t, p, "the hint", func(x Snapshot) bool { return x.Hint != nil && !x.Hint.Pending })
				if x.Hint.Err != nil {
					t.Fatal(x.Hint.Err)
				}
				hint, err := drill.FromEval(&x.View, x.Hint.Eval)
				if err != nil {
					t.Fatal(err)
				}

				// The analysis of the game up to the decision taken.
				rr, err := upTo(l, pos.deal, pos.step, st.Seat, true).Replay()
				if err != nil {
					t.Fatal(err)
				}
				rep, err := analysis.Analyze(context.Background(), rr, analysis.Options{})
				if err != nil {
					t.Fatal(err)
				}
				dec := rep.Decision(pos.deal+1, pos.step+1)
				if dec == nil || !dec.Graded() {
					t.Fatalf("the analysis did not grade the decision: %+v", dec)
				}

				chosen := -1
				for i, row := range hint.Rows {
					if row.Action == st.Action {
						chosen = i
					}
				}
				if chosen < 0 {
					t.Fatalf("%s is not among the hint's options", st.Action)
				}
				got := fmt.Sprintf("best %s, %s graded %s, %d samples", hint.Rows[hint.Best].Action, st.Action,
					gradeOf(hint.Rows[chosen].Verdict.Kind), hint.Samples)
				want := fmt.Sprintf("best %s, %s graded %s, %d samples", dec.Best, dec.Action, dec.Grade, dec.Samples)
				if got != want {
					t.Errorf("the hint says %s; the analysis %s", got, want)
				}
				if len(dec.Results) != len(hint.Rows) {
					t.Fatalf("the hint has %d options, the analysis %d", len(hint.Rows), len(dec.Results))
				}
				for i, row := range hint.Rows {
					if row.Result != dec.Results[i] {
						t.Errorf("%s: the hint's figures %+v, the analysis's %+v", row.Action, row.Result, dec.Results[i])
					}
				}
				// Every option's rank and grade: the analysis's evaluation
				// (one core a decision, as Analyze) at the view the replay
				// rebuilds.
				d := rr.Deals[pos.deal].At(pos.step)
				v := d.View(st.Seat)
				an, err := analysis.Evaluate(context.Background(), eval.New(), &v, analysis.Options{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if an.Rows[an.Best].Action != dec.Best || gradeOf(an.Rows[chosen].Verdict.Kind) != dec.Grade {
					t.Fatalf("analysis.Evaluate is not what Analyze grades by: best %s, %s %s", an.Rows[an.Best].Action,
						st.Action, an.Rows[chosen].Verdict.Kind)
				}
				if got, want := ranking(&hint), ranking(&an); got != want {
					t.Errorf("the hint ranks %s; the analysis %s", got, want)
				}
			})
		}
	})
}
