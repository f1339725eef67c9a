package lobby

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
)

// A table's free seat reads "(free)" while it waits and its bot's name
// once the game plays, in the lobby's list and in the watch list, at
// every seat count; never an empty name between commas. Its bots are
// named by how many seats they play: "no bots" where people hold every
// seat.
func TestTableLinesNameEverySeat(t *testing.T) {
	for _, tc := range []struct {
		info         hall.Info
		lobby, watch string
	}{
		{hall.Info{Code: "ABCD", Seats: 2, Names: []string{"ann", ""}, Level: ai.Normal, Target: 500},
			"ABCD  waiting for players · ann, (free) · 2 seats · normal bot · to 500", ""},
		{hall.Info{Code: "ABCD", Seats: 3, Names: []string{"ann", "", "cid"}, Level: ai.Hard, Target: 300, Started: true},
			"ABCD  playing · ann, Bot B, cid · 3 seats · hard bot · to 300",
			"ABCD  ann, Bot B, cid · 3 seats · to 300"},
		{hall.Info{Code: "WXYZ", Seats: 4, Names: []string{"ann", "bob", "cid", ""}, Level: ai.Normal, Target: 500, Started: true},
			"WXYZ  playing · ann, bob, cid, Bot D · 4 seats · normal bot · to 500",
			"WXYZ  ann, bob, cid, Bot D · 4 seats · to 500"},
		// At two the bot is "Bot", as the game's own screens name it.
		{hall.Info{Code: "UGGC", Seats: 2, Names: []string{"eve", ""}, Level: ai.Normal, Target: 500, Started: true},
			"UGGC  playing · eve, Bot · 2 seats · normal bot · to 500",
			"UGGC  eve, Bot · 2 seats · to 500"},
		{hall.Info{Code: "WXYZ", Seats: 2, Names: []string{"ann", "bob"}, Level: ai.Normal, Target: 500, Started: true, Over: true, Yours: true},
			"WXYZ  game over · your seat · ann, bob · 2 seats · no bots · to 500", ""},
	} {
		assert.Equal(t, tc.lobby, tableLine(tc.info).String())
		if tc.watch != "" {
			assert.Equal(t, tc.watch, watchLine(tc.info).String())
		}
	}
}
