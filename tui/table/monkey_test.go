package table

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/tui/kit/kittest"
)

// TestMonkey sends random keys, clicks and window sizes (down to 1×1)
// to the table at every seat count, NO_COLOR and TERM=dumb set: nothing
// panics, every frame is exactly the window's size, "You" is never a
// third person, no card is written as a code, and the games go on.
func TestMonkey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	events := kittest.MonkeyEvents(6000, 1500)
	for _, n := range []int{2, 3, 4} {
		mk := kittest.NewMonkey(rand.New(rand.NewPCG(uint64(n), 25)), 200, 60)
		f := newFixture(t, n, mk.R.Uint64(), 80, 24)
		deals := 0
		for i := range events {
			var msg tea.Msg
			switch k := mk.R.IntN(100); {
			case k < 3:
				mk.Resize()
				f.hs.Size(mk.W, mk.H)
				continue
			case k < 10:
				msg = mk.Click(tea.MouseLeft)
			case k < 45:
				msg = kittest.Key("enter")
			case k < 55:
				msg = mk.Digit()
			default:
				msg = mk.AnyKey()
			}
			before := len(f.snap().Deals)
			f.hs.Send(msg)
			if f.hs.Quit {
				break
			}
			text := mk.Seen(t, frame(f.hs))
			if m := kittest.FindThirdYou(text); m != "" {
				t.Fatalf("%d players, event %d: %q on screen:\n%s", n, i, m, text)
			}
			if m := kittest.FindCardCode(text); m != "" {
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
