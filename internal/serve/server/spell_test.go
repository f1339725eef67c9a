package server

import (
	"testing"
	"time"
)

// TestSpell: the idle limit reads as a person says it.
func TestSpell(t *testing.T) {
	for d, want := range map[time.Duration]string{30 * time.Minute: "30 minutes", time.Hour: "1 hour",
		90 * time.Minute: "90 minutes", 45 * time.Second: "45 seconds", 300 * time.Millisecond: "300ms"} {
		if got := spell(d); got != want {
			t.Errorf("spell(%v) = %q, want %q", d, got, want)
		}
	}
}
