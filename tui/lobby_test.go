package tui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
)

// lobbyPerson is one connection's lobby driven without a program: table
// updates wait in a queue until the test delivers them.
type lobbyPerson struct {
	app     *lobbyApp
	updates chan tea.Msg
	done    chan struct{}
}

func newLobbyPerson(h *hall.Hall, id, name string, w, ht int) *lobbyPerson {
	p := &lobbyPerson{updates: make(chan tea.Msg, 1024), done: make(chan struct{})}
	cfg := LobbyConfig{
		Player: hall.Player{ID: id, Name: name},
		Hall:   h,
		Send: func(m tea.Msg) {
			select {
			case p.updates <- m:
			case <-p.done:
			}
		},
		Done:  p.done,
		Solo:  testConfig(7, &memStore{}),
		Seed:  func() uint64 { return 42 },
		Heavy: NewGate(1),
	}
	p.app = NewLobby(cfg).(*lobbyApp)
	p.app.Init()
	p.app.Update(tea.WindowSizeMsg{Width: w, Height: ht})
	return p
}

// deliver hands the queued table updates to the program.
func (p *lobbyPerson) deliver() {
	for {
		select {
		case m := <-p.updates:
			p.app.Update(m)
		default:
			return
		}
	}
}

func (p *lobbyPerson) key(k string) { p.app.Update(keyMsg(k)) }

// until delivers updates until the screen shows want, for at most 5s.
func (p *lobbyPerson) until(t *testing.T, want string) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		p.deliver()
		if strings.Contains(p.screen(), want) {
			return
		}
	}
	t.Fatalf("%q never showed:\n%s", want, p.screen())
}

func (p *lobbyPerson) screen() string { return p.app.render() }

func testHall(t *testing.T) *hall.Hall {
	// Random bots at every table: they take contracts, so deals are
	// played out and scored, and the tests stay fast.
	h, err := hall.New(hall.Config{Grace: time.Minute,
		NewBot: func(l ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.NewRandom(cfg.Seed), nil }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

// checkNoHidden fails when the seat's screen shows a card of the other
// hand the seat may not know.
func checkNoHidden(t *testing.T, h *hall.Hall, p *lobbyPerson, seat rules.Seat) {
	t.Helper()
	nt, ok := p.app.screen.(*netTable)
	if !ok || !nt.u.HasDeal {
		return
	}
	tb, err := h.Find(nt.u.Code)
	if err != nil {
		return
	}
	deal, hidden := tb.HiddenFrom(seat)
	if deal != nt.u.DealNo {
		return
	}
	scr := p.screen()
	for _, c := range hidden.Cards() {
		if strings.Contains(scr, c.Pretty(false)) {
			t.Fatalf("seat %s sees %s of the other hand:\n%s", seat, c.Pretty(false), scr)
		}
	}
}

// Two people open, join and play a table through their lobbies; every
// frame has the window's size and shows no card of the other hand.
func TestLobbyTwoPeoplePlay(t *testing.T) {
	h := testHall(t)
	ann := newLobbyPerson(h, "a", "Ann", 100, 30)
	bob := newLobbyPerson(h, "b", "Bob", 100, 30)
	defer close(ann.done)
	defer close(bob.done)
	ann.key("o")
	if !strings.Contains(ann.screen(), "Open a table") {
		t.Fatalf("o opens the form:\n%s", ann.screen())
	}
	ann.key("up")
	ann.key("enter")
	nt, ok := ann.app.screen.(*netTable)
	if !ok {
		t.Fatalf("the host sits at the table:\n%s", ann.screen())
	}
	code := nt.u.Code
	bob.key("j")
	for _, c := range strings.ToLower(code) {
		bob.key(string(c))
	}
	bob.key("enter")
	if _, ok := bob.app.screen.(*netTable); !ok {
		t.Fatalf("bob joins by the code %s:\n%s", code, bob.screen())
	}
	ann.until(t, "Seat B  Bob")
	bob.key("s")
	bob.until(t, "only the host starts the game")
	ann.key("s")
	people := []*lobbyPerson{ann, bob}
	deals := 0
	for i := 0; i < 4000 && deals < 2; i++ {
		for s, p := range people {
			p.deliver()
			checkSize(t, p.screen(), 100, 30)
			checkNoHidden(t, h, p, rules.Seat(s))
			scr := p.screen()
			switch {
			case strings.Contains(scr, "[t] take"):
				p.key("t")
			case strings.Contains(scr, "Bella?"):
				p.key("b")
			case strings.Contains(scr, "Press enter for the next deal"):
				if s == 0 {
					deals++
				}
				p.key("enter")
			case seatActs(p):
				p.key("enter")
			}
		}
		time.Sleep(time.Millisecond)
	}
	if deals < 2 {
		t.Fatalf("two deals not played; ann:\n%s\nbob:\n%s", ann.screen(), bob.screen())
	}
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
				q.app.Update(tea.WindowSizeMsg{Width: w, Height: ht})
			}
			continue
		case n < 10:
			msg = keyMsg([]string{"o", "j", "p", "t", "h", "r", "s"}[r.IntN(7)])
		default:
			msg = monkeyKey(r)
		}
		p.app.Update(msg)
		checkSize(t, p.screen(), w, ht)
		switch p.app.screen.(type) {
		case *netTable:
			atTable++
		case *lobby, *tableForm:
		default:
			away[i]++ // playing alone: the play screens have monkeys of their own
		}
		if p.app.quit || away[i] > 50 {
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

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"Quinn": true, "Zoë O'Neil": true, "ann-2.b_c": true,
		"": false, "Quinn?": false, "a\"b": false, strings.Repeat("x", 25): false,
	} {
		if err := checkName(name); (err == nil) != ok {
			t.Errorf("checkName(%q) = %v, want ok %v", name, err, ok)
		}
	}
}

// Renaming in the lobby takes q and ? as text and keeps the name.
func TestLobbyRename(t *testing.T) {
	h := testHall(t)
	var kept string
	p := newLobbyPerson(h, "a", "ann", 100, 30)
	defer close(p.done)
	p.app.screen.(*lobby).cfg.Rename = func(n string) error { kept = n; return nil }
	p.key("r")
	for range 3 {
		p.app.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	for _, c := range "quinn" {
		p.key(string(c))
	}
	p.key("enter")
	if kept != "quinn" || !strings.Contains(ansi.Strip(p.screen()), "Welcome, quinn") {
		t.Fatalf("kept %q; the screen:\n%s", kept, p.screen())
	}
}

// A game alone opens from the lobby and comes back to it: q then y
// leaves the table for the lobby with the game saved, and p offers it
// again.
func TestLobbySoloComesBack(t *testing.T) {
	p := newLobbyPerson(testHall(t), "a", "ann", 100, 30)
	defer close(p.done)
	p.key("p")
	if !strings.Contains(p.screen(), "Set up the game") {
		t.Fatalf("p opens the setup:\n%s", p.screen())
	}
	_, cmd := p.app.Update(keyMsg("enter"))
	b, ok := p.app.screen.(*backToLobby)
	if !ok || b.inner.Name() != "table" {
		t.Fatalf("enter starts the game: screen %T", p.app.screen)
	}
	runCmds(p.app, cmd)
	p.key("q")
	if !strings.Contains(ansi.Strip(p.screen()), "Back to the lobby") {
		t.Fatalf("q asks about going back:\n%s", p.screen())
	}
	_, cmd = p.app.Update(keyMsg("y"))
	runCmds(p.app, cmd)
	if _, ok := p.app.screen.(*lobby); !ok || p.app.quit {
		t.Fatalf("y goes back to the lobby, not away: screen %T quit %v", p.app.screen, p.app.quit)
	}
	if !strings.Contains(ansi.Strip(p.screen()), "Your game is saved: p resumes it.") {
		t.Fatalf("the lobby says the game is saved:\n%s", p.screen())
	}
	p.key("p")
	if b, ok := p.app.screen.(*backToLobby); !ok || b.inner.Name() != "resume" {
		t.Fatalf("p offers the saved game: screen %T", p.app.screen)
	}
}

// runCmds runs cmd and feeds its messages back, a few levels deep,
// skipping timers (ticks wait).
func runCmds(app *lobbyApp, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < 50; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		done := make(chan tea.Msg, 1)
		go func() { done <- c() }()
		var msg tea.Msg
		select {
		case msg = <-done:
		case <-time.After(50 * time.Millisecond):
			continue // a timer
		}
		switch m := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, m...)
		case tea.QuitMsg:
		default:
			_, next := app.Update(m)
			queue = append(queue, next)
		}
	}
}
