package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/rules"
)

// TestTableDefend3: a three-handed defender values a card by its score
// for the deal, which holds at least its own card points (plus its melds,
// and half the maker's total when the maker is beaten), and that moves
// the best card of some worlds away from the one that wins it the most
// card points.
func TestTableDefend3(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Players = 3
	r := rand.New(rand.NewPCG(23, 3))
	h := newTableHard(Config{Seed: 1})
	worlds, moved := 0, 0
	for i := 0; i < 12; i++ {
		bots := seatBots(t, 3, func(s int) (Level, Config) { return Normal, Config{Seed: uint64(s)} })
		playTableDeal(t, opts, rules.Shuffle(r), rules.Seat(i%3), bots, r, func(tb *rules.Deal, v *rules.View, a rules.Action) {
			if v.Phase != rules.PhasePlay || !defends3(v) || distinctCards(v.Legal()) < 2 {
				return
			}
			d, ok := sampler.New(v).World(r)
			require.True(t, ok)
			p := d.Play()
			cv, ok := h.solver.CardValuesFor(&p, searchSide(v), nil)
			require.True(t, ok)
			sv, _, ok := h.defend3(v, &p, &d, cv, 0)
			require.True(t, ok)
			require.Len(t, sv, len(cv))
			best, bestS := 0, 0
			for k := range cv {
				require.Equal(t, cv[k].Card, sv[k].Card)
				own := int(p.Points[v.Seat]) + cv[k].Value
				require.GreaterOrEqual(t, sv[k].Value, own, "%s: score below its card points\n%s", cv[k].Card, v.String())
				if cv[k].Value > cv[best].Value {
					best = k
				}
				if sv[k].Value > sv[bestS].Value {
					bestS = k
				}
			}
			worlds++
			if sv[best].Value < sv[bestS].Value && cv[bestS].Value < cv[best].Value {
				moved++
			}
		})
	}
	if worlds < 20 || moved == 0 {
		t.Fatalf("%d worlds of a defender, %d whose best card moved", worlds, moved)
	}
}
