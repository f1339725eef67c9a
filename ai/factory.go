package ai

import "github.com/klob/klob/ai/eval"

// Factory makes a bot of a level. New is the real one; tests and tuning
// runs pass their own. Every package that makes bots for a game (the
// session, the match runner) takes a Factory, so it is defined here once.
type Factory func(level Level, cfg Config) (Bot, error)

// The real factory is a Factory.
var _ Factory = New

// WithWinTables returns a factory that makes f's bots with wins as their
// Config.WinTables, unless a config names its own: the bots it makes
// build each win table once between them.
func WithWinTables(f Factory, wins *eval.WinTables) Factory {
	return func(level Level, cfg Config) (Bot, error) {
		if cfg.WinTables == nil {
			cfg.WinTables = wins
		}
		return f(level, cfg)
	}
}
