package tui

import (
	"fmt"
	"math/rand/v2"
	"regexp"
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
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/setup"
)

// guard bounds a wait that only a broken lobby or game would make long:
// it never decides a test that passes, it only stops one that hangs.
const guard = 60 * time.Second

// lobbyPerson is one connection's lobby run as Bubble Tea runs it: each
// command on a goroutine of its own, its message queued until the test
// delivers it to the program.
type lobbyPerson struct {
	app  *lobbyApp
	msgs chan tea.Msg
	done chan struct{}
	quit bool

	h        *hall.Hall
	id, name string
}

func newLobbyPerson(h *hall.Hall, id, name string, w, ht int) *lobbyPerson {
	return newLobbyPersonWith(h, id, name, w, ht, nil)
}

// newLobbyPersonWith is newLobbyPerson with its lobby's config changed
// by with before the lobby opens.
func newLobbyPersonWith(h *hall.Hall, id, name string, w, ht int, with func(*LobbyConfig)) *lobbyPerson {
	msgs, done := make(chan tea.Msg, 1024), make(chan struct{})
	p := &lobbyPerson{msgs: msgs, done: done, h: h, id: id, name: name}
	cfg := LobbyConfig{
		Config: lobby.Config{
			Player: hall.Player{ID: id, Name: name},
			Hall:   h,
			Send:   func(msg tea.Msg) { post(msgs, done, msg) },
			Done:   p.done,
			Seed:   func() uint64 { return 42 },
			Heavy:  lobby.GateOn(host.NewSlots(1)),
		},
		Solo: testConfig(7, &memStore{}),
	}
	if with != nil {
		with(&cfg)
	}
	p.app = NewLobby(cfg).(*lobbyApp)
	p.run(p.app.Init())
	p.do(tea.WindowSizeMsg{Width: w, Height: ht})
	return p
}

// annAndBob are Ann (id a) and Bob (id b) in the lobbies of h at
// w×ht; their connections end with the test.
func annAndBob(t *testing.T, h *hall.Hall, w, ht int) (ann, bob *lobbyPerson) {
	ann = newLobbyPerson(h, "a", "Ann", w, ht)
	bob = newLobbyPerson(h, "b", "Bob", w, ht)
	t.Cleanup(func() { close(ann.done); close(bob.done) })
	return ann, bob
}

// join joins the table of code from the lobby, typing j and the code.
func (p *lobbyPerson) join(code string) {
	p.key("j")
	for _, c := range strings.ToLower(code) {
		p.key(string(c))
	}
	p.key("enter")
}

// do gives msg to the program and runs the command it returns.
func (p *lobbyPerson) do(msg tea.Msg) {
	_, cmd := p.app.Update(msg)
	p.run(cmd)
}

// run runs cmd on a goroutine of its own; its message waits for deliver.
// The goroutine keeps the person's queue as it was: a person connected
// again (rejoin) is a new one in the same place.
func (p *lobbyPerson) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msgs, done := p.msgs, p.done
	go func() { post(msgs, done, cmd()) }()
}

// post queues msg on msgs until done (a batch's commands run each).
func post(msgs chan tea.Msg, done chan struct{}, msg tea.Msg) {
	switch m := msg.(type) {
	case nil:
		return
	case tea.QuitMsg:
		msg = quitMsg{}
	default:
		if cmds, ok := kittest.Batch(m); ok {
			for _, c := range cmds {
				if c != nil {
					go func() { post(msgs, done, c()) }()
				}
			}
			return
		}
	}
	select {
	case msgs <- msg:
	case <-done:
	}
}

// quitMsg stands for the program's end.
type quitMsg struct{}

// deliver hands the queued messages to the program.
func (p *lobbyPerson) deliver() {
	for {
		select {
		case m := <-p.msgs:
			if _, ok := m.(quitMsg); ok {
				p.quit = true
				continue
			}
			p.do(m)
		default:
			return
		}
	}
}

func (p *lobbyPerson) key(k string) { p.do(kittest.Key(k)) }

// wait delivers messages until ok, for at most guard; ok is asked
// again after each message, and every millisecond for what changes
// without one (a slot taken on another goroutine).
func (p *lobbyPerson) wait(t testing.TB, what string, ok func() bool) {
	t.Helper()
	timeout := time.After(guard)
	poll := time.NewTicker(time.Millisecond)
	defer poll.Stop()
	for {
		p.deliver()
		if ok() {
			return
		}
		select {
		case m := <-p.msgs:
			if _, q := m.(quitMsg); q {
				p.quit = true
			} else {
				p.do(m)
			}
		case <-poll.C:
		case <-timeout:
			t.Fatalf("%s never came:\n%s", what, p.screen())
		}
	}
}

// until delivers messages until the screen shows want.
func (p *lobbyPerson) until(t testing.TB, want string) {
	t.Helper()
	p.wait(t, want, func() bool { return strings.Contains(ansi.Strip(p.screen()), want) })
}

func (p *lobbyPerson) screen() string { return p.app.render() }

// seat is the person's shared seat on view, nil elsewhere.
func (p *lobbyPerson) seat() *lobby.SharedSeat {
	s, _ := p.app.screen.(*lobby.SharedSeat)
	return s
}

// hostSeat is the seat of a person who has just opened a table: it
// fails t unless they sit at it.
func (p *lobbyPerson) hostSeat(t *testing.T) *lobby.SharedSeat {
	t.Helper()
	s := p.seat()
	if s == nil {
		t.Fatalf("the host sits at the table:\n%s", p.screen())
	}
	return s
}

// opened is the hall's table the person has just opened and sits at.
func (p *lobbyPerson) opened(t *testing.T) *hall.Table {
	t.Helper()
	tb, err := p.h.Find(p.hostSeat(t).Code())
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// snap is the game as the person's table screen shows it; ok is false
// before the game or away from the table.
func (p *lobbyPerson) snap() (host.Snapshot, bool) {
	if s := p.seat(); s != nil && s.Table() != nil {
		return s.Table().Snapshot(), true
	}
	return host.Snapshot{}, false
}

// seatActs reports whether the person decides at their table now.
func seatActs(p *lobbyPerson) bool {
	sn, ok := p.snap()
	return ok && sn.Can.Act && sn.HasDeal && !sn.Between
}

func testHall(t *testing.T) *hall.Hall { return testHallWith(t, nil) }

// testHallWith is testHall with its config changed by with.
func testHallWith(t *testing.T, with func(*hall.Config)) *hall.Hall {
	// Random bots at every table: they take contracts, so deals are
	// played out and scored, and the tests stay fast.
	cfg := hall.Config{Grace: time.Minute,
		NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }}
	if with != nil {
		with(&cfg)
	}
	h, err := hall.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

// checkNoHidden fails when the seat's screen shows a card of another
// hand the seat may not know (the cards still hidden now were hidden
// when the frame was drawn, if it shows the same deal).
func checkNoHidden(t *testing.T, h *hall.Hall, p *lobbyPerson, seat rules.Seat) {
	t.Helper()
	checkNoHiddenOn(t, h, p, seat, p.screen())
}

// checkNoHiddenOn is checkNoHidden on scr, the person's screen as just
// drawn (a frame drawn once, not twice, for the size and the cards).
func checkNoHiddenOn(t *testing.T, h *hall.Hall, p *lobbyPerson, seat rules.Seat, scr string) {
	t.Helper()
	sn, ok := p.snap()
	if !ok || !sn.HasDeal {
		return
	}
	tb, err := h.Find(p.seat().Code())
	if err != nil {
		return
	}
	deal, hidden := tb.HiddenFrom(seat)
	if deal != sn.DealNo {
		return
	}
	for _, c := range hidden.Cards() {
		if strings.Contains(scr, c.Pretty(false)) {
			t.Fatalf("seat %s sees %s of another hand:\n%s", seat, c.Pretty(false), scr)
		}
	}
}

// playUntil has the people play from their screens, each frame checked
// for its size and the hidden cards, until done.
func playUntil(t *testing.T, h *hall.Hall, w, ht int, what string, done func() bool, people ...*lobbyPerson) {
	t.Helper()
	timeout := time.After(guard)
	for !done() {
		acted := false
		for s, p := range people {
			p.deliver()
			scr := p.screen()
			kittest.CheckSize(t, scr, w, ht)
			checkNoHiddenOn(t, h, p, rules.Seat(s), scr)
			plain := ansi.Strip(scr)
			switch {
			case strings.Contains(plain, "[t] take"):
				p.key("t")
			case strings.Contains(plain, "Bella?"):
				p.key("b")
			case strings.Contains(plain, "Press enter for the next deal"):
				if sn, _ := p.snap(); sn.Can.Ready {
					p.key("enter")
				} else {
					continue
				}
			case seatActs(p):
				p.key("enter")
			default:
				continue
			}
			acted = true
		}
		if acted {
			continue
		}
		select {
		case <-timeout:
			t.Fatalf("%s never came; ann:\n%s", what, people[0].screen())
		case <-time.After(time.Millisecond):
		}
	}
}

// playGame has the host, the first of the people, start the game at
// their table, and the people play it to its end at 80x24.
func playGame(t *testing.T, h *hall.Hall, people ...*lobbyPerson) {
	t.Helper()
	host := people[0]
	host.key("s")
	host.until(t, "Deal 1")
	playUntil(t, h, 80, 24, "the game's end", func() bool {
		sn, _ := host.snap()
		return sn.Over
	}, people...)
}

// openAndJoin has ann open a table of seats from the form and the
// guests join it by its code; it returns the code.
func openAndJoin(t *testing.T, seats int, ann *lobbyPerson, guests ...*lobbyPerson) string {
	t.Helper()
	ann.key("o")
	if !strings.Contains(ann.screen(), "Open a table") {
		t.Fatalf("o opens the form:\n%s", ann.screen())
	}
	for range seats - 2 {
		ann.key("right")
	}
	ann.key("up")
	ann.key("enter")
	code := ann.hostSeat(t).Code()
	for i, g := range guests {
		g.join(code)
		if g.seat() == nil {
			t.Fatalf("a guest joins by the code %s:\n%s", code, g.screen())
		}
		ann.until(t, "Seat "+rules.Seat(i+1).String()+"  "+g.name)
	}
	return code
}

// Two people open, join and play a table through their lobbies at
// 80x24: every frame has the window's size and shows no card of the
// other hand.
func TestLobbyTwoPeoplePlay(t *testing.T) {
	h := testHall(t)
	ann, bob := annAndBob(t, h, 80, 24)
	openAndJoin(t, 2, ann, bob)
	bob.key("s")
	bob.until(t, "only the host starts the game")
	ann.key("s")
	ann.until(t, "Deal 1")
	bob.until(t, "Deal 1")
	deals := func() bool {
		sn, _ := ann.snap()
		return len(sn.Deals) >= 2
	}
	playUntil(t, h, 80, 24, "two deals", deals, ann, bob)
}

// The lobby and the table take any key at any size without a panic,
// and every frame has the window's size.
func TestLobbyMonkey(t *testing.T) {
	events := 6000
	if testing.Short() {
		events = 1500
	}
	r := rand.New(rand.NewPCG(15, 2))
	h := testHall(t)
	w, ht := 90, 28
	people := []*lobbyPerson{
		newLobbyPerson(h, "a", "Ann", w, ht),
		newLobbyPerson(h, "b", "Bob", w, ht),
		newLobbyPerson(h, "", "Zoe", w, ht), // a guest
	}
	ids := []string{"a", "b", ""}
	atTable := 0
	away := make([]int, len(people))
	defer func() {
		for _, p := range people {
			close(p.done)
		}
	}()
	for range events {
		i := r.IntN(len(people))
		p := people[i]
		p.deliver()
		var msg tea.Msg
		switch n := r.IntN(100); {
		case n < 3:
			w, ht = 1+r.IntN(200), 1+r.IntN(60)
			for _, q := range people {
				q.do(tea.WindowSizeMsg{Width: w, Height: ht})
			}
			continue
		case n < 10:
			msg = kittest.Key([]string{"o", "j", "p", "t", "h", "r", "s"}[r.IntN(7)])
		default:
			msg = monkeyKey(r)
		}
		p.do(msg)
		kittest.CheckSize(t, p.screen(), w, ht)
		switch p.app.screen.(type) {
		case *lobby.SharedSeat:
			atTable++
		case *lobby.Lobby, *lobby.TableForm:
		default:
			away[i]++ // playing alone: the play screens have monkeys of their own
		}
		if p.app.quit || p.quit || away[i] > 50 {
			away[i] = 0
			// The connection ends; the person connects again.
			close(p.done)
			people[i] = newLobbyPerson(h, ids[i], "P"+ids[i], w, ht)
		}
	}
	t.Logf("%d events, %d of them at a table", events, atTable)
	if atTable == 0 {
		t.Error("the monkey never sat at a table")
	}
}

// TestLobbyGuestSeesNoSeatOfTheirs: a guest (no key) never reads a
// table as "your seat", not even one whose empty seats bots play.
func TestLobbyGuestSeesNoSeatOfTheirs(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "Ann", 80, 24)
	zoe := newLobbyPerson(h, "", "zoe", 80, 24)
	defer close(ann.done)
	defer close(zoe.done)
	openAndJoin(t, 4, ann)
	ann.key("s")
	ann.until(t, "Deal 1")
	for _, seats := range []int{2, 3} {
		p := newLobbyPerson(h, fmt.Sprint("host", seats), "Host", 80, 24)
		defer close(p.done)
		openAndJoin(t, seats, p) // tables waiting for players, listed
	}
	zoe.app.screen.(*lobby.Lobby).Refresh()
	scr := flat(zoe)
	kittest.CheckSize(t, zoe.screen(), 80, 24)
	require.Contains(t, scr, "waiting for players", "the guest sees the open tables")
	require.NotContains(t, scr, "playing", "the table the bots play at is nobody's but Ann's")
	require.Contains(t, flat(ann), "Deal 1")
	require.NotContains(t, scr, "your seat")
	la := newLobbyPerson(h, "a", "Ann", 80, 24) // Ann's second connection, at its lobby
	defer close(la.done)
	la.app.screen.(*lobby.Lobby).Refresh()
	require.Contains(t, flat(la), "your seat", "Ann's seat is hers")
}

// Two keys connected under one name each read the other with a key
// tag, in the table list and at the table; each sees their own tag in
// the lobby.
func TestLobbySharedNameTags(t *testing.T) {
	// Real keys' IDs (32 digits), the longest names, the narrowest
	// window: every screen shows the whole tag, in 80 columns.
	const ak, ek = "aaaaaa11bbbbbb22cccccc33dddddd44", "eeeeee22ffffff33aaaaaa44bbbbbb55"
	const name = "alexandra konstantinovaa" // names.Max letters
	tagA, tagE := name+" #aaaaaa11bbbb", name+" #eeeeee22ffff"
	h := testHall(t)
	ann := newLobbyPerson(h, ak, name, 80, 30)
	defer close(ann.done)
	eve := newLobbyPerson(h, ek, name, 80, 30)
	defer close(eve.done)
	fits := func(p *lobbyPerson) {
		t.Helper()
		for _, l := range strings.Split(p.screen(), "\n") {
			if w := ansi.StringWidth(l); w > 80 {
				t.Fatalf("a line %d cells wide:\n%s", w, p.screen())
			}
		}
	}
	if !strings.Contains(ansi.Strip(ann.screen()), "SSH key (#aaaaaa11bbbb)") {
		t.Fatalf("the lobby does not show the key's tag:\n%s", ann.screen())
	}
	fits(ann)
	eve.key("o")
	eve.key("up")
	eve.key("enter")
	ann.app.screen.(*lobby.Lobby).Refresh()
	// The list's row is one line: the name is cut to fit, its tag whole.
	if !regexp.MustCompile(`alexan\S*… #eeeeee22ffff`).MatchString(ansi.Strip(ann.screen())) {
		t.Fatalf("eve's table does not carry her tag:\n%s", ann.screen())
	}
	fits(ann)
	code := eve.seat().Code()
	ann.key("j")
	for _, c := range strings.ToLower(code) {
		ann.key(string(c))
	}
	ann.key("enter")
	// The waiting room wraps a name with its tag within the names'
	// column: the tag on a line of its own, whole.
	eve.until(t, "#aaaaaa11bbbb")
	eve.until(t, "#eeeeee22ffff (you)")
	ann.until(t, "#eeeeee22ffff")
	ann.until(t, "#aaaaaa11bbbb (you)")
	fits(ann)
	fits(eve)
	// At the game too, and in its log.
	eve.key("s")
	eve.until(t, "Deal 1")
	ann.until(t, "Deal 1")
	eve.until(t, tagA)
	ann.until(t, tagE)
	fits(ann)
	fits(eve)
	sn, _ := ann.snap()
	if sn.Players[0].Name != tagE || sn.Players[1].Name != tagA {
		t.Fatalf("the game's names: %+v", sn.Players)
	}
}

// Renaming in the lobby takes q and ? as text and keeps the name;
// ctrl+u empties the line.
func TestLobbyRename(t *testing.T) {
	h := testHall(t)
	var kept atomic.Value // the name is kept by a command, on its goroutine
	kept.Store("")
	p := newLobbyPersonWith(h, "a", "ann", 100, 30, func(c *LobbyConfig) {
		c.Rename = func(n string) error { kept.Store(n); return nil }
	})
	defer close(p.done)
	p.key("r")
	for range 3 {
		p.do(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	for _, c := range "quinn" {
		p.key(string(c))
	}
	p.key("enter")
	p.wait(t, "quinn kept", func() bool { return kept.Load() == "quinn" })
	if !strings.Contains(ansi.Strip(p.screen()), "Welcome, quinn") {
		t.Fatalf("the screen:\n%s", p.screen())
	}
	// ctrl+u empties the line, as in the talk's line and a shell's.
	p.key("r")
	p.do(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	for _, c := range "rose" {
		p.key(string(c))
	}
	p.key("enter")
	p.wait(t, "rose kept", func() bool { return kept.Load() == "rose" })
}

// A game alone opens from the lobby and comes back to it: q then y
// leaves the table for the lobby with the game saved, and p offers it
// again.
func TestLobbySoloComesBack(t *testing.T) {
	p := newLobbyPerson(testHall(t), "a", "ann", 100, 30)
	defer close(p.done)
	if strings.Contains(ansi.Strip(p.screen()), "your saved game") {
		t.Fatalf("p offers a saved game before any:\n%s", p.screen())
	}
	p.key("p")
	p.until(t, "Set up the game")
	// No game yet: q and esc come back to the lobby unasked, as from the
	// form that opens a table.
	for _, back := range []string{"q", "esc"} {
		p.key(back)
		if p.app.overlay != nil || strings.Contains(ansi.Strip(p.screen()), "Leave?") {
			t.Fatalf("%s on the setup asks:\n%s", back, p.screen())
		}
		p.wait(t, "the lobby", func() bool { _, ok := p.app.screen.(*lobby.Lobby); return ok })
		p.key("p")
		p.until(t, "Set up the game")
	}
	p.key("enter")
	b, ok := p.app.screen.(*lobby.Away)
	if !ok || b.Inner().Name() != "table" {
		t.Fatalf("enter starts the game: screen %T", p.app.screen)
	}
	p.until(t, "Deal 1")
	p.key("q")
	// Over a connection q does not quit Klob, and the game is resumed
	// from the lobby, not by starting klob again.
	if scr := ansi.Strip(p.screen()); !strings.Contains(scr, "Back to the lobby") ||
		strings.Contains(scr, "Quit Klob?") || strings.Contains(scr, "start klob again") || !strings.Contains(scr, "p in the lobby resumes it") {
		t.Fatalf("q asks about going back:\n%s", p.screen())
	}
	p.key("y")
	p.wait(t, "the lobby", func() bool { _, ok := p.app.screen.(*lobby.Lobby); return ok })
	if _, ok := p.app.screen.(*lobby.Lobby); !ok || p.app.quit {
		t.Fatalf("y goes back to the lobby, not away: screen %T quit %v", p.app.screen, p.app.quit)
	}
	if !strings.Contains(ansi.Strip(p.screen()), "Your game is saved: p resumes it.") {
		t.Fatalf("the lobby says the game is saved:\n%s", p.screen())
	}
	// The menu says so too, as it will to the next connection.
	p.until(t, "[p] Play alone against bots: your saved game")
	p.key("p")
	p.wait(t, "the saved game", func() bool { _, ok := p.app.screen.(*lobby.Away); return ok })
	if b, ok := p.app.screen.(*lobby.Away); !ok || b.Inner().Name() != "resume" {
		t.Fatalf("p offers the saved game: screen %T", p.app.screen)
	}
}

// TestLobbyGuestMenu: a guest's lobby says beside each choice a guest
// is refused that it takes an SSH key, leaves those keys out of the
// keys line, and does not tell the guest to open a table; the keys
// pressed anyway still say why.
func TestLobbyGuestMenu(t *testing.T) {
	h := testHall(t)
	zoe := newLobbyPerson(h, "", "zoe", 80, 24)
	defer close(zoe.done)
	scr := kittest.TrimRight(ansi.Strip(zoe.screen()))
	kittest.CheckSize(t, zoe.screen(), 80, 24)
	for _, line := range []string{"[o] Open a table for friends (with an SSH key)", "[j] Join a table by its code (with an SSH key)",
		"[w] Watch a table (with an SSH key)", "[h] Your games: history and replay (with an SSH key)"} {
		assert.Contains(t, scr, line)
	}
	assert.NotContains(t, scr, "[p] Play alone against bots (with", "a guest plays alone")
	assert.NotContains(t, scr, "open one and give its code", "a guest cannot open a table")
	assert.Contains(t, scr, "enter take · p t d r l · ? help")
	zoe.key("o")
	assert.Contains(t, ansi.Strip(zoe.screen()), "Guests (no SSH key) play against bots only")
	// The help says so too, as the menu does.
	zoe.key("?")
	help := ansi.Strip(zoe.screen())
	assert.Contains(t, help, "open a table for friends (with an SSH key)")
	assert.Contains(t, help, "watch a table (with an SSH key)")
	assert.NotContains(t, help, "play alone against bots (with")
}

// TestLobbyClosedWaitingRoomQuit: the host leaves before the start and
// the table closes under Bob; q there asks about the closed table, not
// about a seat "freed" that no longer is, and enter goes back.
func TestLobbyClosedWaitingRoomQuit(t *testing.T) {
	ann, bob := annAndBob(t, testHall(t), 80, 24)
	openAndJoin(t, 3, ann, bob)
	ann.key("q")
	ann.key("y")
	ann.wait(t, "the lobby", func() bool { return ann.seat() == nil })
	bob.until(t, "The table is closed")
	require.NotNil(t, bob.seat())
	assert.Equal(t, "Back to the lobby: the table is closed.", bob.seat().QuitQuestion())
	bob.key("q")
	scr := ansi.Strip(bob.screen())
	assert.Contains(t, scr, "the table is closed")
	assert.NotContains(t, scr, "freed")
	bob.key("y")
	bob.wait(t, "the lobby", func() bool { return bob.seat() == nil })
}

// TestLobbyHostEscAsksWithGuests: esc in the waiting room closes the
// host's table for everyone seated there, so with a guest it asks first
// as q does; n keeps the table open, y closes it. Alone, esc leaves at
// once.
func TestLobbyHostEscAsksWithGuests(t *testing.T) {
	ann, bob := annAndBob(t, testHall(t), 80, 24)
	openAndJoin(t, 2, ann, bob)
	ann.key("esc")
	require.NotNil(t, ann.seat(), "esc left at once:\n%s", ansi.Strip(ann.screen()))
	ann.until(t, "the table closes (you opened it)")
	ann.key("n")
	require.NotNil(t, ann.seat())
	assert.NotContains(t, ansi.Strip(bob.screen()), "The table is closed")
	ann.key("esc")
	ann.until(t, "the table closes (you opened it)")
	ann.key("y")
	ann.wait(t, "the lobby", func() bool { return ann.seat() == nil })
	bob.until(t, "The table is closed")

	ann.key("o")
	ann.key("enter")
	require.NotNil(t, ann.seat(), "a table opened:\n%s", ansi.Strip(ann.screen()))
	ann.key("esc")
	assert.Nil(t, ann.seat(), "alone, esc leaves at once:\n%s", ansi.Strip(ann.screen()))
}

// TestLobbyHostCutKeepsWaitingRoom: the host's connection cut in the
// waiting room leaves the table open for the guest, who reads the host
// away; connecting again, the host is back at the seat.
func TestLobbyHostCutKeepsWaitingRoom(t *testing.T) {
	h, ann, bob, code := waitingRoomOfTwo(t)
	t.Cleanup(func() { close(bob.done) })
	close(ann.done)
	bob.until(t, "away: the seat waits ") // a countdown (the hall runs on the system clock)
	assert.NotContains(t, ansi.Strip(bob.screen()), "The table is closed")
	ann2 := newLobbyPerson(h, "a", "Ann", 80, 24)
	t.Cleanup(func() { close(ann2.done) })
	ann2.join(code)
	require.NotNil(t, ann2.seat(), "Ann is back at her table:\n%s", ansi.Strip(ann2.screen()))
	bob.until(t, "Seat A  Ann                  here, host")
}

// TestLobbyHostWaitsForAwayGuest: with a guest's connection cut in the
// waiting room, the host reads that the game starts once they are back,
// and s does not start it; once they are back, s starts it.
func TestLobbyHostWaitsForAwayGuest(t *testing.T) {
	h, ann, bob, code := waitingRoomOfTwo(t)
	t.Cleanup(func() { close(ann.done) })
	close(bob.done)
	ann.until(t, "Bob is away: s starts the game once they are back")
	ann.key("s")
	ann.until(t, "a player is away")
	require.NotContains(t, ansi.Strip(ann.screen()), "Deal 1", "the game started without Bob")
	bob2 := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(bob2.done) })
	bob2.join(code)
	ann.until(t, "[s] start: every seat is taken")
	require.NotContains(t, ansi.Strip(ann.screen()), "a player is away", "the refusal outlives its cause")
	ann.key("s")
	ann.until(t, "Deal 1")
}

// waitingRoomOfTwo is Ann's table of two with Bob seated, both in its
// waiting room at 80×24; the caller ends their connections.
func waitingRoomOfTwo(t *testing.T) (*hall.Hall, *lobbyPerson, *lobbyPerson, string) {
	t.Helper()
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "Ann", 80, 24)
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	return h, ann, bob, openAndJoin(t, 2, ann, bob)
}

// TestLobbyMoveSeat: at a table of four, Bob, who joined into seat B
// (an opponent of Ann's), presses m in the waiting room and sits in C,
// opposite Ann: both rooms show it, and the game that starts makes them
// partners. At a table of two m is offered as well: Ann moves to B, and
// Bob joins into A, the seat left free.
func TestLobbyMoveSeat(t *testing.T) {
	h := testHall(t)
	ann, bob := annAndBob(t, h, 80, 24)
	openAndJoin(t, 4, ann, bob)
	bob.until(t, "m move")
	bob.key("m")
	ann.until(t, "Seat C  Bob")
	bob.until(t, "Seat C  Bob (you)")
	kittest.CheckSize(t, bob.screen(), 80, 24)
	golden(t, "waiting4-80x24-moved", noCode(bob))
	ann.key("s")
	bob.wait(t, "the game", func() bool { _, ok := bob.snap(); return ok })
	sn, _ := bob.snap()
	if sn.View.Seat != rules.Seat(2) || rules.SideOfSeat(4, sn.View.Seat) != rules.SideOfSeat(4, 0) {
		t.Fatalf("Bob plays seat %s, not Ann's partner in C", sn.View.Seat)
	}

	h = testHall(t)
	ann, bob = annAndBob(t, h, 80, 24)
	openAndJoin(t, 2, ann)
	ann.until(t, "m move")
	ann.key("m")
	ann.until(t, "Seat B  Ann (you)")
	bob.join(ann.seat().Code())
	ann.until(t, "Seat A  Bob")
}

// TestLobbyWaitingRoomGolden: the waiting room of a table of two, three
// and four at 80x24, as Bob sees it once he has joined Ann's table into
// seat B (the table's code blanked: it is drawn at random).
func TestLobbyWaitingRoomGolden(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, seats int) {
		h := testHall(t)
		ann, bob := annAndBob(t, h, 80, 24)
		openAndJoin(t, seats, ann, bob)
		bob.until(t, "Seat B  Bob (you)")
		kittest.CheckSize(t, bob.screen(), 80, 24)
		golden(t, fmt.Sprintf("waiting%d-80x24", seats), noCode(bob))
	})
}

// TestWaitingRoomWideName: in a table's waiting room a name of wide
// letters (two cells each) keeps its seat's state apart from it, in the
// same column as the other seats', and no line is cut at the edge.
func TestWaitingRoomWideName(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "日本語の名前日本語の名前", 80, 24)
	bob := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(ann.done); close(bob.done) })
	openAndJoin(t, 3, ann, bob)
	bob.until(t, "Seat B  Bob (you)")
	scr := kittest.TrimRight(ansi.Strip(bob.screen()))
	kittest.CheckSize(t, bob.screen(), 80, 24)
	at := map[string]int{}
	for _, l := range strings.Split(scr, "\n") {
		for _, st := range []string{"here, host", "here", "a bot plays it"} {
			if i := strings.Index(l, st); i >= 0 && strings.HasPrefix(l, " Seat ") {
				at[l[:7]] = kit.WidthOf(l[:i])
				break
			}
		}
	}
	assert.Len(t, at, 3, scr)
	assert.Equal(t, at[" Seat A"], at[" Seat B"], "the states line up:\n%s", scr)
	assert.Equal(t, at[" Seat A"], at[" Seat C"], "the states line up:\n%s", scr)
	assert.Contains(t, scr, "日本語の名前日本語の名前  here, host")
}

// TestLobbySeatTakenByAnotherConnection: Bob connects again with the
// same key while his game runs; the new connection's lobby says where
// his seat is open, and enter takes it over; the old one says so, offers no key of the game (none would reach the
// table), keeps no card typed ahead, and leaving it does not promise a
// seat it no longer holds.
func TestLobbySeatTakenByAnotherConnection(t *testing.T) {
	h, _, bob := sharedTable(t, 3, 80, 24)
	bob2 := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(bob2.done) })
	bob2.until(t, "open in another connection")
	bob2.key("enter")
	bob2.until(t, "Deal 1")
	bob.until(t, "from another connection")
	scr := ansi.Strip(bob.screen())
	assert.Contains(t, scr, "! Your seat was taken over from another connection of yours.")
	assert.NotContains(t, scr, "Waiting for", "nothing is waited for at a seat left")
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	hints := lines[len(lines)-1]
	for _, gone := range []string{"sort", "choose ahead", "talk"} {
		assert.NotContains(t, hints, gone, "the keys offered once the seat is gone:\n%s", scr)
	}
	bob.key("1")
	assert.NotContains(t, ansi.Strip(bob.screen()), "Kept for your card", "a card typed at a seat left")
	require.NotNil(t, bob.seat())
	assert.NotContains(t, bob.seat().QuitQuestion(), "waits for you", "the seat is the other connection's")
	bob.key("enter")
	assert.Nil(t, bob.seat(), "enter goes back to the lobby:\n%s", ansi.Strip(bob.screen()))
}

// TestLobbySeatTakenAtDealEnd: the seat taken by another connection
// while the deal's result shows: the old connection says why, rather
// than waiting for the others to go on.
func TestLobbySeatTakenAtDealEnd(t *testing.T) {
	h, ann, bob := sharedTable(t, 2, 80, 24)
	between := func() bool { sn, ok := bob.snap(); return ok && sn.Between }
	playUntil(t, h, 80, 24, "the first deal's end", between, ann, bob)
	bob2 := newLobbyPerson(h, "b", "Bob", 80, 24)
	t.Cleanup(func() { close(bob2.done) })
	bob2.until(t, "open in another connection")
	bob2.key("enter")
	bob2.until(t, "Deal ") // the next may have begun
	bob.until(t, "from another connection")
	scr := ansi.Strip(bob.screen())
	kittest.CheckSize(t, bob.screen(), 80, 24)
	assert.NotContains(t, scr, "Waiting for", "nothing is waited for at a seat left:\n%s", scr)
}

// searchClock searches the seeds lo, lo+step, ... up to hi for one that
// deals what seed deals: the same first dealer and first deck. The
// attacker, who sees only their own hand, the upcard and the dealer,
// checks less and finds the same seed (with more false leads); the
// test, which knows the deal, checks it all, so that no seed that merely
// deals the same six cards is taken for the table's.
func searchClock(lo, hi, step, seed uint64) (uint64, bool) {
	dealer, deck := session.FirstDealerOf(seed, 2), session.Deck(seed, 1)
	for s := lo; s <= hi; s += step {
		// The dealer, one draw, is asked before the deck's shuffle.
		if session.FirstDealerOf(s, 2) == dealer && session.Deck(s, 1) == deck {
			return s, true
		}
	}
	return 0, false
}

// TestLobbyTableSeedNotFromClock is the attack on a shared table's
// seed: the host, who knows when they opened the table, searches the
// clock around that moment for the seed that deals their first deal.
// With a clock seed the search finds it (the control); with the
// lobby's seed nothing in the window deals the table's first deal, and
// the seed lies nowhere in it.
func TestLobbyTableSeedNotFromClock(t *testing.T) {
	// The control: a table seeded from the clock is found by the
	// search.
	h := testHall(t)
	clock := uint64(time.Now().UnixNano())
	tb, err := h.Open(hall.Player{ID: "c", Name: "Cy"}, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: "normal", Seed: clock})
	require.NoError(t, err)
	found, ok := searchClock(clock-20000, clock+20000, 1, tb.Options().Seed)
	require.True(t, ok, "the search finds a clock seed")
	require.Equal(t, clock, found)

	// The lobby's table.
	ann := newLobbyPersonWith(h, "a", "Ann", 100, 30, func(c *LobbyConfig) { c.Seed = nil }) // the real seeds
	defer close(ann.done)
	ann.key("o")
	ann.key("up")
	before := time.Now()
	ann.key("enter")
	after := time.Now()
	seed := ann.opened(t).Options().Seed
	lo, hi := uint64(before.Add(-time.Second).UnixNano()), uint64(after.Add(time.Second).UnixNano())
	// Searching every nanosecond of the two seconds around the opening
	// would find the seed exactly when it lies in them: it does not.
	require.False(t, seed >= lo && seed <= hi, "the table's seed %d is the clock's", seed)
	// The moment itself nanosecond by nanosecond, then the window by
	// microseconds, milliseconds and seconds: no seed deals the table's
	// first deal.
	at := uint64(before.UnixNano())
	for _, w := range []struct{ lo, hi, step uint64 }{{at - 50000, at + 50000, 1}, {lo, hi, 1000}, {lo / 1e6, hi / 1e6, 1}, {lo / 1e9, hi / 1e9, 1}} {
		if s, ok := searchClock(w.lo, w.hi, w.step, seed); ok {
			t.Fatalf("seed %d from the clock deals the table's first deal", s)
		}
	}
}

// TestLobbyGameAloneSeeds: each game alone opened from the lobby gets a
// fresh secret seed (the last one was shown at its end), and so does
// the trainer.
func TestLobbyGameAloneSeeds(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPersonWith(h, "a", "Ann", 100, 30, func(c *LobbyConfig) { c.Seed = nil })
	defer close(ann.done)
	l := ann.app.screen.(*lobby.Lobby)
	now := uint64(time.Now().UnixNano())
	var seeds []uint64
	for range 2 {
		ann.key("p")
		ann.wait(t, "the setup", func() bool { _, ok := ann.app.screen.(*lobby.Away); return ok })
		b, ok := ann.app.screen.(*lobby.Away)
		require.True(t, ok, ann.screen())
		s, ok := b.Inner().(*setup.Screen)
		require.True(t, ok, ann.screen())
		seeds = append(seeds, s.Setup().Seed)
		ann.key("esc")
		ann.app.screen = l
	}
	seeds = append(seeds, l.TrainConfig(2).Seed)
	for i, s := range seeds {
		require.False(t, s > now-1e12 && s < now+1e12, "seed %d is the clock's", s)
		for _, o := range seeds[:i] {
			require.NotEqual(t, o, s)
		}
	}
}

// TestNextSeed: the game after a practice game goes on from its seed;
// after any other, a fresh secret seed.
func TestNextSeed(t *testing.T) {
	require.Equal(t, session.NextSeed(7), nextSeed(true, 7))
	s := nextSeed(false, 7)
	require.NotEqual(t, session.NextSeed(7), s)
	require.NotEqual(t, s, nextSeed(false, 7))
}
