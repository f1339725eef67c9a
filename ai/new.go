package ai

import (
	"fmt"
	"time"

	"github.com/klob/klob/ai/eval"
)

// Config tunes a bot. The zero value gives each level its normal
// strength; tests and the match runner use Budget to make hard cheaper.
type Config struct {
	// Seed makes the bot's own randomness (sampling, easy's mistakes,
	// random's choices) reproducible.
	Seed uint64
	// Budget, when non-zero, caps the hard bot's samples per decision,
	// and PlayBudget those of its card play alone (a match measuring the
	// bidding can make the card play cheaper). The hard table bot's bids
	// keep their samples (see tableBidSamples).
	Budget, PlayBudget int
	// Workers, when non-zero, caps the goroutines the hard bot uses.
	Workers int
	// Method is how the hard bot values a deal before the card play
	// (eval.Method); the zero value is the evaluation the trainer and the
	// analysis share.
	Method eval.Method
	// Think bounds one decision of the hard bot when the caller's
	// context sets no earlier deadline: 0 is the level's own bound (a
	// slow machine never stalls a game); a negative value sets none, so
	// that the samples (Budget) alone bound the work and a decision
	// depends on nothing but the seed and the view (par, tests).
	Think time.Duration
	// Unread, when set, stops the hard bot reading the other seats' card
	// play into their hands (eval.Options.Model at two players,
	// readWorlds at tables): it weighs the sampled deals by the bidding
	// alone, as before the model (for measuring what reading the play is
	// worth).
	Unread bool
	// WinTables, when set, holds the hard bot's win tables (its chance of
	// winning the game from the totals), shared with every bot given the
	// same: a match, a server or a fixture making many bots makes one
	// (WithWinTables) so that each table is built once. Nil: the bot
	// builds its own. Sharing changes no decision.
	WinTables *eval.WinTables
}

// New returns a bot of the given level, for any seat count.
func New(level Level, cfg Config) (Bot, error) {
	switch level {
	case Random:
		return NewRandom(cfg.Seed), nil
	case Easy, Normal:
		two, err := newHeuristic(level, cfg)
		if err != nil {
			return nil, err
		}
		return bySeats{level: level, two: two, more: newTableHeuristic(level, cfg)}, nil
	case Hard:
		two, err := newHard(cfg)
		if err != nil {
			return nil, err
		}
		return bySeats{level: level, two: two, more: newTableHard(cfg)}, nil
	}
	return nil, fmt.Errorf("unknown bot level %q", level)
}
