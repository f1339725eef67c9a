package tui

import "github.com/klob/klob/tui/kit"

// openSaved is the first screen of a game alone: the saved game (or why
// it cannot be read) when there is one, else the setup form; c.Store is
// read off the UI goroutine. busy, when set, is asked first, off the UI
// goroutine too (it may take a lock on disk): when it reports another
// connection playing the game, elsewhere is the screen. wrap dresses the
// screen chosen (nil: as it is).
func openSaved(c *PlayConfig, busy func() bool, elsewhere func() kit.Screen, wrap func(kit.Screen) kit.Screen) *kit.Opening {
	if wrap == nil {
		wrap = func(s kit.Screen) kit.Screen { return s }
	}
	st := c.Store
	return kit.NewOpening("Looking for your saved game…", func() func() kit.Screen {
		if busy != nil && busy() {
			return elsewhere
		}
		if st == nil {
			return func() kit.Screen { return wrap(newSetupScreen(c, c.Setup)) }
		}
		l, filed, err := savedGame(st)
		badLevel := unknownLevel(st, l)
		return func() kit.Screen { return wrap(firstScreen(c, l, filed, badLevel, err)) }
	})
}
