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
