package testkit

import (
	"fmt"
	"testing"

	"github.com/klob/klob/rules"
)

// EachSeatCount runs test as a subtest at every size of table, two,
// three and four players, each named by its count ("2 players"; -run
// 'Test/2' picks one).
func EachSeatCount(t *testing.T, test func(t *testing.T, n int)) {
	t.Helper()
	for _, n := range rules.SeatCounts() {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) { test(t, n) })
	}
}
