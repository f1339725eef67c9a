package hall

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/serve/quietlog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestWatchAndPrivate: anyone with a key watches a started table that
// is not private; a guest, a person seated there, a table not started
// and a private one are refused; only the host makes it private, which lets the spectators
// go, and a restart keeps it private.
func TestWatchAndPrivate(t *testing.T) {
	d := newOnDisk(t)
	h := d.hall(t)
	tb := annOpens(t, h, 3, rules.DefaultOptions(), 5)
	ann, bob := join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
	_, err := tb.Watch(Player{ID: "z", Name: "Zed"})
	require.ErrorIs(t, err, ErrNotStarted)
	require.Empty(t, h.Watchable("z"), "a table not started is not listed to watch")
	require.NoError(t, ann.conn.Start())
	firstDeal(t, ann.port())

	_, err = tb.Watch(Player{Name: "guest"})
	require.ErrorIs(t, err, ErrGuest)
	// A person seated there is no spectator: the seat stays theirs, on
	// their connection.
	_, err = tb.Watch(Player{ID: "b", Name: "Bob"})
	require.ErrorIs(t, err, ErrSeated)
	tb.mu.Lock()
	err = bob.conn.check()
	tb.mu.Unlock()
	require.NoError(t, err, "Bob's seat after his watch")
	zed, err := tb.Watch(Player{ID: "z", Name: "Zed"})
	require.NoError(t, err)
	w := await(t, zed, "the spectator's first snapshot", func(s host.Snapshot) bool { return s.HasDeal })
	require.True(t, w.Watching)
	require.Equal(t, rules.NoSeat, w.Seat)
	require.Len(t, h.Watchable("z"), 1)
	await(t, ann.port(), "a watcher counted", func(s host.Snapshot) bool { return s.Watchers == 1 })

	require.ErrorIs(t, bob.conn.SetPrivate(true), ErrNotHostPrivate)
	require.NoError(t, ann.conn.SetPrivate(true))
	await(t, zed, "the spectator let go", func(s host.Snapshot) bool { return s.Private })
	_, open := <-zed.Updates()
	for open {
		_, open = <-zed.Updates()
	}
	_, err = tb.Watch(Player{ID: "y", Name: "Yan"})
	require.ErrorIs(t, err, ErrPrivate)
	require.Empty(t, h.Watchable("y"))
	require.True(t, tb.Private())

	// The privacy is in the table's log with the next write, and a
	// restart keeps it.
	gen := ann.port().Snapshot().Gen
	newCrowd(t, ann, bob).run("a move", func() bool { return ann.port().Snapshot().Gen > gen })
	// (Polled: the crowd's goroutines read the port's ticks.)
	eventually(t, "the move saved", func() bool { return !ann.port().Snapshot().Save.Pending })
	l, err := gamelog.ReadFile(filepath.Join(d.dir, tb.Code(), "current.klob"))
	require.NoError(t, err)
	require.Equal(t, "yes", l.Header.Tag(tagPrivate))
	h.Close()
	_, tb2 := d.restart(t, tb.Code())
	require.True(t, tb2.Private())
	_, err = tb2.Watch(Player{ID: "z", Name: "Zed"})
	require.ErrorIs(t, err, ErrPrivate)
}

// TestPrivateWhenOpened: a table opened private refuses spectators
// from its start; its host opens it to them later.
func TestPrivateWhenOpened(t *testing.T) {
	h := testHall(t, t.TempDir(), &memHistory{}, clocktest.New(t0))
	tb, err := h.Open(Player{ID: "a", Name: "Ann"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 5, Private: true})
	require.NoError(t, err)
	ann := join(t, tb, "a", "Ann", 1)
	require.NoError(t, ann.conn.Start())
	await(t, ann.port(), "the first deal", func(s host.Snapshot) bool { return s.HasDeal && s.Private })
	_, err = tb.Watch(Player{ID: "z"})
	require.ErrorIs(t, err, ErrPrivate)
	require.NoError(t, ann.conn.SetPrivate(false))
	_, err = tb.Watch(Player{ID: "z"})
	require.NoError(t, err)
}

// TestGuessesLimited: 10,000 guessed codes from one address. The first
// DefaultGuessBurst are looked up at once, every other waits its turn;
// the test advances its clock by each wait asked and measures how long
// the 10,000 guesses, and the whole code space, take. A code that names
// a table costs nothing; another key from the same address waits too,
// and so does the same key from another address.
func TestGuessesLimited(t *testing.T) {
	clock := clocktest.New(t0)
	h := newHall(t, Config{Clock: clock, NewBot: testkit.RandomBots, Abandon: 1000 * time.Hour})
	tb := annOpens(t, h, 2, smallRules(), 5)
	who := Seeker{ID: "k1", Addr: "192.0.2.7"}

	// Every code but the table's, in a fixed order.
	var codes []string
	for i := 0; len(codes) < 10_000; i++ {
		c := string([]byte{CodeLetters[i/13824%24], CodeLetters[i/576%24], CodeLetters[i/24%24], CodeLetters[i%24]})
		if c != tb.Code() {
			codes = append(codes, c)
		}
	}
	start := clock.Now()
	refused, atOnce := 0, 0
	for i, c := range codes {
		for {
			_, err := h.Lookup(who, c)
			var tm *TooManyGuessesError
			if errors.As(err, &tm) {
				refused++
				require.Positive(t, tm.Wait)
				clock.Advance(tm.Wait)
				continue
			}
			require.ErrorIs(t, err, ErrNoTable, "guess %d", i)
			break
		}
		if clock.Now().Equal(start) {
			atOnce++
		}
	}
	took := clock.Now().Sub(start)
	require.Equal(t, DefaultGuessBurst, atOnce, "guesses answered at once")
	require.Equal(t, time.Duration(10_000-DefaultGuessBurst)*DefaultGuessEvery, took)
	space := time.Duration(CodeSpace-DefaultGuessBurst) * DefaultGuessEvery
	t.Logf("10,000 guesses from one address: %d answered at once, %d refused, %s in all (%.1f h); the %d codes: %.1f days",
		atOnce, refused, took, took.Hours(), CodeSpace, space.Hours()/24)

	// Out of guesses, even a right code waits (a wait that came only
	// for wrong ones would tell them apart); a right code costs another
	// seeker nothing.
	tb2, err := h.Open(Player{ID: "b", Name: "Bob"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 6})
	require.NoError(t, err)
	_, err = h.Lookup(who, tb2.Code())
	var tm *TooManyGuessesError
	require.ErrorAs(t, err, &tm, "the guesser, with the right code")
	for range 3 * DefaultGuessBurst {
		got, err := h.Lookup(Seeker{ID: "k9", Addr: "198.51.100.1"}, tb2.Code())
		require.NoError(t, err)
		require.Equal(t, tb2, got)
	}
	// Another key from the same address, and the same key elsewhere,
	// wait with the rest.
	_, err = h.Lookup(Seeker{ID: "k2", Addr: who.Addr}, codes[1])
	require.ErrorAs(t, err, &tm, "a new key from the guessing address")
	_, err = h.Lookup(Seeker{ID: who.ID, Addr: "203.0.113.9"}, codes[1])
	require.ErrorAs(t, err, &tm, "the guessing key from another address")
	// A text that is no code is refused and costs nothing.
	_, err = h.Lookup(Seeker{Addr: "203.0.113.10"}, "../../etc/passwd")
	require.ErrorIs(t, err, ErrBadCode)
	require.Contains(t, tm.Error(), "try again in")
}

// TestGuessesForgotten: the buckets of addresses that stopped guessing
// are swept, so a flood of addresses holds no memory.
func TestGuessesForgotten(t *testing.T) {
	g := newGuesses(GuessLimit{}, t0)
	for i := range 100_000 {
		now := t0.Add(time.Duration(i) * time.Second)
		g.Charge(now, fmt.Sprint("addr ", i))
	}
	require.Less(t, g.Len(), 1000, "buckets kept")
}

// TestTableRoom: each table has its own room of the hall's hub, closed
// when the hall forgets the table.
func TestTableRoom(t *testing.T) {
	hub, err := chat.New(chat.Config{Now: func() time.Time { return t0 }})
	require.NoError(t, err)
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.Chat = hub
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 5)
	other, err := h.Open(Player{ID: "b", Name: "Bob"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Random, Seed: 6})
	require.NoError(t, err)
	require.NotNil(t, tb.Room())
	require.NotSame(t, tb.Room(), other.Room())
	_, err = tb.Room().Say(chat.Sender{Key: "a", Name: "Ann"}, "hi")
	require.NoError(t, err)
	require.Empty(t, other.Room().History("b").Lines, "a line stays at its table")
	ann := join(t, tb, "a", "Ann", 1)
	ann.leave() // the host leaves before the start: the table closes
	_, err = tb.Room().Say(chat.Sender{Key: "a", Name: "Ann"}, "bye")
	require.ErrorIs(t, err, chat.ErrClosed)
}

// TestAgainAtTable: two people finish a game at a table, both say
// again, and the next game starts at the same table: listed again, its
// log written again naming the game before, filed into both histories
// once over.
func TestAgainAtTable(t *testing.T) {
	dir := t.TempDir()
	hist := &memHistory{}
	rec := &recorder{}
	cfg := testConfig(dir, hist, clocktest.New(t0))
	cfg.Record = rec.record
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 7)
	ann, bob := annAndBob(t, tb)
	c := newCrowd(t, ann, bob)
	c.toFiled()
	for _, p := range []*person{ann, bob} {
		s := p.port().Snapshot()
		require.True(t, s.Can.Again)
		require.NoError(t, p.port().Again(s.Gen))
	}
	// (Polled: the crowd's goroutines read the port's ticks.)
	eventually(t, "the next game", func() bool { s := ann.port().Snapshot(); return s.Game == 2 && s.HasDeal })
	next := ann.port().Snapshot()
	require.NotEmpty(t, next.RematchOf)
	eventually(t, "the table listed again", func() bool { _, err := h.Find(tb.Code()); return err == nil })
	// Nobody moves while the save is awaited: a crowd playing on could
	// end the short game and file it, which removes the save, before a
	// loaded machine's writer had shown it.
	eventually(t, "a save of the next game", func() bool {
		l, err := gamelog.ReadFile(filepath.Join(dir, tb.Code(), "current.klob"))
		return err == nil && l.Header.Tag(host.RematchTag) != "" && l.Header.Tag(tagTable) == tb.Code()
	})
	// The next game's log says its own seed, not the first game's (shown
	// to all at its end): resumed, its decks come from the fresh one.
	first := hist.log("a", 0).Header.Tag(session.SeedTag)
	l, err := gamelog.ReadFile(filepath.Join(dir, tb.Code(), "current.klob"))
	require.NoError(t, err)
	require.NotEmpty(t, first)
	require.NotEqual(t, first, l.Header.Tag(session.SeedTag), "the next game is logged with the first game's seed")
	c.run("the next game's end, filed", func() bool {
		s := ann.port().Snapshot()
		return s.Game == 2 && s.Save.Filed && bob.port().Snapshot().Save.Filed
	})
	require.Equal(t, 2, hist.count("a"))
	require.Equal(t, 2, hist.count("b"))
	require.Equal(t, 2, rec.recorded(), "the club's database records (and rates) both games")
	// The next game names the game before by the checksum of the copy
	// the histories hold (the table's tags added), which is how the
	// club's database knows it: else the rematch's link is lost.
	firstSum, err := host.SumLog(hist.log("a", 0))
	require.NoError(t, err)
	require.Equal(t, firstSum, hist.log("a", 1).Header.Tag(host.RematchTag), "the game before, as filed")
}

// playedTable is a table of two where Ann and Bob have played a game to
// its end, filed.
func playedTable(t *testing.T) (*Hall, *Table, *person, *person) {
	t.Helper()
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	tb := annOpens(t, h, 2, smallRules(), 7)
	ann, bob := annAndBob(t, tb)
	newCrowd(t, ann, bob).toFiled()
	return h, tb, ann, bob
}

// TestAgainAfterStepOut: Bob goes to the lobby from a finished game
// while Ann waits to play again: the table stays in his list (game
// over, his seat) so that he can come back and say again too; it
// leaves the list once nobody is at it.
func TestAgainAfterStepOut(t *testing.T) {
	h, tb, ann, bob := playedTable(t)
	s := ann.port().Snapshot()
	require.NoError(t, ann.port().Again(s.Gen))
	bob.leave()
	list := h.List("b")
	require.Len(t, list, 1, "Bob's table, its game over, is in his list")
	assert.True(t, list[0].Yours)
	assert.True(t, list[0].Over)
	assert.Empty(t, h.List("c"), "nobody else may join a finished table")
	assert.Empty(t, h.Watchable("c"), "nor watch it")
	back := join(t, tb, "b", "Bob", 3)
	s = back.port().Snapshot()
	require.True(t, s.Can.Again, "Bob is back at the game's end")
	require.NoError(t, back.port().Again(s.Gen))
	eventually(t, "the next game", func() bool { s := ann.port().Snapshot(); return s.Game == 2 && s.HasDeal })
	// (Polled: the new game's files reopen the table as they are first
	// written.)
	eventually(t, "the next game listed", func() bool { l := h.List("b"); return len(l) == 1 && !l[0].Over })
}

// TestFinishedTableLeavesWithItsPeople: a finished game's table leaves
// the list once its last person has left it.
func TestFinishedTableLeavesWithItsPeople(t *testing.T) {
	h, tb, ann, bob := playedTable(t)
	ann.leave()
	_, err := h.Find(tb.Code())
	require.NoError(t, err, "Bob is still at the table")
	bob.leave()
	_, err = h.Find(tb.Code())
	require.ErrorIs(t, err, ErrNoTable, "a finished table nobody is at leaves the list")
}

// TestAgainKeptByANewConnection: Ann says again, then sits down at the
// finished game from another connection of hers. The old one is told it
// has left the seat and can say nothing for it any more, even when it
// goes; her "again" stays with the seat, so Bob's starts the next game
// with her new connection.
func TestAgainKeptByANewConnection(t *testing.T) {
	_, tb, ann, bob := playedTable(t)
	s := ann.port().Snapshot()
	require.NoError(t, ann.port().Again(s.Gen))
	old := ann.port()
	again := join(t, tb, "a", "Ann", 3)
	require.True(t, ann.conn.Waiting().Kicked, "the old connection is told")
	require.True(t, old.Snapshot().Kicked, "the old connection's game is told")
	require.False(t, old.Snapshot().Can.Again)
	require.Error(t, old.Again(old.Snapshot().Gen), "the old connection says nothing for the seat")
	ann.leave() // the old connection goes back to the lobby
	s = again.port().Snapshot()
	require.False(t, s.Kicked)
	require.True(t, s.Players[0].Again, "Ann's again is kept for her new connection")
	s = bob.port().Snapshot()
	require.True(t, s.Players[0].Again, "Bob reads Ann's again")
	require.NoError(t, bob.port().Again(s.Gen))
	eventually(t, "the next game", func() bool { s := again.port().Snapshot(); return s.Game == 2 && s.HasDeal })
}

// TestSpectatorRunsNoGrace: the seats of the people away wait for them
// while only spectators are at the table, after a restart as after
// everyone dropped: a grace runs only with a person seated there, and
// each person away gets a whole one from when somebody seated comes.
func TestSpectatorRunsNoGrace(t *testing.T) {
	for _, restart := range []bool{true, false} {
		t.Run(fmt.Sprint("restart=", restart), func(t *testing.T) {
			d := newOnDisk(t)
			h := d.hall(t)
			tb := annOpens(t, h, 2, rules.DefaultOptions(), 5)
			ann, bob := annAndBob(t, tb)
			firstDeal(t, ann.port())
			if restart {
				h.Close()
				_, tb = d.restart(t, tb.Code())
			} else {
				ann.leave()
				bob.leave()
			}
			zed, err := tb.Watch(Player{ID: "z", Name: "Zed"})
			require.NoError(t, err)
			s := await(t, zed, "the spectator's snapshot", func(s host.Snapshot) bool { return s.HasDeal })
			for i, p := range s.Players {
				assert.Equal(t, host.SeatAway, p.State, "seat %d", i)
				assert.True(t, p.Until.IsZero(), "seat %d's grace runs for a spectator: until %v", i, p.Until)
			}
			d.clock.Advance(10 * time.Minute) // ten graces, less than Abandon

			ann = join(t, tb, "a", "Ann", 3)
			s = await(t, ann.port(), "Ann back", func(s host.Snapshot) bool { return s.Players[0].State == host.SeatHere })
			assert.Equal(t, host.SeatAway, s.Players[1].State, "Bob's seat after ten minutes watched")
			assert.Equal(t, d.clock.Now().Add(time.Minute), s.Players[1].Until, "Bob's grace from Ann's coming")
			zed.Leave()
		})
	}
}

// TestQuietWhileADealIsPlayed: a table of three or four whose rated
// game plays a deal is quiet for the people holding its seats and its
// spectators (Quiet names it), and stays so while its people are all
// away: the game waits in the middle of the deal. A table of two is
// never quiet, nor is anyone not seated nor watching.
func TestQuietWhileADealIsPlayed(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
		o := smallRules()
		o.Players = seats
		tb := annOpens(t, h, seats, o, 1)
		ann, bob := annAndBob(t, tb)
		require.True(t, tb.Rated())
		cid, err := tb.Watch(Player{ID: "c", Name: "cid"})
		require.NoError(t, err)
		await(t, ann.port(), "a deal played", QuietDeal)
		want := ""
		if seats >= 3 {
			want = tb.Code()
		}
		quiet := func(id string, how QuietHow) {
			t.Helper()
			code, got := h.Quiet(id)
			assert.Equal(t, want, code, "%d seats: %s", seats, id)
			if want == "" {
				how = QuietNone
			}
			assert.Equal(t, how, got, "%d seats: how %s is quiet", seats, id)
		}
		quiet("a", QuietSeat)
		quiet("b", QuietSeat)
		quiet("c", QuietWatch)
		code, _ := h.Quiet("x")
		assert.Equal(t, "", code, "%d seats: neither seated nor watching", seats)
		cid.Leave()
		quiet("c", QuietSaw) // watched the deal played: quiet until it ends (TestQuietAfterWatching)
		// One person left at the table keeps the deal played: the
		// other, away, stays quiet; once nobody is there the deal waits
		// unfinished, and its people stay quiet.
		ann.conn.Drop()
		quiet("a", QuietSeat)
		bob.conn.Drop()
		quiet("a", QuietSeat)
		quiet("b", QuietSeat)
	}
}

// TestQuietWhileDeserted: the people of a rated table of three or four
// who all step out to the lobby in the middle of a deal stay quiet
// (Quiet, which the lobby's talk asks), until the table is abandoned
// for nobody coming back, or they come back and the deal ends: they may
// then talk, and leaving once the game is over keeps nobody quiet.
func TestQuietWhileDeserted(t *testing.T) {
	for _, seats := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d seats abandoned", seats), func(t *testing.T) {
			clock := clocktest.New(t0)
			cfg := testConfig(t.TempDir(), &memHistory{}, clock)
			cfg.Abandon = time.Hour
			h := newHall(t, cfg)
			tb, ann, bob := ratedDealPlayed(t, h, seats)
			ann.leave()
			bob.leave()
			quietAt(t, h, tb.Code(), "a", "b")
			clock.Advance(cfg.Abandon - time.Minute)
			quietAt(t, h, tb.Code(), "a", "b")
			clock.Advance(time.Minute) // an hour with nobody at the table
			eventually(t, "the table abandoned", func() bool { return !tb.Quiet() })
			quietAt(t, h, "", "a", "b")
		})
		t.Run(fmt.Sprintf("%d seats back", seats), func(t *testing.T) {
			h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
			tb, ann, bob := ratedDealPlayed(t, h, seats)
			ann.leave()
			bob.leave()
			quietAt(t, h, tb.Code(), "a", "b")
			ann, bob = join(t, tb, "a", "Ann", 3), join(t, tb, "b", "Bob", 4)
			quietAt(t, h, tb.Code(), "a", "b")
			play := newCrowd(t, ann, bob)
			play.run("the deal's end", func() bool { return !QuietDeal(ann.port().Snapshot()) })
			quietAt(t, h, "", "a", "b")
			play.run("the game's end", func() bool { return ann.port().Snapshot().Over })
			ann.leave()
			bob.leave()
			quietAt(t, h, "", "a", "b")
		})
	}
}

// ratedDealPlayed has Ann and Bob start a rated game of seats on h, to
// the default target (several deals), and waits until its first deal
// is being played.
func ratedDealPlayed(t *testing.T, h *Hall, seats int) (*Table, *person, *person) {
	t.Helper()
	o := rules.DefaultOptions()
	o.Players = seats
	tb := annOpens(t, h, seats, o, 1)
	ann, bob := annAndBob(t, tb)
	require.True(t, tb.Rated())
	await(t, ann.port(), "a deal played", QuietDeal)
	return tb, ann, bob
}

// quietAt checks that Quiet names code ("" for none) for each of ids.
func quietAt(t *testing.T, h *Hall, code string, ids ...string) {
	t.Helper()
	for _, id := range ids {
		got, how := h.Quiet(id)
		assert.Equal(t, code, got, "%s's quiet table", id)
		if code != "" {
			assert.Equal(t, QuietSeat, how, id)
		}
	}
}

// TestDesertedNotWatchable: a started game nobody is connected to (its
// people's connections cut, the seats waiting for them) stands still:
// it is not offered to watch, nor counted as played, but its people
// still find it among theirs; someone back, it is offered again.
func TestDesertedNotWatchable(t *testing.T) {
	h := newOnDisk(t).hall(t)
	tb := annOpens(t, h, 3, rules.DefaultOptions(), 5)
	ann, bob := join(t, tb, "a", "Ann", 1), join(t, tb, "b", "Bob", 2)
	require.NoError(t, ann.conn.Start())
	firstDeal(t, ann.port())
	require.Len(t, h.Watchable("z"), 1)
	ann.conn.Drop()
	bob.conn.Drop()
	require.Empty(t, h.Watchable("z"), "a deserted game offered to watch")
	require.Len(t, h.Watchable("a"), 1, "Ann's own table, deserted")
	_, err := tb.Join(Player{ID: "b", Name: "Bob"})
	require.NoError(t, err)
	require.Len(t, h.Watchable("z"), 1, "Bob back: offered to watch again")
}

// TestPausedListedToWatch: a game whose people are all away, left out
// of Watchable (it is not being played), is among the Paused tables,
// which the watch list shows marked, since its code opens it to watch
// anyway; neither its people's (theirs are in Watchable) nor a private
// one; someone back, it is Watchable again and no longer Paused. At
// every seat count.
func TestPausedListedToWatch(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := newOnDisk(t).hall(t)
		tb := annOpens(t, h, n, rules.DefaultOptions(), 5)
		ann, bob := annAndBob(t, tb)
		firstDeal(t, ann.port())
		require.Empty(t, h.Paused("z"), "a game played is paused")
		ann.conn.Drop()
		bob.conn.Drop()
		require.Empty(t, h.Watchable("z"))
		paused := h.Paused("z")
		require.Len(t, paused, 1, "a paused game missing from the list its code watches")
		assert.Equal(t, tb.Code(), paused[0].Code)
		assert.True(t, paused[0].Paused)
		assert.Empty(t, h.Paused("a"), "Ann's own table is Watchable's")
		assert.Equal(t, 1, h.ToWatch("z"), "a paused game is counted to watch")
		assert.Equal(t, 0, h.ToWatch("a"), "her own game is not one to watch")
		w, err := tb.Watch(Player{ID: "z", Name: "Zed"})
		require.NoError(t, err, "the code watches what the list shows")
		w.Leave()

		_, err = tb.Join(Player{ID: "b", Name: "Bob"})
		require.NoError(t, err)
		assert.Empty(t, h.Paused("z"), "Bob back: the game goes on")
		require.Len(t, h.Watchable("z"), 1)
		assert.False(t, h.Watchable("z")[0].Paused)
		assert.Equal(t, 1, h.ToWatch("z"), "a game played is counted to watch")
		assert.Equal(t, 0, h.ToWatch("a"))
	})
}

// TestPausedStandsStill: a table whose people are all away is paused
// for its spectators too: a bot whose turn it is makes no move however
// long they watch, nor is the next deal dealt, and the game goes on
// where it stood once a person comes back. Ann alone with bots at
// every seat count, the bots' moves paced on the table's clock, so that
// the game stands at a bot's turn when she drops; then at the deal's
// end, which her dropping would deal on at once for the spectator.
func TestPausedStandsStill(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(t0)
		cfg := testConfig(t.TempDir(), &memHistory{}, clock)
		cfg.Pace = time.Second
		h := newHall(t, cfg)
		tb := annOpens(t, h, n, rules.DefaultOptions(), 5)
		ann := join(t, tb, "a", "Ann", 1)
		require.NoError(t, ann.conn.Start())
		botTurn := func(s host.Snapshot) bool {
			return s.HasDeal && !s.Between && !s.Over && s.View.Turn != rules.NoSeat && s.View.Turn != s.Seat
		}
		var s host.Snapshot
		for {
			s = await(t, ann.port(), "Ann's decision or a bot's turn", func(s host.Snapshot) bool { return s.Can.Act || botTurn(s) })
			if !s.Can.Act {
				break
			}
			require.True(t, ann.step(s))
		}
		turn := s.View.Turn
		ann.conn.Drop()

		zed, err := tb.Watch(Player{ID: "z", Name: "Zed"})
		require.NoError(t, err)
		w := zed.Snapshot()
		require.True(t, tablePaused(w), "every person away, the table is not paused")
		for range 10 {
			clock.Advance(cfg.Pace)
		}
		_, _ = tb.HiddenFrom(rules.NoSeat) // the host's loop has taken every event posted
		w2 := zed.Snapshot()
		assert.Equal(t, w.Gen, w2.Gen, "the game moved while paused")
		assert.Equal(t, len(w.Moves), len(w2.Moves), "a bot moved while paused")
		assert.Equal(t, rules.NoSeat, w2.Thinking, "a bot thinks at a paused table")

		// Back, Ann sees the bot's move she left it to make, and plays
		// on (the clock paces the bots) to the deal's end.
		ann = join(t, tb, "a", "Ann", 2)
		on := await(t, zed, "the bot's move once Ann is back", func(x host.Snapshot) bool { return x.Gen > w.Gen })
		assert.Equal(t, turn, on.Moves[len(w.Moves)].Seat, "the game went on from the bot's turn it stood at")
		end := await(t, ann.port(), "the deal's end", func(s host.Snapshot) bool {
			if s.Between || s.Over {
				return true
			}
			if !ann.step(s) {
				clock.Advance(cfg.Pace)
			}
			return false
		})
		if end.Over {
			t.Fatal("the game ended with its first deal")
		}
		ann.conn.Drop()
		w = zed.Snapshot()
		assert.True(t, w.Between, "the next deal was dealt while paused")
		assert.Equal(t, end.DealNo, w.DealNo, "the next deal was dealt while paused")
		assert.Equal(t, rules.NoSeat, w.Thinking, "a bot thinks at a paused table")
		zed.Leave()
	})
}

// tablePaused says sn shows a game whose people are all away.
func tablePaused(sn host.Snapshot) bool {
	for _, p := range sn.Players {
		if p.Human && p.State != host.SeatAway {
			return false
		}
	}
	return !sn.Over
}

// TestQuietAfterWatching: a spectator who leaves a rated table of three
// or four in the middle of a deal saw its play, and stays quiet until
// that deal ends, as its players do; Quiet names the table, and says
// they saw its deal rather than watch it. The next deal,
// which they did not see, keeps them quiet no more.
func TestQuietAfterWatching(t *testing.T) {
	for _, seats := range []int{3, 4} {
		h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
		tb, ann, bob := ratedDealPlayed(t, h, seats)
		cid, err := tb.Watch(Player{ID: "c", Name: "cid"})
		require.NoError(t, err)
		code, how := h.Quiet("c")
		assert.Equal(t, tb.Code(), code, "%d seats: the spectator", seats)
		assert.Equal(t, QuietWatch, how, "%d seats: the spectator", seats)
		cid.Leave()
		code, how = h.Quiet("c")
		assert.Equal(t, tb.Code(), code, "%d seats: the spectator who left mid-deal", seats)
		assert.Equal(t, QuietSaw, how, "%d seats: the spectator who left mid-deal", seats)

		// The crowd takes the deal's end and the next deal's start in
		// one round: the next deal, quiet for its players, is not the
		// one cid watched.
		first := ann.port().Snapshot().DealNo
		play := newCrowd(t, ann, bob)
		play.run("the next deal", func() bool {
			sn := ann.port().Snapshot()
			return sn.DealNo > first && QuietDeal(sn) || sn.Over
		})
		if !ann.port().Snapshot().Over {
			quietAt(t, h, tb.Code(), "a", "b")
		}
		code, _ = h.Quiet("c")
		assert.Equal(t, "", code, "%d seats: the deal watched is over", seats)
	}
}

// TestWatchersCapped: a table watched by Config.MaxWatchers refuses one
// more spectator, saying so with the table's code and its most; once
// one leaves, another comes. Its players are never refused: Bob drops
// from his seat and comes back while it is full.
func TestWatchersCapped(t *testing.T) {
	cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
	cfg.MaxWatchers = 3
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 21)
	_, bob := annAndBob(t, tb)
	var ports []host.Port
	for i := range 3 {
		p, err := tb.WatchFrom(Player{ID: fmt.Sprintf("w%d", i), Name: "Wat"}, "192.0.2.1")
		require.NoError(t, err)
		ports = append(ports, p)
	}
	_, err := tb.WatchFrom(Player{ID: "w3", Name: "Wat"}, "192.0.2.2")
	var full *TooManyWatchersError
	require.True(t, errors.As(err, &full), "a fourth spectator: %v", err)
	require.Equal(t, "table "+tb.Code()+" has 3 spectators: no room to watch", err.Error())

	bob.conn.Drop()
	back := join(t, tb, "b", "Bob", 3)
	require.NotNil(t, back.port(), "Bob back at his seat while the table is full")
	_, err = tb.Watch(Player{ID: "a", Name: "Ann"})
	require.ErrorIs(t, err, ErrSeated, "a player is told of their seat, not of the spectators")

	ports[0].Leave()
	p, err := tb.WatchFrom(Player{ID: "w3", Name: "Wat"}, "192.0.2.2")
	require.NoError(t, err, "a place came free")
	p.Leave()
	for _, p := range ports[1:] {
		p.Leave()
	}
}

// TestWatchersDefault: without Config.MaxWatchers a table takes
// DefaultMaxWatchers spectators, and no more.
func TestWatchersDefault(t *testing.T) {
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0)))
	tb := annOpens(t, h, 2, smallRules(), 22)
	annAndBob(t, tb)
	for i := range DefaultMaxWatchers {
		p, err := tb.Watch(Player{ID: fmt.Sprintf("w%d", i), Name: "Wat"})
		require.NoError(t, err)
		defer p.Leave()
	}
	_, err := tb.Watch(Player{ID: "one more", Name: "Wat"})
	var full *TooManyWatchersError
	require.True(t, errors.As(err, &full), "spectator %d: %v", DefaultMaxWatchers+1, err)
}

// TestWatchLinesBounded: the lines of spectators coming are bounded per
// address as the lines of seats are: an address that comes to watch
// over and over has its first lines logged, the rest counted in one
// line as the minute ends; another address's line is logged still.
func TestWatchLinesBounded(t *testing.T) {
	logs := &testkit.LogLines{}
	clock := clocktest.New(t0)
	cfg := testConfig(t.TempDir(), &memHistory{}, clock)
	cfg.Logf = logs.Logf
	h := newHall(t, cfg)
	tb := annOpens(t, h, 2, smallRules(), 23)
	annAndBob(t, tb)
	const times = 12
	for range times {
		p, err := tb.WatchFrom(Player{ID: "eve", Name: "eve"}, "192.0.2.1")
		require.NoError(t, err)
		p.Leave()
	}
	p, err := tb.WatchFrom(Player{ID: "fay", Name: "fay"}, "192.0.2.2")
	require.NoError(t, err)
	defer p.Leave()
	watches := func() int { return strings.Count(logs.String(), "watches") }
	require.Equal(t, kindWatch.Most+1, watches(), logs.String())
	clock.Advance(quietlog.Window + time.Second)
	want := fmt.Sprintf("%d more spectators from 192.0.2.1 came to watch a table in the last minute", times-kindWatch.Most)
	eventually(t, "the summary line", func() bool { return strings.Contains(logs.String(), want) })
	require.Contains(t, logs.String(), `table `+tb.Code()+`: "fay" #`)
}

// TestAgainWithABotForTheOneWhoLeft: at every seat count, the table's
// host (Ann) leaves a finished game for the lobby while the others stay.
// They may start the next game with a bot of the table's level in her
// seat once all of them have said again; until then the table stays in
// her list and she may come back to her seat. Once it starts, the seat
// is the bot's: she cannot take it back, the table is no longer hers,
// she reads why when her lobby opens, and the next game is filed in the
// others' histories, not hers.
func TestAgainWithABotForTheOneWhoLeft(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		hist := &memHistory{}
		clock := clocktest.New(t0)
		h := newHall(t, testConfig(dir, hist, clock))
		tb := annOpens(t, h, n, smallRules(), 11)
		all := seatAll(t, tb, n)
		ann, bob, stay := all[0], all[1], all[1:]
		newCrowd(t, append([]*person{ann}, stay...)...).toFiled()

		// Her connection is cut (Drop): the seat is hers a while.
		ann.gone = true
		ann.conn.Drop()
		for _, p := range stay {
			s := await(t, p.port(), "Ann away", func(s host.Snapshot) bool { return s.Players[0].State == host.SeatAway })
			require.False(t, s.Can.AgainWithBots, "offered at seat %v before everyone said again", p.conn.Seat())
			require.NoError(t, p.port().Again(s.Gen))
		}
		// Her seat is hers a while yet (host.Config.OverWait).
		clock.Advance(host.DefaultOverWait)
		s := await(t, bob.port(), "again with a bot offered", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.Equal(t, 1, s.Game)
		list := h.List("a")
		require.Len(t, list, 1, "the finished table is in Ann's list")
		require.True(t, list[0].Yours)

		// Ann may come back to her seat until the next game starts.
		back := join(t, tb, "a", "Ann", 4)
		require.True(t, back.port().Snapshot().Can.Again, "Ann is back at the game's end")
		require.False(t, await(t, bob.port(), "Ann back", func(s host.Snapshot) bool {
			return s.Players[0].State == host.SeatHere
		}).Can.AgainWithBots, "offered with Ann back")
		// Leaving by choice (q) she is not waited for.
		back.leave()

		s = await(t, bob.port(), "Ann away again", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.NoError(t, bob.port().AgainWithBots(s.Gen))
		next := await(t, bob.port(), "the next game", func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })
		require.Equal(t, host.SeatInfo{Name: BotName(n, 0), State: host.SeatBot, Level: ai.Random, Ready: true}, next.Players[0])

		// The table lets Ann's seat go as the next game's files are
		// first written.
		eventually(t, "Ann's seat let go", func() bool {
			return !slices.ContainsFunc(h.List("a"), func(in Info) bool { return in.Yours })
		})
		_, err := tb.Join(Player{ID: "a", Name: "Ann"})
		require.ErrorIs(t, err, ErrStarted)
		require.Contains(t, h.Notice("a"), "Table "+tb.Code()+" started its next game without you")
		l, err := gamelog.ReadFile(filepath.Join(dir, tb.Code(), "current.klob"))
		require.NoError(t, err)
		require.Empty(t, l.Header.Key(0), "the bot's seat holds Ann's key")
		require.Equal(t, "b", l.Header.Key(1))
		require.Equal(t, string(ai.Random), l.Header.Level(0))
		require.NotEmpty(t, l.Header.Tag(host.RematchTag))

		newCrowd(t, stay...).run("the next game's end, filed", func() bool {
			s := bob.port().Snapshot()
			return s.Game == 2 && s.Save.Filed
		})
		require.Equal(t, 1, hist.count("a"), "the game Ann did not play is in her history")
		require.Equal(t, 2, hist.count("b"))
		filed := hist.log("b", 1)
		require.Empty(t, filed.Header.Key(rules.SeatA))
		require.True(t, strings.HasPrefix(filed.Header.Name(rules.SeatA), "Bot"), filed.Header.Name(rules.SeatA))
	})
}

// TestNoAgainLetsTheSeatGo: at every seat count, Bob says no to another
// game at the end of the first and stays at its end. The others say
// again and start the next game with a bot in his seat: his port and his
// connection end, the seat holds neither him nor his connection (the
// table counts nobody of his here), the table leaves his list, and he
// reads why in the lobby. His leaving after it changes nothing, and he
// may watch the game his seat goes on in, the table's one place for a
// spectator taken (Config.MaxWatchers).
func TestNoAgainLetsTheSeatGo(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
		cfg.MaxWatchers = 1
		h := newHall(t, cfg)
		tb := annOpens(t, h, n, smallRules(), 12)
		all := seatAll(t, tb, n)
		ann, bob := all[0], all[1]
		stay := append([]*person{ann}, all[2:]...)
		w, err := tb.Watch(Player{ID: "w", Name: "Wat"})
		require.NoError(t, err)
		defer w.Leave()
		newCrowd(t, append([]*person{bob}, stay...)...).toFiled()

		require.NoError(t, bob.port().NoAgain(bob.port().Snapshot().Gen))
		for _, p := range stay {
			s := await(t, p.port(), "Bob's no", func(s host.Snapshot) bool { return s.Players[1].No })
			require.NoError(t, p.port().Again(s.Gen))
		}
		s := await(t, ann.port(), "again with a bot offered", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.Equal(t, 1, s.Game)
		require.NoError(t, ann.port().AgainWithBots(s.Gen))
		await(t, ann.port(), "the next game", func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })

		port := bob.port()
		for range port.Updates() {
		}
		require.True(t, port.Snapshot().Closed, "Bob's port is not closed")
		eventually(t, "Bob's connection let go", func() bool {
			select {
			case _, ok := <-bob.conn.Updates():
				return !ok
			default:
				return false
			}
		})
		tb.mu.Lock()
		seat := *tb.seats[1]
		tb.mu.Unlock()
		require.Nil(t, seat.conn, "Bob's connection holds the bot's seat")
		require.Empty(t, seat.player.ID, "Bob holds the bot's seat")
		require.False(t, slices.ContainsFunc(h.List("b"), func(in Info) bool { return in.Code == tb.Code() }), "the table is in Bob's list")
		require.Contains(t, h.Notice("b"), "Table "+tb.Code()+" started its next game without you")
		bob.leave()
		tb.mu.Lock()
		require.False(t, tb.seats[1].leftOver)
		tb.mu.Unlock()
		_, err = tb.Watch(Player{ID: "z", Name: "Zed"})
		require.Error(t, err, "the table's one place for a spectator is taken")
		bw, err := tb.Watch(Player{ID: "b", Name: "Bob"})
		require.NoError(t, err, "Bob, whose seat a bot took, is refused the game")
		_, err = tb.Watch(Player{ID: "b", Name: "Bob"})
		require.Error(t, err, "Bob watches past the cap from a second connection")
		bw.Leave()
		bw, err = tb.Watch(Player{ID: "b", Name: "Bob"})
		require.NoError(t, err, "Bob, gone from watching, is refused coming back")
		bw.Leave()
	})
}

// TestHintsWhenAgainLeavesOneSide: at every seat count, the first game
// is rated (people on two sides or more) and refuses hints. Everyone
// but Ann says no to another, and she starts the next with bots in
// their seats: a game of her side alone against bots, which changes no
// rating, gives hints as any such game does. The server's log says
// they hold their seats no more, "holds" for one.
func TestHintsWhenAgainLeavesOneSide(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		logs := &testkit.LogLines{}
		cfg := testConfig(t.TempDir(), &memHistory{}, clocktest.New(t0))
		cfg.Logf = logs.Logf
		h := newHall(t, cfg)
		tb := annOpens(t, h, n, smallRules(), 13)
		all := seatAll(t, tb, n)
		ann, others := all[0], all[1:]
		s := firstDeal(t, ann.port())
		require.True(t, s.NoHints, "the rated game gives hints")
		require.ErrorIs(t, ann.port().Hint(s.Gen), host.ErrNoHints)
		newCrowd(t, append([]*person{ann}, others...)...).toFiled()

		for _, p := range others {
			require.NoError(t, p.port().NoAgain(p.port().Snapshot().Gen))
		}
		s = await(t, ann.port(), "the others' no", func(s host.Snapshot) bool {
			return !slices.ContainsFunc(s.Players[1:], func(p host.SeatInfo) bool { return p.Human && !p.No })
		})
		require.NoError(t, ann.port().Again(s.Gen))
		s = await(t, ann.port(), "again with bots offered", func(s host.Snapshot) bool { return s.Can.AgainWithBots })
		require.NoError(t, ann.port().AgainWithBots(s.Gen))
		s = await(t, ann.port(), "the next game's first deal", func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal })
		require.False(t, s.NoHints, "a game of one side against bots refuses hints")
		require.NotErrorIs(t, ann.port().Hint(s.Gen), host.ErrNoHints)

		who := []string{Who(Player{ID: "b", Name: "Bob"})}
		if n > 2 {
			who = append(who, Who(Player{ID: "c", Name: "Cid"}))
		}
		line := strings.Join(who, ", ") + " holds the seat no more: a bot plays it"
		if len(others) > 1 {
			line = strings.Join(who, ", ") + " hold their seats no more: bots play them"
		}
		eventually(t, "the seats let go, logged", func() bool { return strings.Contains(logs.String(), line) })
	})
}

// TestTalkNotKeptSaysSoAtRestart: a table's talk is not kept across a
// restart (its lines are never written): every table back, a waiting
// room or a game under way, at every seat count, begins its talk by
// saying so, once, rather than read as if nothing had been said. Many
// tables back at once each say it (no rate of one sender holds it
// back). The line is marked with where the game stands as it comes
// back (none started: the zero Place), so that a spectator who comes
// later reads it before what was said since, as those there did.
func TestTalkNotKeptSaysSoAtRestart(t *testing.T) {
	newHub := func() *chat.Hub {
		hub, err := chat.New(chat.Config{Now: func() time.Time { return t0 }})
		require.NoError(t, err)
		return hub
	}
	d := newOnDisk(t)
	cfg := testConfig(d.dir, d.hist, d.clock)
	cfg.Chat = newHub()
	h := newHall(t, cfg)
	var codes []string
	started := map[string]bool{}
	for i := range 9 {
		n := 2 + i%3
		id := fmt.Sprintf("%032x", i+1)
		tb, err := h.Open(Player{ID: id, Name: fmt.Sprint("p", i)}, Options{Seats: n, Rules: smallRules(), Level: ai.Random, Seed: uint64(i)})
		require.NoError(t, err)
		p := join(t, tb, id, fmt.Sprint("p", i), uint64(i))
		if i%2 == 0 {
			require.NoError(t, p.conn.Start())
			firstDeal(t, p.port())
			started[tb.Code()] = true
		}
		_, err = tb.Room().Say(chat.Sender{Key: id, Name: fmt.Sprint("p", i)}, "hello")
		require.NoError(t, err)
		codes = append(codes, tb.Code())
	}
	h.Stopping()
	h.Close()

	cfg.Chat = newHub()
	h2 := newHall(t, cfg)
	for _, code := range codes {
		tb, err := h2.Find(code)
		require.NoError(t, err)
		lines := tb.Room().History("someone").Lines
		require.Len(t, lines, 1, code)
		assert.Equal(t, restartedLine, lines[0].Text, code)
		assert.Equal(t, restartedName, lines[0].Name, code)
		at, ok := tb.Placed(lines[0].Seq)
		require.True(t, ok, "%s: the line has no place mark", code)
		var want host.Place
		if started[code] {
			tb.mu.Lock()
			g := tb.game
			tb.mu.Unlock()
			require.NotNil(t, g, code)
			want = g.Place()
			require.Positive(t, want.Deal, "%s: the game back stands in no deal", code)
		}
		assert.Equal(t, want, at, "%s (%d seats)", code, len(tb.seats))
	}
}
