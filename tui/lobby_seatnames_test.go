package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestWaitingRoomWideName: in a table's waiting room a name of wide
// letters (two cells each) keeps its seat's state apart from it, in the
// same column as the other seats', and no line is cut at the edge.
func TestWaitingRoomWideName(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "日本語の名前日本語の名前", 80, 24)
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(ann.done); close(bob.done) })
	openAndJoin(t, 3, ann, bob)
	bob.until(t, "Seat B  Bob (you)")
	scr := kittest.TrimRight(ansi.Strip(bob.screen()))
	kittest.CheckSize(t, bob.screen(), 80, 24)
	at := map[string]int{}
	for _, l := range strings.Split(scr, "\n") {
		for _, st := range []string{"here, host", "here", "a bot plays it"} {
			if i := strings.Index(l, st); i >= 0 && strings.HasPrefix(l, " Seat ") {
				at[l[:7]] = kit.WidthOf(l[:i])
				break
			}
		}
	}
	assert.Len(t, at, 3, scr)
	assert.Equal(t, at[" Seat A"], at[" Seat B"], "the states line up:\n%s", scr)
	assert.Equal(t, at[" Seat A"], at[" Seat C"], "the states line up:\n%s", scr)
	assert.Contains(t, scr, "日本語の名前日本語の名前 here, host")
}
