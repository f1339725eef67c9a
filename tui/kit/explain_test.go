package kit

import (
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestEveryChoiceIsExplained: every decision outside the card play has
// a line of explanation, two of them checked word for word.
func TestEveryChoiceIsExplained(t *testing.T) {
	g := NewGlyphs(false)
	v := rules.View{OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseBid1}
	for k := rules.Pass; k < rules.PlayCard; k++ {
		a := rules.Action{Kind: k}
		if k == rules.Announce {
			a.N = 20
		}
		if ChoiceExplain(&g, &v, a) == "" {
			t.Errorf("%v has no explanation", k)
		}
	}
	if got, want := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Same}), "equal top card; a trump sequence wins, else the non-dealer's"; got != want {
		t.Errorf("same: %q, want %q", got, want)
	}
	if got, want := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Refuse}), "play the deal: the other is the maker with ♥ hearts"; got != want {
		t.Errorf("refuse: %q, want %q", got, want)
	}
}

// TestHelpHasTheLegend: the help overlay explains score difference,
// bete, "≈ best", the grades with their thresholds (once) and the hand
// marks.
func TestHelpHasTheLegend(t *testing.T) {
	ctx := NewContext(false)
	ctx.Width = 100
	h := &HelpView{}
	all := strings.Join(h.Lines(&ctx), "\n")
	flat := strings.Join(strings.Fields(all), " ") // words wrapped anywhere
	for _, want := range []string{"Numbers and marks", "score diff:", "bete:", "≈ best", "an inaccuracy from 4 points", "a blunder from 20 points", "what the player could know", "bella the king and queen"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the help lacks %q", want)
		}
	}
	legend := all[strings.Index(all, "Numbers and marks"):strings.Index(all, "The rules Klob plays")]
	if n := strings.Count(legend, "a blunder from") + strings.Count(legend, "blunder: 20"); n != 1 {
		t.Errorf("the grades' thresholds are told %d times:\n%s", n, legend)
	}
}

// TestNotGoodLastSpeaker: "not good" at a table tells a player who is
// not the last to speak that later players may ask; the dealer, who
// speaks last in the dialogue, is told nothing of later players.
func TestNotGoodLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		for seat := range rules.Seat(n) {
			v := rules.View{Players: n, Seat: seat, Dealer: rules.Seat(n - 1), OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseDeclare}
			got := ChoiceExplain(&g, &v, rules.Action{Kind: rules.NotGood})
			later := strings.Contains(got, "later players")
			if want := n > 2 && seat != v.Dealer; later != want {
				t.Errorf("%d players, seat %v, dealer %v: %q", n, seat, v.Dealer, got)
			}
		}
	}
}

// TestPassBeforeForcedDealer: in round two with dealer_forced, a pass
// just before the dealer says the dealer must then name a suit; without
// the option, or further from the dealer, the next may name one.
func TestPassBeforeForcedDealer(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		for _, forced := range []bool{false, true} {
			for seat := range rules.Seat(n - 1) {
				v := rules.View{Players: n, Seat: seat, Dealer: rules.Seat(n - 1), OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseBid2}
				v.Options.DealerForced = forced
				got := ChoiceExplain(&g, &v, rules.PassAction())
				must := strings.Contains(got, "the dealer, must then name one")
				if want := forced && seat == v.Dealer-1; must != want || (!must && !strings.Contains(got, "may name one")) {
					t.Errorf("%d players, forced %v, seat %v: %q", n, forced, seat, got)
				}
			}
		}
	}
}
