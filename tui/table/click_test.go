package table

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// nameOnly is a screen that only has a name: where an offer led.
type nameOnly string

func (n nameOnly) Name() string                                       { return string(n) }
func (n nameOnly) Update(*kit.Context, tea.Msg) (kit.Screen, tea.Cmd) { return n, nil }
func (n nameOnly) View(*kit.Context) string                           { return string(n) }

// clickStep makes the person's next move with the mouse alone: a
// click on the first playable card, on take (else the first item) of a
// menu, and in the middle of the table where the screen waits for a
// key. It reports whether the screen asked for a key.
func (f *fixture) clickStep() (waited bool) {
	f.t.Helper()
	s := f.snap()
	_, hits := f.s.render(&f.hs.Ctx)
	at := func(h kit.Hit) { f.hs.Click(h.Rect.X+h.Rect.W/2, h.Rect.Y) }
	switch {
	case !s.Can.Act:
		f.hs.Click(f.hs.Ctx.Width/2, f.hs.Ctx.Height/2)
		return true
	case s.View.Phase == rules.PhasePlay && f.s.Bella == rules.NoCard:
		legal, hand := kit.LegalCards(&s.View), f.s.hand()
		for _, h := range hits {
			if h.Kind == kit.HitCard && legal.Has(hand[h.Index]) {
				at(h)
				return false
			}
		}
		f.t.Fatalf("no playable card to click:\n%s", f.text())
	}
	items := f.s.menuItems()
	if f.s.Bella != rules.NoCard {
		items = f.s.bellaItems()
	}
	want := 0
	for i, a := range items {
		if a.Kind == rules.Take {
			want = i
		}
	}
	for _, h := range hits {
		if h.Kind == kit.HitMenu && h.Index == want {
			at(h)
			return false
		}
	}
	f.t.Fatalf("no menu item %d to click:\n%s", want, f.text())
	return false
}

// cellOf is where s is first written in text: its column in cells and
// its line; -1, -1 when it is not there.
func cellOf(text, s string) (x, y int) {
	for y, l := range strings.Split(text, "\n") {
		if i := strings.Index(l, s); i >= 0 {
			return kit.WidthOf(l[:i]), y
		}
	}
	return -1, -1
}

// TestMouseOnly: a whole game is played with clicks alone, at every
// seat count: a click on the table goes on from a held trick, a deal's
// result and the last deal's result as the key those screens ask for
// does; the game's end offers its keys to click where they are drawn.
func TestMouseOnly(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var replayed []bool
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, tc *Config) {
			hc.HoldTricks = true
			tc.NewGame = func() kit.Screen { return nameOnly("setup") }
			tc.Replay = func(l *gamelog.Log, name string, analyse bool, back kit.Screen) (kit.Screen, error) {
				replayed = append(replayed, analyse)
				return back, nil
			}
		})
		waits := map[string]int{}
		for range 5000 {
			s := f.snap()
			if s.Over && f.s.overSeen {
				break
			}
			what := "a move"
			switch {
			case s.Over:
				what = "the last result"
			case s.Between:
				what = "a result"
			case s.Hold:
				what = "a held trick"
			}
			gen, seen, bella := s.Gen, f.s.overSeen, f.s.Bella
			if f.clickStep() {
				waits[what]++
			}
			// A card with bella asks first: the question is the move.
			if f.snap().Gen == gen && f.s.overSeen == seen && f.s.Bella == bella {
				t.Fatalf("a click at %s did nothing:\n%s", what, f.text())
			}
		}
		if !f.s.overSeen {
			t.Fatalf("the game's end never came by clicks:\n%s", f.text())
		}
		for _, w := range []string{"a held trick", "a result", "the last result"} {
			if waits[w] == 0 {
				t.Errorf("no click went on from %s (%v)", w, waits)
			}
		}
		// Each offer's place is where it is drawn, in a window of any
		// height: the blank lines a short one drops move it up (below the
		// smallest window the App draws, to be sure some are dropped).
		for _, h := range []int{16, 20, kit.MinHeight, 40} {
			ctx := kittest.Context(80, h)
			out, hits := f.s.render(&ctx)
			lines := strings.Split(ansi.Strip(out), "\n")
			if len(hits) < 4 {
				t.Fatalf("80×%d: %d offers to click at the game's end", h, len(hits))
			}
			for _, hit := range hits {
				tag := kit.KeyTag(hit.Key)
				if x, y := cellOf(strings.Join(lines, "\n"), tag+" "); x != hit.Rect.X || y != hit.Rect.Y {
					t.Fatalf("80×%d: %s is drawn at %d,%d, clicked at %d,%d:\n%s", h, tag, x, y, hit.Rect.X, hit.Rect.Y, ansi.Strip(out))
				}
			}
		}
		// The end's offers, where they are drawn.
		text := f.text()
		for _, offer := range []string{"[r] replay", "[a] analysis"} {
			x, y := cellOf(text, offer)
			if y < 0 {
				t.Fatalf("no %q at the game's end:\n%s", offer, text)
			}
			f.hs.Click(x+len(offer)-2, y)
		}
		if len(replayed) != 2 || replayed[0] || !replayed[1] {
			t.Fatalf("clicks on [r] and [a] opened the replays %v, want [false true]", replayed)
		}
		// A click beside the offers does nothing.
		_, y := cellOf(text, "[q] quit")
		f.hs.Click(79, y)
		f.hs.Click(40, 3)
		if f.hs.Screen != f.s || f.hs.Quit {
			t.Fatalf("a click off the offers left the game's end for %q", f.hs.Screen.Name())
		}
		x, y := cellOf(text, "[q] quit")
		_, cmd := f.s.Update(&f.hs.Ctx, tea.MouseClickMsg{X: x + 1, Y: y, Button: tea.MouseLeft})
		if cmd == nil {
			t.Fatal("a click on [q] quit does nothing")
		}
		if _, ok := cmd().(kit.AskQuitMsg); !ok {
			t.Fatal("a click on [q] quit does not do what q does")
		}
		x, y = cellOf(text, "[n] new game")
		f.hs.Click(x, y)
		if f.hs.Screen.Name() != "setup" {
			t.Fatalf("a click on [n] new game opened %q", f.hs.Screen.Name())
		}
	})
}

// TestClickOffTurnPlaysNothing: while another seat is to play and
// nothing waits for a key, a click on the person's cards does nothing:
// it neither plays a card nor keeps one for their turn.
func TestClickOffTurnPlaysNothing(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		f.until("a bot to play a card", func(s host.Snapshot) bool {
			return s.Thinking != rules.NoSeat && s.View.Phase == rules.PhasePlay && !s.Between && len(f.s.hand()) > 1
		}, true)
		before := myPlays(f.snap())
		_, hits := f.s.render(&f.hs.Ctx)
		clicked := 0
		for _, h := range hits {
			if h.Kind == kit.HitCard {
				f.hs.Click(h.Rect.X, h.Rect.Y)
				clicked++
			}
		}
		f.hs.Click(40, 12)
		if clicked == 0 {
			t.Fatalf("no card to click:\n%s", f.text())
		}
		if len(f.s.queued) != 0 || f.s.acted {
			t.Fatalf("a click off turn was kept (%d keys) or sent (%v)", len(f.s.queued), f.s.acted)
		}
		for f.snap().Thinking != rules.NoSeat && !f.snap().Can.Act {
			f.release()
			f.refresh()
		}
		if got := myPlays(f.snap()); got != before {
			t.Fatalf("%d cards played by clicks off turn", got-before)
		}
	})
}
