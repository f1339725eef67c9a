package kit

import (
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
