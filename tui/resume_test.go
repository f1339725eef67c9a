package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/setup"
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
	if words := kittest.Flat(hs.screen()); !strings.Contains(words, "! cannot resume: a bot plays every seat in it, none is yours; n starts a new game") {
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
	i := strings.Index(words, `! cannot resume: saved game: unknown bot level "godlike" (want`)
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
	want := fmt.Sprintf(`! cannot resume: %s, line %d: unknown bot level "godlike" (want random, easy, normal or hard)`, st.CurrentPath(), at+1)
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
		if words := kittest.Flat(screen); !strings.Contains(words, "! "+warning) || !strings.Contains(words, "[r] resume it") {
			t.Errorf("%d players: the offer lacks the warning or its keys:\n%s", n, screen)
		}
	}
	// After a save that could not be read too.
	cfg := testConfig(dealSeed, &memStore{loadErr: damaged()})
	cfg.Warning = warning
	if words := kittest.Flat(newHarness(t, cfg, 80, 24).screen()); !strings.Contains(words, "! "+warning) {
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
