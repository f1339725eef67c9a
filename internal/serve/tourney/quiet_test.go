package tourney

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
		assert.Contains(t, title, code)
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
