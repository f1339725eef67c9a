package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestChatRematch: a line said on the game's end, by the person or by
// another, goes before every word of the rematch's first deal, never
// among its bids as though it were said during the deal. At every seat
// count.
func TestChatRematch(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared, c.Tag = talk, true, "table ABCD"
		})
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		game := f.snap().Game
		talk.hear("ann", "psst partner", false)
		f.hs.Deliver(ChatRefresh{})
		f.hs.Press("/")
		for _, k := range "gg" {
			f.hs.Press(string(k))
		}
		f.hs.Press("enter")
		f.hs.Press("n")
		f.refresh()
		if f.snap().Game == game {
			t.Fatalf("%d players: n started no rematch:\n%s", n, f.text())
		}
		f.until("a word of the rematch's deal", func(s host.Snapshot) bool {
			return s.HasDeal && s.DealNo == 1 && len(s.View.History()) > 0
		}, true)
		lines, isChat := f.s.scene().talkMarked(&f.hs.Ctx)
		for i, l := range lines {
			if !isChat[i] {
				break
			}
			if strings.Contains(l, `"psst partner"`) {
				lines[i] = ""
			}
			if strings.Contains(l, `"gg"`) {
				lines[i] = ""
			}
		}
		for _, l := range lines {
			if strings.Contains(l, `"psst partner"`) || strings.Contains(l, `"gg"`) {
				t.Fatalf("%d players: a line of the last game's end is among the rematch's words:\n%s\n\n%s",
					n, strings.Join(lines, "\n"), f.text())
			}
		}
	})
}
