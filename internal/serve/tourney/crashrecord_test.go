package tourney

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// stopsBeforeResult is a database the server stops on as a board's
// result is written: the board's log is on disk, its result is not.
type stopsBeforeResult struct {
	DB
	tried chan struct{}
}

func (d stopsBeforeResult) FinishBoard(context.Context, string, string, int, float64, string, string) error {
	select {
	case d.tried <- struct{}{}:
	default:
	}
	return errors.New("the server stopped")
}

// A board played out whose result the server never wrote (it stopped
// between the board's last move and its result) is recorded when the
// server starts again, with the result its log holds: it counts
// whether or not its player comes back before the end, and their next
// board is the one after it.
func TestBoardPlayedBeforeACrashIsRecorded(t *testing.T) {
	eachSeatCount(t, func(t *testing.T, f *fixture, n int) {
		ctx := context.Background()
		tried := make(chan struct{}, 1)
		f.wrap = func(db DB) DB { return stopsBeforeResult{DB: db, tried: tried} }
		f.restart(false)
		code := f.create(n, 4, ann)
		seat, err := f.s.Play(ctx, ann, code)
		require.NoError(t, err)
		require.True(t, playOut(t, seat, middle, nil))
		<-tried
		seat.Leave()
		bs, err := f.db.BoardsOf(ctx, code, ann.Key)
		require.NoError(t, err)
		require.Len(t, bs, 1)
		require.False(t, bs[0].Finished, "the result was written")
		l, err := gamelog.ReadFile(filepath.Join(f.dir, "tourneys", bs[0].Log))
		require.NoError(t, err)
		want := logResult(t, l, rules.SeatA)

		f.wrap = nil
		f.restart(false)
		bs, err = f.db.BoardsOf(ctx, code, ann.Key)
		require.NoError(t, err)
		require.Len(t, bs, 1)
		assert.True(t, bs[0].Finished, "the board played out is not recorded")
		assert.Equal(t, want, bs[0].Result)
		assert.True(t, f.logged("played out before the restart; its result is recorded now"), f.log.Lines())
		seat, err = f.s.Play(ctx, ann, code)
		require.NoError(t, err)
		assert.Equal(t, 2, seat.Board, "the next board")
		seat.Leave()
	})
}
