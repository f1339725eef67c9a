package lobby

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// Whoever has played a board of a running tournament says nothing in
// the lobby's talk until it ends, and is told why as the line opens;
// the lobby's tick after the end says they may talk again. One who
// only entered talks. At every seat count.
func TestTourneyPlayersKeepQuietInTheLobby(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
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

		l, _ := steadyLobby(t, 0, true, true, 1)
		l.cfg.Player = hall.Player{ID: ann.Key, Name: ann.Name}
		l.cfg.Tourney = svc
		withTalk(t, l)
		l.talk.t.quiet = quietPlayed(l, quietAt(l, nil))
		_, err = l.talk.t.Say("hello")
		require.NoError(t, err, "entering alone keeps nobody quiet")

		seat, err := svc.Play(ctx, ann, info.Code)
		require.NoError(t, err)
		seat.Leave()
		_, err = l.talk.t.Say("board 1: take spades")
		require.Error(t, err, "a player of a running tournament talks in the lobby")
		assert.Contains(t, err.Error(), "tournament TESTAB")
		l.talk.start()
		assert.Contains(t, l.talk.note.Text, "You played boards of tournament TESTAB", "the line says why as it opens")
		l.talk.box.Typing = false
		l.talk.note.Text = ""

		l.quietLifted()
		assert.Empty(t, l.talk.note.Text, "nothing lifted yet")
		require.NoError(t, svc.End(ctx, ann, info.Code))
		l.quietLifted()
		assert.Contains(t, l.talk.note.Text, "has ended: you may talk again")
		_, err = l.talk.t.Say("well played")
		require.NoError(t, err)
	})
}
