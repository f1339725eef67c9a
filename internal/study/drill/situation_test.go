package drill

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func opts(t testing.TB, s string) rules.Options {
	t.Helper()
	o, err := rules.ParseOptions(s)
	require.NoError(t, err)
	return o
}

// nextView is g's next drill and its View.
func nextView(t *testing.T, g *Generator) (Situation, rules.View) {
	t.Helper()
	s, _ := g.Next()
	v, err := s.View()
	require.NoError(t, err)
	return s, v
}

// parseView reads a situation's text form and returns it with its View.
func parseView(t *testing.T, text string) (Situation, rules.View) {
	t.Helper()
	req, err := Parse(text)
	require.NoError(t, err, text)
	v, err := req.Situation.View()
	require.NoError(t, err, text)
	return req.Situation, v
}

// firstDrill is the first drill of the generator of seed and f under the
// rules rs, and its View.
func firstDrill(t *testing.T, seed uint64, f Filter, rs string) (Situation, rules.View) {
	t.Helper()
	g, err := NewGenerator(seed, f, opts(t, rs))
	require.NoError(t, err)
	return nextView(t, g)
}

func acts(words ...string) []rules.Action {
	var out []rules.Action
	for _, w := range words {
		a, err := rules.ParseAction(w)
		if err != nil {
			panic(err)
		}
		out = append(out, a)
	}
	return out
}

// seatCounts are the tables every test runs at: plain two, three and
// four, and each with the house variants that add a decision before the
// card play.
var seatCounts = []string{
	"players=2",
	"players=3",
	"players=4",
	"players=2,dealer_forced=on,menage=on,of_a_kind=on",
	"players=3,shlomo=on,dealer_forced=on,bimah=on",
	"players=4,shlomo=on,cleopatra=on,dealer_forced=on,of_a_kind=on,menage=on",
}

// TestSituationHandForm: the hand form gives the bidding decisions at
// every seat count with the legal options of the rules, the player at
// the place whose turn follows the words said, and refuses what cannot
// be, naming the field.
func TestSituationHandForm(t *testing.T) {
	const h = "hand=JS 9S AS KH QH 7D up=8S "
	cases := []struct {
		name, text string
		field      string
		is         error
		legal      string // the legal actions, when valid
		place      int    // the player's place from the dealer's left, when valid
	}{
		{"elder round one", h, "", nil, "pass take schmeiss", 0},
		{"dealer round one", h + "said=pass", "", nil, "pass take schmeiss", 1},
		{"dealer answers", h + "said=schmeiss", "", nil, "accept refuse", 1},
		{"elder answers", h + "said=pass,schmeiss", "", nil, "accept refuse", 0},
		{"elder round two", h + "round=2", "", nil, "pass name C name D name H", 0},
		{"dealer round two", h + "said=pass,pass,pass", "", nil, "pass name C name D name H", 1},
		{"forced dealer", h + "said=pass,pass,pass dealer_forced=on", "", nil, "name C name D name H", 1},
		{"near the end", h + "score=499-499", "", nil, "pass take schmeiss", 0},
		{"both over, equal", h + "score=510-510", "", nil, "pass take schmeiss", 0},
		{"five cards", "hand=9S AS KH QH 7D up=8S", "hand", ErrHandSize, "", 0},
		{"seven cards", "hand=JS 9S AS KH QH 7D 7C up=8S", "hand", ErrHandSize, "", 0},
		{"upcard held", "hand=JS 9S AS KH QH 7D up=JS", "up", ErrUpcardHeld, "", 0},
		{"bidding over", h + "said=take", "said", ErrNotYourTurn, "", 0},
		{"illegal word", h + "said=accept", "said", nil, "", 0},
		{"game over", h + "score=500-20", "score", ErrGameOver, "", 0},
		// Three and four players: no schmeiss, every place in turn.
		{"three, eldest", h + "players=3", "", nil, "pass take", 0},
		{"three, second", h + "players=3 said=pass", "", nil, "pass take", 1},
		{"three, dealer", h + "players=3 said=pass,pass seat=dealer", "", nil, "pass take", 2},
		{"three, round two", h + "players=3 round=2 said=pass", "", nil, "pass name C name D name H", 1},
		{"three, forced dealer", h + "players=3 round=2 said=pass,pass dealer_forced=on", "", nil, "name C name D name H", 2},
		{"three, game over", h + "players=3 score=20-501-30", "score", ErrGameOver, "", 0},
		{"three, schmeiss", h + "players=3 said=schmeiss", "said", nil, "", 0},
		{"four, third", h + "players=4 said=pass,pass", "", nil, "pass take", 2},
		{"four, round two", h + "players=4 round=2", "", nil, "pass name C name D name H name NT", 0},
		{"four, bidding over", h + "players=4 said=pass,take", "said", ErrNotYourTurn, "", 0},
		{"four, wrong place", h + "players=4 said=pass third", "seat", nil, "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := Parse(tc.text)
			if tc.field == "" {
				require.NoError(t, err)
				s := req.Situation
				v, err := s.View()
				require.NoError(t, err)
				var words []string
				for _, a := range v.Legal() {
					words = append(words, a.String())
				}
				assert.Equal(t, tc.legal, strings.Join(words, " "))
				assert.Equal(t, mustSet(t, "JS 9S AS KH QH 7D"), v.Hand)
				assert.Equal(t, rules.MustCard("8S"), v.OrigUpcard)
				assert.Equal(t, tc.place, rules.Place(You, s.Dealer, s.Players()), "the player's place")
				return
			}
			var fe *FieldError
			require.True(t, errors.As(err, &fe), "got %v, want a *FieldError", err)
			assert.Equal(t, tc.field, fe.Field, "%v", err)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
		})
	}
}

func mustSet(t testing.TB, s string) rules.CardSet {
	t.Helper()
	m, err := rules.ParseCardSet(s)
	require.NoError(t, err)
	return m
}

// TestSituationChecks: at every seat count a situation that cannot
// happen is refused, naming the part at fault.
func TestSituationChecks(t *testing.T) {
	for _, rs := range seatCounts {
		t.Run(rs, func(t *testing.T) {
			g, err := NewGenerator(3, Any, opts(t, rs))
			require.NoError(t, err)
			good := g.Drill(1)
			_, err = good.View()
			require.NoError(t, err)
			n := good.Players()
			for _, tc := range []struct {
				field  string
				is     error
				change func(*Situation)
			}{
				{"dealer", nil, func(s *Situation) { s.Dealer = rules.Seat(n) }},
				{"deck", nil, func(s *Situation) { s.Deck[0] = s.Deck[1] }},
				{"target", nil, func(s *Situation) { s.Options.Target = 0 }},
				{"score", nil, func(s *Situation) { s.Totals[1] = -1 }},
				{"score", ErrGameOver, func(s *Situation) { s.Totals[0] = s.Options.Target + 10 }},
				{"said", ErrNotYourTurn, func(s *Situation) {
					d, _ := s.Deal()
					s.Said = append(s.Said, d.Legal()[0])
				}},
				{"said", nil, func(s *Situation) { s.Said = append(acts("accept"), s.Said...) }},
				{"players", ErrPlayers, func(s *Situation) { s.Options.Players = 5 }},
			} {
				s := good.Clone()
				tc.change(&s)
				_, err := s.View()
				if tc.field == "said" && tc.is != nil && err == nil {
					continue // the next word left the player to decide again (a dialogue)
				}
				var fe *FieldError
				require.True(t, errors.As(err, &fe), "%s: got %v", tc.field, err)
				assert.Equal(t, tc.field, fe.Field, "%v", err)
				if tc.is != nil {
					assert.ErrorIs(t, err, tc.is)
				}
			}
		})
	}
}

// TestViewHidesFiller: the cards the hand form fills in for the opponent
// do not show in the View, so two situations that differ only there are
// the same decision.
func TestViewHidesFiller(t *testing.T) {
	s, v := parseView(t, "hand=JS 9S AS KH QH 7D up=8S said=pass")
	assert.Equal(t, 32-7, v.Unseen().Count())
	other := s.Clone()
	// Swap two cards the player cannot see: the View does not change.
	i, j := 0, 1
	for v.Hand.Has(other.Deck[i]) || other.Deck[i] == v.OrigUpcard {
		i++
	}
	for j <= i || v.Hand.Has(other.Deck[j]) || other.Deck[j] == v.OrigUpcard {
		j++
	}
	other.Deck[i], other.Deck[j] = other.Deck[j], other.Deck[i]
	ov, err := other.View()
	require.NoError(t, err)
	assert.Equal(t, v, ov)
	if h := v.History(); len(h) != 1 || h[0].Seat != You+1 || h[0].Action.Kind != rules.Pass {
		t.Errorf("history %v, want the opponent's pass", h)
	}
}

func TestKind(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Kind
	}{
		{"hand=JS 9S AS KH QH 7D up=8S", Round1},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass", Round1},
		{"hand=JS 9S AS KH QH 7D up=8S said=schmeiss", Schmeiss},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass,schmeiss", Schmeiss},
		{"hand=JS 9S AS KH QH 7D up=8S round=2", Round2},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass,pass,pass", Round2},
	} {
		req, err := Parse(tc.text)
		require.NoError(t, err)
		assert.Equal(t, tc.want, req.Situation.Kind(), tc.text)
	}
	for k, name := range kindNames {
		assert.Equal(t, name, Kind(k).String())
	}
	assert.Len(t, Kinds, len(kindNames))
}

// TestRoundTwoSaysWhoSpeaksNext: at every seat count, a round-two
// question to a player who does not deal names who speaks after a
// pass ("the opponent" at two), and to the dealer says the deal is
// thrown in.
func TestRoundTwoSaysWhoSpeaksNext(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			g, err := NewGenerator(1, OnlyRound2, opts(t, fmt.Sprintf("players=%d", n)))
			require.NoError(t, err)
			seen := map[bool]bool{} // by dealing
			for range 40 {
				_, v := nextView(t, g)
				if !slices.ContainsFunc(v.Legal(), func(a rules.Action) bool { return a.Kind == rules.Pass }) {
					continue
				}
				want := "(" + SeatName(n, 1) + " speaks next)?"
				if v.Dealer == v.Seat {
					want = "(the deal is thrown in)?"
				}
				require.True(t, strings.HasSuffix(Question(&v, false), want), "%q, want it to end %q", Question(&v, false), want)
				seen[v.Dealer == v.Seat] = true
			}
			require.True(t, seen[true] && seen[false], "drills dealt and not: %v", seen)
		})
	}
}
