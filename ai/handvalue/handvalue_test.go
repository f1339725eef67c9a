package handvalue

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

func cards(t *testing.T, s string) rules.CardSet {
	t.Helper()
	m, err := rules.ParseCardSet(s)
	require.NoError(t, err)
	return m
}

func card(t *testing.T, s string) rules.Card {
	t.Helper()
	c, err := rules.ParseCard(s)
	require.NoError(t, err)
	return c
}

// The upcard counts in the hand of whoever will hold it at the first
// lead: with the dix the holder of the 7 of its suit, without it (four
// players) the maker.
func TestFeaturesUpcard(t *testing.T) {
	hand := cards(t, "7H 8H AS TS KC QD")
	up := card(t, "JH")
	for _, tc := range []struct {
		players      int
		dix, maker   bool
		jack, upRisk float64
	}{
		{2, true, true, 1, 0},
		{2, true, false, 1, 0}, // the dix is the holder's, maker or not
		{3, true, false, 1, 0},
		{4, false, true, 1, 0},
		{4, false, false, 0, 0},
	} {
		h := Hand{Cards: hand, Upcard: up, Players: tc.players, Dix: tc.dix}
		f := h.Features(rules.Hearts, tc.maker)
		require.Equal(t, tc.jack, f[Jack], "%+v", tc)
		require.Equal(t, tc.upRisk, f[UpRisk], "%+v", tc)
	}
	// Without the 7 the upcard may go to another by the dix: its points
	// are at risk.
	h := Hand{Cards: cards(t, "8H 9H AS TS KC QD"), Upcard: up, Players: 2, Dix: true}
	f := h.Features(rules.Hearts, true)
	require.Equal(t, 0.0, f[Jack])
	require.Equal(t, 20.0, f[UpRisk])
	require.Equal(t, 1.0, f[Nine])
	require.Equal(t, 0.0, f[Length])
	// In round two the upcard is not trump: no dix.
	f = h.Features(rules.Spades, true)
	require.Equal(t, 0.0, f[UpRisk])
	require.Equal(t, 1.0, f[Ace])
	require.Equal(t, 1.0, f[Ten])
}

// With no trumps every suit is a side suit.
func TestFeaturesNoTrumps(t *testing.T) {
	h := Hand{Cards: cards(t, "AS TS AH JC JD 9D"), Upcard: card(t, "7C"), Players: 4}
	f := h.Features(rules.NoTrumps, true)
	require.Equal(t, 2.0, f[SideAce])
	require.Equal(t, 1.0, f[SideTenAce])
	for _, i := range []int{Jack, Nine, Ace, Ten, Bella, KQ, Low, JackNine, Length, Voids, UpRisk} {
		require.Zero(t, f[i], FeatureNames[i])
	}
}

// Best picks a legal action at every seat count, phase and play, and
// never schmeisses under Solved.
func TestBestIsLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, players := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players = players
		for i := 0; i < 300; i++ {
			d := rules.NewDeal(opts, rules.Seat(r.IntN(players)), rules.Shuffle(r))
			for d.Phase() <= rules.PhaseBid2 && !d.Over() {
				seat := d.Turn()
				h := FromDeal(&d, seat)
				v := d.View(seat)
				require.Equal(t, h, FromView(&v))
				legal := d.Legal()
				for _, play := range []Play{Bots, Solved} {
					if play == Solved && players != 2 {
						continue
					}
					a := h.Best(d.Phase(), legal, play)
					require.True(t, d.IsLegal(a), "%v at %v", a, d.Phase())
					if play == Solved {
						require.NotEqual(t, rules.Schmeiss, a.Kind)
					}
				}
				require.NoError(t, d.Apply(legal[r.IntN(len(legal))]))
			}
		}
	}
}
