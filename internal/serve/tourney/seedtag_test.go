package tourney

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/session"
)

// TestBoardLogHasNoSeed: a board is one fixed deal, drawn from no seed,
// so its log has no Seed tag; a log of an older server, whose boards
// carry Seed "0", still resumes where it was.
func TestBoardLogHasNoSeed(t *testing.T) {
	f := newFixture(t, false)
	code, seat := f.annAtTheSecondDecision()
	before := len(history(seat))
	seat.Leave()
	f.restart(false)

	path := filepath.Join(f.dir, "tourneys", boardPath(code, ann.Key, 1))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(data)
	board := `[` + TagBoard + ` "1"]` + "\n"
	require.Contains(t, text, board)
	assert.NotContains(t, text, "["+session.SeedTag+" ", "a board's log names a seed")

	old := strings.Replace(text, board, `[`+session.SeedTag+` "0"]`+"\n"+board, 1)
	require.NoError(t, os.WriteFile(path, []byte(old), 0o600))
	again, err := f.s.Play(context.Background(), ann, code)
	require.NoError(t, err)
	defer again.Leave()
	assert.Equal(t, 1, again.Board)
	assert.True(t, again.Resumed)
	assert.Equal(t, before, len(history(again)), "the old log's board goes on where it was")
	assert.NotContains(t, f.log.String(), "damaged")
}
