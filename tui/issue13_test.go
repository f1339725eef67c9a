package tui

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// prefsConfig is testConfig with a settings file: wait for a key after
// each trick, the hand sorted by suit, pace from the flag (instant).
func prefsConfig(saved *settings.Settings) PlayConfig {
	cfg := testConfig(dealSeed, &memStore{})
	p := settings.Settings{Pace: settings.Normal, AfterTrick: settings.WaitKey, Sort: settings.BySuit}
	cfg.Prefs, cfg.PaceFlag = &p, true
	cfg.SavePrefs = func(s settings.Settings) error { *saved = s; return nil }
	return cfg
}

// TestPlayerFeatures plays deal 1 of dealSeed with the settings of the
// issue: the setup rows and their explanations, the hand by suit with
// its marks, the claim refused with a reason, a bella refused alone, the
// trick kept until a key, the trick list, the takeback, the order kept.
func TestPlayerFeatures(t *testing.T) {
	var saved settings.Settings
	hs := newHarness(t, prefsConfig(&saved), 80, 24)
	shot := func(name string) { t.Helper(); golden(t, "issue13_"+name, trimRight(hs.screen())) }
	for range 10 { // the players, the rules, the variants: the speed
		hs.press("down")
	}
	shot("setup_prefs")
	if scr := hs.screen(); !strings.Contains(scr, "Bot's speed: the bot waits 0.7 s before each move.") {
		t.Errorf("the speed row has no explanation:\n%s", scr)
	}
	hs.press("enter", "t", "x")
	shot("hand_by_suit")
	if scr := hs.screen(); !strings.Contains(scr, "20+bella") {
		t.Errorf("the run with the bella pair is not marked:\n%s", scr)
	}
	hs.press("right")
	if scr := hs.screen(); !strings.Contains(scr, "[n] no sequence: claim no sequence") {
		t.Errorf("the chosen item is not explained:\n%s", scr)
	}
	hs.press("a")
	tb := hs.table()
	hs.press("c")
	if scr := hs.screen(); !strings.Contains(scr, "Claim refused: not every trick is sure") {
		t.Errorf("the claim was not refused with a reason:\n%s", scr)
	}
	// b on a card that may be played but is not half of the bella pair:
	// only the bella is refused.
	v := tb.m.view()
	for i, c := range tb.hand(&v) {
		if c.Suit() != v.Trump {
			tb.Cursor = i
			break
		}
	}
	hs.press("b")
	if scr := hs.screen(); !strings.Contains(scr, "No bella with") || strings.Contains(scr, "You cannot play") {
		t.Errorf("the bella refusal does not say what was refused:\n%s", scr)
	}
	hs.press("right")
	if scr := hs.screen(); strings.Contains(scr, "No bella with") {
		t.Errorf("the refusal stayed after the cursor moved:\n%s", scr)
	}
	// Play on until the bot is to lead after a trick: the trick waits.
	for i := 0; i < 40 && !tb.waitKey && hs.name() == "table"; i++ {
		v := tb.m.view()
		if tb.myTurn() && v.Phase == rules.PhasePlay {
			legal := kit.LegalCards(&v)
			for j, c := range tb.hand(&v) {
				if legal.Has(c) {
					tb.Cursor = j
					break
				}
			}
			if tb.Bella != rules.NoCard {
				hs.press("b")
				continue
			}
			hs.press("enter")
			continue
		}
		hs.press("enter")
	}
	if !tb.waitKey {
		t.Fatal("the bot never led after a trick")
	}
	shot("trick_waits")
	hs.press("v")
	if scr := hs.screen(); !strings.Contains(scr, "This deal's tricks") {
		t.Errorf("v does not list the tricks:\n%s", scr)
	}
	hs.press("v", "u")
	if scr := hs.screen(); !strings.Contains(scr, "Taken back: decide again.") || !tb.myTurn() {
		t.Errorf("u did not take the last decision back:\n%s", scr)
	}
	if tb.m.Takebacks() != 1 {
		t.Errorf("takebacks %d, want 1", tb.m.Takebacks())
	}
	if tb.m.game != tb.m.Game() {
		t.Error("the table still reads the game from before the takeback")
	}
	hs.press("o")
	if saved.Sort != settings.ByStrength || tb.order != kit.ByStrength {
		t.Errorf("o: order %v, saved %+v; want by strength, kept", tb.order, saved)
	}
}

// TestClaimKeyLeavesMenuLetters: in round two c names clubs, not a
// claim.
func TestClaimKeyLeavesMenuLetters(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		hs := newHarness(t, testConfig(seed, &memStore{}), 80, 24)
		hs.press("enter")
		tb := hs.table()
		for i := 0; i < 6 && hs.name() == "table"; i++ {
			v := tb.m.view()
			if !tb.myTurn() || (v.Phase != rules.PhaseBid1 && v.Phase != rules.PhaseBid2) {
				break
			}
			if v.Phase == rules.PhaseBid2 && v.OrigUpcard.Suit() != rules.Clubs {
				hs.press("c")
				if got := tb.m.game.Deal().Trump(); got != rules.Clubs {
					t.Fatalf("seed %d: c in round two: trump %v, want clubs", seed, got)
				}
				return
			}
			hs.press("p")
		}
	}
	t.Fatal("no deal reached round two with clubs to name")
}
