package testkit

import (
	"testing"
	"time"
)

// Returns runs f and fails the test at once if f has not returned
// within guard. The guard only catches a hang; it never measures speed.
func Returns(t testing.TB, guard time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(guard):
		t.Fatalf("%s: still running after %v", what, guard)
	}
}
