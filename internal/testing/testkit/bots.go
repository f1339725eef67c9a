package testkit

import "github.com/klob/klob/ai"

// CheapBots makes the real bots with few samples and one worker, so
// that tests which play them (par, tournament boards) are quick.
func CheapBots(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	cfg.Budget, cfg.Workers = 8, 1
	return ai.New(level, cfg)
}
