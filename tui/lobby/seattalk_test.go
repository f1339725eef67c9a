package lobby

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/testing/halltest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// At a table whose game started, a person who renamed since talks
// under the name their seat has in the game, not one no seat has.
func TestSeatTalkNamesThePersonAsTheSeat(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(ann)
	require.NoError(t, err)
	_, err = tb.Join(bob)
	require.NoError(t, err)
	require.NoError(t, host.Start())

	// Bob, renamed Robert in another connection's lobby, comes back.
	l := New(Config{Player: hall.Player{ID: "b", Name: "Robert"}, Hall: h, Chat: hub})
	ctx := kittest.Context(80, 24)
	scr, _ := l.join(&ctx, tb)
	s, ok := scr.(*SharedSeat)
	require.True(t, ok, "%T", scr)
	t.Cleanup(s.talk.close)
	require.Equal(t, "bob", s.talk.name())
}

// The lobby lists the person's own tables first, the one they came to
// last at the top, whatever the codes: one who stepped out to the
// lobby finds the table they left.
func TestOwnTablesLastFirst(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	var tbs []*hall.Table
	for range 2 {
		tb, err := h.Open(ann, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		tbs = append(tbs, tb)
	}
	l := New(Config{Player: ann, Hall: h})
	for _, i := range []int{0, 1, 0} {
		_, err := tbs[i].Join(ann)
		require.NoError(t, err)
		l.Refresh()
		require.Equal(t, tbs[i].Code(), l.Tables()[0].Code, "ann came last to %s", tbs[i].Code())
	}
}

// A guest of the waiting room whose host is away reads so, and that
// the table closes if they do not come back: not that the host starts
// the game, as if they were there.
func TestWaitingRoomHostAway(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ann := hall.Player{ID: "a", Name: "ann"}
	tb, err := h.Open(ann, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	host, err := tb.Join(ann)
	require.NoError(t, err)
	l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
	ctx := kittest.Context(80, 24)
	scr, _ := l.join(&ctx, tb)
	s := scr.(*SharedSeat)
	view := kittest.Flat(ansi.Strip(s.View(&ctx)))
	require.Contains(t, view, "The host starts the game.")
	require.NotContains(t, view, "is away")
	host.Drop()
	s.w = s.conn.Waiting()
	require.Contains(t, kittest.Flat(ansi.Strip(s.View(&ctx))), "The host is away: the table closes if they do not come back soon.")
}

// randomHall is a hall of cfg whose bots play at random, closed when
// the test ends.
func randomHall(t *testing.T, cfg hall.Config) *hall.Hall {
	t.Helper()
	cfg.NewBot = func(_ ai.Level, c ai.Config) (ai.Bot, error) { return ai.NewRandom(c.Seed), nil }
	h, err := hall.New(cfg)
	require.NoError(t, err)
	t.Cleanup(h.Close)
	return h
}

// Ann talks in the lobby before and after another key comes in under
// her name (its SSH user name): her lines from then on carry her key's
// tag, as the namesake's do, so nobody reads one ann for the other.
func TestLobbyTalkTagsANamesakeWhoCameSince(t *testing.T) {
	hub, err := chat.New(chat.Config{})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	room := hub.NewRoom()
	ann := New(Config{Player: hall.Player{ID: "a", Name: "ann"}, Hall: h, Chat: hub, Lobby: room})
	ann.startTalk(true)
	t.Cleanup(ann.talk.t.close)
	say := func(l *Lobby, text string) string {
		t.Helper()
		_, err := l.talk.t.Say(text)
		require.NoError(t, err)
		lines := room.History("x").Lines
		return lines[len(lines)-1].Name
	}
	require.Equal(t, "ann", say(ann, "hello"), "no namesake yet: no tag")
	cid := New(Config{Player: hall.Player{ID: "c", Name: "ann"}, Hall: h, Chat: hub, Lobby: room})
	cid.startTalk(true)
	t.Cleanup(cid.talk.t.close)
	assert.Equal(t, "ann #"+hall.KeyTag("c"), say(cid, "I am the real ann"))
	assert.Equal(t, "ann #"+hall.KeyTag("a"), say(ann, "no, I am"), "the first ann is tagged too")
}

// A lobby with no table to join says so while games go on that the
// person may watch, rather than that nothing is open; a private game
// is not counted.
func TestEmptyListSaysGamesArePlayed(t *testing.T) {
	h := randomHall(t, hall.Config{})
	ctx := kittest.Context(80, 24)
	cid := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h})
	text := func() string {
		cid.Refresh()
		return strings.Join(screenLines(cid, &ctx), "\n")
	}
	assert.Contains(t, text(), "no open table: open one")
	// A table its people filled, not started yet: nobody else may join.
	full, err := h.Open(hall.Player{ID: "e", Name: "eve"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	for _, p := range []hall.Player{{ID: "e", Name: "eve"}, {ID: "f", Name: "fay"}} {
		c, err := full.Join(p)
		require.NoError(t, err)
		t.Cleanup(c.Leave)
	}
	assert.Contains(t, text(), "no table to join: one is full and waits for its host to start")
	start := func(host hall.Player, private bool) {
		tb, err := h.Open(host, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1, Private: private})
		require.NoError(t, err)
		c, err := tb.Join(host)
		require.NoError(t, err)
		require.NoError(t, c.Start())
		t.Cleanup(c.Leave)
	}
	start(hall.Player{ID: "a", Name: "ann"}, false)
	assert.Contains(t, text(), "no table to join: a game is being played, w to watch it")
	start(hall.Player{ID: "b", Name: "bob"}, false)
	start(hall.Player{ID: "d", Name: "dan"}, true)
	assert.Contains(t, text(), "no table to join: 2 games are being played, w to watch one")
}

// TestRatedTableKeepsQuietInADeal: at a rated table of three or four,
// the people seated may not talk while a deal is played (a word could
// tell a partner what a hand holds), at the table nor in the lobby nor
// at another table they watch, and its spectators neither; they may
// between deals and at the game's end. Two players, one person among bots, or any table of a
// server that keeps no ratings, talk throughout.
func TestRatedTableKeepsQuietInADeal(t *testing.T) {
	for _, c := range []quietCase{{3, 2, false, true}, {4, 2, false, true}, {2, 2, false, false}, {3, 1, false, false}, {4, 2, true, false}} {
		// The bots move on the host's own goroutines while the test
		// looks, so a game may pass no position judged in a deal, between
		// deals, or watched: then another game is played, up to five.
		var inDeal, between, watched bool
		for seed := uint64(1); seed <= 5 && !(inDeal && between && watched); seed++ {
			d, b, w := quietGame(t, c, seed)
			inDeal, between, watched = inDeal || d, between || b, watched || w
		}
		require.True(t, inDeal && between && watched, "%d seats: the games passed no deal, no pause between deals, or none watched", c.seats)
	}
}

// quietCase is a table of TestRatedTableKeepsQuietInADeal: its seats,
// the people at it, whether the server keeps ratings (noClub: none),
// and whether its deals are quiet.
type quietCase struct {
	seats, people int
	noClub, quiet bool
}

// quietGame plays one game of TestRatedTableKeepsQuietInADeal at c,
// dealt from seed, and reports whether a position in a deal, one
// between deals and one watched in a deal were judged.
func quietGame(t *testing.T, c quietCase, seed uint64) (inDeal, between, watched bool) {
	{
		hub, err := chat.New(chat.Config{Burst: 1000})
		require.NoError(t, err)
		h := randomHall(t, hall.Config{Chat: hub})
		people := []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}}[:c.people]
		o := rules.DefaultOptions()
		o.Players, o.Target = c.seats, 300
		tb, conns, err := halltest.Start(h, people, hall.Options{Seats: c.seats, Rules: o, Level: ai.Random, Seed: seed})
		require.NoError(t, err)
		require.Equal(t, c.people == 2, tb.Rated())
		l := New(Config{Player: people[0], Hall: h, Chat: hub, Club: &lobbytest.Club{}, Lobby: hub.NewRoom()})
		if c.noClub {
			l.cfg.Club = nil
		}
		ctx := kittest.Context(80, 24)
		scr, _ := l.join(&ctx, tb)
		s := scr.(*SharedSeat)
		t.Cleanup(s.talk.close)
		// Ann's lobby, and another table she watches from a second
		// connection (eve's, alone with a bot).
		l.startTalk(true)
		t.Cleanup(l.talk.t.close)
		other, _, err := halltest.Start(h, []hall.Player{{ID: "e", Name: "eve"}}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 2})
		require.NoError(t, err)
		l2 := New(Config{Player: people[0], Hall: h, Chat: hub, Club: l.cfg.Club})
		oscr, _ := l2.watch(&ctx, other)
		ow := oscr.(*WatchSeat)
		t.Cleanup(ow.talk.close)
		conns[0] = s.conn // ann's seat came to this connection
		// Cid, a second key, watches: a spectator keeps quiet too.
		wl := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h, Chat: hub, Club: l.cfg.Club, Lobby: hub.NewRoom()})
		wscr, _ := wl.watch(&ctx, tb)
		w := wscr.(*WatchSeat)
		t.Cleanup(w.talk.close)
		wl.startTalk(true) // and talks in the lobby (from another connection)
		t.Cleanup(wl.talk.t.close)

		// Play every seat's decisions at random; at each position seen,
		// a line of ann's or cid's is refused exactly while a deal is
		// played. A position a bot moved on from meanwhile is not judged.
		// The hall reads whether a deal is played from a seat's port
		// (ann's): a spectator's port gets the same position a moment
		// apart, so a position is judged only where both agree.
		seat := s.conn.Port()
		check := func(who string, talk *roomTalk, port host.Port, why string, elsewhere ...*roomTalk) (playing, between, over bool) {
			// The refusal as a table's note says it fits the note's two
			// lines at 80 columns, end included.
			shown := kit.Wrap("Not sent: "+why+". Your line is kept: / opens it again.", 78)
			require.LessOrEqual(t, len(shown), 2, "%s's refusal at a table: %q", who, shown)
			sn, ref := port.Snapshot(), seat.Snapshot()
			_, err := talk.Say("hello")
			quiet := talk.Quiet() != nil
			errs := make([]error, len(elsewhere))
			for i, o := range elsewhere {
				_, errs[i] = o.Say("hello")
			}
			if port.Snapshot().Gen != sn.Gen || seat.Snapshot().Gen != ref.Gen || hall.QuietDeal(ref) != hall.QuietDeal(sn) {
				return false, false, false
			}
			playing = sn.HasDeal && !sn.Between && !sn.Over
			require.Equal(t, playing && c.quiet, quiet, "%d seats, deal %d: %s's box says quiet", c.seats, sn.DealNo, who)
			if playing && c.quiet {
				require.ErrorIs(t, err, errQuietDeal, "%d seats, deal %d: %s", c.seats, sn.DealNo, who)
				for _, err := range errs {
					require.EqualError(t, err, why, "%d seats, deal %d: %s elsewhere", c.seats, sn.DealNo, who)
				}
			} else {
				require.NoError(t, err, "%d seats, deal %d, between %v, over %v: %s", c.seats, sn.DealNo, sn.Between, sn.Over, who)
				for _, err := range errs {
					require.NoError(t, err, "%d seats, deal %d, between %v, over %v: %s elsewhere", c.seats, sn.DealNo, sn.Between, sn.Over, who)
				}
			}
			return playing, sn.Between, sn.Over
		}
		r := rand.New(rand.NewPCG(seed, 2))
		deadline := time.After(guard)
		for {
			playing, btw, _ := check("ann", s.talk, s.conn.Port(),
				"a rated deal is played at your table "+tb.Code()+": nobody there talks, nor anywhere else, until it ends",
				l.talk.t, ow.talk)
			wp, _, _ := check("cid", w.talk, w.port,
				"a rated deal is played at table "+tb.Code()+", which you watch: nobody there talks, nor anywhere else, until it ends",
				wl.talk.t)
			inDeal, between, watched = inDeal || playing, between || btw, watched || wp
			if s.conn.Port().Snapshot().Over {
				break
			}
			moved := false
			for _, conn := range conns {
				sn := conn.Port().Snapshot()
				switch {
				case sn.Can.Act:
					legal := sn.View.Legal()
					err = conn.Port().Act(sn.Gen, legal[r.IntN(len(legal))])
				case sn.Can.Ready:
					err = conn.Port().Ready(sn.Gen)
				default:
					continue
				}
				if !errors.Is(err, host.ErrStale) {
					require.NoError(t, err)
					moved = true
				}
			}
			if !moved {
				select {
				case <-conns[0].Port().Updates():
				case <-deadline:
					t.Fatal("the game never ended")
				}
			}
		}
	}
	return inDeal, between, watched
}

// Cid watches a rated deal of three and leaves in its middle: back in
// the lobby he stays quiet until that deal ends, as its players do
// (he saw its play), and the refusal says why.
func TestSpectatorWhoLeftKeepsQuiet(t *testing.T) {
	hub, err := chat.New(chat.Config{Burst: 1000})
	require.NoError(t, err)
	h := randomHall(t, hall.Config{Chat: hub})
	o := rules.DefaultOptions()
	o.Players = 3
	tb, conns, err := halltest.Start(h, []hall.Player{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}},
		hall.Options{Seats: 3, Rules: o, Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	require.True(t, tb.Rated())
	port := conns[0].Port()
	for !hall.QuietDeal(port.Snapshot()) {
		if _, ok := <-port.Updates(); !ok {
			t.Fatal("the game ended before a deal was played")
		}
	}
	ctx := kittest.Context(80, 24)
	wl := New(Config{Player: hall.Player{ID: "c", Name: "cid"}, Hall: h, Chat: hub, Club: &lobbytest.Club{}, Lobby: hub.NewRoom()})
	wscr, _ := wl.watch(&ctx, tb)
	w := wscr.(*WatchSeat)
	w.quitNow(&ctx)
	t.Cleanup(wl.talk.t.close)
	_, err = wl.talk.t.Say("the ace is with bob")
	require.EqualError(t, err, "a rated deal you watched is still played at table "+tb.Code()+": who saw it talks nowhere else until it ends")
}
