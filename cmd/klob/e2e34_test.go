package main

import (
	"errors"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// playTableDeal answers every question of a deal at a table of three or
// four as a person would, reading the screen, until the deal's result
// shows; it returns that screen and how many cards it played.
func playTableDeal(s *tmuxSession, d time.Duration) (string, int) {
	s.t.Helper()
	cards := 0
	deadline := time.Now().Add(d)
	for {
		scr := s.screen()
		if strings.Contains(scr, "This deal scores") || strings.Contains(scr, "thrown in") {
			return scr, cards
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the deal did not end; the screen:\n%s", scr)
		}
		sent := true
		switch {
		case strings.Contains(scr, "Trick taken:"):
			s.keys("Enter")
		case strings.Contains(scr, "[t] take"):
			s.keys("t")
		case strings.Contains(scr, "Announce?"):
			s.keys("b")
		case strings.Contains(scr, "Your lead:") || strings.Contains(scr, "Your turn:"):
			s.keys(playableKey(scr))
			cards++
		case strings.Contains(scr, "▶["):
			s.keys("Enter")
		default:
			sent = false
		}
		for end := time.Now().Add(time.Second); sent && time.Now().Before(end) && s.screen() == scr; {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestEndToEndFourHanded builds the real klob, starts a four-handed game
// in tmux at 100×30 (the setup, with the house variants), plays a whole
// deal from the keyboard as a person would, and checks the result on
// screen against the saved game log: four seats, the teams' lines and
// what each team scored. Then q, y quits with the game saved.
func TestEndToEndFourHanded(t *testing.T) {
	s, _, state := startKlob(t, "-players", "4", "-seed", "11", "-level", "normal", "-pace", "0")
	s.waitFor("Set up the game", 5*time.Second)
	s.keys("Enter")
	s.waitFor("4 players", 10*time.Second)
	scr, cards := playTableDeal(s, 90*time.Second)
	var (
		l   *gamelog.Log
		rp  *gamelog.Replay
		err error
	)
	for deadline := time.Now().Add(15 * time.Second); ; {
		l, err = gamelog.ReadFile(filepath.Join(state, "current.klob"))
		if err == nil {
			rp, err = l.Replay()
			if err == nil && (len(rp.Deals) == 0 || !rp.Deals[0].Done) {
				err = errors.New("deal 1 is not finished in the save")
			}
		}
		if err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the save does not hold a finished deal 1: %v\n%s", err, scr)
	}
	if n := rp.Players(); n != 4 {
		t.Fatalf("the log has %d players, want 4", n)
	}
	sc := rp.Deals[0].Score
	t.Logf("deal 1: %s, %d cards played from the keyboard, %d steps in the log", sc.Outcome, cards, len(rp.Deals[0].Steps))
	if sc.Outcome == rules.Abandoned {
		t.Logf("deal 1 was thrown in:\n%s", scr)
		if !strings.Contains(scr, "thrown in") {
			t.Errorf("the log says thrown in, the screen does not:\n%s", scr)
		}
	} else {
		if cards == 0 {
			t.Fatal("no card was played from the keyboard")
		}
		// The person sits at A: its team (A and C, side 0) is the first
		// column.
		wantRow := func(label string, a, b int, plus string) {
			t.Helper()
			re := regexp.MustCompile(regexp.QuoteMeta(label) + `\s+` + regexp.QuoteMeta(plus) + `(\d+)\s+` + regexp.QuoteMeta(plus) + `(\d+)`)
			m := re.FindStringSubmatch(scr)
			if m == nil || m[1] != strconv.Itoa(a) || m[2] != strconv.Itoa(b) {
				t.Errorf("screen row %q: got %v, want %d %d; the screen:\n%s", label, m, a, b, scr)
			}
		}
		wantRow("Tricks", sc.Tricks[0]+sc.Tricks[2], sc.Tricks[1]+sc.Tricks[3], "")
		wantRow("Total", sc.SideTotal[0], sc.SideTotal[1], "")
		wantRow("This deal scores", sc.Scored[0], sc.Scored[1], "+")
		verdict := map[rules.Outcome]string{rules.Made: "Made.", rules.Tie: "Tie.", rules.Bete: "Bete!"}[sc.Outcome]
		if !strings.Contains(scr, verdict) {
			t.Errorf("the screen does not say %q:\n%s", verdict, scr)
		}
		if got := len(rp.Deals[0].Steps); got < 32 {
			t.Errorf("the log's deal 1 has %d steps, want at least the 32 cards", got)
		}
	}
	s.keys("q")
	s.waitFor("Quit Klob?", 5*time.Second)
	s.keys("y")
	scr = s.waitFor("klob exited:", 5*time.Second)
	if !strings.Contains(scr, "klob exited: 0") {
		t.Errorf("klob did not quit cleanly:\n%s", scr)
	}
	if _, err := gamelog.ReadFile(filepath.Join(state, "current.klob")); err != nil {
		t.Fatalf("the save after quitting does not read: %v", err)
	}
}
