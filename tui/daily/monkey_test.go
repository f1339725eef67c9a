package daily

import (
	"math/rand/v2"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestMonkey sends random keys, clicks and window sizes to klob daily
// at every seat count, and now and then quits and starts it again:
// nothing panics, every frame is exactly the
// window's size, no card is written as a code, no screen but a board's
// own shows a card before the day is played, and the day goes on.
func TestMonkey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	events := kittest.MonkeyEvents(5000, 1000)
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		mk := kittest.NewMonkey(rand.New(rand.NewPCG(uint64(n), 28)), 160, 50)
		f := newFixture(t, n, "", quickPar)
		reopened := 0
		for i := range events {
			var msg tea.Msg
			switch k := mk.R.IntN(200); {
			case k < 1:
				// Quit and start again, as a person may at any time.
				f.s.Close()
				f.open()
				mk.W, mk.H = 80, 24
				reopened++
				continue
			case k < 4:
				mk.Resize()
				f.hs.Size(mk.W, mk.H)
				continue
			case k < 16:
				msg = mk.Click(tea.MouseLeft)
			case k < 100:
				msg = kittest.Key("enter")
			case k < 120:
				msg = mk.Digit()
			case k < 126:
				msg = kittest.Key("t")
			default:
				msg = mk.AnyKey()
			}
			f.hs.Send(msg)
			text := mk.Seen(t, f.hs.Frame())
			// (A replay of the hard bot's line at four names the teams
			// by their seats: AC is a team there, not a card.)
			if m := kittest.FindCardCode(text); m != "" && (m != "AC" || f.s.sub.Name() != "replay") {
				t.Fatalf("%d players, event %d: a card as a code %q:\n%s", n, i, m, text)
			}
			switch name := f.s.sub.Name(); name {
			case "intro", "between", "stopped":
				if !f.s.done() && suitSymbol.MatchString(text) {
					t.Fatalf("%d players, event %d: the %s shows a card:\n%s", n, i, name, text)
				}
			}
		}
		t.Logf("%d players: %d events, reopened %d times, %d boards played, on %s", n, events, reopened, f.s.played(), f.s.Name())
		if f.s.played() == 0 {
			t.Errorf("%d players: the monkey played no board", n)
		}
	})
}
