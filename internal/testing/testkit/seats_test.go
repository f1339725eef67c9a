package testkit

import (
	"fmt"
	"slices"
	"testing"
)

// TestEachSeatCount: the test runs once at each table size, in order,
// as a subtest named by the count of players.
func TestEachSeatCount(t *testing.T) {
	var ran []string
	EachSeatCount(t, func(sub *testing.T, n int) {
		ran = append(ran, fmt.Sprintf("%s at %d", sub.Name(), n))
	})
	want := []string{t.Name() + "/2_players at 2", t.Name() + "/3_players at 3", t.Name() + "/4_players at 4"}
	if !slices.Equal(ran, want) {
		t.Fatalf("ran %q, want %q", ran, want)
	}
}
