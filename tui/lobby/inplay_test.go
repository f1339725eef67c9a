package lobby

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// tourneyFixture is a tournament service on a still clock, with one
// tournament of n players created and entered by ann.
type tourneyFixture struct {
	svc   *tourney.Service
	clock *testkit.Clock
	ann   tourney.Player
	info  tourney.Info
}

func newTourneyFixture(t *testing.T, n int) *tourneyFixture {
	t.Helper()
	ctx := context.Background()
	c := testkit.NewClock(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	dir := t.TempDir()
	db, err := clubdb.Open(filepath.Join(dir, clubdb.FileName), clubdb.Options{Now: c.Now})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	svc, err := tourney.New(tourney.Config{DB: db, Dir: filepath.Join(dir, "tourneys"), NewBot: testkit.CheapBots, Now: c.Now,
		Location: time.UTC, NoDaily: true, Slots: host.NewSlots(1), NewSeed: func() uint64 { return 77 },
		NewCode: func() string { return "TESTAB" }})
	require.NoError(t, err)
	t.Cleanup(svc.Close)
	ann := tourney.Player{Key: strings.Repeat("a", 64), Name: "ann"}
	o := rules.DefaultOptions()
	o.Players = n
	info, err := svc.Create(ctx, ann, tourney.Spec{Rules: o, Level: ai.Normal, Boards: 4, Ends: c.Now().Add(time.Hour)})
	require.NoError(t, err)
	require.NoError(t, svc.Enter(ctx, ann, info.Code))
	return &tourneyFixture{svc: svc, clock: c, ann: ann, info: info}
}

// begin begins ann's next board and leaves it half-played.
func (f *tourneyFixture) begin(t *testing.T) {
	t.Helper()
	seat, err := f.svc.Play(context.Background(), f.ann, f.info.Code)
	require.NoError(t, err)
	seat.Leave()
}

// enterLobby runs the lobby's Enter and every message that follows,
// the lobby's ticks left out.
func enterLobby(t *testing.T, l *Lobby, ctx *kit.Context) {
	t.Helper()
	budget := 20
	kittest.Run(t, &budget, l.Enter(ctx), func(msg tea.Msg) tea.Cmd {
		_, cmd := l.Update(ctx, msg)
		return cmd
	}, nil)
}

// Coming back from the tournaments, the lobby says again that a board
// is under way: one begun there and left (q, then esc back), and one
// left before, whose notice the d that opened the tournaments took
// away. At every seat count.
func TestUnderWayNoticeAfterTheTournaments(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, before := range []bool{false, true} {
			f := newTourneyFixture(t, n)
			if before {
				f.begin(t)
			}
			ctx := kittest.Context(80, 24)
			l := &Lobby{cfg: &Config{Player: hall.Player{ID: f.ann.Key, Name: f.ann.Name}, Tourney: f.svc}, mutes: muteBook{}, every: -1}
			enterLobby(t, l, &ctx)
			say := "Board 1 of " + f.info.Named() + " is under way: d opens it."
			text := func() string { return kittest.Flat(ansi.Strip(l.View(&ctx))) }
			if before {
				require.Contains(t, text(), say)
			} else {
				require.NotContains(t, text(), "under way")
			}

			next, _ := l.Update(&ctx, kittest.Key("d"))
			require.IsType(t, &tourneyScreen{}, next)
			require.NotContains(t, text(), "under way", "d takes the notice away")
			if !before {
				f.begin(t)
			}
			back, _ := QuitNow(&ctx, next)
			require.Same(t, l, back, "q on the tournaments comes back to the lobby")
			enterLobby(t, l, &ctx)
			assert.Contains(t, text(), say, "board begun before: %v", before)
			assert.Equal(t, f.info.Code, l.inPlayCode, "d opens the tournament again")
		}
	})
}
