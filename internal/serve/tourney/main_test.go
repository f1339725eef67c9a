package tourney

import (
	"os"
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
)

// TestMain keeps the tests' directories (the club's database, the
// tournaments' files, each save synced) in memory
// (testkit.MainInMemory).
func TestMain(m *testing.M) { os.Exit(testkit.MainInMemory(m)) }
