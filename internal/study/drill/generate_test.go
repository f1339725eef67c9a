package drill

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFilter(t *testing.T) {
	for i, n := range filterNames {
		f, err := ParseFilter(n)
		require.NoError(t, err, n)
		assert.Equal(t, Filter(i), f)
		assert.Equal(t, n, f.String())
	}
	f, err := ParseFilter("")
	require.NoError(t, err)
	assert.Equal(t, Any, f)
	f, err = ParseFilter("dialogue")
	require.NoError(t, err)
	assert.Equal(t, OnlyDialogue, f)
	_, err = ParseFilter("round3")
	assert.Error(t, err)
}

// TestGeneratorDeterministic: at every seat count a seed gives the same
// drills, in any order of asking, and another seed others.
func TestGeneratorDeterministic(t *testing.T) {
	for _, rs := range seatCounts {
		t.Run(rs, func(t *testing.T) {
			o := opts(t, rs)
			a, err := NewGenerator(11, Any, o)
			require.NoError(t, err)
			b, _ := NewGenerator(11, Any, o)
			c, _ := NewGenerator(12, Any, o)
			same := 0
			for range 12 {
				x, n := a.Next()
				y, m := b.Next()
				z, _ := c.Next()
				require.Equal(t, n, m)
				require.Equal(t, x.String(), y.String(), "drill %d differs with the same seed", n)
				if x.String() == z.String() {
					same++
				}
			}
			assert.Zero(t, same, "drills the same under seeds 11 and 12")
			assert.Equal(t, a.Drill(3).String(), b.Drill(3).String(), "Drill(3) is not a function of the seed")
		})
	}
}

// TestGeneratorDrills: every drill is a decision of the player before
// the card play with two options or more, it passes its filter, and over
// a few dozen drills every kind the rules ask comes up, the player sits
// at every place, and the scores range from a game's start to its end.
func TestGeneratorDrills(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 36
	}
	for _, rs := range seatCounts {
		t.Run(rs, func(t *testing.T) {
			o := opts(t, rs)
			g, err := NewGenerator(7, Any, o)
			require.NoError(t, err)
			kinds := map[Kind]int{}
			places := map[rules.Seat]int{}
			near, start := 0, 0
			for range n {
				s, k := g.Next()
				v, err := s.View()
				require.NoError(t, err, "drill %d: %s", k, s)
				require.Equal(t, You, v.Turn, "drill %d", k)
				require.GreaterOrEqual(t, len(v.Legal()), 2, "drill %d: a choice", k)
				require.True(t, beforePlay(v.Phase), "drill %d: before the card play", k)
				kinds[s.Kind()]++
				places[s.Dealer]++
				for i := range s.Sides() {
					if o.Target-s.Totals[i] <= 130 {
						near++
						break
					}
				}
				if s.Totals[0] < o.Target/2 && s.Totals[1] < o.Target/2 {
					start++
				}
			}
			for _, k := range Any.kinds(o) {
				if k == Declare || k == Schmeiss || k == Dix {
					continue // rarer: see TestGeneratorFilters
				}
				assert.Positive(t, kinds[k], "kind %s never came up: %v", k, kinds)
			}
			assert.Len(t, places, o.NumPlayers(), "the player sits at every place: %v", places)
			assert.Greater(t, near, n/8, "drills near the target")
			assert.Greater(t, start, n/8, "drills early in a game")
		})
	}
}

// TestGeneratorFilters: -only gives that decision, or that place, at
// every seat count that asks it.
func TestGeneratorFilters(t *testing.T) {
	cases := []struct {
		rules string
		f     Filter
		kind  Kind
	}{
		{"players=2", OnlyRound1, Round1},
		{"players=2", OnlySchmeiss, Schmeiss},
		{"players=2", OnlyRound2, Round2},
		{"players=2", OnlyDix, Dix},
		{"players=2", OnlyDialogue, Dialogue},
		{"players=3", OnlyRound1, Round1},
		{"players=3", OnlyDix, Dix},
		{"players=3,shlomo=on", OnlyDeclare, Declare},
		{"players=4", OnlyRound2, Round2},
		{"players=4", OnlyDialogue, Dialogue},
		{"players=4,cleopatra=on", OnlyDeclare, Declare},
	}
	for _, c := range cases {
		g, err := NewGenerator(3, c.f, opts(t, c.rules))
		require.NoError(t, err, c.rules)
		for range 5 {
			s, n := g.Next()
			require.Equal(t, c.kind, s.Kind(), "%s -only %s drill %d: %s", c.rules, c.f, n, s)
		}
	}
	for _, players := range []int{2, 3, 4} {
		o := opts(t, fmt.Sprintf("players=%d", players))
		d, err := NewGenerator(5, OnlyDealer, o)
		require.NoError(t, err)
		e, err := NewGenerator(5, OnlyElder, o)
		require.NoError(t, err)
		for range 5 {
			s, _ := d.Next()
			assert.Equal(t, You, s.Dealer, "-only dealer at %d", players)
			s, _ = e.Next()
			assert.Equal(t, rules.Seat(players-1), s.Dealer, "-only elder at %d: the player speaks first", players)
		}
	}
}

// TestGeneratorRefuses: a decision the rules never ask is refused with
// the reason.
func TestGeneratorRefuses(t *testing.T) {
	for _, c := range []struct {
		rules string
		f     Filter
		want  string
	}{
		{"players=3", OnlySchmeiss, "the schmeiss is an offer between two players"},
		{"players=4", OnlyDix, "four players exchange no dix"},
		{"players=3", OnlyDeclare, "shlomo=on"},
		{"players=2,shlomo=on", OnlyDeclare, "shlomo=on"},
		{"players=3,cleopatra=on", OnlyDeclare, "shlomo=on"},
	} {
		_, err := NewGenerator(1, c.f, opts(t, c.rules))
		require.Error(t, err, "%s -only %s", c.rules, c.f)
		assert.Contains(t, err.Error(), "-only "+c.f.String()+": no such decision under these rules")
		assert.Contains(t, err.Error(), c.want)
		assert.Error(t, c.f.Check(opts(t, c.rules)))
	}
	o := rules.DefaultOptions()
	o.Target = 0
	_, err := NewGenerator(1, Any, o)
	assert.Error(t, err)
}

// TestDrillsComeFromPlay: at every seat count each word said before the
// player's turn is the normal bot's (or a draw at random), for the
// others and for the player's own earlier words alike: the situations
// are those that happen in play.
func TestDrillsComeFromPlay(t *testing.T) {
	bot, err := ai.New(ai.Normal, ai.Config{Seed: 9})
	require.NoError(t, err)
	for _, rs := range seatCounts {
		g, err := NewGenerator(9, Any, opts(t, rs))
		require.NoError(t, err)
		words := 0
		for n := uint64(1); n <= 20; n++ {
			s := g.Drill(n)
			d := rules.NewGameDeal(s.Options, s.Dealer, s.Deck, s.Totals)
			for i, said := range s.Said {
				turn := d.Turn()
				if turn != rules.ChanceSeat {
					v := d.View(turn)
					a, err := bot.Choose(context.Background(), &v)
					require.NoError(t, err)
					require.Equal(t, a, said, "%s drill %s: word %d", rs, s, i+1)
					words++
				}
				require.NoError(t, d.ApplyAs(turn, said))
			}
			require.Equal(t, You, d.Turn(), "%s drill %s: the replay stops at the player's decision", rs, s)
		}
		assert.Greater(t, words, 20, "%s: words checked", rs)
	}
}

// TestGeneratorDialogueSteps: the sequence drills reach every step of
// the dialogue, not only the first word: over the drills of a seed at
// two players every word the help lists that is ever a choice is
// offered ("same" and the answers after the top card is named, twenty
// announced with a fifty in hand; with sequence_rank=length "how many
// cards?"), and three and four players still make such drills. Telling
// the top card or the length asked is never a choice (the hand has one
// answer), nor at two players a length over a length told (it takes a
// third player to challenge after the length is told).
func TestGeneratorDialogueSteps(t *testing.T) {
	byValue := []rules.Kind{rules.Announce, rules.NoSequence, rules.Good, rules.NotGood, rules.HowHigh, rules.Same}
	for _, c := range []struct {
		rules string
		n     int
		words []rules.Kind
	}{
		{"players=2", 100, byValue},
		{"players=2,sequence_rank=length", 100, append(slices.Clone(byValue), rules.HowMany)},
		{"players=3", 5, nil},
		{"players=4", 5, nil},
	} {
		g, err := NewGenerator(1, OnlyDialogue, opts(t, c.rules))
		require.NoError(t, err)
		offered := map[rules.Kind]int{}
		lower := 0 // twenty offered with a fifty in hand
		for range c.n {
			s, k := g.Next()
			require.Equal(t, Dialogue, s.Kind(), "%s drill %d", c.rules, k)
			v, err := s.View()
			require.NoError(t, err)
			l := v.Legal()
			require.GreaterOrEqual(t, len(l), 2, "%s drill %d", c.rules, k)
			for _, a := range l {
				offered[a.Kind]++
				if a == rules.AnnounceAction(20) && slices.Contains(l, rules.AnnounceAction(50)) {
					lower++
				}
			}
		}
		for _, w := range c.words {
			assert.Positive(t, offered[w], "%s: %q never offered in %d drills: %v", c.rules, Label(rules.Action{Kind: w}, true), c.n, offered)
		}
		if c.words != nil {
			assert.Positive(t, lower, "%s: twenty never offered with a fifty in hand", c.rules)
		}
	}
}
