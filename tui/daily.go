package tui

import (
	dailyscreen "github.com/klob/klob/tui/daily"
	"github.com/klob/klob/tui/kit"
)

// NewDaily returns the App of `klob daily`: the day's boards at one
// seat count (package tui/daily). Quitting stops par and writes the
// board in play before the program ends.
func NewDaily(cfg dailyscreen.Config) (*App, error) {
	s, err := dailyscreen.New(cfg)
	if err != nil {
		return nil, err
	}
	app := newApp(s, appOptions{ASCII: cfg.ASCII, Settle: cfg.Settle, Flush: func(kit.Screen) func() { return s.Close }, QuitNote: s.QuitNote})
	return app, nil
}
