//go:build unix

package clubdb

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/testing/testkit"
)

// A directory, a FIFO or a device where the club database should be is
// refused in words ("a directory"), not the mode's bits, by Open and by
// the check, without a read that could hang.
func TestSpecialFilesAreRefused(t *testing.T) {
	for _, s := range testkit.SpecialFiles(t) {
		t.Run(s.What, func(t *testing.T) {
			err := openRefused(t, s.Path)
			assert.Contains(t, err.Error(), s.Path+" is not a regular file ("+s.What+"): it is left as it is")
			_, err = CheckFile(context.Background(), s.Path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "("+s.What+")")
		})
	}
}
