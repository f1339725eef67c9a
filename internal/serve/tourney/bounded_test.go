package tourney

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
