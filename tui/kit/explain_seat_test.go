package kit

import (
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// The dealer speaks last in the sequence dialogue: an announcement of
// its is answered by nobody, and its "no sequence" leaves the deal
// without sequences. At every seat count.
func TestDialogueExplainedForTheLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		last := rules.View{Players: n, Phase: rules.PhaseSequences, Seat: rules.SeatA, Dealer: rules.SeatA}
		first := last
		first.Dealer = rules.SeatB
		for _, a := range []rules.Action{rules.AnnounceAction(20), rules.AnnounceAction(50)} {
			if e := ChoiceExplain(&g, &last, a); strings.Contains(e, "answers") || !strings.Contains(e, "you win") {
				t.Errorf("%d players, the dealer's %v: %q", n, a, e)
			}
			if e := ChoiceExplain(&g, &first, a); !strings.Contains(e, "answers") {
				t.Errorf("%d players, the first speaker's %v: %q", n, a, e)
			}
		}
		if e := ChoiceExplain(&g, &last, rules.Action{Kind: rules.NoSequence}); e != "say none: nobody then scores sequences" {
			t.Errorf("%d players, the dealer's no sequence: %q", n, e)
		}
	}
}
