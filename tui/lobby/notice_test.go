package lobby

import (
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// A table not started comes back after a restart and waits for its
// host; when it closes without them (nobody came for Abandon), the host
// reads why in the lobby when they come back, once, instead of finding
// it gone.
func TestHostToldOfTableClosedWhileAway(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	cfg := hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clock}
	h, err := hall.New(cfg)
	require.NoError(t, err)
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	_, err = tb.Join(ann)
	require.NoError(t, err)
	h.Close()
	h2, err := hall.New(cfg)
	require.NoError(t, err)
	t.Cleanup(h2.Close)
	require.NotNil(t, h2.SeatOf("a"), "the table is back, Ann's seat kept")
	clock.Advance(time.Minute)
	require.NotNil(t, h2.SeatOf("a"), "no grace runs while nobody is at the table")
	clock.Advance(30 * time.Minute)
	require.Nil(t, h2.SeatOf("a"), "the table closed without its host")

	comeBack := func() string {
		ctx := kittest.Context(80, 24)
		l := New(Config{Player: ann, Hall: h2})
		l.Enter(&ctx)
		return kittest.Flat(ansi.Strip(l.View(&ctx)))
	}
	assert.Contains(t, comeBack(), "Your table "+tb.Code()+" was closed before its game started")
	assert.NotContains(t, comeBack(), "was closed", "said once")
}

// A notice of the hall (a table that ended with a restart) that the
// person is taken past, straight back to the seat they hold elsewhere,
// waits for them: the lobby says it when they come back from that seat.
func TestNoticeKeptPastTheResumedSeat(t *testing.T) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	_, err = tb.Join(ann) // an earlier connection's seat, taken back
	require.NoError(t, err)
	const told = "Table WXYZ ended with the server's restart: its finished game is in your history."
	h.Tell("a", told)

	ctx := kittest.Context(80, 24)
	l := New(Config{Player: ann, Hall: h})
	l.Enter(&ctx)
	seat, _ := l.Update(&ctx, resumeMsg{})
	s, ok := seat.(*SharedSeat)
	require.True(t, ok, "the lobby goes back to the seat held: %T", seat)
	back, _ := s.leave(&ctx)
	require.Same(t, l, back)
	assert.Contains(t, kittest.Flat(ansi.Strip(l.View(&ctx))), kittest.Flat(told))
}

// A notice of the hall is not lost to the connection's command: a join
// of a code that names no table says the notice before the refusal, and
// a watch that goes straight to a table leaves it for the lobby, said
// when the person comes back.
func TestNoticeKeptPastTheStartCommand(t *testing.T) {
	h, err := hall.New(hall.Config{Dir: t.TempDir(), Grace: time.Minute, Clock: clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))})
	require.NoError(t, err)
	t.Cleanup(h.Close)
	const told = "Table WXYZ could not be opened again after the server's restart: its saved game was damaged, and the server's operator keeps it."
	ann := hall.Player{ID: "a", Name: "ann"}

	h.Tell("a", told)
	ctx := kittest.Context(80, 24)
	l := New(Config{Player: ann, Hall: h, Start: Command{Verb: "join", Code: "QQQQ"}})
	l.Enter(&ctx)
	l.Update(&ctx, startMsg{})
	scr := kittest.Flat(ansi.Strip(l.View(&ctx)))
	assert.Contains(t, scr, kittest.Flat(told), "the notice before the refusal")
	assert.Contains(t, scr, `"QQQQ"`, "the refusal")

	bob := hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(bob, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Normal, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(bob)
	require.NoError(t, err)
	cid := hall.Player{ID: "c", Name: "cid"}
	_, err = tb.Join(cid)
	require.NoError(t, err)
	require.NoError(t, host.Start())
	h.Tell("a", told)
	l = New(Config{Player: ann, Hall: h, Start: Command{Verb: "watch", Code: tb.Code()}})
	l.Enter(&ctx)
	w, _ := l.Update(&ctx, startMsg{})
	ws, ok := w.(*WatchSeat)
	require.True(t, ok, "the command goes to the table: %T", w)
	back, _ := ws.leave(&ctx)
	require.Same(t, l, back)
	assert.Contains(t, kittest.Flat(ansi.Strip(l.View(&ctx))), kittest.Flat(told), "said on the way back")
}
