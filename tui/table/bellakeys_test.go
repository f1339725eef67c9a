package table

import (
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBellaQuestionKeys: the bella question shows its answers as [b]
// and [n], and its key line offers esc for another card. A digit that
// answers nothing is refused in those keys, not in numbers the screen
// does not show, and the full help lists esc with the question, as it
// lists b and n. At every seat count.
func TestBellaQuestionKeys(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, bellaSeeds[n], 80, 24, gated())
		f.until("a card with bella", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && hasBella(s.View.Legal(), 0)
		}, true)
		f.refresh()
		s := f.snap()
		var card rules.Card
		for _, a := range s.View.Legal() {
			if a.Kind == rules.PlayCard && a.Bella {
				card = a.Card
			}
		}
		i := slices.Index(f.s.hand(), card)
		f.hs.Press(string(rune('1' + i)))
		if f.s.Bella != card || !strings.Contains(f.text(), "esc another card") {
			t.Fatalf("no bella question, or its line offers no esc:\n%s", f.text())
		}
		f.hs.Press("4")
		text := kittest.Flat(f.text())
		switch {
		case f.port.Snapshot().Gen != s.Gen || f.s.Bella != card:
			t.Fatalf("4 answered the bella question:\n%s", f.text())
		case !strings.Contains(text, "4 is not among the choices now: b or n") || strings.Contains(text, "1 or 2"):
			t.Fatalf("4 is not refused in the keys the question shows:\n%s", f.text())
		}
		esc := false
		for _, row := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
			for _, b := range row {
				esc = esc || b.Help().Key == "esc" && strings.Contains(b.Help().Desc, "bella question: choose another card")
			}
		}
		if !esc {
			t.Fatal("the full help has no esc for the bella question")
		}
		f.hs.Press("esc")
		if f.s.Bella != rules.NoCard || f.port.Snapshot().Gen != s.Gen {
			t.Fatalf("esc did not go back to another card:\n%s", f.text())
		}
	})
}
