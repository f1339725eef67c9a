package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klob/klob/internal/study/drill"
)

// TestEndToEndTrainFour builds klob and trains the bidding of a table of
// four in tmux at 100×30 as a person would: reads the drill, answers
// three, opens the review, quits; the record on disk then holds the
// three drills under four players and none under two.
func TestEndToEndTrainFour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds klob and drives it in tmux")
	}
	s, dir := launchKlob(t, 100, 30, "train", "-players", "4", "-rules", "dealer_forced=on", "-seed", "3")
	state := filepath.Join(dir, "state")
	for n := 1; n <= 3; n++ {
		// The header names the seat count in full where the record
		// leaves room ("4 players"), else short ("4p").
		head := fmt.Sprintf("drill %d · seed 3", n)
		s.waitFor(head, patience)
		// A generated drill is dealt off the screen's goroutine: its
		// header shows over "Dealing drill N" first, then the drill.
		scr := s.waitFor("Your choice:", patience)
		for _, want := range []string{head, "North, across, is your partner", "Your hand"} {
			if !strings.Contains(scr, want) {
				t.Fatalf("drill %d lacks %q:\n%s", n, want, scr)
			}
		}
		if !strings.Contains(scr, "4 players · "+head) && !strings.Contains(scr, "4p · "+head) {
			t.Fatalf("drill %d's header does not say four players:\n%s", n, scr)
		}
		s.keys("Enter")
		scr = s.waitFor("best · hard bot", patience)
		if !strings.Contains(scr, "You chose ") || !strings.Contains(scr, "Hard bot: ") {
			t.Fatalf("drill %d: no verdict:\n%s", n, scr)
		}
		s.keys("Enter")
	}
	s.waitFor("drill 4", patience)
	s.keys("M")
	s.waitFor("Record at 4 players: 3 drills", patience)
	s.keys("M")
	s.waitFor("Your choice:", patience)
	scr := s.quit()
	if !strings.Contains(scr, "klob exited: 0") {
		t.Fatalf("klob did not exit cleanly:\n%s", scr)
	}
	if !strings.Contains(strings.Join(strings.Fields(scr), " "), "This session (4 players): ") {
		t.Errorf("no session summary:\n%s", scr)
	}
	st, err := (&drill.StatsFile{Path: filepath.Join(state, drill.StatsName)}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if st.Section(4).Drills != 3 || st.Section(2).Drills != 0 || st.Section(3).Drills != 0 {
		t.Errorf("record: %d drills at four, %d at two, %d at three; want 3, 0, 0", st.Section(4).Drills, st.Section(2).Drills, st.Section(3).Drills)
	}
}
