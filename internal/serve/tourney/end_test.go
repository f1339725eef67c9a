package tourney

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
