package tourney

import (
	"bytes"
	"cmp"
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestClosedScreenLeavesNoGoroutine: a Screen waits for the
// connection's end (to leave a board in play) only until it closes. A
// connection opens the tournaments ('d' in the lobby) and leaves them
// as often as it likes; each screen left must not stay behind, with its
// goroutine, until the connection ends. The goroutines are counted by
// where they were started, so that other tests' do not count.
func TestClosedScreenLeavesNoGoroutine(t *testing.T) {
	done := make(chan struct{}) // the connection: open throughout
	defer close(done)
	waiting := func() int {
		buf := make([]byte, 1<<22)
		buf = buf[:runtime.Stack(buf, true)]
		return bytes.Count(buf, []byte("tui/tourney.New.func"))
	}
	before := waiting()
	const opens = 200
	for range opens {
		s := New(Config{Player: longName, Done: done, Refresh: -1})
		s.Close() // the lobby leaves the screen
	}
	// The goroutines end once scheduled: wait until they have, up to a
	// guard that only a leak reaches, and report what is left.
	left := waiting() - before
	for end := time.Now().Add(time.Minute); left > 0 && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
		left = waiting() - before
	}
	if left > 0 {
		t.Fatalf("%d screens opened and closed in one connection left %d goroutines behind", opens, left)
	}
}

// TestSeatFetchedForAPageGoneIsLeft: a board's seat asked for with
// enter and arriving after the person left that page (esc), or left the
// tournaments for the lobby (q then y), is left: its board's host does
// not stay open with nobody at it. With the page still shown, the seat
// is played.
func TestSeatFetchedForAPageGoneIsLeft(t *testing.T) {
	for _, leave := range []string{"", "esc", "quit"} {
		t.Run(cmp.Or(leave, "stay"), func(t *testing.T) {
			cl := newClub(t, false)
			ctx := context.Background()
			info := cl.create(t, 0, 4, time.Hour)
			require.NoError(t, cl.svc.Enter(ctx, ann, info.Code))
			f := cl.openAt(ann, info.Code)
			f.see("[enter] play board 1")
			_, fetch := f.s.Update(&f.d.Ctx, kittest.Key("enter")) // the seat is fetched: held back
			switch leave {
			case "esc":
				f.press("esc")
			case "quit":
				next, _ := f.s.QuitNow(&f.d.Ctx)
				require.Equal(t, kit.Screen(lobbyStub{}), next)
			}
			f.run(fetch)
			live := func() bool { _, _, ok := cl.svc.HiddenFrom(info.Code, ann.Key); return ok }
			if leave == "" {
				require.True(t, f.on("board"), "the seat is played: on %s", f.s.sub.Name())
				require.True(t, live())
				return
			}
			// The host closes off the screen's goroutine: wait for it,
			// up to a guard only a seat kept open reaches.
			for end := time.Now().Add(guard); live() && time.Now().Before(end); {
				time.Sleep(time.Millisecond)
			}
			require.False(t, live(), "the board's host stays open after %s", leave)
		})
	}
}
