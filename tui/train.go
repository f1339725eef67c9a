package tui

import (
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/train"
)

// The bidding trainer is package tui/train; these names are the App's
// and the lobby's uses of it.

// TrainConfig is everything `klob train` decides before the first
// screen.
type TrainConfig = train.Config

// NewTrain returns the App of `klob train`: it reads the record (a
// damaged one is kept aside and the screen says so) and opens the first
// drill, at a table of Options.Players. Quitting waits for the record's
// saves and sums up the session.
func NewTrain(cfg TrainConfig) *App {
	t := train.New(cfg)
	return newApp(t, appOptions{ASCII: cfg.ASCII, Flush: func(kit.Screen) func() { return t.Wait }, QuitNote: t.QuitNote})
}
