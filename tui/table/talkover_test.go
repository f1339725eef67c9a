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
	now := t0 // the tests' clock
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

// hushTalk is a chat quiet while hush is set, as a rated table is
// during a deal.
type hushTalk struct {
	fakeTalk
	hush bool
}

func (q *hushTalk) Quiet() error {
	if q.hush {
		return errQuiet
	}
	return nil
}

func (q *hushTalk) Say(text string) (string, error) {
	if err := q.Quiet(); err != nil && !strings.HasPrefix(text, "/") {
		return "", err
	}
	return q.fakeTalk.Say(text)
}

// TestQuietLineNotSent: a line refused because the table is quiet
// closes its box, so that the keys play the deal again, and says it was
// not sent and that / opens it again; / then shows it, esc clears it,
// and once the table may talk the line kept is sent by / and enter. The
// screen fits 80×24 at every seat count.
func TestQuietLineNotSent(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		q := &hushTalk{hush: true}
		f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Talk = q })
		f.until("a card", myCard, true)
		typeLine := func(text string) {
			f.hs.Press("/")
			for _, k := range text {
				f.hs.Press(string(k))
			}
			f.hs.Press("enter")
		}
		typeLine("psst")
		text := kittest.Flat(f.text())
		if f.s.Typing() || !strings.Contains(text, "Not sent: at a rated table nobody talks") ||
			!strings.Contains(text, "Your line is kept: / opens it again.") || strings.Contains(text, "psst") || len(q.said) != 0 {
			t.Fatalf("%d players: a refused line is not closed and said unsent (said %q):\n%s", n, q.said, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if testing.Verbose() {
			t.Logf("the line refused:\n%s", f.text())
		}
		f.hs.Press("/")
		if !f.s.Typing() || !strings.Contains(f.text(), "psst_") {
			t.Fatalf("%d players: / does not open the line kept:\n%s", n, f.text())
		}
		f.hs.Press("esc")
		if f.s.Typing() || f.s.talk.Input.Len() != 0 {
			t.Fatalf("%d players: esc does not clear the line kept", n)
		}
		typeLine("nice deal")
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		q.hush = false
		if text := kittest.Flat(f.text()); !strings.Contains(text, "/ opens your line not sent") {
			t.Errorf("%d players: the result does not say a line waits:\n%s", n, f.text())
		}
		f.hs.Press("/", "enter")
		if len(q.said) != 1 || q.said[0] != "nice deal" || !strings.Contains(f.text(), `Tester: "nice deal"`) {
			t.Fatalf("%d players: the line kept is not sent between deals (said %q):\n%s", n, q.said, f.text())
		}
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
	})
}
