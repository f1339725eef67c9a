package tui

import (
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

func TestPossessive(t *testing.T) {
	for name, want := range map[string]string{"You": "your", "Bot": "Bot's", "Random A": "Random A's"} {
		if got := possessive(name); got != want {
			t.Errorf("possessive(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestElideName: a file name too long for the replay header loses its
// ending, then whole words from the middle, never part of a word.
func TestElideName(t *testing.T) {
	const name = "2026-11-29-1431-vs-Bot-normal-lost.klob"
	cases := []struct {
		w    int
		want string
	}{
		{60, name},
		{35, "2026-11-29-1431-vs-Bot-normal-lost"},
		{30, "2026-11-29-1431-vs-Bot-…-lost"},
		{22, "2026-11-29-1431-…-lost"},
		{12, "2026-…-lost"},
		{6, "…"},
		{0, ""},
	}
	for _, c := range cases {
		got := elideName(name, c.w)
		if got != c.want || widthOf(got) > max(c.w, 0) {
			t.Errorf("elideName(%d) = %q, want %q", c.w, got, c.want)
		}
	}
}

// TestThrownInSaysWhoseSchmeiss: "Bot accepted your schmeiss", never
// "You's".
func TestThrownInSaysWhoseSchmeiss(t *testing.T) {
	name := func(s rules.Seat) string { return [2]string{"You", "Bot"}[s] }
	rd := &gamelog.ReplayDeal{Ending: rules.SchmeissAccepted, Schmeisser: rules.SeatA}
	if got, want := abandonWhy(rd, name), "Bot accepted your schmeiss"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	rd.Schmeisser = rules.SeatB
	if got, want := abandonWhy(rd, name), "You accepted Bot's schmeiss"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
