package tui

import (
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/tui/replay"
)

// The replay and the list of saved games are package tui/replay; these
// names are the App's uses of them.

// ReplayConfig is what `klob replay` decides for the replay.
type ReplayConfig = replay.Config

// Analyzer runs a replay's analysis; analysis.Analyze is the real one.
type Analyzer = replay.Analyzer

// HistorySource lists saved games; *store.Store is one.
type HistorySource = replay.Source

// NewReplay returns the App of `klob replay FILE`: the replay of r, the
// game read from the file name.
func NewReplay(r *gamelog.Replay, name string, cfg ReplayConfig) *App {
	return newApp(replay.New(r, name, cfg, nil), appOptions{ASCII: cfg.ASCII})
}

// NewHistory returns the App of `klob replay` without a file: the list
// of saved games of src, each opened with cfg.
func NewHistory(src HistorySource, cfg ReplayConfig) *App {
	return newApp(replay.NewHistory(src, cfg), appOptions{ASCII: cfg.ASCII})
}
