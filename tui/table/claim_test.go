package table

import (
	"math/rand/v2"
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

// A refused claim's note at 80×24 is never cut mid-sentence: whatever
// the hands it names (one card to the most the others can hold, suits
// as symbols or letters), its last line ends with its full stop, not
// the ellipsis, and it says who can take a trick. Also when the move
// clock leaves the note one line. At every seat count.
func TestClaimRefusalNoteWhole(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		for _, n := range []int{2, 3, 4} {
			who := map[int]string{2: "West can take a trick", 3: "another player can take a trick", 4: "the other team can take a trick"}[n]
			r := rand.New(rand.NewPCG(uint64(n), 7))
			for k := 1; k*(n-1) < 32 && k <= 10; k++ {
				for try := 0; try < 20; try++ {
					deck := r.Perm(32)
					vd := claim.Verdict{Players: n, Seat: rules.SeatA}
					for o := 1; o < n; o++ {
						for _, c := range deck[(o-1)*k : o*k] {
							vd.Counters[o] = vd.Counters[o].With(rules.Card(c))
						}
					}
					s := seatAScreen(n)
					s.snap.Claim = &host.ClaimState{Verdict: vd}
					for _, limit := range []int{maxNoteLines, 1} {
						text, _ := s.claimWords(&ctx, 78, limit)
						lines := kit.WrapLines(text, 78, limit, ctx.Ellipsis())
						last := ansi.Strip(lines[len(lines)-1])
						flat := ansi.Strip(strings.Join(lines, " "))
						if !strings.HasSuffix(last, ".") || strings.HasSuffix(last, ctx.Ellipsis()) || !strings.Contains(flat, who) {
							t.Fatalf("%d players, %d cards a hand, %d lines: %q", n, k, limit, flat)
						}
					}
				}
			}
		}
	}
}

// The note drawn for a refused claim whose hands fill more than its two
// lines keeps the conclusion and ends with the full stop.
func TestClaimRefusalNoteDrawn(t *testing.T) {
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	s := seatAScreen(4)
	vd := claim.Verdict{Players: 4, Seat: rules.SeatA}
	for o, cards := range [][]string{1: {"TC", "QC", "TH", "JH", "KH"}, 2: {"9C", "KC", "9D", "JD", "QD"}, 3: {"KD", "AD", "7H", "8H", "9H"}} {
		for _, c := range cards {
			vd.Counters[o] = vd.Counters[o].With(rules.MustCard(c))
		}
	}
	s.snap.Claim = &host.ClaimState{Verdict: vd}
	lines := s.noteLines(&ctx, s.scene(), 80)
	flat := ansi.Strip(strings.Join(lines, " "))
	if len(lines) > maxNoteLines || !strings.HasSuffix(strings.TrimSpace(ansi.Strip(lines[len(lines)-1])), ".") || !strings.Contains(flat, "the other team can take a trick") {
		t.Errorf("the note: %q", lines)
	}
}
