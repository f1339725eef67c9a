package table

import (
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

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
