package table

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestTalkPanelPromisesNoTalk: at a table nobody can talk at (a game
// against bots, a daily or tournament board), the panel beside it holds
// the bids and declarations and is not headed as talk; at a table with
// a chat it is "Table talk".
func TestTalkPanelPromisesNoTalk(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24)
		f.until("a card", myCard, true)
		if text := f.text(); strings.Contains(text, "talk") || !strings.Contains(text, "Bids and declarations") {
			t.Errorf("a table without chat promises talk:\n%s", text)
		}
		w := newWatcher(t, f, &fakeTalk{})
		if text := w.text(); !strings.Contains(text, "Table talk") {
			t.Errorf("a table with chat does not say talk:\n%s", text)
		}
	})
}

// TestTalkNamesKeepSpaces: a name too long for the talk column is cut
// with its spaces kept ("Annabelle L…"), a seat's as a spectator's, never
// run together ("AnnabelleLee"), as the talk's lines are sentences.
func TestTalkNamesKeepSpaces(t *testing.T) {
	ctx := kit.NewContext(false)
	v := handView(t)
	sc := &Scene{V: v, You: rules.SeatA, Talk: true, Players: []Player{{Name: "You"}, {Name: "Annabelle Lee"}}}
	sc.Chat = []SceneChat{{ChatLine: ChatLine{Seq: 1, Name: "Rosalind Foxe", Text: "hello", Watching: true}, Deal: sc.DealNo}}
	text := ansi.Strip(strings.Join(sc.rightColumn(&ctx, 15, 40), "\n"))
	for _, want := range []string{"Annabelle L…:", "Rosalind Fo…"} {
		if !strings.Contains(text, want) {
			t.Errorf("the talk column does not name %q:\n%s", want, text)
		}
	}
	if testing.Verbose() {
		t.Logf("the talk column:\n%s", text)
	}
	if strings.Contains(text, "AnnabelleL") || strings.Contains(text, "RosalindF") {
		t.Errorf("the talk column runs a name's words together:\n%s", text)
	}
}
