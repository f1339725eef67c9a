package tourney

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/clubdb"
)

// TestHostEndsEarly: while a tournament runs everyone sees who entered
// (names only); its host, and nobody else, ends it at once: its
// standings open, a slot of the host's running tournaments is free
// again, and a second end is refused as over.
func TestHostEndsEarly(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	var codes []string
	for range MaxOpenPerCreator {
		i, err := f.s.Create(ctx, ann, f.spec(3, 4))
		require.NoError(t, err)
		codes = append(codes, i.Code)
	}
	code := codes[0]
	require.NoError(t, f.s.Enter(ctx, bob, code))
	f.c.Add(time.Second)
	require.NoError(t, f.s.Enter(ctx, ann, code))
	p, err := f.s.Progress(ctx, bob.Key, code)
	require.NoError(t, err)
	require.Len(t, p.Entrants, 2)
	assert.Equal(t, []Entrant{{Key: bob.Key, Name: bob.Name}, {Key: ann.Key, Name: ann.Name}}, p.Entrants)

	require.ErrorIs(t, f.s.End(ctx, bob, code), ErrNotHost)
	require.ErrorIs(t, f.s.End(ctx, Player{Name: "guest"}, code), ErrNotHost)
	_, err = f.s.Final(ctx, ann.Key, code)
	require.ErrorIs(t, err, ErrNotOver)
	require.NoError(t, f.s.End(ctx, ann, code))
	require.ErrorIs(t, f.s.End(ctx, ann, code), ErrOver)
	fin, err := f.s.Final(ctx, bob.Key, code)
	require.NoError(t, err)
	assert.True(t, fin.Info.Over)
	assert.Len(t, fin.Entrants, 2)
	require.ErrorIs(t, f.s.Enter(ctx, Player{Key: "cccc000000000000000000000000000000000000000000000000000000000003", Name: "Cid"}, code), ErrOver)
	_, err = f.s.Create(ctx, ann, f.spec(2, 4))
	require.NoError(t, err, "the ended tournament no longer counts against the host's running ones")
	assert.True(t, f.logged("ended early by its host"))
}

// endGuard bounds a wait only a broken service makes long.
const endGuard = 30 * time.Second

// waitEnded is what s.WaitEnded returns, once it does.
func waitEnded(s *Seat) chan bool {
	ch := make(chan bool, 1)
	go func() { ch <- s.WaitEnded() }()
	return ch
}

// TestSeatHearsTheEarlyEnd: a seat at a board knows the tournament's
// end, and hears at once when its host ends it sooner (a second
// connection at the same board too); a seat given up stops waiting,
// and nothing is heard while the host has not ended it. The board's
// play is kept: its host is not stopped.
func TestSeatHearsTheEarlyEnd(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, players int) {
		ctx := context.Background()
		spec := f.spec(players, 4)
		i, err := f.s.Create(ctx, ann, spec)
		require.NoError(t, err)
		require.NoError(t, f.s.Enter(ctx, bob, i.Code))
		seat, err := f.s.Play(ctx, bob, i.Code)
		require.NoError(t, err)
		assert.True(t, seat.Ends.Equal(spec.Ends), "the seat's end %v, want %v", seat.Ends, spec.Ends)
		again, err := f.s.Play(ctx, bob, i.Code) // a second connection at the board
		require.NoError(t, err)
		for _, s := range []*Seat{seat, again} {
			select {
			case <-s.ended: // the signal WaitEnded hears, closed or not
				t.Fatal("the end signalled before the host ended it")
			default:
			}
		}
		first, second := waitEnded(seat), waitEnded(again)

		require.NoError(t, f.s.End(ctx, ann, i.Code))
		for _, ch := range []chan bool{first, second} {
			select {
			case ended := <-ch:
				assert.True(t, ended, "the end not heard as the host's")
			case <-time.After(endGuard):
				t.Fatal("the host's end never heard")
			}
		}
		_, _, inPlay := f.s.HiddenFrom(i.Code, bob.Key)
		assert.True(t, inPlay, "the end stopped the board in play")
		again.Leave()
		seat.Close()
	})
	t.Run("left", func(t *testing.T) {
		f := newFixture(t, false)
		_, seat := f.bobAtABoard()
		ch := waitEnded(seat)
		seat.Leave()
		select {
		case ended := <-ch:
			assert.False(t, ended, "a seat given up heard an end")
		case <-time.After(endGuard):
			t.Fatal("a seat given up still waits")
		}
	})
}

// bobAtABoard has Ann create a tournament of four boards at two players
// and Bob enter it and sit at his first board; it returns the
// tournament and Bob's seat.
func (f *fixture) bobAtABoard() (Info, *Seat) {
	f.t.Helper()
	ctx := context.Background()
	i, err := f.s.Create(ctx, ann, f.spec(2, 4))
	require.NoError(f.t, err)
	require.NoError(f.t, f.s.Enter(ctx, bob, i.Code))
	seat, err := f.s.Play(ctx, bob, i.Code)
	require.NoError(f.t, err)
	return i, seat
}

// TestCloseWhileAudited: Close stops the boards in play while an audit
// asks HiddenFrom of one, without a data race (go test -race).
func TestCloseWhileAudited(t *testing.T) {
	f := newFixture(t, false)
	code, _ := f.annAtTheSecondDecision()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 1000 {
			f.s.HiddenFrom(code, ann.Key)
		}
	}()
	f.s.Close()
	<-done
	_, _, inPlay := f.s.HiddenFrom(code, ann.Key)
	assert.False(t, inPlay, "a board in play after Close")
}

// hookedReads is a club database that calls read once it has read a
// tournament (nil: no hook).
type hookedReads struct {
	DB
	read func()
}

func (h hookedReads) Tournament(ctx context.Context, code string) (clubdb.Tournament, error) {
	t, err := h.DB.Tournament(ctx, code)
	if h.read != nil {
		h.read()
	}
	return t, err
}

// TestSeatTakenAsTheHostEnds: a seat whose Play read the tournament
// before its host ended it hears the end, though the end came before
// the seat was made and no other seat held the signal.
func TestSeatTakenAsTheHostEnds(t *testing.T) {
	f := newFixture(t, false)
	var arm atomic.Bool
	var code string // set before arm
	ended := make(chan error, 1)
	f.wrap = func(db DB) DB {
		return hookedReads{DB: db, read: func() {
			if arm.CompareAndSwap(true, false) {
				ended <- f.s.End(context.Background(), ann, code)
			}
		}}
	}
	f.restart(false)
	ctx := context.Background()
	i, seat := f.bobAtABoard()
	seat.Close() // nobody holds the end signal; the next Play resumes the board
	code = i.Code
	arm.Store(true)
	again, err := f.s.Play(ctx, bob, i.Code)
	require.NoError(t, <-ended)
	require.NoError(t, err)
	select {
	case got := <-waitEnded(again):
		assert.True(t, got, "the end not heard as the host's")
	case <-time.After(endGuard):
		t.Fatal("the host's end never heard")
	}
	again.Close()
}

// TestPageHearsTheEarlyEnd: a page showing a running tournament hears
// its host's end (WaitEnded): one written while it waits, and one
// written between its read and its wait, which it finds at once; a
// wait given up (its context ended) hears nothing. No wait keeps the
// tournament's end signal once it returns.
func TestPageHearsTheEarlyEnd(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	i, err := f.s.Create(ctx, ann, f.spec(2, 4))
	require.NoError(t, err)
	require.NoError(t, f.s.Enter(ctx, bob, i.Code))

	gone, cancel := context.WithCancel(ctx)
	cancel()
	assert.False(t, f.s.WaitEnded(gone, i.Code, i.Ends), "a wait given up, with no end, heard one")

	ch := make(chan bool, 1)
	go func() { ch <- f.s.WaitEnded(ctx, i.Code, i.Ends) }()
	require.NoError(t, f.s.End(ctx, ann, i.Code))
	select {
	case ended := <-ch:
		assert.True(t, ended)
	case <-time.After(endGuard):
		t.Fatal("the host's end never heard")
	}
	// Read before the end, waiting after it.
	assert.True(t, f.s.WaitEnded(ctx, i.Code, i.Ends), "an end before the wait not found")
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	assert.Empty(t, f.s.endSignals, "a wait kept the end signal")
}

// TestQuietWhilePlayedRuns: an entrant who began a board of a running
// tournament is quiet (Quiet) until it ends, by its time or its host;
// one who only entered is not; after a restart, InPlay finds the
// boards begun before it.
func TestQuietWhilePlayedRuns(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, n int) {
		ctx := context.Background()
		code := f.create(n, 4, ann, bob)
		_, _, ok := f.s.Quiet(ann.Key)
		assert.False(t, ok, "entering alone keeps nobody quiet")

		seat, err := f.s.Play(ctx, ann, code)
		require.NoError(t, err)
		playOut(t, seat, middle, func(d int) bool { return d >= 1 })
		seat.Leave()
		title, ends, ok := f.s.Quiet(ann.Key)
		require.True(t, ok, "a board begun keeps its player quiet")
		assert.Equal(t, fmt.Sprintf("tournament %s for %d players", code, n), title, "named in words, as in a sentence")
		_, _, ok = f.s.Quiet(bob.Key)
		assert.False(t, ok, "bob has played nothing")

		f.restart(false)
		_, _, ok = f.s.Quiet(ann.Key)
		assert.False(t, ok, "the memory is empty after a restart")
		_, _, _, err = f.s.InPlay(ctx, ann.Key)
		require.NoError(t, err)
		_, got, ok := f.s.Quiet(ann.Key)
		require.True(t, ok, "InPlay finds the board begun before the restart")
		assert.True(t, got.Equal(ends))

		f.c.Add(ends.Sub(f.c.Now()))
		_, _, ok = f.s.Quiet(ann.Key)
		assert.False(t, ok, "the end lifts it")

		other, err := f.s.Create(ctx, ann, f.spec(n, 4))
		require.NoError(t, err)
		require.NoError(t, f.s.Enter(ctx, ann, other.Code))
		seat, err = f.s.Play(ctx, ann, other.Code)
		require.NoError(t, err)
		seat.Leave()
		_, _, ok = f.s.Quiet(ann.Key)
		require.True(t, ok)
		require.NoError(t, f.s.End(ctx, ann, other.Code))
		_, _, ok = f.s.Quiet(ann.Key)
		assert.False(t, ok, "an early end lifts it")
	})
}

// TestParNamesAndCodes: par's line names the person's seat "hard bot",
// in lower case as mid-sentence; a code unknown and a code not well
// formed are refused in one style, quoted.
func TestParNamesAndCodes(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, n int) {
		ctx := context.Background()
		code := f.create(n, 4, ann)
		require.NoError(t, f.s.End(ctx, cy, code))
		l, err := f.s.ParLog(ctx, code, 1)
		require.NoError(t, err)
		assert.Contains(t, l.Header.Players[:n], ParName)
		assert.NotContains(t, l.Header.Players[:n], "Hard bot")

		_, err = f.s.Find(ctx, "ZZZZZZ")
		require.ErrorIs(t, err, ErrNotFound)
		assert.Equal(t, `"ZZZZZZ": no tournament has that code`, err.Error())
		_, err = f.s.Find(ctx, "ESZ")
		require.ErrorIs(t, err, ErrNotFound)
		assert.Equal(t, `"ESZ": no tournament has that code`, err.Error())
	})
}
