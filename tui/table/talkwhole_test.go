package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// panelText is the talk panel of a table's screen text, its rows
// joined: the text right of where its "Table talk" heading starts.
func panelText(text string) string {
	return kittest.Flat(strings.Join(panelRows(text), " "))
}

// panelRows are the talk panel's rows under its heading in a table's
// screen text: the text right of where its "Table talk" heading starts.
func panelRows(text string) []string {
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
	return rows
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

// TestTalkCutSaysSo: at every seat count, at 80×24, in Unicode and in
// ASCII, a talk line taller than the whole talk panel (a person's
// longest, in the third deal, where the score pad takes its rows) is
// cut: the last row of its words ends with the screen's mark ("…",
// "..." under -ascii), and the row under it, set in as the line's own,
// says that v shows it whole, as v then end does. Between deals, in
// fewer rows than it needs, the line is cut and says so the same way.
func TestTalkCutSaysSo(t *testing.T) {
	said := strings.TrimSpace(strings.Repeat("so close, ", 20))
	// cut checks that rows hold the line cut: a row starting it, the
	// last row of its words ending with mark, the note under that.
	cut := func(t *testing.T, where string, rows []string, mark string) {
		t.Helper()
		start, note := -1, -1
		indent := func(r string) int { return len(r) - len(strings.TrimLeft(r, " ")) }
		for i, r := range rows {
			switch {
			case strings.HasPrefix(strings.TrimSpace(r), `bob: "so close`):
				start = i
			case start >= 0 && note < 0 && strings.TrimSpace(r) == talkCutNote:
				note = i
			}
		}
		if start < 0 || note <= start {
			t.Fatalf("%s: no line cut with %q under it:\n%s", where, talkCutNote, strings.Join(rows, "\n"))
		}
		if indent(rows[note]) != indent(rows[start])+kit.TalkHang {
			t.Errorf("%s: the note is not set in as the line's own rows:\n%s", where, strings.Join(rows, "\n"))
		}
		if last := strings.TrimRight(rows[note-1], " "); !strings.HasSuffix(last, mark) {
			t.Errorf("%s: the cut line's last row %q does not end with %q", where, last, mark)
		}
	}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			talk := &fakeTalk{}
			f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
				c.Talk, c.Shared = talk, true
			})
			f.drawASCII(ascii)
			mark := f.hs.Ctx.Ellipsis()
			f.until("the third deal", func(s host.Snapshot) bool { return s.DealNo >= 3 && !s.Between }, true)
			talk.hear("bob", said, false)
			f.hs.Deliver(ChatRefresh{})
			f.until("a card", myCard, true)
			// The screen's frame: the App fits it to the window again after
			// -ascii, which writes "…" (of "… 4 earlier lines") as "...".
			kittest.CheckSize(t, f.hs.Frame(), 80, 24)
			text := f.text()
			if strings.Contains(panelText(text), said) {
				t.Fatalf("%d players, ascii %v: the panel has room for the whole line:\n%s", n, ascii, text)
			}
			cut(t, fmt.Sprintf("%d players, ascii %v, the panel", n, ascii), panelRows(text), mark)
			f.hs.Press("v", "end")
			if !strings.Contains(kittest.Flat(f.text()), `bob: "`+said+`"`) {
				t.Errorf("%d players, ascii %v: v then end does not show the line whole:\n%s", n, ascii, f.text())
			}
			f.hs.Press("v")
			f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
			rows := f.s.talkRows(&f.hs.Ctx, 80, 3)
			if len(rows) > 4 {
				t.Errorf("%d players, ascii %v: %d rows between deals, want at most 4 (the blank one and 3)", n, ascii, len(rows))
			}
			between := ansi.Strip(strings.Join(rows, "\n"))
			if ascii {
				between = kit.ASCIIText(between)
			}
			cut(t, fmt.Sprintf("%d players, ascii %v, between deals", n, ascii), strings.Split(between, "\n"), mark)
		}
	})
}
