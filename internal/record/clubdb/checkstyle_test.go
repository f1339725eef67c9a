package clubdb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Damage the check finds says what to do in one style however it
// shows: a file too malformed to check (random bytes over its middle
// pages) gives the DamagedError a cut file gives, and a report of
// damaged rows ends with the same advice. The file is left as it was.
func TestCheckSaysDamageOneWay(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Greater(t, fi.Size(), int64(6*4096), "pages to damage")
	patch(t, path, fi.Size()/2, bytes.Repeat([]byte{0xa5, 0x3c, 0xee, 0x01}, 2048))
	before := fileSum(t, path)
	_, err = CheckFile(context.Background(), path)
	var de *DamagedError
	require.ErrorAs(t, err, &de)
	assert.Contains(t, err.Error(), "the club database "+path+" is damaged: SQLite finds it malformed")
	assert.Contains(t, err.Error(), "It is left as it is: move it away")
	assertUntouched(t, path, before)

	var out strings.Builder
	(&Report{Path: "p", Problems: []string{"integrity: row 21 missing from index i"}, Damaged: true}).Write(&out)
	assert.Equal(t, "p: integrity: row 21 missing from index i\np: 1 problem\n"+
		"the club database p is damaged: its check finds the 1 problem above. It is left as it is: move it away with its -wal and -shm files (klob serve then starts a new one and imports the state directory again), or put back a copy.\n", out.String())
}
