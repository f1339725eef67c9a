package learn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

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
				st := s.run.Step()
				switch st.Kind {
				case lesson.Act:
					d.Press(kit.ActionKey(st.Want))
				case lesson.Claim:
					d.Press("c")
				default:
					d.Press("enter")
				}
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
