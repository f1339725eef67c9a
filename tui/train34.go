package tui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TableBatchFunc evaluates batch k of plan p at a table's View v
// (drill.TableBatch with eval.EvaluateTable).
type TableBatchFunc func(ctx context.Context, v rules.View, p drill.Plan, k int) (eval.Evaluation, error)

// trainer34 is the bidding trainer at a table of three or four players
// (`klob train -players 3|4`): the trainer's drill loop (trainCore,
// train.go) over drills of a drill.TableSituation. The person sees only
// its TableView: the hand, the upcard, who deals and where the person
// sits (and the partner, with four), every word said before, the score
// by side.
type trainer34 struct {
	trainCore
	gen   *drill.TableGenerator
	batch TableBatchFunc
	sit   drill.TableSituation
	view  rules.View
}

// newTrain34 returns the trainer at a table of cfg.Options.NumPlayers()
// players.
func newTrain34(c *TrainConfig) *trainer34 {
	t := &trainer34{batch: c.TableEvaluate}
	if t.batch == nil {
		t.batch = realTableBatch
	}
	var err error
	t.gen, err = drill.NewTableGenerator(c.Seed, c.Only, c.Options)
	t.setup(c, t, err)
	return t
}

// MinSize: the trainer needs the room of the table of its seat count.
func (t *trainer34) MinSize() (int, int) { return kit.TableMinSize(t.players()) }

func (t *trainer34) next(no int) bool {
	switch {
	case no <= len(t.cfg.TableDrills):
		t.sit = t.cfg.TableDrills[no-1].Clone()
	case t.gen != nil:
		t.sit, _ = t.gen.Next()
	default:
		return false
	}
	return true
}

func (t *trainer34) open(p drill.Plan) ([]rules.Action, *drill.Tally, error) {
	v, err := t.sit.View()
	if err != nil {
		return nil, nil, err
	}
	tally, err := drill.NewTableTally(v, p)
	if err != nil {
		return nil, nil, err
	}
	t.view = v
	return v.Legal(), tally, nil
}

func (t *trainer34) work(ctx context.Context, p drill.Plan, k int) func() (eval.Evaluation, error) {
	v, run := t.view, t.batch
	return func() (eval.Evaluation, error) { return run(ctx, v, p, k) }
}

// graded counts the drill in the record of its seat count.
func (t *trainer34) graded(an *drill.Analysis, chose int, when time.Time) drill.Record {
	return drill.NewTableRecord(t.sit, an, chose, when)
}

// helpLines: options without a letter of their own take their number;
// the letters of every decision of a table, from keys.go's table.
func (t *trainer34) helpLines(k *kit.KeyMap) []key.Binding {
	return append([]key.Binding{kit.Brief("the n-th option (options without a letter)", k.Nth)},
		kit.LetterHelp(t.cfg.Options, "bids", "round two", "dix", "sequences", "")...)
}
