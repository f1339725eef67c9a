package tui

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/setup"
)

// lastGame is a game away from the defaults in every part the setup
// remembers: the seat count, the bots, the target and a house variant.
func lastGame() (ai.Level, rules.Options) {
	o := rules.DefaultOptions().WithPlayers(3)
	o.Target, o.DealerForced = 300, true
	return ai.Hard, o
}

// formSetup is the choice of the setup form hs shows.
func formSetup(t *testing.T, hs *harness) Setup {
	t.Helper()
	f, ok := hs.app.screen.(*setup.Screen)
	if !ok {
		t.Fatalf("screen %s, want setup:\n%s", hs.name(), hs.screen())
	}
	return f.Setup()
}

// wantGame fails unless s is a game of level under o's seat count,
// target and dealer_forced.
func wantGame(t *testing.T, what string, s Setup, level ai.Level, o rules.Options) {
	t.Helper()
	if s.Level != level || s.Options.NumPlayers() != o.NumPlayers() || s.Options.Target != o.Target || s.Options.DealerForced != o.DealerForced {
		t.Errorf("%s: the form opens on %s bots, %d players, to %d, dealer forced %v; want %s, %d, %d, %v", what,
			s.Level, s.Options.NumPlayers(), s.Options.Target, s.Options.DealerForced,
			level, o.NumPlayers(), o.Target, o.DealerForced)
	}
}

// TestResumeNewGameKeepsTheSavedGame: n on the offer of a saved game
// opens the form on that game's bots, seat count, target and variants,
// not on the defaults with only its seat count.
func TestResumeNewGameKeepsTheSavedGame(t *testing.T) {
	st := &memStore{}
	level, o := lastGame()
	cfg := testConfig(dealSeed, st)
	cfg.Setup.Level, cfg.Setup.Options = level, o
	prefs := settings.Default()
	cfg.Prefs = &prefs
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")

	// klob again, with no flag and no game remembered in the settings.
	again := testConfig(dealSeed, st)
	fresh := settings.Default()
	again.Prefs = &fresh
	hs = newHarness(t, again, 80, 24)
	if hs.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs.name())
	}
	hs.press("n")
	wantGame(t, "n on the offer", formSetup(t, hs), level, o)
}

// TestLastGameRemembered: the game started is kept in the settings
// file, and the next klob's form opens on it; a flag given then wins
// over what is remembered, for its part only.
func TestLastGameRemembered(t *testing.T) {
	path := filepath.Join(t.TempDir(), settings.FileName)
	level, o := lastGame()
	cfg := testConfig(dealSeed, nil)
	cfg.Setup.Level, cfg.Setup.Options = level, o
	prefs := settings.Default()
	cfg.Prefs, cfg.SavePrefs = &prefs, func(p settings.Settings) error { return settings.Save(path, p) }
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	hs.settle()

	load := func() PlayConfig {
		t.Helper()
		p, err := settings.Load(path)
		if err != nil {
			t.Fatalf("the settings kept do not read: %v", err)
		}
		c := testConfig(dealSeed, nil)
		c.Prefs = &p
		return c
	}
	wantGame(t, "no flag", formSetup(t, newHarness(t, load(), 80, 24)), level, o)

	flags := load()
	flags.Setup.Options.Players, flags.PlayersFlag = 4, true
	flags.Setup.Options.Target, flags.TargetFlag = 1000, true
	want := o.WithPlayers(4)
	want.Target = 1000
	wantGame(t, "-players 4 -target 1000", formSetup(t, newHarness(t, flags, 80, 24)), level, want)

	flags = load()
	flags.Setup.Level, flags.LevelFlag = ai.Easy, true
	wantGame(t, "-level easy", formSetup(t, newHarness(t, flags, 80, 24)), ai.Easy, o)

	// -rules names the whole rule set: dealer_forced is at its default
	// unless named, and so are the seat count and target (the options
	// are checked against the seat count they name).
	flags = load()
	flags.RulesFlag, flags.Setup.Options.LastTrick = true, 20
	want = flags.Setup.Options
	if got := formSetup(t, newHarness(t, flags, 80, 24)); got.Options.LastTrick != 20 || got.Options.DealerForced || got.Options.NumPlayers() != want.NumPlayers() {
		t.Errorf("-rules last_trick=20: the form opens on last_trick %d, dealer forced %v, %d players", got.Options.LastTrick, got.Options.DealerForced, got.Options.NumPlayers())
	}
	wantGame(t, "-rules last_trick=20", formSetup(t, newHarness(t, flags, 80, 24)), level, want)

	// A seed names the game: a game over's practice line ("klob play
	// -target 50 -seed 5") deals it again whatever game came since.
	flags = load()
	flags.SeedFlag = true
	wantGame(t, "-seed", formSetup(t, newHarness(t, flags, 80, 24)), flags.Setup.Level, flags.Setup.Options)
}

// TestSoloFormSaysTheServersPace: the game alone of klob serve is paced
// by the server, whatever the person's speed of the bots: its form says
// so, as a local form says -pace, and opens on the last game kept.
func TestSoloFormSaysTheServersPace(t *testing.T) {
	level, o := lastGame()
	prefs := settings.Default()
	prefs.Pace, prefs.Game = settings.Slow, settings.GameOf(level, o)
	solo := testConfig(dealSeed, nil)
	solo.Prefs, solo.PaceFlag, solo.Timing.Pace = &prefs, true, 100*time.Millisecond
	a := soloAlone(solo, "")
	hs := startHarness(t, newApp(a.Open("Ann", 1, nil, nil, nil), appOptions{}), 80, 24)
	s := formSetup(t, hs)
	wantGame(t, "the game alone", s, level, o)
	if s.PaceFlag != "100ms" || !s.PaceServer {
		t.Errorf("the form's pace is %q (server %v), want the server's 100ms", s.PaceFlag, s.PaceServer)
	}
}

// TestPrefsChangeKeepsTheLastGame: a setting changed on a form filled
// before the last game started (n at a game's end) keeps that game, not
// the form's older copy of it.
func TestPrefsChangeKeepsTheLastGame(t *testing.T) {
	level, o := lastGame()
	prefs := settings.Default()
	prefs.Game = settings.GameOf(level, o)
	var saved settings.Settings
	cfg := testConfig(dealSeed, nil)
	cfg.Prefs, cfg.SavePrefs = &prefs, func(p settings.Settings) error { saved = p; return nil }
	older := settings.Default() // the form's copy: no game yet
	older.Bell = false
	if cmd := cfg.prefsChanged(older); cmd != nil {
		cmd()
	}
	if saved.Game != prefs.Game || prefs.Game != settings.GameOf(level, o) || saved.Bell {
		t.Errorf("after a change of the bell: kept %+v, saved %+v; want the last game and the bell off", prefs, saved)
	}
}
