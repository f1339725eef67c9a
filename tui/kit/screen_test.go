package kit

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/rules"
)

// TestHelpKept: the help a session's context draws from what it kept
// is the help drawn afresh, at each width and after the background
// changes, and "r" still jumps to the whole rules' heading.
func TestHelpKept(t *testing.T) {
	kept := NewContext(false)
	keys := PlayHelp(&kept.Keys, rules.DefaultOptions())
	for i, w := range []int{80, 40, 80, 80, 120, MinWidth} {
		kept.Width, kept.Height = w, 24
		if i == 3 {
			kept.SetDark(false)
		}
		fresh := kept
		fresh.help = nil
		want := NewHelpView(keys).Lines(&fresh)
		h := NewHelpView(keys)
		require.Equal(t, want, h.Lines(&kept), "width %d", w)
		require.Equal(t, want, NewHelpView(keys).Lines(&kept), "width %d, drawn again", w)
		h.Update(&kept, tea.KeyPressMsg{Code: 'r', Text: "r"})
		require.Contains(t, h.drawn[h.scroll+2], "The rules Klob plays", "width %d", w)
		require.Contains(t, strings.Join(want, "\n"), strings.TrimSpace(strings.SplitN(docs.Plain(docs.Rules(), max(docs.MinWidth, w-2)), "\n", 2)[0]))
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
