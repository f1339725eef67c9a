package train

import (
	"errors"
	"fmt"
	"testing"

	"github.com/klob/klob/tui/train/traintest"
)

// TestQuitQuestionSaysWhatIsKept: at every seat count, the quit
// question says the record is kept after every drill only where it is:
// without a record (no state folder, a guest) it lasts the session, and
// after a save that failed the record does not hold the session.
func TestQuitQuestionSaysWhatIsKept(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		rs := fmt.Sprintf("players=%d", n)
		kept := start(t, rulesConfig(t, &traintest.MemRecord{}, rs), 80, 24)
		kept.press("enter")
		if got, want := kept.s.QuitQuestion(), "Your record is kept after every drill."; got != want {
			t.Errorf("%s, a record kept: %q, want %q", rs, got, want)
		}
		none := start(t, rulesConfig(t, nil, rs), 80, 24)
		if got, want := none.s.QuitQuestion(), "Your record is kept for this session only."; got != want {
			t.Errorf("%s, no record: %q, want %q", rs, got, want)
		}
		rec := &traintest.MemRecord{AddErr: errors.New("disk full")}
		failed := start(t, rulesConfig(t, rec, rs), 80, 24)
		failed.press("enter")
		if failed.s.session.Drills != 1 {
			t.Fatalf("%s: %d drills answered, want 1", rs, failed.s.session.Drills)
		}
		if got, want := failed.s.QuitQuestion(), "Your record could not be saved: it does not hold this session."; got != want {
			t.Errorf("%s, a save failed: %q, want %q", rs, got, want)
		}
	}
}
