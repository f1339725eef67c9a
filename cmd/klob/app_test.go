//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// noTTY is opening the controlling terminal where there is none.
func noTTY() error { return errors.New("no such device or address") }

// pipe is an OS pipe, closed at the end of the test.
func pipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// TestCheckTerminal: a pipe is no terminal to draw on; keys from a pipe
// need the controlling terminal.
func TestCheckTerminal(t *testing.T) {
	r, w := pipe(t)
	if err := checkTerminal(r, w, noTTY); !errors.Is(err, ErrNoTerminal) || !strings.Contains(err.Error(), "output is not one") {
		t.Errorf("output to a pipe: got %v, want ErrNoTerminal about the output", err)
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if err := checkTerminal(r, null, noTTY); !errors.Is(err, ErrNoTerminal) {
		t.Errorf("output to %s: got %v, want ErrNoTerminal", os.DevNull, err)
	}
}

// TestCheckTerminalOnATerminal needs a real terminal (/dev/tty), as in
// tmux; it is skipped elsewhere.
func TestCheckTerminalOnATerminal(t *testing.T) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		t.Skip("no controlling terminal")
	}
	defer tty.Close()
	r, _ := pipe(t)
	if err := checkTerminal(r, tty, noTTY); !errors.Is(err, ErrNoTerminal) || !strings.Contains(err.Error(), "read keys") {
		t.Errorf("keys from a pipe, no controlling terminal: got %v, want ErrNoTerminal about keys", err)
	}
	if err := checkTerminal(r, tty, func() error { return nil }); err != nil {
		t.Errorf("keys from the controlling terminal: got %v, want nil", err)
	}
	if err := checkTerminal(tty, tty, noTTY); err != nil {
		t.Errorf("both terminals: got %v, want nil", err)
	}
}

// TestPlayWithoutTerminal runs the real binary with pipes and no
// controlling terminal (a new session): a plain sentence and exit 1 (a
// failure: the command line was right, and 2 is for usage errors), not
// Bubble Tea's error about /dev/tty.
func TestPlayWithoutTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildKlob(t)
	dir := filepath.Dir(bin)
	for _, args := range [][]string{{"play"}, {}, {"train"}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "KLOB_STATE_DIR="+filepath.Join(dir, "state"))
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Errorf("klob %v without a terminal: %v, want exit 1", args, err)
		}
		msg := stderr.String()
		if !strings.Contains(msg, "needs a terminal") || strings.Contains(msg, "/dev/tty") {
			t.Errorf("klob %v: stderr %q, want a plain sentence about the terminal", args, msg)
		}
		// Wrapped between words to 80 columns, not cut in a word by
		// the terminal ("run it in a t" / "erminal window").
		for _, l := range strings.Split(strings.TrimSuffix(msg, "\n"), "\n") {
			if len([]rune(l)) > 80 {
				t.Errorf("klob %v: a line of %d columns: %q", args, len([]rune(l)), l)
			}
		}
	}
}

// TestWrapNote: a quit note longer than the terminal is wrapped between
// words, never cut in one ("wor" / "th" at 80 columns after klob train),
// and a line's indent is kept on the lines it runs on to.
func TestWrapNote(t *testing.T) {
	note := "This session: 0 of 1 drill right, 9 points lost, 9.3 a drill; chances to win worth 0.01 games lost. Your record is kept in ~/st/klob/train.json.\n  an indented line that is long enough to run on past the edge of a narrow terminal"
	for _, w := range []int{80, 40} {
		got := wrapNote(note, w, "")
		if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(note), " ") {
			t.Errorf("width %d: the words changed:\n%s", w, got)
		}
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		for _, l := range lines {
			if len([]rune(l)) > w {
				t.Errorf("width %d: %q is wider", w, l)
			}
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "  ") {
			t.Errorf("width %d: the indented line's run-on %q lost its indent", w, last)
		}
	}
}

// TestNoTerminalWritesNothing: a full-screen command refused for want
// of a terminal (stdin /dev/null, stdout a pipe) writes nothing first:
// no state folder, no lock, no name kept.
func TestNoTerminalWritesNothing(t *testing.T) {
	shortParallel(t)
	bin := buildKlob(t)
	dir := filepath.Dir(bin)
	for _, args := range [][]string{{"daily", "-name", "Ann"}, {"-players", "3"}, {"play"}, {"train"}, {"learn"}, {"replay"}} {
		state := filepath.Join(dir, "state")
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "KLOB_STATE_DIR="+state, "KLOB_CONFIG_DIR="+filepath.Join(dir, "config"))
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(string(out), "needs a terminal") {
			t.Errorf("%v: %v, %q", args, err, out)
		}
		if _, err := os.Stat(state); err == nil {
			var made []string
			filepath.WalkDir(state, func(p string, _ os.DirEntry, _ error) error {
				made = append(made, p)
				return nil
			})
			t.Errorf("%v refused and wrote %v", args, made)
			os.RemoveAll(state)
		}
	}
}
