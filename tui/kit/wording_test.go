package kit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestRulesShortOneWording: the rules in short say "beat the highest
// trump" at every seat count, not "play a higher trump" at two.
func TestRulesShortOneWording(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		o.Players = n
		text := strings.Join(rulesSummary(o), "\n")
		if !strings.Contains(text, "when trump is led, beat the highest trump if you can") {
			t.Errorf("%d players: %s", n, text)
		}
	}
}

// TestRulesShortRanksAndPoints: the rules in short give the ranks'
// order, their card points, bella and the sequences as docs/rules.md
// sections 1, 4 and 6 state them (written out here, not asked of rules).
func TestRulesShortRanksAndPoints(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		o.Players = n
		text := strings.Join(rulesSummary(o), "\n")
		for _, want := range []string{
			"Trump ranks J 9 A 10 K Q 8 7 (J 20, 9 14 points); other suits A 10 K Q J 9 8 7 (A 11, 10 10, K 4, Q 3, J 2).",
			"K and Q of trump in one hand: bella, 20, said with the second one played.",
			"Sequences: three cards in a row score 20, four or more 50.",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%d players: no %q in\n%s", n, want, text)
			}
		}
	}
}

// TestDeclarationsHelpNamesNoFixedRange: the card a shlomo or cleopatra
// gives is told by its number in the hand, not 1-9 when the hand holds
// fewer cards.
func TestDeclarationsHelpNamesNoFixedRange(t *testing.T) {
	o := rules.DefaultOptions()
	o.Players, o.Shlomo, o.Cleopatra = 4, true, true
	for _, b := range LetterHelp(o) {
		if d := b.Help().Desc; strings.Contains(d, "give") && (strings.Contains(d, "1-9") || !strings.Contains(d, "its number in your hand")) {
			t.Errorf("declarations: %q", d)
		}
	}
}

// TestRulesSummaryDealerForced: the rules in short say at every seat
// count what dealer forced changes in round two, where the deal is
// otherwise thrown in.
func TestRulesSummaryDealerForced(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			o := rules.DefaultOptions()
			o.Players, o.Target = n, 100
			if text := strings.Join(rulesSummary(o), " "); !strings.Contains(text, "passes throw the deal in") {
				t.Fatalf("the rules in short for %d players do not throw the deal in:\n%s", n, text)
			}
			o.DealerForced = true
			text := strings.Join(rulesSummary(o), " ")
			if !strings.Contains(text, "the dealer may not pass") || strings.Contains(text, "passes throw the deal in") {
				t.Fatalf("the rules in short for %d players do not tell dealer forced:\n%s", n, text)
			}
		})
	}
}

// TestRulesSummaryTableRules: the rules in short tell the game's last
// trick bonus, and at three a bottom card kept hidden is not said to be
// turned up.
func TestRulesSummaryTableRules(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			o := rules.DefaultOptions()
			o.Players, o.LastTrick, o.BottomCard = n, 0, false
			text := strings.Join(rulesSummary(o), " ")
			if strings.Contains(text, "last trick scores 10") || !strings.Contains(text, "The last trick earns no bonus") {
				t.Errorf("the rules in short do not tell a last trick of no bonus:\n%s", text)
			}
			if strings.Contains(text, "bottom card turned up") {
				t.Errorf("the rules in short turn up a hidden bottom card:\n%s", text)
			}
			o.LastTrick = 20
			if text := strings.Join(rulesSummary(o), " "); !strings.Contains(text, "The last trick scores 20.") {
				t.Errorf("the rules in short do not tell a last trick of 20:\n%s", text)
			}
		})
	}
}
