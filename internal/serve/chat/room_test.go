package chat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// newClock is the tests' clock, stopped at a fixed time.
func newClock() *testkit.Clock { return testkit.NewClock(time.Unix(1_800_000_000, 0)) }

func newHub(t testing.TB, cfg Config) (*Hub, *testkit.Clock) {
	c := newClock()
	cfg.Now = c.Now
	h, err := New(cfg)
	require.NoError(t, err)
	return h, c
}

// bobListens is a room of a hub with the default limits, and bob's
// subscription to it.
func bobListens(t testing.TB) (*Room, *Subscription) {
	h, _ := newHub(t, Config{})
	room := h.NewRoom()
	sub, _ := room.Subscribe(bob.Key)
	return room, sub
}

var (
	alice = Sender{Key: "SHA256:alice", Name: "alice"}
	bob   = Sender{Key: "SHA256:bob", Name: "bob"}
	carol = Sender{Key: "SHA256:carol", Name: "carol"}
)

func texts(ls []Line) []string {
	var s []string
	for _, l := range ls {
		s = append(s, l.Text)
	}
	return s
}

func refusal(t *testing.T, err error) *Refusal {
	t.Helper()
	var r *Refusal
	require.True(t, errors.As(err, &r), "want a *Refusal, got %v", err)
	return r
}

// TestAbuseEscapeSequences: what a terminal would obey never reaches
// another player, nor the history.
func TestAbuseEscapeSequences(t *testing.T) {
	room, sub := bobListens(t)
	for _, in := range []string{
		"\x1b]0;pwned\x07\x1b[2J\x1b[H\x1b[31mhello\x1b[0m\u202e",
		"\x1b]52;c;cm0gLXJmIH4K\x07copy\u2066me\u2069",
		"\x1bc\u009b31m\u200bwhat\ufeff\u2028now",
	} {
		_, err := room.Say(alice, in)
		require.NoError(t, err)
	}
	want := []string{"hello", "copyme", "what now"}
	assert.Equal(t, want, texts(sub.Take().Lines))
	assert.Equal(t, want, texts(room.History(carol.Key).Lines))

	_, err := room.Say(alice, "\x1b[31m\u202e\u200b\x1b]0;t\x07")
	r := refusal(t, err)
	assert.Equal(t, Empty, r.Reason)
	assert.Equal(t, "nothing to send: the line holds only control or invisible characters, which are removed", r.Error())
	_, err = room.Say(alice, " \t\n ")
	assert.Equal(t, "nothing to send", err.Error())
}

// TestAbuseJamo: a run of Hangul jamo, measured as one character and
// drawn as many, never reaches another player; the words around it do.
func TestAbuseJamo(t *testing.T) {
	room, sub := bobListens(t)
	_, err := room.Say(alice, strings.Repeat("\u1100", 60))
	assert.Equal(t, Empty, refusal(t, err).Reason)
	_, err = room.Say(alice, "안녕 "+strings.Repeat("\u1100", 60)+" 하세요")
	require.NoError(t, err)
	assert.Equal(t, []string{"안녕 하세요"}, texts(sub.Take().Lines))
}

// TestAbusePaste: a 1 MB paste is refused at once, unread (its only
// allocation is the refusal), and costs the sender no token.
func TestAbusePaste(t *testing.T) {
	room, sub := bobListens(t)
	paste := strings.Repeat("\x1b[31mAAAA\u202e", 1<<20/12)
	require.Greater(t, len(paste), 1<<19)

	_, err := room.Say(alice, paste)
	r := refusal(t, err)
	assert.Equal(t, TooLong, r.Reason)
	assert.Equal(t, "too long: a line holds at most 200 characters", r.Error())
	allocs := testing.AllocsPerRun(100, func() { _, _ = room.Say(alice, paste) })
	assert.LessOrEqual(t, allocs, 1.0, "a refused paste must not be read")

	for i := range DefaultBurst {
		_, err := room.Say(alice, fmt.Sprint("line ", i))
		require.NoError(t, err, "the pastes cost no token")
	}
	assert.Len(t, sub.Take().Lines, DefaultBurst)

	// Within the byte limit but over the characters once cleaned: the
	// count is told.
	_, err = room.Say(bob, strings.Repeat("ab", 150))
	assert.Equal(t, "too long: 300 characters, a line holds at most 200", err.Error())
	_, err = room.Say(bob, strings.Repeat("é", 200))
	assert.NoError(t, err, "200 letters of two bytes each fit")
	_, err = room.Say(carol, strings.Repeat("e\u0301", 200))
	assert.NoError(t, err, "accents count with their letter")
}

// TestAbuseFlood: 1,000 lines a second from one sender for ten
// seconds. Only the burst and one a second pass; the rest are refused
// with the wait, without cleaning (one allocation: the refusal); the
// other senders, talking at their own pace, all pass.
func TestAbuseFlood(t *testing.T) {
	h, c := newHub(t, Config{})
	room := h.NewRoom()
	sub, _ := room.Subscribe(carol.Key)
	passed, bobPassed := 0, 0
	for ms := range 10000 {
		_, err := room.Say(alice, "spam \x1b[5m!!!")
		if err == nil {
			passed++
		} else {
			r := refusal(t, err)
			require.Equal(t, TooFast, r.Reason)
			require.Positive(t, r.Wait)
			require.LessOrEqual(t, r.Wait, time.Second)
			require.Equal(t, "slow down: wait 1 s", r.Error())
		}
		if ms%1000 == 500 {
			_, err := room.Say(bob, "I am talking")
			require.NoError(t, err, "bob at %d ms", ms)
			bobPassed++
		}
		c.Add(time.Millisecond)
	}
	// Burst 5 at 0 ms, then one a second from 1 s to 9 s.
	assert.Equal(t, DefaultBurst+9, passed)
	assert.Equal(t, 10, bobPassed)
	b := sub.Take()
	assert.Len(t, b.Lines, passed+bobPassed)
	assert.Zero(t, b.Skipped)

	allocs := testing.AllocsPerRun(1000, func() { _, _ = room.Say(alice, "spam \x1b[5m!!!") })
	assert.LessOrEqual(t, allocs, 1.0, "a refused line costs its refusal only")
	assert.Equal(t, 2, h.limit.Len())
}

// TestRateWait: the wait told is exact, in whole seconds rounded up,
// and the bucket is shared by all of a hub's rooms.
func TestRateWait(t *testing.T) {
	h, c := newHub(t, Config{Burst: 2, Every: 3 * time.Second})
	lobby, table := h.NewRoom(), h.NewRoom()
	_, err := lobby.Say(alice, "one")
	require.NoError(t, err)
	_, err = table.Say(alice, "two")
	require.NoError(t, err)
	c.Add(500 * time.Millisecond)
	_, err = table.Say(alice, "three")
	r := refusal(t, err)
	assert.Equal(t, 2500*time.Millisecond, r.Wait)
	assert.Equal(t, "slow down: wait 3 s", r.Error())
	c.Add(r.Wait - time.Nanosecond)
	_, err = lobby.Say(alice, "three")
	require.Error(t, err)
	c.Add(time.Nanosecond)
	_, err = lobby.Say(alice, "three")
	require.NoError(t, err)
}

// TestAbuseListenerNeverReads: a listener who never reads keeps only
// the newest lines and is told how many it skipped; the room never
// waits for it, and a listener who reads gets every line.
func TestAbuseListenerNeverReads(t *testing.T) {
	h, c := newHub(t, Config{})
	room := h.NewRoom()
	stalled, _ := room.Subscribe(bob.Key)
	reader, _ := room.Subscribe(carol.Key)
	var got []Line
	const n = 10000
	for i := range n {
		_, err := room.Say(alice, fmt.Sprint(i))
		require.NoError(t, err)
		c.Add(time.Second)
		if i%10 == 9 {
			b := reader.Take()
			require.Zero(t, b.Skipped)
			got = append(got, b.Lines...)
		}
	}
	require.Len(t, got, n)
	for i, l := range got {
		require.Equal(t, uint64(i+1), l.Seq)
	}

	b := stalled.Take()
	assert.Equal(t, n-DefaultPending, b.Skipped)
	require.Len(t, b.Lines, DefaultPending)
	assert.Equal(t, fmt.Sprint(n-DefaultPending), b.Lines[0].Text)
	assert.Equal(t, fmt.Sprint(n-1), b.Lines[DefaultPending-1].Text)
	assert.Equal(t, Batch{}, stalled.Take(), "read to the end")

	hist := room.History(bob.Key)
	assert.Len(t, hist.Lines, DefaultHistory)
	assert.Equal(t, uint64(n-DefaultHistory), hist.Dropped)
	assert.Equal(t, uint64(n-DefaultHistory+1), hist.Lines[0].Seq)
}

// TestMute: a muted sender's lines reach neither the listener's feed
// nor their history, in any room; others still hear them; unmuting
// lets later lines through.
func TestMute(t *testing.T) {
	h, c := newHub(t, Config{})
	lobby, table := h.NewRoom(), h.NewRoom()
	say := func(room *Room, s Sender, text string) {
		t.Helper()
		_, err := room.Say(s, text)
		require.NoError(t, err)
		c.Add(time.Second)
	}
	say(lobby, bob, "before")
	require.NoError(t, h.Mute(alice.Key, bob.Key, ""))
	require.NoError(t, h.Mute(alice.Key, bob.Key, ""), "twice is once")
	assert.Equal(t, []string{bob.Key}, h.Muted(alice.Key))

	aLobby, hist := lobby.Subscribe(alice.Key)
	assert.Empty(t, hist.Lines, "muted lines leave the history too")
	aTable, _ := table.Subscribe(alice.Key)
	cLobby, hist := lobby.Subscribe(carol.Key)
	assert.Equal(t, []string{"before"}, texts(hist.Lines))

	say(lobby, bob, "hello all")
	say(table, bob, "at the table")
	say(lobby, carol, "hi bob")
	assert.Equal(t, []string{"hi bob"}, texts(aLobby.Take().Lines))
	assert.Empty(t, aTable.Take().Lines)
	assert.Equal(t, []string{"hello all", "hi bob"}, texts(cLobby.Take().Lines))

	h.Unmute(alice.Key, bob.Key)
	assert.Empty(t, h.Muted(alice.Key))
	say(lobby, bob, "again")
	assert.Equal(t, []string{"again"}, texts(aLobby.Take().Lines))

	assert.EqualError(t, h.Mute(alice.Key, alice.Key, ""), "you cannot mute yourself")
	assert.Error(t, h.Mute("", bob.Key, ""))
}

func TestMuteLimit(t *testing.T) {
	h, _ := newHub(t, Config{MaxMutes: 3})
	for i := range 3 {
		require.NoError(t, h.Mute(alice.Key, fmt.Sprint("k", i), ""))
	}
	assert.EqualError(t, h.Mute(alice.Key, "k3", ""), "you have muted 3 players, the most there can be: unmute one first")
	h.Unmute(alice.Key, "k0")
	assert.NoError(t, h.Mute(alice.Key, "k3", ""))
}

// TestMutesOfAllBounded: the Hub keeps at most MaxMutesAll mutes in
// all (free keys could each keep theirs for the server's life): beyond
// it the listener who changed theirs least lately loses them; one who
// muted since keeps theirs, and unmutes give room back.
func TestMutesOfAllBounded(t *testing.T) {
	h, c := newHub(t, Config{MaxMutes: 3, MaxMutesAll: 5})
	mute := func(listener string, n int) {
		t.Helper()
		for i := range n {
			require.NoError(t, h.Mute(listener, fmt.Sprint("k", i), ""))
		}
		c.Add(time.Second)
	}
	mute("old", 2)
	mute("mid", 2)
	mute("new", 1)
	require.Len(t, h.Muted("old"), 2, "5 mutes fit")
	mute("late", 1)
	assert.Empty(t, h.Muted("old"), "the oldest listener's mutes go")
	assert.Len(t, h.Muted("mid"), 2)
	require.NoError(t, h.Mute("mid", "k2", ""))
	c.Add(time.Second)
	assert.Len(t, h.Muted("new"), 1, "5 mutes fit again")
	require.NoError(t, h.Mute("late", "k1", ""))
	assert.Empty(t, h.Muted("new"), "then the next least lately changed")
	assert.Len(t, h.Muted("mid"), 3, "mid muted since")
	assert.Len(t, h.Muted("late"), 2, "the listener muting keeps theirs")
	h.Unmute("mid", "k0")
	require.NoError(t, h.Mute("new", "k0", ""))
	assert.Len(t, h.Muted("mid"), 2, "an unmute gave room")
	// A Hub whose cap is below one listener's own mutes keeps them.
	h2, _ := newHub(t, Config{MaxMutes: 3, MaxMutesAll: 1})
	for i := range 3 {
		require.NoError(t, h2.Mute("solo", fmt.Sprint("k", i), ""))
	}
	assert.Len(t, h2.Muted("solo"), 3)
}

// TestSubscribeNoGapNoDuplicate: listeners who join while others talk
// get, in their history and then their feed, every line from some point
// on, each once, in order.
func TestSubscribeNoGapNoDuplicate(t *testing.T) {
	h, _ := newHub(t, Config{Burst: 1 << 20, History: 1000, Pending: 1000})
	room := h.NewRoom()
	const senders, each = 4, 200
	var wg sync.WaitGroup
	for s := range senders {
		wg.Go(func() {
			for i := range each {
				_, err := room.Say(Sender{Key: fmt.Sprint("s", s)}, fmt.Sprint(s, "/", i))
				assert.NoError(t, err)
			}
		})
	}
	type joined struct {
		sub  *Subscription
		hist History
	}
	var subs []joined
	for range 20 {
		s, hist := room.Subscribe("listener")
		subs = append(subs, joined{s, hist})
	}
	wg.Wait()
	room.Close()
	for _, j := range subs {
		lines := j.hist.Lines
		for {
			b, err := j.sub.Wait(context.Background())
			if errors.Is(err, ErrClosed) {
				break
			}
			require.NoError(t, err)
			require.Zero(t, b.Skipped)
			lines = append(lines, b.Lines...)
		}
		require.Len(t, lines, senders*each-int(j.hist.Dropped))
		for i, l := range lines {
			require.Equal(t, j.hist.Dropped+uint64(i+1), l.Seq)
		}
	}
}

// TestConcurrent runs talkers, readers, joiners, mutes and a slow
// reader together, for the race detector; nobody blocks.
func TestConcurrent(t *testing.T) {
	h, _ := newHub(t, Config{Burst: 1 << 20, Pending: 8})
	room := h.NewRoom()
	ctx, cancel := context.WithCancel(context.Background())
	var readers sync.WaitGroup
	for i := range 4 {
		sub, _ := room.Subscribe(fmt.Sprint("r", i))
		readers.Go(func() {
			for {
				if _, err := sub.Wait(ctx); err != nil {
					return
				}
			}
		})
	}
	_, _ = room.Subscribe("stalled")
	var talkers sync.WaitGroup
	for s := range 4 {
		talkers.Go(func() {
			key := fmt.Sprint("t", s)
			for i := range 500 {
				_, _ = room.Say(Sender{Key: key}, fmt.Sprint("\x1b[1m", i))
				switch i % 50 {
				case 10:
					_ = h.Mute("r0", key, "")
				case 20:
					h.Unmute("r0", key)
				case 30:
					sub, _ := room.Subscribe(key)
					sub.Take()
					sub.Close()
				}
			}
		})
	}
	talkers.Wait()
	cancel()
	readers.Wait()
	assert.Equal(t, 5, room.Listeners())
}

func TestClose(t *testing.T) {
	room, sub := bobListens(t)
	_, err := room.Say(alice, "last words")
	require.NoError(t, err)
	room.Close()
	_, err = room.Say(alice, "too late")
	assert.ErrorIs(t, err, ErrClosed)

	b, err := sub.Wait(context.Background())
	require.NoError(t, err)
	assert.Equal(t, []string{"last words"}, texts(b.Lines))
	_, err = sub.Wait(context.Background())
	assert.ErrorIs(t, err, ErrClosed)

	late, hist := room.Subscribe(carol.Key)
	assert.Equal(t, []string{"last words"}, texts(hist.Lines))
	_, err = late.Wait(context.Background())
	assert.ErrorIs(t, err, ErrClosed)
	assert.Zero(t, room.Listeners())
}

func TestSubscriptionClose(t *testing.T) {
	room, sub := bobListens(t)
	assert.Equal(t, 1, room.Listeners())
	sub.Close()
	assert.Zero(t, room.Listeners())
	_, err := room.Say(alice, "hi")
	require.NoError(t, err)
	_, err = sub.Wait(context.Background())
	assert.ErrorIs(t, err, ErrClosed)
}

func TestWaitContext(t *testing.T) {
	_, sub := bobListens(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := sub.Wait(ctx)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestWaitWakes: a Wait blocked on an empty feed returns the line said.
func TestWaitWakes(t *testing.T) {
	room, sub := bobListens(t)
	got := make(chan Batch)
	go func() {
		b, _ := sub.Wait(context.Background())
		got <- b
	}()
	_, err := room.Say(alice, "wake up")
	require.NoError(t, err)
	assert.Equal(t, []string{"wake up"}, texts((<-got).Lines))
}

func TestLineFields(t *testing.T) {
	h, c := newHub(t, Config{})
	room := h.NewRoom()
	l, err := room.Say(alice, "  ｈｉ  ")
	require.NoError(t, err)
	assert.Equal(t, Line{Seq: 1, From: alice.Key, Name: "alice", Text: "hi", At: c.Now()}, l)
	_, err = room.Say(Sender{Name: "nobody"}, "hi")
	assert.EqualError(t, err, "chat: a sender needs a key")
}

func TestConfig(t *testing.T) {
	h, err := New(Config{})
	require.NoError(t, err)
	cfg := h.Config()
	assert.Equal(t, DefaultMaxChars, cfg.MaxChars)
	assert.Equal(t, DefaultMaxBytes, cfg.MaxBytes)
	assert.Equal(t, DefaultBurst, cfg.Burst)
	assert.Equal(t, DefaultEvery, cfg.Every)
	assert.Equal(t, DefaultHistory, cfg.History)
	assert.Equal(t, DefaultPending, cfg.Pending)
	assert.Equal(t, DefaultMaxMutes, cfg.MaxMutes)
	assert.NotNil(t, cfg.Now)

	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Burst: -1}, "chat: Config.Burst is -1; it must be positive (0 takes the default 5)"},
		{Config{Every: -time.Second}, "chat: Config.Every is -1s; it must be positive (0 takes the default 1s)"},
		{Config{MaxChars: 300, MaxBytes: 200}, "chat: Config.MaxBytes (200) is below MaxChars (300): a line of MaxChars letters could not be said"},
	} {
		_, err := New(tc.cfg)
		assert.EqualError(t, err, tc.want)
	}
}

// TestMutesStoredAndRestored: OnMutes is given each change of a
// listener's set, in order; a Hub restored from the last set mutes as
// the first did, finds the names for /unmute, and a Hub that already
// holds the listener's mutes keeps its own.
func TestMutesStoredAndRestored(t *testing.T) {
	var got []map[string]string
	keep := func(listener string, muted map[string]string) {
		assert.Equal(t, alice.Key, listener)
		got = append(got, muted)
	}
	h, _ := newHub(t, Config{OnMutes: keep})
	require.NoError(t, h.Mute(alice.Key, bob.Key, "bob"))
	require.NoError(t, h.Mute(alice.Key, bob.Key, "bob"), "no change, nothing stored")
	require.NoError(t, h.Mute(alice.Key, carol.Key, "carol"))
	h.Unmute(alice.Key, carol.Key)
	h.Unmute(alice.Key, carol.Key)
	assert.Equal(t, []map[string]string{
		{bob.Key: "bob"},
		{bob.Key: "bob", carol.Key: "carol"},
		{bob.Key: "bob"},
	}, got)
	got[0][carol.Key] = "x"
	assert.Equal(t, []string{bob.Key}, h.Muted(alice.Key), "the sets given are copies")

	// The next server's Hub.
	h2, _ := newHub(t, Config{OnMutes: keep, MaxMutes: 2})
	got = nil
	assert.True(t, h2.Restore(alice.Key, map[string]string{bob.Key: "bob", alice.Key: "me", "": "nobody"}))
	assert.Nil(t, got, "a restored set is stored already")
	assert.Equal(t, map[string]string{bob.Key: "bob"}, h2.MutedNames(alice.Key), "own and empty keys skipped")
	room := h2.NewRoom()
	sub, _ := room.Subscribe(alice.Key)
	_, err := room.Say(bob, "still muted")
	require.NoError(t, err)
	assert.Empty(t, sub.Take().Lines)

	assert.False(t, h2.Restore(alice.Key, map[string]string{carol.Key: "carol"}), "the Hub's set is newer")
	assert.Equal(t, []string{bob.Key}, h2.Muted(alice.Key))

	h2.Unmute(alice.Key, bob.Key)
	assert.Equal(t, []map[string]string{nil}, got, "unmuting the last is stored as none")
	assert.True(t, h2.Restore(carol.Key, map[string]string{"k1": "a", "k2": "b", "k3": "c"}))
	assert.Equal(t, []string{"k1", "k2"}, h2.Muted(carol.Key), "no more than MaxMutes")
	assert.False(t, h2.Restore(bob.Key, nil))
}

// A listener is told how many lines a mute kept from them, in the
// history they start with and on their subscription, and an unmute
// does not bring those back nor reset the count.
func TestMutedLinesAreCountedHidden(t *testing.T) {
	h, _ := newHub(t, Config{})
	room := h.NewRoom()
	ann := Sender{Key: "ann", Name: "ann"}
	require.NoError(t, h.Mute("bob", "ann", "ann"))
	_, err := room.Say(ann, "before")
	require.NoError(t, err)
	sub, hist := room.Subscribe("bob")
	defer sub.Close()
	assert.Empty(t, hist.Lines)
	assert.Equal(t, 1, hist.Hidden)
	_, err = room.Say(ann, "while muted")
	require.NoError(t, err)
	assert.Equal(t, 1, sub.Hidden())
	assert.Empty(t, sub.Take().Lines)
	h.Unmute("bob", "ann")
	_, err = room.Say(ann, "after")
	require.NoError(t, err)
	b := sub.Take()
	require.Len(t, b.Lines, 1)
	assert.Equal(t, "after", b.Lines[0].Text)
	assert.Equal(t, 1, sub.Hidden())
	assert.Equal(t, 0, room.History("bob").Hidden, "unmuted, the kept lines are no longer left out")
}
