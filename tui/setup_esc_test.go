package tui

import (
	"strings"
	"testing"
)

// TestSetupEscAsQ: esc on klob play's first screen, the form before a
// game, does what q does there (asks before quitting when something
// would be lost, else quits), and the keys' line says so.
func TestSetupEscAsQ(t *testing.T) {
	after := func(k string) (string, bool) {
		hs := newHarness(t, testConfig(dealSeed, &memStore{}), 80, 24)
		if hs.name() != "setup" {
			t.Fatalf("klob play opens on %q, not the form", hs.name())
		}
		if k == "" {
			return hs.screen(), hs.quit
		}
		hs.press(k)
		return hs.screen(), hs.quit
	}
	form, _ := after("")
	byQ, quitQ := after("q")
	byEsc, quitEsc := after("esc")
	if byEsc != byQ || quitEsc != quitQ {
		t.Errorf("esc on the form is not q: q quits %v, esc quits %v; after q:\n%s\nafter esc:\n%s", quitQ, quitEsc, byQ, byEsc)
	}
	if !strings.Contains(form, "q/esc quit") {
		t.Errorf("the keys' line does not offer esc:\n%s", form)
	}
}
