package duration

import (
	"testing"
	"time"
)

// TestWords: a span reads as a person says it.
func TestWords(t *testing.T) {
	for d, want := range map[time.Duration]string{30 * time.Minute: "30 minutes", time.Hour: "1 hour", time.Minute: "1 minute",
		90 * time.Minute: "90 minutes", 45 * time.Second: "45 seconds", 300 * time.Millisecond: "300ms"} {
		if got := Words(d); got != want {
			t.Errorf("Words(%v) = %q, want %q", d, got, want)
		}
	}
}
