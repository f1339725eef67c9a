package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/setup"
	"github.com/klob/klob/tui/train/traintest"
)

// TestResumeTitleNamesSavedGame: the offer of a saved game is titled
// after the saved game ("your saved game of three"), never "Klaberjass
// for" a count, which read as the game asked for, whatever count klob
// -players asks for. At every seat count.
func TestResumeTitleNamesSavedGame(t *testing.T) {
	for saved, asked := range map[int]int{2: 3, 3: 4, 4: 2} {
		cfg := testConfig(dealSeed, &memStore{})
		if err := cfg.Setup.Options.Set("players", fmt.Sprint(saved)); err != nil {
			t.Fatal(err)
		}
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter", "q", "y")
		for _, ask := range []int{saved, asked} {
			if err := cfg.Setup.Options.Set("players", fmt.Sprint(ask)); err != nil {
				t.Fatal(err)
			}
			cfg.PlayersFlag = true
			hs2 := newHarness(t, cfg, 80, 24)
			scr := hs2.screen()
			title := strings.SplitN(scr, "\n", 2)[0]
			if hs2.name() != "resume" || !strings.Contains(title, "Klaberjass: your saved game of "+setup.CountWord(saved)) || strings.Contains(scr, "Klaberjass for") {
				t.Errorf("saved %d, asked %d: the title: %q\n%s", saved, ask, title, scr)
			}
		}
	}
}

// A game over whose save outlived its filing (a crash between the two)
// is offered as filed already; one over and not filed says so.
func TestResumeSaysAGameOverIsFiled(t *testing.T) {
	l, err := gamelog.ReadFile("../testdata/games/09-tie.klob")
	require.NoError(t, err)
	ctx := kittest.Context(80, 24)
	for _, filed := range []bool{false, true} {
		cfg := testConfig(dealSeed, &memStore{})
		s := firstScreen(&cfg, l, filed, "", nil)
		text := ansi.Strip(s.View(&ctx))
		if filed {
			assert.Contains(t, text, "Your last game is over, and in the history.")
			assert.NotContains(t, text, "not filed")
		} else {
			assert.True(t, strings.Contains(text, "it was not filed in the history yet"), text)
		}
	}
}

// savedWith is the saved game in-trick (a game of two) with the person,
// "You", at A, a normal bot at B, then seat s's level set to level.
func savedWith(t *testing.T, s rules.Seat, level string) *gamelog.Log {
	t.Helper()
	l, err := gamelog.ReadFile("../testdata/games/saves/in-trick.klob")
	require.NoError(t, err)
	l.Header.SetPlayer(rules.SeatA, "You", gamelog.Human)
	l.Header.SetPlayer(rules.SeatB, "Bot", "normal")
	l.Header.SetPlayer(s, l.Header.Name(s), level)
	return l
}

// fitsScreen fails when the screen is wider than w or taller than h.
func fitsScreen(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > h {
		t.Errorf("%d lines, more than %d:\n%s", len(lines), h, screen)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("line wider than %d: %q", w, l)
		}
	}
}

// A save none of whose seats is the person's (a bot at each) cannot be
// resumed: the offer says so first, names the seats by their letters
// (not "the  bot", nor a bot's "You"), offers only a new game, and r
// says why it cannot resume and what to do.
func TestResumeNoSeatOfThePerson(t *testing.T) {
	st := &memStore{}
	st.current = savedWith(t, rules.SeatA, "normal")
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	require.Equal(t, "resume", hs.name())
	screen := hs.screen()
	fitsScreen(t, screen, 80, 24)
	words := kittest.Flat(screen)
	for _, w := range []string{
		"This saved game cannot be resumed: a bot plays every seat in it, none is yours.",
		"Seat A: normal bot; seat B: normal bot; game to",
		"A new game files this one in your history as unfinished.",
		"[n] start a new game",
	} {
		if !strings.Contains(words, w) {
			t.Errorf("the offer lacks %q:\n%s", w, screen)
		}
	}
	for _, w := range []string{"the  bot", "You ", "[r]", "resume it"} {
		if strings.Contains(screen, w) {
			t.Errorf("the offer says %q:\n%s", w, screen)
		}
	}
	hs.press("r")
	if words := kittest.Flat(hs.screen()); !strings.Contains(words, "! Cannot resume: a bot plays every seat in it, none is yours; n starts a new game") {
		t.Errorf("r does not say why:\n%s", hs.screen())
	}
	require.Equal(t, "resume", hs.name())
	hs.press("n")
	require.Equal(t, "setup", hs.name())
}

// A resume that fails says its whole error, wrapped, at 80×24: a bot
// level the save names and klob does not know is said with the levels
// it wants, not cut at the window's edge.
func TestResumeErrorWraps(t *testing.T) {
	st := &memStore{}
	st.current = savedWith(t, rules.SeatB, "godlike")
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	require.Equal(t, "resume", hs.name())
	hs.press("r")
	screen := hs.screen()
	fitsScreen(t, screen, 80, 24)
	words := kittest.Flat(screen)
	i := strings.Index(words, `! Cannot resume: saved game: unknown bot level "godlike" (want`)
	if i < 0 || strings.Contains(screen, "…") || !strings.HasSuffix(strings.TrimSpace(words[i:]), ")") {
		t.Errorf("the error is not said whole:\n%s", screen)
	}
}

// TestResumeKeepsPaceFlag: a game resumed under -pace is paced by it,
// and the setup screen of the next game (n at the game's end) says so,
// as it does for a game started under -pace.
func TestResumeKeepsPaceFlag(t *testing.T) {
	st := &memStore{}
	prefs := settings.Default()
	cfg := testConfig(dealSeed, st)
	cfg.Prefs, cfg.PaceFlag = &prefs, true
	cfg.Setup.Options.Target = 1 // one deal ends the game
	hs2 := resumeOffer(t, cfg)
	hs2.press("r")
	for i := 0; i < 300 && !strings.Contains(hs2.screen(), "Game over"); i++ {
		hs2.press("enter")
	}
	if !strings.Contains(hs2.screen(), "Game over") {
		t.Fatalf("the game did not end:\n%s", hs2.screen())
	}
	hs2.press("n")
	if hs2.name() != "setup" {
		t.Fatalf("after n: %s, want setup", hs2.name())
	}
	if scr := hs2.screen(); !strings.Contains(scr, "but -pace 0s now") {
		t.Fatalf("the next game's setup forgot -pace:\n%s", scr)
	}
}

// resumeOffer starts a game with cfg, quits it (saved) and starts klob
// again: the harness is at the offer to resume it.
func resumeOffer(t *testing.T, cfg PlayConfig) *harness {
	t.Helper()
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")
	hs = newHarness(t, cfg, 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	return hs
}

// TestResumeOverFiledFinished: a game over but not yet filed (a crash
// between its last save and its filing) is offered as over, and n says
// the old game is filed as finished, not as unfinished.
func TestResumeOverFiledFinished(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	cfg.Setup.Options.Target = 1 // one deal ends the game
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	for i := 0; i < 300 && !strings.Contains(hs.screen(), "Game over"); i++ {
		hs.press("enter")
	}
	if len(st.archived) == 0 {
		t.Fatalf("the game was not filed:\n%s", hs.screen())
	}
	st.current = st.archived[len(st.archived)-1] // as if current.klob outlived the filing
	hs = newHarness(t, cfg, 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	words := strings.Join(strings.Fields(hs.screen()), " ")
	for _, w := range []string{"Your last game is over", "(the old one is filed as finished)"} {
		if !strings.Contains(words, w) {
			t.Errorf("the offer lacks %q:\n%s", w, hs.screen())
		}
	}
	if strings.Contains(words, "unfinished") {
		t.Errorf("a game over offered as filed unfinished:\n%s", hs.screen())
	}
	// n opens the form; q there does not call the game over one in
	// progress.
	hs.press("n")
	hs.press("q")
	words = strings.Join(strings.Fields(hs.screen()), " ")
	if strings.Contains(words, "in progress") || !strings.Contains(words, "over but not yet filed") {
		t.Errorf("the form's quit question on a game over:\n%s", hs.screen())
	}
}

// TestResumeRulesAskedApart: the offer of a saved game under other
// rules says "You asked for" only of options -rules set away from their
// defaults, and names the others that differ as the defaults: a game of
// four with every variant on, resumed with "-players 2 -rules
// menage=on", was said to be asked for of_a_kind=off and the rest.
func TestResumeRulesAskedApart(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	for _, kv := range []string{"players=4", "of_a_kind=on", "menage=on", "dealer_forced=on", "bimah=on", "shlomo=on", "cleopatra=on"} {
		k, v, _ := strings.Cut(kv, "=")
		if err := cfg.Setup.Options.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")

	asked := rules.DefaultOptions()
	for _, kv := range []string{"players=2", "target=100", "menage=on", "last_trick=20"} {
		k, v, _ := strings.Cut(kv, "=")
		if err := asked.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Setup.Options = asked
	cfg.Setup.Seed, cfg.SeedFlag = 5, true
	cfg.PlayersFlag, cfg.TargetFlag, cfg.RulesFlag = true, true, true
	hs2 := newHarness(t, cfg, 80, 24)
	if hs2.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs2.name())
	}
	words := kittest.Flat(hs2.screen())
	for _, w := range []string{
		"You asked for last_trick=20; the game in progress plays last_trick=10.",
		"Kept at the defaults: of_a_kind=off, dealer_forced=off, bimah=off, shlomo=off, cleopatra=off; " +
			"the game in progress plays of_a_kind=on, dealer_forced=on, bimah=on, shlomo=on, cleopatra=on.",
	} {
		if !strings.Contains(words, w) {
			t.Errorf("the offer lacks %q:\n%s", w, hs2.screen())
		}
	}
	if strings.Contains(words, "You asked for of_a_kind") || strings.Contains(words, "menage=") {
		t.Errorf("the offer says options were asked for that were not, or that agree:\n%s", hs2.screen())
	}
}

// A damaged save that could not be moved aside, a file being in the way
// of the damaged folder, is said to stay where it is and why: the
// folder's path is a file.
func TestResumeSaysWhyADamagedSaveStays(t *testing.T) {
	dir := t.TempDir()
	st := store.New(dir, store.Options{})
	require.NoError(t, os.WriteFile(st.CurrentPath(), []byte("garbage\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, store.DamagedDir), nil, 0o600))
	_, err := st.LoadCurrent()
	var d *store.DamagedError
	require.True(t, errors.As(err, &d), "got %v, want a DamagedError", err)
	if d.Aside != "" || !errors.Is(d.MoveErr, syscall.ENOTDIR) {
		t.Fatalf("aside %q, why not moved %v: want not moved, not a directory", d.Aside, d.MoveErr)
	}
	hs := newHarness(t, testConfig(dealSeed, &memStore{loadErr: err}), 80, 24)
	screen := hs.screen()
	kittest.CheckSize(t, screen, 80, 24)
	want := "It stays at " + st.CurrentPath() + ", as it could not be moved aside: " +
		filepath.Join(dir, store.DamagedDir) + " is a file, not a folder; a new game cannot be saved until it is moved."
	// Paths may be broken after a "/" at the line's end: compare without spaces.
	flat := strings.ReplaceAll(kittest.Flat(screen), " ", "")
	if !strings.Contains(flat, strings.ReplaceAll(want, " ", "")) {
		t.Errorf("the screen lacks %q:\n%s", want, screen)
	}
}

// A saved game whose bot level no bot has: the failed resume names the
// file and the line of the level's tag, as an error in a log does.
func TestResumeUnknownLevelSaysFileAndLine(t *testing.T) {
	data, err := savedWith(t, rules.SeatB, "normal").MarshalText()
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "[LevelB ") })
	require.GreaterOrEqual(t, at, 0)
	lines[at] = `[LevelB "godlike"]`
	st := store.New(t.TempDir(), store.Options{})
	require.NoError(t, os.WriteFile(st.CurrentPath(), []byte(strings.Join(lines, "\n")), 0o600))
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	require.Equal(t, "resume", hs.name())
	hs.press("r")
	want := fmt.Sprintf(`! Cannot resume: %s, line %d: unknown bot level "godlike" (want random, easy, normal or hard)`, st.CurrentPath(), at+1)
	if words := kittest.Flat(hs.screen()); !strings.Contains(words, want) {
		t.Errorf("the error does not name the file and line: want %q in\n%s", want, hs.screen())
	}
}

// A save larger than any file klob writes is said as the list of saved
// games says it, with the limit, and not as unreadable: it reads, klob
// does not read it, so moving it is what lets a new game be saved.
func TestResumeTooLargeSaysTheLimit(t *testing.T) {
	st := store.New(t.TempDir(), store.Options{})
	require.NoError(t, os.WriteFile(st.CurrentPath(), nil, 0o600))
	require.NoError(t, os.Truncate(st.CurrentPath(), 500<<20)) // sparse: no disk used
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	words := kittest.Flat(hs.screen())
	if !strings.Contains(words, "Why: file too large: over 16 MiB, larger than any file klob writes") ||
		!strings.Contains(words, "cannot be saved there until it is moved.") || strings.Contains(words, "readable") {
		t.Errorf("the offer does not say the limit, or asks for the file to be readable:\n%s", hs.screen())
	}
}

// A game a newer klob saved is offered as such, left where it is: the
// offer says so and that a new game is not saved over it; a new game
// started then says at its first save that it is not saved, and the
// newer file stays as it was.
func TestResumeNewerSaveStays(t *testing.T) {
	data, err := savedWith(t, rules.SeatB, "normal").MarshalText()
	require.NoError(t, err)
	data = []byte(strings.Replace(string(data), `[Klob "1"]`, `[Klob "2"]`, 1))
	st := store.New(t.TempDir(), store.Options{})
	require.NoError(t, os.WriteFile(st.CurrentPath(), data, 0o600))
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	require.Equal(t, "resume", hs.name())
	words := kittest.Flat(hs.screen())
	for _, want := range []string{"Your saved game was saved by a newer klob.",
		"Its format version is 2; this klob reads version 1.",
		"It is left as it is at " + st.CurrentPath() + ": run the newer klob to resume it. A new game started here is not saved while that file is there."} {
		if !strings.Contains(words, want) {
			t.Errorf("the offer lacks %q:\n%s", want, hs.screen())
		}
	}
	if strings.Contains(words, "could not be loaded") || strings.Contains(words, "damaged") {
		t.Errorf("the newer save is called damaged:\n%s", hs.screen())
	}
	hs.press("enter", "enter") // the setup form, then its game
	hs.settle()
	require.Equal(t, "table", hs.name())
	if words := kittest.Flat(hs.screen()); !strings.Contains(words, "! autosave failed: save "+st.CurrentPath()+": a game saved by a newer klob") {
		t.Errorf("the table does not say why the game is not saved:\n%s", hs.screen())
	}
	got, err := os.ReadFile(st.CurrentPath())
	require.NoError(t, err)
	require.Equal(t, data, got, "the newer save was changed")
}

// The warning klob play found before the first screen (a state folder
// that cannot be written) is on the offer to resume, as it is on the
// setup form: read before the game goes on, not at its first failed
// autosave. At every seat count, the offers still on the screen.
func TestResumeShowsTheWarning(t *testing.T) {
	warning := "the state folder /home/ann/.local/state/klob cannot be written, its file system is read-only " +
		"(KLOB_STATE_DIR or XDG_STATE_HOME sets it): the game will not be saved"
	for _, n := range []int{2, 3, 4} {
		cfg := testConfig(dealSeed, &memStore{})
		require.NoError(t, cfg.Setup.Options.Set("players", fmt.Sprint(n)))
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter", "q", "y")
		cfg.Warning = warning
		hs2 := newHarness(t, cfg, 80, 24)
		require.Equal(t, "resume", hs2.name())
		screen := hs2.screen()
		kittest.CheckSize(t, screen, 80, 24)
		if words := kittest.Flat(screen); !strings.Contains(words, "! "+kit.Capital(warning)) || !strings.Contains(words, "[r] resume it") {
			t.Errorf("%d players: the offer lacks the warning or its keys:\n%s", n, screen)
		}
	}
	// After a save that could not be read too.
	cfg := testConfig(dealSeed, &memStore{loadErr: damaged()})
	cfg.Warning = warning
	if words := kittest.Flat(newHarness(t, cfg, 80, 24).screen()); !strings.Contains(words, "! "+kit.Capital(warning)) {
		t.Errorf("the offer after a damaged save lacks the warning:\n%s", words)
	}
}

// TestResumeNamesTheVariants: the offer of a saved game names the
// house variants it plays, at every seat count, by the rules' names
// (those that apply at the count: shlomo from three, cleopatra at four),
// within 80 columns; a game with none names none.
func TestResumeNamesTheVariants(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, on := range []bool{false, true} {
			cfg := testConfig(dealSeed, &memStore{})
			kvs := []string{fmt.Sprintf("players=%d", players)}
			if on {
				kvs = append(kvs, "of_a_kind=on", "menage=on", "dealer_forced=on", "shlomo=on", "cleopatra=on")
			}
			for _, kv := range kvs {
				k, v, _ := strings.Cut(kv, "=")
				require.NoError(t, cfg.Setup.Options.Set(k, v))
			}
			hs := newHarness(t, cfg, 80, 24)
			hs.press("enter", "q", "y")
			played := cfg.Setup.Options.VariantsPlayed()
			require.Equal(t, on, len(played) > 0, "%d players: %v", players, played)

			cfg.Setup.Options = rules.DefaultOptions()
			hs2 := newHarness(t, cfg, 80, 24)
			require.Equal(t, "resume", hs2.name(), "%d players", players)
			scr := hs2.screen()
			for _, l := range strings.Split(scr, "\n") {
				require.LessOrEqual(t, ansi.StringWidth(l), 80, "%d players: %q", players, l)
			}
			words := kittest.Flat(scr)
			if !on {
				require.NotContains(t, words, "House variants", "%d players:\n%s", players, scr)
				continue
			}
			want := "House variants played: " + kit.JoinAnd(played)
			require.Contains(t, words, want, "%d players:\n%s", players, scr)
		}
	}
}

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

// TestResumeEnterChoosesNothingSilently: asked by the flags for another
// game than the one saved (another count, or another target and seed),
// enter and space neither resume it nor start the new one: they say
// which key does which, and r still resumes. Asked for nothing else,
// the key line says that enter resumes, and it does. At every count.
func TestResumeEnterChoosesNothingSilently(t *testing.T) {
	for saved, asked := range map[int]int{2: 3, 3: 4, 4: 2} {
		st := &memStore{}
		cfg := testConfig(dealSeed, st)
		require.NoError(t, cfg.Setup.Options.Set("players", fmt.Sprint(saved)))
		resumeOffer(t, cfg)

		other := cfg
		require.NoError(t, other.Setup.Options.Set("players", fmt.Sprint(asked)))
		other.PlayersFlag = true
		same := cfg
		same.Setup.Options.Target, same.TargetFlag = 200, true
		same.Setup.Seed, same.SeedFlag = 101, true
		for _, ask := range []PlayConfig{other, same} {
			hs := newHarness(t, ask, 80, 24)
			require.Equal(t, "resume", hs.name())
			if scr := hs.screen(); strings.Contains(scr, "enter resume it") {
				t.Errorf("saved %d: the key line offers enter for the saved game though another was asked for:\n%s", saved, scr)
			}
			for _, k := range []string{"enter", "space"} {
				hs.press(k)
				if hs.name() != "resume" {
					t.Fatalf("saved %d: %s opened %s", saved, k, hs.name())
				}
				if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "Press r to resume the saved game or n for the new game.") {
					t.Fatalf("saved %d: %s did not say which key chooses:\n%s", saved, k, hs.screen())
				}
			}
			hs.press("r")
			if hs.name() != "table" || hs.game().View.Players != saved {
				t.Fatalf("saved %d: r opened %s, want the saved game", saved, hs.name())
			}
			hs.press("q", "y")
		}

		hs := newHarness(t, cfg, 80, 24)
		if scr := hs.screen(); !strings.Contains(scr, "enter resume it · ? help") {
			t.Errorf("saved %d: the key line does not say what enter does:\n%s", saved, scr)
		}
		hs.press("enter")
		if hs.name() != "table" || hs.game().View.Players != saved {
			t.Fatalf("saved %d: enter opened %s, want the saved game", saved, hs.name())
		}
	}
}

// roFS is a state folder on a file system mounted read-only: what is
// there reads, and nothing can be made or changed.
type roFS struct{ durable.FS }

func (r roFS) MkdirAll(p string, perm fs.FileMode) error {
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return nil
	}
	return &fs.PathError{Op: "mkdir", Path: p, Err: syscall.EROFS}
}

func (roFS) CreateTemp(dir, _ string) (durable.File, error) {
	return nil, &fs.PathError{Op: "open", Path: dir, Err: syscall.EROFS}
}

func (roFS) Rename(o, n string) error {
	return &os.LinkError{Op: "rename", Old: o, New: n, Err: syscall.EROFS}
}
func (roFS) Remove(p string) error { return &fs.PathError{Op: "remove", Path: p, Err: syscall.EROFS} }
func (roFS) Link(o, n string) error {
	return &os.LinkError{Op: "link", Old: o, New: n, Err: syscall.EROFS}
}

// A new game asked for while the old one cannot be filed in the
// history (a file where the history folder should be, a read-only
// state folder) starts, unsaved, and says so and why in plain words;
// the old game's save is left exactly as it was, through the new game
// and after quitting. The form once came back at its first line, and
// every enter after failed the same way.
func TestNewGameWhenOldCannotBeFiled(t *testing.T) {
	cases := []struct {
		name, why string
		block     func(t *testing.T, dir string) store.Options
	}{
		{"file in the way", "cannot be made: a file is in its way", func(t *testing.T, dir string) store.Options {
			require.NoError(t, os.WriteFile(filepath.Join(dir, store.HistoryDir), []byte("x\n"), 0o600))
			return store.Options{}
		}},
		{"read-only", "cannot be made: its file system is read-only", func(t *testing.T, dir string) store.Options {
			return store.Options{FS: roFS{durable.OS()}}
		}},
	}
	for _, c := range cases {
		for _, n := range []int{2, 3, 4} {
			t.Run(fmt.Sprintf("%s/%d", c.name, n), func(t *testing.T) {
				dir := t.TempDir()
				cfg := testConfig(dealSeed, store.New(dir, store.Options{}))
				require.NoError(t, cfg.Setup.Options.Set("players", fmt.Sprint(n)))
				hs := newHarness(t, cfg, 80, 24)
				hs.press("enter", "q", "y")
				saved := filepath.Join(dir, store.CurrentName)
				before, err := os.ReadFile(saved)
				require.NoError(t, err)

				cfg.Store = store.New(dir, c.block(t, dir))
				hs = newHarness(t, cfg, 80, 24)
				require.Equal(t, "resume", hs.name())
				hs.press("n", "end", "enter")
				if hs.name() != "setup" {
					t.Fatalf("screen %s after enter, want the form saying why:\n%s", hs.name(), hs.screen())
				}
				kittest.CheckSize(t, hs.screen(), 80, 24)
				whole := strings.Contains(hs.screen(), "(w: all of it)")
				if whole {
					hs.press("w")
				}
				scr := kittest.Flat(hs.screen())
				history := filepath.Join(dir, store.HistoryDir)
				for _, w := range []string{"Your old game could not be filed in the history, so it stays saved: the history folder " +
					history + " " + c.why + ". Enter starts the new game unsaved (once that is fixed, enter files the old game first); esc goes back to the old game."} {
					if !strings.Contains(scr, w) {
						t.Errorf("the form does not say %q:\n%s", w, hs.screen())
					}
				}
				if strings.Contains(scr, "archive:") {
					t.Errorf("the form names the store's call:\n%s", hs.screen())
				}
				if whole {
					hs.press("w")
				}
				// The cursor stays on the start line, where enter was.
				if !strings.Contains(hs.screen(), "▶ [ Start the game ]") {
					t.Errorf("the cursor left the start line:\n%s", hs.screen())
				}
				hs.press("enter")
				if hs.name() != "table" || hs.game() == nil {
					t.Fatalf("no new game started (%s):\n%s", hs.name(), hs.screen())
				}
				kittest.CheckSize(t, hs.screen(), 80, 24)
				if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "This game is not saved: your old game, which could not be filed in the history, stays saved as it was.") {
					t.Errorf("the table does not say the game is not saved:\n%s", hs.screen())
				}
				hs.press("enter", "enter", "enter")
				hs.press("q")
				if q := strings.Join(strings.Fields(hs.screen()), ""); !strings.Contains(q, "Thisgameisnotsaved") || !strings.Contains(q, saved) {
					t.Errorf("the quit question does not say what is kept:\n%s", hs.screen())
				}
				hs.press("y")
				if note := hs.app.QuitNote(); !strings.Contains(note, "stays saved at "+saved) {
					t.Errorf("quit note %q", note)
				}
				after, err := os.ReadFile(saved)
				require.NoError(t, err)
				if string(after) != string(before) {
					t.Error("the old game's save changed")
				}
			})
		}
	}
}

// Once the file in the history folder's way is moved, the enter after
// the form said why files the old game and starts a new one, saved.
func TestNewGameFilesOldOnceFixed(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dealSeed, store.New(dir, store.Options{}))
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")
	history := filepath.Join(dir, store.HistoryDir)
	require.NoError(t, os.WriteFile(history, []byte("x\n"), 0o600))
	cfg.Store = store.New(dir, store.Options{})
	hs = newHarness(t, cfg, 80, 24)
	hs.press("n", "end", "enter")
	require.Equal(t, "setup", hs.name())
	require.NoError(t, os.Remove(history))
	hs.press("enter")
	if hs.name() != "table" || hs.game() == nil {
		t.Fatalf("no new game started (%s):\n%s", hs.name(), hs.screen())
	}
	filed, err := os.ReadDir(history)
	require.NoError(t, err)
	require.Len(t, filed, 1, "the old game is not filed")
	if scr := hs.screen(); strings.Contains(scr, "not saved") {
		t.Errorf("the new game says it is not saved:\n%s", scr)
	}
	hs.press("q", "y")
	if note := hs.app.QuitNote(); !strings.Contains(note, "saved") || strings.Contains(note, "not saved") {
		t.Errorf("quit note %q", note)
	}
}

// TestPhaseWords: the offer names every stage of a deal in a player's
// words, each its own, none the rules' name for it ("play",
// "sequences").
func TestPhaseWords(t *testing.T) {
	seen := map[string]rules.Phase{}
	for p := range rules.PhaseDeclare + 1 {
		w := phaseWords(p)
		if !strings.HasPrefix(w, "the ") || w == p.String() {
			t.Errorf("phase %s: words %q", p, w)
		}
		if q, dup := seen[w]; dup {
			t.Errorf("phases %s and %s both read %q", q, p, w)
		}
		seen[w] = p
	}
	if w := phaseWords(rules.PhasePlay); w != "the card play" {
		t.Errorf("the play reads %q, want \"the card play\"", w)
	}
}

// TestQuitNoteWhileGameSaved: whenever a saved game is waiting at exit,
// however Klob quits (ctrl+c at the offer to resume it, or in the lesson
// opened from the form n shows), the line printed at exit says it stays
// saved, as the offer's quit question does; with no saved game, nothing.
func TestQuitNoteWhileGameSaved(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, keys := range [][]string{{"ctrl+c"}, {"n", "L", "ctrl+c"}, {"n", "L", "enter", "q", "y", "q", "y"}} {
			cfg := testConfig(dealSeed, &memStore{})
			cfg.Setup.Options.Players = players
			hs := resumeOffer(t, cfg)
			hs.press(keys...)
			if !hs.quit {
				t.Fatalf("%d players, %v: Klob did not quit (%s):\n%s", players, keys, hs.name(), hs.screen())
			}
			if note := hs.app.QuitNote(); note != gameStaysSaved {
				t.Errorf("%d players, %v: printed at exit %q, want %q", players, keys, note, gameStaysSaved)
			}
		}
		cfg := testConfig(dealSeed, &memStore{})
		cfg.Setup.Options.Players = players
		hs := newHarness(t, cfg, 80, 24)
		hs.press("ctrl+c")
		if note := hs.app.QuitNote(); !hs.quit || note != "" {
			t.Errorf("%d players, no saved game: quit %v, printed %q", players, hs.quit, note)
		}
	}
}
