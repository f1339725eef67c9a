package rules

import (
	"strings"
	"testing"
)

// TestPlayedLeavesOutWhatIsNotPlayed: the rules line a person reads
// (Played) names no bottom card at four players, where every card is
// dealt, and names it at two and three; ParseOptions reads it back to
// the same options, and String, which a log's readers and the seeds
// use, keeps every key.
func TestPlayedLeavesOutWhatIsNotPlayed(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := DefaultOptions()
		if err := o.Set("players", string(rune('0'+n))); err != nil {
			t.Fatal(err)
		}
		played := o.Played()
		if got := strings.Contains(played, "bottom_card="); got != (n != 4) {
			t.Errorf("%d players: %q names the bottom card: %v", n, played, got)
		}
		if back, err := ParseOptions(played); err != nil || back != o {
			t.Errorf("%d players: %q reads back as %+v (%v), want %+v", n, played, back, err, o)
		}
		if !strings.Contains(o.String(), "bottom_card=") {
			t.Errorf("%d players: String %q lost bottom_card", n, o.String())
		}
	}
}
