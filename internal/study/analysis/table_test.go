package analysis

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/klob/klob/rules"
)

// tableLogs are games of three and four players with every house
// variant on (shlomo's draws, cleopatra, the menage, dealer forced).
var tableLogs = []string{
	"../../../testdata/games/tables/3-01-every-house-variant.klob",
	"../../../testdata/games/tables/4-14-shlomo-and-cleopatra-in-one-deal.klob",
}

// TestTableReportIsConsistent: at a table every step has its decision,
// graded exactly when the seat had a choice (a chance step is nobody's),
// each result in the legal order of the seat's view, and the summaries
// add up by seat.
func TestTableReportIsConsistent(t *testing.T) {
	for _, path := range tableLogs {
		_, r := replayOf(t, path)
		n := r.Players()
		rep := analyse(t, r, Options{Seed: 2, Samples: 6, Deals: []int{1, 2}, Top: 2})
		var game [4]Summary
		kinds := map[rules.Phase]bool{}
		for i, dr := range rep.Deals {
			if !dr.Analysed {
				continue
			}
			rd := &r.Deals[i]
			if len(dr.Decisions) != len(rd.Steps) {
				t.Fatalf("%s deal %d: %d decisions for %d steps", path, dr.No, len(dr.Decisions), len(rd.Steps))
			}
			var sum [4]Summary
			for j, d := range dr.Decisions {
				tb := rd.At(j)
				v := tb.View(d.Seat)
				legal := v.Legal()
				if d.Step != j+1 || d.Seat != rd.Steps[j].Seat || d.Action != rd.Steps[j].Action || d.Phase != tb.Phase() {
					t.Fatalf("%s deal %d step %d: decision %+v does not match the log", path, dr.No, j+1, d)
				}
				if (len(legal) <= 1) != (d.Grade == Forced) {
					t.Errorf("%s deal %d step %d: %d legal actions but grade %s", path, dr.No, j+1, len(legal), d.Grade)
				}
				if d.Seat == rules.ChanceSeat {
					continue
				}
				s := &sum[d.Seat]
				if d.Grade == Forced {
					s.Forced++
					continue
				}
				kinds[d.Phase] = true
				s.Graded++
				s.Lost += d.Loss
				if len(d.Results) != len(legal) || d.Samples != 6 {
					t.Fatalf("%s deal %d step %d: %d results from %d samples, want %d from 6", path, dr.No, j+1, len(d.Results), d.Samples, len(legal))
				}
				for k, res := range d.Results {
					if res.Action != legal[k] {
						t.Errorf("%s deal %d step %d: result %d is %s, want %s", path, dr.No, j+1, k, res.Action, legal[k])
					}
				}
				if d.Loss < 0 || d.Loss != d.BestMean-d.Mean || d.Grade != GradeOf(d.Loss) {
					t.Errorf("%s deal %d step %d: loss %v best mean %v mean %v grade %s", path, dr.No, j+1, d.Loss, d.BestMean, d.Mean, d.Grade)
				}
			}
			for s := range n {
				checkSummary(t, dr.Players[s], sum[s], 2)
				game[s].Graded += sum[s].Graded
				game[s].Forced += sum[s].Forced
				game[s].Lost += sum[s].Lost
			}
		}
		for s := range n {
			checkSummary(t, rep.Players[s], game[s], 2)
		}
		if !kinds[rules.PhaseBid1] || !kinds[rules.PhasePlay] {
			t.Errorf("%s: graded phases %v, want the bidding and the card play at least", path, kinds)
		}
	}
}

// TestTableDeterministic: the same seed gives the same table report
// whatever the number of workers; another seed other samples.
func TestTableDeterministic(t *testing.T) {
	for _, path := range tableLogs {
		_, r := replayOf(t, path)
		opt := Options{Seed: 5, Samples: 6, Deals: []int{1}}
		one := opt
		one.Workers = 1
		a, b := analyse(t, r, one), analyse(t, r, opt)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: one worker and several gave different reports", path)
		}
		opt.Seed = 6
		if c := analyse(t, r, opt); reflect.DeepEqual(a.Deals[0].Decisions, c.Deals[0].Decisions) {
			t.Errorf("%s: seeds 5 and 6 gave the same decisions", path)
		}
	}
}

// TestTableCancel: a cancelled table analysis stops with the context's
// error.
func TestTableCancel(t *testing.T) {
	_, r := replayOf(t, tableLogs[0])
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := Analyze(ctx, r, Options{Samples: 100, Progress: func(Progress) {
		calls++
		cancel()
	}})
	if !errors.Is(err, context.Canceled) || calls > 4 {
		t.Fatalf("cancelled: error %v after %d decisions, want context.Canceled after the few in flight", err, calls)
	}
}
