package table

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/ai/claim"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A refused claim's hands are said as one way the cards may lie ("if,
// for instance, West holds …"), not as the hands held: a list of nine
// cards read as all of them held. At every seat count, in every form
// the note may take.
func TestClaimRefusalIsAnInstance(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		s := seatAScreen(n)
		vd := claim.Verdict{Players: n, Seat: rules.SeatA}
		for o := 1; o < n; o++ {
			vd.Counters[o] = rules.CardSet(0).With(rules.NewCard(rules.Ace, rules.Suit(o)))
		}
		s.snap.Claim = &host.ClaimState{Verdict: vd}
		for _, r := range s.claimReasons(&ctx) {
			if strings.Contains(r, " holds ") && !strings.Contains(r, "if, for instance, ") {
				t.Errorf("%d players: %q says the hands as held", n, r)
			}
		}
		if got := ansi.Strip(func() string { t, _ := s.claimWords(&ctx, 78, 0); return t }()); !strings.Contains(got, "can take a trick if, for instance, West holds ") {
			t.Errorf("%d players: %q", n, got)
		}
	}
}

// A claim refused, the person goes on to decide: selecting the card of
// a bella question opens a new decision, and the refusal, which spoke
// of the claim, leaves the screen. At every seat count.
func TestClaimRefusalGoesAtQuestion(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, bellaSeeds[n], 80, 24, gated())
		card := announcing(t, f, 0)
		f.hs.Press("c")
		f.refresh()
		if c := f.snap().Claim; c == nil || c.Pending || (c.Err == nil && c.Verdict.OK) {
			t.Skipf("the claim was not refused: %+v", c)
		}
		if !strings.Contains(f.text(), "Claim refused") {
			t.Fatalf("no refusal shown:\n%s", f.text())
		}
		f.hs.Press(string(rune('1' + slices.Index(f.s.hand(), card))))
		if f.s.Bella != card {
			t.Fatalf("no question on %v:\n%s", card, f.text())
		}
		if text := f.text(); strings.Contains(text, "Claim refused") {
			t.Fatalf("the refusal stays at the bella question:\n%s", text)
		}
		// A new claim shows its verdict again.
		f.hs.Press("esc")
		f.hs.Press("c")
		f.refresh()
		if !strings.Contains(f.text(), "Claim refused") {
			t.Fatalf("a new claim's refusal is not shown:\n%s", f.text())
		}
	})
}
