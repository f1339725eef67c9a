package tui

import (
	"errors"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/session"
)

// realTableBots makes the bots of a table game.
func realTableBots(level ai.Level, cfg ai.Config) (session.TableBot, error) {
	return nil, errors.New("the bots for three and four players are not in this build yet")
}
