package tui

import (
	"context"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// realTableBatch is the trainer's evaluation at a table: batch k of the
// hard bot's evaluation of a table View (drill.DefaultTableEvaluator).
func realTableBatch(ctx context.Context, v rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
	return drill.TableBatch(ctx, drill.DefaultTableEvaluator, v, p, k)
}
