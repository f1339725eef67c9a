package table

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestBiddingKeepsItsRows: at 80×24 the table does not move between
// the frames of one bidding (the person passing each time), although
// the line over it may need two rows in round one and one in round
// two: seed 3 deals two players a bidding that comes to round two.
func TestBiddingKeepsItsRows(t *testing.T) {
	for _, seed := range []uint64{3, 11, 69} {
		testkit.EachSeatCount(t, func(t *testing.T, n int) {
			f := newFixture(t, n, seed, 80, 24)
			prev, prevText := -1, ""
			for range 40 {
				s := f.settle()
				f.refresh()
				if s.View.Phase != rules.PhaseBid1 && s.View.Phase != rules.PhaseBid2 {
					break
				}
				row := -1
				for r, l := range strings.Split(f.text(), "\n") {
					if strings.Contains(l, "Bidding, round") {
						row = r
					}
				}
				if prev >= 0 && row != prev {
					t.Errorf("seed %d: the table moves from row %d to %d:\n%s\nthen:\n%s", seed, prev, row, prevText, f.text())
				}
				prev, prevText = row, f.text()
				if !s.Can.Act {
					break
				}
				f.step(false)
			}
		})
	}
}

// TestAnnounceBelowTheBestMenu: holding a 50 and a 20 at the dialogue's
// opening, the person is offered both announcements, the fifty on a and
// the twenty on its number, and the number takes the twenty.
func TestAnnounceBelowTheBestMenu(t *testing.T) {
	both := func(s host.Snapshot) bool {
		if !s.Can.Act || s.View.Phase != rules.PhaseSequences {
			return false
		}
		n := 0
		for _, a := range s.View.Legal() {
			if a.Kind == rules.Announce {
				n++
			}
		}
		return n == 2
	}
	for seed := uint64(1); seed < 200; seed++ {
		f := newFixture(t, 2, seed, 80, 24, gated())
		if !f.reach(both, true) {
			continue
		}
		txt := f.text()
		if !strings.Contains(txt, "[a] fifty") || !strings.Contains(txt, "[2] twenty") {
			t.Fatalf("seed %d: the menu does not offer both announcements by their keys:\n%s", seed, txt)
		}
		f.hs.Press("right")
		if txt := f.text(); !strings.Contains(txt, "[2] twenty: the twenty only, the fifty kept quiet;") {
			t.Fatalf("seed %d: the twenty's line does not say what it does:\n%s", seed, txt)
		}
		f.hs.Press("2")
		f.settle()
		sn := f.snap()
		h := sn.View.History()
		if last := h[len(h)-1]; last.Seat != rules.SeatA || last.Action != rules.AnnounceAction(20) {
			t.Fatalf("seed %d: 2 took %v", seed, last)
		}
		return
	}
	t.Fatal("no seed up to 200 deals the person a 50 and a 20 to open with")
}

// Once the four-handed maker has the upcard in its hand it is not drawn
// on the table for anyone: not for the maker, the other players or a
// spectator. The header says whose hand it is in, in words true in both
// rounds ("in bob's hand", "in your hand"), never "took it"; once
// played, that it was.
func TestUpcardInHandNotOnTable(t *testing.T) {
	ctx := kit.NewContext(false)
	ten := rules.MustCard("TC")
	opts := options(4)
	for _, tc := range []struct {
		you  rules.Seat
		want string
	}{
		{rules.SeatB, "upcard 10♣ (in your hand)"},
		{rules.Seat(2), "upcard 10♣ (in West's hand)"},
		{rules.Seat(3), "upcard 10♣ (in West's hand)"},
		{rules.NoSeat, "upcard 10♣ (in West's hand)"},
		{rules.Seat(3), "upcard 10♣ (West played it)"},
	} {
		v := rules.View{Players: 4, Options: opts, Seat: tc.you, Trump: rules.Clubs, Maker: rules.SeatB, DixBy: rules.NoSeat,
			OrigUpcard: ten, Upcard: rules.NoCard, Bottom: rules.NoCard, SeqWinner: rules.NoSeat,
			Phase: rules.PhaseSequences, LastLeader: rules.NoSeat, Dealer: rules.SeatA, Turn: rules.SeatB}
		if tc.you == rules.SeatB {
			v.Hand = rules.SetOf(ten)
		}
		if strings.Contains(tc.want, "played") {
			v.Played[rules.SeatB] = rules.SetOf(ten)
		}
		sc := sceneOf(v)
		sc.You = tc.you
		grid := ansi.Strip(strings.Join(sc.trickGrid(&ctx, 80, kit.CardSize{W: 5, H: 3}, false), "\n"))
		if strings.Contains(grid, "Upcard") || strings.Contains(grid, "10♣") {
			t.Errorf("seat %v: the upcard in West's hand is drawn on the table:\n%s", tc.you, grid)
		}
		info := ansi.Strip(strings.Join(sc.infoFrags(&ctx), " · "))
		if !strings.Contains(info, tc.want) || strings.Contains(info, "took it") {
			t.Errorf("seat %v: header %q, want %q", tc.you, info, tc.want)
		}
	}
}

// The line under a menu says what the chosen item means at every seat
// count: at the first bid, what passing means.
func TestChoiceExplainedAtEveryCount(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the person's first bid", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhaseBid1
		}, false)
		if got := f.text(); !strings.Contains(got, "pass: leave") {
			t.Errorf("the first bid does not say what passing means:\n%s", got)
		}
	})
}

// Every explanation fits, with its item's words, on the one line under
// the menu at 80 columns: nothing of it is cut, at any seat count.
func TestChoiceExplainFits(t *testing.T) {
	ctx := kittest.Context(80, 24)
	s := &Screen{}
	s.Bella = rules.NoCard
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var items []rules.Action
		for k := rules.Pass; k <= rules.Give; k++ {
			a := rules.Action{Kind: k}
			switch k {
			case rules.Name:
				for _, su := range []rules.Suit{rules.Clubs, rules.Diamonds, rules.Hearts, rules.Spades, rules.NoTrumps} {
					items = append(items, rules.NameAction(su))
				}
				continue
			case rules.Announce:
				items = append(items, rules.AnnounceAction(20))
				a.N = 50
			case rules.Top:
				a.Rank = rules.Ace
			case rules.Length:
				a.N = 8
			case rules.Give, rules.Draw, rules.PlayCard:
				a.Card = rules.MustCard("TD")
				a.Bella = k == rules.PlayCard
			}
			items = append(items, a)
		}
		items = append(items, rules.PlayMenageAction(rules.MustCard("JH")))
		for _, ph := range []rules.Phase{rules.PhaseDeclare, rules.PhaseBid1, rules.PhaseBid2, rules.PhaseSequences} {
			for _, dealer := range []rules.Seat{rules.SeatA, rules.SeatB} {
				v := rules.View{Players: n, Phase: ph, Dealer: dealer, OrigUpcard: rules.MustCard("JD")}
				for i := range items {
					l := s.choiceLine(&ctx, &v, items[i:i+1], 0)
					if w := kit.WidthOf(l); w > ctx.Width-2 {
						t.Errorf("%v in %v: %d columns: %q", items[i], ph, w, l)
					}
				}
			}
		}
	})
}

// TestOneAnswerAsked: at a shared table a decision with one legal
// answer is asked all the same (Game.AskAll). At 80×24 at every seat
// count the screen shows its one item and says why it is the only
// answer, and enter answers it.
func TestOneAnswerAsked(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := options(n)
		o.Shlomo, o.Cleopatra = n > 2, n == 4
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, tc *Config) {
			hc.Options, hc.AskAll, tc.Shared = o, true, true
		})
		seen := map[rules.Kind]bool{}
		for len(seen) < 3 && f.reach(func(s host.Snapshot) bool {
			return s.Only != "" && !seen[s.View.Legal()[0].Kind]
		}, false) {
			s := f.snap()
			a := s.View.Legal()[0]
			seen[a.Kind] = true
			kittest.CheckSize(t, frame(f.hs), 80, 24)
			text := kittest.Flat(f.text())
			if !strings.Contains(text, "Only answer: "+s.Only+".") {
				t.Fatalf("%v asked alone: the screen does not say why (%q):\n%s", a, s.Only, f.text())
			}
			// In the move clock's last seconds too, beside them.
			due := f.s.snap.Players[s.Seat].Due
			clockAt(f, t0, s.Seat, 20*time.Second)
			text = kittest.Flat(f.text())
			if !strings.Contains(text, "Only answer: "+s.Only+".") || !strings.Contains(text, "A bot plays for you in 20s.") {
				t.Fatalf("%v asked alone, 20 s left: the reason or the clock is missing:\n%s", a, f.text())
			}
			f.s.snap.Players[s.Seat].Due = due
			gen := s.Gen
			f.step(false)
			f.refresh()
			if f.snap().Gen == gen {
				t.Fatalf("enter did not answer %v", a)
			}
		}
		if len(seen) == 0 {
			t.Fatal("no decision with one answer was asked")
		}
	})
}

// TestOneAnswerLongReasonWhole: a one-answer decision's reason too long
// for a line of 80 columns ("your sequence is lower than the claim
// standing, so it is not shown", at four the longer one naming the
// partner) is said whole, wrapped, never cut, at every seat count: beside
// the last move's note, and over the move clock's last seconds. The
// seeds are games where a bot's claim stands over the person's lower
// sequence.
func TestOneAnswerLongReasonWhole(t *testing.T) {
	games := map[int][]uint64{2: {8}, 3: {4}, 4: {81, 101}}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, seed := range games[n] {
			f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, tc *Config) {
				hc.AskAll, tc.Shared = true, true
			})
			f.until("a lower sequence's one answer", func(s host.Snapshot) bool {
				return strings.Contains(s.Only, "lower than the claim standing")
			}, false)
			s := f.snap()
			want := "Only answer: " + s.Only + "."
			if kit.WidthOf(want) <= 78 {
				t.Fatalf("%d players, seed %d: %q fits a line: nothing to wrap", n, seed, want)
			}
			// The screen's own lines: those under the table's last rule.
			under := func() string {
				lines := strings.Split(f.text(), "\n")
				at := len(lines) - 1
				for at > 0 && !strings.HasPrefix(lines[at], "────") {
					at--
				}
				return kittest.Flat(strings.Join(lines[at+1:], "\n"))
			}
			kittest.CheckSize(t, frame(f.hs), 80, 24)
			if got := under(); !strings.Contains(got, want) {
				t.Errorf("%d players, seed %d: the reason is not said whole under the table:\n%s", n, seed, f.text())
			}
			clockAt(f, t0, s.Seat, 20*time.Second)
			kittest.CheckSize(t, frame(f.hs), 80, 24)
			if got := under(); !strings.Contains(got, want) || !strings.Contains(got, "A bot plays for you in 20s.") {
				t.Errorf("%d players, seed %d, 20 s left: the reason is not said whole beside the clock:\n%s", n, seed, f.text())
			}
		}
	})
}

// A menu's letter or number that takes nothing now says so, and which
// keys do: in round one the letter of a suit, in round two the suit
// turned down in round one, a number past the menu. The decision is
// still to make.
func TestKeyNotOfferedSaysSo(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the person's bid", atBid, false)
		before := f.snap().Gen
		for _, key := range []string{"e", "9", "x"} {
			f.hs.Press(key)
			text := kittest.Flat(f.text())
			if !strings.Contains(text, "Key "+key+" is not among the choices:") {
				t.Errorf("%s says nothing:\n%s", key, f.text())
			}
			_, keys, _ := strings.Cut(text, "Key "+key+" is not among the choices: ")
			keys, _, _ = strings.Cut(keys, ".")
			if !strings.Contains(keys, "p") || strings.Contains(keys, key) {
				t.Errorf("the note names not the keys that choose (%q):\n%s", keys, f.text())
			}
			if f.snap().Gen != before {
				t.Fatalf("%s made a move", key)
			}
		}
	})
}

// Every key that does nothing at the person's decision says so, naming
// the key pressed, whatever the key: a letter no menu uses, a capital,
// a digit that is no item, a sign, a key that acts on another screen
// only. Each replaces the note of the key before it. In the bidding,
// the card play and the sequences' words, at every seat count; the
// decision is still to make.
func TestEveryWrongKeyAnswered(t *testing.T) {
	wrong := []string{"x", "z", "Z", "Q", "0", "!", "@", "w", "tab", "N"}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, c := range []struct {
			what string
			ok   func(host.Snapshot) bool
		}{
			{"a bid", atBid},
			{"the sequences' words", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseSequences }},
			{"a card", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhasePlay }},
		} {
			var f *fixture
			for seed := uint64(1); seed < 60; seed++ {
				if g := newFixture(t, n, seed, 80, 24, gated()); g.reach(c.ok, true) {
					f = g
					break
				}
			}
			if f == nil {
				t.Fatalf("no game up to seed 60 came to %s", c.what)
			}
			before := f.snap().Gen
			for _, key := range wrong {
				f.hs.Press(key)
				if text := kittest.Flat(f.text()); !strings.Contains(text, "! Key "+key+" is not among the choices: ") {
					t.Errorf("%s: %s is not answered:\n%s", c.what, key, f.text())
				}
				if f.snap().Gen != before {
					t.Fatalf("%s: %s made a move", c.what, key)
				}
			}
		}
	})
}

// TestRoundTwoMenuNamesSuits: at 80×24 the round-two menu names each
// suit it offers in words wherever its one line has room for them: at
// two and three players beside the sign ("[c] ♣ clubs"), at four (no
// trumps among the choices) by the name alone ("[c] clubs"); the
// four-handed dealer, offered every suit, no trumps and pass, has them
// over two lines (TestDealerRoundTwoMenuInFullWords).
func TestRoundTwoMenuNamesSuits(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		named := 0
		for seed := uint64(1); seed <= 60 && named < 2; seed++ {
			f := newFixture(t, n, seed, 80, 24)
			if !f.reach(func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid2 }, false) {
				continue
			}
			v := f.snap().View
			menu := ""
			for _, l := range strings.Split(f.text(), "\n") {
				if strings.Contains(l, "Round two:") {
					menu = l
				}
			}
			legal := v.Legal()
			if n == 4 && v.Seat == v.Dealer && len(legal) > 5 {
				continue
			}
			for _, a := range legal {
				if a.Kind == rules.Name && !strings.Contains(menu, a.Suit.Name()) {
					t.Fatalf("seed %d: %v is not named in %q:\n%s", seed, a.Suit, menu, f.text())
				}
			}
			named++
		}
		if named == 0 {
			t.Fatal("no game came to the person's round-two choice")
		}
	})
}

// TestRoundTwoMenuAsTheTrainer: at 80×24 the round-two menu writes each
// suit it offers as the trainer does (kit.TableActionLabel: "[c] ♣
// clubs", "[c] clubs" under -ascii, where the letter only repeats the
// name), at every seat count (the four-handed dealer, offered all four
// suits, no trumps and pass, aside: that menu takes two lines,
// TestDealerRoundTwoMenuInFullWords).
func TestRoundTwoMenuAsTheTrainer(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		testkit.EachSeatCount(t, func(t *testing.T, n int) {
			seen := 0
			for seed := uint64(1); seed <= 60 && seen < 2; seed++ {
				f := newFixture(t, n, seed, 80, 24)
				f.drawASCII(ascii)
				if !f.reach(func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid2 }, false) {
					continue
				}
				v := f.snap().View
				legal := v.Legal()
				if n == 4 && v.Seat == v.Dealer && len(legal) > 5 {
					continue
				}
				menu := ""
				for _, l := range strings.Split(f.text(), "\n") {
					if strings.Contains(l, "Round two:") {
						menu = l
					}
				}
				keys := kit.MenuKeys(s2items(f, legal))
				for i, a := range s2items(f, legal) {
					if a.Kind != rules.Name {
						continue
					}
					want := "[" + keys[i] + "] " + ansi.Strip(kit.TableActionLabel(&f.hs.Ctx, a))
					if ascii {
						want = kit.ASCIIText(want)
					}
					if !strings.Contains(menu, want) {
						t.Fatalf("ascii %v, seed %d: %q is not in %q:\n%s", ascii, seed, want, menu, f.text())
					}
				}
				seen++
			}
			if seen == 0 {
				t.Fatal("no game came to the person's round-two choice")
			}
		})
	}
}

// s2items is the round-two menu's items in its order, as the screen
// lists them.
func s2items(f *fixture, legal []rules.Action) []rules.Action {
	if items := f.s.menuItems(); len(items) > 0 {
		return items
	}
	return legal
}

// TestDeclarationMenuKeys: a shlomo's or cleopatra's menu is keyed as
// the table's other declarations are, a letter for each item and n for
// the one that declines ("[a] announce … [n] no sequence"): "[d]
// declare shlomo (+20)  [n] no shlomo". Its keys are those the help's
// declarations row lists and the refusal of another key names, and
// they work: n passes, d declares (the card to give is asked next).
// Two players have no declaration, and their help lists none.
func TestDeclarationMenuKeys(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		withDecl := func(hc *host.Config, c *Config) {
			hc.Options.Shlomo, hc.Options.Cleopatra = true, n == 4
			c.Shared, c.Tag = true, "table ABCD"
		}
		help := func(f *fixture) string {
			var all []string
			for _, row := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
				for _, b := range row {
					all = append(all, b.Help().Key+" "+b.Help().Desc)
				}
			}
			return strings.Join(all, "\n")
		}
		asked := func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseDeclare }
		if n == 2 {
			f := newFixture(t, n, seeds[n], 80, 24, withDecl)
			if strings.Contains(help(f), "declarations") || f.reach(asked, false) {
				t.Fatalf("two players are offered a declaration:\n%s", help(f))
			}
			return
		}
		seen := 0
		for seed := uint64(1); seed <= 40 && seen < 2; seed++ {
			for _, key := range []string{"n", "d"} {
				f := newFixture(t, n, seed, 80, 24, withDecl)
				if !f.reach(asked, false) {
					break
				}
				v := f.snap().View
				word := rules.Action{Kind: v.Declaring()}.Words()
				menu := ""
				for _, l := range strings.Split(f.text(), "\n") {
					if strings.Contains(l, "Declare?") {
						menu = l
					}
				}
				if !strings.Contains(menu, "[d] declare "+word+" (+20)") || !strings.Contains(menu, "[n] no "+word) || strings.Contains(menu, "[1]") || strings.Contains(menu, "[p]") {
					t.Fatalf("seed %d: the %s menu is not keyed d and n: %q\n%s", seed, word, menu, f.text())
				}
				row := ""
				for _, l := range strings.Split(help(f), "\n") {
					if strings.HasPrefix(l, "declarations ") {
						row = l
					}
				}
				if !strings.HasPrefix(row, "declarations d declare · n no ") || !strings.Contains(row, "no "+word) {
					t.Fatalf("seed %d: the help's declarations row does not list the menu's keys: %q", seed, row)
				}
				f.hs.Press("p")
				if !strings.Contains(f.text(), "Key p is not among the choices: d or n.") {
					t.Fatalf("seed %d: p is not refused with the menu's keys:\n%s", seed, f.text())
				}
				gen, steps := f.snap().Gen, len(v.History())
				f.hs.Press(key)
				s := f.snap()
				if s.Gen == gen || len(s.View.History()) <= steps {
					t.Fatalf("seed %d: %s took nothing:\n%s", seed, key, f.text())
				}
				took := s.View.History()[steps]
				want := map[string]rules.Kind{"n": rules.Pass, "d": v.Declaring()}[key]
				if took.Seat != v.Seat || took.Action.Kind != want {
					t.Fatalf("seed %d: %s took %v by %v, not %v:\n%s", seed, key, took.Action, took.Seat, want, f.text())
				}
				if key == "d" {
					seen++
				}
			}
		}
		if seen == 0 {
			t.Fatal("no game asked the person to declare")
		}
	})
}

// TestDealerRoundTwoMenuInFullWords: at 80×24, with and without
// -ascii, the dealer's round-two menu, offered every suit but the
// upcard's, or every suit, no trumps and pass (at four), names each
// suit as the trainer does ("[c] ♣ clubs"), over two lines when one
// has no room, never by its sign alone; the screen keeps its size.
func TestDealerRoundTwoMenuInFullWords(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		testkit.EachSeatCount(t, func(t *testing.T, n int) {
			var f *fixture
			for seed := uint64(1); seed <= 20 && f == nil; seed++ {
				g := newFixture(t, n, seed, 80, 24, passingBots)
				g.drawASCII(ascii)
				if g.reach(func(s host.Snapshot) bool {
					return s.Can.Act && s.View.Phase == rules.PhaseBid2 && s.View.Seat == s.View.Dealer
				}, false) {
					f = g
				}
			}
			if f == nil {
				t.Fatal("no game of 20 came to the dealer's round-two choice")
			}
			v := f.snap().View
			legal := v.Legal()
			frame := f.hs.Frame()
			kittest.CheckSize(t, frame, 80, 24)
			text := f.text()
			if ascii {
				text = kit.ASCIIText(text)
			}
			lines := strings.Split(text, "\n")
			menu, rows := "", 0
			for i, l := range lines {
				if strings.Contains(l, "Round two:") {
					menu, rows = l, 1
					if next := lines[i+1]; strings.HasPrefix(next, "   ") && strings.Contains(next, "] ") {
						// The menu's second line, under its first item.
						menu, rows = menu+"\n"+next, 2
					}
				}
			}
			items := s2items(f, legal)
			keys := kit.MenuKeys(items)
			suits := 0
			for i, a := range items {
				want := "[" + keys[i] + "] " + ansi.Strip(kit.TableActionLabel(&f.hs.Ctx, a))
				if ascii {
					want = kit.ASCIIText(want)
				}
				if !strings.Contains(menu, want) {
					t.Errorf("ascii %v: %q is not in the menu %q:\n%s", ascii, want, menu, text)
				}
				if a.Kind == rules.Name && a.Suit != rules.NoTrumps {
					suits++
				}
			}
			if n == 4 && (suits != 4 || rows != 2) || n < 4 && rows != 1 {
				t.Errorf("ascii %v: %d suits offered, the menu over %d lines:\n%s", ascii, suits, rows, text)
			}
		})
	}
}

// TestRoundOneSaysTheMenusOrder: the line over the bidding lists the
// choices of round one in the order its menu offers them, pass first.
func TestRoundOneSaysTheMenusOrder(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		if !f.reach(func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false) {
			t.Skip("no round one to speak in")
		}
		txt := strings.Join(strings.Fields(f.text()), " ")
		at := strings.Index(txt, "round one: ")
		if at < 0 {
			t.Fatalf("no round-one line:\n%s", f.text())
		}
		if !strings.HasPrefix(txt[at:], "round one: pass, take ") && !strings.HasPrefix(txt[at:], "round one: pass or take ") {
			t.Errorf("the line does not list pass then take, as the menu does:\n%s", f.text())
		}
		if p, tk := strings.Index(txt, "[p] pass"), strings.Index(txt, "[t] take"); p < 0 || tk < 0 || p > tk {
			t.Errorf("the menu does not offer pass then take:\n%s", f.text())
		}
	})
}

// atBid: the person is to bid, in round one or two.
func atBid(s host.Snapshot) bool {
	return s.Can.Act && (s.View.Phase == rules.PhaseBid1 || s.View.Phase == rules.PhaseBid2)
}
