package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestGameOverOffersHelp: the game's end names ? help among its offers,
// before q, as the other screens' key lines name it: with every offer
// (replay, analysis, new game) and q's longest words (over SSH, "back
// to the lobby"), the line keeps all in 80 columns, at every seat
// count. A click on [?] hands ? to the App, which opens the help.
func TestGameOverOffersHelp(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, remote := range []bool{false, true} {
			o := options(n)
			o.Target = 100
			f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, tc *Config) {
				hc.Options = o
				tc.Replay = func(*gamelog.Log, string, bool, kit.Screen) (kit.Screen, error) { return nil, nil }
				tc.NewGame = func() kit.Screen { return nil }
			})
			f.hs.Ctx.Remote = remote
			f.s.Enter(&f.hs.Ctx)
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			var line string
			y := -1
			for i, l := range strings.Split(f.text(), "\n") {
				if strings.Contains(l, "[q]") {
					line, y = l, i
				}
			}
			for _, want := range []string{"[r] ", "[a] ", "[n] ", "[?] help   [q] "} {
				if !strings.Contains(line, want) {
					t.Errorf("remote %v: the offers %q lack %q:\n%s", remote, line, want, f.text())
				}
			}
			if kit.WidthOf(line) > 80 {
				t.Errorf("remote %v: the offers run past 80 columns: %q", remote, line)
			}
			x := strings.Index(line, "[?]")
			if x < 0 {
				continue
			}
			_, cmd := f.s.Update(&f.hs.Ctx, tea.MouseClickMsg{X: kit.WidthOf(line[:x]) + 1, Y: y, Button: tea.MouseLeft})
			if cmd == nil {
				t.Fatalf("remote %v: a click on [?] does nothing", remote)
			}
			if k, ok := cmd().(tea.KeyPressMsg); !ok || !kit.IsKey(k, f.hs.Ctx.Keys.Help) {
				t.Errorf("remote %v: a click on [?] does not hand ? to the App", remote)
			}
		}
	})
}

// The game's end says how many decisions were taken back in the game,
// as its log counts them, and says nothing of takebacks without any.
func TestGameOverSaysTakebacks(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a takeback", func(s host.Snapshot) bool { return s.Can.Undo && s.Can.Act }, false)
		f.hs.Press("u")
		if f.snap().Takebacks != 1 {
			t.Fatalf("u did not take back:\n%s", f.text())
		}
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		if text := kittest.Flat(f.text()); !strings.Contains(text, ", 1 takeback.") {
			t.Errorf("%d players: the game's end does not say the takeback:\n%s", n, f.text())
		}
	})
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
		if text := f.text(); strings.Contains(text, "takeback") {
			t.Errorf("%d players: a game without takebacks speaks of them:\n%s", n, text)
		}
	})
}

// TestOverKeysOneWording: the game's end says its replay keys in one
// wording, "[r] replay   [a] analysis", in a game alone and at a
// shared table (whose q goes back to the lobby), at 80 and 120
// columns, and the key line (the help's) names the same keys in the
// same words. At every seat count.
func TestOverKeysOneWording(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, shared := range []bool{false, true} {
			f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) {
				c.Replay = func(l *gamelog.Log, name string, analyse bool, back kit.Screen) (kit.Screen, error) { return back, nil }
				if shared {
					c.Shared, c.Tag = true, "table ABCD"
				} else {
					c.NewGame = func() kit.Screen { return nameOnly("setup") }
				}
			})
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			for _, w := range []int{80, 120} {
				ctx := kittest.Context(w, 24)
				line, _ := f.s.overOfferLine(&ctx, w)
				line = ansi.Strip(line)
				if !strings.Contains(line, "[r] replay   [a] analysis   ") || kit.WidthOf(line) > w {
					t.Errorf("%d players, shared %v, %d columns: the offers read %q", n, shared, w, line)
				}
				keys := kit.HintLine(f.s.KeyHelp(&ctx.Keys).ShortHelp())
				for _, o := range f.s.overOffers(&ctx.Keys) {
					if want := kit.Brief(o.what, o.key).Help().Key + " " + o.what; !strings.Contains(keys, want) {
						t.Errorf("%d players, shared %v: the key line %q does not say %q as the offers do", n, shared, keys, want)
					}
				}
			}
		}
	})
}

// TestBackAtTheEnd: a person who comes back to a shared game already
// over (a new connection to the seat, a new screen) finds its end, with
// again offered, and n says it; at the game's last result, before its
// end, n says it too. The person is the only one at the table, so again
// starts the next game. At every seat count.
func TestBackAtTheEnd(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := options(n)
		o.Target = 100
		var tc Config
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
			hc.Options = o
			c.Shared, c.Tag = true, "table ABCD"
			tc = *c
		})
		f.until("the last deal's result", func(s host.Snapshot) bool { return s.Over && s.Save.Filed }, true)
		if f.s.overSeen || strings.Contains(f.text(), "Game over") {
			t.Fatalf("%d players: the game's end before its last result:\n%s", n, f.text())
		}

		// Back from the lobby: a new connection, a new screen.
		p, err := f.h.Seat(rules.SeatA)
		if err != nil {
			t.Fatal(err)
		}
		tc.Port, tc.Log = p, f.h.Log
		back := New(tc)
		d := kittest.New(t, back, 80, 24, false)
		text := screenText(d)
		if !strings.Contains(text, "Game over") || !strings.Contains(text, "[n] again") {
			t.Fatalf("%d players: back at the game over, the screen is not its end with again:\n%s", n, text)
		}
		// The one person here says again: the next game starts.
		d.Press("n")
		if g := p.Snapshot().Game; g != 2 {
			t.Fatalf("%d players: n at the end, back, did not say again (game %d):\n%s", n, g, screenText(d))
		}
	})
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := options(n)
		o.Target = 100
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
			hc.Options = o
			c.Shared, c.Tag = true, "table ABCD"
		})
		f.until("the last deal's result", func(s host.Snapshot) bool { return s.Over && s.Save.Filed }, true)
		f.hs.Press("n")
		if g := f.port.Snapshot().Game; g != 2 {
			t.Fatalf("%d players: n at the last result did not say again (game %d):\n%s", n, g, f.text())
		}
	})
}

// TestAgainWithABotOffered: at every seat count, a shared table whose
// other person (dan, at the person's left) left during the game: at its
// end the person's again waits for dan, and the lines say so and that b
// starts it with a bot in dan's seat; the offers (in 80 columns) have
// "[b] with a bot" in place of "[n] again", and b starts the next game
// with the bot there.
func TestAgainWithABotOffered(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, dan := danLeftTheGame(t, n)
		f.hs.Press("n")
		text := kittest.Flat(f.text())
		for _, want := range []string{"Again: you said it; waiting for dan (away).", "b starts it now with a bot in dan's seat.", "[b] with a bot"} {
			if !strings.Contains(text, want) {
				t.Fatalf("%d players: the end lacks %q:\n%s", n, want, f.text())
			}
		}
		if strings.Contains(text, "[n] again") || strings.Contains(text, "open a new table") {
			t.Fatalf("%d players: the end still offers again, or sends the person away:\n%s", n, f.text())
		}
		line, _ := f.s.overOfferLine(&f.hs.Ctx, 80)
		if w := kit.WidthOf(ansi.Strip(line)); w > 80 {
			t.Fatalf("%d players: the offers are %d wide: %q", n, w, ansi.Strip(line))
		}
		f.hs.Press("b")
		next := kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal }, guard)
		if p := next.Players[dan]; p.Human || p.Name != "Bot B" {
			t.Fatalf("%d players: dan's seat in the next game: %+v", n, p)
		}
	})
}

// TestAgainNoteFollowsTheTable: at every seat count, the person says
// again while everyone is at the table: the note says the next game
// waits for everyone. Dan then leaves: the lines above now offer b with
// a bot, and the note no longer says the game waits for everyone; dan
// back, it says so again.
func TestAgainNoteFollowsTheTable(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		// Dan's seat is played by a bot through the game; he comes back
		// for its end (SeatBack: here).
		f, dan := danLeftTheGame(t, n)
		p := danBack(t, f, dan)
		f.hs.Press("n")
		if text := kittest.Flat(f.text()); !strings.Contains(text, againAllNote) {
			t.Fatalf("%d players: everyone here, the note does not say the game waits for them:\n%s", n, f.text())
		}
		p.Leave()
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatTakeover }, guard)
		f.hs.Deliver(Refresh{})
		text := kittest.Flat(f.text())
		if !strings.Contains(text, "with a bot in dan's seat") || strings.Contains(text, againAllNote) || !strings.Contains(text, againSaidNote) {
			t.Fatalf("%d players: dan gone, the note still says the game waits for everyone:\n%s", n, f.text())
		}
		p = danBack(t, f, dan)
		defer p.Leave()
		if text := kittest.Flat(f.text()); !strings.Contains(text, againAllNote) {
			t.Fatalf("%d players: dan back, the note does not say the game waits for everyone:\n%s", n, f.text())
		}
	})
}

// danBack seats dan again at the end of danLeftTheGame's game, and
// waits until the person's screen has him back.
func danBack(t *testing.T, f *fixture, dan rules.Seat) host.Port {
	t.Helper()
	p, err := f.h.Seat(dan)
	if err != nil {
		t.Fatal(err)
	}
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatBack }, guard)
	f.hs.Deliver(Refresh{})
	return p
}

// danLeftTheGame plays a shared table of n seats, game to 100, whose
// other person (dan, at the person's left) left at once: a bot took his
// seat once his grace was out, and the game is played to its end, the
// person's screen at it.
func danLeftTheGame(t *testing.T, n int) (*fixture, rules.Seat) {
	t.Helper()
	o := options(n)
	o.Target = 100
	clock := clocktest.New(t0)
	dan := rules.Seat(1)
	f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
		hc.Options, hc.Clock, hc.Grace = o, clock, time.Minute
		hc.Players[dan] = host.Player{Name: "dan", Human: true}
		hc.AgainBot = func(s rules.Seat) host.Player { return host.Player{Name: "Bot " + s.String(), Level: ai.Random} }
		c.Shared, c.Tag = true, "table ABCD"
		c.Replay = func(*gamelog.Log, string, bool, kit.Screen) (kit.Screen, error) { return nil, nil }
	})
	p, err := f.h.Seat(dan)
	if err != nil {
		t.Fatal(err)
	}
	p.Leave()
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatAway }, guard)
	clock.Advance(time.Minute)
	kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].State == host.SeatTakeover }, guard)
	f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen && s.Save.Filed }, true)
	return f, dan
}

// TestNoAgainAtTheEnd: at every seat count, at the end of a shared
// table's game, the lines and the key line name x, no other game; x
// says it, n takes it back, x takes back an again. When dan says no,
// the person reads it by name and that b starts the next game with a
// bot in his seat, and b does. All in 80x24.
func TestNoAgainAtTheEnd(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, dan := danLeftTheGame(t, n)
		p := danBack(t, f, dan)
		defer p.Leave()
		text := kittest.Flat(f.text())
		if !strings.Contains(text, "x says you want none") {
			t.Fatalf("%d players: the end does not name x:\n%s", n, f.text())
		}
		keys := kit.HintLine(f.s.KeyHelp(&f.hs.Ctx.Keys).ShortHelp())
		if !strings.Contains(keys, "x no other game") {
			t.Fatalf("%d players: the key line %q does not name x", n, keys)
		}
		me := f.snap().Seat
		said := func(what string, no, again bool) {
			t.Helper()
			s := kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[me].No == no && s.Players[me].Again == again }, guard)
			if s.Players[me].No != no || s.Players[me].Again != again {
				t.Fatalf("%d players: after %s: no %v, again %v", n, what, s.Players[me].No, s.Players[me].Again)
			}
			f.hs.Deliver(Refresh{})
		}
		f.hs.Press("x")
		said("x", true, false)
		if text := kittest.Flat(f.text()); !strings.Contains(text, noAgainNote) || !strings.Contains(text, "You want no other game") {
			t.Fatalf("%d players: x said, the screen does not say so:\n%s", n, f.text())
		}
		f.hs.Press("n")
		said("n after x", false, true)
		if text := kittest.Flat(f.text()); !strings.Contains(text, takeBackNote) {
			t.Fatalf("%d players: the note of again does not say how to take it back:\n%s", n, f.text())
		}
		f.hs.Press("x")
		said("x after n", true, false)
		f.hs.Press("n")
		said("n again", false, true)

		answer(t, false, p)
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Can.AgainWithBots }, guard)
		f.hs.Deliver(Refresh{})
		text = kittest.Flat(f.text())
		for _, want := range []string{"dan does not want another game.", "b starts it now with a bot in dan's seat.", "[b] with a bot"} {
			if !strings.Contains(text, want) {
				t.Fatalf("%d players: dan said no; the end lacks %q:\n%s", n, want, f.text())
			}
		}
		for _, l := range strings.Split(f.text(), "\n") {
			if kit.WidthOf(l) > 80 {
				t.Fatalf("%d players: a line runs past 80 columns: %q", n, l)
			}
		}
		f.hs.Press("b")
		next := kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Game == 2 && s.HasDeal }, guard)
		if pl := next.Players[dan]; pl.Human {
			t.Fatalf("%d players: dan's seat in the next game: %+v", n, pl)
		}
		if !p.Snapshot().Closed {
			t.Fatalf("%d players: dan's port is not let go", n)
		}
	})
}

// TestNoAgainThenGoneOn: at every seat count, the person says no at the
// end; dan says again and starts the next game with a bot in the
// person's seat. The person's screen stays at the end, and says so,
// naming who went on.
func TestNoAgainThenGoneOn(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, dan := danLeftTheGame(t, n)
		p := danBack(t, f, dan)
		defer p.Leave()
		f.hs.Press("x")
		s := kittest.WaitRest(t, p, func(s host.Snapshot) bool { return s.Players[0].No }, guard)
		if err := p.Again(s.Gen); err != nil {
			t.Fatal(err)
		}
		s = kittest.WaitRest(t, p, func(s host.Snapshot) bool { return s.Can.AgainWithBots }, guard)
		if err := p.AgainWithBots(s.Gen); err != nil {
			t.Fatal(err)
		}
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Closed }, guard)
		f.hs.Deliver(Refresh{})
		if text := kittest.Flat(f.text()); !strings.Contains(text, "Game over") ||
			!strings.Contains(text, "You wanted no other game: dan started the next one with a bot in your seat.") {
			t.Fatalf("%d players: gone on without the person, the end reads:\n%s", n, f.text())
		}
	})
}

// TestListAtTheEnd: at every seat count, at the end of a shared table's
// game, whose rows keep only the last lines of a long table talk, v
// opens the list, which ends with the whole talk: end goes there, and
// ↑ reaches its first line. While it is open n says nothing (the note
// says how to close it); v closes it, and esc too, back to the end.
func TestListAtTheEnd(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		talk := &fakeTalk{}
		for i := range 30 {
			talk.hear("Ann", fmt.Sprintf("talk line %02d", i+1), false)
		}
		o := options(n)
		o.Target = 100
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
			hc.Options = o
			c.Shared, c.Tag, c.Talk = true, "table ABCD", talk
		})
		f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen && s.Save.Filed }, true)
		if text := f.text(); strings.Contains(text, "talk line 01") || !strings.Contains(text, "Game over") {
			t.Fatalf("%d players: the end shows the oldest talk, or is not the end:\n%s", n, text)
		}
		for _, closer := range []string{"v", "esc"} {
			f.hs.Press("v")
			f.hs.Press("end")
			if text := f.text(); !strings.Contains(text, "talk line 30") || strings.Contains(text, "Game over") {
				t.Fatalf("%d players: v then end at the end does not show the talk's last line:\n%s", n, text)
			}
			for range 100 { // the list is far shorter
				if strings.Contains(f.text(), "talk line 01") {
					break
				}
				f.hs.Press("up")
			}
			if !strings.Contains(f.text(), "talk line 01") {
				t.Fatalf("%d players: ↑ never reaches the talk's first line:\n%s", n, f.text())
			}
			f.hs.Press("n")
			if !f.port.Snapshot().Can.Again || !strings.Contains(kittest.Flat(f.text()), listOpenNote) {
				t.Fatalf("%d players: n behind the open list said again, or the note does not say how to close it:\n%s", n, f.text())
			}
			f.hs.Press(closer)
			if text := f.text(); !strings.Contains(text, "Game over") {
				t.Fatalf("%d players: %s does not close the list:\n%s", n, closer, text)
			}
		}
		var help []string
		for _, col := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
			for _, b := range col {
				help = append(help, b.Help().Key)
			}
		}
		if !slices.Contains(help, "v") {
			t.Fatalf("%d players: the end's help does not name v: %q", n, help)
		}
	})
}

// TestNoAgainNamesWhoSaidNo: at every seat count, when dan says no to
// another game before anyone says again, the others read the question
// with his name ("Another game without dan?"), not "without them".
func TestNoAgainNamesWhoSaidNo(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, dan := danLeftTheGame(t, n)
		p := danBack(t, f, dan)
		defer p.Leave()
		answer(t, false, p)
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Players[dan].No }, guard)
		f.hs.Deliver(Refresh{})
		text := kittest.Flat(f.text())
		for _, want := range []string{"dan does not want another game. Another game without dan? Those who want one say again (n)", "x says you want none."} {
			if !strings.Contains(text, want) {
				t.Fatalf("%d players: dan said no; the end lacks %q:\n%s", n, want, f.text())
			}
		}
		if strings.Contains(text, "without them") {
			t.Fatalf("%d players: dan said no; the end says \"without them\":\n%s", n, f.text())
		}
	})
}

// TestClaimSaidAtDealOver: at every seat count, the person claims the
// last tricks and the claim is accepted; the end of the deal says so
// over its last trick, which the claim's cards played, and names the
// side they were played for (at four, the person and their partner).
// Another seat's claim reads with its name.
func TestClaimSaidAtDealOver(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		// Games in which the person's claim comes to be accepted.
		claimSeeds := map[int]uint64{2: seeds[2], 3: 13, 4: seeds[4]}
		f := newFixture(t, n, claimSeeds[n], 80, 24)
		held := 0
		for {
			if !f.reach(func(s host.Snapshot) bool {
				return s.Can.Act && s.Can.Claim && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() <= 3 && f.s.Bella == rules.NoCard
			}, true) {
				t.Fatal("no claim was accepted in the game")
			}
			held = f.snap().View.Hand.Count()
			f.hs.Press("c")
			if c := f.snap().Claim; c != nil && !c.Pending && c.Err == nil && c.Verdict.OK {
				break
			}
			f.step(true)
		}
		f.until("the deal's end", func(s host.Snapshot) bool { return s.Between }, true)
		tricks := fmt.Sprintf("the last %d tricks were", held)
		if held == 1 {
			tricks = "the last trick was"
		}
		side := map[int]string{2: "you", 3: "you", 4: "you & North"}[n]
		text := kittest.Flat(f.text())
		said := "You claimed the rest of the deal: " + tricks + " played for " + side + ". Last trick: "
		if !strings.Contains(text, said) {
			t.Fatalf("%d players: the deal's end lacks %q:\n%s", n, said, f.text())
		}
		f.s.snap.Claimer = rules.Seat(1)
		side = map[int]string{2: "Bot", 3: "West", 4: "West & East"}[n]
		said = map[int]string{2: "Bot", 3: "West", 4: "West"}[n] + " claimed the rest of the deal: " + tricks + " played for " + side + "."
		if text := kittest.Flat(f.text()); !strings.Contains(text, said) {
			t.Fatalf("%d players: the deal's end lacks %q:\n%s", n, said, f.text())
		}
	})
}

// TestNoAgainOffered: at every seat count, at the end of a shared
// table's game in 80×24, where the lines over the offers say x says
// you want no other game, the offers list [x] too, within 80 columns:
// every key the text names is in the bar.
func TestNoAgainOffered(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, dan := danLeftTheGame(t, n)
		p := danBack(t, f, dan)
		defer p.Leave()
		text := f.text()
		if !strings.Contains(kittest.Flat(text), "x says you want none") {
			t.Fatalf("%d players: the end does not name x:\n%s", n, text)
		}
		if !strings.Contains(text, "[x] no other game") {
			t.Errorf("%d players: the offers leave out [x]:\n%s", n, text)
		}
		for _, l := range strings.Split(text, "\n") {
			if kit.WidthOf(l) > 80 {
				t.Errorf("%d players: a line %d wide: %q", n, kit.WidthOf(l), l)
			}
		}
	})
}

// longestAfterword is the longest of the lobby's lines on a rating at
// n players: moved, rated as another's loss for the bots that finished
// their seat, with the place and the chance the ratings gave.
func longestAfterword(n int) string {
	who, it := "You", "you"
	if rules.PlaysInTeams(n) {
		who, it = "Your team", "it"
	}
	return fmt.Sprintf("Your rating at %d players: 1490 ±200 (+35). Bots made a quarter of dan's moves or more, "+
		"so the game is rated as dan's loss. %s tied for second: the ratings gave %s less than a 1%% chance to win. "+
		"A surprise, or a wide ±, moves a rating more.", n, who, it)
}

// TestAfterwordWrapsWhole: at every seat count, the game's end of a
// shared table at 80×24, its rating line the longest the lobby writes,
// says it whole on as many lines as it takes, the others' again and
// their drop's countdown under it, rather than cut at two lines with
// rows free.
func TestAfterwordWrapsWhole(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		a := longestAfterword(n)
		f.s.cfg.Afterword = func() string { return a }
		check := func(when string) {
			t.Helper()
			f.refresh()
			text := f.text()
			if !strings.Contains(kittest.Flat(text), a) {
				t.Fatalf("%d players, %s: the rating line is not whole:\n%s", n, when, text)
			}
			if strings.Contains(text, "…") {
				t.Fatalf("%d players, %s: a line is cut:\n%s", n, when, text)
			}
		}
		check("at the end")
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool { return !s.Players[1].Until.IsZero() })
		check("dan dropped")
	})
}

// claimEndsGame plays games of n to 1 point from seed 1 on, the person
// claiming the last tricks as soon as a claim would be accepted, until
// one ends with the claim accepted in the deal that ends the game; its
// fixture then shows that deal's end, the game over.
func claimEndsGame(t *testing.T, n int) *fixture {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options.Target = 1 })
		for f.reach(func(s host.Snapshot) bool {
			return s.Can.Act && s.Can.Claim && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() <= 3 && f.s.Bella == rules.NoCard
		}, true) {
			f.hs.Press("c")
			if c := f.snap().Claim; c != nil && !c.Pending && c.Err == nil && c.Verdict.OK {
				f.until("the game's end", func(s host.Snapshot) bool { return s.Over }, true)
				if f.snap().Claimer == rules.SeatA {
					return f
				}
				break
			}
			f.step(true)
		}
	}
	t.Fatalf("%d players: no game ended on an accepted claim", n)
	return nil
}

// TestClaimSaidAtGameOver: at every seat count, the deal that ends the
// game on the person's claim says the claim and its last trick, over
// the game's winner, whenever the screen has the rows for every line
// with its blank rows dropped: the winner's lines took the room the
// claim was measured against, and the claim went unsaid with rows free.
func TestClaimSaidAtGameOver(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := claimEndsGame(t, n)
		f.hs.Size(80, 60)
		full := strings.Split(kittest.TrimRight(f.text()), "\n")
		rows := filled(full)
		for _, want := range []string{"You claimed the rest of the deal", "Last trick: ", " the game, "} {
			if !strings.Contains(kittest.Flat(f.text()), want) {
				t.Fatalf("%d players: the game's last deal lacks %q at 80x60:\n%s", n, want, f.text())
			}
		}
		for h := rows; h <= 24 || h <= rows+2; h++ {
			f.hs.Size(80, h)
			text := kittest.Flat(f.text())
			for _, want := range []string{"You claimed the rest of the deal", "Last trick: ", " the game, "} {
				if !strings.Contains(text, want) {
					t.Fatalf("%d players: at 80x%d, room for its %d rows, the game's last deal lacks %q:\n%s", n, h, rows, want, f.text())
				}
			}
		}
	})
}

// TestDropWaitSaidOnce: at every seat count, dan's connection is cut at
// the game's end before anyone said again. While his wait runs, the
// lines never promise that b starts the game now: b "then starts it
// with a bot in dan's seat once the wait is over", and the countdown
// says when; once it is over, the promise stands without the wait.
func TestDropWaitSaidOnce(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool { return !s.Players[1].Until.IsZero() })
		f.wants(n, "dan dropped", []string{"dan is away. Another game without dan? Those who want one say again (n), and b then starts it with a bot in dan's seat once the wait is over;",
			"dan dropped: b can start it with a bot in dan's seat in 30s."}, []string{"bot in dan's seat;"})
		f.clock.Advance(30 * time.Second)
		f.seen(func(s host.Snapshot) bool { return s.Players[1].Until.IsZero() })
		f.wants(n, "the wait over", []string{"Those who want one say again (n), and b then starts it with a bot in dan's seat;"}, []string{"dropped", "wait is over"})
	})
}

// TestDropWaitNoteFollows: at every seat count, dan's connection is cut
// at the game's end, everyone else here saying again but the person,
// who presses b a second later and is refused: the note says the
// seconds the lines over it say whenever the screen is drawn, a tick
// of the countdown come or not (16s, then 15s and 14s as the lines
// count down), and says what b waits for once the wait is over.
func TestDropWaitNoteFollows(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, ports := peopleAtTheEnd(t, n)
		answer(t, true, ports[1:]...)
		ports[0].Leave()
		f.seen(func(s host.Snapshot) bool { return !s.Players[1].Until.IsZero() })
		f.clock.Advance(time.Second)
		f.hs.Press("b")
		drop := "dan dropped: b can start it with a bot in dan's seat "
		f.wants(n, "b refused", []string{drop + "in 29s."}, nil)
		f.clock.Advance(13 * time.Second)
		f.hs.Deliver(dropTickMsg{f.s, f.s.dropN})
		f.wants(n, "16s left", []string{drop + "in 16s."}, nil)
		for _, left := range []string{"15s", "14s"} {
			// No tick delivered: the screen is drawn again all the
			// same (the lobby's own countdown redraws it).
			f.clock.Advance(time.Second)
			text := kittest.Flat(f.text())
			if c := strings.Count(text, drop+"in "+left+"."); c != 2 {
				t.Fatalf("%d players, %s left: the lines and the note say it %d times, want 2:\n%s", n, left, c, f.text())
			}
		}
		f.clock.Advance(14 * time.Second)
		f.seen(func(s host.Snapshot) bool { return s.Players[1].Until.IsZero() })
		f.wants(n, "the wait over", []string{"b starts the game once you have said again (n)."}, []string{"dropped"})
	})
}

// commandParts groups the words of a test's command line into
// Config.Rerun's parts: a new part at each word that starts with "-".
// The commands the tests give have no value that starts with one.
func commandParts(cmd string) [][]string {
	var parts [][]string
	for _, word := range strings.Fields(cmd) {
		if len(parts) == 0 || strings.HasPrefix(word, "-") {
			parts = append(parts, nil)
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], word)
	}
	return parts
}

// TestCommandLinesKeepParts: the command's lines break between the
// parts given, never inside one, whatever the words look like: a value
// that starts with "-" stays with its flag, and a "-flag=value" part of
// one word is not taken for two parts.
func TestCommandLinesKeepParts(t *testing.T) {
	parts := [][]string{{"klob", "play"}, {"-offset", "-12"}, {"-name=ann"}, {"-seed", "7"}}
	lines := commandLines(parts, 18)
	var got []string
	for _, l := range lines {
		if kit.WidthOf(l) > 18 {
			t.Errorf("line %q is wider than 18", l)
		}
		got = append(got, strings.TrimSpace(strings.TrimSuffix(l, `\`)))
	}
	want := []string{"klob play", "-offset -12", "-name=ann", "-seed 7"}
	if !slices.Equal(got, want) {
		t.Errorf("the lines %q, want %q", got, want)
	}
}
