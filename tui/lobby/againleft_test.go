package lobby

import (
	"strings"

	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/hall"
)

// Bob says again at the end of a game, then his connection ends: the
// leaving takes his again back, and ann's screen says so rather than
// waiting for him as if he had never said it; back, he says it anew.
func TestAgainTakenBackByLeavingIsSaid(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, annConn, bobConn := annAndBobPlay(t, h)
	playToTheEnd(t, annConn.Port(), bobConn.Port())
	bobPort := bobConn.Port()
	require.NoError(t, bobPort.Again(bobPort.Snapshot().Gen))

	a := newSeatRun(t, newSharedSeat(New(Config{Player: ann, Hall: h}), annConn))
	a.update(nil)
	a.run(a.s.Enter(a.ctx))
	a.until("the table", func() bool { return a.s.Table() != nil })
	a.key("enter") // from the last deal's result to the game's end
	a.until("bob's again", func() bool { return a.s.Table().Snapshot().Players[1].Again })
	bobConn.Drop()
	a.until("bob away", func() bool { return a.s.Table().Snapshot().Players[1].AgainLeft })
	// Before ann says it, her screen says where bob's again went.
	a.until("the word that it went", func() bool {
		return strings.Contains(a.view(), "bob said again, then left: it went with them.")
	})
	a.key("n")
	a.until("ann's again", func() bool { return a.s.Table().Snapshot().Players[0].Again })
	a.until("the wait", func() bool { return strings.Contains(a.view(), "bob (away: their again went when they left)") })

	back, err := tb.Join(hall.Player{ID: "b", Name: "bob"})
	require.NoError(t, err)
	require.False(t, back.Port().Snapshot().Players[1].AgainLeft, "back, bob says again anew")
	require.False(t, back.Port().Snapshot().Players[1].Again)
}
