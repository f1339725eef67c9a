package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/daily"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby"
	"github.com/klob/klob/tui/setup"
	"github.com/klob/klob/tui/tourney"
)

// TestHelpAndQuit: ? shows the help over the table and any key closes
// it; q asks, n stays, q then y quits with the game saved.
func TestHelpAndQuit(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter")
	hs.press("?")
	scr := hs.screen()
	for _, want := range []string{"Keys", "Rules in short", "enter/space", "bete"} {
		if !strings.Contains(scr, want) && !strings.Contains(scr, "scroll") {
			t.Errorf("help lacks %q", want)
		}
	}
	golden(t, "help_80x24", kittest.TrimRight(scr))
	hs.press("down", "down")
	hs.press("x") // closes, and is not taken as a move
	if g := hs.game(); len(g.View.History()) != 0 {
		t.Fatalf("a key that closed the help was played")
	}
	if strings.Contains(hs.screen(), "Rules in short") {
		t.Fatal("the help is still open")
	}
	hs.press("q")
	if !strings.Contains(hs.screen(), "Quit Klob?") {
		t.Fatalf("q does not ask:\n%s", hs.screen())
	}
	golden(t, "quit_ask", kittest.TrimRight(hs.screen()))
	hs.press("n")
	if hs.quit || strings.Contains(hs.screen(), "Quit Klob?") {
		t.Fatal("n did not keep playing")
	}
	hs.press("t", "q", "y")
	if !hs.quit {
		t.Fatal("q, y did not quit")
	}
	if st.current == nil || len(st.current.Deals) != 1 || len(st.current.Deals[0].Steps) == 0 {
		t.Fatal("the game was not saved with the person's bid")
	}
	if note := hs.app.QuitNote(); !strings.Contains(note, "saved") {
		t.Errorf("quit note %q does not say the game is saved", note)
	}
}

// TestResume: a game saved mid-deal is offered at start and continues
// where it stopped; n files it away and starts anew.
func TestResume(t *testing.T) {
	st := &memStore{}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	hs.press("enter", "t", "enter", "enter")
	steps := hs.game().View.History()
	hs.press("q", "y")

	hs2 := newHarness(t, testConfig(dealSeed, st), 80, 24)
	if hs2.name() != "resume" {
		t.Fatalf("first screen %s, want resume", hs2.name())
	}
	golden(t, "resume_offer", kittest.TrimRight(hs2.screen()))
	hs2.press("r")
	if hs2.name() != "table" {
		t.Fatalf("after r: %s, want table", hs2.name())
	}
	got := hs2.game().View.History()
	if len(got) < len(steps) {
		t.Fatalf("resumed with %d steps, want at least %d", len(got), len(steps))
	}
	for i := range steps {
		if got[i] != steps[i] {
			t.Fatalf("step %d: got %v, want %v", i, got[i], steps[i])
		}
	}
	// The game goes on: play the deal out.
	for i := 0; i < 60 && !hs2.game().Between; i++ {
		hs2.press("enter")
	}
	if !hs2.game().Between {
		t.Fatalf("the resumed deal did not finish:\n%s", hs2.screen())
	}
	hs2.press("q", "y")

	// n opens the form and keeps the game until the new one starts: esc
	// goes back to the offer, q says the game stays saved.
	hs3 := newHarness(t, testConfig(dealSeed, st), 80, 24)
	saved := st.current
	hs3.press("n")
	if hs3.name() != "setup" {
		t.Fatalf("after n: %s, want setup", hs3.name())
	}
	if len(st.archived) != 0 || st.current == nil {
		t.Fatalf("n filed the old game before a new one started: %d archived", len(st.archived))
	}
	hs3.press("esc")
	if hs3.name() != "resume" {
		t.Fatalf("esc on the form after n: %s, want the offer to resume", hs3.name())
	}
	hs3.press("n", "q")
	if scr := kittest.Flat(hs3.screen()); !strings.Contains(scr, "stays saved") {
		t.Fatalf("q on the form after n does not say the game stays saved:\n%s", hs3.screen())
	}
	hs3.press("n")
	hs3.press("enter")
	if hs3.name() != "table" {
		t.Fatalf("after the new game started: %s, want table", hs3.name())
	}
	if len(st.archived) != 1 || st.archived[0] != saved {
		t.Fatalf("the old game was not archived when the new one started: %d archived", len(st.archived))
	}
}

// TestDamagedSave: a save that cannot be read is reported with where it
// was kept, and a new game can start.
func TestDamagedSave(t *testing.T) {
	st := &memStore{loadErr: damaged()}
	hs := newHarness(t, testConfig(dealSeed, st), 80, 24)
	scr := hs.screen()
	for _, want := range []string{"could not be loaded", "Why: line 3, column 1: bad tag", "/state/klob/damaged/current-1.klob"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}
	// The file has been moved aside: the reason does not name it where
	// it no longer is.
	if strings.Contains(scr, "current.klob:") {
		t.Errorf("the reason names the save where it was:\n%s", scr)
	}
	golden(t, "damaged_save", kittest.TrimRight(scr))
	hs.press("enter")
	if hs.name() != "setup" {
		t.Fatalf("after enter: %s, want setup", hs.name())
	}
	// The paths as klob play shows them ("~" for home), a long one
	// broken after a "/" rather than cut at the window's edge.
	cfg := testConfig(dealSeed, &memStore{loadErr: &store.DamagedError{Path: "/state/klob/current.klob",
		Aside: "/state/" + strings.Repeat("a-long-folder-name/", 5) + "damaged/current-1.klob", Err: damaged().(*store.DamagedError).Err}})
	cfg.ShowPath = fromState
	hs = newHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(strings.ReplaceAll(scr, " ", ""), "~/"+strings.Repeat("a-long-folder-name/", 5)+"damaged/current-1.klob") {
		t.Errorf("the damaged save's place is not shown whole with ~:\n%s", hs.screen())
	}
	kittest.CheckSize(t, hs.screen(), 80, 24)
	// Nothing is saved to resume: q does not say the game stays saved.
	hs = newHarness(t, testConfig(dealSeed, &memStore{loadErr: damaged()}), 80, 24)
	hs.press("q")
	if scr := hs.screen(); strings.Contains(scr, "stays saved") {
		t.Errorf("q on a damaged save promises a saved game:\n%s", scr)
	}
}

// TestBotCannotStart: a level whose bot cannot be made is reported on
// the setup screen; nothing starts.
func TestBotCannotStart(t *testing.T) {
	cfg := testConfig(1, &memStore{})
	cfg.NewBot = func(l ai.Level, c ai.Config) (ai.Bot, error) { return nil, errors.New("not built yet") }
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	if hs.name() != "setup" {
		t.Fatalf("screen %s, want setup", hs.name())
	}
	if scr := hs.screen(); !strings.Contains(scr, "cannot start the normal bot: not built yet") {
		t.Fatalf("no clear error:\n%s", scr)
	}
}

// badBot answers an action that is never legal.
type badBot struct{}

func (badBot) Choose(ctx context.Context, v *rules.View) (rules.Action, error) {
	return rules.Action{Kind: rules.Length, N: 99}, nil
}
func (badBot) Level() ai.Level { return ai.Normal }

// TestBotIllegalMove: a bot's illegal answer is shown and replaced by a
// legal one; the game goes on.
func TestBotIllegalMove(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.NewBot = func(ai.Level, ai.Config) (ai.Bot, error) { return badBot{}, nil }
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "p")
	if scr := hs.screen(); !strings.Contains(scr, "failed") {
		t.Fatalf("no word of the bot's failure:\n%s", scr)
	}
	if n := len(hs.game().View.History()); n != 2 {
		t.Fatalf("got %d steps, want 2 (the person's pass and the bot's stand-in)", n)
	}
}

// TestGameOverOffers plays klob play to the end at every seat count:
// the game's end gives the seed, the log filed (its path shown as
// ShowPath shows it), and r replays the game (esc comes back), n opens
// the setup of a new game.
func TestGameOverOffers(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		cfg := testConfig(uint64(40+n), &memStore{})
		cfg.ShowPath = fromState
		cfg.Setup.Options.Players = n
		cfg.Setup.Options.Target = 100
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter")
		hs.toGameOver(true)
		scr := hs.screen()
		for _, want := range []string{"Game over", "deals this game again", "klob play", "The game log is saved at:", "~/klob/history/game-1.klob",
			"[r] replay", "[n] new game"} {
			if !strings.Contains(kittest.Flat(scr), want) {
				t.Fatalf("%d players: the end lacks %q:\n%s", n, want, scr)
			}
		}
		// The note after quitting shows the path as the screen does.
		if note := hs.app.QuitNote(); note != "The game log is saved at: ~/klob/history/game-1.klob" {
			t.Errorf("%d players: quit note %q", n, note)
		}
		// A stray enter leaves the end in place and names every key
		// it offers, not only q.
		hs.press("enter")
		if want := "press r to replay it, a for its analysis, n for a new game or q to quit."; !strings.Contains(kittest.Flat(hs.screen()), want) {
			t.Errorf("%d players: enter at the end does not say %q:\n%s", n, want, hs.screen())
		}
		hs.press("r")
		if hs.name() != "replay" {
			t.Fatalf("%d players: r opened %s", n, hs.name())
		}
		hs.press("esc")
		if !strings.Contains(hs.screen(), "Game over") {
			t.Fatalf("%d players: esc did not come back to the end:\n%s", n, hs.screen())
		}
		hs.press("n")
		hs.release()
		if hs.name() != "setup" {
			t.Fatalf("%d players: n opened %s", n, hs.name())
		}
		// The game ended and was filed: q keeps none.
		hs.press("q")
		if scr := hs.screen(); strings.Contains(scr, "stays saved") || !strings.Contains(scr, "No game is in progress") {
			t.Errorf("%d players: q after the game's end:\n%s", n, scr)
		}
	}
}

// fromState shows the test store's paths as if /state were the home
// directory.
func fromState(p string) string {
	if rest, ok := strings.CutPrefix(p, "/state/"); ok {
		return "~/" + rest
	}
	return p
}

// TestResumeKeepsNames: the offer to resume writes the other players'
// names as the table does ("West 0", "Bot 0"), not in lower case, in
// one wording at every count (the partner first where there is one,
// then the opponents, then the target, wrapped), and names the deal's
// stage in a player's words, not the rules' phase names.
func TestResumeKeepsNames(t *testing.T) {
	for n, want := range map[int][]string{2: {"you 0, Bot 0", "Against Bot (normal), game to 500", "Deal 1 in progress: the bidding"},
		3: {"you 0, West 0, East 0", "Against West (normal) and East (normal), game to 500", "Deal 1 in progress: the bidding"},
		4: {"With your partner North (normal), against West (normal) and East (normal), game to 500", "your team 0, theirs 0", "Deal 1 in progress: the "}} {
		checkResumeOffer(t, n, nil, want)
	}
}

// checkResumeOffer begins a game of n players, quits it, starts Klob
// again (asked, when set, changing what is asked then) and checks that
// the first screen is the offer to resume and says each of want.
func checkResumeOffer(t *testing.T, n int, asked func(*PlayConfig), want []string) {
	t.Helper()
	cfg := testConfig(dealSeed, &memStore{})
	if err := cfg.Setup.Options.Set("players", fmt.Sprint(n)); err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter", "q", "y")
	if asked != nil {
		asked(&cfg)
	}
	hs2 := newHarness(t, cfg, 80, 24)
	if hs2.name() != "resume" {
		t.Fatalf("%d players: first screen %s, want resume", n, hs2.name())
	}
	words := kittest.Flat(hs2.screen())
	for _, w := range want {
		if !strings.Contains(words, w) {
			t.Errorf("%d players: the offer lacks %q:\n%s", n, w, hs2.screen())
		}
	}
}

// TestHelpTellsTheGamesRules: ? at a table opens a help whose rules in
// short are the game's, at every seat count, with its target; the
// screens around a table pass its rules on.
func TestHelpTellsTheGamesRules(t *testing.T) {
	var _ = []kit.RulesTeller{(*gameScreen)(nil), (*lobby.SharedSeat)(nil), (*lobby.WatchSeat)(nil),
		(*lobby.Away)(nil), (*tourney.Screen)(nil), (*daily.Screen)(nil)}
	for n, want := range map[int]string{2: "Two players", 3: "Three players, each for themselves", 4: "Four players in two teams"} {
		cfg := testConfig(uint64(60+n), &memStore{})
		cfg.Setup.Options.Players = n
		cfg.Setup.Options.Target = 300
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter")
		text := hs.helpText()
		for _, w := range []string{want, "The first to the target (300) wins."} {
			if !strings.Contains(text, w) {
				t.Errorf("%d players: the help lacks %q", n, w)
			}
		}
	}
}

// TestResumeAnotherLevel: asked for other bots than the saved game's,
// the offer says which at every seat count (bots, plural, at three and
// four, where the partner is one) and its keys fit 80 columns.
func TestResumeAnotherLevel(t *testing.T) {
	for n, want := range map[int][]string{
		2: {"You asked for the hard bot; the game in progress is against the normal bot.", "a new game against the hard bot"},
		3: {"You asked for hard bots; the game in progress has normal bots.", "a new game with hard bots"},
		4: {"You asked for hard bots; the game in progress has normal bots.", "a new game with hard bots"},
	} {
		hard := func(cfg *PlayConfig) { cfg.Setup.Level, cfg.LevelFlag = ai.Hard, true }
		checkResumeOffer(t, n, hard, append(want, "[n] "+want[1]+" (the old one is filed as unfinished)"))
	}
}

// TestResumeAnotherTarget: asked for another target than the saved
// game's, the offer names both targets, alone and with the count and
// the bots asked for, at every seat count, and n starts a game to the
// target asked for.
func TestResumeAnotherTarget(t *testing.T) {
	target := func(cfg *PlayConfig) {
		if err := cfg.Setup.Options.Set("target", "150"); err != nil {
			t.Fatal(err)
		}
		cfg.TargetFlag = true
	}
	for _, n := range []int{2, 3, 4} {
		checkResumeOffer(t, n, target, []string{"You asked for a game to 150; the game in progress is to 500.",
			"[n] a new game to 150 (the old one is filed as unfinished)"})
	}
	checkResumeOffer(t, 3, func(cfg *PlayConfig) { target(cfg); cfg.Setup.Level, cfg.LevelFlag = ai.Hard, true },
		[]string{"You asked for a game with hard bots to 150; the game in progress is a game with normal bots to 500.",
			"[n] a new game with hard bots to 150"})
	checkResumeOffer(t, 2, func(cfg *PlayConfig) {
		target(cfg)
		if err := cfg.Setup.Options.Set("players", "4"); err != nil {
			t.Fatal(err)
		}
		cfg.PlayersFlag = true
	}, []string{"You asked for a game of four to 150; the game in progress is a game of two to 500.", "[n] a new game of four to 150"})
	// The same target asked for again says nothing.
	checkResumeOffer(t, 3, func(cfg *PlayConfig) { cfg.TargetFlag = true }, []string{"[n] start a new game (the old one is filed as unfinished)"})
}

// TestResumeAnotherSeedOrRules: asked for another seed or other rules
// than the saved game's, the offer says so (the saved game's seed stays
// secret) at every seat count, and n names the game asked for; the same
// seed and rules asked again say nothing.
func TestResumeAnotherSeedOrRules(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		checkResumeOffer(t, n, func(cfg *PlayConfig) { cfg.Setup.Seed, cfg.SeedFlag = 2098, true },
			[]string{"You asked for seed 2098; the game in progress was dealt from another seed.",
				"[n] a new game from seed 2098 (the old one is filed as unfinished)"})
		checkResumeOffer(t, n, func(cfg *PlayConfig) {
			if err := cfg.Setup.Options.Set("menage", "on"); err != nil {
				t.Fatal(err)
			}
			cfg.RulesFlag = true
		}, []string{"You asked for menage=on; the game in progress plays menage=off.",
			"[n] a new game under the rules asked for"})
		// Both: the offer of n wraps whole within 80 columns.
		checkResumeOffer(t, n, func(cfg *PlayConfig) {
			if err := cfg.Setup.Options.Set("menage", "on"); err != nil {
				t.Fatal(err)
			}
			cfg.Setup.Seed, cfg.SeedFlag, cfg.RulesFlag = 2098, true, true
		}, []string{"[n] a new game from seed 2098 under the rules asked for (the old one is filed as unfinished)"})
		checkResumeOffer(t, n, func(cfg *PlayConfig) { cfg.SeedFlag, cfg.RulesFlag = true, true },
			[]string{"[n] start a new game (the old one is filed as unfinished)"})
	}
}

// TestResumeNewKeepsCount: started without -players (klob, klob
// -target 150, klob -level hard) on a saved game, n opens the setup of
// a new game of the saved game's count, the one the offer describes,
// with the target and bots asked for, at every seat count.
func TestResumeNewKeepsCount(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, c := range []struct {
			flags string
			asked func(*PlayConfig)
			want  string
		}{
			{"none", func(*PlayConfig) {}, "Klaberjass for"},
			{"-target 150", func(cfg *PlayConfig) {
				if err := cfg.Setup.Options.Set("target", "150"); err != nil {
					t.Fatal(err)
				}
				cfg.TargetFlag = true
			}, "‹ 150 ›"},
			{"-level hard", func(cfg *PlayConfig) { cfg.Setup.Level, cfg.LevelFlag = ai.Hard, true }, "hard bot"},
		} {
			st := &memStore{}
			cfg := testConfig(dealSeed, st)
			if err := cfg.Setup.Options.Set("players", fmt.Sprint(n)); err != nil {
				t.Fatal(err)
			}
			hs := newHarness(t, cfg, 80, 24)
			hs.press("enter", "q", "y")
			cfg = testConfig(dealSeed, st) // the seat count the command line left unsaid
			c.asked(&cfg)
			hs2 := newHarness(t, cfg, 80, 24)
			hs2.press("n")
			hs2.release()
			scr := hs2.screen()
			if hs2.name() != "setup" || !strings.Contains(scr, "Klaberjass for "+setup.CountWord(n)) || !strings.Contains(scr, c.want) {
				t.Errorf("%d players saved, %s: n opened %s:\n%s", n, c.flags, hs2.name(), scr)
			}
		}
	}
}

// TestResumeAnotherCount: klob -players N with a game of another count
// saved: the offer says both counts (with the bots when -level differs
// too), n goes to the setup of the count asked for, and r resumes the
// saved game with a welcome that names its count. Every offer fits
// 80×24.
func TestResumeAnotherCount(t *testing.T) {
	for _, c := range []struct {
		saved, asked int
		hard         bool
		want         []string
	}{
		{3, 4, false, []string{"Klaberjass: your saved game of three", "You asked for a game of four; the game in progress is a game of three.",
			"[n] a new game of four (the old one is filed as unfinished)"}},
		{4, 2, false, []string{"You asked for a game of two; the game in progress is a game of four.", "[n] a new game of two"}},
		{2, 3, true, []string{"You asked for a game of three with hard bots; the game in progress is a game of two against the normal bot.",
			"[n] a new game of three with hard bots"}},
		{3, 2, true, []string{"You asked for a game of two against the hard bot; the game in progress is a game of three with normal bots."}},
	} {
		asked := func(cfg *PlayConfig) {
			if err := cfg.Setup.Options.Set("players", fmt.Sprint(c.asked)); err != nil {
				t.Fatal(err)
			}
			cfg.PlayersFlag = true
			if c.hard {
				cfg.Setup.Level, cfg.LevelFlag = ai.Hard, true
			}
		}
		checkResumeOffer(t, c.saved, asked, c.want)

		cfg := testConfig(dealSeed, &memStore{})
		if err := cfg.Setup.Options.Set("players", fmt.Sprint(c.saved)); err != nil {
			t.Fatal(err)
		}
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter", "q", "y")
		asked(&cfg)
		hs2 := newHarness(t, cfg, 80, 24)
		kittest.CheckSize(t, hs2.screen(), 80, 24)
		hs2.press("r")
		if !strings.Contains(hs2.screen(), "Welcome back to your game of "+setup.CountWord(c.saved)) {
			t.Errorf("saved %d, asked %d: the welcome does not name the count:\n%s", c.saved, c.asked, hs2.screen())
		}
		hs3 := newHarness(t, cfg, 80, 24)
		hs3.press("n")
		hs3.release()
		if hs3.name() != "setup" || !strings.Contains(hs3.screen(), "Klaberjass for "+setup.CountWord(c.asked)) {
			t.Errorf("saved %d, asked %d: n opened %s:\n%s", c.saved, c.asked, hs3.name(), hs3.screen())
		}
	}
}

// TestSetupHelpTellsTheFormsRules: ? on the setup form, before the game
// starts, gives the rules in short of the game the form will start (its
// seat count, target and variants), not the default two-player game's.
func TestSetupHelpTellsTheFormsRules(t *testing.T) {
	var _ kit.RulesTeller = (*setup.Screen)(nil)
	for n, want := range map[int]string{2: "Two players", 3: "Three players, each for themselves", 4: "Four players in two teams"} {
		cfg := testConfig(uint64(70+n), &memStore{})
		cfg.Setup.Options.Players = n
		cfg.Setup.Options.Target = 300
		cfg.Setup.Options.Menage = true
		hs := newHarness(t, cfg, 80, 24)
		if hs.name() != "setup" {
			t.Fatalf("%d players: first screen %s, want setup", n, hs.name())
		}
		text := hs.helpText()
		for _, w := range []string{want, "The first to the target (300) wins.", "House variants played: menage"} {
			if !strings.Contains(text, w) {
				t.Errorf("%d players: the setup's help lacks %q", n, w)
			}
		}
	}
}

// TestResumeHelpTellsTheSavedGamesRules: ? on the offer to resume a
// saved game gives that game's rules in short (seat count, target), at
// every seat count.
func TestResumeHelpTellsTheSavedGamesRules(t *testing.T) {
	for n, want := range map[int]string{3: "Three players, each for themselves", 4: "Four players in two teams"} {
		cfg := testConfig(dealSeed, &memStore{})
		cfg.Setup.Options.Players = n
		cfg.Setup.Options.Target = 300
		hs := newHarness(t, cfg, 80, 24)
		hs.press("enter", "q", "y")
		cfg.Setup.Options = rules.DefaultOptions()
		hs2 := newHarness(t, cfg, 80, 24)
		if hs2.name() != "resume" {
			t.Fatalf("%d players: first screen %s, want resume", n, hs2.name())
		}
		text := hs2.helpText()
		for _, w := range []string{want, "The first to the target (300) wins."} {
			if !strings.Contains(text, w) {
				t.Errorf("%d players: the resume offer's help lacks %q", n, w)
			}
		}
	}
}

// leaveScreen is a screen whose q leaves for the server's lobby.
type leaveScreen struct{ keyScreen }

func (leaveScreen) QuitTitle() (string, string) { return "Leave?", "leave" }

func (s leaveScreen) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return s, nil }

// TestSmallWindowSaysWhatQDoes: the note asking for a larger window
// says what q does there: it quits, or on a shared table leaves.
func TestSmallWindowSaysWhatQDoes(t *testing.T) {
	var got []string
	for _, c := range []struct {
		screen kit.Screen
		want   string
	}{{keyScreen{&got}, "(q quits)"}, {leaveScreen{keyScreen{&got}}, "(q: leave)"}} {
		a := newApp(c.screen, appOptions{})
		a.Update(tea.WindowSizeMsg{Width: 70, Height: 20})
		assert.Contains(t, strings.Join(strings.Fields(a.render()), " "), c.want)
	}
}
