package tui

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/chat"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/lobby/lobbytest"
)

// The club's social screens through the lobby: the lobby's talk and a
// table's, watching a table from the list, by code and from the
// command line, a table made private, and "again" after the last deal.
// The chat's clock is the test's: the rate limit counts no real time.

// socialClub is a hall with the server's chat, and its clock.
type socialClub struct {
	h     *hall.Hall
	hub   *chat.Hub
	clock *clocktest.Manual
}

func newClub(t *testing.T) *socialClub { t.Helper(); return newClubWith(t, chat.Config{}) }

// newClubWith is newClub with the chat's config cfg (its clock the
// club's).
func newClubWith(t *testing.T, cfg chat.Config) *socialClub {
	t.Helper()
	c := &socialClub{clock: clocktest.New(clocktest.Start())}
	cfg.Now = c.clock.Now
	hub, err := chat.New(cfg)
	require.NoError(t, err)
	c.hub = hub
	c.h = testHallWith(t, func(cfg *hall.Config) { cfg.Chat = hub })
	return c
}

// person is a connection's lobby in the club; start is its command
// line (join or watch a code).
func (c *socialClub) person(t *testing.T, id, name string, start lobby.Command) *lobbyPerson {
	t.Helper()
	p := newLobbyPersonWith(c.h, id, name, 80, 24, func(cfg *LobbyConfig) {
		cfg.Addr, cfg.Start = "192.0.2.1", start
		cfg.Chat, cfg.Lobby = c.h.Talk()
	})
	t.Cleanup(func() { close(p.done) })
	return p
}

// pair is Ann then Bob, each in the club's lobby.
func (c *socialClub) pair(t *testing.T) (ann, bob *lobbyPerson) {
	t.Helper()
	return c.person(t, "a", "Ann", lobby.Command{}), c.person(t, "b", "Bob", lobby.Command{})
}

// inLobbyTalk waits until each person's lobby shows its talk.
func inLobbyTalk(t *testing.T, people ...*lobbyPerson) {
	t.Helper()
	for _, p := range people {
		p.until(t, "Lobby talk")
	}
}

// plain is the person's screen without styles.
func plain(p *lobbyPerson) string { return ansi.Strip(p.screen()) }

// say opens the line with /, pastes text and sends it.
func (p *lobbyPerson) say(text string) {
	p.key("/")
	p.do(tea.PasteMsg{Content: text})
	p.key("enter")
}

// watching is the person's spectator seat on view, nil elsewhere.
func (p *lobbyPerson) watching() *lobby.WatchSeat {
	s, _ := p.app.screen.(*lobby.WatchSeat)
	return s
}

// TestLobbyTalk: the lobby's line. What is said reaches the others
// cleaned of escapes, controls and bidirectional overrides; a paste of
// a megabyte keeps 200 characters and says so; a flood of 1,000 lines
// gets the burst through and the rest refused with the wait; a mute
// hides a person's lines, past and to come; a guest reads but does not
// write.
func TestLobbyTalk(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	guest := c.person(t, "", "guest", lobby.Command{})
	inLobbyTalk(t, ann, bob, guest)
	ann.say("hi \x1b[2J\x1b]0;owned\a\u202egnp.exe\u202c there\r\nnew")
	bob.until(t, `Ann: "hi gnp.exe there new"`)
	guest.until(t, `Ann: "hi gnp.exe there new"`)
	for _, bad := range []string{"\x1b[2J", "owned", "\u202e", "\r"} {
		require.NotContains(t, bob.screen(), bad)
	}

	// A megabyte pasted: the line holds 200 characters, said so.
	bob.key("/")
	bob.do(tea.PasteMsg{Content: strings.Repeat("spam \x1b[31m", 1<<20/10)})
	require.Contains(t, plain(bob), "at most 200 characters")
	bob.key("enter")
	ann.until(t, `Bob: "spam spam`)
	for _, l := range bob.app.screen.(*lobby.Lobby).TalkLines() {
		require.LessOrEqual(t, len([]rune(l.Text)), 200)
		require.NotContains(t, l.Text, "\x1b")
	}

	// 1,000 lines at once: Bob's burst (one said already) gets four
	// more through, the rest are refused with the wait, none lost on
	// screen: the refused line stays in the box.
	said := 0
	for i := range 1000 {
		bob.key("/")
		bob.do(tea.PasteMsg{Content: fmt.Sprintf("flood %d", i)})
		bob.key("enter")
		if note, typing := bob.app.screen.(*lobby.Lobby).TalkNote(); typing {
			require.Contains(t, note, "wait")
			bob.key("esc")
		} else {
			said++
		}
	}
	require.Equal(t, chat.DefaultBurst-1, said)
	ann.until(t, `Bob: "flood 3"`)
	require.NotContains(t, plain(ann), "flood 4")

	// Ann mutes Bob: his lines go from her screen, the new ones never
	// come; Bob still reads hers.
	c.clock.Advance(time.Minute)
	ann.say("/mute Bob")
	ann.until(t, "You no longer see Bob")
	require.NotContains(t, plain(ann), `Bob: "`)
	bob.say("can you hear me")
	ann.say("still here")
	bob.until(t, `Ann: "still here"`)
	ann.until(t, `You: "still here"`)
	require.NotContains(t, plain(ann), "can you hear me")
	// Unmuted, Bob's lines show from now on: neither those said while
	// muted nor those hidden by the mute come back, as the note says.
	ann.say("/unmute Bob")
	ann.untilFlat(t, "You see Bob's lines again from now on: those hidden so far stay hidden.")
	require.NotContains(t, plain(ann), "flood 3")
	require.NotContains(t, plain(ann), "can you hear me")

	// A guest reads but cannot write: / says so at once, rather than
	// opening a line that enter refuses, and the keys' line does not
	// offer it.
	require.NotContains(t, plain(guest), "/ talk")
	guest.key("/")
	require.NotContains(t, plain(guest), "Say:")
	require.Contains(t, plain(guest), "! Guests read the talk but do not write")
}

// hiddenFromAll is every card some seat of the table may not know now:
// a spectator may see none of them.
func hiddenFromAll(h *hall.Hall, code string, seats int) (int, rules.CardSet) {
	tb, err := h.Find(code)
	if err != nil {
		return 0, 0
	}
	var all rules.CardSet
	deal := 0
	for s := range seats {
		d, hid := tb.HiddenFrom(rules.Seat(s))
		deal = d
		all |= hid
	}
	return deal, all
}

// checkSpectator fails when the spectator's screen shows a card some
// seat may not know while the deal is played.
func checkSpectator(t *testing.T, h *hall.Hall, p *lobbyPerson, code string, seats int) {
	t.Helper()
	ws := p.watching()
	if ws == nil {
		return
	}
	sn := ws.Table().Snapshot()
	if !sn.HasDeal || sn.Between || sn.Over {
		return
	}
	scr := p.screen()
	deal, hidden := hiddenFromAll(h, code, seats)
	if deal != sn.DealNo {
		return
	}
	for _, card := range hidden.Cards() {
		if strings.Contains(scr, card.Pretty(false)) {
			t.Fatalf("the spectator sees %s:\n%s", card.Pretty(false), scr)
		}
	}
}

// watchIt has carol, at the watch list, watch the table of code.
func watchIt(t *testing.T, carol *lobbyPerson, code string) {
	t.Helper()
	carol.until(t, code+"  Ann, Bob")
	carol.key("enter")
	require.NotNil(t, carol.watching(), "enter watches the table:\n%s", plain(carol))
}

// atWatchList is a new club where Ann and Bob have started a table of
// seats (Ann's screen at its first deal) and Carol has opened the list
// of tables to watch; and the table's code.
func atWatchList(t *testing.T, seats int) (c *socialClub, ann, bob, carol *lobbyPerson, code string) {
	t.Helper()
	c = newClub(t)
	ann, bob = c.pair(t)
	carol = c.person(t, "c", "Carol", lobby.Command{})
	code = openAndJoin(t, seats, ann, bob)
	ann.key("s")
	ann.until(t, "Deal 1")
	carol.key("w")
	carol.until(t, "Watch a table")
	return c, ann, bob, carol, code
}

// TestLobbyWatchAndTableTalk, at every seat count: Carol watches
// Ann's and Bob's table from the lobby's list; the seats read "1
// watching"; she never sees a hidden card while the deal is played;
// the table's talk reaches the seats and the spectator, hers marked
// "(watching)"; when Ann makes the table private Carol is told and the
// list no longer offers it.
func TestLobbyWatchAndTableTalk(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			c, ann, bob, carol, code := atWatchList(t, seats)
			watchIt(t, carol, code)
			ann.until(t, "1 watching")

			ann.say("good luck")
			carol.until(t, `Ann: "good luck"`)
			bob.until(t, `Ann: "good luck"`)
			carol.say("gg")
			ann.until(t, `Carol (watching): "gg"`)

			// The game goes on under the spectator's eyes to the first
			// deal's end, each frame checked.
			dealt := func() bool {
				carol.deliver()
				kittest.CheckSize(t, carol.screen(), 80, 24)
				checkSpectator(t, c.h, carol, code, seats)
				sn, _ := ann.snap()
				return sn.Between || sn.Over
			}
			playUntil(t, c.h, 80, 24, "the first deal's end", dealt, ann, bob)

			ann.key("P")
			carol.until(t, "made it private")
			// Let go, she no longer talks there, nor reads what the
			// table says from now on.
			require.NotContains(t, plain(carol), "/ talk")
			require.NotContains(t, plain(carol), "Waiting for", "the game seen no further waits for nobody")
			carol.key("/")
			require.NotContains(t, plain(carol), "Say:")
			ann.say("between us")
			carol.deliver()
			require.NotContains(t, plain(carol), "between us")
			carol.key("esc")
			carol.until(t, "Your games")
			carol.key("w")
			carol.until(t, "no table is being played that may be watched")
			// By its code too it is refused.
			for _, r := range strings.ToLower(code) {
				carol.key(string(r))
			}
			carol.key("enter")
			carol.until(t, "private")
			require.Nil(t, carol.watching())
		})
	}
}

// TestWatchHelpNamesKeys: a spectator's help (?) lists keys with what
// they do: no "watching" mark as a key, esc and q that both ask before
// going back to the lobby (the table's esc asks what q asks), as the
// spectator's esc does.
func TestWatchHelpNamesKeys(t *testing.T) {
	_, _, _, carol, _ := atWatchList(t, 2)
	carol.key("enter")
	require.NotNil(t, carol.watching(), "enter watches the table:\n%s", plain(carol))
	var lines []string
	for _, col := range carol.watching().KeyHelp(&carol.app.ctx.Keys).FullHelp() {
		for _, b := range col {
			assert.NotEmpty(t, b.Help().Desc, "a key that says nothing: %q", b.Help().Key)
			lines = append(lines, b.Help().Key+" "+b.Help().Desc)
		}
	}
	assert.Contains(t, lines, "esc/q leave (asks first)")
	assert.NotContains(t, lines, "esc back to the lobby", "esc asks first")
	carol.key("esc")
	carol.until(t, "Stop watching table")
}

// pairAtTable is Ann and Bob in a new club, at a table of seats Ann
// opened (not started), and its code.
func pairAtTable(t *testing.T, seats int) (ann, bob *lobbyPerson, code string) {
	t.Helper()
	ann, bob = newClub(t).pair(t)
	return ann, bob, openAndJoin(t, seats, ann, bob)
}

// TestWaitingRoomTalk, at every seat count: the people seated in a
// table's waiting room talk before the game (/ opens the line there too,
// and q typed in it is a letter, not a quit); what they said is the
// table's talk once the game starts. One's own lines read "You", there
// as in the game. Each frame fits 80×24.
func TestWaitingRoomTalk(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(seats), func(t *testing.T) {
			ann, bob, code := pairAtTable(t, seats)
			for _, p := range []*lobbyPerson{ann, bob} {
				p.until(t, "Table talk")
				require.Contains(t, plain(p), "/ talk")
			}
			bob.say("quick, deal")
			ann.until(t, `Bob: "quick, deal"`)
			bob.until(t, `You: "quick, deal"`)
			require.NotContains(t, plain(bob), `Bob: "quick, deal"`, "Bob's own line names him")
			kittest.CheckSize(t, ann.screen(), 80, 24)
			kittest.CheckSize(t, bob.screen(), 80, 24)
			require.NotNil(t, bob.seat(), "q typed in the line stays at the table:\n%s", plain(bob))
			ann.say("ok " + code)
			bob.until(t, `Ann: "ok `+code+`"`)
			ann.until(t, `You: "ok `+code+`"`)
			ann.key("s")
			ann.until(t, "Deal 1")
			ann.until(t, `Bob: "quick, deal"`)
			bob.until(t, `Ann: "ok `+code+`"`)
		})
	}
}

// TestLobbyStartCommand: `watch CODE` and `join CODE` from the command
// line go straight to the table; a code that finds nothing says so in
// the lobby; a guest is refused, and so is a person who watches the
// table where they sit.
func TestLobbyStartCommand(t *testing.T) {
	c := newClub(t)
	ann := c.person(t, "a", "Ann", lobby.Command{})
	code := openAndJoin(t, 3, ann)

	dan := c.person(t, "d", "Dan", lobby.Command{Verb: "join", Code: strings.ToLower(code)})
	dan.until(t, "Seat B  Dan")
	require.NotNil(t, dan.seat())
	ann.until(t, "Seat B  Dan")

	early := c.person(t, "e", "Eve", lobby.Command{Verb: "watch", Code: code})
	early.until(t, "has not started yet")
	require.Nil(t, early.watching())

	ann.key("s")
	ann.until(t, "Deal 1")
	carol := c.person(t, "c", "Carol", lobby.Command{Verb: "watch", Code: code})
	carol.wait(t, "the table watched", func() bool { return carol.watching() != nil })
	carol.until(t, "watching · v tricks")

	// Dan, seated there, is refused his own table to watch, from the
	// command line and from the watch list: he reads how to take his
	// seat over from his first connection, where it stays meanwhile.
	dan2 := c.person(t, "d", "Dan", lobby.Command{Verb: "watch", Code: code})
	back := "choose it in the lobby's list to take it over from your other connection"
	dan2.untilFlat(t, back)
	require.Nil(t, dan2.seat())
	// The note takes two rows at most: the list and the talk keep theirs.
	rows := strings.Split(plain(dan2), "\n")
	note := slices.IndexFunc(rows, func(r string) bool { return strings.HasPrefix(r, " ! Table "+code) })
	require.GreaterOrEqual(t, note, 0, "the note:\n%s", plain(dan2))
	// A blank row may part the note from the talk's heading.
	talkAt := note + 2
	if strings.TrimSpace(rows[talkAt]) == "" {
		talkAt++
	}
	require.True(t, strings.HasPrefix(rows[talkAt], " Lobby talk"), "the note over more than two rows:\n%s", plain(dan2))
	require.Nil(t, dan2.watching())
	dan2.key("w")
	dan2.until(t, "Watch a table")
	dan2.key("enter")
	dan2.untilFlat(t, back)
	require.Nil(t, dan2.watching())
	dan.deliver()
	require.NotNil(t, dan.seat(), "Dan's first connection keeps the seat:\n%s", plain(dan))
	require.NotContains(t, flat(dan), "another connection", "Dan's first connection keeps the seat")

	nobody := c.person(t, "f", "Fay", lobby.Command{Verb: "join", Code: "ZZZZ"})
	nobody.until(t, `Join "ZZZZ"`)
	require.Nil(t, nobody.seat())

	guest := c.person(t, "", "guest", lobby.Command{Verb: "watch", Code: code})
	guest.until(t, "connect with a key to watch")
	require.Nil(t, guest.watching())
}

// gameOverAtTwo plays a game of Ann and Bob at a shared table of two to
// its end, both on the game's end screen; first is Ann's snapshot of
// its first deal.
func gameOverAtTwo(t *testing.T) (c *socialClub, tb *hall.Table, ann, bob *lobbyPerson, first host.Snapshot) {
	c = newClub(t)
	o := rules.DefaultOptions()
	o.Players, o.Target = 2, 1
	tb, err := c.h.Open(hall.Player{ID: "a", Name: "Ann"}, hall.Options{Seats: 2, Rules: o, Level: ai.Random, Seed: 9})
	require.NoError(t, err)
	// Ann's lobby finds her seat at its start; Bob joins by the code.
	ann = c.person(t, "a", "Ann", lobby.Command{})
	ann.wait(t, "Ann's seat", func() bool { return ann.seat() != nil })
	bob = c.person(t, "b", "Bob", lobby.Command{Verb: "join", Code: tb.Code()})
	bob.wait(t, "Bob's seat", func() bool { return bob.seat() != nil })
	ann.until(t, "Seat B  Bob")
	ann.key("s")
	ann.until(t, "Deal 1")
	first, _ = ann.snap()
	over := func() bool { sn, ok := ann.snap(); return ok && sn.Over && sn.Can.Again }
	playUntil(t, c.h, 80, 24, "the game's end", over, ann, bob)
	bob.wait(t, "Bob's end", func() bool { sn, ok := bob.snap(); return ok && sn.Over && sn.Can.Again })
	for _, p := range []*lobbyPerson{ann, bob} {
		p.key("enter") // past the last deal's result
		p.until(t, "Game over")
		p.until(t, "[n] again")
	}
	return c, tb, ann, bob, first
}

// TestLobbyAgain: Ann and Bob play a game to 1 to its end; both
// choose again and the next game starts at the same table, same seats,
// the first dealer the next seat.
func TestLobbyAgain(t *testing.T) {
	_, tb, ann, bob, first := gameOverAtTwo(t)
	ann.key("n")
	// Each reads the other's name and "you" for themselves, never "You"
	// as a name in the middle of the line.
	bob.until(t, "Again: Ann said it; waiting for you.")
	ann.until(t, "Again: you said it; waiting for Bob.")
	bob.key("n")
	next := func(p *lobbyPerson) func() bool {
		return func() bool { sn, ok := p.snap(); return ok && sn.Game == first.Game+1 && sn.HasDeal }
	}
	ann.wait(t, "the next game at Ann's", next(ann))
	bob.wait(t, "the next game at Bob's", next(bob))
	sn, _ := ann.snap()
	require.Equal(t, tb.Code(), ann.seat().Code(), "the same table")
	require.NotEqual(t, first.View.Dealer, sn.View.Dealer, "the first dealer rotates")
	require.NotEmpty(t, sn.RematchOf)
}

// TestLobbyAgainWaitsForTheAway: a person who leaves at the game's end
// is not put in the next game: the one who says again reads that the
// table waits for them, and that b starts it with a bot in their seat;
// no game starts until b, which starts it with the bot there.
func TestLobbyAgainWaitsForTheAway(t *testing.T) {
	_, _, ann, bob, first := gameOverAtTwo(t)
	bob.key("q")
	bob.wait(t, "Bob in the lobby", func() bool { _, ok := bob.app.screen.(*lobby.Lobby); return ok })
	ann.key("n")
	// The snapshot that says so is the one after Ann's again: the host
	// had decided then not to start.
	ann.untilFlat(t, "Again: you said it; waiting for Bob (away). b starts it now with a bot in Bob's seat.")
	if sn, _ := ann.snap(); sn.Game != first.Game || !sn.Over {
		t.Fatalf("again without Bob: game %d, over %v; want game %d still over", sn.Game, sn.Over, first.Game)
	}
	ann.key("b")
	ann.wait(t, "the next game with a bot for Bob", func() bool {
		sn, ok := ann.snap()
		return ok && sn.Game == first.Game+1 && sn.HasDeal && !sn.Players[1].Human
	})
}

// TestLobbyManyTables: more open tables than the window holds leave the
// line typed, the note and the keys in view; the list shows the part
// around the cursor and says how many more there are.
func TestLobbyManyTables(t *testing.T) {
	c := newClub(t)
	var codes []string
	for i := range 15 {
		tb, err := c.h.Open(hall.Player{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Host%d", i)}, hall.Options{Seats: 4, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		codes = append(codes, tb.Code())
	}
	dan := c.person(t, "d", "Dan", lobby.Command{})
	dan.until(t, "more below")
	kittest.CheckSize(t, dan.screen(), 80, 24)
	dan.key("j")
	require.Contains(t, plain(dan), "Table code:")
	kittest.CheckSize(t, dan.screen(), 80, 24)
	dan.key("esc")
	// Up from the menu's j to the last table: it shows, the first does
	// not.
	for range 4 {
		dan.key("up")
	}
	scr := plain(dan)
	kittest.CheckSize(t, dan.screen(), 80, 24)
	last := dan.app.screen.(*lobby.Lobby).Tables()[len(codes)-1].Code
	first := dan.app.screen.(*lobby.Lobby).Tables()[0].Code
	require.Contains(t, scr, "▶ "+last)
	require.NotContains(t, scr, first+"  ")
	require.Contains(t, scr, "p t o j w d h r l")
}

// TestLobbyTalkKeepsItsHeading: however little room the tables leave
// the lobby's talk, what shows of it says what it is: never a bare
// "(nothing said yet)" under the tables, read as theirs.
func TestLobbyTalkKeepsItsHeading(t *testing.T) {
	c := newClub(t)
	dan := c.person(t, "d", "Dan", lobby.Command{})
	// One table more each time: the talk has less room each time, then
	// none (five tables fit in the list, each in view).
	for i := range 5 {
		_, err := c.h.Open(hall.Player{ID: fmt.Sprint("h", i), Name: fmt.Sprint("Host", i)}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		dan.app.screen.(*lobby.Lobby).Refresh() // not waiting for the list's tick
		dan.until(t, fmt.Sprint("Host", i))
		scr := plain(dan)
		kittest.CheckSize(t, dan.screen(), 80, 24)
		if strings.Contains(scr, "(nothing said yet)") {
			require.Contains(t, scr, "Lobby talk", "%d tables: the talk without its heading:\n%s", i+1, scr)
		}
	}
}

// TestLobbyTalkNoteWraps: the note under the lobby's talk (what /mute
// did) wraps at the window's edge rather than losing its end.
func TestLobbyTalkNoteWraps(t *testing.T) {
	c := newClub(t)
	ann := c.person(t, "a", "Ann", lobby.Command{})
	bob := c.person(t, "b", "Bartholomew-Longname", lobby.Command{})
	bob.say("hello")
	ann.until(t, `Bartholomew-Longname: "hello"`)
	ann.say("/mute Bartholomew-Longname")
	want := "You no longer see Bartholomew-Longname's lines, here or anywhere (/unmute Bartholomew-Longname shows them again)."
	ann.wait(t, want, func() bool { return strings.Contains(flat(ann), want) })
	kittest.CheckSize(t, ann.screen(), 80, 24)
}

// TestLobbyHelpSaysTalk: the lobby's help lists / as its keys' line
// offers it, says what w does at one's own table, and that ←/→ change
// the trainer's players.
func TestLobbyHelpSaysTalk(t *testing.T) {
	c := newClub(t)
	ann := c.person(t, "a", "Ann", lobby.Command{})
	ann.until(t, "/ talk")
	ann.key("?")
	ann.untilFlat(t, "/ talk: a line to the lobby")
	// And that a table of one's own is not watched.
	ann.untilFlat(t, "w watch a table as a spectator; never your own: choose it in the list of tables to go back to your seat")
	ann.untilFlat(t, "on the trainer's line: its players, 2, 3 or 4")
	kittest.CheckSize(t, ann.screen(), 80, 24)
}

// TestWatchListFits: more tables being played than the window holds,
// with long names: the watch list shows the part around the cursor and
// how many more, each line whole, the line to type a code and the keys
// in view.
func TestWatchListFits(t *testing.T) {
	c := newClub(t)
	const n = 20
	for i := range n {
		host := hall.Player{ID: fmt.Sprintf("host%02d", i), Name: fmt.Sprintf("Host%02d-with-a-long-name", i)}
		friend := hall.Player{ID: fmt.Sprintf("friend%02d", i), Name: fmt.Sprintf("Friend%02d-with-long-name", i)}
		tb, err := c.h.Open(host, hall.Options{Seats: 4, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		conn, err := tb.Join(host)
		require.NoError(t, err)
		_, err = tb.Join(friend)
		require.NoError(t, err)
		require.NoError(t, conn.Start())
	}
	dan := c.person(t, "d", "Dan", lobby.Command{})
	dan.key("w")
	dan.until(t, "Watch a table")
	for range n {
		scr := plain(dan)
		kittest.CheckSize(t, dan.screen(), 80, 24)
		require.Contains(t, scr, "Or type a table's code", "the code's line:\n%s", scr)
		require.Contains(t, scr, "enter watch · esc back · ? help", "the keys:\n%s", scr)
		require.Regexp(t, `(↑ \d+ more above|↓ \d+ more below) \(↑/↓ to see them\)`, scr, "the rest said:\n%s", scr)
		// A line broken at a "·" leaves it out: the words read whole.
		require.Regexp(t, `4 seats (· )?to 500`, kittest.Flat(scr), "a line whole:\n%s", scr)
		dan.key("down")
	}
}

// TestLobbyTableClosesUnderTheCursor: the table under the lobby's
// cursor closes; the list read again puts the cursor on its last row,
// and enter takes that row, never one past the list's end.
func TestLobbyTableClosesUnderTheCursor(t *testing.T) {
	c := newClub(t)
	host := hall.Player{ID: "h", Name: "Host"}
	tb, err := c.h.Open(host, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	dan := c.person(t, "d", "Dan", lobby.Command{})
	l := dan.app.screen.(*lobby.Lobby)
	l.Refresh()
	require.Len(t, l.Tables(), 1)
	dan.key("up") // from the first choice up to the last row: the table
	require.Contains(t, plain(dan), "▶ "+tb.Code())
	conn, err := tb.Join(host)
	require.NoError(t, err)
	conn.Leave() // the host leaves the waiting room: the table closes
	l.Refresh()
	require.Empty(t, l.Tables())
	require.Contains(t, plain(dan), "▶ [l] Leaderboards", "the cursor is on the list's last row")
	dan.key("enter") // the leaderboards, not a table past the list's end
	require.Contains(t, plain(dan), "Leaderboards")
}

// TestLobbyTalkKeepsLinesWhole: a line said over more rows than the
// lobby's talk has shows from its speaker on, cut with "…", never its
// tail alone, which reads as nobody's.
func TestLobbyTalkKeepsLinesWhole(t *testing.T) {
	// Lines of up to 1,000 characters: one over more rows than the talk's
	// share of the window.
	c := newClubWith(t, chat.Config{MaxChars: 1000})
	ann, bob := c.pair(t)
	inLobbyTalk(t, ann, bob)
	// A table of three seats takes two rows of the list.
	_, err := c.h.Open(hall.Player{ID: "h", Name: "Host"}, hall.Options{Seats: 3, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	ann.app.screen.(*lobby.Lobby).Refresh()
	bob.say("first " + strings.Repeat("word ", 80) + "last")
	ann.wait(t, "Bob's line", func() bool { return len(ann.app.screen.(*lobby.Lobby).TalkLines()) == 1 })
	scr := plain(ann)
	require.Contains(t, scr, `Bob: "first`, "the line's start is missing:\n%s", scr)
	require.NotContains(t, scr, `last"`, "the line's tail shows:\n%s", scr)
	require.Contains(t, scr, "…", "the line cut says so:\n%s", scr)
	kittest.CheckSize(t, ann.screen(), 80, 24)
}

// TestWaitingRoomSaysTheTeams: at a table of four, who sits down sees
// which seats play together (partners sit opposite, A with C); at two
// and three there are no teams to tell.
func TestWaitingRoomSaysTheTeams(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, seats int) {
		ann, bob, _ := pairAtTable(t, seats)
		for _, p := range []*lobbyPerson{ann, bob} {
			p.until(t, "Table talk")
			scr := plain(p)
			if seats == 4 {
				require.Contains(t, scr, "Teams: seats A and C against seats B and D", "%s", scr)
			} else {
				require.NotContains(t, scr, "Teams", "%s", scr)
			}
			kittest.CheckSize(t, p.screen(), 80, 24)
		}
	})
}

// TestSharedTableHelpSaysTalkAndLeave: the full help of a shared table
// lists / (the talk its status line offers) and says q leaves for the
// lobby, as the status line does, rather than quitting Klob.
func TestSharedTableHelpSaysTalkAndLeave(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, seats int) {
		ann, _, _ := pairAtTable(t, seats)
		ann.key("s")
		ann.until(t, "Deal 1")
		require.Contains(t, plain(ann), "/ talk")
		var talk, quit string
		for _, col := range ann.seat().Table().KeyHelp(&ann.app.ctx.Keys).FullHelp() {
			for _, b := range col {
				switch b.Help().Key {
				case "/":
					talk = b.Help().Desc
				case "q":
					quit = b.Help().Desc
				}
			}
		}
		require.NotEmpty(t, talk, "the help has no /")
		require.True(t, strings.HasPrefix(quit, "leave"), "q is said to %q", quit)
	})
}

// TestLobbyMuteOutlivesConnection: a mute holds for the person's next
// connections (the server's talk keeps it), and there /unmute finds the
// name muted and lets the lines through again.
func TestLobbyMuteOutlivesConnection(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	inLobbyTalk(t, ann, bob)
	bob.say("hello")
	ann.until(t, `Bob: "hello"`)
	ann.say("/mute Bob")
	ann.until(t, "You no longer see Bob")

	// Ann's next connection, by the same key.
	ann2 := c.person(t, "a", "Ann", lobby.Command{})
	inLobbyTalk(t, ann2)
	bob.say("muted still")
	ann2.say("am I here")
	ann2.until(t, `You: "am I here"`)
	require.NotContains(t, plain(ann2), "muted still")
	ann2.say("/unmute Bob")
	ann2.untilFlat(t, "You see Bob's lines again from now on")
	bob.say("heard again")
	ann2.until(t, `Bob: "heard again"`)
}

// TestWatchPrivateLeavesAtOnce: once the host made the table private
// the spectator sees no more of the game: q goes back to the lobby
// unasked, as esc does.
func TestWatchPrivateLeavesAtOnce(t *testing.T) {
	_, ann, _, carol, code := atWatchList(t, 2)
	watchIt(t, carol, code)
	ann.until(t, "1 watching")
	ann.key("P")
	carol.until(t, "made it private")
	carol.key("q")
	require.NotContains(t, plain(carol), "Leave?", "q on a table closed to spectators asks")
	carol.wait(t, "the lobby", func() bool { _, ok := carol.app.screen.(*lobby.Lobby); return ok })
}

// TestWatchOverLeavesAtOnce: once the game is over, on the last deal's
// result as at the game's end ("[q] back to the lobby"), a spectator's
// q goes back to the lobby unasked, as it does for the players: nothing
// is left to watch, nor lost; the help says so.
func TestWatchOverLeavesAtOnce(t *testing.T) {
	for _, atEnd := range []bool{false, true} {
		t.Run(fmt.Sprintf("game's end %v", atEnd), func(t *testing.T) {
			c, ann, bob, carol, code := atWatchList(t, 2)
			watchIt(t, carol, code)
			over := func() bool {
				carol.deliver()
				sn, _ := ann.snap()
				return sn.Over
			}
			playUntil(t, c.h, 80, 24, "the game's end", over, ann, bob)
			carol.until(t, "Press enter for the end of the game")
			if atEnd {
				carol.key("enter")
				carol.untilFlat(t, "[q] back to the lobby")
			}
			var help []string
			for _, col := range carol.watching().KeyHelp(&carol.app.ctx.Keys).FullHelp() {
				for _, b := range col {
					help = append(help, b.Help().Key+" "+b.Help().Desc)
				}
			}
			assert.NotContains(t, help, "q leave (asks first)", "the help says q asks")
			carol.key("q")
			require.NotContains(t, plain(carol), "Leave?", "q asks")
			carol.wait(t, "the lobby", func() bool { _, ok := carol.app.screen.(*lobby.Lobby); return ok })
		})
	}
}

// TestLobbyTalkRoomAt80x24: in the smallest window, with the club's
// rating lines and open tables, the lobby's talk keeps its heading and
// its last three lines; the table list scrolls and says how many tables
// are above and below; the note, the line typed and the keys (each
// with its word) show too, and nothing is drawn past the window's last
// row.
func TestLobbyTalkRoomAt80x24(t *testing.T) {
	c := newClub(t)
	open := func(i, seats int) string {
		tb, err := c.h.Open(hall.Player{ID: fmt.Sprint("h", i), Name: fmt.Sprint("Host", i)}, hall.Options{Seats: seats, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		return tb.Code()
	}
	first := open(0, 4)
	bob, cid := bobAndCidTalking(t, c)
	bob.untilFlat(t, "Your rating:")
	said := []string{"one", "two", "three", "four"}
	for _, s := range said {
		cid.say(s)
	}
	bob.wait(t, "Cid's four lines", func() bool { return len(bob.app.screen.(*lobby.Lobby).TalkLines()) == len(said) })
	// check asserts what every screen of the test shows: the talk's
	// heading and last three lines, the keys, the window's size.
	check := func(what, keys string) string {
		t.Helper()
		scr := plain(bob)
		kittest.CheckSize(t, bob.screen(), 80, 24)
		require.Contains(t, scr, "Lobby talk", "%s: the talk's heading:\n%s", what, scr)
		last := said[1:]
		if what == "a note" {
			// A note under the tables keeps the blank before the talk's
			// heading and costs the talk its oldest line shown.
			last = said[2:]
		}
		for _, s := range last {
			require.Contains(t, scr, `Cid: "`+s+`"`, "%s: the talk's last lines:\n%s", what, scr)
		}
		rows := strings.Split(scr, "\n")
		require.Contains(t, rows[len(rows)-1], keys, "%s: the keys on the last row:\n%s", what, scr)
		return scr
	}
	// Every key says what it does, the arrows too.
	scr := check("one table", "↑/↓ choose · enter take · p t o j w d h r l · / talk")
	require.Contains(t, scr, first+"  waiting for players · Host0", "the table:\n%s", scr)

	// A note (a code that no table has) shows with the talk's heading.
	bob.key("j")
	for _, k := range []string{"Z", "Z", "Z", "Z", "enter"} {
		bob.key(k)
	}
	scr = check("a note", "p t o j w d h r l")
	require.Contains(t, scr, "no open table has that code", "the note:\n%s", scr)
	// The line being typed shows with the talk, and its keys.
	bob.key("/")
	scr = check("typing", "enter send · esc cancel")
	require.Contains(t, scr, "Say: _", "the line typed:\n%s", scr)
	bob.key("esc")

	// More tables than the room: the list scrolls with marks, the talk
	// keeps its lines. Each table takes one row: the room left shows
	// two.
	for i := 1; i < 6; i++ {
		open(i, 4)
	}
	bob.app.screen.(*lobby.Lobby).Refresh()
	scr = check("six tables", "p t o j w d h r l")
	tables := bob.app.screen.(*lobby.Lobby).Tables()
	require.Contains(t, scr, tables[0].Code+"  ", "the first table:\n%s", scr)
	require.Contains(t, scr, "4 more below", "the mark below:\n%s", scr)
	require.NotContains(t, scr, "more above", "nothing above the first table:\n%s", scr)
	// Up from the menu's j (its fourth row): the last table, the rest
	// above.
	for range 4 {
		bob.key("up")
	}
	scr = check("the last table", "p t o j w d h r l")
	last := tables[5].Code
	require.Contains(t, scr, "▶ "+last, "the last table under the cursor:\n%s", scr)
	require.Contains(t, scr, "4 more above", "the mark above:\n%s", scr)
	require.NotContains(t, scr, "more below", "nothing below the last table:\n%s", scr)
	// One up: a table with others above and below it.
	bob.key("up")
	scr = check("the fifth table", "p t o j w d h r l")
	require.Contains(t, scr, "3 more above · ↓ 1 more below", "both marks:\n%s", scr)
}

// TestLobbyTalkWrapsAtSpaces: a line of the lobby's talk that wraps at
// 80 columns breaks at a space, never after a hyphen of a name.
func TestLobbyTalkWrapsAtSpaces(t *testing.T) {
	c := newClub(t)
	bob, cid := bobAndCidTalking(t, c)
	// "Anne-" would end the first line at 76 cells.
	cid.say(strings.Repeat("word ", 13) + "Anne-Marie-Louise")
	bob.wait(t, "Cid's line", func() bool { return len(bob.app.screen.(*lobby.Lobby).TalkLines()) == 1 })
	scr := plain(bob)
	require.Contains(t, scr, `Anne-Marie-Louise"`, "the name is parted:\n%s", scr)
}

// bobAndCidTalking seats Bob in the club's lobby at 80×24 and Cid beside
// him, both in the lobby's talk.
func bobAndCidTalking(t *testing.T, c *socialClub) (bob, cid *lobbyPerson) {
	t.Helper()
	bob = newLobbyPersonWith(c.h, "b", "Bob", 80, 24, func(cfg *LobbyConfig) {
		cfg.Addr, cfg.Club = "192.0.2.1", &lobbytest.Club{}
		cfg.Chat, cfg.Lobby = c.h.Talk()
	})
	t.Cleanup(func() { close(bob.done) })
	cid = c.person(t, "c", "Cid", lobby.Command{})
	inLobbyTalk(t, bob, cid)
	return bob, cid
}

// TestLobbyTalkAfterAway: the lobby's talk keeps coming after a visit
// to another screen (the watch list): what was said meanwhile and
// after shows once back in the lobby.
func TestLobbyTalkAfterAway(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	inLobbyTalk(t, ann, bob)
	bob.key("w")
	bob.until(t, "Watch a table")
	ann.say("while away")
	ann.until(t, `You: "while away"`)
	bob.deliver()
	bob.key("esc")
	bob.until(t, `Ann: "while away"`)
	ann.say("and back")
	bob.until(t, `Ann: "and back"`)
}

// TestLobbyTalkAfterRename: a line said after a rename goes by the new
// name.
func TestLobbyTalkAfterRename(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	inLobbyTalk(t, ann, bob)
	ann.key("r")
	for range 3 {
		ann.key("backspace")
	}
	for _, r := range "Anna" {
		ann.key(string(r))
	}
	ann.key("enter")
	ann.until(t, "You are Anna now.")
	ann.say("new name")
	bob.until(t, `Anna: "new name"`)
}

// A spectator's screen reports each move it sees at the table
// (lobby.Config.Active): the server's idle close counts them, so
// someone watching a game that moves is not closed for pressing no key.
func TestWatchReportsMovesAsActivity(t *testing.T) {
	c := newClub(t)
	ann, bob := c.pair(t)
	var moves atomic.Int64
	carol := newLobbyPersonWith(c.h, "c", "Carol", 80, 24, func(cfg *LobbyConfig) {
		cfg.Chat, cfg.Lobby = c.h.Talk()
		cfg.Active = func() { moves.Add(1) }
	})
	t.Cleanup(func() { close(carol.done) })
	code := openAndJoin(t, 2, ann, bob)
	ann.key("s")
	ann.until(t, "Deal 1")
	carol.key("w")
	carol.until(t, code+"  Ann, Bob")
	carol.key("enter")
	require.NotNil(t, carol.watching())
	carol.deliver()
	before := moves.Load()
	dealt := func() bool {
		carol.deliver()
		kittest.CheckSize(t, carol.screen(), 80, 24)
		sn, _ := ann.snap()
		return sn.Between || sn.Over
	}
	playUntil(t, c.h, 80, 24, "the first deal's end", dealt, ann, bob)
	carol.deliver()
	// The screen reports each position it sees; on a loaded machine
	// several moves reach it as one update, so the count is at least
	// one, not one a move.
	require.Greater(t, moves.Load(), before, "a deal's moves seen, reported")
}
