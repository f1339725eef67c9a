package tui

import "errors"

// startTable starts a game of three or four from setup.
func (c *PlayConfig) startTable(setup Setup) (screenModel, error) {
	return nil, errors.New("not yet")
}
