package tui

import (
	"context"
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/tui/kit/kittest"
)

// monkeyKeys are the keys the monkey presses: every key the screens use
// and many they do not.
var monkeyKeys = func() []string {
	ks := []string{"enter", "space", "left", "right", "up", "down", "esc", "ctrl+c",
		"?", "!", "-", " ", "é", "♥", "tab"}
	for c := 'a'; c <= 'z'; c++ {
		ks = append(ks, string(c))
	}
	for c := '0'; c <= '9'; c++ {
		ks = append(ks, string(c))
	}
	return ks
}()

func monkeyKey(r *rand.Rand) tea.Msg {
	// Keys that move the game on come more often, so the monkey plays
	// whole games, not only the setup screen.
	switch r.IntN(10) {
	case 0, 1, 2:
		return kittest.Key("enter")
	case 3:
		return kittest.Key(string(rune('1' + r.IntN(9))))
	case 4:
		return kittest.Key([]string{"p", "t", "s", "a", "r", "x", "n", "g", "w", "b", "c", "d", "e"}[r.IntN(13)])
	}
	k := monkeyKeys[r.IntN(len(monkeyKeys))]
	if k == "tab" {
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	if k == "ctrl+c" && r.IntN(20) != 0 {
		k = "q" // quitting is rare; asking to quit is not
	}
	return kittest.Key(k)
}

// TestMonkey sends random keys, mouse clicks and window sizes (1×1 to
// 300×100) to klob play, NO_COLOR and TERM=dumb set: nothing panics,
// every frame is exactly the window's size, "You" is never a third
// person, and the game goes on. A quit reopens the App on the same
// store, so resuming is hammered too.
func TestMonkey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	events := kittest.MonkeyEvents(12000, 1500)
	r := rand.New(rand.NewPCG(2026, 11))
	mk := kittest.NewMonkey(r, 300, 100)
	st := &memStore{}
	open := func() *harness {
		cfg := testConfig(r.Uint64(), st)
		cfg.ASCII = r.IntN(4) == 0
		cfg.Analyze = monkeyAnalyze()
		cfg.Setup.Options.Target = 300
		cfg.Setup.Options.Players = 2 + r.IntN(3)
		return newHarness(t, cfg, mk.W, mk.H)
	}
	hs := open()
	games, deals := 0, 0
	for i := range events {
		var msg tea.Msg
		switch n := r.IntN(100); {
		case n < 4:
			msg = mk.Resize()
		case n < 12:
			btn := tea.MouseLeft
			if r.IntN(5) == 0 {
				btn = tea.MouseRight
			}
			msg = mk.Click(btn)
		case n < 13:
			msg = tea.MouseWheelMsg{X: r.IntN(mk.W), Y: r.IntN(mk.H), Button: tea.MouseWheelUp}
		case n < 14:
			msg = tea.BackgroundColorMsg{}
		default:
			msg = monkeyKey(r)
		}
		before := hs.game()
		hs.send(msg)
		checkWords(t, i, mk.Seen(t, hs.app.render()))
		if g := hs.game(); g != nil && before != nil && g.Seed == before.Seed {
			if len(g.Deals) > len(before.Deals) {
				deals++
			}
			if g.Over && !before.Over {
				games++
			}
		}
		if hs.quit {
			hs = open()
		}
	}
	t.Logf("%d events: %d deals finished, %d games over", events, deals, games)
	if deals == 0 {
		t.Errorf("the monkey finished %d deals and %d games: it is not reaching the game", deals, games)
	}
}

// monkeyAnalyze is the analysis a replay opened by the monkey runs: the
// real one, with a few samples a decision under -short (the default
// samples cost seconds of CPU for a report the monkey only looks at).
func monkeyAnalyze() Analyzer {
	if !testing.Short() {
		return nil
	}
	return func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		opt.Samples = 4
		return analysis.Analyze(ctx, r, opt)
	}
}

// checkWords fails on a frame that says "You" as a third person.
func checkWords(t *testing.T, i int, frame string) {
	t.Helper()
	if m := kittest.FindThirdYou(frame); m != "" {
		t.Fatalf("event %d: %q on screen:\n%s", i, m, frame)
	}
}
