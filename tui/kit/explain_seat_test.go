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

// The dealer speaks last in round one: its pass leaves the upcard's
// suit to nobody, it opens round two. Anyone else's pass leaves it to
// the next to speak. At every seat count.
func TestRoundOnePassExplainedForTheLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		last := rules.View{Players: n, Phase: rules.PhaseBid1, Seat: rules.SeatA, Dealer: rules.SeatA}
		first := last
		first.Dealer = rules.Seat(n - 1)
		pass := rules.Action{Kind: rules.Pass}
		if e := ChoiceExplain(&g, &last, pass); strings.Contains(e, "leave") || !strings.Contains(e, "round two") {
			t.Errorf("%d players, the dealer's pass in round one: %q", n, e)
		}
		if e := ChoiceExplain(&g, &first, pass); !strings.Contains(e, "leave") {
			t.Errorf("%d players, the first speaker's pass in round one: %q", n, e)
		}
	}
}
