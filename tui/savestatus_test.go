package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/train/traintest"
)

// With no state directory the table carries a lasting "not saved" mark,
// the quit question says the game will be lost, and so does the note
// after quitting (it once said "The game stays saved").
func TestNoStoreNotSaved(t *testing.T) {
	hs := newHarness(t, testConfig(dealSeed, nil), 80, 24)
	hs.press("enter")
	if hs.name() != "table" {
		t.Fatalf("screen %s, want the table", hs.name())
	}
	for _, k := range []string{"", "t", "x", "a"} {
		if k != "" {
			hs.press(k)
		}
		if first := strings.SplitN(hs.screen(), "\n", 2)[0]; !strings.Contains(first, "not saved") {
			t.Fatalf("after %q the header has no \"not saved\" mark: %q", k, first)
		}
	}
	hs.press("q")
	if scr := hs.screen(); !strings.Contains(scr, "not saved") || !strings.Contains(scr, "it will be lost") || strings.Contains(scr, "stays saved") {
		t.Fatalf("the quit question does not say the game is lost:\n%s", scr)
	}
	hs.press("y")
	if note := hs.app.QuitNote(); !strings.Contains(note, "not saved") {
		t.Errorf("quit note %q", note)
	}
	// Too small a window asks the same question.
	hs = newHarness(t, testConfig(dealSeed, nil), 80, 24)
	hs.press("enter", "q")
	hs.send(tea.WindowSizeMsg{Width: 20, Height: 10})
	if scr := hs.screen(); !strings.Contains(kittest.Flat(scr), "it will be lost") {
		t.Errorf("small window quit question:\n%s", scr)
	}
}

// While saves fail the mark and the question say so; a good save clears
// both. A long save error is wrapped to the window, its cause shown
// (it was once cut before "no space left on device").
func TestSaveFailureWrapsAndMarks(t *testing.T) {
	long := errors.New("save /home/someone/.local/state/klob/current.klob: write: write /home/someone/.local/state/klob/.current-1234567890.tmp: no space left on device")
	st := &memStore{saveErr: long}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter")
	scr := hs.screen()
	if !strings.Contains(kittest.Flat(scr), "no space left on device") {
		t.Fatalf("the cause of the failure is not on the screen:\n%s", scr)
	}
	if first := strings.SplitN(scr, "\n", 2)[0]; !strings.Contains(first, "not saved") {
		t.Fatalf("no \"not saved\" mark while saves fail: %q", first)
	}
	if lines := strings.Split(scr, "\n"); len(lines) != 24 {
		t.Fatalf("the screen has %d lines, want 24", len(lines))
	}
	hs.press("q")
	if scr := hs.screen(); !strings.Contains(scr, "it will be lost") {
		t.Fatalf("quit question while saves fail:\n%s", scr)
	}
	hs.press("n")
	st.mu.Lock()
	st.saveErr = nil
	st.mu.Unlock()
	hs.press("t")
	if first := strings.SplitN(hs.screen(), "\n", 2)[0]; strings.Contains(first, "not saved") {
		t.Fatalf("the mark outlived a good save: %q", first)
	}
	hs.press("q")
	if scr := hs.screen(); !strings.Contains(scr, "stays saved") {
		t.Fatalf("quit question after a good save:\n%s", scr)
	}
}

// A warning found before the screen opened is shown on it, not
// printed to stderr, where the full-screen view hides it.
func TestWarningShown(t *testing.T) {
	cfg := testConfig(dealSeed, nil)
	cfg.Warning = "cannot find the state directory: set HOME, XDG_STATE_HOME or KLOB_STATE_DIR: the game will not be saved"
	hs := newHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "set HOME, XDG_STATE_HOME or KLOB_STATE_DIR: the game will not be saved") {
		t.Fatalf("the warning is not on the first screen:\n%s", hs.screen())
	}
}

// dealSeed deals the person, first to bid, a hand worth taking.
const dealSeed = 69

// The seed is not shown before the game is over (it deals every card);
// a game whose seed the player chose is marked practice in the log, and
// the mark survives a resume.
func TestSeedHiddenAndPractice(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	hs := newHarness(t, cfg, 80, 24)
	if scr := hs.screen(); strings.Contains(scr, "69") {
		t.Fatalf("the setup screen shows the seed:\n%s", scr)
	}
	hs.press("enter", "t")
	if scr := hs.screen(); strings.Contains(scr, "Seed") || strings.Contains(scr, "seed") {
		t.Fatalf("the table shows the seed:\n%s", scr)
	}
	if st.current == nil || st.current.Header.Practice() {
		t.Fatal("a game with a drawn seed is marked practice")
	}
	cfg = testConfig(dealSeed, &memStore{})
	cfg.Setup.Practice = true
	ps := cfg.Store.(*memStore)
	hs = newHarness(t, cfg, 80, 24)
	if scr := hs.screen(); !strings.Contains(scr, "Practice game: seed 69, the seed chosen by the player") {
		t.Fatalf("a chosen seed is not said to make a practice game:\n%s", scr)
	}
	hs.press("enter", "t", "q", "y")
	if ps.current == nil || !ps.current.Header.Practice() {
		t.Fatal("the log of a game with a chosen seed is not marked practice")
	}
	text, _ := ps.current.MarshalText()
	if !strings.Contains(string(text), `[Practice "seed chosen by the player"]`) {
		t.Fatalf("no Practice tag in the log:\n%s", text)
	}
	hs = newHarness(t, testConfig(dealSeed, ps), 80, 24)
	hs.press("r")
	m := seatedOf(hs.app.screen)
	if m == nil || !m.setup.Practice {
		t.Fatal("a resumed practice game lost its mark")
	}
	if l, err := m.h.Log(); err != nil || !practiceOf(l.Header) {
		t.Fatal("a resumed practice game's log lost its mark")
	}
}

// Another Klob in the state directory: the first screen says so and
// offers the saved games read-only or a new state directory.
func TestBusyScreen(t *testing.T) {
	busy := &store.BusyError{Dir: "/state/klob", PID: 4242}
	cfg := testConfig(dealSeed, nil)
	cfg.Busy, cfg.ReadOnly = busy, emptySource{}
	var opened bool
	cfg.Elsewhere = func() (Store, string, error) { opened = true; return &memStore{}, "/state/klob-2", nil }
	hs := newHarness(t, cfg, 80, 24)
	scr := hs.screen()
	if hs.name() != "busy" || !strings.Contains(scr, "Another Klob (process 4242) is playing in /state/klob") ||
		!strings.Contains(scr, "read-only") || !strings.Contains(scr, "new state directory") {
		t.Fatalf("busy screen %s:\n%s", hs.name(), scr)
	}
	// It says where a new game goes: kept apart, filed in this history.
	if flat := kittest.Flat(scr); !strings.Contains(flat, "a new game here is kept in a directory of its own while it lasts, then filed in this one's history") ||
		strings.Contains(flat, "saves nothing there") {
		t.Fatalf("the busy screen does not say where a new game goes:\n%s", scr)
	}
	// Its help lists its own keys, not the table's.
	hs.press("?")
	if help := kittest.Flat(hs.screen()); !strings.Contains(help, "look at the saved games, read-only") ||
		strings.Contains(help, "play the selected card") || strings.Contains(help, "stays saved") {
		t.Fatalf("the busy screen's help:\n%s", hs.screen())
	}
	hs.press("esc")
	hs.press("r")
	if hs.name() != "history" {
		t.Fatalf("r opened %s, want the history", hs.name())
	}
	// Esc, and q, in the read-only list come back to the busy screen,
	// as its line of keys says; Klob does not end.
	if scr := hs.screen(); !strings.Contains(scr, "q/esc back") {
		t.Fatalf("the read-only list's keys do not name esc:\n%s", scr)
	}
	for _, k := range []string{"esc", "q"} {
		hs.press(k)
		if hs.quit || hs.name() != "busy" {
			t.Fatalf("%s in the read-only list: quit %v, screen %s:\n%s", k, hs.quit, hs.name(), hs.screen())
		}
		hs.press("r")
	}
	// The saved games' folder as klob play shows paths, and so the busy
	// directory and the new one (the command to resume keeps the path
	// whole).
	cfg.ShowPath = fromState
	hs = newHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "is playing in ~/klob.") {
		t.Fatalf("the busy directory is not shown as ShowPath does:\n%s", hs.screen())
	}
	hs.press("r")
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "kept in: ~/klob/history klob replay") {
		t.Fatalf("the saved games do not show the path as ShowPath does:\n%s", hs.screen())
	}
	// n opens the new directory off the Update: the disk is read by a
	// command, the screen says what it waits for.
	ctx := kittest.Context(80, 24)
	if next, cmd := newBusyScreen(&cfg).Update(&ctx, kittest.Key("n")); opened || next.Name() != "opening" || cmd != nil {
		t.Fatalf("n in the Update: opened %v, next %s", opened, next.Name())
	}
	hs = newHarness(t, cfg, 80, 24)
	hs.press("n")
	if !opened || hs.name() != "setup" || !strings.Contains(kittest.Flat(hs.screen()), "saved in ~/klob-2: KLOB_STATE_DIR=/state/klob-2 klob resumes it") {
		t.Fatalf("n: opened %v, screen %s:\n%s", opened, hs.name(), hs.screen())
	}
	hs.press("enter", "t")
	if cfg.Elsewhere != nil && hs.name() != "table" {
		t.Fatalf("the game did not start in the new directory: %s", hs.name())
	}
}

// The busy screen's read-only list shows, as klob replay does, the
// games left unfinished in the second state directories ("klob-2"…)
// beside the busy one, at two, three and four players, each by its
// folder, with the busy directory's own game in progress.
func TestBusyListsGamesWaitingBeside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "klob")
	put := func(to, from string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join("../testdata/games", from))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
		require.NoError(t, os.WriteFile(to, data, 0o644))
	}
	put(filepath.Join(dir, store.CurrentName), "tables/saves/three-in-dialogue.klob")
	for name, from := range map[string]string{"klob-2": "saves/in-play.klob", "klob-3": "tables/saves/three-in-dialogue.klob", "klob-4": "tables/saves/four-in-trick.klob"} {
		put(filepath.Join(root, name, store.CurrentName), from)
	}
	cfg := testConfig(dealSeed, nil)
	cfg.Busy, cfg.ReadOnly = &store.BusyError{Dir: dir, PID: 4242}, store.New(dir, store.Options{})
	hs := newHarness(t, cfg, 80, 24)
	hs.press("r")
	scr := hs.screen()
	if hs.name() != "history" || strings.Count(scr, "in progress") != 4 {
		t.Fatalf("the read-only list does not show the four games in progress (%s):\n%s", hs.name(), scr)
	}
	for _, name := range []string{"klob-2", "klob-3", "klob-4"} {
		if !strings.Contains(scr, "in "+name) {
			t.Errorf("the read-only list does not name the game waiting in %s:\n%s", name, scr)
		}
	}
}

// At four players with the settings rows, the form opened in a second
// state directory says whole how its game is resumed, the rows
// scrolling under their headings to leave it room.
func TestSecondStateDirNoteWhole(t *testing.T) {
	cfg := testConfig(dealSeed, nil)
	cfg.Setup.Options = rules.DefaultOptions().WithPlayers(4)
	cfg.Prefs = &settings.Settings{}
	cfg.Busy, cfg.ReadOnly = &store.BusyError{Dir: "/tmp/qa51/nb/s/klob", PID: 4242}, emptySource{}
	cfg.Elsewhere = func() (Store, string, error) { return &memStore{}, "/tmp/qa51/nb/s/klob-2", nil }
	hs := newHarness(t, cfg, 80, 24)
	hs.press("n")
	const want = "This game is saved in /tmp/qa51/nb/s/klob-2: KLOB_STATE_DIR=/tmp/qa51/nb/s/klob-2 klob resumes it, or klob once the other Klob has quit."
	if scr := kittest.Flat(hs.screen()); hs.name() != "setup" || !strings.Contains(scr, want) {
		t.Fatalf("n: screen %s:\n%s", hs.name(), hs.screen())
	}
	if lines := strings.Split(hs.screen(), "\n"); len(lines) != 24 || !strings.Contains(lines[23], "choose a line") {
		t.Fatalf("the form does not fit 80x24:\n%s", hs.screen())
	}
}

// The trainer shows a warning found before its screen opened, not on
// stderr, where the screen hides "your record will not be kept".
func TestTrainWarningShown(t *testing.T) {
	cfg := trainConfig(nil, traintest.Strong)
	cfg.Warning = "cannot find the state directory: set HOME, XDG_STATE_HOME or KLOB_STATE_DIR: your record will not be kept"
	hs := newTrainHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "your record will not be kept") {
		t.Fatalf("the warning is not on the trainer's first screen:\n%s", hs.screen())
	}
}

func practiceOf(h gamelog.Header) bool { return h.Practice() }

// TestQuitQuestionSaysWhatIsKept: q asks "the game stays saved" only
// where a game is kept: on the offer to resume it, not on the setup
// screen before any game (nor after one ended and was filed), nor when
// another Klob keeps the state directory, at every seat count.
func TestQuitQuestionSaysWhatIsKept(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		st := &memStore{}
		cfg := testConfig(dealSeed, st)
		if err := cfg.Setup.Options.Set("players", fmt.Sprint(n)); err != nil {
			t.Fatal(err)
		}
		hs := newHarness(t, cfg, 80, 24)
		hs.press("q")
		if scr := hs.screen(); hs.name() != "setup" || strings.Contains(scr, "stays saved") || !strings.Contains(scr, "No game is in progress") {
			t.Fatalf("%d players: q on the setup screen (%s):\n%s", n, hs.name(), scr)
		}
		hs.press("n", "enter", "q", "y")
		hs = newHarness(t, cfg, 80, 24)
		hs.press("q")
		if scr := hs.screen(); hs.name() != "resume" || !strings.Contains(scr, "stays saved") {
			t.Fatalf("%d players: q on the offer to resume (%s):\n%s", n, hs.name(), scr)
		}
	}
	cfg := testConfig(dealSeed, nil)
	cfg.Busy, cfg.ReadOnly = &store.BusyError{Dir: "/state/klob", PID: 4242}, emptySource{}
	hs := newHarness(t, cfg, 80, 24)
	hs.press("q")
	if scr := hs.screen(); hs.name() != "busy" || strings.Contains(scr, "stays saved") {
		t.Fatalf("q on the busy screen (%s):\n%s", hs.name(), scr)
	}
}

// A game not kept by design (a guest's over SSH) raises no "not saved"
// alarm in the header: the quit question says why it is not kept.
func TestUnkeptGameRaisesNoAlarm(t *testing.T) {
	const why = "A guest's games are not kept: connect with an SSH key to keep them."
	cfg := testConfig(dealSeed, nil)
	cfg.Unkept = why
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	if first := strings.SplitN(hs.screen(), "\n", 2)[0]; strings.Contains(first, "not saved") {
		t.Fatalf("the header of a game not kept by design cries \"not saved\": %q", first)
	}
	hs.press("q")
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, why) || strings.Contains(scr, "state directory") {
		t.Fatalf("the quit question does not say why the game is not kept:\n%s", hs.screen())
	}
}

// The autosave's refusal to replace a save it cannot read names the
// file once, so that with a state directory of the usual depth the
// whole sentence, its cause at the end, fits the table's note of three
// lines at 80 columns.
func TestAutosaveUnreadableFitsTheNote(t *testing.T) {
	dir := t.TempDir()
	st := store.New(dir, store.Options{})
	require.NoError(t, os.Mkdir(st.CurrentPath(), 0o700)) // a folder in the save's place
	l, err := gamelog.ReadFile("../testdata/games/saves/in-trick.klob")
	require.NoError(t, err)
	err = st.SaveCurrent(l)
	require.ErrorIs(t, err, store.ErrConflict)
	msg := strings.ReplaceAll(err.Error(), dir, "/home/alexandra/.local/state/klob")
	if n := strings.Count(msg, "current.klob"); n != 1 {
		t.Errorf("the save is named %d times: %s", n, msg)
	}
	note := "! autosave failed: " + msg
	if lines := kit.Wrap(note, 78); len(lines) > 3 || !strings.Contains(note, "not a regular file (a directory)") {
		t.Errorf("%d lines, more than 3, or the cause is lost:\n%s", len(lines), strings.Join(lines, "\n"))
	}
}

// A game played in a second state directory, as another Klob kept the
// first: the line printed on quitting says where it is and how to
// resume it, not a bare "run klob again", which looks in the first.
func TestQuitNoteNamesSecondDirectory(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, nil)
	cfg.Busy, cfg.ReadOnly = &store.BusyError{Dir: "/state/klob", PID: 4242}, emptySource{}
	cfg.Elsewhere = func() (Store, string, error) { return st, "/state/klob-2", nil }
	cfg.ShowPath = fromState
	hs := newHarness(t, cfg, 80, 24)
	hs.press("n", "enter", "t", "q")
	// The quit question says how the game is resumed from there, not
	// "start klob again", which finds the other Klob's game.
	ask := "The game stays saved: KLOB_STATE_DIR=/state/klob-2 klob resumes it, or klob once the other Klob has quit."
	if !strings.Contains(kittest.Flat(hs.screen()), ask) {
		t.Fatalf("the quit question does not say how to resume the game:\n%s", hs.screen())
	}
	hs.press("y")
	if !hs.quit || st.current == nil {
		t.Fatalf("the game in the second directory was not saved, or q, y did not quit:\n%s", hs.screen())
	}
	want := "The game is saved in ~/klob-2: KLOB_STATE_DIR=/state/klob-2 klob resumes it, or klob once the other Klob has quit."
	if note := hs.app.QuitNote(); note != want {
		t.Errorf("quit note %q\nwant       %q", note, want)
	}
}

// offerWith is the offer to resume a game at n players, the config
// set by set: its screen's name and its frame, checked to fit 80×24.
func offerWith(t *testing.T, n int, set func(*PlayConfig)) (name, scr string) {
	t.Helper()
	cfg := testConfig(dealSeed, &memStore{})
	require.NoError(t, cfg.Setup.Options.Set("players", fmt.Sprint(n)))
	cfg.ShowPath = fromState
	set(&cfg)
	hs := resumeOffer(t, cfg)
	scr = hs.screen()
	kittest.CheckSize(t, scr, 80, 24)
	return hs.name(), scr
}

// A game moved back from a second state folder: the offer to resume it
// says where it was.
func TestResumeOfferSaysMovedFrom(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		name, scr := offerWith(t, n, func(c *PlayConfig) { c.MovedFrom = "/state/klob-2" })
		if name != "resume" || !strings.Contains(kittest.Flat(scr), "It was saved in ~/klob-2 while another Klob played here, and is moved back here.") {
			t.Fatalf("%d players: the offer (%s) does not say where the game was:\n%s", n, name, scr)
		}
	}
}

// A game saved in a second state folder while this one holds a game
// too: the offer to resume this one says the other waits, where, and
// how to resume it.
func TestResumeOfferSaysAnotherWaits(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		name, scr := offerWith(t, n, func(c *PlayConfig) { c.WaitingIn = "/state/klob-2" })
		want := "Another game waits in ~/klob-2, saved while another Klob played here: KLOB_STATE_DIR=/state/klob-2 klob resumes it, and klob offers it here once this one is done."
		if name != "resume" || !strings.Contains(kittest.Flat(scr), want) {
			t.Fatalf("%d players: the offer (%s) does not say another game waits:\n%s", n, name, scr)
		}
	}
}

// A game over that the history would not take: the line printed on
// quitting says it is kept, where, and that the next start offers it.
func TestQuitNoteGameOverNotFiled(t *testing.T) {
	st := &memStore{fileErr: errors.New("archive: the history folder /state/klob/history cannot be written: permission denied")}
	cfg := testConfig(42, pathStore{st})
	cfg.ShowPath = fromState
	cfg.Setup.Options.Target = 100
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	hs.toGameOver(true)
	if !strings.Contains(kittest.Flat(hs.screen()), "permission denied") {
		t.Fatalf("the game's end does not say why it was not filed:\n%s", hs.screen())
	}
	want := `The game is over, but it could not be filed in the history: it is kept at ~/klob/current.klob, and klob offers it when it starts ("Your last game is over, but it was not filed in the history yet").`
	if note := hs.app.QuitNote(); note != want {
		t.Errorf("quit note %q\nwant       %q", note, want)
	}
	if st.current == nil {
		t.Error("the game over is not kept saved")
	}
}

// pathStore is a memStore that says where its save would be on disk.
type pathStore struct{ *memStore }

func (pathStore) CurrentPath() string { return "/state/klob/current.klob" }

// A game alone logs what its host logs (PlayConfig.Logf, a server's
// log): an autosave that fails is on it, with its cause.
func TestGameAloneLogsFailedSaves(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	cfg := testConfig(dealSeed, &memStore{saveErr: errors.New("no space left on device")})
	cfg.Logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(format, args...))
	}
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	hs.settle()
	mu.Lock()
	defer mu.Unlock()
	if !slices.Contains(lines, "autosave failed: no space left on device") {
		t.Fatalf("the failed autosave is not logged: %q", lines)
	}
}
