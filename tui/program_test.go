package tui

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/klob/klob/rules"
)

// TestProgram runs the App in a real Bubble Tea program (teatest): the
// bot's moves arrive from commands on other goroutines while keys are
// typed, a whole deal is played, and q, y quit with the game saved.
func TestProgram(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	cfg.Timing = Timing{ThinkLimit: time.Second} // no pace, no spinner
	app := NewPlay(cfg)
	tm := teatest.NewTestModel(t, app, teatest.WithInitialTermSize(100, 30))

	// The renderer sends only the cells that changed, so the words of a
	// text may come apart on the wire: a blank that was blank already is
	// skipped by a cursor move. seen matches s with any run of blanks and
	// escape sequences between its words.
	out := &bytes.Buffer{}
	seen := func(s string) bool {
		b, _ := io.ReadAll(tm.Output())
		out.Write(b)
		words := strings.Fields(s)
		for i, w := range words {
			words[i] = regexp.QuoteMeta(w)
		}
		re := regexp.MustCompile(strings.Join(words, `(?:\x1b\[[0-9;?]*[A-Za-z]| )+`))
		return re.Match(out.Bytes())
	}
	wait := func(s string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !seen(s) {
			if time.Now().After(deadline) {
				t.Fatalf("%q never showed; output so far:\n%s", s, out.String())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	wait("Set up the game")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait("[t] take")
	tm.Type("t")
	wait("exchange the 7")
	tm.Type("x")
	wait("twenty")
	tm.Type("a")
	// Play the deal: enter plays the selected card (the first playable),
	// b answers the bella question. Keys sent while the bot moves are
	// refused with a word, never taken.
	deadline := time.Now().Add(20 * time.Second)
	for !seen("This deal scores") {
		if time.Now().After(deadline) {
			t.Fatalf("the deal never ended; output:\n%s", out.String())
		}
		if bytes.Contains(out.Bytes(), []byte("Bella?")) {
			tm.Type("b")
			out.Reset()
		}
		tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
		time.Sleep(10 * time.Millisecond)
	}
	tm.Type("qy")
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*App)
	m := seatedOf(fm.screen)
	if m == nil {
		t.Fatalf("final screen %s shows no game", fm.ScreenName())
	}
	recs := m.game.Records()
	if len(recs) == 0 || recs[0].Score.Outcome != rules.Made {
		t.Fatalf("deal 1 not made: %+v", recs)
	}
	if st.current == nil {
		t.Fatal("nothing saved")
	}
	checkSaved(t, st.current, m.game)
}
