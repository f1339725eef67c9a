package drill

import (
	"os"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
)

// TestMain keeps the records the tests write, with a sync for every
// save, in memory (testkit.MainInMemory).
func TestMain(m *testing.M) { os.Exit(testkit.MainInMemory(m)) }
