package testkit

import "github.com/klob/klob/ai"

// CheapBots makes the real bots with few samples and one worker, so
// that tests which play them (par, tournament boards) are quick, and
// with no time limit (Think < 0): the budget alone ends a search, so a
// loaded machine cannot cut one short and change par or a board's play.
func CheapBots(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	cfg.Budget, cfg.Workers, cfg.Think = 8, 1, -1
	return ai.New(level, cfg)
}
