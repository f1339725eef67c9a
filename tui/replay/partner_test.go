package replay

import (
	"regexp"
	"strings"
	"testing"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestPartnerIsThePersons: at four players, where the score says "us"
// and "them" for the person's sides in every view, a bare "partner"
// over the seat across is the person's partner, in their own view (and
// every hand open from their seat); in another seat's view the seat
// across is that seat's partner and is named so ("Random B's
// partner"), never "partner" alone.
func TestPartnerIsThePersons(t *testing.T) {
	r := readPersonsGame(t, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob")
	hs := kittest.New(t, New(r, "x", Config{Analyze: fakeAnalyze}, nil), 80, 24, false)
	view := regexp.MustCompile(`· (every hand open|your view|(\S+ \S+)'s view)`)
	bare := regexp.MustCompile(`(?m)^\s+partner\s`)
	seen := map[string]bool{}
	for range 5 {
		screen := text(hs)
		m := view.FindStringSubmatch(screen)
		if m == nil {
			t.Fatalf("no view named:\n%s", screen)
		}
		seen[m[1]] = true
		if !strings.Contains(screen, " us ") && !strings.Contains(screen, "us  ") {
			t.Fatalf("%s: the score does not say us:\n%s", m[1], screen)
		}
		if m[2] == "" {
			if !bare.MatchString(screen) {
				t.Errorf("%s: the person's partner is not marked \"partner\":\n%s", m[1], screen)
			}
		} else {
			if bare.MatchString(screen) || !strings.Contains(screen, m[2]+"'s partner") {
				t.Errorf("%s: the seat across is not named %q:\n%s", m[1], m[2]+"'s partner", screen)
			}
		}
		hs.Press("o")
	}
	if len(seen) != 5 {
		t.Fatalf("views seen: %v", seen)
	}
	// Through the deal, in every view, the mark is never the other
	// viewpoint's (where room is short it may be left out).
	for range 30 {
		hs.Press("right")
		for range 5 {
			screen := text(hs)
			m := view.FindStringSubmatch(screen)
			if own := m[2] == ""; own && strings.Contains(screen, "'s partner") || !own && bare.MatchString(screen) {
				t.Fatalf("%s: the partner is not named from the view's viewpoint:\n%s", m[1], screen)
			}
			hs.Press("o")
		}
	}
}
