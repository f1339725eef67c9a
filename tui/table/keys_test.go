package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// keysLine is the screen's last line, with -ascii's words.
func keysLine(f *fixture) string {
	lines := strings.Split(f.text(), "\n")
	return kit.ASCIIText(lines[len(lines)-1])
}

// TestKeysCardPlayListsTricks: at 80 columns the card play's keys line
// names the v list whenever it fits (claim and the hint offered, with
// undo too where the gaps narrow for it), and says the digits play in
// one hint with enter, with the numbers of the cards held ("enter/1-9
// play"), never a separate "1-9 card". At every seat count.
func TestKeysCardPlayListsTricks(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		f.until("a card that may follow an undo", func(s host.Snapshot) bool {
			return s.Can.Act && s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay
		}, true)
		f.refresh()
		digits := fmt.Sprintf("enter/1-%d play", len(f.s.hand()))
		for _, w := range []string{digits, "u undo", "v tricks", "c claim", "H hint"} {
			if keys := keysLine(f); !strings.Contains(keys, w) {
				t.Errorf("%d players: the keys line leaves out %q: %q", n, w, keys)
			}
		}
		if keys := keysLine(f); strings.Contains(keys, " card") {
			t.Errorf("%d players: the digits are a hint of their own: %q", n, keys)
		}
	})
}

// TestKeysCloseHintBothScripts: with the hint open on a card to play,
// the keys line says how to close it with -ascii as without (the ASCII
// arrows are wider), the v list giving way first. At every seat count.
func TestKeysCloseHintBothScripts(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, 42, 80, 24, gated())
			f.until("a card", func(s host.Snapshot) bool {
				return s.Can.Act && !s.Can.Undo && s.Can.Claim && s.View.Phase == rules.PhasePlay
			}, true)
			f.refresh()
			f.drawASCII(ascii)
			if keys := keysLine(f); !strings.Contains(keys, "v tricks") {
				t.Errorf("%d players, ascii %v: no v tricks: %q", n, ascii, keys)
			}
			f.hs.Press("H")
			keys := keysLine(f)
			if !strings.Contains(keys, "close the hint") || !strings.Contains(keys, "c claim") || !strings.Contains(keys, "<-/-> choose") {
				t.Errorf("%d players, ascii %v: the open hint's keys line: %q", n, ascii, keys)
			}
			lines := strings.Split(f.text(), "\n")
			if w := kit.WidthOf(lines[len(lines)-1]); w > 80 {
				t.Errorf("%d players, ascii %v: the keys line is %d wide", n, ascii, w)
			}
		}
	})
}

// TestChooseAheadMatchesHand: while another seat plays, the keys line
// offers to choose ahead with the numbers of the cards the person
// holds ("1-8" with eight, "1" with one), as their own turn does, not
// "1-9" whatever the hand; with no card left it offers none. At every
// seat count, through two deals: nine cards (eight with four players)
// at the first trick, fewer later.
func TestChooseAheadMatchesHand(t *testing.T) {
	eachTableWith(t, gated(), func(t *testing.T, n int, f *fixture) {
		seen := map[int]bool{}
		f.until("the third deal", func(s host.Snapshot) bool {
			if s.DealNo > 2 {
				return true
			}
			if s.Thinking == rules.NoSeat || s.Can.Act || s.Between || s.Over || s.View.Phase != rules.PhasePlay {
				return false
			}
			held := len(f.s.hand())
			seen[held] = true
			lines := strings.Split(f.text(), "\n")
			keys := lines[len(lines)-1]
			want := fmt.Sprintf(" 1-%d choose ahead", held)
			switch held {
			case 0:
				if strings.Contains(keys, "choose ahead") {
					t.Fatalf("no card in hand, the keys line offers to choose ahead: %q", keys)
				}
				return false
			case 1:
				want = " 1 choose ahead"
			}
			if !strings.Contains(keys, want) {
				t.Fatalf("%d cards in hand, the keys line does not offer %q:\n%s", held, want, f.text())
			}
			return false
		}, true)
		first := map[int]int{2: 9, 3: 9, 4: 8}[n]
		for _, held := range []int{first, first - 1, 1} {
			if !seen[held] {
				t.Errorf("never waited for another seat holding %d cards (held: %v)", held, seen)
			}
		}
	})
}

// TestBellaQuestionKeys: the bella question shows its answers as [b]
// and [n], and its key line offers esc for another card. A digit that
// answers nothing is refused in those keys, not in numbers the screen
// does not show, and the full help lists esc with the question, as it
// lists b and n. At every seat count.
func TestBellaQuestionKeys(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, s, card := atBellaCard(t, n)
		i := slices.Index(f.s.hand(), card)
		f.hs.Press(string(rune('1' + i)))
		if f.s.Bella != card || !strings.Contains(f.text(), "esc another card") {
			t.Fatalf("no bella question, or its line offers no esc:\n%s", f.text())
		}
		f.hs.Press("4")
		text := kittest.Flat(f.text())
		switch {
		case f.port.Snapshot().Gen != s.Gen || f.s.Bella != card:
			t.Fatalf("4 answered the bella question:\n%s", f.text())
		case !strings.Contains(text, "Key 4 is not among the choices: b or n") || strings.Contains(text, "1 or 2"):
			t.Fatalf("4 is not refused in the keys the question shows:\n%s", f.text())
		}
		esc := false
		for _, row := range f.s.KeyHelp(&f.hs.Ctx.Keys).FullHelp() {
			for _, b := range row {
				esc = esc || b.Help().Key == "esc" && strings.Contains(b.Help().Desc, "bella question: choose another card")
			}
		}
		if !esc {
			t.Fatal("the full help has no esc for the bella question")
		}
		f.hs.Press("esc")
		if f.s.Bella != rules.NoCard || f.port.Snapshot().Gen != s.Gen {
			t.Fatalf("esc did not go back to another card:\n%s", f.text())
		}
	})
}

// TestWrongKeyNamesBella: at a card turn where a card may be played
// with bella, a key that plays none names b among the keys that work,
// and choosing the bella card opens its question with that refusal
// gone: the question is new. At every seat count.
func TestWrongKeyNamesBella(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, _, card := atBellaCard(t, n)
		hand := f.s.hand()
		for _, k := range []string{"z", "tab"} {
			f.hs.Press(k)
			want := fmt.Sprintf("Key %s is not among the choices: ←/→ and enter, 1-%d or b.", k, len(hand))
			if !strings.Contains(kittest.Flat(f.text()), want) {
				t.Fatalf("%s: the refusal does not say %q:\n%s", k, want, f.text())
			}
		}
		f.hs.Press(string(rune('1' + slices.Index(hand, card))))
		if f.s.Bella != card {
			t.Fatalf("no bella question:\n%s", f.text())
		}
		if strings.Contains(f.text(), "is not among the choices") {
			t.Fatalf("the refusal stays over the bella question:\n%s", f.text())
		}
	})
}

// TestHeldTrickAnyKey: at a trick held on the table the lines say
// enter, space or a key they do not list goes on to the next trick
// (v, ? and q do what they say), and so it does for enter, space and
// the keys that act elsewhere: u takes back nothing (not the card that
// ended the trick, though it could be taken back), o does not sort, H
// opens no hint. v opens the list and does not go on.
func TestHeldTrickAnyKey(t *testing.T) {
	eachTableWith(t, func(hc *host.Config, _ *Config) { hc.HoldTricks = true }, func(t *testing.T, n int, f *fixture) {
		for _, k := range []string{"v", "enter", "space", "u", "o", "H"} {
			f.until("a trick held", func(s host.Snapshot) bool { return s.Hold && s.Can.Ready && (k != "u" || s.Can.Undo) }, true)
			text := kittest.Flat(f.text())
			if !strings.Contains(text, "Trick over. Enter, space or a key not listed below: the next trick.") ||
				!strings.Contains(text, "enter/space next trick · v tricks · ? help · q quit") {
				t.Fatalf("%s: the lines do not say which keys go on:\n%s", k, f.text())
			}
			if k == "v" {
				s := f.snap()
				f.hs.Press("v")
				if now := f.snap(); !now.Hold || now.Gen != s.Gen || !f.s.tricks {
					t.Fatalf("v went on from the held trick, or opened no list:\n%s", f.text())
				}
				f.hs.Press("v")
				continue
			}
			s, order := f.snap(), f.s.order
			f.hs.Press(k)
			now := f.snap()
			switch {
			case now.Hold && now.Gen == s.Gen:
				t.Fatalf("%s did not go on to the next trick:\n%s", k, f.text())
			case now.Takebacks != s.Takebacks || strings.Contains(f.text(), "Taken back"):
				t.Fatalf("%s took back at the held trick:\n%s", k, f.text())
			case f.s.order != order:
				t.Fatalf("%s sorted the hand at the held trick:\n%s", k, f.text())
			case f.s.hinting:
				t.Fatalf("%s opened the hint at the held trick:\n%s", k, f.text())
			}
		}
	})
}

// secondDealCame is a table of n seats on a clock the test moves
// (*now), with kit.Context.Settle, at the second deal, which enter on
// the first one's result opened at the person's turn an hour after t0.
// The first deal was played on a clock that stood still: with no
// settle, each turn would come at once after the person's last key.
func secondDealCame(t *testing.T, n int) (*fixture, *time.Time) {
	t.Helper()
	now := new(time.Time)
	*now = t0
	f := newFixture(t, n, seeds[n], 80, 24, func(_ *host.Config, tc *Config) {
		tc.Now = func() time.Time { return *now }
	})
	*now = t0.Add(time.Hour)
	f.until("the first deal's result", func(s host.Snapshot) bool { return s.Between && s.Can.Ready }, true)
	f.hs.Ctx.Settle = DefaultSettle
	f.hs.Press("enter")
	if s := f.snap(); s.Between || !s.Can.Act || s.DealNo != 2 {
		t.Fatalf("enter on the result did not open the next deal at the person's turn: %+v", s.Can)
	}
	return f, now
}

// TestKeyAsADealComes: with kit.Context.Settle, enter, a digit, a bid's
// letter or a click pressed as a new deal comes to the screen (the
// second of a double enter or a double click on the last result)
// decides nothing: the screen says why, and a key that follows the last
// dropped one within half of Settle (a held key's repeat) starts the
// wait again, so that a held enter decides nothing while held. The same
// key once the deal has been on the screen for Settle since the last
// one dropped decides as always. Keys that decide nothing (v) still
// work. At every seat count, on the screen's clock.
func TestKeyAsADealComes(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, now := secondDealCame(t, n)
		gen := f.port.Snapshot().Gen
		// Straight to Update: the driver would wait for the tick that
		// ends the note.
		drop := func(msg tea.Msg) {
			t.Helper()
			_, cmd := f.s.Update(&f.hs.Ctx, msg)
			if g := f.port.Snapshot().Gen; g != gen {
				t.Fatalf("%v pressed as the deal came was taken", msg)
			}
			if cmd == nil {
				t.Fatalf("%v dropped with no tick to end the note", msg)
			}
		}
		for _, k := range []string{"enter", "1", "p", "t"} {
			drop(kittest.Key(k))
		}
		// A click anywhere, on the menu's offers too.
		for y := range 24 {
			for _, x := range []int{2, 20, 40, 60} {
				drop(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
			}
		}
		if !strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the screen does not say why the key was not taken:\n%s", f.text())
		}
		// The note stays while the deal settles, and goes once it takes
		// keys.
		if _, cmd := f.s.Update(&f.hs.Ctx, settledMsg{f.s}); cmd == nil || !strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the note went while the deal settled:\n%s", f.text())
		}
		f.hs.Press("v")
		if !f.s.tricks {
			t.Errorf("v, which decides nothing, did not open the list as the deal came")
		}
		f.hs.Press("v")
		// A held enter: a repeat every 30 ms for two seconds.
		for range 66 {
			*now = now.Add(30 * time.Millisecond)
			drop(kittest.Key("enter"))
		}
		*now = now.Add(DefaultSettle - time.Millisecond)
		drop(kittest.Key("enter"))
		*now = now.Add(DefaultSettle)
		f.s.Update(&f.hs.Ctx, settledMsg{f.s})
		if strings.Contains(kittest.Flat(f.text()), aheadNote) {
			t.Errorf("the note stays once the deal takes keys:\n%s", f.text())
		}
		f.hs.Press("enter")
		if g := f.port.Snapshot().Gen; g == gen {
			t.Fatalf("enter pressed %v after the last key dropped was not taken:\n%s", DefaultSettle, f.text())
		}
	})
}

// TestKeysPressedAgainAreTaken: a person who presses enter again every
// 250 ms as a deal comes (a key dropped, then another after a pause) is
// not refused for ever: such a key does not start the wait again, so
// the first one pressed once the deal has been on the screen for Settle
// decides. At every seat count, on the screen's clock.
func TestKeysPressedAgainAreTaken(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f, now := secondDealCame(t, n)
		gen := f.port.Snapshot().Gen
		for _, at := range []time.Duration{100 * time.Millisecond, 350 * time.Millisecond} {
			*now = t0.Add(time.Hour + at)
			f.s.Update(&f.hs.Ctx, kittest.Key("enter"))
			if g := f.port.Snapshot().Gen; g != gen {
				t.Fatalf("enter %v after the deal came was taken", at)
			}
		}
		*now = t0.Add(time.Hour + 600*time.Millisecond)
		f.s.Update(&f.hs.Ctx, kittest.Key("enter"))
		if g := f.port.Snapshot().Gen; g == gen {
			t.Fatalf("enter 600ms after the deal came, 250ms after the last, was not taken:\n%s", f.text())
		}
	})
}

// TestNoPlayAsTheTurnComes: with kit.Context.Settle and bots that play
// at once, the person's turn that comes right after their own key (the
// enter that went on from a held trick, or their card) takes no key
// that decides until it has been on the screen for Settle: the second
// enter of a double press, meant to go on, would play the selected
// card on a trick never seen. The screen says why; enter once the turn
// has been on the screen for Settle plays as always. At every seat
// count, on the screen's clock.
func TestNoPlayAsTheTurnComes(t *testing.T) {
	for _, held := range []bool{true, false} {
		name := map[bool]string{true: "after a held trick", false: "after the person's card"}[held]
		t.Run(name, func(t *testing.T) {
			testkit.EachSeatCount(t, func(t *testing.T, n int) {
				now := t0
				f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, tc *Config) {
					hc.HoldTricks = held
					tc.Now = func() time.Time { return now }
				})
				now = t0.Add(time.Hour)
				if held {
					f.until("a trick held", func(s host.Snapshot) bool { return s.Hold && s.Can.Ready }, true)
				} else {
					f.until("a card with more to play after it", func(s host.Snapshot) bool {
						return s.Can.Act && s.View.Phase == rules.PhasePlay && s.View.Hand.Count() > 2 && !s.Hold
					}, true)
				}
				// Settle from here, an hour on: the clock stood still while
				// the game was played to this point.
				now = now.Add(time.Hour)
				f.hs.Ctx.Settle = DefaultSettle
				deal := f.snap().DealNo
				f.hs.Press("enter")
				s := f.snap()
				if s.DealNo != deal || !s.Can.Act || s.View.Phase != rules.PhasePlay {
					t.Fatalf("after enter the person's card is not due in the same deal: deal %d can %+v", s.DealNo, s.Can)
				}
				gen := f.port.Snapshot().Gen
				now = now.Add(150 * time.Millisecond)
				_, cmd := f.s.Update(&f.hs.Ctx, kittest.Key("enter"))
				if g := f.port.Snapshot().Gen; g != gen || f.s.Bella != rules.NoCard {
					t.Fatalf("the second enter, 150ms after the first, decided at a turn never seen:\n%s", f.text())
				}
				if cmd == nil || !strings.Contains(kittest.Flat(f.text()), turnAheadNote) {
					t.Fatalf("the enter dropped is not said, or no tick ends the note:\n%s", f.text())
				}
				now = now.Add(DefaultSettle)
				f.s.Update(&f.hs.Ctx, settledMsg{f.s})
				if strings.Contains(kittest.Flat(f.text()), turnAheadNote) {
					t.Errorf("the note stays once the turn takes keys:\n%s", f.text())
				}
				f.hs.Press("enter")
				if g := f.port.Snapshot().Gen; g == gen && f.s.Bella == rules.NoCard {
					t.Fatalf("enter %v after the turn came decided nothing:\n%s", DefaultSettle, f.text())
				}
			})
		})
	}
}

// TestWrongKeyNamesClaimAndUndo: a key the person's decision does not
// take is refused naming, after the choices, c and u where they act
// now, in the key line's words: c where it claims (the card play, no
// bella question open, the host taking a claim), u where a decision may
// be taken back; neither where it does nothing. The refusal holds one
// line at 80 columns. Over a game's decisions, at every seat count.
func TestWrongKeyNamesClaimAndUndo(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		seen := map[string]int{}
		for range 400 {
			s := f.snap()
			if s.Over {
				break
			}
			if s.Can.Act {
				claim := s.Can.Claim && s.View.Phase == rules.PhasePlay && f.s.Bella == rules.NoCard
				var also []string
				if claim {
					also = append(also, "c claim")
				}
				if s.Can.Undo {
					also = append(also, "u undo")
				}
				seen[fmt.Sprint("claim ", claim)]++
				seen[fmt.Sprint("undo ", s.Can.Undo)]++
				f.hs.Press("z")
				var line string
				for _, l := range strings.Split(f.text(), "\n") {
					if strings.Contains(l, "Key z is not among the choices: ") {
						line = strings.TrimSpace(l)
					}
				}
				switch {
				case f.port.Snapshot().Gen != s.Gen:
					t.Fatalf("z made a move:\n%s", f.text())
				case line == "":
					t.Fatalf("z is not refused:\n%s", f.text())
				case len(also) > 0 && !strings.HasSuffix(line, " "+strings.Join(also, ", ")+"."):
					t.Fatalf("the refusal does not end naming %q on its line (claim %v, undo %v):\n%s", also, claim, s.Can.Undo, f.text())
				case len(also) == 0 && (strings.Contains(line, "claim") || strings.Contains(line, "undo")):
					t.Fatalf("the refusal names a key that does nothing now:\n%s", f.text())
				}
			}
			f.step(true)
		}
		for _, k := range []string{"claim true", "claim false", "undo true", "undo false"} {
			if seen[k] == 0 {
				t.Errorf("no decision with %s in the game", k)
			}
		}
	})
}

// atBellaCard is a game of n seats at the person's card turn where a
// card may be played with bella: the fixture, its snapshot and that
// card.
func atBellaCard(t *testing.T, n int) (*fixture, host.Snapshot, rules.Card) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	f := newFixture(t, n, bellaSeeds[n], 80, 24, gated())
	f.until("a card with bella", func(s host.Snapshot) bool {
		return s.Can.Act && s.View.Phase == rules.PhasePlay && hasBella(s.View.Legal(), 0)
	}, true)
	f.refresh()
	s := f.snap()
	card := rules.NoCard
	for _, a := range s.View.Legal() {
		if a.Kind == rules.PlayCard && a.Bella {
			card = a.Card
		}
	}
	return f, s, card
}

// TestForcedDealerPassSaysWhy: with the dealer forced, the person
// dealing, everyone else having passed twice, presses p in round two:
// the refusal says that the dealer must name a suit and which keys do,
// not only that p is not among the choices; the turn stays theirs. At
// every seat count.
func TestForcedDealerPassSaysWhy(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := options(n)
		o.DealerForced = true
		f := newFixture(t, n, seeds[n], 80, 24, func(hc *host.Config, _ *Config) {
			hc.Options = o
		}, passingBots)
		forced := func(s host.Snapshot) bool { return s.Can.Act && mustName(&s.View) }
		for range 2000 {
			s := f.snap()
			if forced(s) || s.Over {
				break
			}
			if s.Can.Act && (s.View.Phase == rules.PhaseBid1 || s.View.Phase == rules.PhaseBid2) {
				f.hs.Press("p")
				continue
			}
			f.step(false)
		}
		if !forced(f.snap()) {
			t.Fatalf("the person never dealt with everyone else passing:\n%s", f.text())
		}
		gen := f.snap().Gen
		f.hs.Press("p")
		text := kittest.Flat(f.text())
		if !strings.Contains(text, "p: you cannot pass, the dealer must name") || strings.Contains(text, "is not among the choices") {
			t.Errorf("the forced dealer's p is not told why:\n%s", f.text())
		}
		if f.snap().Gen != gen || !forced(f.snap()) {
			t.Errorf("the forced dealer's p moved the game:\n%s", f.text())
		}
	})
}

// TestWrongKeyNamesPlayableNumbers: at a card turn a key that plays no
// card names the numbers of the cards that may be played, not the range
// of the whole hand: a digit picks any card in hand, so "1-9" would say
// every card plays. Over a game's card turns, some of them following
// suit with only part of the hand, at every seat count.
func TestWrongKeyNamesPlayableNumbers(t *testing.T) {
	eachTable(t, func(t *testing.T, n int, f *fixture) {
		partial := 0
		for range 400 {
			s := f.snap()
			if s.Over {
				break
			}
			if s.Can.Act && s.View.Phase == rules.PhasePlay && f.s.Bella == rules.NoCard {
				hand := f.s.hand()
				var want []int
				for i, c := range hand {
					for _, a := range s.View.Legal() {
						if a.Kind == rules.PlayCard && !a.Bella && a.Card == c {
							want = append(want, i+1)
							break
						}
					}
				}
				if len(want) < len(hand) {
					partial++
				}
				f.hs.Press("z")
				if got := namedNumbers(f.s.note.Text); !slices.Equal(got, want) {
					t.Fatalf("the refusal names cards %v, the playable are %v: %q\n%s", got, want, f.s.note.Text, f.text())
				}
			}
			f.step(true)
		}
		if partial == 0 {
			t.Error("no card turn where only part of the hand may be played")
		}
	})
}

// namedNumbers reads the card numbers a refusal names, its ranges
// ("5-7") written out: "…: ←/→ and enter, or 2, 3 or 5-7." is 2 3 5 6 7.
func namedNumbers(note string) []int {
	_, keys, _ := strings.Cut(note, " is not among the choices: ")
	keys, _, _ = strings.Cut(keys, ".")
	keys = strings.ReplaceAll(strings.ReplaceAll(keys, ", or ", ", "), " or ", ", ")
	var out []int
	for _, w := range strings.Split(keys, ", ") {
		var lo, hi int
		if _, err := fmt.Sscanf(w, "%d-%d", &lo, &hi); err != nil {
			if _, err := fmt.Sscanf(w, "%d", &lo); err != nil {
				continue
			}
			hi = lo
		}
		for i := lo; i <= hi; i++ {
			out = append(out, i)
		}
	}
	return out
}

// TestBidKeysSayTheBracketedLetterPicks: at a bid at 80×24 the key line
// says that the letter in brackets before a choice picks it ("[ ]
// letter picks"), never with a letter of its own that reads as a key
// ("x for [x]", where x takes nothing), within the line's 78 cells with
// enter kept: at every seat count, alone with hints or at a shared table
// with talk, in Unicode and under -ascii. The help the table opens (?)
// says it too, above each menu's letters.
func TestBidKeysSayTheBracketedLetterPicks(t *testing.T) {
	shared := func(hc *host.Config, c *Config) { hc.NoHints, c.Shared, c.Talk = true, true, &fakeTalk{} }
	for _, opt := range []fixtureOpt{nil, shared} {
		for _, ascii := range []bool{false, true} {
			eachTableWith(t, opt, func(t *testing.T, n int, f *fixture) {
				f.drawASCII(ascii)
				f.until("a bid", atBid, true)
				f.refresh()
				lines := strings.Split(f.text(), "\n")
				keys := lines[len(lines)-1]
				if !strings.Contains(keys, " [ ] letter picks ") || strings.Contains(keys, "x for") ||
					!strings.Contains(keys, "enter confirm") || kit.WidthOf(keys) > 79 {
					t.Errorf("%d players, shared %v, ascii %v: the keys line is %q", n, opt != nil, ascii, keys)
				}
				if !helpSays(f, "the letter in [ ] before a choice picks it") {
					t.Errorf("%d players: the help does not say what the letter in [ ] does", n)
				}
			})
		}
	}
}
