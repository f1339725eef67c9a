package daily

import (
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/tui/kit"
)

// Between boards q quits unasked while the day is today's, and the
// footer says that the day is kept; once the date has left the day
// behind, q asks first, saying what quitting keeps.
func TestBetweenSaysWhatQuitKeeps(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end", f.on("between"))
	if !strings.Contains(f.text(), "[q] quit, the day kept") || !kit.QuitsAtOnce(f.s) {
		t.Fatalf("between boards the footer does not say what q keeps (at once %v):\n%s", kit.QuitsAtOnce(f.s), f.text())
	}
	f.s.cfg.Now = func() time.Time { return t0.Add(48 * time.Hour) }
	if kit.QuitsAtOnce(f.s) {
		t.Fatal("q quits unasked a day the date has left behind")
	}
	if q := f.s.QuitQuestion(); !strings.Contains(q, "cannot be finished") {
		t.Fatalf("the question does not say the day is lost: %q", q)
	}
	if strings.Contains(f.text(), "the day kept") {
		t.Fatalf("the footer says the day is kept where q asks:\n%s", f.text())
	}
}

// Past midnight, q between boards asks, saying the date it is now; the
// question wraps as the App wraps it (kit.Wrap, "Quit Klob?" first, at
// every width up to 80 columns) and never parts a date at its hyphens:
// "It is 2026-" over "12-02 now" reads as two numbers. The date is
// the test's clock's.
func TestQuitQuestionKeepsTheDateWhole(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end", f.on("between"))
	f.s.cfg.Now = func() time.Time { return t0.Add(24 * time.Hour) }
	q := f.s.QuitQuestion()
	if !strings.Contains(q, "It is 2026-12-02 now") {
		t.Fatalf("the question does not say the date it is: %q", q)
	}
	for w := 30; w <= 78; w++ {
		text := strings.Join(kit.Wrap("Quit Klob? "+q, w), "\n")
		for _, date := range []string{"2026-12-01", "2026-12-02"} {
			if !strings.Contains(text, date) {
				t.Fatalf("width %d: %s is parted:\n%s", w, date, text)
			}
		}
	}
}
