package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestResumeRulesAskedApart: the offer of a saved game under other
// rules says "You asked for" only of options -rules set away from their
// defaults, and names the others that differ as the defaults: a game of
// four with every variant on, resumed with "-players 2 -rules
// menage=on", was said to be asked for of_a_kind=off and the rest.
func TestResumeRulesAskedApart(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	for _, kv := range []string{"players=4", "of_a_kind=on", "menage=on", "dealer_forced=on", "bimah=on", "shlomo=on", "cleopatra=on"} {
		k, v, _ := strings.Cut(kv, "=")
		if err := cfg.Setup.Options.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")

	asked := rules.DefaultOptions()
	for _, kv := range []string{"players=2", "target=100", "menage=on", "last_trick=20"} {
		k, v, _ := strings.Cut(kv, "=")
		if err := asked.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Setup.Options = asked
	cfg.Setup.Seed, cfg.SeedFlag = 5, true
	cfg.PlayersFlag, cfg.TargetFlag, cfg.RulesFlag = true, true, true
	hs2 := newHarness(t, cfg, 80, 24)
	if hs2.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs2.name())
	}
	words := kittest.Flat(hs2.screen())
	for _, w := range []string{
		"You asked for last_trick=20; the game in progress plays last_trick=10.",
		"Kept at the defaults: of_a_kind=off, dealer_forced=off, bimah=off, shlomo=off, cleopatra=off; " +
			"the game in progress plays of_a_kind=on, dealer_forced=on, bimah=on, shlomo=on, cleopatra=on.",
	} {
		if !strings.Contains(words, w) {
			t.Errorf("the offer lacks %q:\n%s", w, hs2.screen())
		}
	}
	if strings.Contains(words, "You asked for of_a_kind") || strings.Contains(words, "menage=") {
		t.Errorf("the offer says options were asked for that were not, or that agree:\n%s", hs2.screen())
	}
}
