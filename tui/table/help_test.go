package table

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// moveKeys are the keys that move or scroll rather than decide: none
// of them bids or plays, so the test may press each one.
var moveKeys = []string{"left", "right", "up", "down", "h", "l", "k", "j", "pgup", "pgdown", "home", "end", "tab"}

// helpListed is the set of keys the table's help (?) lists.
func helpListed(f *fixture) map[string]bool {
	keys := map[string]bool{}
	for _, row := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
		for _, b := range row {
			for _, k := range b.Keys() {
				keys[k] = true
			}
		}
	}
	return keys
}

// scrollsListed presses each of moveKeys with press, which returns how
// to put the screen back, and checks that every key that changes the
// screen is one the help lists and that some key does: what names the
// thing scrolled, why ends the line that says none did.
func scrollsListed(t *testing.T, f *fixture, what, why string, press func(k string) (undo func())) {
	t.Helper()
	help, scrolled := helpListed(f), 0
	for _, k := range moveKeys {
		text := f.text()
		undo := press(k)
		if f.text() != text {
			scrolled++
			if !help[k] {
				t.Errorf("%s scrolls %s, but the help does not list it", k, what)
			}
		}
		undo()
	}
	if scrolled == 0 {
		t.Fatalf("no key scrolled %s%s\n%s", what, why, f.text())
	}
}

// TestHelpListsTheMovingKeys: at every seat count, every key that moves
// the choice of a menu (a bid), or scrolls the v list, is one the
// table's help (?) lists: a key that works but is in no line of the
// help is one the person never learns.
func TestHelpListsTheMovingKeys(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		f.until("a menu of the person's", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase != rules.PhasePlay && len(s.View.Legal()) > 1
		}, true)
		help, gen := helpListed(f), f.snap().Gen
		for _, k := range moveKeys {
			menu := f.s.Menu
			f.hs.Press(k)
			if f.port.Snapshot().Gen != gen {
				t.Fatalf("%s decided something in the menu", k)
			}
			if f.s.Menu != menu && !help[k] {
				t.Errorf("%s moves the menu's choice, but the help does not list it", k)
			}
			f.s.Menu = menu
		}
		// The v list late in a deal, longer than its room.
		f.until("a card to play after three tricks", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && myPlays(s) >= 3
		}, true)
		f.hs.Press("v")
		if !f.s.tricks {
			t.Fatal("v does not open the list")
		}
		scrollsListed(t, f, "the v list", ": it was not longer than its room", func(k string) (undo func()) {
			at := f.s.tricksAt
			f.hs.Press(k)
			if !f.s.tricks {
				t.Fatalf("%s closed the list", k)
			}
			return func() { f.s.tricksAt = at }
		})
	})
}

// TestOverHelpListsTheScrollKeys: at the end of a game long enough to
// cut its score pad, every key that scrolls the pad is one the help
// lists, at every seat count.
func TestOverHelpListsTheScrollKeys(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var f *fixture
		for seed := uint64(1); ; seed++ {
			if seed > 20 {
				t.Fatal("no game of 20 is long enough to cut the pad")
			}
			f = newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options.Target = 1000 })
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			if len(padDeals(f.text())) < len(f.s.snap.Deals) {
				break
			}
		}
		f.hs.Press("up") // off the last deals, so that either way scrolls
		scrollsListed(t, f, "the score pad", ":", func(k string) (undo func()) {
			back := f.s.padBack
			f.hs.Press(k)
			return func() { f.s.padBack = back }
		})
	})
}

// TestBoardHelpHasNoHints: a duplicate board gives no hint, so its
// help lists neither the hint key nor the hints' and grades' legend,
// while keeping the hand's marks; a game played alone keeps both.
func TestBoardHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, board := range []string{"", "Board 1 of 8"} {
			f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, c *Config) { c.Board = board })
			t.Run(cmp.Or(board, "alone"), func(t *testing.T) { kittest.CheckHintsHelp(t, f.s, board == "") })
		}
	})
}

// TestNoHintsGameHelpHasNoHints: a game whose host gives no hints (a
// rated game between people) has no hint key nor the hints' legend in
// its help, as a duplicate board has not.
func TestNoHintsGameHelpHasNoHints(t *testing.T) {
	eachTableWith(t, func(hc *host.Config, _ *Config) { hc.NoHints = true }, func(t *testing.T, n int, f *fixture) {
		f.until("the first snapshot", func(s host.Snapshot) bool { return s.NoHints }, false)
		kittest.CheckHintsHelp(t, f.s, false)
	})
}

// helpSays reports whether a line of the table's full help (?) says
// text.
func helpSays(f *fixture, text string) bool {
	return slices.ContainsFunc(helpLines(f), func(l string) bool { return strings.Contains(l, text) })
}

// helpLines is the table's full help (?) as "key desc" lines.
func helpLines(f *fixture) []string {
	var out []string
	for _, row := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
		for _, b := range row {
			out = append(out, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return out
}

// TestHelpFollowsTheResult: at every seat count the help on a deal's
// result lists that screen's keys (enter to the next deal, or after the
// last deal to the game's end; the v list), not the card play's: b,
// the digits, claim and undo do nothing there.
func TestHelpFollowsTheResult(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		check := func(where, enter string) {
			t.Helper()
			lines := helpLines(f)
			all := strings.Join(lines, "\n")
			for _, want := range []string{"enter/space " + enter, "v tricks", "? help", "q quit"} {
				if !strings.Contains(all, want) {
					t.Errorf("%d players, %s: the help lacks %q:\n%s", n, where, want, all)
				}
			}
			for _, l := range lines {
				for _, not := range []string{"b ", "1-9 ", "c ", "u ", "H "} {
					if strings.HasPrefix(l, not) {
						t.Errorf("%d players, %s: the help lists the card play's %q", n, where, l)
					}
				}
			}
		}
		f.until("a deal's result", func(s host.Snapshot) bool { return s.Between && s.Can.Ready }, true)
		check("a deal's result", "go on to the next deal")
		f.until("the last deal's result", func(s host.Snapshot) bool { return s.Over }, true)
		check("the last deal's result", "go on to the end of the game")
	})
}

// TestHelpListsListEnds: home and end, which go to the ends of the v
// list, are in the help once wherever the list can be opened: at a
// seat in the play and between deals, and a spectator's, at every seat
// count.
func TestHelpListsListEnds(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		ends := func(what string, h help.KeyMap) {
			t.Helper()
			c := 0
			for _, col := range h.FullHelp() {
				for _, b := range col {
					if slices.Contains(b.Keys(), "home") && slices.Contains(b.Keys(), "end") {
						c++
					}
				}
			}
			if c != 1 {
				t.Errorf("%s: home/end listed %d times in the help", what, c)
			}
		}
		w := newWatcher(t, f, nil)
		f.until("a card", myCard, true)
		w.catchUp()
		ends("at a seat", f.s.KeyHelp(&f.hs.Ctx.Keys))
		ends("a spectator", w.screen().KeyHelp(&w.d.Ctx.Keys))
		f.until("the result", func(s host.Snapshot) bool { return s.Between }, true)
		ends("between deals", f.s.KeyHelp(&f.hs.Ctx.Keys))
	})
}

// TestHelpTellsTheMeldLetters: the table's help (?) says what the
// letters under two melds of one value mean ("20a", "20b", as the row
// under a hand whose order mixes their cards draws them) and the slash
// under a card in two, and the short forms of menage and bella (men, m,
// bel, b) a narrow card's label takes, at every seat count, in Unicode and in ASCII: a
// page of the help scrolled to it shows the whole explanation within
// 80×24.
func TestHelpTellsTheMeldLetters(t *testing.T) {
	const want = "a letter tells them apart: 20a under the one's cards, 20b under the other's; a card in two melds reads both, as 50/20. " +
		"Where a card's cells are too narrow, menage is written men or m and bella bel or b (50+m: the fifty and the menage)."
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		for _, ascii := range []bool{false, true} {
			ctx := kit.NewContext(ascii)
			ctx.Width, ctx.Height = 80, 24
			h := kit.HelpFor(f.s, &ctx.Keys)
			found := false
			for range h.Lines(&ctx) {
				page := ansi.Strip(h.View(&ctx, ""))
				if ascii {
					page = kit.ASCIIText(page)
				}
				rows := strings.Split(page, "\n")
				if len(rows) > 24 {
					t.Fatalf("%d players, ascii %v: the help's page has %d rows", n, ascii, len(rows))
				}
				for _, r := range rows {
					if kit.WidthOf(r) > 80 {
						t.Fatalf("%d players, ascii %v: a row of %d cells: %q", n, ascii, kit.WidthOf(r), r)
					}
				}
				if strings.Contains(kittest.Flat(page), want) {
					found = true
					break
				}
				h.Update(&ctx, kittest.Key("down"))
			}
			if !found {
				t.Errorf("%d players, ascii %v: no page of the help says %q", n, ascii, want)
			}
		}
	})
}

// TestOverHelpNamesTalkOnlyWhereThereIs: at a game's end the help's v
// line names the table talk only at a table that has talk: a game
// alone has none, and its list ends with the score pad. At every seat
// count.
func TestOverHelpNamesTalkOnlyWhereThereIs(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, talk := range []bool{false, true} {
			f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, c *Config) {
				hc.Options.Target = 100
				if talk {
					c.Talk, c.Shared, c.Tag = &fakeTalk{}, true, "table ABCD"
				}
			})
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			ctx := kittest.Context(80, 24)
			text := kittest.HelpText(&ctx, f.s)
			if !strings.Contains(text, "the last deal's list") {
				t.Fatalf("talk %v: the help has no v line:\n%s", talk, text)
			}
			if got := strings.Contains(kittest.Flat(text), "the whole table talk"); got != talk {
				t.Errorf("talk %v: the help names the table talk: %v\n%s", talk, got, text)
			}
		}
	})
}
