package errwrite

import (
	"errors"
	"strings"
	"testing"
)

// failAfter fails every write after the first n bytes.
type failAfter struct {
	b strings.Builder
	n int
}

var errFull = errors.New("no space left")

func (f *failAfter) Write(p []byte) (int, error) {
	if f.b.Len()+len(p) > f.n {
		return 0, errFull
	}
	return f.b.Write(p)
}

// TestFirstErrorKept: the writes go through until one fails; that error
// is kept, and nothing after it is written.
func TestFirstErrorKept(t *testing.T) {
	dst := &failAfter{n: 6}
	w := &Writer{W: dst}
	for _, s := range []string{"abc", "def", "ghi", "j"} {
		_, _ = w.Write([]byte(s))
	}
	if dst.b.String() != "abcdef" || !errors.Is(w.Err, errFull) {
		t.Fatalf("wrote %q, kept %v; want \"abcdef\" and the first error", dst.b.String(), w.Err)
	}
}
