package kit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/rules"
)

// TestRulesLines: the rules a context lays out are docs.Plain's, for
// each width asked, whether kept from an earlier call or not, and a
// context made by hand lays them out too.
func TestRulesLines(t *testing.T) {
	ctx := NewContext(false)
	var hand Context
	for _, w := range []int{78, 40, 78, 78, docs.MinWidth} {
		want := strings.Split(strings.TrimRight(docs.Plain(docs.Rules(), w), "\n"), "\n")
		require.Equal(t, want, ctx.RulesLines(w), "width %d", w)
		require.Equal(t, want, hand.RulesLines(w), "width %d, a context made by hand", w)
	}
}

// BenchmarkHelpOpen opens the help on a context and draws it, as a key
// press does: the rules are laid out once a session, not at each opening.
func BenchmarkHelpOpen(b *testing.B) {
	ctx := NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	keys := PlayHelp(&ctx.Keys, rules.DefaultOptions())
	for b.Loop() {
		h := NewHelpView(keys)
		_ = h.View(&ctx, "")
	}
}
