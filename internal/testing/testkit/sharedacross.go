package testkit

import (
	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
)

// SharedAcross is SharedDecisions of f for bots made through screens and
// services that each give their bots win tables of their own
// (ai.WithWinTables): a decision's key holds the config, so with each
// caller's tables in it no decision would be shared between two screens
// or two services. SharedAcross gives every bot it makes one set of win
// tables of its own instead, whatever the caller gives; sharing win
// tables changes no decision (ai.Config.WinTables), so neither does this.
func SharedAcross(f ai.Factory) ai.Factory {
	wins := &eval.WinTables{}
	shared := SharedDecisions(f)
	return func(level ai.Level, cfg ai.Config) (ai.Bot, error) {
		cfg.WinTables = wins
		return shared(level, cfg)
	}
}
