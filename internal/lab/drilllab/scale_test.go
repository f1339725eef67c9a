package drilllab

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// WinScale writes what a point of score difference is worth in the
// chance to win the game (eval.WinChance) where the trainer ranks by
// it: either player within 200 points of the target. The slope at each
// pair of totals (in steps of 5, either player to deal next) is the
// change of the chance when 20 points of difference move from one player
// to the other, over 20; its quantiles, and the chances that 4, 10 and
// 20 points (the scale of the verdicts) are worth at the median.
func WinScale(w io.Writer, targets []int) {
	ev := eval.New()
	for _, target := range targets {
		var slopes []float64
		for own := 0; own < target; own += 5 {
			for opp := 0; opp < target; opp += 5 {
				if own < target-200 && opp < target-200 {
					continue
				}
				for next := range 2 {
					up := ev.WinChance(2, target, [4]int{own + 5, max(opp-5, 0)}, 0, next)
					down := ev.WinChance(2, target, [4]int{max(own-5, 0), opp + 5}, 0, next)
					slopes = append(slopes, (up-down)/20)
				}
			}
		}
		sort.Float64s(slopes)
		q := func(p float64) float64 { return slopes[int(p*float64(len(slopes)-1))] }
		med := q(0.5)
		fmt.Fprintf(w, "target %d: %d pairs of totals; chance to win per point of score difference: p10 %.4f%%, p25 %.4f%%, median %.4f%%, p75 %.4f%%, p90 %.4f%%\n",
			target, len(slopes), 100*q(0.1), 100*q(0.25), 100*med, 100*q(0.75), 100*q(0.9))
		fmt.Fprintf(w, "  at the median: %g points = %.2f%%, %g = %.2f%%, %g = %.2f%% (the scale: %s, %s, %s)\n",
			drill.InaccuracyAt, 100*med*drill.InaccuracyAt, drill.MistakeAt, 100*med*drill.MistakeAt, drill.BlunderAt, 100*med*drill.BlunderAt,
			drill.Percent(drill.WinInaccuracyAt), drill.Percent(drill.WinMistakeAt), drill.Percent(drill.WinBlunderAt))
	}
}

// FloorConfig is a count of the verdicts the grading scale moves.
type FloorConfig struct {
	Options rules.Options
	Seed    uint64
	Drills  int
	Samples int
	// OldPoints and OldWin are the floors of the grading before the
	// scale: a choice beyond the error was wrong from 1 point, or half a
	// percent of the chance to win.
	OldPoints, OldWin float64
}

// Floors grades drills 1 to Drills of Seed with the hard bot's
// evaluation and counts the options that are wrong under the old floor
// (beyond two errors and at least OldPoints or OldWin behind) and under
// the scale (at least an inaccuracy), and how the wrong ones spread over
// the scale.
func Floors(ctx context.Context, w io.Writer, c FloorConfig) error {
	g, err := drill.NewGenerator(c.Seed, drill.Any, c.Options)
	if err != nil {
		return err
	}
	e := drill.NewEvaluator()
	options, oldWrong, newWrong := 0, 0, 0
	kinds := map[drill.VerdictKind]int{}
	for n := 1; n <= c.Drills; n++ {
		s := g.Drill(uint64(n))
		v, err := s.View()
		if err != nil {
			return err
		}
		an, err := drill.EvaluateWith(ctx, e.Batch, &v, drill.Options{Samples: c.Samples, Seed: uint64(n)})
		if err != nil {
			return err
		}
		for j, r := range an.Rows {
			if j == an.Best {
				continue
			}
			options++
			gap, gapErr, floor := r.Gap, r.GapErr, c.OldPoints
			if an.ByWin {
				gap, gapErr, floor = r.WinGap, r.WinGapErr, c.OldWin
			}
			if gap > 2*gapErr && gap >= floor {
				oldWrong++
			}
			if r.Verdict.Kind.Wrong() {
				newWrong++
			}
			kinds[r.Verdict.Kind]++
		}
	}
	fmt.Fprintf(w, "%d players, %d drills, %d options besides the best: wrong under the old floor %d, under the scale %d (as good %d, inaccuracy %d, mistake %d, blunder %d)\n",
		c.Options.NumPlayers(), c.Drills, options, oldWrong, newWrong, kinds[drill.AsGood], kinds[drill.Inaccuracy], kinds[drill.Mistake], kinds[drill.Blunder])
	return nil
}

// options returns the default rules at players seats.
func options(players int) rules.Options {
	o := rules.DefaultOptions()
	o.Players = players
	return o
}
