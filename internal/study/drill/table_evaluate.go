package drill

import (
	"context"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// TableEvaluator evaluates every legal option of a table's View, as
// eval.EvaluateTable does (the evaluation of the hard bot at tables of
// three and four): Results in v's legal order. A test gives a fake to
// keep golden screens stable.
type TableEvaluator func(ctx context.Context, v *rules.View, opt eval.Options) (eval.Evaluation, error)

// TableBatch evaluates batch k of plan p at v with e.
func TableBatch(ctx context.Context, e TableEvaluator, v rules.View, p Plan, k int) (eval.Evaluation, error) {
	return e(ctx, &v, p.Batch(k))
}

// EvaluateTableWith evaluates every legal option of v with e, batch by
// batch (see Tally.Analysis). When ctx ends it returns what the batches
// finished so far show.
func EvaluateTableWith(ctx context.Context, e TableEvaluator, v rules.View, o Options) (Analysis, error) {
	p := NewPlan(o)
	t, err := NewTableTally(v, p)
	if err != nil {
		return Analysis{}, err
	}
	for k := 0; k < p.Batches && ctx.Err() == nil; k++ {
		ev, err := TableBatch(ctx, e, v, p, k)
		if err != nil {
			return Analysis{}, err
		}
		if err := t.Add(k, ev); err != nil {
			return Analysis{}, err
		}
	}
	return t.Analysis(), nil
}

// DefaultTableEvaluator is the evaluation the trainer grades table
// drills by: the hard bot's at tables, eval.EvaluateTable.
var DefaultTableEvaluator TableEvaluator = eval.Evaluate
