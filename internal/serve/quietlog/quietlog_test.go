package quietlog

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// fakeAfter keeps the windows' ends for the test to run.
type fakeAfter struct{ ends []func() }

func (f *fakeAfter) after(_ time.Duration, fn func()) func() bool {
	f.ends = append(f.ends, fn)
	return func() bool { return false }
}

// An address gets Most lines of a kind a window, each kind its own;
// the window's end sums up the rest, kind by kind, in the kinds' order;
// the next window logs anew. Lines without an address are all logged.
func TestBoundsPerAddressAndKind(t *testing.T) {
	opened := Kind{One: "table", Many: "tables", What: "opened", Most: 2}
	seats := Kind{One: "seat", Many: "seats", What: "taken or left", Most: 3}
	var lines []string
	f := &fakeAfter{}
	q := New(f.after, func(l string) { lines = append(lines, l) }, opened, seats)
	for i := range 5 {
		q.Printf("192.0.2.1", seats, "seat %d", i)
		q.Printf("192.0.2.1", opened, "table %d", i)
	}
	q.Printf("192.0.2.2", opened, "other")
	q.Printf("", opened, "local %d", 1)
	q.Printf("", opened, "local %d", 2)
	q.Printf("", opened, "local %d", 3)
	assert.Equal(t, []string{"seat 0", "table 0", "seat 1", "table 1", "seat 2", "other", "local 1", "local 2", "local 3"}, lines)
	assert.Len(t, f.ends, 2, "a window per address, none for lines without one")

	lines = nil
	for _, end := range f.ends {
		end()
	}
	assert.Equal(t, []string{
		"3 more tables from 192.0.2.1 opened in the last minute (not logged one by one)",
		"2 more seats from 192.0.2.1 taken or left in the last minute (not logged one by one)",
	}, lines)

	lines = nil
	q.Printf("192.0.2.1", opened, "again")
	assert.Equal(t, []string{"again"}, lines, "a new window")
}

// Beyond MaxAddrs addresses, new ones share one count.
func TestManyAddressesShareACount(t *testing.T) {
	k := Kind{One: "table", Many: "tables", What: "opened", Most: 1}
	n := 0
	f := &fakeAfter{}
	q := New(f.after, func(string) { n++ }, k)
	for i := range MaxAddrs + 10 {
		q.Printf(fmt.Sprint("a", i), k, "line")
	}
	assert.Equal(t, MaxAddrs+1, n, "the addresses beyond share one line")
	assert.Len(t, f.ends, MaxAddrs+1)
}
