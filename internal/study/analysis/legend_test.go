package analysis

import (
	"strings"
	"testing"
)

func TestLegendUsesTheThresholds(t *testing.T) {
	all := strings.Join(Legend(), " ")
	for _, want := range []string{"?! inaccuracy", "4 to 10 points", "?? blunder: 20 or more", "what the player could know"} {
		if !strings.Contains(all, want) {
			t.Errorf("legend lacks %q: %s", want, all)
		}
	}
}
