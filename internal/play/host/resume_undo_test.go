package host

import (
	"testing"

	"github.com/klob/klob/internal/testing/testkit"
)

// TestUndoAfterResume: a decision that could be taken back before the
// game stopped (no card shown since) can be taken back after it is
// resumed, at every seat count; before, the resume counted every card in
// view as new and refused every takeback as "cards were shown".
func TestUndoAfterResume(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		s, h2 := playStopResume(t, n, "a decision after one that can be taken back", func(s Snapshot) bool { return s.Can.Act && s.Can.Undo })
		p := sit(t, h2, 0)
		r := await(t, p, "the resumed decision", func(x Snapshot) bool { return x.Can.Act })
		if r.View != s.View {
			t.Fatal("the resumed game shows another position")
		}
		if !r.Can.Undo {
			t.Fatal("the resumed game does not offer the takeback it offered before the stop")
		}
		if err := p.Undo(); err != nil {
			t.Fatalf("undo after the resume: %v", err)
		}
	})
}
