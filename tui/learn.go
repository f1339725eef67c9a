package tui

import (
	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/tui/learn"
)

// LearnConfig configures `klob learn`.
type LearnConfig struct {
	ASCII bool
	// PlayAfter, when set, is set to true when the player chooses a real
	// game at the end of the lesson (the command then starts klob play).
	PlayAfter *bool
}

// NewLearn returns the App of `klob learn`, the guided first game
// (package tui/learn).
func NewLearn(cfg LearnConfig) (*App, error) {
	run, err := lesson.New(2)
	if err != nil {
		return nil, err
	}
	return newApp(learn.New(run, learn.Config{PlayAfter: cfg.PlayAfter}), appOptions{ASCII: cfg.ASCII}), nil
}
