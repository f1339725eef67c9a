package lobby

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
)

// While a code (j) or a name (r) is typed, every letter goes to the
// line: the keys' line offers none of the menu's letters, nor q to
// quit, but what the line takes.
func TestPromptKeysLine(t *testing.T) {
	for _, k := range []string{"j", "r"} {
		l, ctx := steadyLobby(t, 1, false, true, 0)
		press(l, ctx, k)
		lines := strings.Split(ansi.Strip(l.View(ctx)), "\n")
		keys := lines[len(lines)-1]
		for _, gone := range []string{"p t o j", "q quit", "? help", "/ talk"} {
			assert.NotContains(t, keys, gone, "%s: the keys' line %q", k, keys)
		}
		assert.Contains(t, keys, "esc cancel", k)
	}
}
