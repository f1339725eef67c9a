package replay

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestSeatBoxSaysTheLevelOnce: a match log names its bots by their
// level ("normal"); the seat box says the name, not the level under it
// again. A bot named otherwise keeps its level under its name.
func TestSeatBoxSaysTheLevelOnce(t *testing.T) {
	r := readGame(t, "09-tie.klob")
	r.Header.SetPlayer(rules.SeatA, "hard", "hard")
	r.Header.SetPlayer(rules.SeatB, "Bot", "normal")
	ctx := kit.NewContext(false)
	sc, _ := New(r, "match.klob", Config{Analyze: fakeAnalyze}, nil).scene(&ctx)
	assert.Equal(t, "hard", sc.Players[rules.SeatA].Name)
	assert.Empty(t, sc.Players[rules.SeatA].Tag, "the level the name says")
	assert.Equal(t, "normal", sc.Players[rules.SeatB].Tag, "a bot named otherwise")
}
