package hall

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
)

// openAndLeave has the person of key id open a table of two from the
// address from and leave it, which closes it.
func openAndLeave(h *Hall, id, from string) error {
	tb, err := h.Open(Player{ID: id, Name: id}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy, From: from})
	if err != nil {
		return err
	}
	c, err := tb.JoinFrom(Player{ID: id, Name: id}, from)
	if err != nil {
		return err
	}
	c.Leave()
	return nil
}

// One address opens a burst of tables, then one every so often,
// whatever its keys; the refusal says how long to wait. Another
// address, and one that counts nowhere, open theirs meanwhile. A key
// is paced the same from any address.
func TestOpeningTablesIsPaced(t *testing.T) {
	clock := clocktest.New(t0)
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clock))
	const burst = 10 // MaxTablesPerAddr's default and two
	for i := range burst {
		require.NoError(t, openAndLeave(h, fmt.Sprint("k", i), "192.0.2.1"), "a host who opens, leaves and opens again")
	}
	err := openAndLeave(h, "k-next", "192.0.2.1")
	var fast *TooFastError
	require.ErrorAs(t, err, &fast)
	require.EqualError(t, err, "you (or others at your address) opened many tables in a short time: wait 15 seconds")
	require.NoError(t, openAndLeave(h, "k-next", "198.51.100.7"), "another address")
	require.NoError(t, openAndLeave(h, "k-other", ""), "an address unknown counts nowhere")

	clock.Advance(DefaultOpenEvery - time.Second)
	require.EqualError(t, openAndLeave(h, "k-late", "192.0.2.1"),
		"you (or others at your address) opened many tables in a short time: wait 1 second")
	clock.Advance(time.Second)
	require.NoError(t, openAndLeave(h, "k-late", "192.0.2.1"), "one more every fifteen seconds")
	require.Error(t, openAndLeave(h, "k-later", "192.0.2.1"))

	// One key from many addresses.
	for i := range burst {
		require.NoError(t, openAndLeave(h, "solo", fmt.Sprint("203.0.113.", i)))
	}
	require.EqualError(t, openAndLeave(h, "solo", "203.0.113.99"), "you opened many tables in a short time: wait 15 seconds")

	// An operator who raised MaxTablesPerAddr (people sharing one
	// address) raised the burst with it; at its most, a table closed
	// makes room at once.
	h = newHall(t, Config{MaxTablesPerAddr: 20, MaxTablesPerKey: 30, NewBot: testkit.RandomBots, Clock: clock})
	var first *Table
	for i := range 20 {
		tb, err := h.Open(Player{ID: fmt.Sprint("p", i), Name: "p"}, Options{Seats: 2, Rules: smallRules(), Level: ai.Easy, From: "192.0.2.1"})
		require.NoError(t, err, "table %d", i)
		if first == nil {
			first = tb
		}
	}
	c, err := first.JoinFrom(Player{ID: "p0", Name: "p"}, "192.0.2.1")
	require.NoError(t, err)
	c.Leave()
	require.NoError(t, openAndLeave(h, "p-again", "192.0.2.1"))
}

// Taking a free seat at a table not started, again and again, from one
// address: a burst, then one every so often, the refusal saying how
// long; the host's table takes others meanwhile, and one back at their
// own seat is never paced.
func TestTakingSeatsIsPaced(t *testing.T) {
	clock := clocktest.New(t0)
	h := newHall(t, testConfig(t.TempDir(), &memHistory{}, clock))
	tb, err := h.Open(Player{ID: "a", Name: "ann"}, Options{Seats: 3, Rules: smallRules(), Level: ai.Easy, From: "192.0.2.1"})
	require.NoError(t, err)
	_, err = tb.JoinFrom(Player{ID: "a", Name: "ann"}, "192.0.2.1")
	require.NoError(t, err)
	bob := Player{ID: "b", Name: "bob"}
	for range 16 { // twice MaxTablesPerAddr's default
		c, err := tb.JoinFrom(bob, "198.51.100.7")
		require.NoError(t, err)
		c.Leave()
	}
	_, err = tb.JoinFrom(bob, "198.51.100.7")
	var fast *TooFastError
	require.ErrorAs(t, err, &fast)
	require.EqualError(t, err, "you took many seats in a short time: wait 10 seconds")
	_, err = tb.JoinFrom(Player{ID: "c", Name: "cid"}, "198.51.100.7")
	require.EqualError(t, err, "you (or others at your address) took many seats in a short time: wait 10 seconds")
	cid, err := tb.JoinFrom(Player{ID: "c", Name: "cid"}, "203.0.113.1")
	require.NoError(t, err, "another address")
	cid.Leave()
	clock.Advance(DefaultSeatEvery)
	c, err := tb.JoinFrom(bob, "198.51.100.7")
	require.NoError(t, err, "one more every ten seconds")
	// Back at a seat held: a connection cut, then its return.
	c.Drop()
	for range 3 {
		c, err = tb.JoinFrom(bob, "198.51.100.7")
		require.NoError(t, err, "a seat held is no seat taken")
		c.Drop()
	}
}

// The lines of tables opened and closed before a game, and of seats
// taken and left there, are bounded per address: five of each kind a
// minute, then a line counting the rest. The lines of a started game
// are all kept, as are those of an address unknown.
func TestTableLinesAreBoundedPerAddress(t *testing.T) {
	clock := clocktest.New(t0)
	logs := &testkit.LogLines{}
	cfg := testConfig(t.TempDir(), &memHistory{}, clock)
	cfg.Logf = logs.Logf
	cfg.Opens, cfg.Seats = Pace{Burst: 1000}, Pace{Burst: 1000}
	h := newHall(t, cfg)
	count := func(s string) int { return strings.Count(logs.String(), s) }
	for i := range 12 {
		require.NoError(t, openAndLeave(h, "k"+string(rune('a'+i)), "192.0.2.1"))
	}
	assert.Equal(t, 5, count(" opened by "), logs.String())
	assert.Equal(t, 5, count("closed: the host left before the game started"), logs.String())

	tb, err := h.Open(Player{ID: "a", Name: "ann"}, Options{Seats: 3, Rules: smallRules(), Level: ai.Easy, From: "198.51.100.7"})
	require.NoError(t, err)
	_, err = tb.JoinFrom(Player{ID: "a", Name: "ann"}, "198.51.100.7")
	require.NoError(t, err)
	for range 10 {
		c, err := tb.JoinFrom(Player{ID: "b", Name: "bob"}, "203.0.113.1")
		require.NoError(t, err)
		c.Leave()
	}
	assert.Equal(t, 5, count(`"bob" #`), logs.String())
	c, err := tb.Join(Player{ID: "c", Name: "cid"})
	require.NoError(t, err)
	c.Leave()
	assert.Equal(t, 1, count(`"cid" #`+KeyTag("c")+` took seat B`), "an address unknown: every line")
	assert.Equal(t, 1, count(`"cid" #`+KeyTag("c")+` left seat B`), "an address unknown: every line")

	bob, err := tb.JoinFrom(Player{ID: "b", Name: "bob"}, "203.0.113.1")
	require.NoError(t, err)
	ann, err := tb.JoinFrom(Player{ID: "a", Name: "ann"}, "198.51.100.7")
	require.NoError(t, err)
	require.NoError(t, ann.Start())
	assert.Equal(t, 1, count("table "+tb.Code()+`: game started: A "ann"`), "a started game's line is kept")
	assert.Equal(t, 1, count("table "+tb.Code()+" opened by"), "the address's first table is logged")
	bob.Leave()
	assert.Equal(t, 1, count(`"bob" #`+KeyTag("b")+` dropped from seat B`), "the game's lines are kept")

	clock.Advance(time.Minute)
	for _, want := range []string{
		"7 more tables from 192.0.2.1 opened in the last minute (not logged one by one)",
		"7 more tables from 192.0.2.1 closed before a game started in the last minute (not logged one by one)",
		"16 more seats from 203.0.113.1 taken or left before a game started in the last minute (not logged one by one)",
	} {
		assert.Equal(t, 1, count(want), "%q in\n%s", want, logs.String())
	}
	assert.NotContains(t, logs.String(), "from 198.51.100.7", "an address within its five has no summary")

	// A new minute: five lines again.
	require.NoError(t, openAndLeave(h, "kz", "192.0.2.1"))
	assert.Equal(t, 1, count(`opened by "kz"`), logs.String())
}
