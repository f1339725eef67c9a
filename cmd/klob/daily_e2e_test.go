package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/play/duplicate"
)

// e2eDay is the day the end-to-end test's klob daily plays (dailyDayVar),
// whatever the calendar says: the same boards every run, and midnight
// passing during the run changes nothing.
var e2eDay = duplicate.Date{Year: 2026, Month: time.December, Day: 1}

// relaunch starts the klob of launchKlob's dir again in its tmux
// session, on the same state directory and e2eDay, with args.
func relaunch(s *tmuxSession, dir string, args ...string) {
	s.t.Helper()
	cmd := fmt.Sprintf("%s=%s KLOB_STATE_DIR='%s' KLOB_CONFIG_DIR='%s' TERM=xterm-256color '%s' %s; echo \"klob exited: $?\"; sleep 60",
		dailyDayVar, e2eDay, filepath.Join(dir, "state"), filepath.Join(dir, "config"), filepath.Join(dir, "klob"), strings.Join(args, " "))
	// The pane's command is over (the shell sleeps after klob): it is
	// killed and the new one runs in its place, in the same window.
	s.run("respawn-pane", "-k", "-t", "e2e", cmd)
}

// playDaily answers the day's screens as a person would, reading the
// screen, until stop shows (or stop returns true); every frame must fit
// 80×24.
func playDaily(s *tmuxSession, d time.Duration, stop func(scr string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(d)
	for {
		scr := s.settled()
		checkFits(s.t, scr)
		if stop(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the day did not get there; the screen:\n%s", scr)
		}
		// A deal's screens are answered as playDeal answers them; enter
		// goes on from the day's own.
		k, _ := dealKey(scr)
		for _, next := range []string{"[enter] play board", "[enter] board", "[enter] the day's results", "Press enter to go on."} {
			if strings.Contains(scr, next) {
				k = "Enter"
			}
		}
		// Wait for the key to show before reading the screen again (as
		// playDeal does): on a loaded machine a frame can take over a
		// second, and the same key sent twice would pass a screen.
		if k != "" {
			s.keys(k)
			s.changedFrom(scr)
		}
		time.Sleep(poll)
	}
}

// TestEndToEndDaily builds the real klob and plays a whole klob daily
// in tmux at 80×24, two players, from the keyboard as a person would:
// the intro, board 1 and 2, a quit in the middle of board 3 and a
// start again that goes on there, the rest of the day, the results
// with par and matchpoints against par, the hard bot's line in the
// replay; then the files the day left, klob daily -history and
// -export, and a start on a day done, which offers only the results.
func TestEndToEndDaily(t *testing.T) {
	if testing.Short() {
		t.Skip("plays eight boards in tmux (about 9 s): the full run plays it; tui/daily's tests cover the screens")
	}
	start := time.Now()
	// Every klob of the test plays e2eDay: the day cannot change under
	// it, as the calendar's would at midnight.
	s, dir := launchShell(t, 80, 24, func(env, bin string) string {
		return fmt.Sprintf("%s=%s %s '%s' daily -pace 0 -name Ada; echo \"klob exited: $?\"; sleep 60", dailyDayVar, e2eDay, env, bin)
	})
	s.waitFor("Daily challenge", patience)
	scr := s.waitFor("[enter] play board 1", patience)
	if !strings.Contains(scr, "Boards played: 0 of 8") {
		t.Fatalf("the intro:\n%s", scr)
	}
	// Boards 1 and 2, then into board 3 and out.
	playDaily(s, 2*time.Minute, func(scr string) bool {
		return strings.Contains(scr, "Board 3 of 8") && strings.Contains(scr, "Your")
	})
	scr = s.quit()
	if !strings.Contains(scr, "in the middle of board 3") || !strings.Contains(scr, "klob exited: 0") {
		t.Fatalf("quitting in board 3:\n%s", scr)
	}
	relaunch(s, dir, "daily", "-pace", "0", "-name", "Ada")
	scr = s.waitFor("Daily challenge", patience)
	if !strings.Contains(strings.Join(strings.Fields(scr), " "), "board 3 was left in the middle") {
		t.Fatalf("the intro after quitting in board 3:\n%s", scr)
	}
	scr = playDaily(s, 4*time.Minute, func(scr string) bool { return strings.Contains(scr, "At step: the hard bot") })
	for _, want := range []string{"Total", "Matchpoints (MP) against par", "Par (hard bot)", "Ada (you)", "klob-daily-"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the results lack %q:\n%s", want, scr)
		}
	}
	// The hard bot's line of board 1, in the replay with the analysis.
	s.keys("Enter")
	checkFits(t, s.waitFor("Replay · board 1 of 8", patience))
	s.keys("Escape")
	s.waitFor("At step: the hard bot", patience)
	s.keys("q")
	scr = s.waitFor("klob exited:", patience)
	if !strings.Contains(scr, "Your results of the day are at") {
		t.Errorf("quitting the results:\n%s", scr)
	}

	// The files: the result file with every board and par, the history.
	state := filepath.Join(dir, "state")
	files, _ := filepath.Glob(filepath.Join(state, "daily", "*-2p", "klob-daily-*.txt"))
	if len(files) != 1 {
		t.Fatalf("%d result files", len(files))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	rf, err := duplicate.ParseResultFile(data)
	if err != nil {
		t.Fatal(err)
	}
	set, err := duplicate.Daily(rf.Date, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := rf.Check(set); err != nil || len(rf.Boards) != 8 || rf.Name != "Ada" || rf.Date != e2eDay {
		t.Fatalf("the result file (%v): %d boards, name %q, day %s (want %s)\n%s", err, len(rf.Boards), rf.Name, rf.Date, e2eDay, data)
	}
	for _, b := range rf.Boards {
		if !b.HasPar {
			t.Errorf("board %d has no par", b.Board)
		}
	}
	env := append(os.Environ(), dailyDayVar+"="+e2eDay.String(), "KLOB_STATE_DIR="+state, "KLOB_CONFIG_DIR="+filepath.Join(dir, "config"))
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(filepath.Join(dir, "klob"), args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("klob %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	if out := run("daily", "-history"); !strings.Contains(out, "Streak: 1 day") || !strings.Contains(out, rf.Date.String()) {
		t.Errorf("klob daily -history:\n%s", out)
	}
	if out := run("daily", "-export"); out != string(data) {
		t.Errorf("klob daily -export is not the result file:\n%s", out)
	}
	// A day done offers its results, never a board.
	relaunch(s, dir, "daily", "-pace", "0")
	s.waitFor("Daily challenge", patience)
	scr = s.waitFor("[enter] the day's results", patience)
	if !strings.Contains(scr, "Boards played: 8 of 8") {
		t.Errorf("the intro of a day done:\n%s", scr)
	}
	t.Logf("a whole day at two players in %v", time.Since(start).Round(time.Millisecond))
}
