package drilllab

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// The experiments, each run by its flag (docs/experiments has what they
// found):
//
//	go test ./internal/lab/drilllab -run TestRegrade -regrade 1000 -v
//	go test ./internal/lab/drilllab -run TestWinScale -winscale -v
//	go test ./internal/lab/drilllab -run TestFloors -floors 300 -v
var (
	regrade        = flag.Int("regrade", 0, "re-grade this many two-player drills under two evaluation methods")
	regradeSamples = flag.Int("regrade-samples", 200, "samples per drill for -regrade")
	regradeFrom    = flag.String("regrade-from", "solved", "the method graded before, for -regrade")
	regradeTo      = flag.String("regrade-to", "corrected", "the method graded after, for -regrade")
	winScale       = flag.Bool("winscale", false, "print what a point of score difference is worth in the chance to win")
	floors         = flag.Int("floors", 0, "grade this many drills at each seat count and count the verdicts the scale moves")
	floorSamples   = flag.Int("floors-samples", 500, "samples per drill for -floors")
)

func TestRegrade(t *testing.T) {
	if *regrade <= 0 {
		t.Skip("an experiment: run with -regrade N")
	}
	from, err := eval.ParseMethod(*regradeFrom)
	if err != nil {
		t.Fatal(err)
	}
	to, err := eval.ParseMethod(*regradeTo)
	if err != nil {
		t.Fatal(err)
	}
	c := RegradeConfig{Options: rules.DefaultOptions(), Seed: 1, Drills: *regrade, Samples: *regradeSamples, From: from, To: to, Show: 6}
	if err := Regrade(context.Background(), os.Stdout, c); err != nil {
		t.Fatal(err)
	}
}

func TestWinScale(t *testing.T) {
	if !*winScale {
		t.Skip("an experiment: run with -winscale")
	}
	WinScale(os.Stdout, []int{500, 1000})
}

func TestFloors(t *testing.T) {
	if *floors <= 0 {
		t.Skip("an experiment: run with -floors N")
	}
	for _, players := range []int{2, 3, 4} {
		c := FloorConfig{Options: options(players), Seed: 1, Drills: *floors, Samples: *floorSamples, OldPoints: 1, OldWin: 0.005}
		if err := Floors(context.Background(), os.Stdout, c); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExperimentsRun: each experiment runs to its end on a few drills,
// so that it still builds and works when nobody runs it for real.
func TestExperimentsRun(t *testing.T) {
	var out nopWriter
	ctx := context.Background()
	if err := Regrade(ctx, &out, RegradeConfig{Options: rules.DefaultOptions(), Seed: 1, Drills: 2, Samples: 20, From: eval.Solved, To: eval.Corrected, Show: 1}); err != nil {
		t.Fatal(err)
	}
	WinScale(&out, []int{500})
	for _, players := range []int{2, 3, 4} {
		if err := Floors(ctx, &out, FloorConfig{Options: options(players), Seed: 1, Drills: 2, Samples: 20, OldPoints: 1, OldWin: 0.005}); err != nil {
			t.Fatal(err)
		}
	}
	if out == 0 {
		t.Error("the experiments wrote nothing")
	}
}

type nopWriter int

func (w *nopWriter) Write(p []byte) (int, error) { *w += nopWriter(len(p)); return len(p), nil }
