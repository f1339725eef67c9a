package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestShlomoQuestionWords: asked whether to declare shlomo, at three
// and four players, the line over the menu says whom the card is taken
// from ("the player on your left"), within 80 columns, and the hint's
// reason names the other option as the menu labels it ("no shlomo"),
// never "passing".
func TestShlomoQuestionWords(t *testing.T) {
	for _, n := range []int{3, 4} {
		var f *fixture
		for seed := uint64(1); seed <= 40 && f == nil; seed++ {
			f = newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options.Shlomo = true })
			if !f.reach(func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseDeclare }, false) {
				f = nil
			}
		}
		if f == nil {
			t.Fatalf("%d players: no shlomo asked in 40 seeds", n)
		}
		text := f.text()
		for i, l := range strings.Split(text, "\n") {
			if kit.WidthOf(l) > 80 {
				t.Fatalf("%d players: line %d is wider than 80: %q", n, i, l)
			}
		}
		if !strings.Contains(kittest.Flat(text), "draw one from the player on your left, give one back") {
			t.Fatalf("%d players: the shlomo does not say whom the card is taken from:\n%s", n, text)
		}
		f.hs.Press("H")
		text = f.text()
		if !strings.Contains(text, "Hint:") {
			t.Fatalf("%d players: H shows no hint:\n%s", n, text)
		}
		hint, _, _ := strings.Cut(text[strings.Index(text, "Hint:"):], "sampled deals")
		hint = kittest.Flat(hint)
		if !strings.Contains(hint, "no shlomo") || strings.Contains(strings.ToLower(hint), "pass") {
			t.Fatalf("%d players: the hint does not name the options as the menu does:\n%s", n, text)
		}
	}
}
