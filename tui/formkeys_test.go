package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// keyLineOf is the last line of a screen that is not blank.
func keyLineOf(screen string) string {
	lines := strings.Split(strings.TrimRight(ansi.Strip(screen), " \n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// TestFormKeyLinesAgree: the setup of a game alone and the lobby's form
// to open a table name their moves in one wording, with and without
// -ascii ("up/down" and "j/k" read as two keys, not one).
func TestFormKeyLinesAgree(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		cfg := testConfig(dealSeed, nil)
		cfg.ASCII = ascii
		play := keyLineOf(newHarness(t, cfg, 80, 24).screen())
		p := newLobbyPersonWith(testHall(t), "a", "Ann", 80, 24, func(c *LobbyConfig) { c.ASCII = ascii })
		p.key("o")
		table := keyLineOf(p.screen())
		want := "↑/↓ choose a line · ←/→ change it · "
		if ascii {
			want = "j/k choose a line - h/l change it - "
		}
		for what, line := range map[string]string{"the setup": play, "the open-table form": table} {
			if !strings.HasPrefix(line, want) {
				t.Errorf("ascii %v: %s's key line is %q, want it to start %q", ascii, what, line, want)
			}
		}
	}
}
