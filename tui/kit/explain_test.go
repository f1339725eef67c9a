package kit

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/rules"
)

// TestEveryChoiceIsExplained: every decision outside the card play has
// a line of explanation, two of them checked word for word.
func TestEveryChoiceIsExplained(t *testing.T) {
	g := NewGlyphs(false)
	v := rules.View{OrigUpcard: rules.MustCard("JH"), Phase: rules.PhaseBid1}
	for k := rules.Pass; k < rules.PlayCard; k++ {
		a := rules.Action{Kind: k}
		if k == rules.Announce {
			a.N = 20
		}
		if ChoiceExplain(&g, &v, a) == "" {
			t.Errorf("%v has no explanation", k)
		}
	}
	if got, want := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Same}), "equal top card; a trump sequence wins, else the non-dealer's"; got != want {
		t.Errorf("same: %q, want %q", got, want)
	}
	if got, want := ChoiceExplain(&g, &v, rules.Action{Kind: rules.Refuse}), "play the deal: the other is the maker with ♥ hearts"; got != want {
		t.Errorf("refuse: %q, want %q", got, want)
	}
}

// TestHelpHasTheLegend: the help overlay explains score difference,
// bete, "≈ best", the grades with their thresholds and the hand marks.
func TestHelpHasTheLegend(t *testing.T) {
	ctx := NewContext(false)
	ctx.Width = 100
	h := &HelpView{}
	all := strings.Join(h.Lines(&ctx), "\n")
	for _, want := range []string{"Numbers and marks", "score diff:", "bete:", "≈ best", "?! inaccuracy", "?? blunder: 20 or more", "what the player could know", "bella the king and queen"} {
		if !strings.Contains(all, want) {
			t.Errorf("the help lacks %q", want)
		}
	}
}

// TestHelpHasTheRules: the help carries the whole rules Klob plays
// (docs.Rules laid out by docs.Plain), every line within the window; r
// scrolls to them, end to their last line, home back to the top, page
// keys by a window.
func TestHelpHasTheRules(t *testing.T) {
	for _, w := range []int{80, 120} {
		ctx := NewContext(false)
		ctx.Width, ctx.Height = w, 24
		h := NewHelpView(nil)
		lines := h.Lines(&ctx)
		plain := strings.Split(strings.TrimRight(docs.Plain(docs.Rules(), w-2), "\n"), "\n")
		if len(lines) < len(plain) {
			t.Fatalf("width %d: %d help lines, fewer than the %d of the rules", w, len(lines), len(plain))
		}
		for i, l := range lines {
			if n := WidthOf(l); n > w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, n, l)
			}
		}
		key := func(k string) tea.KeyPressMsg {
			switch k {
			case "pgdown":
				return tea.KeyPressMsg{Code: tea.KeyPgDown}
			case "home":
				return tea.KeyPressMsg{Code: tea.KeyHome}
			case "end":
				return tea.KeyPressMsg{Code: tea.KeyEnd}
			}
			return tea.KeyPressMsg{Code: rune(k[0]), Text: k}
		}
		shown := func() []string { return strings.Split(ansi.Strip(h.View(&ctx, "")), "\n") }
		if open, _ := h.Update(&ctx, key("r")); !open || !strings.Contains(shown()[1], "The rules Klob plays") {
			t.Fatalf("width %d: r does not open on the rules: %q", w, shown()[:3])
		}
		h.Update(&ctx, key("end"))
		if got := shown(); len(got) != 24 || strings.TrimSpace(got[23]) != strings.TrimSpace(plain[len(plain)-1]) {
			t.Errorf("width %d: end shows %q last, want the rules' last line %q", w, got[len(got)-1], plain[len(plain)-1])
		}
		h.Update(&ctx, key("home"))
		h.Update(&ctx, key("pgdown"))
		if got := shown(); got[1] != ansi.Strip(lines[1+22]) {
			t.Errorf("width %d: page down shows %q first, want %q", w, got[1], ansi.Strip(lines[23]))
		}
		if open, _ := h.Update(&ctx, key("x")); open {
			t.Error("x does not close the help")
		}
	}
}
