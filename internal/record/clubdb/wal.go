package clubdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/klob/klob/internal/platform/untrusted"
)

// walHeaderSize is the size of the header that starts a write-ahead
// log: magic, format version, page size, checkpoint sequence, two salts
// and the header's checksum, 4 bytes each, big-endian.
const walHeaderSize = 32

// walMagic is the log's magic number with its last bit clear: set, the
// checksums read the bytes as big-endian words; clear, little-endian.
const walMagic = 0x377f0682

// walVersion is the only format version of write-ahead logs SQLite
// writes and reads.
const walVersion = 3007000

// checkWAL refuses the database at path when its write-ahead log is
// there, not empty, and does not start with a whole, valid header. SQLite
// takes such a log for an empty one and resets it: the commits in it,
// not yet copied into the database, would be lost without a word. Frames
// torn after a valid header are what a crash leaves, and SQLite keeps
// the valid ones: they are not refused.
func checkWAL(path string) error {
	wal := path + WALSuffix
	fi, err := os.Stat(wal)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("the club database %s: its write-ahead log %s: %w", path, wal, err)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("the write-ahead log %s of the club database %s is not a regular file (%s): both are left as they are", wal, path, untrusted.Kind(fi.Mode()))
	case fi.Size() == 0:
		return nil
	}
	f, err := os.Open(wal)
	if err != nil {
		return fmt.Errorf("the club database %s: its write-ahead log %s: %w", path, wal, err)
	}
	defer f.Close()
	var h [walHeaderSize]byte
	n, err := io.ReadFull(f, h[:])
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return &DamagedError{Path: path, WAL: wal, Reason: fmt.Sprintf("it is %d bytes long, shorter than SQLite's %d-byte header", n, walHeaderSize)}
	} else if err != nil {
		return fmt.Errorf("the club database %s: its write-ahead log %s: %w", path, wal, err)
	}
	if r := walHeaderProblem(h); r != "" {
		return &DamagedError{Path: path, WAL: wal, Reason: r}
	}
	return nil
}

// walHeaderProblem says what makes h no header SQLite reads, "" when
// it is one.
func walHeaderProblem(h [walHeaderSize]byte) string {
	be := binary.BigEndian
	magic := be.Uint32(h[0:])
	if magic&^1 != walMagic {
		return fmt.Sprintf("its header does not start with SQLite's magic number (%#08x, not %#08x or %#08x)", magic, walMagic, walMagic|1)
	}
	if v := be.Uint32(h[4:]); v != walVersion {
		return fmt.Sprintf("its header gives format version %d, not SQLite's %d", v, walVersion)
	}
	if ps := be.Uint32(h[8:]); ps < 512 || ps > 65536 || ps&(ps-1) != 0 {
		return fmt.Sprintf("its header gives a page size of %d bytes, which SQLite never writes", ps)
	}
	var order binary.ByteOrder = binary.LittleEndian
	if magic&1 == 1 {
		order = binary.BigEndian
	}
	s0, s1 := walChecksum(order, h[:24])
	if s0 != be.Uint32(h[24:]) || s1 != be.Uint32(h[28:]) {
		return "its header's checksum does not match the header"
	}
	return ""
}

// walChecksum is SQLite's checksum of the write-ahead log over b (a
// multiple of 8 bytes), its 32-bit words read in order.
func walChecksum(order binary.ByteOrder, b []byte) (s0, s1 uint32) {
	for i := 0; i+8 <= len(b); i += 8 {
		s0 += order.Uint32(b[i:]) + s1
		s1 += order.Uint32(b[i+4:]) + s0
	}
	return s0, s1
}
