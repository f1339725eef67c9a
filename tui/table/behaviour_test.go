package table

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// A double enter at a deal's result goes on to the next deal once: the
// second enter, typed before the new deal was on the screen, makes no
// bid the person never saw.
func TestDoubleEnterMakesNoUnseenBid(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		for deal := 0; deal < 3; deal++ {
			f.until("a result", func(s host.Snapshot) bool { return s.Between }, true)
			no := f.snap().DealNo
			f.hs.Deliver(kittest.Key("enter"))
			f.hs.Deliver(kittest.Key("enter"))
			f.refresh()
			s := f.snap()
			if s.DealNo != no+1 || s.Between {
				t.Fatalf("after enter enter: deal %d between %v, want deal %d on the table", s.DealNo, s.Between, no+1)
			}
			if m := myMoves(s); m != 0 {
				t.Fatalf("deal %d: %d moves of the person's made by a key typed at the result", s.DealNo, m)
			}
		}
	})
}

// A double enter at the last deal's result shows the game's end and
// stays there: the second enter, typed before the end was read, leaves
// nothing. q then leaves at once, as there is nothing to lose.
func TestDoubleEnterKeepsTheGameOver(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("the last deal's result", func(s host.Snapshot) bool { return s.Over }, true)
		if f.s.overSeen || f.s.QuitsAtOnce() {
			t.Fatalf("the game's end is shown before its last result was read:\n%s", f.text())
		}
		f.hs.Deliver(kittest.Key("enter"))
		f.hs.Deliver(kittest.Key("enter"))
		if f.hs.Quit || !strings.Contains(f.text(), "Game over") {
			t.Fatalf("after enter enter at the last result: quit %v, screen:\n%s", f.hs.Quit, f.text())
		}
		if !strings.Contains(f.text(), "press q to quit") || !strings.Contains(f.text(), "[q] quit") {
			t.Fatalf("the end does not say how to leave:\n%s", f.text())
		}
		if !f.s.QuitsAtOnce() {
			t.Fatal("q asks before leaving the game's end, where nothing is lost")
		}
	})
}

// Keys typed while a bot thinks choose the person's card but never play
// it: a digit typed ahead puts the cursor on its card, enter (or b)
// typed ahead is dropped, so that enter enter enter plays nothing the
// person has not seen at their turn; enter there plays the card chosen.
// Keys typed as the deal ends never cross into the next deal.
func TestTypedAheadCard(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		// The person plays, a bot is to play next.
		f.until("a card with a bot to play after it", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() > 2
		}, true)
		before := myPlays(f.snap())
		f.hs.Press("enter")
		if f.snap().Thinking == rules.NoSeat {
			// The seed is fixed: no bot thinking means the game changed.
			t.Fatal("no bot thinks after the person's card")
		}
		// Typed at once after the card, and while the bot thinks.
		f.hs.Press("enter", "enter", "2", "enter", "b", "l", "left")
		if !strings.Contains(f.text(), "Kept for your card: 2 → ←") || strings.Contains(f.text(), "Kept for your card: enter") {
			t.Fatalf("the keys typed ahead are not said as kept, the cursor's as arrows:\n%s", f.text())
		}
		// Eight are kept; a ninth is not, and the note says so.
		f.hs.Press("right", "left", "right", "left", "2", "right")
		if text := kittest.Flat(f.text()); !strings.Contains(text, "Kept for your card: 2 → ← → ← → ← 2 (") || !strings.Contains(text, "no more than 8 keys are kept") {
			t.Fatalf("a key typed ahead past the most kept is dropped unsaid:\n%s", f.text())
		}
		for f.snap().Thinking != rules.NoSeat {
			f.release()
			f.refresh()
		}
		f.refresh()
		if got := myPlays(f.snap()); got != before+1 {
			t.Fatalf("%d cards played, want 1: a key typed ahead played a card", got-before)
		}
		want := f.s.hand()[1]
		legal := false
		sn := f.snap()
		for _, a := range sn.View.Legal() {
			legal = legal || a.Kind == rules.PlayCard && a.Card == want
		}
		// An unplayable card is not pointed at (TestTypedAheadUnplayable).
		if !f.snap().Can.Act || legal && f.s.Cursor != 1 {
			t.Fatalf("at the person's turn the cursor is on card %d, want the 2nd (can act %v)", f.s.Cursor+1, f.snap().Can.Act)
		}
		f.hs.Press("enter")
		if legal {
			if got := myPlays(f.snap()); got != before+2 {
				t.Fatalf("enter at the turn played %d cards, want the one chosen", got-before-1)
			}
		}
		// At the deal's end: keys typed while the last trick finishes are
		// dropped with the deal.
		f.until("the last card", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() == 1
		}, true)
		f.hs.Press("enter")
		if f.snap().Thinking != rules.NoSeat {
			f.hs.Press("enter")
		}
		for f.snap().Thinking != rules.NoSeat {
			f.release()
			f.refresh()
		}
		if !f.snap().Between {
			t.Fatalf("the deal did not end: %+v", f.snap().Can)
		}
		if !strings.Contains(f.text(), "is over") {
			t.Fatalf("a key typed at the last trick skipped the result:\n%s", f.text())
		}
	})
}

// A digit typed ahead while a bot plays, whose card turns out not
// playable at the person's turn, is dropped with a word of why: the
// cursor stays on a playable card and nothing is kept. A playable one is
// pointed at. At every seat count.
func TestTypedAheadUnplayable(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		dropped, pointed := 0, 0
		for try := 0; try < 200 && (dropped == 0 || pointed == 0); try++ {
			f.until("a card with a bot to play after it", func(s host.Snapshot) bool {
				return s.Can.Act && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() > 2
			}, true)
			f.hs.Press("enter")
			if f.snap().Thinking == rules.NoSeat {
				continue
			}
			d := try%f.snap().View.Hand.Count() + 1
			f.hs.Press(fmt.Sprint(d))
			for f.snap().Thinking != rules.NoSeat {
				f.release()
				f.refresh()
			}
			f.refresh()
			sn := f.snap()
			if !sn.Can.Act || sn.View.Phase != rules.PhasePlay || sn.Between {
				continue
			}
			legal := kit.LegalCards(&sn.View)
			c := f.s.hand()[d-1]
			if legal.Has(c) {
				pointed++
				if f.s.Cursor != d-1 {
					t.Fatalf("the %d typed ahead, playable, left the cursor on card %d", d, f.s.Cursor+1)
				}
				continue
			}
			dropped++
			txt := kittest.Flat(f.text())
			want := fmt.Sprintf("The %d typed ahead is dropped, since %s cannot be played now: ", d, f.hs.Ctx.Paint.Glyphs.CardText(c))
			if !strings.Contains(txt, want) || !strings.Contains(txt, "Choose your card.") {
				t.Fatalf("the unplayable card typed ahead is not said (want %q):\n%s", want, f.text())
			}
			if !legal.Has(f.s.hand()[f.s.Cursor]) || len(f.s.queued) > 0 {
				t.Fatalf("the cursor is on card %d, unplayable, or keys are kept (%d)", f.s.Cursor+1, len(f.s.queued))
			}
		}
		if dropped == 0 || pointed == 0 {
			t.Fatalf("in 200 tries: %d unplayable cards typed ahead, %d playable", dropped, pointed)
		}
	})
}

// A takeback never goes back past cards the person has seen; at every
// count the refusal says so.
func TestUndoStopsAtSeenCards(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a card after the others played", func(s host.Snapshot) bool {
			return myCard(s) && s.View.LastLeader != rules.NoSeat
		}, true)
		f.hs.Press("u")
		if !strings.Contains(f.text(), "cards were shown or told of since your last decision") {
			t.Fatalf("u did not say why the decision stands:\n%s", f.text())
		}
		if f.snap().Takebacks != 0 {
			t.Fatal("a decision was taken back past cards seen")
		}
		// The help (?) says when a decision can be taken back, as the
		// refusal does.
		said := false
		for _, col := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
			for _, b := range col {
				said = said || b.Help().Key == "u" && strings.Contains(b.Help().Desc, "until new cards are shown")
			}
		}
		if !said {
			t.Fatalf("the help does not say until when u takes back: %+v", f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp())
		}
	})
}

// A claim is checked at every count; its verdict shows.
func TestClaimAtEveryCount(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a late card", func(s host.Snapshot) bool {
			return s.Can.Act && s.Can.Claim && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() <= 2
		}, true)
		f.hs.Press("c")
		txt := kittest.Flat(f.text())
		if !strings.Contains(txt, "Claim accepted") && !strings.Contains(txt, "Claim refused") {
			t.Fatalf("no verdict of the claim:\n%s", f.text())
		}
	})
}

// The hint lists every option in rank order, the hard bot's first, and
// its reason never weighs an option against itself.
func TestHintRanked(t *testing.T) {
	ctx := kit.NewContext(false)
	v := handView(t)
	legal := v.Legal()
	if len(legal) < 3 {
		t.Fatalf("%d options", len(legal))
	}
	ev := eval.Evaluation{Samples: 50, ByWin: true, Best: 1}
	wins := []float64{0.30, 0.62, 0.45}
	for i, a := range legal[:3] {
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: float64(i), StdErr: 1, Win: wins[i]})
	}
	for _, a := range legal[3:] {
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: -9, StdErr: 1, Win: 0.1})
	}
	lines, _ := hintWindow(&ctx, &v, ev, rules.NoCard, 80, -1, 0)
	txt := strings.Join(lines, "\n")
	label := func(a rules.Action) string { return kit.OptionLabel(&ctx, a) }
	best, second, third := label(legal[1]), label(legal[2]), label(legal[0])
	ib, is, it := strings.Index(txt, "\n   "+best), strings.Index(txt, "\n   "+second), strings.Index(txt, "\n   "+third)
	if ib < 0 || is < 0 || it < 0 || ib > is || is > it {
		t.Fatalf("rows not in rank order (%s, %s, %s):\n%s", best, second, third, txt)
	}
	for _, l := range lines {
		if strings.Contains(l, "of the time") && strings.Count(l, best) > 1 {
			t.Fatalf("the reason weighs %s against itself: %q", best, l)
		}
	}
}

// handView is a view with a decision of at least three options.
func handView(t *testing.T) rules.View {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		g := rules.NewGame(options(2), rules.SeatA)
		if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(seed, 1)))); err != nil {
			t.Fatal(err)
		}
		for g.Deal().Phase() != rules.PhasePlay && !g.NeedDeal() {
			d := g.Deal()
			v := d.View(d.Turn())
			if err := g.Apply(takeOrFirst(v.Legal())); err != nil {
				t.Fatal(err)
			}
		}
		if g.NeedDeal() {
			continue
		}
		d := g.Deal()
		if v := d.View(d.Turn()); len(v.Legal()) >= 3 {
			return v
		}
	}
	t.Fatal("no view with three options")
	return rules.View{}
}

// The header leaves parts out whole, never cut: "game to 30" never
// stands for a game to 300. At 80 columns the target stays, alone or
// with the seat count ("3 players to 300").
func TestHeaderKeepsWords(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, n := range []int{2, 3, 4} {
		o := options(n)
		o.Target = 300
		g := rules.NewGame(o, rules.SeatB)
		if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(3, 1)))); err != nil {
			t.Fatal(err)
		}
		sc := &Scene{V: g.Deal().View(rules.SeatA), You: rules.SeatA, DealNo: 12, Totals: [4]int{123, 145, 99}, Tag: "normal bots"}
		for s := range n {
			sc.Players = append(sc.Players, Player{Name: []string{"Tester", "Westmorland", "Northumberland", "Eastbourne"}[s]})
		}
		for w := 30; w <= 120; w++ {
			h := sc.Header(&ctx, w)
			if kit.WidthOf(h) > w {
				t.Fatalf("%d players, %d wide: header %d wide", n, w, kit.WidthOf(h))
			}
			if strings.Contains(h, "game to") && !strings.Contains(h, "game to 300") {
				t.Fatalf("%d players, %d wide: %q", n, w, h)
			}
			if w == 80 && !strings.Contains(h, "game to 300") && !strings.Contains(h, fmt.Sprintf("%d players to 300", n)) {
				t.Fatalf("%d players at 80 columns: no target in %q", n, h)
			}
		}
	}
}

// A decision made before any new card is seen may be taken back: the
// note says so and the person decides again.
func TestUndoTakesBack(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		for range 3000 {
			s := f.snap()
			if s.Can.Undo && s.Can.Act {
				f.hs.Press("u")
				if f.snap().Takebacks != 1 || !strings.Contains(f.text(), "Taken back: decide again") {
					t.Fatalf("u did not take back:\n%s", f.text())
				}
				return
			}
			if s.Over {
				break
			}
			f.step(false)
		}
		// The seed is fixed: none coming means the game changed.
		t.Fatal("no decision to take back came")
	})
}

// With the trick held on the table (the player's setting), a finished
// trick stays until a key; the key goes on.
func TestTrickHeld(t *testing.T) {
	eachTableWith(t, func(hc *host.Config, _ *Config) { hc.HoldTricks = true }, func(t *testing.T, n int, f *fixture) {
		f.until("a trick held", func(s host.Snapshot) bool { return s.Hold }, true)
		if !strings.Contains(f.text(), "Trick over.") {
			t.Fatalf("no word of the held trick:\n%s", f.text())
		}
		// The held trick is said once: the prompt line, not a note too.
		low := strings.ToLower(f.text())
		if n := strings.Count(low, "trick over") + strings.Count(low, "trick is over"); n != 1 {
			t.Fatalf("the held trick is said %d times:\n%s", n, f.text())
		}
		gen := f.snap().Gen
		f.hs.Press("x")
		if s := f.snap(); s.Hold && s.Gen == gen {
			t.Fatal("a key did not let the game go on")
		}
	})
}

// No frame of the table ever shows a card the person's seat may not
// know (the host's HiddenFrom: the other hands, less what the seat's
// view knows of them), whatever is open: the table, the trick list, the
// hint, the result.
func TestNoHiddenCard(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := hiddenCardFixture(t, n)
		g := &f.hs.Ctx.Paint.Glyphs
		check := func(what string) {
			t.Helper()
			deal, hidden, err := f.h.HiddenFrom(rules.SeatA)
			if err != nil || deal != f.snap().DealNo {
				return // the game moved on since the screen's snapshot
			}
			text := f.text()
			for _, c := range hidden.Cards() {
				if strings.Contains(text, g.CardText(c)) {
					t.Fatalf("%s: the screen shows %s, which seat A may not know:\n%s", what, g.CardText(c), text)
				}
			}
		}
		for i := 0; i < 400 && !(f.snap().Over && f.s.overSeen); i++ {
			check("the table")
			if i%7 == 0 {
				f.hs.Press("v")
				check("the trick list")
				f.hs.Press("v")
			}
			if i%11 == 0 && f.snap().Can.Hint {
				f.hs.Press("H")
				check("the hint")
				f.hs.Press("H")
			}
			f.step(i%3 == 0)
		}
	})
}

// TestPartnerRolesFit: at 80×24 a partner who deals and made trump keeps
// "dealer · maker" whole, and no role is cut ("partne").
func TestPartnerRolesFit(t *testing.T) {
	ctx, v, sc := partnerMakes(t)
	out, _ := Render(&ctx, sc, Hand{Cards: kit.ViewHand(&v, kit.ByStrength), Cursor: -1}, nil)
	plain := ansi.Strip(out)
	if !strings.Contains(plain, "dealer · maker") {
		t.Fatalf("the partner's roles are not shown whole:\n%s", plain)
	}
	if strings.Contains(strings.ReplaceAll(plain, "partner", ""), "partne") {
		t.Fatalf("a role is cut:\n%s", plain)
	}
}

// partnerMakes is a four-player deal at 80×24 where C, the person's
// partner, deals and takes the upcard after D, A and B passed: the
// scene of A's view, every seat a normal bot's but A's.
func partnerMakes(t *testing.T) (kit.Context, rules.View, *Scene) {
	t.Helper()
	ctx := kittest.Context(80, 24)
	g := rules.NewGame(options(4), rules.Seat(2))
	if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(5, 1)))); err != nil {
		t.Fatal(err)
	}
	for _, a := range []rules.Action{rules.PassAction(), rules.PassAction(), rules.PassAction(), rules.Action{Kind: rules.Take}} {
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	v := g.Deal().View(rules.SeatA)
	if v.Dealer != rules.Seat(2) || v.Maker != rules.Seat(2) {
		t.Fatalf("dealer %v, maker %v: the test wants C both", v.Dealer, v.Maker)
	}
	sc := &Scene{V: v, You: rules.SeatA, DealNo: 1}
	for s := range 4 {
		sc.Players = append(sc.Players, Player{Name: []string{"You", "West", "North", "East"}[s], Tag: "normal"})
	}
	return ctx, v, sc
}

// After the dix exchange the middle of the table shows the 7 of trump
// at the upcard's place, not the upcard again: that card is in the
// exchanger's hand; once a four-handed maker took the upcard, not for
// the maker, whose hand holds it. No card is drawn twice.
func TestUpcardPlaceAfterTaking(t *testing.T) {
	ctx := kittest.Context(80, 24)
	for _, n := range []int{2, 3, 4} {
		found := false
		for seed := uint64(1); seed < 300 && !found; seed++ {
			g := rules.NewGame(options(n), rules.SeatB)
			if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(seed, 1)))); err != nil {
				t.Fatal(err)
			}
			// Seat A takes when it may and exchanges when it may, the
			// others pass, up to seat A's exchange (two and three) or
			// its taking (four).
			for range 20 {
				v := g.Deal().View(rules.SeatA)
				if v.DixBy != rules.NoSeat || v.Phase == rules.PhasePlay || (n == 4 && v.Maker != rules.NoSeat) {
					break
				}
				legal := g.Legal()
				a := legal[0]
				for _, l := range legal {
					if g.Turn() == rules.SeatA && (l.Kind == rules.Take || l.Kind == rules.Exchange) {
						a = l
					}
				}
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			v := g.Deal().View(rules.SeatA)
			if v.Phase == rules.PhasePlay || (n < 4 && v.DixBy != rules.SeatA) || (n == 4 && v.Maker != rules.SeatA) {
				continue
			}
			found = true
			sc := &Scene{V: v, You: rules.SeatA, DealNo: 1}
			for s := range n {
				sc.Players = append(sc.Players, Player{Name: []string{"You", "West", "North", "East"}[s], Tag: "normal"})
			}
			// The hand is left out: the cards drawn are the middle's.
			out, _ := Render(&ctx, sc, Hand{}, nil)
			plain := ansi.Strip(out)
			size := cardSize(ctx.Width, ctx.Height)
			face := func(c rules.Card) string { return ansi.Strip(ctx.Paint.Card(c, kit.LookFace, size)[1]) }
			if strings.Contains(plain, face(v.OrigUpcard)) {
				t.Errorf("%d players, seed %d: %v, in seat A's hand, is drawn on the table:\n%s", n, seed, v.OrigUpcard, plain)
			}
			if n < 4 && !strings.Contains(plain, face(v.Upcard)) {
				t.Errorf("%d players, seed %d: the 7 %v is not at the upcard's place:\n%s", n, seed, v.Upcard, plain)
			}
		}
		if !found {
			t.Fatalf("%d players: no deal where seat A takes the upcard", n)
		}
	}
}

// TestDeclarationPassSaysWhich: at three and four with shlomo (and
// cleopatra), the last words after a declaration declined say which
// ("East: no shlomo"), as the table talk does, not "East: pass", which
// reads as a bid before any bid was made.
func TestDeclarationPassSaysWhich(t *testing.T) {
	ended := 0
	for _, n := range []int{3, 4} {
		for seed := uint64(1); seed <= 6; seed++ {
			o := options(n)
			o.Shlomo, o.Cleopatra = true, n == 4
			f := newFixture(t, n, seed, 80, 24, gated(), func(hc *host.Config, _ *Config) { hc.Options = o })
			f.until("the bidding", func(s host.Snapshot) bool { return s.View.Phase != rules.PhaseDeclare }, false)
			snap := f.snap()
			h := snap.View.History()
			if last := h[len(h)-1]; last.Action.Kind != rules.Pass {
				continue
			}
			ended++
			// The line over the bidding offers "round one: pass, …",
			// a choice, not words said.
			if strings.Contains(strings.ReplaceAll(f.text(), "round one: pass", ""), ": pass") {
				t.Fatalf("%d players, seed %d: a declaration declined reads as a bid:\n%s", n, seed, f.text())
			}
			want := "no shlomo"
			if n == 4 {
				want = "no cleopatra"
			}
			if !strings.Contains(f.text(), want) {
				t.Fatalf("%d players, seed %d: no %q:\n%s", n, seed, want, f.text())
			}
		}
	}
	if ended < 3 {
		t.Fatalf("%d declarations ended on a pass: too few", ended)
	}
}

// TestBellaKeyOnlyWhenPossible: the keys under the table offer b for
// bella only when a card may be played with it now; otherwise b is
// refused, so the screen does not offer it.
func TestBellaKeyOnlyWhenPossible(t *testing.T) {
	offered, hidden := 0, 0
	eachOwnCard(t, 80, 24, 400, func(f *fixture, n int, s host.Snapshot) {
		can := false
		for _, a := range s.View.Legal() {
			can = can || (a.Kind == rules.PlayCard && a.Bella)
		}
		shown := strings.Contains(f.text(), "b bella")
		if shown != can {
			t.Fatalf("%d players: bella possible %v, b bella offered %v:\n%s", n, can, shown, f.text())
		}
		if can {
			offered++
		} else {
			hidden++
		}
	})
	if hidden == 0 {
		t.Fatal("no card play without bella seen")
	}
	t.Logf("bella offered %d times, not offered %d", offered, hidden)
}

// eachOwnCard plays a game of the fixture's at every seat count, w×h,
// for at most steps steps, and calls check at each of the person's
// cards to play (no bella question open), before it is played.
func eachOwnCard(t *testing.T, w, h, steps int, check func(f *fixture, n int, s host.Snapshot)) {
	t.Helper()
	for _, n := range []int{2, 3, 4} {
		f := newFixture(t, n, seeds[n], w, h)
		for range steps {
			s := f.snap()
			if s.Over {
				break
			}
			if s.Can.Act && s.View.Phase == rules.PhasePlay && f.s.Bella == rules.NoCard {
				check(f, n, s)
			}
			f.step(true)
		}
	}
}

// TestRerunCommandWraps: at the game's end a command to deal the game
// again that is wider than the window goes on continued lines (" \"),
// each within 80 columns, and pasted into a shell it gives the same
// words, with the same rule options: a -rules value of every option,
// wider than a line, too, at every seat count. A line breaks only
// between whole flag-value pairs: none ends in a flag parted from its
// value, and a line continued starts with a flag, or inside the quoted
// -rules value.
func TestRerunCommandWraps(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no shell")
	}
	const every = "bottom_card=off,sequence_rank=length,melds_need_trick=on,last_trick=20,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on"
	for _, n := range []int{2, 3, 4} {
		for _, cmd := range []string{
			"klob play -players 3 -target 100 -rules of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on -seed 42",
			fmt.Sprintf("klob play -players %d -target 60 -level random -rules %s -seed 18446744073709551615", n, every),
			"klob play -rules of_a_kind=on,menage=on,dealer_forced=on,bimah=on -seed 1424",
			"klob play -players 3 -rules of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on -seed 23",
			"klob play -players 4 -rules of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on -seed 201",
		} {
			o := options(n)
			o.Target = 100
			f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, tc *Config) {
				hc.Options = o
				tc.Rerun = func(uint64) [][]string { return commandParts(cmd) }
			})
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			lines := strings.Split(f.text(), "\n")
			var got []string
			for i, l := range lines {
				if kit.WidthOf(l) > 80 {
					t.Fatalf("%d players: line %d is wider than 80: %q", n, i, l)
				}
				if strings.HasPrefix(strings.TrimSpace(l), "klob play") {
					// The lines as copied from the screen, with the
					// shell in place of klob, print the words it reads.
					var script []string
					for j := i; j < len(lines); j++ {
						part := strings.TrimRight(lines[j], " ")
						script = append(script, part)
						if !strings.HasSuffix(part, "\\") {
							break
						}
						before := strings.Fields(strings.TrimSuffix(part, "\\"))
						if last := before[len(before)-1]; strings.HasPrefix(last, "-") {
							t.Fatalf("%d players: the flag %s is parted from its value:\n%s", n, last, f.text())
						}
						quoted := strings.Count(strings.Join(script, "\n"), `"`)%2 == 1
						if j+1 == len(lines) {
							t.Fatalf("%d players: the command ends in a continuation:\n%s", n, f.text())
						}
						if next := strings.Fields(lines[j+1]); len(next) > 0 && !quoted && !strings.HasPrefix(next[0], "-") {
							t.Fatalf("%d players: %s is parted from its flag:\n%s", n, next[0], f.text())
						}
					}
					text := strings.Replace(strings.Join(script, "\n"), "klob play", "set -- klob play", 1)
					out, err := exec.Command(sh, "-c", text+"\nprintf '%s\\n' \"$@\"").Output()
					if err != nil {
						t.Fatalf("%d players: the shell: %v\n%s", n, err, text)
					}
					got = strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
				}
			}
			want := strings.Fields(cmd)
			if len(got) != len(want) {
				t.Fatalf("%d players: the command reads %q, want %q:\n%s", n, got, want, f.text())
			}
			for i := range want {
				if i > 0 && want[i-1] == "-rules" {
					g, err1 := rules.ParseOptions(got[i])
					w, err2 := rules.ParseOptions(want[i])
					if err1 != nil || err2 != nil || g != w {
						t.Fatalf("%d players: -rules %q reads %+v (%v), want %+v (%v):\n%s", n, got[i], g, err1, w, err2, f.text())
					}
					continue
				}
				if got[i] != want[i] {
					t.Fatalf("%d players: the command reads %q, want %q:\n%s", n, got, want, f.text())
				}
			}
		}
	}
}

// TestNthKeyMatchesHand: the keys under the table offer the numbers of
// the cards in hand ("enter/1-5 play" with five: a digit plays its
// card), not a 9 that plays nothing.
func TestNthKeyMatchesHand(t *testing.T) {
	seen := 0
	eachOwnCard(t, 120, 40, 300, func(f *fixture, n int, s host.Snapshot) {
		want := fmt.Sprintf("enter/1-%d play", len(f.s.hand()))
		if len(f.s.hand()) == 1 {
			want = "enter/1 play"
		}
		if !strings.Contains(f.text(), want) {
			t.Fatalf("%d players, %d cards: no %q:\n%s", n, len(f.s.hand()), want, f.text())
		}
		seen++
	})
	if seen < 10 {
		t.Fatalf("%d cards asked for: too few", seen)
	}
}

// TestSetPromptNamesTheSet: with of_a_kind, a person whose best meld is
// a set is asked "Sequences (yours: 20, three aces):", not with the top
// card of a run it does not hold ("-- high").
func TestSetPromptNamesTheSet(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 60 && found < 2; seed++ {
		o := options(3)
		o.OfAKind = true
		f := newFixture(t, 3, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
		set := func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhaseSequences && s.View.OwnBest().Set
		}
		for range 60 {
			s := f.snap()
			if set(s) || s.DealNo > 1 || s.Over || s.View.Phase == rules.PhasePlay {
				break
			}
			f.step(true)
		}
		if !set(f.snap()) {
			continue
		}
		found++
		snap := f.snap()
		b := snap.View.OwnBest()
		want := fmt.Sprintf("(yours: 20, three %ss)", b.Top.Name())
		if b.Len == 4 {
			want = fmt.Sprintf("(yours: 50, four %ss)", b.Top.Name())
		}
		if !strings.Contains(f.text(), want) {
			t.Fatalf("seed %d: no %q:\n%s", seed, want, f.text())
		}
	}
	if found == 0 {
		t.Fatal("no set to announce in 60 deals")
	}
}

// TestGivePromptSaysGive: after a declaration, the card to give is asked
// as such ("Give North:", "Give West:"), not under "Declare?".
func TestGivePromptSaysGive(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 80 && found < 2; seed++ {
		for _, n := range []int{3, 4} {
			o := options(n)
			o.Shlomo, o.Cleopatra = true, n == 4
			f := newFixture(t, n, seed, 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
			snap := f.snap()
			if !snap.Can.Act || snap.View.Phase != rules.PhaseDeclare {
				continue
			}
			declare := -1
			for i, a := range snap.View.Legal() {
				if a.Kind == rules.Shlomo || a.Kind == rules.Cleopatra {
					declare = i
				}
			}
			if declare < 0 {
				continue
			}
			f.hs.Press(fmt.Sprint(declare + 1))
			snap = f.snap()
			if !snap.Can.Act || snap.View.Legal()[0].Kind != rules.Give {
				continue
			}
			found++
			if strings.Contains(f.text(), "Declare?") || !strings.Contains(f.text(), "Give ") {
				t.Fatalf("%d players, seed %d: the card to give is not asked as one:\n%s", n, seed, f.text())
			}
		}
	}
	if found == 0 {
		t.Fatal("no declaration of the person's in 80 deals")
	}
}

// TestPartnerAwayFits: at four, the partner's seat away from a shared
// game says so and keeps its card count whole beside the trick, not
// cut at the edge of the table ("away, waits 1m54s · 7"), and its
// maker role whole.
func TestPartnerAwayFits(t *testing.T) {
	ctx, v, sc := partnerMakes(t)
	sc.Players[2].Tag = "away, waits 1m54s"
	out, _ := Render(&ctx, sc, Hand{Cards: kit.ViewHand(&v, kit.ByStrength), Cursor: -1}, nil)
	lines := strings.Split(ansi.Strip(out), "\n")
	cards := kit.Plural(v.Counts[2], "card")
	for i, l := range lines {
		if !strings.Contains(l, "away, waits 1m54s") {
			continue
		}
		if !strings.Contains(l, cards) && (i+1 >= len(lines) || !strings.Contains(lines[i+1], cards)) {
			t.Fatalf("the partner's card count is not whole beside its state:\n%s", strings.Join(lines, "\n"))
		}
		if i+1 >= len(lines) || !strings.Contains(lines[i+1], "maker ") {
			t.Fatalf("the partner's maker role is cut:\n%s", strings.Join(lines, "\n"))
		}
		return
	}
	t.Fatalf("the partner's state is not shown:\n%s", strings.Join(lines, "\n"))
}

// TestTakeoverOwnSeatSaysYourBot: a move a bot made for the person's
// own seat while they were away is told as "Your bot", in the last move
// and in the table talk, as another seat's is "ann's bot": not as the
// person's own ("You").
func TestTakeoverOwnSeatSaysYourBot(t *testing.T) {
	ctx := kittest.Context(80, 24)
	g := rules.NewGame(options(3), rules.Seat(2))
	if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(5, 1)))); err != nil {
		t.Fatal(err)
	}
	// A opens the bidding: a bot passes for them, then B passes.
	var moves []host.Mover
	for _, by := range []host.By{host.ByTakeover, host.ByPerson} {
		seat := g.Turn()
		if err := g.Apply(rules.PassAction()); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, host.Mover{Seat: seat, By: by})
	}
	if moves[0].Seat != rules.SeatA {
		t.Fatalf("seat %v opened the bidding, the test wants A", moves[0].Seat)
	}
	s := &Screen{}
	s.snap = host.Snapshot{View: g.Deal().View(rules.SeatA), Seat: rules.SeatA, HasDeal: true, DealNo: 1, Moves: moves,
		Players: []host.SeatInfo{{Name: "ann"}, {Name: "bob"}, {Name: "Bot C", State: host.SeatBot}}}
	sc := s.scene()
	if got := s.describe(&ctx, sc, &host.Move{Seat: rules.SeatA, Action: rules.PassAction(), By: host.ByTakeover}); !strings.HasPrefix(got, "Your bot: pass") {
		t.Errorf("the bot's move for you reads %q", got)
	}
	talk := strings.Join(sc.talkLines(&ctx), "\n")
	if !strings.Contains(ansi.Strip(talk), "Your bot: pass") || strings.Contains(talk, "You: pass") {
		t.Errorf("the table talk does not say the bot passed for you:\n%s", talk)
	}
}

// In the sequence dialogue "good" concedes: where the person's hand has
// a better answer, the menu starts on it, at every seat count.
func TestDialogueStartsOnTheClaim(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		better := func(s host.Snapshot) bool {
			if !s.Can.Act || s.View.Phase != rules.PhaseSequences {
				return false
			}
			legal := s.View.Legal()
			return len(legal) > 1 && legal[0].Kind == rules.Good
		}
		for seed := uint64(1); seed < 200; seed++ {
			f := newFixture(t, n, seed, 80, 24)
			for range 300 {
				s := f.snap()
				if better(s) {
					if f.s.Menu != 1 {
						t.Fatalf("seed %d: the menu starts on item %d of %v:\n%s", seed, f.s.Menu, s.View.Legal(), f.text())
					}
					before := len(s.View.History())
					f.hs.Press("enter")
					f.refresh()
					after := f.snap()
					h := after.View.History()
					if len(h) <= before || h[before].Seat != s.Seat || h[before].Action.Kind == rules.Good {
						t.Fatalf("seed %d: enter did not claim: %v\n%s", seed, h[before:], f.text())
					}
					return
				}
				if s.Over || s.DealNo > 3 {
					break
				}
				if s.Thinking != rules.NoSeat || !(s.Can.Act || s.Can.Ready) {
					f.refresh()
					continue
				}
				f.step(true)
			}
		}
		t.Fatal("no deal in 200 seeds gave the person a better answer than good")
	})
}

// TestOverSSHQuitGoesToTheLobby: a game over SSH (kit.Context.Remote),
// though nobody shares it, offers q as the way back to the lobby at its
// end, where its screens all open from; a local one offers quit.
func TestOverSSHQuitGoesToTheLobby(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, remote := range []bool{false, true} {
			o := options(n)
			o.Target = 100
			f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
			f.hs.Ctx.Remote = remote
			f.s.Enter(&f.hs.Ctx)
			f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
			text := f.text()
			want, not := "[q] quit", "[q] back to the lobby"
			if remote {
				want, not = not, want
			}
			if !strings.Contains(text, want) || strings.Contains(text, not) {
				t.Errorf("remote %v: the end offers no %q:\n%s", remote, want, text)
			}
		}
	})
}

// TestOverSSHSaysWhatCanBeDone: over SSH (kit.Context.Remote) the end
// of a game alone gives its seed as a fact and points to the lobby's
// list of games, not to a klob command or a path on the server the
// person can neither run nor reach; local play keeps both.
func TestOverSSHSaysWhatCanBeDone(t *testing.T) {
	for _, remote := range []bool{false, true} {
		o := options(2)
		o.Target = 100
		f := newFixture(t, 2, seeds[2], 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
		f.hs.Ctx.Remote = remote
		f.s.Enter(&f.hs.Ctx)
		f.until("the end", func(s host.Snapshot) bool { return s.Over && s.Save.Filed && f.s.overSeen }, true)
		text := f.text()
		seed := fmt.Sprintf("Seed %d", f.s.snap.Seed)
		want := []string{seed + " deals this game again, as practice:", "klob play -seed", "The game log is saved at:"}
		not := []string{seed + " dealt this game.", "h in the lobby lists it, for replay and analysis."}
		if remote {
			want, not = not, want
		}
		saysAndNot(t, fmt.Sprintf("remote %v: the end", remote), text, want, not)
	}
}

// TestNoSeedNoPractice: a game resumed from a log that does not record
// its seed has no seed that deals it again: its end offers no practice
// command (not "Seed 0 deals this game again").
func TestNoSeedNoPractice(t *testing.T) {
	data, err := os.ReadFile("../../testdata/games/10-both-over-the-target.klob")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), `[LevelA "random"]`, `[LevelA "human"]`, 1)
	// The save as it stood in the first deal's play, the rest to come.
	text, _, _ = strings.Cut(text, "\ntrick 6 ")
	text = strings.Replace(text, `[Result "A"]`, `[Result "*"]`, 1) + "\n\nend *"
	l, err := gamelog.Parse("10.klob", []byte(strings.TrimSuffix(text, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Header.Tag("Seed") != "" {
		t.Fatal("the log records a seed")
	}
	f := resumedFixture(t, l, 2, 80, 24)
	f.until("the end", func(s host.Snapshot) bool { return s.Over && f.s.overSeen }, true)
	if got := f.text(); strings.Contains(got, "Seed") || strings.Contains(got, "klob play") {
		t.Fatalf("a practice command for a game without its seed:\n%s", got)
	}
}

// TestUpcardTakerShown: the header says whose hand the upcard is in whenever
// every player knows it: at four the maker, whether trump is the
// upcard's suit, another suit or no trumps; at two and three never but
// by the dix exchange, said in words of its own (the upcard stays out).
func TestUpcardTakerShown(t *testing.T) {
	games := uint64(16)
	if testing.Short() {
		games = 4 // still deals of both rounds at four
	}
	for _, n := range []int{2, 3, 4} {
		other := 0
		for k := range games {
			f := newFixture(t, n, seeds[n]+k, 80, 24)
			for range 3000 {
				s := f.snap()
				if s.Over {
					break
				}
				v := &s.View
				if s.HasDeal && !s.Between && v.Phase == rules.PhasePlay {
					// The lines over the table: the title, a rule, trump's.
					head := strings.Join(strings.SplitN(f.text(), "\n", 6)[:5], "\n")
					took := strings.Contains(head, " hand)") || strings.Contains(head, " played it)")
					// A short screen may leave the upcard out of the header.
					if want := n == 4 && strings.Contains(strings.ToLower(head), "upcard "); took != want {
						t.Fatalf("%d players, trump %v, upcard %v: \"in … hand\" %v, want %v:\n%s", n, v.Trump, v.OrigUpcard, took, want, f.text())
					}
					if took && !strings.Contains(head, "(in "+f.s.scene().whose(v.Maker)+" hand)") && !strings.Contains(head, "("+f.s.scene().Lower(v.Maker)+" played it)") {
						t.Fatalf("%d players: not in the maker %v's hand:\n%s", n, v.Maker, f.text())
					}
					if n == 4 && v.Trump != v.OrigUpcard.Suit() {
						other++
					}
				}
				f.step(false)
			}
		}
		if n == 4 && other == 0 {
			t.Errorf("%d players: no deal with trump named in round two", n)
		}
	}
}

// TestTrumpLabelKeepsWord: the label over the hand names trump in a
// word, "trump ♠", also with a single trump card: never the bare suit
// sign, at every seat count.
func TestTrumpLabelKeepsWord(t *testing.T) {
	single := 0
	eachOwnCard(t, 80, 24, 400, func(f *fixture, n int, s host.Snapshot) {
		trump := kit.PlainTrump(s.View.Trump)
		if trump == rules.NoSuit || s.View.Hand.Suit(trump) == 0 {
			return
		}
		if s.View.Hand.Suit(trump).Count() == 1 {
			single++
		}
		if want := "trump " + f.hs.Ctx.Paint.Glyphs.Suit(trump); !strings.Contains(f.text(), want) {
			t.Fatalf("%d players, %d trump cards: no %q over the hand:\n%s", n, s.View.Hand.Suit(trump).Count(), want, f.text())
		}
	})
	if single == 0 {
		t.Fatal("no hand with a single trump card")
	}
}

// TestHandLabelSaysWhose: the line over the person's hand says whose
// hand it is, then the seat's roles and trump once named, as one label
// from the hand's left edge ("Your hand · maker · trump ♠"), in the
// bidding, the declarations and the card play, at every seat count,
// with cards drawn in Unicode and in ASCII: no role or trump word
// stands alone over some of the cards.
func TestHandLabelSaysWhose(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, seeds[n], 80, 24)
			f.drawASCII(ascii)
			phases := map[rules.Phase]bool{}
			for range 400 {
				s := f.snap()
				if s.Over {
					break
				}
				if s.Can.Act && s.View.Hand != 0 {
					v := &s.View
					sc := f.s.scene()
					want := strings.Join(append([]string{"Your hand"}, sc.roles(v.Seat)...), " · ")
					if trump := kit.PlainTrump(v.Trump); trump != rules.NoSuit {
						want += " · trump " + f.hs.Ctx.Paint.Glyphs.Suit(trump)
					}
					if ascii {
						want = kit.ASCIIText(want)
					}
					if got := handLabel(f.text()); got != want {
						t.Fatalf("%d players, ascii %v, %v: the hand's label is %q, want %q:\n%s", n, ascii, v.Phase, got, want, f.text())
					}
					phases[v.Phase] = true
				}
				f.step(true)
			}
			for _, p := range []rules.Phase{rules.PhaseBid1, rules.PhasePlay} {
				if !phases[p] {
					t.Errorf("%d players: no turn of the person in %v", n, p)
				}
			}
		}
	}
}

// handLabel is the label over the person's hand on the screen text:
// the lowest line that speaks of a hand, without the panel beside it
// (from its rule, "│", "|" in ASCII), trimmed.
func handLabel(text string) string {
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if at := strings.IndexAny(l, "│|"); at >= 0 {
			l = l[:at]
		}
		if strings.Contains(l, "hand") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// TestGiveInHandOrder: after a shlomo or a cleopatra the cards to give
// are offered in the order the hand shows them ([1] the leftmost), at
// three and four players, sorted by suit or by strength.
func TestGiveInHandOrder(t *testing.T) {
	offers := 0
	for _, n := range []int{3, 4} {
		for k := range uint64(16) {
			o := options(n)
			o.Shlomo, o.Cleopatra = true, n == 4
			f := newFixture(t, n, seeds[n]+k, 80, 24, func(hc *host.Config, _ *Config) { hc.Options = o })
			if k%2 == 1 {
				f.hs.Press("o") // by suit
			}
			g := &f.hs.Ctx.Paint.Glyphs
			for i := 0; i < 1500 && !(f.snap().Over && f.s.overSeen); i++ {
				s := f.snap()
				if s.Can.Act && s.View.Phase == rules.PhaseDeclare {
					legal := s.View.Legal()
					if len(legal) > 1 && legal[0].Kind == rules.Give {
						offers++
						text := f.text()
						last := -1
						for _, c := range f.s.hand() {
							at := strings.Index(text, "give "+g.CardText(c))
							if at < 0 {
								continue
							}
							if at < last {
								t.Fatalf("%d players: give %s is offered before a card left of it in the hand:\n%s", n, g.CardText(c), text)
							}
							last = at
						}
					}
					// The declaration, when offered, is the menu's first
					// item: enter says it.
					if k := legal[0].Kind; k == rules.Shlomo || k == rules.Cleopatra {
						f.hs.Press("enter")
					}
					if f.snap().Gen != s.Gen {
						continue
					}
				}
				f.step(false)
			}
		}
	}
	if offers < 3 {
		t.Fatalf("%d offers of cards to give: too few", offers)
	}
}

// TestDealListHasEveryWord: the words panel beside the table keeps only
// the last words ("… 5 earlier lines"); the v list reads the whole
// deal's words again, before its tricks, scrolled with ↑/↓ within
// 80×24, at every seat count, with shlomo and cleopatra's cards as the
// person saw them (the hidden-card test checks nothing hidden shows).
func TestDealListHasEveryWord(t *testing.T) {
	cut := 0
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := hiddenCardFixture(t, n)
		for i := 0; i < 600 && !(f.snap().Over && f.s.overSeen); i++ {
			s := f.snap()
			if s.Can.Act && s.View.Phase == rules.PhasePlay && i%5 == 0 {
				if strings.Contains(f.text(), "earlier lines") {
					cut++
				}
				quiet := *f.s.scene()
				quiet.Chat = nil
				var want []string
				for _, l := range quiet.talkLines(&f.hs.Ctx) {
					want = append(want, ansi.Strip(l))
				}
				f.hs.Press("v")
				seen := f.text()
				// Up to the top, then down to the end: the list's place is
				// clamped, so a press that changes nothing is at the end.
				last := seen
				for _, key := range []string{"up", "down"} {
					for range 30 {
						f.hs.Press(key)
						scr := f.text()
						if scr == last {
							break
						}
						seen += "\n" + scr
						last = scr
					}
				}
				f.hs.Press("v")
				flat := strings.Join(strings.Fields(seen), " ")
				for _, w := range want {
					// A word wrapped in the list reads whole once the
					// spaces are made one.
					if w = strings.Join(strings.Fields(w), " "); !strings.Contains(flat, w) {
						t.Fatalf("%d players: the v list never shows %q:\n%s", n, w, seen)
					}
				}
			}
			f.step(i%3 == 0)
		}
	})
	if cut == 0 {
		t.Fatal("the words panel was never cut: nothing to read again")
	}
}

// TestClockedPassKeepsItsWords: a declaration a bot declined for the
// person when their time ran out reads "no shlomo" after others have
// moved too, not "pass" (a bid's word), at three and four players.
func TestClockedPassKeepsItsWords(t *testing.T) {
	ctx := kittest.Context(80, 24)
	for _, n := range []int{3, 4} {
		o := options(n)
		o.Shlomo = true
		g := rules.NewGame(o, rules.Seat(n-1))
		if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(5, 1)))); err != nil {
			t.Fatal(err)
		}
		// A is asked first; every seat declines its shlomo while it may
		// (a seat dealt one is asked nothing else here).
		var moves []host.Mover
		for g.Deal().Phase() == rules.PhaseDeclare && len(moves) < 2 {
			seat := g.Turn()
			if err := g.Apply(rules.PassAction()); err != nil {
				t.Fatalf("%d players: %v", n, err)
			}
			moves = append(moves, host.Mover{Seat: seat, By: host.ByPerson})
		}
		if len(moves) < 2 || moves[0].Seat != rules.SeatA {
			t.Fatalf("%d players: the shlomo round asked %v", n, moves)
		}
		s := &Screen{}
		players := []host.SeatInfo{{Name: "ann"}, {Name: "bob"}, {Name: "cid"}, {Name: "dan"}}[:n]
		s.snap = host.Snapshot{View: g.Deal().View(rules.SeatA), Seat: rules.SeatA, HasDeal: true, DealNo: 1, Moves: moves, Players: players}
		sc := s.scene()
		got := s.describe(&ctx, sc, &host.Move{Seat: rules.SeatA, Action: rules.PassAction(), By: host.ByTakeover})
		if got != "Your bot: no shlomo" {
			t.Errorf("%d players: A's declined shlomo, B having moved since, reads %q", n, got)
		}
	}
}

// TestKickedSeatLeavesAtOnce: a seat another connection of the person
// took has nothing left to lose here, so q leaves it without asking, at
// every seat count; while the seat is the person's, q asks.
func TestKickedSeatLeavesAtOnce(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.until("a card", myCard, false)
		if kit.QuitsAtOnce(f.s) {
			t.Fatal("q leaves a game under way without asking")
		}
		if _, err := f.h.Seat(rules.SeatA); err != nil {
			t.Fatal(err)
		}
		f.refresh()
		if !f.snap().Kicked {
			t.Fatal("the older connection's snapshot does not say its seat was taken")
		}
		if !kit.QuitsAtOnce(f.s) {
			t.Errorf("%d players: q asks before leaving a seat another connection took:\n%s", n, f.text())
		}
	})
}

// aheadOffered brings the card play to the person's turn with more
// than a card in hand, then makes it another seat's (the snapshot as
// it reads while they think): the keys offer to choose a card ahead.
func (f *fixture) aheadOffered() {
	f.t.Helper()
	f.until("the card play", func(s host.Snapshot) bool {
		return s.View.Phase == rules.PhasePlay && s.Can.Act && s.View.Hand.Count() > 1
	}, true)
	f.s.snap.Can = host.Can{}
	if !strings.Contains(f.text(), "choose ahead") {
		f.t.Fatalf("no choosing ahead offered on another's turn:\n%s", f.text())
	}
}

// While the person's side's claim plays its cards for it, the keys do
// not offer to choose a card ahead: there is none to choose.
func TestNoChoosingAheadOfAClaim(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.aheadOffered()
		f.s.snap.Claimer = rules.PartnerOf(n, f.s.snap.Seat) // the person's side, at four the partner
		if n < 4 {
			f.s.snap.Claimer = f.s.snap.Seat
		}
		if strings.Contains(f.text(), "choose ahead") {
			t.Errorf("choosing ahead offered while the side's claim plays:\n%s", f.text())
		}
	})
}

// TestNoChoosingAheadForABot: while a bot plays the person's seat
// (they came back and its move is under way, or are away), the keys line
// does not offer to choose a card ahead, and an arrow or a digit is
// kept for no turn: the note says the bot plays the seat. At every
// seat count.
func TestNoChoosingAheadForABot(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		f.aheadOffered()
		for _, st := range []host.SeatState{host.SeatBack, host.SeatTakeover} {
			f.s.snap.Players[f.s.snap.Seat].Human = true
			f.s.snap.Players[f.s.snap.Seat].State = st
			text := f.text()
			if strings.Contains(text, "choose ahead") || !strings.Contains(text, "A bot is making your move: the seat is yours after it.") {
				t.Errorf("%d players, seat state %d: choosing ahead offered while a bot plays the seat:\n%s", n, st, text)
			}
			for _, k := range []string{"right", "1"} {
				f.s.key(&f.hs.Ctx, kittest.Key(k)) // the snapshot as set, not read again
			}
			if len(f.s.queued) != 0 || !strings.Contains(kittest.Flat(f.text()), "A bot is making your move: your cards are yours again after it.") {
				t.Errorf("%d players, seat state %d: keys kept for a turn the bot plays (%d kept):\n%s", n, st, len(f.s.queued), f.text())
			}
		}
	})
}

// TestSharedHelpSaysABotTakesTheSeat: in the lobby (QuitWord) the help
// of a game alone says the game waits for the person; at a shared
// table it says what happens there instead: the seat waits a while,
// then a bot plays it until they come back.
func TestSharedHelpSaysABotTakesTheSeat(t *testing.T) {
	for _, shared := range []bool{false, true} {
		f := newFixture(t, 2, seeds[2], 80, 24, func(_ *host.Config, c *Config) { c.Shared = shared })
		f.hs.Ctx.Keys.QuitWord = "leave"
		var words []string
		for _, group := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
			for _, b := range group {
				words = append(words, b.Help().Key+" "+b.Help().Desc)
			}
		}
		all := strings.Join(words, "\n")
		want := []string{"q leave (asks first; the seat waits a while, then a bot plays it until you come back)",
			"end the connection at once (the seat waits a while, then a bot plays it until you come back)"}
		not := []string{"the game waits for you to come back"}
		if !shared {
			want, not = not, want
		}
		saysAndNot(t, fmt.Sprintf("shared %v: the help", shared), all, want, not)
	}
}

// saysAndNot checks that text (what says it) holds every line of want
// and none of not.
func saysAndNot(t *testing.T, what, text string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s does not say %q:\n%s", what, w, text)
		}
	}
	for _, n := range not {
		if strings.Contains(text, n) {
			t.Errorf("%s says %q:\n%s", what, n, text)
		}
	}
}

// A game the history folder would not take: the game's end says why to
// the last word, with a long path to the folder, at every seat count.
func TestGameOverSaysWhyNotFiled(t *testing.T) {
	err := errors.New("archive: the history folder /home/alexandra_of_the_north/.local/state/klob/history cannot be written: permission denied")
	fails := func(hc *host.Config, _ *Config) { hc.Store = &memStore{fileErr: err} }
	eachTableWith(t, fails, func(t *testing.T, n int, f *fixture) {
		f.until("the end", func(s host.Snapshot) bool { return s.Over && s.Save.FileErr != "" && f.s.overSeen }, true)
		flat := kittest.Flat(f.text())
		if !strings.Contains(flat, "could not be filed") || !strings.Contains(flat, "cannot be written: permission denied") ||
			strings.Contains(flat, "archive:") {
			t.Fatalf("the game's end does not say why the game was not filed:\n%s", f.text())
		}
		if rows := strings.Count(f.text(), "\n") + 1; rows > 24 {
			t.Fatalf("the game's end takes %d rows", rows)
		}
	})
}
