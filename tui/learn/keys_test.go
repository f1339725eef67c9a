package learn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestKeysNotOfferedAnswer: at every step that asks for a choice, at
// every seat count, each menu letter and number that takes none of the
// choices, and any other key, answers with a line, as the table does,
// and leaves the step as it was; in the card play a number past the
// hand says how many cards it holds, and a key that plays no card says
// which keys do, in the table's words.
func TestKeysNotOfferedAnswer(t *testing.T) {
	letters := "abcdefghijklmnopqrstuvwxyz"
	eachStep(t, func(at stepAt) {
		d, s, st, players := at.d, at.s, at.st, at.players
		switch st.Kind {
		case lesson.Act:
			v := s.run.View()
			offered := kit.MenuKeys(v.Legal())
			var keys []string
			for _, r := range letters {
				if k := string(r); kit.IsMenuLetter(k) && !contains(offered, k) {
					keys = append(keys, k)
				}
			}
			keys = append(keys, fmt.Sprint(len(v.Legal())+1), "9")
			// Keys no menu takes are answered too, as at the table.
			keys = append(keys, "y", "u", "z", "w", "!", "tab", "ctrl+a")
			for _, k := range keys {
				if contains(offered, k) {
					continue
				}
				s.note = ""
				d.Press(k)
				if !strings.Contains(s.note, "Key "+k+" is not among the choices: ") && !strings.HasPrefix(s.note, "You cannot") {
					t.Fatalf("%d players, step %q: %s answers %q", players, st.Name, k, s.note)
				}
				at.unmoved(t, k)
			}
		case lesson.Play, lesson.Claim:
			if dl := s.run.Game().Deal(); !dl.Over() && dl.Turn() == lesson.You && len(s.hand()) < 9 {
				s.note = ""
				d.Press("9")
				require.Equal(t, "You hold "+kit.Plural(len(s.hand()), "card")+".", s.note, "%d players, step %q", players, st.Name)
			}
			if dl := s.run.Game().Deal(); !dl.Over() && dl.Turn() == lesson.You {
				// A key that plays no card is answered as the table
				// answers it, naming the keys that play one.
				// The keys named are those the step takes: c at the
				// claim; b at the bella step, with the keys that play a
				// card only when the lesson takes a card without bella.
				// The numbers named are those of the cards the step
				// takes, never a range over cards it refuses.
				var nums []string
				for i, c := range s.hand() {
					if s.run.Game().Deal().IsLegal(rules.PlayAction(c)) && c != st.Bella {
						nums = append(nums, fmt.Sprint(i+1))
					}
				}
				for _, k := range []string{"y", "x", "!", "tab"} {
					s.note = ""
					hand := len(s.hand())
					d.Press(k)
					want := []string{"←/→ and enter"}
					switch {
					case st.Kind == lesson.Claim:
						want = []string{"c"}
					case st.Bella != rules.NoCard && len(nums) == 0:
						want = []string{"b"}
					case st.Bella != rules.NoCard:
						want = append(append(want, nums...), "b")
					default:
						want = append(want, nums...)
					}
					rest, ok := strings.CutPrefix(s.note, "Key "+k+" is not among the choices: ")
					require.True(t, ok, "%d players, step %q: %s answers %q", players, st.Name, k, s.note)
					require.Equal(t, want, namedKeys(rest), "%d players, step %q: %s answers %q", players, st.Name, k, s.note)
					require.Len(t, s.hand(), hand, "%d players, step %q: %s played a card", players, st.Name, k)
				}
			}
		}
	})
}

// stepAt is a step of the lesson at a seat count, as eachStep meets it.
type stepAt struct {
	players int
	d       *kittest.Driver
	s       *Screen
	st      lesson.Step
	cur     int // the step's stop
}

// eachStep plays the lesson at every seat count, each step taken as the
// lesson asks once check has looked at it (and pressed what it likes).
func eachStep(t *testing.T, check func(at stepAt)) {
	for _, players := range []int{2, 3, 4} {
		d, s := startAt(t, players, 80, 24, false)
		for i := 0; ; i++ {
			require.Less(t, i, 200, "%d players: the lesson does not end", players)
			st := s.run.Step()
			cur, _ := s.run.Stops()
			check(stepAt{players: players, d: d, s: s, st: st, cur: cur})
			if st.Kind == lesson.End {
				break
			}
			answer(d, st)
		}
	}
}

// unmoved fails t if the key k took the lesson off the step.
func (at stepAt) unmoved(t *testing.T, k string) {
	t.Helper()
	if now, _ := at.s.run.Stops(); now != at.cur || at.s.run.Step().Name != at.st.Name {
		t.Fatalf("%d players, step %q: %s moved the lesson", at.players, at.st.Name, k)
	}
}

// answer takes the step st as the lesson asks: its choice, the claim,
// bella (the cursor is on the bella card) or enter.
func answer(d *kittest.Driver, st lesson.Step) {
	switch st.Kind {
	case lesson.Act:
		d.Press(kit.ActionKey(st.Want))
	case lesson.Claim:
		d.Press("c")
	default:
		if st.Bella != rules.NoCard {
			d.Press("b")
		} else {
			d.Press("enter")
		}
	}
}

// TestRefusedSuitSaysWhy: in round two of the bidding, the letter of
// the suit refused in round one says why it cannot be named.
func TestRefusedSuitSaysWhy(t *testing.T) {
	d, s := startAt(t, 2, 80, 24, false)
	for _, k := range strings.Fields("enter enter enter p a enter t enter x n 9 1 1 1 b 1 1 1 1 enter enter p") {
		d.Press(k)
	}
	v := s.run.View()
	require.Equal(t, rules.PhaseBid2, v.Phase)
	d.Press("c")
	require.Contains(t, d.Text(), "You cannot say clubs: clubs were refused in round one")
}

func contains(ks []string, k string) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// TestGameKeysSayWhyNot: at every step of the lesson, at every seat
// count, H (the hint) and v (the list of tricks), keys of a game the
// last step names, answer with a line saying they work in a game, and
// change nothing of the step.
func TestGameKeysSayWhyNot(t *testing.T) {
	eachStep(t, func(at stepAt) {
		d, st, players := at.d, at.st, at.players
		for _, k := range []string{"H", "v"} {
			d.Press(k)
			if !strings.Contains(d.Text(), "work in a game") {
				t.Fatalf("%d players, step %q: %s says nothing:\n%s", players, st.Name, k, d.Text())
			}
			at.unmoved(t, k)
		}
	})
}

// TestLeadStepStartsOnTheAdvisedCard plays the card play at every seat
// count, by enter and by number keys, so that the cursor stands on
// other cards before: at each step of your lead the cursor starts on
// the card its advice names, wherever it stood. Where you hold a trump
// above every one still out ("play-lead") or none is out
// ("play-lead-none"), that is your highest trump, which draws the
// others' trumps; else (no trump that high, "play-lead-plain", or no
// trump in hand) the card outside trumps worth fewest points.
func TestLeadStepStartsOnTheAdvisedCard(t *testing.T) {
	met := map[string]int{}
	for _, players := range []int{2, 3, 4} {
		for way := range 12 {
			d, s := startAt(t, players, 80, 24, false)
			for i := 0; s.run.Step().Kind != lesson.End; i++ {
				require.Less(t, i, 300, "%d players: the lesson never ended at %q", players, s.run.Step().Name)
				st := s.run.Step()
				deal := s.run.Game().Deal()
				mine := (st.Kind == lesson.Play || st.Kind == lesson.Claim) && !deal.Over() && deal.Turn() == lesson.You
				base := strings.TrimSuffix(strings.TrimSuffix(st.Name, "-3"), "-4")
				if mine && strings.HasPrefix(base, "play-lead") {
					v := s.run.View()
					hand := s.hand()
					n, _ := s.run.Trick()
					met[fmt.Sprint(players, " ", base)]++
					require.Equal(t, advisedLead(base, hand, v.Trump), hand[s.cursor],
						"%d players, trick %d: at %q the cursor is not on the advised card of %v", players, n, st.Name, hand)
				}
				switch {
				case st.Kind == lesson.Act:
					d.Press(kit.ActionKey(st.Want))
				case st.Bella != rules.NoCard:
					d.Press("b") // the cursor is on the bella card
				case st.Kind == lesson.Claim && mine:
					d.Press("c")
				case s.note != "" && st.Kind == lesson.Play:
					d.Press("right", "enter")
				case mine && way > 0:
					d.Press(fmt.Sprint(1 + (i*way+way)%len(s.hand())))
				default:
					d.Press("enter")
				}
			}
		}
	}
	t.Logf("lead steps met: %v", met)
	for _, players := range []int{2, 3, 4} {
		n := 0
		for k, c := range met {
			if strings.HasPrefix(k, fmt.Sprint(players, " ")) {
				n += c
			}
		}
		require.Positive(t, n, "%d players: no lead step met", players)
	}
	require.Positive(t, met["2 play-lead"], "the two-player lesson's trump lead was not met")
}

// advisedLead is the card the advice of the lead step base (its name
// without the seat count) names from hand.
func advisedLead(base string, hand []rules.Card, trump rules.Suit) rules.Card {
	var trumps, others []rules.Card
	for _, c := range hand {
		if trump < rules.NoTrumps && c.Suit() == trump {
			trumps = append(trumps, c)
		} else {
			others = append(others, c)
		}
	}
	if (base == "play-lead" || base == "play-lead-none") && len(trumps) > 0 {
		top := trumps[0]
		for _, c := range trumps {
			if rules.Power(c, trump) > rules.Power(top, trump) {
				top = c
			}
		}
		return top
	}
	if len(others) == 0 {
		others = trumps
	}
	low := others[0]
	for _, c := range others {
		p, q := rules.Points(c, trump), rules.Points(low, trump)
		if p < q || p == q && rules.Power(c, trump) < rules.Power(low, trump) {
			low = c
		}
	}
	return low
}

// TestDiscardStepStartsOnALowCard plays the card play at every seat
// count, by enter and by number keys (at three, the 9♣ with key 3 at
// the second trick, as the play tester did): at each step that advises
// throwing away a card worth little, the cursor starts on the legal card
// worth fewest points, wherever it stood before. At the first such step
// with a card worth 10 or more and a cheaper one, that card is played by
// its number: it is taken, with a remark on the screen.
func TestDiscardStepStartsOnALowCard(t *testing.T) {
	met, remarked := 0, 0
	for _, players := range []int{2, 3, 4} {
		for way := range 6 {
			d, s := startAt(t, players, 80, 24, false)
			for i := 0; s.run.Step().Kind != lesson.Play || s.run.Game().Deal().Turn() != lesson.You; i++ {
				require.Less(t, i, 60, "%d players: no card play", players)
				answer(d, s.run.Step()) // no bella before the first card
			}
			high := way%2 == 1
			for i := 0; s.run.Step().Kind == lesson.Play && !s.run.Game().Deal().Over(); i++ {
				require.Less(t, i, 60)
				st := s.run.Step()
				v := s.run.View()
				legal := kit.LegalCards(&v)
				hand := s.hand()
				n, _ := s.run.Trick()
				if st.Discard {
					met++
					c := hand[s.cursor]
					for _, o := range legal.Cards() {
						if !legal.Has(c) || rules.Points(o, v.Trump) < rules.Points(c, v.Trump) {
							t.Fatalf("%d players, trick %d: at %q the cursor is on %v, not the cheapest of %v", players, n, st.Name, c, legal)
						}
					}
					if h := highCard(hand, legal, v.Trump); high && h >= 0 {
						high = false
						d.Press(fmt.Sprint(h + 1))
						if !strings.Contains(d.Text(), "worth 10 points or more") {
							t.Fatalf("%d players: %v thrown at %q with no remark:\n%s", players, hand[h], st.Name, d.Text())
						}
						remarked++
						t.Logf("%d players, trick %d: %v thrown, remarked", players, n, hand[h])
						continue
					}
				}
				switch {
				case st.Bella != rules.NoCard:
					d.Press("b") // the cursor is on the bella card
				case players == 3 && n == 2 && way > 1:
					d.Press("3")
				case way > 3:
					d.Press(fmt.Sprint(1 + (i+way)%len(hand)))
				default:
					d.Press("enter")
				}
				if s.note != "" && !strings.Contains(s.note, "worth 10 points or more") {
					d.Press("right", "enter")
				}
			}
		}
	}
	if met == 0 || remarked == 0 {
		t.Fatalf("discard steps met %d times, remarked %d", met, remarked)
	}
	t.Logf("discard steps met %d times, remarked %d", met, remarked)
}

// highCard returns the index in hand of a legal card worth 10 points or
// more while a legal card worth less is in hand, or -1.
func highCard(hand []rules.Card, legal rules.CardSet, trump rules.Suit) int {
	low, at := 100, -1
	for i, c := range hand {
		if !legal.Has(c) {
			continue
		}
		low = min(low, rules.Points(c, trump))
		if rules.Points(c, trump) >= 10 && (at < 0 || rules.Points(c, trump) > rules.Points(hand[at], trump)) {
			at = i
		}
	}
	if at < 0 || low >= rules.Points(hand[at], trump) {
		return -1
	}
	return at
}

// The lesson takes clicks: [enter] go on, a choice drawn "[p] pass", a
// card of the hand in the card play (its mark under it), and [n] at
// the end, each doing what its key does; under -ascii too.
func TestLessonClicks(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		d, s, play := start(t, 80, 24, ascii)
		cur, _ := s.run.Stops()
		d.ClickOn("[enter] go on")
		next, _ := s.run.Stops()
		require.Greater(t, next, cur, "a click on [enter] did not go on")
		for s.run.Step().Kind != lesson.Act {
			d.ClickOn("[enter]")
		}
		name := s.run.Step().Name
		d.ClickOn("[p] pass") // the lesson's first bid is a pass
		require.NotEqual(t, name, s.run.Step().Name, "a click on [p] pass did not bid:\n%s", d.Text())
		// The rest as walk plays it, each card at the cursor (a
		// playable one) played by a click on its mark.
		mark := d.Ctx.Paint.Glyphs.SelMark
		if ascii {
			mark = kit.ASCIIText(mark)
		}
		played := 0
		walkPlaying(t, d, s, func(i int, _ lesson.Step) { d.Press(offered(s)[i%len(offered(s))]) }, func() {
			n := len(s.hand())
			d.ClickOn(mark)
			require.True(t, len(s.hand()) < n || s.note != "", "a click on a card did nothing:\n%s", d.Text())
			if len(s.hand()) < n {
				played++
			}
		})
		require.Greater(t, played, 5, "cards played by clicks")
		d.ClickOn("[n] play a real game")
		require.True(t, *play, "a click on [n] did not ask for a real game")
	}
}

// TestHelpListsWhatTheLessonAsks: the lesson's keys name bella and the
// claim only at a seat count whose lesson asks for them: both at two
// (bella in the second deal, a claim in the third), neither at three
// nor four.
func TestHelpListsWhatTheLessonAsks(t *testing.T) {
	for _, c := range []struct {
		players      int
		bella, claim bool
	}{{2, true, true}, {3, false, false}, {4, false, false}} {
		_, s := startAt(t, c.players, 80, 24, false)
		if !s.asks.Ended {
			t.Fatalf("%d players: the walk of the lesson did not reach its end", c.players)
		}
		require := func(what, desc string, want bool) {
			t.Helper()
			ctx := kit.NewContext(false)
			var got bool
			for _, row := range s.KeyHelp(&ctx.Keys).FullHelp() {
				for _, b := range row {
					got = got || strings.Contains(b.Help().Desc, desc)
				}
			}
			if got != want {
				t.Errorf("%d players: help lists %s %v, want %v", c.players, what, got, want)
			}
		}
		require("bella", "bella", c.bella)
		require("the claim", "claim every remaining trick", c.claim)
	}
}

// TestRefusedNumberKeepsTheCursor: at every seat count, at every step
// that asks for a card or a choice, the number of a card the step
// refuses (one the rules forbid, the bella card without bella, any card
// at the claim) or of a choice it does not want is answered and leaves
// the cursor where it was, on a card that may be played or on the choice
// asked for, so that enter then is not refused the same way.
func TestRefusedNumberKeepsTheCursor(t *testing.T) {
	refused := 0
	eachStep(t, func(at stepAt) {
		d, s, st, players := at.d, at.s, at.st, at.players
		switch st.Kind {
		case lesson.Act:
			v := s.run.View()
			for i, a := range v.Legal() {
				if a == st.Want {
					continue
				}
				menu := s.menu
				s.note = ""
				d.Press(fmt.Sprint(i + 1))
				require.NotEmpty(t, s.note, "%d players, step %q: %d was not refused", players, st.Name, i+1)
				at.unmoved(t, fmt.Sprint(i+1))
				require.Equal(t, menu, s.menu, "%d players, step %q: the refused %d moved the menu's cursor", players, st.Name, i+1)
				require.Equal(t, st.Want, v.Legal()[s.menu], "%d players, step %q", players, st.Name)
				refused++
			}
		case lesson.Play, lesson.Claim:
			dl := s.run.Game().Deal()
			if dl.Over() || dl.Turn() != lesson.You {
				return
			}
			hand := s.hand()
			for i, c := range hand {
				if st.Kind == lesson.Play && dl.IsLegal(rules.PlayAction(c)) && c != st.Bella {
					continue
				}
				cursor := s.cursor
				s.note = ""
				d.Press(fmt.Sprint(i + 1))
				require.NotEmpty(t, s.note, "%d players, step %q: %d was not refused", players, st.Name, i+1)
				require.Len(t, s.hand(), len(hand), "%d players, step %q: %d played a card", players, st.Name, i+1)
				require.Equal(t, cursor, s.cursor, "%d players, step %q: the refused %d (%v) moved the cursor", players, st.Name, i+1, c)
				if st.Kind == lesson.Play {
					cursorLegal(t, s)
				}
				refused++
			}
		}
	})
	require.Positive(t, refused, "no number was refused")
}

// TestScrollKeysClearARefusal: the scroll keys the key line lists (↑/↓
// j/k) are taken at every step, even with nothing to scroll, so each
// clears the line that answered a key refused, as ←/→ do.
func TestScrollKeysClearARefusal(t *testing.T) {
	refused := map[int]int{}
	eachStep(t, func(at stepAt) {
		if at.st.Kind == lesson.End {
			return
		}
		for _, k := range []string{"j", "k", "up", "down"} {
			at.d.Press("insert")
			if !strings.HasPrefix(at.s.note, "Key insert is not among the choices") {
				return // a step that takes any key (enter goes on): nothing refused
			}
			refused[at.players]++
			at.d.Press(k)
			if at.s.note != "" {
				t.Fatalf("%d players, step %q: after %s the refusal stays: %q", at.players, at.st.Name, k, at.s.note)
			}
			at.unmoved(t, k)
		}
	})
	for _, players := range []int{2, 3, 4} {
		if refused[players] == 0 {
			t.Errorf("%d players: insert refused at no step", players)
		}
	}
}

// namedKeys reads the keys a "not among the choices" answer names, each
// number of a range on its own: "←/→ and enter, or 2, 4-6 or 8." gives
// ←/→ and enter, 2, 4, 5, 6, 8.
func namedKeys(text string) []string {
	text = strings.TrimSuffix(text, ".")
	text = strings.ReplaceAll(text, ", or ", ", ")
	text = strings.ReplaceAll(text, " or ", ", ")
	var out []string
	for _, w := range strings.Split(text, ", ") {
		var from, to int
		if n, _ := fmt.Sscanf(w, "%d-%d", &from, &to); n == 2 {
			for i := from; i <= to; i++ {
				out = append(out, fmt.Sprint(i))
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// TestCardKeysNameThePlayable: at the first trick of the two-player
// lesson only 10♣, the ninth card, may follow the club led: a key that
// plays nothing names its number, not 1-9, which would suggest any card
// does; and the screen shows the answer whole.
func TestCardKeysNameThePlayable(t *testing.T) {
	d, s, _ := start(t, 80, 24, false)
	d.Press("enter", "enter", "enter", "p", "a", "enter", "t", "enter", "x", "n")
	require.Equal(t, lesson.Play, s.run.Step().Kind)
	d.Press("x")
	want := "Key x is not among the choices: ←/→ and enter, or 9."
	require.Equal(t, want, s.note)
	require.Contains(t, d.Text(), want)
}
