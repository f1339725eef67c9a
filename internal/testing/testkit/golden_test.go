package testkit

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFirstDiff: the first line that differs is named with both texts,
// a missing line reading as empty.
func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ got, want, diff string }{
		{"a\nb\n", "a\nb\n", "no difference"},
		{"a\nb\nc", "a\nx\nc", "line 2:\n got  b\n want x"},
		{"a\n", "a\nb", "line 2:\n got  \n want b"},
	} {
		require.Equal(t, c.diff, FirstDiff([]byte(c.got), []byte(c.want)), "%q against %q", c.got, c.want)
	}
}
