package replay

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// errSource is a history whose games cannot be listed.
type errSource struct{ memSource }

func (errSource) History() ([]store.Entry, error) { return nil, errors.New("permission denied") }

// TestHistoryUnreadableKeyClicks: the saved games' list that cannot be
// read takes clicks on its key line as the other lists do: q and esc
// leave it, ? asks the App for its help; at home ("q quit") and in the
// lobby ("q/esc back").
func TestHistoryUnreadableKeyClicks(t *testing.T) {
	for _, lobby := range []bool{false, true} {
		for _, c := range []struct {
			word string
			want func(*kit.Context, tea.Msg) bool
		}{
			{"q", func(_ *kit.Context, m tea.Msg) bool { _, ok := m.(kit.QuitNowMsg); return ok }},
			{"esc", func(_ *kit.Context, m tea.Msg) bool { _, ok := m.(kit.QuitNowMsg); return ok }},
			{"?", func(ctx *kit.Context, m tea.Msg) bool {
				k, ok := m.(tea.KeyPressMsg)
				return ok && kit.IsKey(k, ctx.Keys.Help)
			}},
		} {
			if c.word == "esc" && !lobby {
				continue // klob replay's line names q alone
			}
			s := NewHistory(errSource{}, Config{})
			d := kittest.New(t, s, 80, 24, false)
			if lobby {
				d.Ctx.Keys.QuitWord = "back"
			}
			text := d.Text()
			if !strings.Contains(text, "cannot be listed") {
				t.Fatalf("the list reads:\n%s", text)
			}
			kittest.CheckSize(t, d.Frame(), 80, 24)
			lines := strings.Split(text, "\n")
			y := len(lines) - 1
			for y > 0 && strings.TrimSpace(lines[y]) == "" {
				y--
			}
			i := strings.Index(lines[y], c.word)
			if i < 0 {
				t.Fatalf("lobby %v: no %q on the key line %q", lobby, c.word, lines[y])
			}
			_, cmd := s.Update(&d.Ctx, tea.MouseClickMsg{X: kit.WidthOf(lines[y][:i]), Y: y, Button: tea.MouseLeft})
			if cmd == nil || !c.want(&d.Ctx, cmd()) {
				t.Errorf("lobby %v: a click on %q on %q does what its key does not", lobby, c.word, lines[y])
			}
		}
	}
}
