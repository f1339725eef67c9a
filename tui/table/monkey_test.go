package table

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestMonkey sends random keys, clicks and window sizes (down to 1×1)
// to the table at every seat count, NO_COLOR and TERM=dumb set: nothing
// panics, every frame is exactly the window's size, "You" is never a
// third person, no card is written as a code, and the games go on.
func TestMonkey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	events := 6000
	if testing.Short() {
		events = 1500
	}
	for _, n := range []int{2, 3, 4} {
		r := rand.New(rand.NewPCG(uint64(n), 25))
		f := newFixture(t, n, r.Uint64(), 80, 24)
		w, h := 80, 24
		deals := 0
		for i := range events {
			var msg tea.Msg
			switch k := r.IntN(100); {
			case k < 3:
				if r.IntN(3) == 0 {
					w, h = 1+r.IntN(200), 1+r.IntN(60)
				} else {
					w, h = 80+r.IntN(121), 24+r.IntN(37)
				}
				f.hs.Size(w, h)
				continue
			case k < 10:
				msg = tea.MouseClickMsg{X: r.IntN(w + 2), Y: r.IntN(h + 2), Button: tea.MouseLeft}
			case k < 45:
				msg = kittest.Key("enter")
			case k < 55:
				msg = kittest.Key(string(rune('1' + r.IntN(9))))
			default:
				msg = kittest.Key(kittest.MonkeyKeys[r.IntN(len(kittest.MonkeyKeys))])
			}
			before := len(f.snap().Deals)
			f.hs.Send(msg)
			if f.hs.Quit {
				break
			}
			frame := frame(f.hs)
			kittest.CheckSize(t, frame, w, h)
			text := ansi.Strip(frame)
			if m := kittest.ThirdYou.FindString(text); m != "" {
				t.Fatalf("%d players, event %d: %q on screen:\n%s", n, i, m, text)
			}
			if m := kittest.CardCode.FindString(text); m != "" {
				t.Fatalf("%d players, event %d: a card as a code %q:\n%s", n, i, m, text)
			}
			deals += len(f.snap().Deals) - before
		}
		t.Logf("%d players: %d events, %d deals finished", n, events, deals)
		if deals == 0 {
			t.Errorf("%d players: the monkey finished no deal", n)
		}
	}
}
