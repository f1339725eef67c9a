package untrusted

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// MaxFileSize is the most ReadFile reads: 16 MiB, far above the largest
// real file (a game log of 400 deals is under 200 KB, the trainer record
// a few KB).
const MaxFileSize = 16 << 20

// Errors of ReadFile, wrapped with the path and details; test them with
// errors.Is.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("file too large")
)

// ReadFile reads the regular file at path, up to MaxFileSize bytes.
func ReadFile(path string) ([]byte, error) { return ReadFileMax(path, MaxFileSize) }

// ReadFileMax reads the regular file at path (a symbolic link is
// followed), refusing one larger than max bytes with ErrTooLarge and
// anything but a regular file (a FIFO, a device, a directory, a socket)
// with ErrNotRegular. A FIFO is refused at once: it is opened without
// waiting for a writer. Errors from the file system (fs.ErrNotExist,
// fs.ErrPermission) are returned as os.Open returns them.
func ReadFileMax(path string, max int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: %w (%s): only a regular file is read", path, ErrNotRegular, Kind(st.Mode()))
	}
	if st.Size() > max {
		return nil, tooLarge(path, max)
	}
	// The size may change while reading: read at most max+1 bytes to
	// tell.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, max)
	}
	return data, nil
}

func tooLarge(path string, max int64) error {
	return fmt.Errorf("read %s: %w: over %s, larger than any file klob writes", path, ErrTooLarge, size(max))
}

// size writes a byte count in the largest whole unit.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Kind names a file mode that is not a regular file: "a directory",
// "a FIFO", and so on.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}

// Text returns s safe to print on a terminal: valid UTF-8 without
// control characters or bidirectional controls. Each such character is
// replaced by its Go escape (\x1b, \n, \u202e), each invalid byte by \xNN;
// everything else, other scripts and symbols included, is kept.
func Text(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r):
			q := fmt.Sprintf("%+q", r) // '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune reports a rune a terminal may obey rather than show: C0 and
// C1 controls, DEL, and the bidirectional embeddings, overrides and
// isolates that reorder the text around them.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 ||
		r == 0x200e || r == 0x200f || r == 0x061c
}
