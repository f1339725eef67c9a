package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// After a practice game (-seed), n opens the setup of the next game of
// the sitting, whose seed is drawn from the one the player chose: the
// screen says so in the log's words, "seed chosen by the player", and
// never calls the new seed the one given.
func TestPracticeNextGameWording(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Setup.Practice = true
	cfg.Setup.Options.Target = 100
	hs := newHarness(t, cfg, 80, 24)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "Practice game: seed 69, the seed chosen by the player") {
		t.Fatalf("the first practice game's setup:\n%s", hs.screen())
	}
	hs.press("enter")
	hs.toGameOver(false)
	hs.press("n")
	scr := kittest.Flat(hs.screen())
	if hs.name() != "setup" || !strings.Contains(scr, "drawn from the seed chosen by the player") ||
		strings.Contains(scr, "seed 69,") || strings.Contains(scr, "you gave") || strings.Contains(scr, "chosen by you") {
		t.Fatalf("n after a practice game: %s\n%s", hs.name(), hs.screen())
	}
}

// n at the game's end closes the game (which waits for its last writes)
// in a tea.Cmd: until the commands run, the screen says it is saving.
func TestNewGameClosesOffTheUI(t *testing.T) {
	cfg := testConfig(dealSeed, &memStore{})
	cfg.Setup.Options.Target = 100
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	hs.toGameOver(false)
	m := seatedOf(hs.app.screen)
	hs.Hold = true
	hs.send(kittest.Key("n"))
	if hs.name() != "opening" || !strings.Contains(hs.screen(), "Saving") {
		t.Fatalf("n closed the game in Update: screen %s\n%s", hs.name(), hs.screen())
	}
	hs.release()
	if hs.name() != "setup" || m == nil {
		t.Fatalf("after the save: %s", hs.name())
	}
}

// TestRerunCommand: the game-over screen's command deals the same game:
// the bots' level and every rule option not the default are on it, at
// every seat count, and nothing is said that is the default, nor an
// option the table does not play (bottom_card=off at four).
func TestRerunCommand(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		o := rules.DefaultOptions()
		if err := o.Set("players", []string{"", "", "2", "3", "4"}[n]); err != nil {
			t.Fatal(err)
		}
		if got, want := rerunCommand(Setup{Level: ai.Normal, Options: o}, 7), map[int]string{
			2: "klob play -seed 7", 3: "klob play -players 3 -seed 7", 4: "klob play -players 4 -seed 7"}[n]; got != want {
			t.Errorf("%d players, the defaults: %q, want %q", n, got, want)
		}
		o.Target, o.Menage, o.BottomCard, o.SequenceRank = 100, true, false, rules.RankByLength
		got := rerunCommand(Setup{Level: ai.Random, Options: o}, 11)
		for _, want := range []string{"-target 100", "-level random", "menage=on", "bottom_card=off", "sequence_rank=length", "-seed 11"} {
			if strings.Contains(got, want) != (want != "bottom_card=off" || n != 4) {
				t.Errorf("%d players: %q says %q, or lacks it", n, got, want)
			}
		}
		// The -rules value reads back to the options the game had.
		_, after, _ := strings.Cut(got, "-rules ")
		text, _, _ := strings.Cut(after, " ")
		back := rules.DefaultOptions()
		back.Players, back.Target = o.Players, o.Target
		for _, kv := range strings.Split(text, ",") {
			k, v, _ := strings.Cut(kv, "=")
			if err := back.Set(k, v); err != nil {
				t.Fatalf("%d players: %q: %v", n, got, err)
			}
		}
		if back != o.Applicable() {
			t.Errorf("%d players: %q deals %+v, not %+v", n, got, back, o)
		}
	}
}

// TestPracticeCommandAfterSeatChange: a practice game at three with the
// bottom card face down and shlomo; n at its end, and the next game set
// to four, where there is no bottom card: that game's command, its log
// and the game it starts name only the rules four players play
// (shlomo=on, no bottom_card=off).
func TestPracticeCommandAfterSeatChange(t *testing.T) {
	st := &memStore{}
	cfg := testConfig(dealSeed, st)
	cfg.Setup.Practice = true
	cfg.Setup.Options = cfg.Setup.Options.WithPlayers(3)
	cfg.Setup.Options.Target, cfg.Setup.Options.BottomCard, cfg.Setup.Options.Shlomo = 100, false, true
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	hs.toGameOver(false)
	if scr := kittest.Flat(hs.screen()); !strings.Contains(scr, "-rules bottom_card=off,shlomo=on") {
		t.Fatalf("the game at three:\n%s", hs.screen())
	}
	hs.press("n")
	if hs.name() != "setup" {
		t.Fatalf("n at the game's end: %s", hs.name())
	}
	hs.press("right") // the first line: the players, 3 to 4
	if scr := hs.screen(); !strings.Contains(scr, "‹ 4: ") || strings.Contains(scr, "Bottom card") {
		t.Fatalf("the form for four:\n%s", scr)
	}
	hs.press("enter")
	m := seatedOf(hs.app.screen)
	if m == nil {
		t.Fatalf("enter on the form for four: %s", hs.name())
	}
	l, err := m.h.Log()
	if err != nil {
		t.Fatal(err)
	}
	if o := l.Header.Options; o.NumPlayers() != 4 || !o.BottomCard || !o.Shlomo {
		t.Errorf("the log of the game at four: %s", o)
	}
	hs.toGameOver(false)
	scr := kittest.Flat(hs.screen())
	if !strings.Contains(scr, "klob play -players 4 -target 100 -rules shlomo=on -seed ") || strings.Contains(scr, "bottom_card") {
		t.Errorf("the command of the game at four:\n%s", hs.screen())
	}
}
