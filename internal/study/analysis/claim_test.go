package analysis

import (
	"bytes"
	"strings"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

// TestClaimedCardsNotGraded: at two, three and four players, a log
// whose deal a person ended by a claim (saved and read back) is
// analysed without grading the cards played out for the claim, the
// person's cards before it graded, and the report says the deal ended
// by a claim.
func TestClaimedCardsNotGraded(t *testing.T) {
	for _, c := range recorded {
		t.Run(name(c.players), func(t *testing.T) {
			l, r := replayOf(t, c.path)
			deal := -1
			for _, no := range c.deals {
				if rd := &r.Deals[no-1]; deal < 0 && rd.Done && rd.Ending == rules.PlayedOut {
					deal = no
				}
			}
			require.Positive(t, deal, "no deal played out")
			rd := &r.Deals[deal-1]
			d := rd.At(len(rd.Steps))
			seat := d.LastTrickWinner()
			// The claim comes before the last trick's first card, by the
			// seat that won it.
			at := len(rd.Steps) - r.Players()
			for s := range rules.Seat(r.Players()) {
				l.Header.Levels[s] = string(ai.Hard)
			}
			l.Header.SetPlayer(seat, "You", gamelog.Human) // a local game's person
			l.Deals[deal-1].Claim = &gamelog.Claim{Seat: seat, Step: at, PlayedOut: true}
			text, err := l.MarshalText()
			require.NoError(t, err)
			_, back, err := gamelog.ParseReplay("claim.klob", text)
			require.NoError(t, err)
			rep := analyse(t, back, Options{Samples: shortOr(2, 4), Deals: []int{deal}})
			claimed, graded := 0, 0
			for _, dec := range rep.Deals[deal-1].Decisions {
				if dec.Seat != seat {
					continue
				}
				mine := dec.Step-1 >= at
				require.Equal(t, mine, dec.ByClaim, "step %d", dec.Step)
				if mine {
					claimed++
					require.Equal(t, NotGraded, dec.Grade, "step %d, played out for the claim, graded", dec.Step)
				} else {
					graded++
					require.NotEqual(t, NotGraded, dec.Grade, "step %d, the person's, not graded", dec.Step)
				}
			}
			require.Equal(t, 1, claimed)
			require.Positive(t, graded)
			var out bytes.Buffer
			require.NoError(t, WriteText(&out, "claim.klob", back, rep, false))
			require.Contains(t, strings.Join(strings.Fields(out.String()), " "), "ended by a claim: you claimed the rest (played out, not graded)")
		})
	}
}
