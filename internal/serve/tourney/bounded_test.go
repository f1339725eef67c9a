package tourney

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/rules"
)

// counts is the size of the service's per-address counts: the
// creators' addresses and the entrants' addresses, by tournament.
func (s *Service) counts() (from, entrants int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.from), len(s.entrants)
}

// TestAddressCountsForgetClosedTournaments: the creators' and
// entrants' addresses of a tournament are forgotten once it is no
// longer open, ended by its host or by its time, so that creating and
// ending tournaments again and again grows nothing; the caps still
// count every tournament open.
func TestAddressCountsForgetClosedTournaments(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	const addr, addr2 = "192.0.2.1", "198.51.100.1"
	host := func(i int) Player {
		return Player{Key: fmt.Sprintf("abcd%060x", i), Name: fmt.Sprint("host", i), Addr: addr}
	}
	entrant := func(i int) Player {
		return Player{Key: fmt.Sprintf("dcba%060x", i), Name: fmt.Sprint("entrant", i), Addr: addr2}
	}
	for round := range 12 {
		early, err := f.s.Create(ctx, host(round), f.spec(2, 4))
		require.NoError(t, err)
		timed, err := f.s.Create(ctx, host(round), f.spec(2, 4))
		require.NoError(t, err)
		require.NoError(t, f.s.Enter(ctx, entrant(round), early.Code))
		require.NoError(t, f.s.Enter(ctx, entrant(round), timed.Code))
		require.NoError(t, f.s.End(ctx, host(round), early.Code))
		f.c.Add(25 * time.Hour) // timed is over
		// An entry refused as the tournament is over leaves no count.
		late := entrant(round)
		late.Addr = fmt.Sprintf("203.0.113.%d", round)
		require.ErrorIs(t, f.s.Enter(ctx, late, timed.Code), ErrOver)
		from, entrants := f.s.counts()
		assert.LessOrEqual(t, from, 2, "round %d: creators' addresses kept", round)
		assert.LessOrEqual(t, entrants, 2, "round %d: entrants' addresses kept", round)
	}

	// The caps count what is open, across the forgetting each Create
	// does.
	open, err := f.s.Create(ctx, host(100), f.spec(2, 4))
	require.NoError(t, err)
	for i := range DefaultEntrantsPerAddr - 1 {
		require.NoError(t, f.s.Enter(ctx, entrant(100+i), open.Code))
	}
	for i := 1; i < DefaultOpenPerAddr; i++ {
		_, err := f.s.Create(ctx, host(100+i), f.spec(2, 4))
		require.NoError(t, err)
	}
	_, err = f.s.Create(ctx, host(200), f.spec(2, 4))
	require.ErrorIs(t, err, ErrTooMany)
	require.ErrorContains(t, err, fmt.Sprintf("from your address (%d)", DefaultOpenPerAddr))
	require.NoError(t, f.s.Enter(ctx, entrant(200), open.Code))
	require.ErrorIs(t, f.s.Enter(ctx, entrant(201), open.Code), ErrAddrFull)
	from, _ := f.s.counts()
	assert.Equal(t, DefaultOpenPerAddr, from)
}

// TestDailyEntrantsForgottenNextDay: the entrants' addresses of a day's
// dailies are forgotten once the next day's are made, even when nobody
// creates a tournament.
func TestDailyEntrantsForgottenNextDay(t *testing.T) {
	f := newFixture(t, true)
	ctx := context.Background()
	for day := range 3 {
		_, err := f.s.List(ctx, ann.Key)
		require.NoError(t, err)
		for n := 2; n <= 4; n++ {
			p := Player{Key: fmt.Sprintf("dcba%060x", day*10+n), Name: "entrant", Addr: "198.51.100.1"}
			require.NoError(t, f.s.Enter(ctx, p, DailyCode(f.s.Today(), n)))
		}
		_, entrants := f.s.counts()
		assert.Equal(t, 3, entrants, "day %d", day)
		f.c.Add(24 * time.Hour)
	}
}

// TestCreateCountsAWrittenCreationOnce: a creation written to the
// database and not yet returned is counted once by a creation counting
// meanwhile, not as both a tournament open and one being created: with
// one tournament open and one written, a host under
// MaxOpenPerCreator creates a third, and only a fourth is refused.
func TestCreateCountsAWrittenCreationOnce(t *testing.T) {
	f := newFixture(t, false)
	written := newStop()
	f.wrap = func(db DB) DB { return hookedCreations{DB: db, created: written.pass} }
	f.restart(false)
	ctx := context.Background()
	p := ann
	p.Addr = "192.0.2.7"
	_, err := f.s.Create(ctx, p, f.spec(2, 4))
	require.NoError(t, err)
	written.arm()
	held := make(chan error, 1)
	go func() {
		_, err := f.s.Create(ctx, p, f.spec(2, 4))
		held <- err
	}()
	select {
	case <-written.at: // the second is in the database, its Create not done
	case err := <-held:
		t.Fatalf("the second creation ended before its write: %v", err)
	}
	_, err = f.s.Create(ctx, p, f.spec(2, 4))
	require.NoError(t, err, "the written creation is counted twice")
	close(written.release)
	require.NoError(t, <-held)
	_, err = f.s.Create(ctx, p, f.spec(2, 4))
	require.ErrorIs(t, err, ErrTooMany)
	require.ErrorContains(t, err, fmt.Sprintf("you host %d already", MaxOpenPerCreator))
	ts, err := f.db.Tournaments(ctx)
	require.NoError(t, err)
	require.Len(t, ts, MaxOpenPerCreator, "the tournaments open")
}

// TestCreateCountsAWrittenCreationsAddress: a creation written and not
// yet returned counts for its address in a creation counting meanwhile,
// before Create has marked the address: the address's one place is
// taken.
func TestCreateCountsAWrittenCreationsAddress(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	written, first := f.creationHeld("192.0.2.8", "write", func(s *stop) hookedCreations { return hookedCreations{created: s.pass} })
	require.ErrorIs(t, <-f.createFrom(ctx, 1, "192.0.2.8"), ErrTooMany)
	close(written.release)
	require.NoError(t, <-first)
}

// TestCreateDrawsAgainForACodeTaken: a code drawn that a tournament
// open has already is drawn again before any write, even one of the
// same host (a count would take that tournament for the one being
// created).
func TestCreateDrawsAgainForACodeTaken(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	require.NoError(t, f.db.SeePlayer(ctx, cy.Key, cy.Name))
	_, err := f.db.CreateTournament(ctx, clubdb.Tournament{Code: "TESTAB", Creator: cy.Key, Rules: rules.DefaultOptions(),
		Level: string(ai.Normal), Boards: 4, Ends: f.c.Now().Add(time.Hour)}, 1)
	require.NoError(t, err)
	i, err := f.s.Create(ctx, cy, f.spec(2, 4))
	require.NoError(t, err)
	assert.NotEqual(t, "TESTAB", i.Code)
	ts, err := f.db.Tournaments(ctx)
	require.NoError(t, err)
	require.Len(t, ts, 2, "the tournaments open")
}

// openings is how many creations the service holds in its count.
func (s *Service) openings() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.opening)
}

// heldCreations is a club database that holds each creation once it is
// written, until the test closes the channel it sends on written (or
// stop is closed).
type heldCreations struct {
	DB
	written chan chan struct{}
	stop    chan struct{}
}

func (h heldCreations) CreateTournament(ctx context.Context, t clubdb.Tournament, seed uint64) (clubdb.Tournament, error) {
	t, err := h.DB.CreateTournament(ctx, t, seed)
	if err == nil {
		release := make(chan struct{})
		select {
		case h.written <- release:
			select {
			case <-release:
			case <-h.stop:
			}
		case <-h.stop:
		}
	}
	return t, err
}

// created is a Create's answer.
type created struct {
	info Info
	err  error
}

// TestOverlappingCreationsForgetTheirOpenings: on a server where some
// creation is always under way, each one begun while the last was still
// being written, a creation ended by its host is forgotten once the
// creations that began before its write are done: the host creates and
// ends tournaments one after another without passing MaxOpenPerCreator,
// what the service holds stays small, and the cap still refuses at its
// limit.
func TestOverlappingCreationsForgetTheirOpenings(t *testing.T) {
	f := newFixture(t, false)
	written, stop := make(chan chan struct{}), make(chan struct{})
	f.wrap = func(db DB) DB { return heldCreations{DB: db, written: written, stop: stop} }
	f.restart(false)
	t.Cleanup(func() { close(stop) }) // before the fixture's: nothing stays held
	ctx := context.Background()
	create := func() chan created {
		done := make(chan created, 1)
		go func() {
			i, err := f.s.Create(ctx, ann, f.spec(2, 4))
			done <- created{i, err}
		}()
		return done
	}
	// heldAt waits until the creation done is written, and returns what
	// releases it.
	heldAt := func(done chan created, round int) chan struct{} {
		select {
		case release := <-written:
			return release
		case c := <-done:
			t.Fatalf("round %d: the creation ended before its write: %v", round, c.err)
			return nil
		}
	}
	prev := create()
	release := heldAt(prev, -1)
	for round := range 3 * MaxOpenPerCreator {
		next := create()
		releaseNext := heldAt(next, round) // begun and written while prev is held
		close(release)
		c := <-prev
		require.NoError(t, c.err, "round %d", round)
		require.NoError(t, f.s.End(ctx, ann, c.info.Code))
		assert.LessOrEqual(t, f.s.openings(), 2, "round %d: openings kept", round)
		prev, release = next, releaseNext
	}
	close(release)
	require.NoError(t, (<-prev).err)
	assert.Zero(t, f.s.openings(), "openings kept with no creation under way")

	// One tournament open: MaxOpenPerCreator-1 more, then refused.
	for round := range MaxOpenPerCreator - 1 {
		done := create()
		close(heldAt(done, round))
		require.NoError(t, (<-done).err)
	}
	_, err := f.s.Create(ctx, ann, f.spec(2, 4))
	require.ErrorIs(t, err, ErrTooMany)
	require.ErrorContains(t, err, fmt.Sprintf("you host %d already", MaxOpenPerCreator))
}

// held is how many board sets and end signals the service holds.
func (s *Service) held() (sets, endSignals int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sets), len(s.endSignals)
}

// lives is how many entrants' boards the service holds.
func (s *Service) lives() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}

// TestSetsAndEndSignalsBounded: tournaments created, played, ended by
// their hosts and read again and again leave at most closedSets board
// sets, and no end signal nor entrant's board once their seats are
// given up; a set dropped is made again the same, and a board still in
// play after its tournament's end keeps its own.
func TestSetsAndEndSignalsBounded(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	const rounds = closedSets + 4
	var codes []string
	first := map[string]string{} // the par log of each tournament's board 1
	var inPlay *Seat
	for round := range rounds {
		i, err := f.s.Create(ctx, cy, f.spec(2, 4))
		require.NoError(t, err)
		codes = append(codes, i.Code)
		require.NoError(t, f.s.Enter(ctx, bob, i.Code))
		seat, err := f.s.Play(ctx, bob, i.Code)
		require.NoError(t, err)
		ended := waitEnded(seat)
		require.NoError(t, f.s.End(ctx, cy, i.Code))
		require.True(t, <-ended, "round %d: the end not heard", round)
		if round == 0 {
			inPlay = seat // its board goes on after the end
		} else {
			seat.Close()
		}
		l, err := f.s.ParLog(ctx, i.Code, 1)
		require.NoError(t, err)
		text, err := l.MarshalText()
		require.NoError(t, err)
		first[i.Code] = string(text)
		sets, signals := f.s.held()
		assert.LessOrEqual(t, sets, closedSets, "round %d: sets kept", round)
		assert.LessOrEqual(t, signals, 1, "round %d: end signals kept", round)
		assert.LessOrEqual(t, f.s.lives(), 1, "round %d: entrants' boards kept", round)
	}
	_, _, ok := f.s.HiddenFrom(codes[0], bob.Key)
	assert.True(t, ok, "the board in play lost its set")
	inPlay.Close()
	_, signals := f.s.held()
	assert.Zero(t, signals, "end signals kept with no seat")
	assert.Zero(t, f.s.lives(), "entrants' boards kept with no seat")
	for _, code := range codes {
		l, err := f.s.ParLog(ctx, code, 1)
		require.NoError(t, err)
		text, err := l.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, first[code], string(text), "%s's board 1 made again otherwise", code)
	}
	sets, _ := f.s.held()
	assert.LessOrEqual(t, sets, closedSets)
}
