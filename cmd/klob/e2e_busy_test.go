package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestE2ETwoKlobsOneDir: a second klob on the state directory of a game
// in progress says that another Klob is playing there and offers the
// saved games read-only, where the game in progress shows only the
// person's cards. Not in -short: it builds klob and runs tmux.
func TestE2ETwoKlobsOneDir(t *testing.T) {
	if testing.Short() {
		t.Skip("builds klob and drives tmux")
	}
	s, pid, state := startKlob(t, "-seed", fmt.Sprint(e2eSeed))
	s.keys("Enter")
	s.waitFor("Your bid", patience)
	bin := strings.TrimSuffix(state, "state") + "klob"
	s.run("new-session", "-d", "-s", "two", "-x", "100", "-y", "30",
		fmt.Sprintf("KLOB_STATE_DIR='%s' TERM=xterm-256color '%s'; sleep 60", state, bin))
	second := func() string { return s.run("capture-pane", "-p", "-t", "two") }
	// waitSecond polls the second klob's screen until it shows want;
	// else the test fails saying what did not happen.
	waitSecond := func(want, failed string) {
		t.Helper()
		for deadline := time.Now().Add(patience); !strings.Contains(second(), want); {
			if time.Now().After(deadline) {
				t.Fatalf("%s:\n%s", failed, second())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitSecond("is playing in", "the second klob does not say another is playing")
	// The path may break over lines (a long TMPDIR): read without the
	// white space.
	bare := func(s string) string { return strings.Join(strings.Fields(s), "") }
	if scr := second(); !strings.Contains(bare(scr), bare(fmt.Sprintf("Another Klob (process %s) is playing in %s", pid, state))) ||
		!strings.Contains(scr, "read-only") || !strings.Contains(scr, "new state directory") {
		t.Fatalf("the second klob's screen:\n%s", scr)
	}
	s.run("send-keys", "-t", "two", "r")
	waitSecond("in progress", "no game in progress in the read-only list")
	s.run("send-keys", "-t", "two", "Enter")
	waitSecond("your cards only", "the game in progress is not replayed from the person's seat")
	if scr := second(); !strings.Contains(scr, "▮▮▮▮▮▮ 6 cards") {
		t.Errorf("the bot's hand is not shown as backs:\n%s", scr)
	}
	// The first klob plays on and saves.
	s.keys("t")
	s.waitFor("You 0", patience)
	if scr := s.screen(); strings.Contains(scr, "not saved") {
		t.Errorf("the first klob's game is not saved:\n%s", scr)
	}
}
