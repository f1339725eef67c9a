package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/sshtest"
)

// The real ssh command, in tmux windows of 80×24, against klob serve
// (in this process, so the test drives the tournaments' clock): Ann
// creates a tournament from the lobby, Bob enters it by its code, both
// play every board, and once the clock passes the end both see the
// standings. Every screen polled is checked as the fair-play test
// checks its frames.
func TestServeTourneyE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("the end-to-end run starts ssh in tmux")
	}
	dir := t.TempDir()
	c := tourneyClock()
	r := startServeTourney(t, filepath.Join(dir, "state"), c)
	tn := r.hall.tourney
	_, port, _ := net.SplitHostPort(r.addr)

	x := newSSHTmux(t, dir, port, r.log.String)
	keyOf := map[string]string{}
	connect := func(name string) {
		data, err := os.ReadFile(x.connect(name, 80, 24))
		require.NoError(t, err)
		signer, err := gossh.ParsePrivateKey(data)
		require.NoError(t, err)
		keyOf[name] = server.KeyID(signer.PublicKey())
	}
	var code atomic.Value
	code.Store("")
	ended := false
	x.check = func(name, scr string) {
		if msg := tourneyLeak(tn, code.Load().(string), keyOf[name], ended, scr, new(atomic.Int64)); msg != "" {
			t.Fatalf("%s: %s", name, msg)
		}
	}
	screen, keys, waitFor := x.screen, x.keys, x.waitFor

	connect("ann")
	connect("bob")
	waitFor("ann", "Welcome, ann")
	keys("ann", "d")
	waitFor("ann", "Today's daily")
	keys("ann", "n")
	waitFor("ann", "A new tournament")
	keys("ann", "Left", "Up", "Up", "Up", "Left", "Left")
	waitFor("ann", "Boards                     4 ›")
	keys("ann", "Enter")
	scr := waitFor("ann", "is open")
	code.Store(tourneyOpenRE.FindStringSubmatch(scr)[1])
	waitFor("bob", "Welcome, bob")
	keys("bob", "d")
	waitFor("bob", "Today's daily")
	keys("bob", "c")
	waitFor("bob", "Tournament code:")
	keys("bob", "-l", strings.ToLower(code.Load().(string)))
	keys("bob", "Enter")
	waitFor("bob", "[enter] enter the tournament")
	keys("bob", "Enter")
	waitFor("bob", "You are in")

	// Both play, reading their screens, until their last board is over.
	last := map[string]string{}
	done := map[string]bool{}
	deadline := time.Now().Add(2 * time.Minute)
	for !done["ann"] || !done["bob"] {
		if time.Now().After(deadline) {
			t.Fatalf("the boards were not played; ann:\n%s\nbob:\n%s", screen("ann"), screen("bob"))
		}
		for _, name := range []string{"ann", "bob"} {
			s := screen(name)
			if done[name] || s == last[name] {
				continue
			}
			k, over := tourneyAct(s)
			switch {
			case over:
				done[name] = true
			case k == sshtest.Enter:
				keys(name, "Enter")
			case k != "":
				keys(name, "-l", k)
			default:
				continue
			}
			last[name] = s
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, name := range []string{"ann", "bob"} {
		keys(name, "Escape")
		waitFor(name, "Played 4 of 4")
	}

	// The end passes: the standings open for both.
	ended = true
	c.Add(25 * time.Hour)
	for _, name := range []string{"ann", "bob"} {
		keys(name, "r")
		waitFor(name, "standings")
		scr := waitFor(name, name+" (you)")
		other := map[string]string{"ann": "bob", "bob": "ann"}[name]
		require.Contains(t, scr, other)
	}
}
