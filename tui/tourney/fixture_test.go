package tourney

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/clubdb"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/table"
)

// guard bounds a wait only a broken host would make long.
const guard = 30 * time.Second

// club is a service over a database of the test's.
type club struct {
	t   *testing.T
	c   *testkit.Clock
	db  *clubdb.DB
	svc *svc.Service
}

// cheapBots are the bots of every club's tournaments: each deals the
// boards of seed 77, so a view's decision for par is worked out once a
// test process (par was most of this package's CPU). Each service gives
// its bots win tables of its own: SharedAcross keeps them out of the
// decisions' keys, or no service would share another's.
var cheapBots = testkit.SharedAcross(testkit.CheapBots)

func newClub(t *testing.T, daily bool) *club {
	t.Helper()
	c := &club{t: t, c: testkit.NewClock(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))}
	dir := t.TempDir()
	db, err := clubdb.Open(filepath.Join(dir, clubdb.FileName), clubdb.Options{Now: c.c.Now})
	require.NoError(t, err)
	c.db = db
	codes := 0
	c.svc, err = svc.New(svc.Config{DB: db, Dir: filepath.Join(dir, "tourneys"), NewBot: cheapBots, Now: c.c.Now,
		Location: time.UTC, NoDaily: !daily, Slots: host.NewSlots(1), NewSeed: func() uint64 { return 77 },
		NewCode: func() string { codes++; return "TESTA" + string(rune('A'+codes)) }})
	require.NoError(t, err)
	t.Cleanup(func() { c.svc.Close(); c.db.Close() })
	return c
}

// create has ann create a tournament at the normal level of the given
// players (0 keeps the rules' default) and boards, ending lasts from
// the club's clock now.
func (cl *club) create(t *testing.T, players, boards int, lasts time.Duration) svc.Info {
	t.Helper()
	o := rules.DefaultOptions()
	o.Players = players
	info, err := cl.svc.Create(context.Background(), ann, svc.Spec{Rules: o, Level: "normal", Boards: boards,
		Ends: cl.c.Now().Add(lasts)})
	require.NoError(t, err)
	return info
}

// dailies has the service make the day's dailies, as the list screen
// reads them, and returns the day and the code of its daily of players.
func (cl *club) dailies(t *testing.T, players int) (duplicate.Date, string) {
	t.Helper()
	_, err := cl.svc.List(context.Background(), longName.Key)
	require.NoError(t, err)
	day := duplicate.DateOf(cl.c.Now())
	return day, svc.DailyCode(day, players)
}

// firstDailyBoard opens the daily of players as longName, enters it
// and opens its first board, seeing each page's enter on the way; it
// returns the board's fixture and the daily's code.
func (cl *club) firstDailyBoard(t *testing.T, players int) (*fixture, string) {
	t.Helper()
	_, code := cl.dailies(t, players)
	f := cl.openAt(longName, code)
	f.see("[enter] enter the daily")
	f.press("enter")
	f.see("[enter] play board 1")
	f.press("enter")
	require.True(t, f.on("board"), f.text())
	return f, code
}

// waitPars waits until the database has par of code's boards: the
// service works it out on its own goroutine.
func (cl *club) waitPars(code string) {
	cl.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		pars, err := cl.db.Pars(context.Background(), code)
		require.NoError(cl.t, err)
		if len(pars) > 0 {
			return
		}
		if time.Now().After(deadline) {
			cl.t.Fatalf("par of %s never came", code)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

var (
	ann = svc.Player{Key: "aaaa0000000000000000000000000001", Name: "Ann"}
	bob = svc.Player{Key: "bbbb0000000000000000000000000002", Name: "Bob"}
	cid = svc.Player{Key: "cccc0000000000000000000000000005", Name: "Cid"}
)

// lobbyStub is where esc on the list goes.
type lobbyStub struct{}

func (lobbyStub) Name() string                                       { return "lobby" }
func (lobbyStub) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return lobbyStub{}, nil }
func (lobbyStub) View(*kit.Context) string                           { return "the lobby" }

// fixture is one connection's tournament screens at 80×24, the boards'
// tables refreshed by the test once their game rests.
type fixture struct {
	t  *testing.T
	cl *club
	s  *Screen
	d  *kittest.Driver
	// frames, when set, sees every frame drawn after a message.
	frames func(text string)
}

// screen is the tournament screens of p, driven by the test, read again
// every refresh (negative: never), closed at the test's end.
func (cl *club) screen(p svc.Player, refresh time.Duration) *Screen {
	s := New(Config{Service: cl.svc, Player: p, Back: func() kit.Screen { return lobbyStub{} }, Refresh: refresh})
	cl.t.Cleanup(s.Close)
	return s
}

func (cl *club) open(p svc.Player) *fixture { return cl.openAt(p, "") }

// openAt is open at the page of the tournament of code (Config.Open).
func (cl *club) openAt(p svc.Player, code string) *fixture { return cl.openWith(p, code, nil) }

// openWith is openAt keeping the new tournament's form in choices
// (Config.Choices), as the lobby keeps it for a connection.
func (cl *club) openWith(p svc.Player, code string, choices *Choices) *fixture {
	t := cl.t
	f := &fixture{t: t, cl: cl}
	f.s = New(Config{Service: cl.svc, Player: p, Back: func() kit.Screen { return lobbyStub{} }, Manual: true,
		Refresh: -1, Analyze: nil, Open: code, Choices: choices})
	t.Cleanup(f.s.Close)
	f.d = kittest.New(t, f.s, 80, 24, false)
	f.d.After = func(*kittest.Driver) { f.refresh() }
	f.refresh()
	return f
}

// refresh lets the board in play rest and shows it.
func (f *fixture) refresh() {
	f.t.Helper()
	if b, ok := f.s.sub.(*boardPart); ok {
		kittest.WaitRest(f.t, b.t.Port(), nil, guard)
		f.d.Deliver(table.Refresh{})
	}
	if f.frames != nil {
		f.frames(f.text())
	}
}

// text is the frame without styles or trailing spaces.
func (f *fixture) text() string { return kittest.TrimRight(ansi.Strip(f.d.Frame())) }

// press sends keys and checks the frame's size.
func (f *fixture) press(keys ...string) {
	f.t.Helper()
	f.d.Press(keys...)
	kittest.CheckSize(f.t, f.d.Frame(), 80, 24)
}

// typ types text, a key a character.
func (f *fixture) typ(text string) {
	for _, r := range text {
		f.d.Press(string(r))
	}
}

// see fails unless the frame shows want.
func (f *fixture) see(want string) {
	f.t.Helper()
	if !strings.Contains(f.text(), want) {
		f.t.Fatalf("the screen does not show %q:\n%s", want, f.text())
	}
}

// step makes the person's next move at the board shown (kittest.Step), the frame's size checked.
func (f *fixture) step() {
	f.t.Helper()
	b := f.s.sub.(*boardPart)
	s := b.t.Snapshot()
	kittest.Step(f.t, f.d, s, kit.ViewHand(&s.View, f.s.cfg.Sort), b.t.Bella != rules.NoCard)
	kittest.CheckSize(f.t, f.d.Frame(), 80, 24)
}

// playBoard plays the board shown to its end and goes on to the part
// after it.
func (f *fixture) playBoard() {
	f.t.Helper()
	for range 2000 {
		if _, ok := f.s.sub.(*boardPart); !ok {
			return
		}
		f.step()
	}
	f.t.Fatal("the board never ended")
}

// on reports whether the part shown is name.
func (f *fixture) on(name string) bool { return f.s.sub.Name() == name }

// run runs cmd as the App would, its messages delivered to the screen.
func (f *fixture) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			f.run(c)
		}
	default:
		f.d.Send(msg)
	}
}

// TestMain keeps the tests' directories (the club's database, the
// tournaments' files, each save synced) in memory
// (testkit.MainInMemory).
func TestMain(m *testing.M) { os.Exit(testkit.MainInMemory(m)) }
