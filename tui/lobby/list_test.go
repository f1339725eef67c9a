package lobby

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
)

// A table's free seat reads "(free)" while it waits and its bot's name
// once the game plays, in the lobby's list and in the watch list, at
// every seat count; never an empty name between commas.
func TestTableLinesNameEverySeat(t *testing.T) {
	for _, tc := range []struct {
		info         hall.Info
		lobby, watch string
	}{
		{hall.Info{Code: "ABCD", Seats: 2, Names: []string{"ann", ""}, Level: ai.Normal, Target: 500},
			"ABCD  ann, (free) · 2 seats · to 500 · normal bot · waiting for players", ""},
		{hall.Info{Code: "ABCD", Seats: 3, Names: []string{"ann", "", "cid"}, Level: ai.Hard, Target: 300, Started: true},
			"ABCD  ann, Bot B, cid · 3 seats · to 300 · hard bots · playing",
			"ABCD  ann, Bot B, cid · 3 seats · to 300"},
		{hall.Info{Code: "WXYZ", Seats: 4, Names: []string{"ann", "bob", "cid", ""}, Level: ai.Normal, Target: 500, Started: true},
			"WXYZ  ann, bob, cid, Bot D · 4 seats · to 500 · normal bots · playing",
			"WXYZ  ann, bob, cid, Bot D · 4 seats · to 500"},
		{hall.Info{Code: "WXYZ", Seats: 2, Names: []string{"ann", "bob"}, Level: ai.Normal, Target: 500, Started: true, Over: true, Yours: true},
			"WXYZ  ann, bob · 2 seats · to 500 · normal bot · game over · your seat", ""},
	} {
		assert.Equal(t, tc.lobby, tableLine(tc.info))
		if tc.watch != "" {
			assert.Equal(t, tc.watch, watchLine(tc.info))
		}
	}
}
