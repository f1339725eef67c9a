package tui

import (
	"bytes"
	"io"
	"regexp"
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

	out := &bytes.Buffer{}
	seen := func(s string) bool {
		b, _ := io.ReadAll(tm.Output())
		out.Write(b)
		return bytes.Contains(out.Bytes(), []byte(s))
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
	// The renderer sends only the cells that changed, so the words of
	// "This deal scores" may come apart: a blank that was blank already
	// is skipped by a cursor move. Any run of blanks and escape
	// sequences may stand between them.
	dealOver := regexp.MustCompile(`This(?:\x1b\[[0-9;?]*[A-Za-z]| )+deal(?:\x1b\[[0-9;?]*[A-Za-z]| )+scores`)
	ended := func() bool {
		seen("")
		return dealOver.Match(out.Bytes())
	}
	deadline := time.Now().Add(20 * time.Second)
	for !ended() {
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
