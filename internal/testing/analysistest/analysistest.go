// Package analysistest grades a replay without a bot, so that screens
// which show an analysis do not move when the bot does.
package analysistest

import (
	"context"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
)

// Analyzer is what a screen calls to analyse a replay.
type Analyzer = func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error)

// Fake returns an analyser that grades the decisions of the seats
// Analyze would (analysis.GradedSeats) by rule: a decision with a choice
// loses loss(deal, step) points (step counts from 1); a decision with
// one legal action is forced; a chance step and an ungraded seat's are
// not graded. A decision that loses points has the first other legal
// action as its best, as a real analysis would (never the action
// played). It stops when ctx is done.
func Fake(loss func(deal, step int) float64) Analyzer {
	return func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		rep := &analysis.Report{Header: r.Header, Seed: opt.Seed, Deals: make([]analysis.DealReport, len(r.Deals)),
			Graded: analysis.GradedSeats(&r.Header, opt.AllSeats)}
		for i := range r.Deals {
			rd := &r.Deals[i]
			dr := &rep.Deals[i]
			dr.No, dr.Dealer, dr.Done, dr.Analysed = rd.No, rd.Dealer, rd.Done, true
			d := rd.At(0)
			for j, st := range rd.Steps {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				v := d.View(st.Seat)
				legal := v.Legal()
				if st.Seat == rules.ChanceSeat {
					legal = nil
				}
				dec := analysis.Decision{Deal: rd.No, Step: j + 1, Seat: st.Seat, Phase: d.Phase(), Action: st.Action, Best: st.Action}
				switch {
				case st.Seat == rules.ChanceSeat || !rep.Graded[st.Seat]:
					// Not graded: a chance step, or a seat not asked for.
					dec.Best = rules.Action{}
				case len(legal) <= 1:
					dec.Grade = analysis.Forced
				default:
					dec.Loss = loss(rd.No, j+1)
					if dec.Loss > 0 {
						for _, a := range legal {
							if a != st.Action {
								dec.Best = a
								break
							}
						}
					}
					dec.Grade = analysis.GradeOf(dec.Loss)
				}
				if dec.Grade != analysis.NotGraded {
					for _, sm := range []*analysis.Summary{&dr.Players[st.Seat], &rep.Players[st.Seat]} {
						sm.Counts[dec.Grade]++
						if dec.Graded() {
							sm.Graded++
							sm.ByPoints++
							sm.Lost += dec.PointsLost()
						} else {
							sm.Forced++
						}
					}
				}
				dr.Decisions = append(dr.Decisions, dec)
				d.ApplyUnchecked(st.Action)
			}
		}
		return rep, nil
	}
}
