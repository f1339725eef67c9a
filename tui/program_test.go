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
)

// TestProgram runs the App in a real Bubble Tea program (teatest): the
// bot's moves arrive from commands on other goroutines while keys are
// typed, a whole deal is played, and q, y quit with the game saved.
func TestProgram(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	// The real program: the table listens to its host, which runs on the
	// system clock, no pace.
	cfg.Manual, cfg.Clock = false, nil
	cfg.Timing = Timing{ThinkLimit: time.Second}
	app := NewPlay(cfg)
	tm := teatest.NewTestModel(t, app, teatest.WithInitialTermSize(100, 30))

	// The renderer sends only the cells that changed, so the words of a
	// text may come apart on the wire: a blank that was blank already is
	// skipped by a cursor move. seen matches s with any run of blanks and
	// escape sequences between its words.
	out := &bytes.Buffer{}
	drain := func() {
		b, _ := io.ReadAll(tm.Output())
		out.Write(b)
	}
	seen := func(s string) bool {
		drain()
		words := strings.Fields(s)
		for i, w := range words {
			words[i] = regexp.QuoteMeta(w)
		}
		re := regexp.MustCompile(strings.Join(words, `(?:\x1b\[[0-9;?]*[A-Za-z]| )+`))
		return re.Match(out.Bytes())
	}
	wait := func(s string) {
		t.Helper()
		deadline := time.Now().Add(guard)
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
	// Play the deal: enter takes the menu's first item or plays the
	// selected card (the first playable), b answers the bella question.
	// Keys sent while a bot moves are kept for the person's card or
	// refused with a word.
	//
	// The end of the deal is read from the store, not the screen: the
	// renderer rewrites only the cells that changed, so a word that
	// shares its first letters with the text it replaces ("The deal is
	// thrown in" before "This deal scores") never shows whole.
	dealSaved := func() bool {
		st.mu.Lock()
		cur := st.current
		st.mu.Unlock()
		if cur == nil {
			return false
		}
		r, err := cur.Replay()
		return err == nil && len(r.Deals) > 0 && r.Deals[0].Done
	}
	deadline := time.Now().Add(guard)
	for drain(); !dealSaved(); drain() {
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
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(guard)).(*App)
	m := seatedOf(fm.screen)
	if m == nil {
		t.Fatalf("final screen %s shows no game", fm.ScreenName())
	}
	snap := m.port.Snapshot()
	if len(snap.Deals) == 0 {
		t.Fatalf("no deal finished: %+v", snap.Deals)
	}
	st.mu.Lock()
	cur, saves := st.current, st.saves
	st.mu.Unlock()
	if cur == nil {
		// What the program showed and did, to tell a lost save from a
		// quit that did not wait for the writer.
		t.Fatalf("nothing saved: %d saves, screen %s, %d deals; output:\n%s", saves, fm.ScreenName(), len(snap.Deals), out.String())
	}
	r, err := cur.Replay()
	if err != nil || len(r.Deals) == 0 || !r.Deals[0].Done || r.Deals[0].Score != snap.Deals[0].Score {
		t.Fatalf("the save does not hold the deal on screen: %v", err)
	}
}
