package tourney

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestClubTournament: at every seat count a player creates a
// tournament, two enter and play it (one all of it, one part), each sees
// only their own results (par only on the boards they played) while it
// runs; at the end the standings are the matchpoints of what they
// played, with everyone's play and par's lines to replay.
func TestClubTournament(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, n int) {
		ctx := context.Background()
		info, err := f.s.Create(ctx, cy, f.spec(n, 4))
		require.NoError(t, err)
		code := info.Code
		assert.Equal(t, n, info.Players())
		assert.Equal(t, fmt.Sprintf("Tournament %s · %d players", code, n), info.Title())
		assert.Equal(t, fmt.Sprintf("tournament %s for %d players", code, n), info.Named())
		assert.Equal(t, "Cy", info.Host)
		assert.False(t, info.Over)
		_, err = f.s.Play(ctx, ann, code)
		require.ErrorIs(t, err, ErrNotEntered)
		require.NoError(t, f.s.Enter(ctx, ann, code))
		require.NoError(t, f.s.Enter(ctx, bob, code))
		pars := f.waitPars(code)
		require.Len(t, pars, 4)

		f.playAll(ann, code, middle)
		// Bob plays two boards, and begins a third he does not finish.
		for range 2 {
			seat, err := f.s.Play(ctx, bob, code)
			require.NoError(t, err)
			playOut(t, seat, first, nil)
			seat.Leave()
			f.waitRecorded(bob, code, seat.Board)
		}
		seat, err := f.s.Play(ctx, bob, code)
		require.NoError(t, err)
		require.Equal(t, 3, seat.Board)
		playOut(t, seat, first, func(d int) bool { return d >= 1 })
		seat.Leave()

		p, err := f.s.Progress(ctx, bob.Key, code)
		require.NoError(t, err)
		assert.True(t, p.Entered)
		assert.True(t, p.ParReady)
		assert.Equal(t, 3, p.Next)
		assert.Equal(t, 2, p.Played())
		for i, l := range p.Lines {
			switch {
			case i < 2:
				assert.Equal(t, Played, l.State)
				assert.True(t, l.HasPar)
				assert.Equal(t, pars[i], l.Par)
			case i == 2:
				assert.Equal(t, InPlay, l.State)
				assert.False(t, l.HasPar, "no par of a board not played")
			default:
				assert.Equal(t, NotPlayed, l.State)
				assert.False(t, l.HasPar, "no par of a board not played")
			}
		}
		_, err = f.s.Final(ctx, ann.Key, code)
		require.ErrorIs(t, err, ErrNotOver)
		_, err = f.s.PlayLog(ctx, code, ann.Key, 1)
		require.ErrorIs(t, err, ErrNotOver)
		_, err = f.s.ParLog(ctx, code, 1)
		require.ErrorIs(t, err, ErrNotOver)

		f.c.Add(24 * time.Hour)
		_, err = f.s.Play(ctx, bob, code)
		require.ErrorIs(t, err, ErrOver)
		require.ErrorIs(t, f.s.Enter(ctx, cy, code), ErrOver)
		fin, err := f.s.Final(ctx, ann.Key, code)
		require.NoError(t, err)
		assert.Equal(t, 0, fin.Me)
		assert.Equal(t, pars, fin.Pars)
		// The standings are the matchpoints of the results recorded.
		res, err := f.db.Results(ctx, code)
		require.NoError(t, err)
		entries := []duplicate.Entry{{Name: "Ann", Results: map[int]float64{}}, {Name: "Bob", Results: map[int]float64{}}}
		for _, r := range res {
			if r.Finished {
				entries[map[string]int{ann.Key: 0, bob.Key: 1}[r.Key]].Results[r.Board] = r.Result
			}
		}
		assert.Len(t, entries[0].Results, 4)
		assert.Len(t, entries[1].Results, 2)
		want, err := duplicate.Matchpoints(4, entries)
		require.NoError(t, err)
		assert.Equal(t, want.Rows, fin.Standings.Rows)
		assert.True(t, fin.Played(1, 2))
		assert.False(t, fin.Played(1, 3))
		vs, nb := fin.VersusPar(1)
		assert.Equal(t, 2, nb)
		assert.Equal(t, entries[1].Results[1]+entries[1].Results[2]-pars[0]-pars[1], vs)

		// Everyone's play, and par's line, replay to the results.
		set := f.s.cachedSet(code)
		for b := 1; b <= 4; b++ {
			l, err := f.s.PlayLog(ctx, code, ann.Key, b)
			require.NoError(t, err)
			assert.Equal(t, entries[0].Results[b], logResult(t, l, set.Seat))
			pl, err := f.s.ParLog(ctx, code, b)
			require.NoError(t, err)
			assert.Equal(t, pars[b-1], logResult(t, pl, set.Seat))
		}
		_, err = f.s.PlayLog(ctx, code, bob.Key, 3)
		require.EqualError(t, err, "Player Bob did not play board 3")
	})
}

// logResult is the result of seat on the one deal of l.
func logResult(t *testing.T, l *gamelog.Log, seat rules.Seat) float64 {
	t.Helper()
	rp, err := l.Replay()
	require.NoError(t, err)
	require.Len(t, rp.Deals, 1)
	require.True(t, rp.Deals[0].Done)
	sc := rp.Deals[0].Score
	side := int(seat)
	if sc.Players == 4 {
		side &= 1
	}
	return sc.Margin(side)
}

// TestParThroughTheServer: the par the server stores is what the hard
// bot scores in the person's seat: played through the server's own
// board hosts by the hard bot acting as the person, every board ends at
// the stored par. And it is duplicate's par of the same boards, worked
// out by bots of the test's own, not the server's. The hard bot acting
// as the person is one of the test's bots: its decisions on the views
// of duplicate's par are the ones worked out there.
func TestParThroughTheServer(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, n int) {
		ctx := context.Background()
		code := f.create(n, 4)
		pars := f.waitPars(code)
		set := f.s.cachedSet(code)
		fresh := testkit.SharedDecisions(testkit.CheapBots)
		direct, err := set.Pars(ctx, fresh)
		require.NoError(t, err)
		assert.Equal(t, direct, pars)
		require.NoError(t, f.s.Enter(ctx, ann, code))
		for i, b := range set.Boards {
			hard, err := fresh(duplicate.ParLevel, ai.Config{Seed: b.BotSeed(set.Seat), Think: -1})
			require.NoError(t, err)
			seat, err := f.s.Play(ctx, ann, code)
			require.NoError(t, err)
			require.Equal(t, b.Number, seat.Board)
			playOut(t, seat, func(v *rules.View) rules.Action {
				a, err := hard.Choose(ctx, v)
				require.NoError(t, err)
				return a
			}, nil)
			seat.Leave()
			f.waitRecorded(ann, code, b.Number)
			p, err := f.s.Progress(ctx, ann.Key, code)
			require.NoError(t, err)
			assert.Equal(t, pars[i], p.Lines[i].Result, "board %d: the hard bot in the person's seat scores par", b.Number)
		}
	})
}

// TestDeterminismThroughTheServer: two entrants who act alike get equal
// logs, board by board, and the deals duplicate plays with the same
// actions: the bots' play depends on the board and the person's actions
// only, never on who plays, when, or what else the server does.
func TestDeterminismThroughTheServer(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, n int) {
		ctx := context.Background()
		code := f.create(n, 4, ann, bob)
		// Ann and Bob play at the same time, board for board.
		done := make(chan struct{})
		go func() {
			defer close(done)
			f.playAll(bob, code, middle)
		}()
		f.playAll(ann, code, middle)
		<-done
		f.c.Add(24 * time.Hour)
		set := f.s.cachedSet(code)
		for _, b := range set.Boards {
			la, err := f.s.PlayLog(ctx, code, ann.Key, b.Number)
			require.NoError(t, err)
			lb, err := f.s.PlayLog(ctx, code, bob.Key, b.Number)
			require.NoError(t, err)
			require.Equal(t, la.Deals, lb.Deals, "board %d", b.Number)
			bots, err := set.Seats(b, testkit.CheapBots, false)
			require.NoError(t, err)
			d, err := set.Play(ctx, b, bots, func(v *rules.View) (rules.Action, error) { return middle(v), nil })
			require.NoError(t, err)
			assert.Equal(t, d.Steps(), la.Deals[0].Steps, "board %d", b.Number)
			assert.Equal(t, b.Deck, la.Deals[0].Deck)
		}
	})
}

// TestRestartResumesTheBoard: a board left in the middle, then the
// server stopped and started again, goes on from where it was, with the
// same deal to come; nothing recorded is lost.
func TestRestartResumesTheBoard(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	code := f.create(3, 4, ann)
	f.waitPars(code)
	seat, err := f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	playOut(t, seat, middle, nil)
	seat.Leave()
	f.waitRecorded(ann, code, 1)
	seat, err = f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	require.Equal(t, 2, seat.Board)
	playOut(t, seat, middle, func(d int) bool { return d >= 4 })
	before := len(history(seat))
	// No Leave: the server stops under the person.
	f.restart(false)

	seat, err = f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	require.Equal(t, 2, seat.Board)
	assert.True(t, seat.Resumed)
	assert.Equal(t, before, len(history(seat)), "the board goes on where it was")
	playOut(t, seat, middle, nil)
	seat.Leave()
	f.waitRecorded(ann, code, 2)

	// The same play from the start, with no stop, is the same deal.
	set := f.s.cachedSet(code)
	b, _ := set.Board(2)
	bots, err := set.Seats(b, testkit.CheapBots, false)
	require.NoError(t, err)
	d, err := set.Play(ctx, b, bots, func(v *rules.View) (rules.Action, error) { return middle(v), nil })
	require.NoError(t, err)
	p, err := f.s.Progress(ctx, ann.Key, code)
	require.NoError(t, err)
	assert.Equal(t, Played, p.Lines[0].State)
	assert.Equal(t, duplicate.Result(&d, set.Seat), p.Lines[1].Result)
	assert.Equal(t, 3, p.Next)
}

// TestReconnectSharesTheBoard: a second connection of the same key
// sits at the board in play (the first loses it); the board closes
// only when both have left, and resumes afterwards where it was.
func TestReconnectSharesTheBoard(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	code, one := f.annAtTheSecondDecision()
	two, err := f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	assert.Equal(t, one.Board, two.Board)
	assert.True(t, two.Resumed)
	assert.Equal(t, history(one), history(two))
	one.Leave()
	playOut(t, two, middle, func(d int) bool { return d >= 2 })
	at := len(history(two))
	two.Leave()
	three, err := f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	assert.Equal(t, one.Board, three.Board)
	assert.Equal(t, at, len(history(three)))
	three.Leave()
}

// TestProgressSaysTheBoardIsOpen: while a connection of the key is at
// its board, Progress and AtBoard say the board is open (another
// connection's page offers to take it over); once it has left, not,
// though the board is still begun. Nobody else's board counts.
func TestProgressSaysTheBoardIsOpen(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	code, one := f.annAtTheSecondDecision()
	p, err := f.s.Progress(ctx, ann.Key, code)
	require.NoError(t, err)
	assert.True(t, p.Open)
	assert.Equal(t, one.Board, p.Next)
	assert.True(t, f.s.AtBoard(code, ann.Key))
	assert.False(t, f.s.AtBoard(code, bob.Key))
	p, err = f.s.Progress(ctx, bob.Key, code)
	require.NoError(t, err)
	assert.False(t, p.Open, "bob is at no board")

	two, err := f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	one.Leave()
	assert.True(t, f.s.AtBoard(code, ann.Key), "the second connection is at it")
	two.Leave()
	assert.False(t, f.s.AtBoard(code, ann.Key))
	p, err = f.s.Progress(ctx, ann.Key, code)
	require.NoError(t, err)
	assert.False(t, p.Open)
	assert.Equal(t, InPlay, p.Lines[p.Next-1].State, "left, the board is still begun")
}

// TestBoardAfterTheEnd: a board finished after the end does not count,
// the server's log saying so of the player by name and tag.
func TestBoardAfterTheEnd(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	code, seat := f.annAtTheSecondDecision()
	f.c.Add(25 * time.Hour)
	playOut(t, seat, middle, nil)
	seat.Leave()
	_, err := f.s.Final(ctx, ann.Key, code)
	require.NoError(t, err)
	// The host files the board as it closes; its result is refused.
	deadline := time.Now().Add(2 * time.Minute)
	for !f.logged("finished after the end") {
		if time.Now().After(deadline) {
			t.Fatalf("the late board was never filed: %v", f.log.Lines())
		}
		time.Sleep(time.Millisecond)
	}
	want := fmt.Sprintf(`tournament %s: board 1 of "Ann" #%s finished after the end: it does not count`, code, hall.KeyTag(ann.Key))
	assert.True(t, f.logged(want), "no %q in %q", want, f.log.Lines())
	fin, err := f.s.Final(ctx, ann.Key, code)
	require.NoError(t, err)
	assert.False(t, fin.Played(0, 1))
	assert.Equal(t, 0, fin.Standings.Rows[0].Played)
}

func (f *fixture) logged(what string) bool { return f.log.Has(what) }

// TestCreateRefuses: what a tournament may not be, and who may not
// make one.
func TestCreateRefuses(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	guest := Player{Name: "guest"}
	_, err := f.s.Create(ctx, guest, f.spec(2, 4))
	require.ErrorIs(t, err, ErrGuest)
	require.ErrorIs(t, f.s.Enter(ctx, guest, "ABCDEF"), ErrGuest)
	for _, c := range []struct {
		edit func(*Spec)
		want string
	}{
		{func(s *Spec) { s.Boards = 3 }, "4 to 24 boards"},
		{func(s *Spec) { s.Boards = 25 }, "4 to 24 boards"},
		{func(s *Spec) { s.Ends = f.c.Now().Add(time.Minute) }, "at least"},
		{func(s *Spec) { s.Ends = f.c.Now().Add(40 * 24 * time.Hour) }, "at most 31 days"},
		{func(s *Spec) { s.Level = "superb" }, "unknown bot level"},
	} {
		sp := f.spec(3, 8)
		c.edit(&sp)
		_, err := f.s.Create(ctx, ann, sp)
		require.ErrorContains(t, err, c.want)
	}
	for range MaxOpenPerCreator {
		_, err := f.s.Create(ctx, ann, f.spec(2, 4))
		require.NoError(t, err)
	}
	_, err = f.s.Create(ctx, ann, f.spec(2, 4))
	require.ErrorIs(t, err, ErrTooMany)
	_, err = f.s.Find(ctx, "nope")
	require.ErrorIs(t, err, ErrNotFound)
	_, err = f.s.Find(ctx, "../../etc")
	require.ErrorIs(t, err, ErrNotFound)
	i, err := f.s.Find(ctx, " testa"+"b ")
	require.NoError(t, err)
	assert.Equal(t, "TESTAB", i.Code)
}

// eachAddrCap runs test in a subtest named by the cap, each on a new
// fixture, with the per-address cap that field points to left at its
// default (0), then set to set and the fixture restarted with it.
func eachAddrCap(t *testing.T, set int, field func(*fixture) *int, test func(t *testing.T, f *fixture, set int)) {
	for _, v := range []int{0, set} {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			f := newFixture(t, false)
			if v != 0 {
				*field(f) = v
				f.restart(false)
			}
			test(t, f, v)
		})
	}
}

// TestCreateLimitByAddress: one address creates at most
// Config.MaxOpenPerAddr running tournaments (DefaultOpenPerAddr unless
// set) whatever the keys (keys cost nothing); another address, or a
// person whose address is not known, still creates.
func TestCreateLimitByAddress(t *testing.T) {
	eachAddrCap(t, 2, func(f *fixture) *int { return &f.openPerAddr }, func(t *testing.T, f *fixture, set int) {
		ctx := context.Background()
		for i := range cmp.Or(set, DefaultOpenPerAddr) {
			p := Player{Key: fmt.Sprintf("cccc%060x", i), Name: fmt.Sprint("sybil", i), Addr: "192.0.2.1"}
			_, err := f.s.Create(ctx, p, f.spec(2, 4))
			require.NoError(t, err)
		}
		sybil := Player{Key: fmt.Sprintf("cccc%060x", 99), Name: "sybil", Addr: "192.0.2.1"}
		_, err := f.s.Create(ctx, sybil, f.spec(2, 4))
		require.ErrorIs(t, err, ErrTooMany)
		require.ErrorContains(t, err, fmt.Sprintf("from your address (%d)", cmp.Or(set, DefaultOpenPerAddr)))
		other := ann
		other.Addr = "198.51.100.7"
		_, err = f.s.Create(ctx, other, f.spec(2, 4))
		require.NoError(t, err)
		_, err = f.s.Create(ctx, bob, f.spec(2, 4))
		require.NoError(t, err, "an address not known counts nowhere")
	})
}

// TestEnterLimitByAddress: one address enters at most
// Config.MaxEntrantsPerAddr keys in one tournament (free keys would
// swell its entrants and the database), DefaultEntrantsPerAddr unless
// set; the next is refused with the cap in its message. A key entering
// again is no new entrant, and another address or tournament has its
// own count.
func TestEnterLimitByAddress(t *testing.T) {
	eachAddrCap(t, 3, func(f *fixture) *int { return &f.perAddr }, func(t *testing.T, f *fixture, set int) {
		most := cmp.Or(set, DefaultEntrantsPerAddr)
		ctx := context.Background()
		a, err := f.s.Create(ctx, ann, f.spec(2, 4))
		require.NoError(t, err)
		b, err := f.s.Create(ctx, bob, f.spec(2, 4))
		require.NoError(t, err)
		sybil := func(i int) Player {
			return Player{Key: fmt.Sprintf("dddd%060x", i), Name: fmt.Sprint("sybil", i), Addr: "192.0.2.1"}
		}
		for i := range most {
			require.NoError(t, f.s.Enter(ctx, sybil(i), a.Code))
		}
		require.NoError(t, f.s.Enter(ctx, sybil(0), a.Code), "entering again")
		err = f.s.Enter(ctx, sybil(99), a.Code)
		require.ErrorIs(t, err, ErrAddrFull)
		require.EqualError(t, err, fmt.Sprintf("this tournament has %d entrants from your address already, its most", most))
		require.NoError(t, f.s.Enter(ctx, sybil(99), b.Code), "another tournament")
		other := sybil(98)
		other.Addr = "198.51.100.7"
		require.NoError(t, f.s.Enter(ctx, other, a.Code), "another address")
		es, err := f.db.Entrants(ctx, a.Code)
		require.NoError(t, err)
		require.Len(t, es, most+1, "the sybils let in, and the other address")
	})
}

// TestDailyTournaments: the server's daily tournaments are eight boards
// at each seat count with klob daily's rules and bots, dealt from the
// server's secret seed (never klob daily's public boards of the day,
// which anyone could deal in advance), end at the next midnight of the
// server's calendar, and give way to the next day's.
func TestDailyTournaments(t *testing.T) {
	f := newFixture(t, true)
	ctx := context.Background()
	list, err := f.s.List(ctx, ann.Key)
	require.NoError(t, err)
	require.Len(t, list, 3)
	today := duplicate.Date{Year: 2026, Month: 12, Day: 1}
	ids := map[string]string{}
	for i, info := range list {
		n := i + 2
		assert.True(t, info.Daily)
		assert.Equal(t, today, info.Date)
		assert.Equal(t, DailyCode(today, n), info.Code)
		assert.Equal(t, "Daily challenge · 2026-12-01 · "+fmt.Sprint(n)+" players", info.Title())
		assert.Equal(t, "the 2026-12-01 daily for "+fmt.Sprint(n)+" players", info.Named())
		assert.Equal(t, time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC), info.Ends.UTC())
		want, err := duplicate.Daily(today, n)
		require.NoError(t, err)
		tt, err := f.db.Tournament(ctx, info.Code)
		require.NoError(t, err)
		set, err := f.s.set(ctx, tt)
		require.NoError(t, err)
		assert.NotEqual(t, want.ID, set.ID, "klob daily's public boards")
		assert.NotEqual(t, fmt.Sprint(want.Boards[0].Deck), fmt.Sprint(set.Boards[0].Deck))
		assert.Equal(t, want.Options.String(), set.Options.String())
		assert.Equal(t, want.Level, set.Level)
		assert.Len(t, set.Boards, len(want.Boards))
		ids[info.Code] = set.ID
	}
	require.NoError(t, f.s.Enter(ctx, ann, list[1].Code))
	f.c.Add(12 * time.Hour) // midnight
	list, err = f.s.List(ctx, ann.Key)
	require.NoError(t, err)
	require.Len(t, list, 4, "the new day's three, and the one Ann entered, ended")
	for _, info := range list[:3] {
		assert.Equal(t, today.AddDays(1), info.Date)
		assert.False(t, info.Over)
	}
	assert.Equal(t, DailyCode(today, 3), list[3].Code)
	assert.True(t, list[3].Over)
	// A restart makes none twice, and deals the same boards.
	f.restart(true)
	list, err = f.s.List(ctx, ann.Key)
	require.NoError(t, err)
	require.Len(t, list, 4)
	code := DailyCode(today, 3)
	tt, err := f.db.Tournament(ctx, code)
	require.NoError(t, err)
	set, err := f.s.set(ctx, tt)
	require.NoError(t, err)
	assert.Equal(t, ids[code], set.ID, "the boards after a restart")
}

// TestDailyWithoutSecret: a daily the database recorded with seed 0
// (made before the dailies had secret seeds) keeps klob daily's boards
// of its date, so its entrants' boards and par stay as they were.
func TestDailyWithoutSecret(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	today := duplicate.Date{Year: 2026, Month: 12, Day: 1}
	want, err := duplicate.Daily(today, 3)
	require.NoError(t, err)
	tt, err := f.db.CreateTournament(ctx, clubdb.Tournament{Code: DailyCode(today, 3), Rules: want.Options,
		Level: string(want.Level), Boards: len(want.Boards), Ends: dayEnd(today, time.UTC)}, 0)
	require.NoError(t, err)
	set, err := f.s.set(ctx, tt)
	require.NoError(t, err)
	assert.Equal(t, want.ID, set.ID, "klob daily's boards")
}

// TestParFileResumes: par lines worked out before a restart are kept
// and not worked out again; a damaged par file is moved aside and par
// worked out anew.
func TestParFileResumes(t *testing.T) {
	f := newFixture(t, false)
	code := f.create(2, 4)
	pars := f.waitPars(code)
	path := filepath.Join(f.dir, "tourneys", code, parName)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	set := f.s.cachedSet(code)
	lines, err := parseParLines(data, set)
	require.NoError(t, err)
	require.Len(t, lines, 4)
	for n, l := range lines {
		assert.Equal(t, pars[n-1], l.Par)
	}
	bad := strings.Replace(string(data), "board 2 par ", "board 2 par 1", 1)
	_, err = parseParLines([]byte(bad), set)
	require.Error(t, err)
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o600))
	got, err := f.s.readParLines(code, set)
	require.Error(t, err)
	assert.Empty(t, got)
	_, err = os.Stat(path)
	assert.True(t, errors.Is(err, os.ErrNotExist), "moved aside")
}

// TestSeedIsSecret: nothing a player is given holds the board seed, and
// the sets of two tournaments differ.
func TestSeedIsSecret(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	a, err := f.s.Create(ctx, cy, f.spec(2, 4))
	require.NoError(t, err)
	b, err := f.s.Create(ctx, cy, f.spec(2, 4))
	require.NoError(t, err)
	for _, i := range []Info{a, b} {
		assert.NotContains(t, fmt.Sprintf("%+v", i), "1001")
	}
	ta, _ := f.db.Tournament(ctx, a.Code)
	tb, _ := f.db.Tournament(ctx, b.Code)
	sa, err := f.s.set(ctx, ta)
	require.NoError(t, err)
	sb, err := f.s.set(ctx, tb)
	require.NoError(t, err)
	assert.NotEqual(t, sa.ID, sb.ID)
}

// history is the steps of the seat's deal so far, as it sees them.
func history(seat *Seat) []rules.Step {
	v := seat.Port.Snapshot().View
	return v.History()
}

// TestBoardLogNamesTheBoard: what a board's game logs (here its person
// leaving it, which is leaving the board) reaches the server's log
// saying whose board of which tournament it is, as a shared table's
// lines name the table and its people: by name and the short tag of
// their key, not the key.
func TestBoardLogNamesTheBoard(t *testing.T) {
	f := newFixture(t, false)
	code, seat := f.annAtTheSecondDecision()
	seat.Leave() // the host has logged the leaving once Leave returns
	want := fmt.Sprintf(`tournament %s, board 1 of "Ann" #%s: Ann left the board`, code, hall.KeyTag(ann.Key))
	assert.True(t, f.logged(want), "no %q in %q", want, f.log.Lines())
	for _, l := range f.log.Lines() {
		assert.True(t, strings.HasPrefix(l, "tournament "+code), "a line that names no tournament: %q", l)
		assert.NotContains(t, l, ann.Key, "a line that names the player by their whole key")
	}
}

// TestInPlay: a board left half-played is found, for its player only,
// until the tournament ends; a board played out is not.
func TestInPlay(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	code, seat := f.annAtTheSecondDecision()
	other := f.create(2, 4, ann)
	_, _, ok, err := f.s.InPlay(ctx, bob.Key)
	require.NoError(t, err)
	assert.False(t, ok, "Bob began no board")
	seat.Leave()
	i, n, ok, err := f.s.InPlay(ctx, ann.Key)
	require.NoError(t, err)
	require.True(t, ok, "Ann's board 1 is left half-played")
	assert.Equal(t, code, i.Code)
	assert.Equal(t, 1, n)

	// Played out, it is no longer in play; the other tournament's board
	// begun is.
	seat, err = f.s.Play(ctx, ann, code)
	require.NoError(t, err)
	playOut(t, seat, middle, nil)
	seat.Leave()
	f.waitRecorded(ann, code, 1)
	_, _, ok, err = f.s.InPlay(ctx, ann.Key)
	require.NoError(t, err)
	assert.False(t, ok, "board 1 is played out")
	seat, err = f.s.Play(ctx, ann, other)
	require.NoError(t, err)
	playOut(t, seat, middle, func(d int) bool { return d >= 1 })
	seat.Leave()
	i, n, ok, err = f.s.InPlay(ctx, ann.Key)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, other, i.Code)
	assert.Equal(t, 1, n)

	// Once the tournament has ended, its board cannot be played on.
	f.c.Add(25 * time.Hour)
	_, _, ok, err = f.s.InPlay(ctx, ann.Key)
	require.NoError(t, err)
	assert.False(t, ok, "the tournament has ended")
}

// gate holds a test's callers at a database method until every one of
// them has reached it or been turned away by the service, so that they
// are all past the service's check before any of them writes.
type gate struct {
	mu               sync.Mutex
	cond             *sync.Cond
	arrived, refused int
	callers          int
}

func newGate(callers int) *gate {
	g := &gate{callers: callers}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// reach counts a caller at the database method and waits for the rest.
func (g *gate) reach() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.arrived++
	g.cond.Broadcast()
	for g.arrived+g.refused < g.callers {
		g.cond.Wait()
	}
}

// turnAway counts a caller the service answered without the database.
func (g *gate) turnAway() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.refused++
	g.cond.Broadcast()
}

// atOnce runs call for each of the gate's callers together and returns
// their errors. Any error turns its caller away: one that failed before
// the database must not hold the others forever.
func (g *gate) atOnce(call func(i int) error) []error {
	errs := make([]error, g.callers)
	var wg sync.WaitGroup
	for i := range g.callers {
		wg.Go(func() {
			if errs[i] = call(i); errs[i] != nil {
				g.turnAway()
			}
		})
	}
	wg.Wait()
	return errs
}

// passed counts the callers whose error is nil; every other must be
// want, its message holding says.
func passed(t *testing.T, errs []error, want error, says string) int {
	t.Helper()
	n := 0
	for _, err := range errs {
		if err == nil {
			n++
		} else {
			require.ErrorIs(t, err, want)
			require.ErrorContains(t, err, says)
		}
	}
	return n
}

// heldEntries is a club database whose Enter waits at the gate.
type heldEntries struct {
	DB
	gate *gate
}

func (h heldEntries) Enter(ctx context.Context, code, key string) error {
	h.gate.reach()
	return h.DB.Enter(ctx, code, key)
}

// TestEnterLimitByAddressAtOnce: keys entering one tournament from one
// address at the same moment cannot pass the cap together: each takes
// its place in the count before the database is written.
func TestEnterLimitByAddressAtOnce(t *testing.T) {
	f := newFixture(t, false)
	const most = 3
	g := newGate(most + 2)
	f.perAddr = most
	f.wrap = func(db DB) DB { return heldEntries{DB: db, gate: g} }
	f.restart(false)
	ctx := context.Background()
	a, err := f.s.Create(ctx, ann, f.spec(2, 4))
	require.NoError(t, err)
	errs := g.atOnce(func(i int) error {
		p := Player{Key: fmt.Sprintf("eeee%060x", i), Name: fmt.Sprint("sybil", i), Addr: "192.0.2.1"}
		return f.s.Enter(ctx, p, a.Code)
	})
	entered := passed(t, errs, ErrAddrFull, "")
	es, err := f.db.Entrants(ctx, a.Code)
	require.NoError(t, err)
	require.Equal(t, most, entered)
	require.Len(t, es, most, "the entrants from the address")
}

// TestParLogSaysADamagedParFile: par's line of an ended tournament whose
// par file is damaged is worked out again, and the server's log says
// the file was moved aside, as the pars' reading does.
func TestParLogSaysADamagedParFile(t *testing.T) {
	f := newFixture(t, false)
	code := f.create(2, 4)
	pars := f.waitPars(code)
	f.c.Add(24 * time.Hour) // the tournament is over
	path := filepath.Join(f.dir, "tourneys", code, parName)
	require.NoError(t, os.WriteFile(path, []byte("not par lines\n"), 0o600))
	pl, err := f.s.ParLog(context.Background(), code, 1)
	require.NoError(t, err)
	assert.Equal(t, pars[0], logResult(t, pl, f.s.cachedSet(code).Seat))
	assert.True(t, f.log.Has("tournament "+code+": the par lines"), "the log:\n%s", f.log.String())
}

// hookedCreations is a club database whose CreateTournament calls the
// test's hook creating first and created once it has written the
// tournament, and whose list of the tournaments open calls counting
// once it has read them (nil: no hook); an error from creating fails
// the creation.
type hookedCreations struct {
	DB
	creating func() error
	created  func()
	counting func()
}

func (h hookedCreations) CreateTournament(ctx context.Context, t clubdb.Tournament, seed uint64) (clubdb.Tournament, error) {
	if h.creating != nil {
		if err := h.creating(); err != nil {
			return clubdb.Tournament{}, err
		}
	}
	t, err := h.DB.CreateTournament(ctx, t, seed)
	if err == nil && h.created != nil {
		h.created()
	}
	return t, err
}

func (h hookedCreations) Tournaments(ctx context.Context) ([]clubdb.Tournament, error) {
	ts, err := h.DB.Tournaments(ctx)
	if h.counting != nil {
		h.counting()
	}
	return ts, err
}

// stop stops the first call of a hook once armed: at closes then, and
// the call goes on once release is closed. Calls before arm, and after
// the one stopped, pass.
type stop struct {
	armed       atomic.Bool
	at, release chan struct{}
}

func newStop() *stop { return &stop{at: make(chan struct{}), release: make(chan struct{})} }

func (s *stop) arm() { s.armed.Store(true) }

func (s *stop) pass() {
	if s.armed.CompareAndSwap(true, false) {
		close(s.at)
		<-s.release
	}
}

// TestCreateLimitAtOnce: creations at the same moment cannot pass a cap
// of the tournaments open together, from one address, by one key or on
// the server: the database holds every creation until all the callers
// are past the service's check, and only the room under the cap is
// created; the rest are refused with that cap's words.
func TestCreateLimitAtOnce(t *testing.T) {
	for _, c := range []struct {
		name    string
		perAddr int // Config.MaxOpenPerAddr (0: its default)
		before  int // tournaments open before, written straight to the database
		room    int // the creations the cap has room for
		who     func(i int) Player
		says    string
	}{
		{"from one address", 2, 0, 2, func(i int) Player {
			return Player{Key: fmt.Sprintf("ffff%060x", i), Name: fmt.Sprint("sybil", i), Addr: "192.0.2.9"}
		}, "from your address (2)"},
		{"by one key", 0, 0, MaxOpenPerCreator, func(i int) Player {
			p := ann
			p.Addr = fmt.Sprintf("198.51.100.%d", i)
			return p
		}, fmt.Sprintf("you host %d already", MaxOpenPerCreator)},
		{"on the server", 0, MaxOpen - 2, 2, func(i int) Player {
			return Player{Key: fmt.Sprintf("ffff%060x", i), Name: fmt.Sprint("host", i)}
		}, fmt.Sprintf("on this server (%d)", MaxOpen)},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, false)
			g := newGate(c.room + 2)
			f.openPerAddr = c.perAddr
			f.wrap = func(db DB) DB {
				return hookedCreations{DB: db, creating: func() error { g.reach(); return nil }}
			}
			f.restart(false)
			ctx := context.Background()
			for i := range c.before {
				_, err := f.db.CreateTournament(ctx, clubdb.Tournament{Code: fmt.Sprintf("OPEN%02d", i),
					Rules: rules.DefaultOptions(), Level: string(ai.Normal), Boards: 4, Ends: f.c.Now().Add(time.Hour)}, 1)
				require.NoError(t, err)
			}
			errs := g.atOnce(func(i int) error {
				_, err := f.s.Create(ctx, c.who(i), f.spec(2, 4))
				return err
			})
			created := passed(t, errs, ErrTooMany, c.says)
			ts, err := f.db.Tournaments(ctx)
			require.NoError(t, err)
			require.Equal(t, c.room, created, "the creations let through")
			require.Len(t, ts, c.before+c.room, "the tournaments open")
		})
	}
}

// TestCreateFailedGivesItsPlaceBack: a creation whose database write
// fails gives back the place it took in the counts, at once, even to a
// creation counting meanwhile: the address's one place goes to the
// next creation, and the one after is refused.
func TestCreateFailedGivesItsPlaceBack(t *testing.T) {
	f := newFixture(t, false)
	f.openPerAddr = 1
	atWrite, fail := make(chan struct{}), make(chan struct{})
	var writes atomic.Int32
	counted := newStop()
	f.wrap = func(db DB) DB {
		return hookedCreations{DB: db,
			creating: func() error {
				if writes.Add(1) > 1 {
					return nil
				}
				close(atWrite)
				<-fail
				return errDisk
			},
			counting: counted.pass}
	}
	f.restart(false)
	ctx := context.Background()
	failed := f.createFrom(ctx, 0, "192.0.2.5")
	select {
	case <-atWrite: // the first holds the address's place, writing
	case err := <-failed:
		t.Fatalf("the first creation ended before its write: %v", err)
	}
	counted.arm()
	next := f.createFrom(ctx, 1, "192.0.2.5")
	select {
	case <-counted.at: // the next counts while the first is writing
	case err := <-next:
		t.Fatalf("the next creation ended before its count: %v", err)
	}
	close(fail)
	require.ErrorIs(t, <-failed, ErrTrouble)
	close(counted.release)
	require.NoError(t, <-next, "the failed creation's place is given back")
	require.ErrorIs(t, <-f.createFrom(ctx, 2, "192.0.2.5"), ErrTooMany)
	ts, err := f.db.Tournaments(ctx)
	require.NoError(t, err)
	require.Len(t, ts, 1, "the tournaments open")
}

// TestCreateCountsAWriteAfterItsRead: a creation that read the
// tournaments open before another was written, and counts them after,
// still counts the other: the address's one place is taken.
func TestCreateCountsAWriteAfterItsRead(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	// Held, it has read the tournaments open: none.
	counted, late := f.creationHeld("192.0.2.6", "count", func(s *stop) hookedCreations { return hookedCreations{counting: s.pass} })
	require.NoError(t, <-f.createFrom(ctx, 1, "192.0.2.6"))
	close(counted.release)
	require.ErrorIs(t, <-late, ErrTooMany)
	ts, err := f.db.Tournaments(ctx)
	require.NoError(t, err)
	require.Len(t, ts, 1, "the tournaments open")
}

// createFrom has the i-th of the test's keys create a tournament from
// addr, and answers on the channel returned once it has.
func (f *fixture) createFrom(ctx context.Context, i int, addr string) chan error {
	done := make(chan error, 1)
	go func() {
		p := Player{Key: fmt.Sprintf("abab%060x", i), Name: fmt.Sprint("sybil", i), Addr: addr}
		_, err := f.s.Create(ctx, p, f.spec(2, 4))
		done <- err
	}()
	return done
}

// creationHeld restarts f with one tournament open per address and has
// the test's key 0 create one from addr, held by the stop that hold
// hooks into the database (a hookedCreations with no DB yet). It
// returns once the creation is held, with the stop, which releases it,
// and the creation's answer to come; where names the hook in the
// failure of a creation that ends before it.
func (f *fixture) creationHeld(addr, where string, hold func(*stop) hookedCreations) (*stop, chan error) {
	f.t.Helper()
	f.openPerAddr = 1
	s := newStop()
	f.wrap = func(db DB) DB {
		h := hold(s)
		h.DB = db
		return h
	}
	f.restart(false)
	s.arm()
	done := f.createFrom(context.Background(), 0, addr)
	select {
	case <-s.at:
	case err := <-done:
		f.t.Fatalf("the creation ended before its %s: %v", where, err)
	}
	return s, done
}

// beatenToIt is a club database in which another caller creates each
// tournament just before this one writes it: the write then fails as
// the code is taken.
type beatenToIt struct{ DB }

func (b beatenToIt) CreateTournament(ctx context.Context, t clubdb.Tournament, seed uint64) (clubdb.Tournament, error) {
	if _, err := b.DB.CreateTournament(ctx, t, seed); err != nil {
		return clubdb.Tournament{}, err
	}
	return b.DB.CreateTournament(ctx, t, seed)
}

// TestDailyMadeMeanwhile: a daily another caller made between the
// service's look and its write is taken as made, and is not logged as
// created by this call too (the other caller logs it).
func TestDailyMadeMeanwhile(t *testing.T) {
	f := newFixture(t, false)
	f.wrap = func(db DB) DB { return beatenToIt{db} }
	f.restart(true)
	list, err := f.s.List(context.Background(), ann.Key)
	require.NoError(t, err)
	require.Len(t, list, 3)
	assert.False(t, f.log.Has("created"), "the log:\n%s", f.log.String())
}
