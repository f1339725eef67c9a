package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/tui/kit/kittest"
)

// panelText is the talk panel of a table's screen text, its rows
// joined: the text right of where its "Table talk" heading starts.
func panelText(text string) string {
	var rows []string
	col := -1
	for _, l := range strings.Split(text, "\n") {
		r := []rune(l)
		if col < 0 {
			if i := strings.Index(l, "Table talk"); i >= 0 {
				col = len([]rune(l[:i]))
			}
			continue
		}
		if len(r) > col {
			rows = append(rows, string(r[col:]))
		}
	}
	return kittest.Flat(strings.Join(rows, " "))
}

// TestNewestTalkLineWhole: at every seat count, a talk line wider than
// the panel said during a deal (the server's word after a restart),
// the newest, is read whole beside the table: the earlier lines give
// way to it, not its end.
func TestNewestTalkLineWhole(t *testing.T) {
	const said = "The server restarted: what was said at this table before is not kept."
	eachTableWith(t, func(_ *host.Config, c *Config) {
		c.Talk, c.Shared, c.Tag = &fakeTalk{}, true, "table ABCD"
	}, func(t *testing.T, n int, f *fixture) {
		// In the third deal the score pad takes its rows; said as the
		// deal starts, the line has the deal's words after it: the
		// bids, the declarations, the tricks' bella.
		f.until("the third deal", func(s host.Snapshot) bool { return s.DealNo >= 3 && !s.Between }, true)
		f.s.cfg.Talk.(*fakeTalk).hear("Klob", said, false)
		f.hs.Deliver(ChatRefresh{})
		f.until("the third trick", func(s host.Snapshot) bool { return s.DealNo >= 3 && len(s.View.CompletedTricks()) >= 2 && myCard(s) }, true)
		text := f.text()
		kittest.CheckSize(t, f.hs.Frame(), 80, 24)
		if panel := panelText(text); !strings.Contains(panel, `Klob: "`+said+`"`) {
			t.Fatalf("%d players: the panel does not read the newest line whole: %q\n%s", n, panel, text)
		}
	})
}
