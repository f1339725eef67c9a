package table

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// During the sequence dialogue the line over the table says where it
// stands and whose word it is, never a bare "Sequences", at every seat
// count; once a claim stands it names the claimant and its value.
func TestSequencesTitleSays(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		sawClaim := false
		for seed := uint64(1); seed < 100 && !sawClaim; seed++ {
			f := newFixture(t, n, seed, 80, 24, gated())
			inDialogue := func(s host.Snapshot) bool { return s.View.Phase == rules.PhaseSequences }
			if !f.reach(inDialogue, true) {
				continue
			}
			for range 40 {
				s := f.snap()
				if s.View.Phase != rules.PhaseSequences {
					break
				}
				title := ""
				for _, l := range strings.Split(ansi.Strip(f.text()), "\n") {
					if strings.HasPrefix(l, " Sequences") && !strings.HasPrefix(l, " Sequences (") {
						title = strings.TrimSpace(strings.Split(l, "│")[0])
					}
				}
				if title == "" || title == "Sequences" {
					t.Fatalf("seed %d: the dialogue's line says %q:\n%s", seed, title, f.text())
				}
				sc := f.s.scene()
				if who, value, _, _ := s.View.Claim(); who != rules.NoSeat {
					want := sc.Verb(who, "claim") + " " + strconv.Itoa(value)
					if !strings.Contains(title, want) {
						t.Fatalf("seed %d: %q does not say %q:\n%s", seed, title, want, f.text())
					}
					sawClaim = true
				}
				if s.Thinking != rules.NoSeat {
					f.release()
					f.refresh()
					continue
				}
				f.step(true)
			}
		}
		if !sawClaim {
			t.Fatal("no seed up to 100 showed a claim in the dialogue")
		}
	})
}
