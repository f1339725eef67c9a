package table

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestTalkBetweenDeals: at a shared table the deal's result and the
// game's end show the table talk's last lines, at every seat count at
// 80×24, and keep what they must: the score, who is ready, what to
// press and the keys. A line said there shows at once.
func TestTalkBetweenDeals(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	kittest.ForCounts(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
			c.Talk, c.Shared, c.Tag = talk, true, "table ABCD"
			c.Now = func() time.Time { return now }
		})
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		me := f.s.snap.Seat
		clockAt(f, now, me, 30*time.Second)
		other := &f.s.snap.Players[(me+1)%rules.Seat(n)]
		other.Name, other.Human, other.Ready = "bob", true, true
		if text := kittest.Flat(f.text()); !strings.Contains(text, "Table talk · / talks · nothing said yet") {
			t.Errorf("the result does not offer the talk:\n%s", f.text())
		}
		talk.hear("dan", "nice deal", true)
		talk.hear("bob", "thanks dan", false)
		f.hs.Deliver(ChatRefresh{})
		f.hs.Press("/")
		for _, k := range "gg" {
			f.hs.Press(string(k))
		}
		f.hs.Press("enter")
		text := f.text()
		keys := kit.HintLine(f.s.KeyHelp(&f.hs.Ctx.Keys).ShortHelp())
		for _, want := range []string{`dan (watching): "nice deal"`, `bob: "thanks dan"`, `Tester: "gg"`,
			"Ready for the next deal: bob.", "Press enter for the next deal (marked ready in 30s).", keys, "This deal scores", "Game "} {
			if !strings.Contains(kittest.Flat(text), want) {
				t.Errorf("the result does not show %q:\n%s", want, text)
			}
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		kittest.Golden(t, fmt.Sprintf("talkover%d-80x24-1-result", n), text)
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		talk.hear("bob", "well played all", false)
		f.hs.Deliver(ChatRefresh{})
		text = f.text()
		for _, want := range []string{"Game over", `bob: "well played all"`, `Tester: "gg"`, "sum ", "back to the lobby"} {
			if !strings.Contains(kittest.Flat(text), want) {
				t.Errorf("the game's end does not show %q:\n%s", want, text)
			}
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		kittest.Golden(t, fmt.Sprintf("talkover%d-80x24-2-over", n), text)
	})
}
