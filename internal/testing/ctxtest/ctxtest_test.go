package ctxtest

import (
	"context"
	"testing"
)

// TestDeadlineAfter: the deadline passes at the given look, not before,
// and stays passed.
func TestDeadlineAfter(t *testing.T) {
	c := DeadlineAfter(3)
	for i := 1; i <= 5; i++ {
		err := c.Err()
		select {
		case <-c.Done():
			if i < 3 {
				t.Fatalf("look %d: done before the third look", i)
			}
		default:
			if i >= 3 {
				t.Fatalf("look %d: not done", i)
			}
		}
		if want := i >= 3; (err == context.DeadlineExceeded) != want {
			t.Fatalf("look %d: Err %v", i, err)
		}
	}
	if c.Count() != 5 {
		t.Fatalf("Count %d, want 5", c.Count())
	}
}
