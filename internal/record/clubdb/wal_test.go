package clubdb

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walCopies makes a database whose write-ahead log holds commits not
// yet in the database (a player, "late"), and copies the two files, as
// a copy of a running server's state directory has them, into n new
// directories; it returns the copies' paths.
func walCopies(t *testing.T, n int) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), FileName)
	goodFile(t, path)
	db, err := Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.SeePlayer(context.Background(), "late", "Late"))
	fi, err := os.Stat(path + WALSuffix)
	require.NoError(t, err)
	require.Greater(t, fi.Size(), int64(walHeaderSize), "commits in the log")
	var out []string
	for range n {
		p := filepath.Join(t.TempDir(), FileName)
		copyFile(t, path, p)
		copyFile(t, path+WALSuffix, p+WALSuffix)
		out = append(out, p)
	}
	return out
}

// A write-ahead log whose header is overwritten holds commits SQLite
// would drop without a word (it takes such a log for an empty one):
// Open and the check refuse the database, say it is the log and where,
// and leave both files as they are, and no -shm beside them. The same
// log with a sound header opens with its commit.
func TestADamagedLogIsRefused(t *testing.T) {
	copies := walCopies(t, 2)
	sound, path := copies[0], copies[1]
	db, err := Open(sound, Options{})
	require.NoError(t, err)
	_, err = db.Player(context.Background(), "late")
	require.NoError(t, err, "the copy's log holds the player")
	require.NoError(t, db.Close())

	patch(t, path+WALSuffix, 0, []byte("thirty-two bytes of garbage here"))
	before, beforeWAL := fileSum(t, path), fileSum(t, path+WALSuffix)
	for range 2 {
		err := openRefused(t, path)
		var de *DamagedError
		require.ErrorAs(t, err, &de)
		assert.Equal(t, path+WALSuffix, de.WAL)
		assert.Contains(t, err.Error(), "the write-ahead log "+path+"-wal of the club database "+path+" is damaged: its header does not start with SQLite's magic number")
		assert.Contains(t, err.Error(), "Both are left as they are. Put back your latest backup")
		_, err = CheckFile(context.Background(), path)
		require.ErrorAs(t, err, &de)
		assert.Contains(t, err.Error(), "the write-ahead log "+path+"-wal of the club database "+path+" is damaged")
		assert.Equal(t, before, fileSum(t, path), "the database changed")
		assert.Equal(t, beforeWAL, fileSum(t, path+WALSuffix), "the log changed")
		assert.NoFileExists(t, path+"-shm")
	}
}

// Each part of the log's header SQLite checks is checked: the magic
// number, the format version, the page size and the header's checksum;
// a log shorter than its header is damaged too, an empty one is not.
func TestTheLogsHeaderIsChecked(t *testing.T) {
	path := walCopies(t, 1)[0]
	good, err := os.ReadFile(path + WALSuffix)
	require.NoError(t, err)
	require.NoError(t, checkWAL(path))
	var h [walHeaderSize]byte
	copy(h[:], good)
	require.Empty(t, walHeaderProblem(h))
	// resum gives h a sound checksum again after a change.
	resum := func(h [walHeaderSize]byte) [walHeaderSize]byte {
		var order binary.ByteOrder = binary.LittleEndian
		if h[3]&1 == 1 {
			order = binary.BigEndian
		}
		s0, s1 := walChecksum(order, h[:24])
		binary.BigEndian.PutUint32(h[24:], s0)
		binary.BigEndian.PutUint32(h[28:], s1)
		return h
	}
	// The other byte order's magic, with its own checksum, is SQLite's
	// too.
	other := h
	other[3] ^= 1
	assert.Empty(t, walHeaderProblem(resum(other)))
	assert.Contains(t, walHeaderProblem(other), "checksum does not match")
	cases := []struct {
		name string
		off  int
		b    []byte
		says string
	}{
		{"magic", 0, []byte{0x37, 0x7f, 0x06, 0x84}, "does not start with SQLite's magic number (0x377f0684"},
		{"version", 4, []byte{0, 0x2d, 0xe2, 0x19}, "format version 3007001, not SQLite's 3007000"},
		{"page size", 8, []byte{0, 0, 0x03, 0}, "page size of 768 bytes"},
		{"salt", 16, []byte{1, 2, 3, 4}, "checksum does not match"},
		{"checksum", 28, []byte{1, 2, 3, 4}, "checksum does not match"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := h
			copy(bad[c.off:], c.b)
			if c.off < 24 && c.name != "salt" {
				bad = resum(bad)
			}
			assert.Contains(t, walHeaderProblem(bad), c.says)
			data := slices.Clone(good)
			copy(data, bad[:])
			require.NoError(t, os.WriteFile(path+WALSuffix, data, 0o600))
			var de *DamagedError
			require.ErrorAs(t, checkWAL(path), &de)
			assert.Contains(t, de.Reason, c.says)
		})
	}
	require.NoError(t, os.WriteFile(path+WALSuffix, good[:20], 0o600))
	assert.ErrorContains(t, checkWAL(path), "it is 20 bytes long, shorter than SQLite's 32-byte header")
	require.NoError(t, os.WriteFile(path+WALSuffix, nil, 0o600))
	assert.NoError(t, checkWAL(path))
}

// A log cut in the middle of a frame, or with junk after its frames, is
// what a crash leaves: SQLite keeps the valid frames, and Open opens it.
func TestATornLogIsNotRefused(t *testing.T) {
	copies := walCopies(t, 2)
	cut, junk := copies[0], copies[1]
	fi, err := os.Stat(cut + WALSuffix)
	require.NoError(t, err)
	require.NoError(t, os.Truncate(cut+WALSuffix, fi.Size()-100))
	f, err := os.OpenFile(junk+WALSuffix, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.Write([]byte("a torn frame's bytes, and more of them"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	for _, path := range copies {
		rep, err := CheckFile(context.Background(), path)
		require.NoError(t, err)
		assert.True(t, rep.OK(), "%v", rep.Problems)
		db, err := Open(path, Options{})
		require.NoError(t, err)
		require.NoError(t, db.Close())
	}
}
