package tourney

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDamagedParFileThatCannotMoveIsNotWrittenOver: a par file that
// does not read and cannot be moved aside (here its folder for damaged
// files cannot be made) stays as it is: par is worked out again in
// memory and not kept, and the server's log says why.
func TestDamagedParFileThatCannotMoveIsNotWrittenOver(t *testing.T) {
	f := newFixture(t, false)
	code := f.create(2, 4)
	pars := f.waitPars(code)
	dir := filepath.Join(f.dir, "tourneys", code)
	path := filepath.Join(dir, parName)
	damaged := []byte("not par lines\n")
	require.NoError(t, os.WriteFile(path, damaged, 0o600))
	// A file where the folder for damaged files goes: the move fails.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "damaged"), nil, 0o600))

	require.NoError(t, f.s.workOutPar(context.Background(), code))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(damaged), string(data), "the damaged par file was written over")
	assert.True(t, f.log.Has("tournament "+code+": the par lines "+path+" cannot be read, and is left as it is"), "the log:\n%s", f.log.String())
	assert.True(t, f.log.Has("not kept"), "the log:\n%s", f.log.String())
	got, err := f.db.Pars(context.Background(), code)
	require.NoError(t, err)
	assert.Equal(t, pars, got)
}
