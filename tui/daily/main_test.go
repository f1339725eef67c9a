package daily

import (
	"os"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
)

// TestMain keeps the state directories the tests play days in, with a
// sync for every save, in memory (testkit.MainInMemory).
func TestMain(m *testing.M) { os.Exit(testkit.MainInMemory(m)) }
