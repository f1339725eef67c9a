package main

import (
	"strconv"
	"strings"
	"syscall"
	"testing"
)

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
