package tui

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/rules"
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
		return keyMsg("enter")
	case 3:
		return keyMsg(string(rune('1' + r.IntN(9))))
	case 4:
		return keyMsg([]string{"p", "t", "s", "a", "r", "x", "n", "g", "w", "b", "c", "d", "e"}[r.IntN(13)])
	}
	k := monkeyKeys[r.IntN(len(monkeyKeys))]
	if k == "tab" {
		return tea.KeyPressMsg{Code: tea.KeyTab}
	}
	if k == "ctrl+c" && r.IntN(20) != 0 {
		k = "q" // quitting is rare; asking to quit is not
	}
	return keyMsg(k)
}

// TestMonkey sends random keys, mouse clicks and window sizes (1×1 to
// 300×100): nothing panics, every frame is exactly the window's size, and
// the game on screen always replays from its own history. A quit reopens
// the App on the same store, so resuming is hammered too.
func TestMonkey(t *testing.T) {
	events := 12000
	if testing.Short() {
		events = 3000
	}
	r := rand.New(rand.NewPCG(2026, 11))
	st := &memStore{}
	w, h := 80, 24
	open := func() *harness {
		cfg := testConfig(r.Uint64(), st)
		cfg.ASCII = r.IntN(4) == 0
		cfg.Setup.Options.Target = 300
		return newHarness(t, cfg, w, h)
	}
	hs := open()
	games, deals := 0, 0
	for i := range events {
		var msg tea.Msg
		switch n := r.IntN(100); {
		case n < 4:
			if r.IntN(3) == 0 {
				w, h = 1+r.IntN(300), 1+r.IntN(100)
			} else {
				w, h = 80+r.IntN(221), 24+r.IntN(77)
			}
			msg = tea.WindowSizeMsg{Width: w, Height: h}
		case n < 12:
			btn := tea.MouseLeft
			if r.IntN(5) == 0 {
				btn = tea.MouseRight
			}
			msg = tea.MouseClickMsg{X: r.IntN(w + 2), Y: r.IntN(h + 2), Button: btn}
		case n < 13:
			msg = tea.MouseWheelMsg{X: r.IntN(w), Y: r.IntN(h), Button: tea.MouseWheelUp}
		case n < 14:
			msg = tea.BackgroundColorMsg{}
		default:
			msg = monkeyKey(r)
		}
		before := hs.game()
		recs, wasOver := 0, false
		if before != nil {
			recs, wasOver = len(before.Records()), before.Over()
		}
		hs.send(msg)
		checkSize(t, hs.app.render(), w, h)
		if g := hs.game(); g != nil {
			checkGame(t, i, g)
			if g == before && len(g.Records()) > recs {
				deals++
			}
			if g == before && g.Over() && !wasOver {
				games++
			}
		}
		if hs.quit {
			hs = open()
		}
	}
	t.Logf("%d events: %d deals finished, %d games over", events, deals, games)
	if deals == 0 || (games == 0 && !testing.Short()) {
		t.Errorf("the monkey finished %d deals and %d games: it is not reaching the game", deals, games)
	}
}

// checkGame replays the game's history through a fresh rules.Game and
// compares: every action on record was legal and the state is the one
// the history gives.
func checkGame(t *testing.T, i int, g *rules.Game) {
	t.Helper()
	re := rules.NewGame(g.Options(), g.FirstDealer())
	for _, rec := range g.Records() {
		if err := re.StartDeal(rec.Deck); err != nil {
			t.Fatalf("event %d: replay: %v", i, err)
		}
		for _, s := range rec.Steps {
			if re.Deal().Turn() != s.Seat {
				t.Fatalf("event %d: replay: %s out of turn", i, s)
			}
			if err := re.Apply(s.Action); err != nil {
				t.Fatalf("event %d: replay: %s: %v", i, s, err)
			}
		}
	}
	if !g.NeedDeal() && !g.Over() {
		d := g.Deal()
		re.StartDeal(d.Deck())
		for _, s := range d.Steps() {
			if err := re.Apply(s.Action); err != nil {
				t.Fatalf("event %d: replay of the current deal: %s: %v", i, s, err)
			}
		}
		rd := re.Deal()
		if rd.Hand(0) != d.Hand(0) || rd.Hand(1) != d.Hand(1) || rd.Phase() != d.Phase() || rd.Turn() != d.Turn() {
			t.Fatalf("event %d: the deal on screen is not the one its history gives", i)
		}
	}
	if re.Totals() != g.Totals() || re.Over() != g.Over() {
		t.Fatalf("event %d: totals %v over %v, replay gives %v %v", i, g.Totals(), g.Over(), re.Totals(), re.Over())
	}
}
