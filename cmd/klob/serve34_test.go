package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/rules"
)

// openTableOf has host open a table of seats, each guest join it by its
// code (seats B, C...), and the host start the game. It returns the code.
func openTableOf(t *testing.T, seats int, host *person, guests ...*person) string {
	t.Helper()
	host.c.WaitText(t, 5*time.Second, "Welcome, "+host.name)
	host.typ(t, "o")
	host.c.WaitText(t, 5*time.Second, "Open a table")
	for range seats - 2 {
		host.typ(t, sshtest.Right)
	}
	host.c.WaitText(t, 5*time.Second, "‹ "+string(rune('0'+seats))+" ›")
	host.typ(t, sshtest.Up, sshtest.Enter)
	scr := host.c.WaitText(t, 5*time.Second, "give friends the code")
	code := codeRE.FindStringSubmatch(scr)[1]
	for i, g := range guests {
		g.c.WaitText(t, 5*time.Second, "Welcome, "+g.name)
		g.typ(t, "j")
		g.c.WaitText(t, 5*time.Second, "Table code:")
		g.typ(t, strings.ToLower(code), sshtest.Enter)
		g.c.WaitText(t, 5*time.Second, g.name+" (you)")
		host.c.WaitText(t, 5*time.Second, "Seat "+rules.Seat(i+1).String()+"  "+g.name)
	}
	host.typ(t, "s")
	host.c.WaitText(t, 5*time.Second, "Deal 1")
	return code
}

// playedDeal returns the first finished deal of the table's log where
// cards were played, and the cards each seat played in it.
func playedDeal(t *testing.T, r *serveRun, code string) (rules.DealRecord, []int, bool) {
	l := tableLog(t, r.state, code)
	g, err := l.Game()
	require.NoError(t, err)
	for _, rec := range g.Records() {
		plays := make([]int, g.Players())
		any := false
		for _, s := range rec.Steps {
			if s.Action.Kind == rules.PlayCard {
				plays[s.Seat]++
				any = true
			}
		}
		if any {
			return rec, plays, true
		}
	}
	return rules.DealRecord{}, nil, false
}

// playTableOverSSH: two people at a table of seats with bots in the
// others play until a deal is played out; no frame either receives
// shows a card of another hand (a partner's too) it may not know.
func playTableOverSSH(t *testing.T, seats, cards, w, h int) {
	r := startServe(t, t.TempDir(), time.Minute)
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	ann.w, ann.h, bob.w, bob.h = w, h, w, h
	r.connect(t, ann)
	r.connect(t, bob)
	code := openTableOf(t, seats, ann, bob)
	watchHidden(t, r, code, ann, bob)
	drive(t, r, code, 90*time.Second, func() bool {
		_, _, ok := playedDeal(t, r, code)
		return ok
	}, ann, bob)
	_, plays, _ := playedDeal(t, r, code)
	want := make([]int, seats)
	for i := range want {
		want[i] = cards
	}
	assert.Equal(t, want, plays, "the deal is played out, every card of every hand")
	l := tableLog(t, r.state, code)
	require.Equal(t, seats, l.Header.Seats())
	assert.Equal(t, "ann", l.Header.Name(0))
	assert.Equal(t, "bob", l.Header.Name(1))
	assert.Equal(t, gamelog.Human, l.Header.Level(1))
	assert.NotEqual(t, gamelog.Human, l.Header.Level(2), "a bot plays seat C")
	if w >= 100 {
		// The header names the table where there is room for it (at
		// 80 columns the scores of the sides come first).
		assert.Contains(t, ann.c.Screen(), "table "+code)
	}
}

// A table of four, two people (A and B) and two bots, plays a deal over
// SSH; neither screen ever shows another hand's hidden cards, the
// partner's included.
func TestServeFourHandedTwoPeopleTwoBots(t *testing.T) { playTableOverSSH(t, 4, 8, 110, 34) }

// A table of three, two people and a bot, plays a deal over SSH.
func TestServeThreeHandedTwoPeopleOneBot(t *testing.T) { playTableOverSSH(t, 3, 9, 110, 34) }

// TestServeFairPlayAt80x24: at every seat count, two people in the
// smallest window play a deal out over SSH; no frame either receives
// shows a card of another hand it may not know.
func TestServeFairPlayAt80x24(t *testing.T) {
	for _, tc := range []struct{ seats, cards int }{{2, 9}, {3, 9}, {4, 8}} {
		t.Run(fmt.Sprint(tc.seats), func(t *testing.T) { playTableOverSSH(t, tc.seats, tc.cards, 80, 24) })
	}
}

// On a table of four a dropped person's seat waits (shown to the
// other), they come back to it; dropped again past the grace a bot plays
// it and the person takes it back at the next deal.
func TestServeFourHandedDropReconnect(t *testing.T) {
	r := startServe(t, t.TempDir(), 700*time.Millisecond)
	ann, bob := newPerson(t, "ann"), newPerson(t, "bob")
	r.connect(t, ann)
	r.connect(t, bob)
	code := openTableOf(t, 4, ann, bob)
	watchHidden(t, r, code, ann, bob)

	require.NoError(t, bob.c.Close())
	ann.c.WaitText(t, 5*time.Second, "away, waits")
	r.connect(t, bob)
	bob.c.WaitText(t, 5*time.Second, "table "+code)
	ann.c.WaitFor(t, 5*time.Second, "bob here again", func(s string) bool { return !strings.Contains(s, "away, waits") })

	require.NoError(t, bob.c.Close())
	ann.c.WaitText(t, 5*time.Second, "a bot plays for")
	l := savedLog(t, r.state, code, "the takeover", func(l *gamelog.Log) bool { return len(l.Comment) > 0 })
	assert.Contains(t, l.Comment[0], "bob dropped; a normal bot took seat B")

	r.connect(t, bob)
	watchHidden(t, r, code, ann, bob)
	bob.c.WaitFor(t, 5*time.Second, "the bot until the next deal", func(s string) bool {
		return strings.Contains(s, "A bot plays your seat until the next deal") || strings.Contains(s, "Press enter for the next deal")
	})
	drive(t, r, code, 90*time.Second, func() bool {
		return strings.Contains(strings.Join(tableLog(t, r.state, code).Comment, "\n"), "bob took seat B back")
	}, ann, bob)
	bob.c.WaitFor(t, 5*time.Second, "bob's own seat", func(s string) bool {
		return !strings.Contains(s, "A bot plays your seat") && !strings.Contains(s, "a bot plays for")
	})
}
