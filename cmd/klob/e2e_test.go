package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// e2eSeed deals the person, first to bid, a hand worth taking.
const e2eSeed = 69

// patience bounds a wait for what another goroutine or process does (a
// screen, a save, a session's end): only a broken klob reaches it, never
// a slow one, so that a loaded CI machine cannot fail a passing run. A
// wait that decides nothing costs no more for being long.
const patience = 2 * time.Minute

// poll is the pause between two looks at a screen, a file or a log. Each
// look at a tmux pane starts a tmux client, so polling faster costs the
// other tests on the machine more CPU than it saves in waiting.
const poll = 20 * time.Millisecond

// shortParallel runs a test alongside the others under -short: the
// end-to-end tests (each with its own tmux server and state, mostly
// waiting for a frame), the in-process serve tests (each its own port
// and state) and the command's analyses and evaluations, which share
// nothing; cmd/klob is the inner loop's slowest package, so it waits
// for them at once. The full run plays them one after another.
func shortParallel(t *testing.T) {
	if testing.Short() {
		t.Parallel()
	}
}

// fullOrShort is full, or short under -short: the size of a test's work
// (decks, samples) made smaller for the quick run.
func fullOrShort[T any](full, short T) T {
	if testing.Short() {
		return short
	}
	return full
}

// tmuxSession drives a program in a detached tmux session on a server of
// its own (its own socket), so nothing of the user's tmux is touched.
// newTmuxSession is a tmux server of the test's own, on a socket named
// after prefix, the process and the test; at the test's end the server
// is killed and its socket removed (tmux leaves it in /tmp/tmux-UID).
func newTmuxSession(t *testing.T, bin, prefix string) *tmuxSession {
	s := &tmuxSession{t: t, bin: bin, sock: fmt.Sprintf("%s-%d-%s", prefix, os.Getpid(), strings.NewReplacer("/", "-", " ", "-").Replace(t.Name()))}
	t.Cleanup(func() {
		exec.Command(bin, "-L", s.sock, "kill-server").Run()
		dir := cmp.Or(os.Getenv("TMUX_TMPDIR"), os.TempDir())
		os.Remove(filepath.Join(dir, fmt.Sprintf("tmux-%d", os.Getuid()), s.sock))
	})
	return s
}

type tmuxSession struct {
	t    *testing.T
	bin  string
	sock string

	mu sync.Mutex
	// ctl runs the captures, keys and messages (tmuxControl) while no
	// other command runs; nil when there is none.
	ctl *tmuxControl
	// noCtl: the last control client could not attach; the tmux
	// command line runs everything until another command runs.
	noCtl bool
}

// run runs the tmux command args on the session's server and returns
// its output. A capture, keys or a message go through the control
// client, started on the session they name; any other command (a session made or
// killed, a pane respawned) first ends it, so that no client is
// attached to a session as it goes, and runs on the command line.
func (s *tmuxSession) run(args ...string) string {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(args) > 2 && (args[0] == "capture-pane" || args[0] == "send-keys" || args[0] == "display-message") {
		if out, ok := s.control(args); ok {
			return out
		}
	} else {
		s.stopControl()
		s.noCtl = false
	}
	out, err := exec.Command(s.bin, append([]string{"-L", s.sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// control runs args through the control client, attaching one to the
// session args name (after "-t") when there is none; ok is false when
// the command did not run there, to run on the command line.
func (s *tmuxSession) control(args []string) (string, bool) {
	s.t.Helper()
	if s.ctl == nil && !s.noCtl {
		target := ""
		for i := range args[:len(args)-1] {
			if args[i] == "-t" {
				target = args[i+1]
			}
		}
		if target == "" {
			s.noCtl = true
			return "", false
		}
		c, err := startTmuxControl(s.bin, s.sock, target)
		if err != nil {
			s.noCtl = true
			return "", false
		}
		s.ctl = c
		s.t.Cleanup(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.stopControl()
		})
	}
	if s.ctl == nil {
		return "", false
	}
	out, err := s.ctl.run(args...)
	if errors.Is(err, errControlGone) {
		s.stopControl()
		s.noCtl = true
		return "", false
	}
	if err != nil {
		s.t.Fatalf("tmux %s: %v", strings.Join(args, " "), err)
	}
	return out, true
}

// stopControl ends the control client, if any.
func (s *tmuxSession) stopControl() {
	if s.ctl != nil {
		s.ctl.close()
		s.ctl = nil
	}
}

func (s *tmuxSession) screen() string { return s.run("capture-pane", "-p", "-t", "e2e") }

// settled is the screen once two captures 30 ms apart agree, and still
// whether they did within 3 s: a capture taken while a frame is being
// written mixes the old frame with the new, and a key chosen from it may
// answer a screen that is gone. A screen not still is no screen to
// answer: the caller reads it again, or fails.
func (s *tmuxSession) settled() (scr string, still bool) { return s.settledFrom(s.screen()) }

// settledFrom is settled with scr the first of the captures.
func (s *tmuxSession) settledFrom(scr string) (string, bool) {
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); {
		time.Sleep(30 * time.Millisecond)
		next := s.screen()
		if next == scr {
			return scr, true
		}
		scr = next
	}
	return scr, false
}

// mustSettle is the settled screen; a screen that never holds still
// fails the test.
func (s *tmuxSession) mustSettle() string {
	s.t.Helper()
	scr, still := s.settled()
	if !still {
		s.t.Fatalf("the screen never held still for 30 ms in 3 s; the last capture:\n%s", scr)
	}
	return scr
}

func (s *tmuxSession) keys(k ...string) { s.run(append([]string{"send-keys", "-t", "e2e"}, k...)...) }

// waitFor polls the screen until it contains want.
func (s *tmuxSession) waitFor(want string, d time.Duration) string {
	s.t.Helper()
	deadline := time.Now().Add(d)
	for {
		scr := s.screen()
		if strings.Contains(scr, want) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("%q never showed; the screen:\n%s", want, scr)
		}
		time.Sleep(poll)
	}
}

// quit quits klob as a person does, q then y at "Quit Klob?", and
// returns the screen once the shell says klob exited.
func (s *tmuxSession) quit() string {
	s.t.Helper()
	s.keys("q")
	s.waitFor("Quit Klob?", patience)
	s.keys("y")
	return s.waitFor("klob exited:", patience)
}

// startKlob builds klob and starts it in a detached tmux session at
// 80×24, the smallest window, with args; it returns the session, the
// klob process id and the state directory. Without tmux the test is
// skipped, unless CI is set.
func startKlob(t *testing.T, args ...string) (s *tmuxSession, pid, state string) {
	start := time.Now()
	s, dir := launchKlob(t, 80, 24, args...)
	s.waitFor("Set up the game", patience)
	t.Logf("first frame on screen %v after starting tmux", time.Since(start).Round(time.Millisecond))
	shell := strings.TrimSpace(s.run("display-message", "-p", "-t", "e2e", "#{pane_pid}"))
	kids, _ := os.ReadFile("/proc/" + shell + "/task/" + shell + "/children")
	return s, strings.TrimSpace(string(kids)), filepath.Join(dir, "state")
}

// launchKlob builds klob and runs it with args in a detached tmux
// session of w×h, its state and settings in dir/state and dir/config;
// it returns the session and dir. Without tmux the test is skipped,
// unless CI is set.
func launchKlob(t *testing.T, w, h int, args ...string) (s *tmuxSession, dir string) {
	t.Helper()
	// A shell runs klob and then says how it ended; it stays a minute so
	// the screen after klob can be read.
	return launchShell(t, w, h, func(env, bin string) string {
		return fmt.Sprintf("%s '%s' %s; echo \"klob exited: $?\"; sleep 60", env, bin, strings.Join(args, " "))
	})
}

// launchShell is launchKlob with the pane's shell command made by
// command from the environment that keeps klob's files in dir and the
// built binary's path.
func launchShell(t *testing.T, w, h int, command func(env, bin string) string) (s *tmuxSession, dir string) {
	t.Helper()
	tmuxBin, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") == "" {
			t.Skip("tmux is not installed (make test installs it)")
		}
		t.Fatal("tmux is not installed and CI is set: the end-to-end test must run (make test-deps installs it)")
	}
	bin := buildKlob(t)
	dir = filepath.Dir(bin)
	s = newTmuxSession(t, tmuxBin, "klob-e2e")
	env := fmt.Sprintf("KLOB_STATE_DIR='%s' KLOB_CONFIG_DIR='%s' TERM=xterm-256color", filepath.Join(dir, "state"), filepath.Join(dir, "config"))
	s.run("new-session", "-d", "-s", "e2e", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), command(env, bin))
	return s, dir
}

// playDeal answers every question of the deal on screen as a person
// would, reading the screen, until the deal's result shows; it returns
// that screen and how many cards it played. Every frame it reads must
// fit the window: 24 lines of at most 80 cells.
func playDeal(s *tmuxSession, d time.Duration) (string, int) {
	s.t.Helper()
	cards := 0
	deadline := time.Now().Add(d)
	last := "" // the capture that showed the last key's answer
	for {
		var scr string
		var still bool
		if last != "" {
			scr, still = s.settledFrom(last)
		} else {
			scr, still = s.settled()
		}
		checkFits(s.t, scr)
		if still && (strings.Contains(scr, "This deal scores") || strings.Contains(scr, "The deal is thrown in")) {
			return scr, cards
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the deal did not end (the screen still: %v); the screen:\n%s", still, scr)
		}
		// Only a still screen is answered.
		k, card := "", false
		if still {
			k, card = dealKey(scr)
		}
		if card {
			cards++
		}
		// Wait for the key to show before reading the screen again, so a
		// frame not yet redrawn is not answered twice: on a loaded
		// machine a frame can take over a second, and a second Enter
		// would pass the deal's result unseen. Every key sent here
		// changes the screen; the capture that shows it starts the next
		// settled screen (a capture saved is a tmux client not started).
		last = ""
		if k != "" {
			last = s.answered(scr, k)
		} else {
			time.Sleep(poll)
		}
	}
}

// dealKey is the key a person presses at scr, a screen of a deal: enter
// when a trick is over, t to take the upcard's suit, b for bella, a
// card to play, enter at a menu's first choice; card says the key plays
// a card, and "" that the screen asks nothing.
func dealKey(scr string) (key string, card bool) {
	switch {
	case strings.Contains(scr, "Trick over."):
		return "Enter", false
	case strings.Contains(scr, "[t] take"):
		return "t", false
	case strings.Contains(scr, "Bella?") || strings.Contains(scr, "Bella or menage?"):
		return "b", false
	case strings.Contains(scr, "Your lead:") || strings.Contains(scr, "Your turn:"):
		// Play a card marked playable (•) by its number; when only
		// the selected card (▲) may be played, enter plays it.
		// A frame drawn as the last card leaves the hand has no card
		// to play: wait for the next rather than press enter on it.
		k := playableKey(scr)
		return k, k != ""
	case strings.Contains(scr, "▶["):
		return "Enter", false
	}
	return "", false
}

// answered sends k at scr, a screen it changes, and returns the capture
// that shows the change. A key the screen dropped as it came (pressed as
// the turn showed) leaves the screen as it was once its note has gone,
// and on a loaded machine the note can come and go between two
// captures: after resend with no change the key is sent again. A screen
// unchanged after patience fails the test.
func (s *tmuxSession) answered(scr, k string) string {
	s.t.Helper()
	s.keys(k)
	sent := time.Now()
	for end := time.Now().Add(patience); time.Now().Before(end); {
		if now := s.screen(); now != scr {
			return now
		}
		if time.Since(sent) > resend {
			s.t.Logf("%s changed nothing in %v: sent again", k, resend)
			s.keys(k)
			sent = time.Now()
		}
		time.Sleep(poll)
	}
	s.t.Fatalf("the key %s changed nothing on the screen in %v:\n%s", k, patience, scr)
	return ""
}

// changedFrom waits for the screen to change from scr after a key that
// changes it, and returns the capture that shows the change. A screen
// unchanged after patience fails the test: answering it again would
// send the key twice.
func (s *tmuxSession) changedFrom(scr string) string {
	s.t.Helper()
	for end := time.Now().Add(patience); time.Now().Before(end); {
		if now := s.screen(); now != scr {
			return now
		}
		time.Sleep(poll)
	}
	s.t.Fatalf("the key sent changed nothing on the screen in %v:\n%s", patience, scr)
	return ""
}

// checkFits fails on a frame of tmux's 80×24 pane that does not fit it.
func checkFits(t *testing.T, scr string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines on a 24-line screen:\n%s", len(lines), scr)
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Fatalf("line %d is %d cells wide:\n%s", i, n, scr)
		}
	}
}

// peakMemory returns the peak resident memory of process pid.
func peakMemory(pid string) string {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "unknown"
}

// TestEndToEnd builds the real klob, starts it in tmux at 100×30 with a
// fixed seed, plays a whole deal with keystrokes as a person would
// (reading the screen to know what is asked), and checks the result
// screen against the deal the game log records. Then it quits with q, y
// and checks the game was saved.
func TestEndToEnd(t *testing.T) {
	shortParallel(t)
	s, pid, state := startKlob(t, "-seed", strconv.Itoa(e2eSeed), "-level", "normal", "-pace", "0")
	s.keys("Enter")
	s.waitFor("Deal 1", patience)
	scr, cards := playDeal(s, 60*time.Second)
	if cards == 0 {
		t.Fatal("no card was played from the keyboard")
	}
	// The result on screen is the deal the game log holds.
	sc := savedFirstDeal(t, state, scr)
	if sc.Outcome == rules.Abandoned {
		t.Fatalf("deal 1 was thrown in; the seed should give a played deal:\n%s", scr)
	}
	checkScoreShown(t, 2, scr, sc)
	t.Logf("peak memory after one deal: %s", peakMemory(pid))

	// On to deal 2, then quit: q asks, y quits, and the game is saved.
	s.keys("Enter")
	s.waitFor("Deal 2", patience)
	scr = s.quit()
	if !strings.Contains(scr, "The game stays saved: start klob again to resume it.") || !strings.Contains(scr, "klob exited: 0") {
		t.Errorf("klob did not quit cleanly, saying the game is saved; the screen:\n%s", scr)
	}
	l, err := gamelog.ReadFile(filepath.Join(state, "current.klob"))
	if err != nil {
		t.Fatalf("the save after quitting does not read: %v", err)
	}
	if len(l.Deals) != 2 {
		t.Fatalf("the save holds %d deals, want 2 (deal 2 dealt)", len(l.Deals))
	}
}

// TestEndToEndWholeGame builds the real klob and plays a whole game in
// tmux at 80×24, the smallest window, at each seat count, from the
// keyboard as a person would, reading the screen: the setup, every deal
// and its result, to the game's end with its seed, the log filed and the offers of a replay.
// The first deal's result on screen is checked against the saved log,
// every frame against the window. With -short the bots play at random
// to shortTarget; in full the normal bots play to 500.
func TestEndToEndWholeGame(t *testing.T) {
	shortParallel(t)
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		level, target := "normal", "500"
		if testing.Short() {
			// The inner loop plays the three short games at once, each
			// in its own tmux server; the full run one after another.
			t.Parallel()
			level, target = "random", shortTarget[n]
		}
		start := time.Now()
		s, pid, state := startKlob(t, "-players", fmt.Sprint(n), "-seed", "11", "-level", level, "-target", target, "-pace", "0")
		s.keys("Enter")
		s.waitFor("Deal 1", patience)
		deals := 0
		for {
			scr, _ := playDeal(s, 3*time.Minute)
			deals++
			if deals == 1 {
				if strings.Contains(scr, "end of the game") {
					t.Fatalf("the game ended after one deal, so its save is filed before deal 1 can be checked: raise the target\n%s", scr)
				}
				checkFirstDeal(t, n, scr, state)
			}
			s.keys("Enter")
			if strings.Contains(scr, "end of the game") {
				break
			}
			s.waitFor(fmt.Sprintf("Deal %d", deals+1), patience)
		}
		scr := s.waitFor("Game over", patience)
		checkFits(t, scr)
		// The archive is written off the UI: "Saving the game log…" first.
		scr = s.waitFor("The game log is saved at:", patience)
		words := strings.Join(strings.Fields(scr), " ")
		for _, want := range []string{"Seed 11 deals this game again", "klob play", "-seed 11", "[r] replay", "[a] analysis", "[n] new game"} {
			if !strings.Contains(words, want) {
				t.Errorf("the game's end lacks %q:\n%s", want, scr)
			}
		}
		files, _ := filepath.Glob(filepath.Join(state, "history", "*.klob"))
		if len(files) != 1 {
			t.Fatalf("%d games filed, want 1", len(files))
		}
		// The file is named for the person's opponents at every count.
		if want := map[int]string{2: "-vs-Bot-", 3: "-vs-West-", 4: "-vs-West-"}[n]; !strings.Contains(filepath.Base(files[0]), want) {
			t.Errorf("the filed game is named %s, want %q in it", filepath.Base(files[0]), want)
		}
		_, r, err := gamelog.ReadReplay(files[0])
		if err != nil || !r.Over || r.Players() != n || len(r.Deals) != deals {
			t.Fatalf("the filed game: %v, over %v, %d players, %d deals; want over, %d players, %d deals", err, r != nil && r.Over, r.Players(), len(r.Deals), n, deals)
		}
		// r replays the game just played.
		s.keys("r")
		checkFits(t, s.waitFor("Replay · deal 1 of", patience))
		t.Logf("%d players: %d deals in %v, peak memory %s", n, deals, time.Since(start).Round(time.Millisecond), peakMemory(pid))
	})
}

// shortTarget is the target of TestEndToEndWholeGame's short games at
// each seat count: the lowest of 60, 100 and 150 at which the random
// bots on seed 11 play two deals, so that the game goes from deal to
// deal and deal 1 is checked in the save of a game in progress (five,
// three and two deals at 150 before).
var shortTarget = map[int]string{2: "60", 3: "100", 4: "150"}

// savedFirstDeal returns the score of the first deal in the save in
// state once the save holds it finished. The save is written off the UI
// goroutine, so it may land a moment after the screen (scr, shown when
// it never comes): a loaded machine can take a while.
func savedFirstDeal(t *testing.T, state, scr string) rules.Score {
	t.Helper()
	var rp *gamelog.Replay
	var err error
	for deadline := time.Now().Add(patience); ; {
		var l *gamelog.Log
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
	return rp.Deals[0].Score
}

// checkFirstDeal checks the first deal's result on screen against the
// saved log: its lines by side (the person's first) and the verdict.
func checkFirstDeal(t *testing.T, n int, scr, state string) {
	t.Helper()
	sc := savedFirstDeal(t, state, scr)
	if sc.Outcome == rules.Abandoned {
		if !strings.Contains(scr, "The deal is thrown in") {
			t.Errorf("the log says thrown in, the screen does not:\n%s", scr)
		}
		return
	}
	checkScoreShown(t, n, scr, sc)
}

// checkScoreShown checks a played deal's result screen scr at a table
// of n against its score sc: the rows of tricks, card points, total and
// what the deal scores by side (the person's first), and the verdict.
func checkScoreShown(t *testing.T, n int, scr string, sc rules.Score) {
	t.Helper()
	bySide := func(x [4]int) []int {
		out := make([]int, sc.Sides())
		for s := range n {
			out[s%len(out)] += x[s]
		}
		return out
	}
	wantRow := func(label string, want []int, plus string) {
		t.Helper()
		pat := regexp.QuoteMeta(label)
		for range want {
			pat += `\s+` + regexp.QuoteMeta(plus) + `(\d+)`
		}
		m := regexp.MustCompile(pat).FindStringSubmatch(scr)
		for i, w := range want {
			if m == nil || m[i+1] != strconv.Itoa(w) {
				t.Errorf("screen row %q: got %v, want %v; the screen:\n%s", label, m, want, scr)
				return
			}
		}
	}
	wantRow("Tricks", bySide(sc.Tricks), "")
	wantRow("Card points", bySide(sc.Cards), "")
	wantRow("Total", bySide(sc.Total), "")
	wantRow("This deal scores", sc.Scored[:sc.Sides()], "+")
	verdict := map[rules.Outcome]string{rules.Made: "Made.", rules.Tie: "Equal.", rules.Bete: "Bete!"}[sc.Outcome]
	if !strings.Contains(scr, verdict) {
		t.Errorf("the screen does not say %q:\n%s", verdict, scr)
	}
}

// playableKey reads the hand on screen: the number above the first card
// marked playable (•), enter when only the selected card (▲) is, "" when
// no card is marked.
func playableKey(screen string) string {
	lines := strings.Split(screen, "\n")
	if k := markedCard(lines, '•'); k != "" {
		return k
	}
	if markedCard(lines, '▲') != "" {
		return "Enter"
	}
	return ""
}

// markedCard is the number above the first card of lines marked with
// mark, "" when no card is.
func markedCard(lines []string, mark rune) string {
	for i := 1; i < len(lines); i++ {
		marks := []rune(lines[i])
		nums := []rune(lines[i-1])
		for x, r := range marks {
			if r == mark && x < len(nums) && nums[x] >= '1' && nums[x] <= '9' {
				return string(nums[x])
			}
		}
	}
	return ""
}

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

// An interrupt from outside the game (kill -INT) ends klob as q does:
// the game stays saved and is said to be, and the status is 130, the
// status of a command interrupted; not a failure with Bubble Tea's
// words.
func TestInterruptKeepsTheGame(t *testing.T) {
	shortParallel(t)
	s, pid, _ := startKlob(t, "-seed", "5", "-pace", "0")
	s.keys("Enter")
	s.waitFor("Deal 1", patience)
	n, err := strconv.Atoi(pid)
	if err != nil {
		t.Fatalf("no klob process: %q", pid)
	}
	if err := syscall.Kill(n, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	scr := s.waitFor("klob exited:", patience)
	if !strings.Contains(scr, "klob exited: 130") {
		t.Errorf("the interrupt's status is not 130:\n%s", scr)
	}
	if !strings.Contains(scr, "saved") || strings.Contains(scr, "killed") {
		t.Errorf("the interrupt does not say the game is saved:\n%s", scr)
	}
}
