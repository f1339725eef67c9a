//go:build unix

package untrusted_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/testing/testkit"
)

// Endless and special files are refused at once, with what they are
// (read whole, /dev/zero would fill the memory and a FIFO would hang
// the screen).
func TestReadFileRefusesSpecialFiles(t *testing.T) {
	for _, c := range testkit.SpecialFiles(t) {
		var err error
		testkit.Returns(t, time.Minute, "ReadFile "+c.Path, func() { _, err = untrusted.ReadFile(c.Path) })
		if !errors.Is(err, untrusted.ErrNotRegular) || !strings.Contains(err.Error(), c.What) || !strings.Contains(err.Error(), c.Path) {
			t.Errorf("%s: got %v, want ErrNotRegular saying %s", c.Path, err, c.What)
		}
	}
}
