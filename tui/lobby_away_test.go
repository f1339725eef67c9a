package tui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/train"
	"github.com/klob/klob/tui/train/traintest"
)

// lobbyDriver drives a lobby's App and runs the commands the trainer
// starts (the lobby's own refresh tick is never started: the tests do
// not go through its Enter while running commands).
type lobbyDriver struct {
	t   *testing.T
	app *lobbyApp
}

func newLobbyDriver(t *testing.T, cfg LobbyConfig) *lobbyDriver {
	d := &lobbyDriver{t: t, app: NewLobby(cfg).(*lobbyApp)}
	d.app.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return d
}

// press sends a key and runs what follows from it.
func (d *lobbyDriver) press(k string) {
	_, cmd := d.app.Update(kittest.Key(k))
	d.run(cmd)
}

// pressNoRun sends a key and drops its commands (the lobby's tick).
func (d *lobbyDriver) pressNoRun(k string) { d.app.Update(kittest.Key(k)) }

func (d *lobbyDriver) run(cmd tea.Cmd) {
	runAll(d.t, func(m tea.Msg) tea.Cmd { _, c := d.app.Update(m); return c }, cmd)
}

// runAll runs cmd and every command that follows from it, giving
// their messages to update (never the lobby's refresh tick, which the
// tests do not start while running commands); a thousand messages are a
// runaway.
func runAll(t *testing.T, update func(tea.Msg) tea.Cmd, cmd tea.Cmd) {
	t.Helper()
	budget := 1000
	kittest.Run(t, &budget, cmd, update, nil)
}

func (d *lobbyDriver) screen() string { return ansi.Strip(d.app.render()) }

func lobbyTrainConfig(id string, rec train.Record) LobbyConfig {
	tc := trainConfig(rec, traintest.Strong, traintest.Round2)
	return LobbyConfig{
		Config: lobby.Config{
			Player: hall.Player{ID: id, Name: "Ann"},
			Train:  tc,
			Heavy:  lobby.GateOn(host.NewSlots(1)),
		},
		Solo: testConfig(7, &memStore{}),
	}
}

// TestLobbyTrainer: t opens the bidding trainer from the lobby; a drill
// is graded and kept in the player's record; esc goes back to the lobby
// and t comes back to the same trainer, its session score kept.
func TestLobbyTrainer(t *testing.T) {
	rec := &traintest.MemRecord{}
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", rec))
	if !strings.Contains(d.screen(), "[t] Train your bidding") {
		t.Fatalf("the lobby offers the trainer:\n%s", d.screen())
	}
	d.press("t")
	if d.app.ScreenName() != "train" {
		t.Fatalf("t opens the trainer, got %q:\n%s", d.app.ScreenName(), d.screen())
	}
	d.press("t") // take: the strong hand's drill
	tr := d.app.screen.(*lobby.Away).Inner().(*train.Screen)
	if !strings.Contains(d.screen(), "You chose to take: ") {
		t.Fatalf("the drill is graded:\n%s", d.screen())
	}
	tr.Wait()
	d.run(func() tea.Msg { return nil })
	if len(rec.Added) != 1 {
		t.Fatalf("the record holds %d drills, want 1", len(rec.Added))
	}
	d.pressNoRun("esc")
	if _, ok := d.app.screen.(*lobby.Lobby); !ok {
		t.Fatalf("esc goes back to the lobby:\n%s", d.screen())
	}
	d.press("t")
	back := d.app.screen.(*lobby.Away).Inner().(*train.Screen)
	if back != tr || !strings.HasPrefix(back.QuitNote(), "This session (2 players): 1 of 1 drill right") {
		t.Fatalf("the same trainer comes back with its session score (%q)", back.QuitNote())
	}
}

// TestLobbyTrainerGuest: a guest trains with a record of the connection
// only, and the first drill says so.
func TestLobbyTrainerGuest(t *testing.T) {
	d := newLobbyDriver(t, lobbyTrainConfig("", nil))
	d.press("t")
	if !strings.Contains(d.screen(), "lasts this connection only") {
		t.Fatalf("the guest is told the record is not kept:\n%s", d.screen())
	}
	d.press("t")
	if scr := d.screen(); !strings.Contains(scr, "You chose to take: ") || !strings.Contains(scr, "record 1 right · 0 wrong") {
		t.Fatalf("the guest's drill is graded and counted for the session:\n%s", scr)
	}
}

// TestLobbyTrainerLeaveStops: leaving a drill whose evaluation runs
// stops it (its batch in flight finds its context ended), and coming
// back opens a new drill.
func TestLobbyTrainerLeaveStops(t *testing.T) {
	cfg := lobbyTrainConfig("key-a", &traintest.MemRecord{})
	live := 0 // batches evaluated with their context still running
	cfg.Train.Evaluate = func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		if ctx.Err() == nil {
			live++
		}
		return traintest.FakeEval(ctx, v, p, k)
	}
	d := newLobbyDriver(t, cfg)
	_, cmd := d.app.Update(kittest.Key("t")) // the evaluation's batch is not run
	d.pressNoRun("esc")
	d.run(cmd) // the stale batch comes back and is dropped
	if live != 0 {
		t.Fatal("leaving the trainer leaves its evaluation running")
	}
	d.press("t")
	if scr := d.screen(); !strings.Contains(scr, "· drill 2 ·") || !strings.Contains(scr, "Your choice:") {
		t.Fatalf("coming back opens drill 2 and asks:\n%s", scr)
	}
}

// TestLobbyTableTrainers: on the t row ←/→ choose the seat count, and
// enter opens the bidding trainer of a table of three or four, whose
// grading waits for the Gate's slots as the two-player one's does.
func TestLobbyTableTrainers(t *testing.T) {
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", &traintest.MemRecord{}))
	// The lobby's items are its lines "[p] Play alone…", "[t] Train…".
	row, items := -1, 0
	for _, line := range strings.Split(d.screen(), "\n") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "▶"))
		if len(f) > 0 && len(f[0]) == 3 && f[0][0] == '[' && f[0][2] == ']' {
			if f[0] == "[t]" {
				row = items
			}
			items++
		}
	}
	if row < 0 {
		t.Fatal("the lobby has no t row")
	}
	for range row {
		d.press("down")
	}
	for _, players := range []int{3, 4} {
		d.press("right")
		if want := fmt.Sprintf("Train your bidding ‹ %d players ›", players); !strings.Contains(d.screen(), want) {
			t.Fatalf("right on the t row: want %q in\n%s", want, d.screen())
		}
		d.press("enter")
		if _, ok := d.app.screen.(*lobby.Away).Inner().(*train.Screen); !ok || !strings.Contains(d.screen(), fmt.Sprintf("· %d players · drill 1 ·", players)) {
			t.Fatalf("enter opened %T, want the trainer of %d players:\n%s", d.app.screen.(*lobby.Away).Inner(), players, d.screen())
		}
		if scr := d.screen(); !strings.Contains(scr, "Your choice:  ") || !strings.Contains(scr, "[") {
			t.Fatalf("%d players: the first drill asks:\n%s", players, scr)
		}
		d.pressNoRun("esc")
		if _, ok := d.app.screen.(*lobby.Lobby); !ok {
			t.Fatalf("esc goes back to the lobby:\n%s", d.screen())
		}
	}
}

// TestLobbyTrainerMistakesHelp: on the trainer's list of mistakes, esc
// goes back to the drill, and the help says only that: not "back to the
// lobby", which it says on the drill.
func TestLobbyTrainerMistakesHelp(t *testing.T) {
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", &traintest.MemRecord{}))
	d.press("t")
	d.press("p") // pass the strong hand: a mistake
	away := d.app.screen.(*lobby.Away)
	tr := away.Inner().(*train.Screen)
	tr.Wait()
	d.run(func() tea.Msg { return nil })
	keys := kit.DefaultKeys()
	lobbyBack := func() bool {
		for _, col := range away.KeyHelp(&keys).FullHelp() {
			for _, kb := range col {
				if kb.Help().Desc == "back to the lobby" {
					return true
				}
			}
		}
		return false
	}
	if !lobbyBack() {
		t.Fatal("the drill's help does not say esc goes back to the lobby")
	}
	d.press("M")
	if !tr.Reviewing() {
		t.Fatalf("M does not open the mistakes:\n%s", d.screen())
	}
	if lobbyBack() {
		t.Error("the mistakes' help says esc goes back to the lobby")
	}
	d.press("esc")
	if d.app.ScreenName() != "train" || tr.Reviewing() {
		t.Fatalf("esc on the mistakes left the trainer, or stayed on the list:\n%s", d.screen())
	}
}

// TestLobbyTrainerKeyLineNamesEsc: the trainer opened from the lobby,
// at every seat count, names on its key line the esc that comes back to
// the lobby, beside ? help and q, in 80 columns; esc does as it says.
func TestLobbyTrainerKeyLineNamesEsc(t *testing.T) {
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", &traintest.MemRecord{}))
	d.app.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, players := range []int{2, 3, 4} {
		// The t row, its seat count chosen with →, opens that trainer.
		for range 20 {
			if strings.Contains(d.screen(), "▶ [t]") {
				break
			}
			d.press("down")
		}
		for range 3 {
			if strings.Contains(d.screen(), fmt.Sprintf("‹ %d players ›", players)) {
				break
			}
			d.press("right")
		}
		d.press("enter")
		if want := fmt.Sprintf("%d players · drill", players); d.app.ScreenName() != "train" || players > 2 && !strings.Contains(d.screen(), want) {
			t.Fatalf("enter on the t row does not open the trainer of %d players:\n%s", players, d.screen())
		}
		lines := strings.Split(strings.TrimRight(d.screen(), "\n "), "\n")
		keys := strings.TrimRight(lines[len(lines)-1], " ")
		if !strings.Contains(keys, "esc back") || !strings.Contains(keys, "? help") || !strings.HasSuffix(keys, "q leave") || kit.WidthOf(keys) > 80 {
			t.Errorf("%d players: the key line %q does not name esc, ? and q in 80 columns:\n%s", players, keys, d.screen())
		}
		d.pressNoRun("esc")
		if _, ok := d.app.screen.(*lobby.Lobby); !ok {
			t.Fatalf("%d players: esc does not go back to the lobby:\n%s", players, d.screen())
		}
	}
}

// stuckRecord is a record whose saves wait until release is closed.
type stuckRecord struct {
	traintest.MemRecord
	release chan struct{}
}

func (s *stuckRecord) Add(r drill.Record) (drill.Stats, error) {
	<-s.release
	return s.MemRecord.Add(r)
}

// Leaving the trainer for the lobby waits for the record's save off the
// UI goroutine: with the save stuck, the Update that leaves returns at
// once and says it is saving; the lobby comes once the save landed.
func TestBackToLobbyWaitsOffTheUI(t *testing.T) {
	rec := &stuckRecord{release: make(chan struct{})}
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", rec))
	d.press("t")
	_, save := d.app.Update(kittest.Key("t")) // the drill is graded
	go save()                                 // a save of the record in flight, stuck
	done := make(chan struct{})
	go func() {
		d.app.Update(kit.QuitNowMsg{})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(guard):
		close(rec.release)
		t.Fatal("leaving for the lobby waited for the save in Update")
	}
	o, ok := d.app.screen.(*kit.Opening)
	if !ok || !strings.Contains(d.screen(), "Saving") {
		t.Fatalf("leaving shows %T:\n%s", d.app.screen, d.screen())
	}
	close(rec.release)
	d.app.Update(o.Enter(nil)()) // the lobby's ticks are dropped
	if _, ok := d.app.screen.(*lobby.Lobby); !ok {
		t.Fatalf("the lobby did not come after the save: %T", d.app.screen)
	}
}

// escBack is esc going back to the lobby at once, as the key lines of
// the lobby's screens word it: "esc back", q too where q does the same.
var escBack = regexp.MustCompile(`(^|· )(q/)?esc back( ·|$)`)

// TestLobbyEscBackWording: every screen reached from the lobby whose
// esc comes back to it at once (the form, the leaderboards, the talk
// read back, a game open elsewhere, the watch list, the trainer) words
// it one way on its key line, "esc back".
func TestLobbyEscBackWording(t *testing.T) {
	for _, c := range []struct {
		name  string
		key   string
		ready string // what the screen shows once read
		store Store
	}{
		{"the table form", "o", "[ Open the table ]", nil},
		{"the leaderboards", "l", "Nobody has played", nil},
		{"the talk read back", "c", "PgUp/PgDn page", nil},
		{"a game open elsewhere", "p", "open in another connection", &busyStore{}},
		{"the watch list", "w", "Watch a table", nil},
		{"the trainer", "t", "Your choice:", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := clubLobbyPerson(t, true, c.store)
			p.walk(t, []string{c.key}, []string{"Lobby talk", c.ready})
			keys := strings.TrimSpace(lastLine(p))
			if !escBack.MatchString(keys) || strings.Contains(keys, "back to the lobby") {
				t.Errorf("%s's key line %q does not say esc back", c.name, keys)
			}
			p.key("esc")
			p.untilFlat(t, "Play alone against bots")
		})
	}
}

// countedRecord counts the reads of the record.
type countedRecord struct {
	traintest.MemRecord
	loads atomic.Int32
}

func (c *countedRecord) Load() (drill.Stats, error) {
	c.loads.Add(1)
	return c.MemRecord.Load()
}

// Opening the trainer from the lobby, and coming back to it, reads the
// record in a tea.Cmd: the key's Update alone reads nothing; the
// commands do.
func TestTrainerReadsRecordOffTheUI(t *testing.T) {
	rec := &countedRecord{}
	d := newLobbyDriver(t, lobbyTrainConfig("key-a", rec))
	l := d.app.screen
	d.pressNoRun("t")
	if n := rec.loads.Load(); n != 0 {
		t.Fatalf("t read the record %d times in Update", n)
	}
	d.app.screen = l
	d.press("t")
	if n := rec.loads.Load(); n == 0 {
		t.Fatal("the trainer never read the record")
	}
	d.pressNoRun("esc")
	before := rec.loads.Load()
	d.pressNoRun("t")
	if n := rec.loads.Load(); n != before {
		t.Fatalf("coming back to the trainer read the record in Update (%d reads, %d before)", n, before)
	}
}

// historyStore is a game store with an empty history, as a key's store
// is before its first game ends.
type historyStore struct {
	memStore
	emptySource
}

// TestLobbyHistoryLeaves: over SSH, the saved games' list leaves for the
// lobby at once on q as on esc (the list keeps nothing), and its help
// names esc once, not as two different keys, and tells no numbers and
// marks (the empty list shows none).
func TestLobbyHistoryLeaves(t *testing.T) {
	for _, k := range []string{"q", "esc"} {
		cfg := lobbyTrainConfig("key-a", nil)
		cfg.Solo.Store = &historyStore{}
		d := newLobbyDriver(t, cfg)
		d.press("h")
		if d.app.ScreenName() == "lobby" {
			t.Fatalf("h does not open the saved games:\n%s", d.screen())
		}
		if k == "q" {
			d.pressNoRun("?")
			help := d.screen()
			if n := strings.Count(help, " esc "); n != 0 || strings.Count(help, "q/esc") != 1 {
				t.Errorf("the help names esc %d times apart from q/esc:\n%s", n, help)
			}
			if strings.Contains(help, "Numbers and marks") {
				t.Errorf("the empty list's help tells the numbers and marks:\n%s", help)
			}
			d.pressNoRun("?") // closes the help
		}
		// The lobby's refresh ticks are not run: only QuitNow's message.
		// Esc is back at the lobby at once, and its command is the
		// lobby's refresh tick (2 s of waiting): not run.
		_, cmd := d.app.Update(kittest.Key(k))
		if _, back := d.app.screen.(*lobby.Lobby); !back && cmd != nil {
			if msg := cmd(); msg != nil {
				d.app.Update(msg)
			}
		}
		if o, ok := d.app.screen.(*kit.Opening); ok {
			d.app.Update(o.Enter(nil)()) // leaving waits for saves: none
		}
		if _, ok := d.app.screen.(*lobby.Lobby); !ok {
			t.Errorf("%s on the saved games shows %T, not the lobby:\n%s", k, d.app.screen, d.screen())
		}
	}
}

// slowStore is a store whose read of the saved game waits for the test:
// a disk that does not answer.
type slowStore struct {
	memStore
	release chan struct{}
}

func (s *slowStore) LoadCurrent() (*gamelog.Log, error) {
	<-s.release
	return s.memStore.LoadCurrent()
}

// A game alone opened from the lobby reads the saved game off the UI
// goroutine: with the disk stuck, the key's Update returns at once and
// the screen says what it waits for; the setup follows the read.
func TestPlayAloneReadsOffTheUI(t *testing.T) {
	st := &slowStore{release: make(chan struct{})}
	p := newLobbyPersonWith(testHall(t), "a", "ann", 80, 24, func(c *LobbyConfig) { c.Solo.Store = st })
	defer close(p.done)
	done := make(chan struct{})
	go func() {
		p.key("p")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(guard):
		close(st.release)
		t.Fatal("the key that opens a game alone waited for the disk")
	}
	p.until(t, "Looking for your saved game")
	close(st.release)
	p.until(t, "Set up the game")
}

// TestAloneRecordsTheKey: over `klob serve` a game alone records the
// person's key on their seat, as a shared table's game does, so that
// their history counts it theirs and says won or lost; a game saved
// before it did gets the key when resumed. Local play records none.
func TestAloneRecordsTheKey(t *testing.T) {
	lobbyGame := func(key string) *gamelog.Log {
		t.Helper()
		c := testConfig(7, &memStore{})
		c.Key = key
		m, err := c.newGame(c.Setup)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Wait()
		l, err := m.h.Log()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	l := lobbyGame("key-ann")
	if got := l.Header.Key(rules.SeatA); got != "key-ann" {
		t.Errorf("the game alone records key %q at A, want key-ann", got)
	}
	if me, ok := l.Header.PersonSeat("key-ann"); !ok || me != rules.SeatA {
		t.Errorf("the person's seat by key: %v %v, want A", me, ok)
	}
	if got := lobbyGame("").Header.Key(rules.SeatA); got != "" {
		t.Errorf("local play records key %q, want none", got)
	}

	// A game saved without the key, resumed.
	old := lobbyGame("")
	c := testConfig(7, &memStore{})
	c.Key = "key-ann"
	m, err := c.resumeGame(old)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Wait()
	l, err = m.h.Log()
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Header.Key(rules.SeatA); got != "key-ann" {
		t.Errorf("the resumed game records key %q at A, want key-ann", got)
	}
}
