package tui

import (
	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/tui/learn"
)

// LearnConfig configures `klob learn`.
type LearnConfig struct {
	ASCII bool
	// Players is the table the lesson teaches: 2 (0 reads as 2), 3 or 4.
	Players int
	// PlayAfter, when set, is set to true when the player chooses a real
	// game at the end of the lesson (the command then starts klob play).
	PlayAfter *bool
}

// NewLearn returns the App of `klob learn`, the guided first game
// (package tui/learn).
func NewLearn(cfg LearnConfig) (*App, error) {
	players := cfg.Players
	if players == 0 {
		players = 2
	}
	run, err := lesson.New(players)
	if err != nil {
		return nil, err
	}
	return newApp(learn.New(run, learn.Config{PlayAfter: cfg.PlayAfter}), appOptions{ASCII: cfg.ASCII}), nil
}
