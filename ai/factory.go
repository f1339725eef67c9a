package ai

// Factory makes a bot of a level. New is the real one; tests and tuning
// runs pass their own. Every package that makes bots for a game (the
// session, the match runner) takes a Factory, so it is defined here once.
type Factory func(level Level, cfg Config) (Bot, error)

// The real factory is a Factory.
var _ Factory = New
