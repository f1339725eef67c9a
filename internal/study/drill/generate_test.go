package drill

import (
	"context"
	"reflect"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

func TestParseFilter(t *testing.T) {
	for i, n := range filterNames {
		f, err := ParseFilter(n)
		if err != nil || f != Filter(i) || f.String() != n {
			t.Errorf("%q: got %v, %v", n, f, err)
		}
	}
	if f, err := ParseFilter(""); err != nil || f != Any {
		t.Errorf("empty: %v %v", f, err)
	}
	if _, err := ParseFilter("round3"); err == nil {
		t.Error("round3 accepted")
	}
}

// TestGeneratorDeterministic: a seed gives the same drills, another seed
// others.
func TestGeneratorDeterministic(t *testing.T) {
	a, _ := NewGenerator(11, Any, rules.DefaultOptions())
	b, _ := NewGenerator(11, Any, rules.DefaultOptions())
	c, _ := NewGenerator(12, Any, rules.DefaultOptions())
	same := 0
	for range 30 {
		x, n := a.Next()
		y, m := b.Next()
		z, _ := c.Next()
		if n != m || !reflect.DeepEqual(x, y) {
			t.Fatalf("drill %d differs with the same seed:\n%s\n%s", n, x, y)
		}
		if reflect.DeepEqual(x, z) {
			same++
		}
	}
	if same > 0 {
		t.Errorf("%d drills the same under seeds 11 and 12", same)
	}
	if x, y := a.Drill(3), b.Drill(3); !reflect.DeepEqual(x, y) {
		t.Error("Drill(3) is not a function of the seed")
	}
}

// TestGeneratorFilters: every drill is a valid decision of the player,
// passes its filter, and over many drills the kinds, seats and scores
// vary as documented.
func TestGeneratorFilters(t *testing.T) {
	target := rules.DefaultOptions().Target
	for _, f := range []Filter{Any, OnlyRound1, OnlyRound2, OnlySchmeiss, OnlyDealer, OnlyElder} {
		g, err := NewGenerator(3, f, rules.DefaultOptions())
		require.NoError(t, err)
		kinds := map[Kind]int{}
		seats := map[bool]int{}
		near, start := 0, 0
		const n = 150
		for range n {
			s, _ := g.Next()
			v, err := s.View()
			if err != nil {
				t.Fatalf("%s: drill %s: %v", f, s, err)
			}
			if v.Turn != You || v.Phase > rules.PhaseBid2 {
				t.Fatalf("%s: drill %s: not the player's bid", f, s)
			}
			if !f.allows(&s) {
				t.Fatalf("%s: drill %s does not pass the filter", f, s)
			}
			kinds[s.Kind()]++
			seats[s.Dealer]++
			if target-s.Totals[You] <= 130 || target-s.Totals[Opp] <= 130 {
				near++
			}
			if s.Totals[You] < target/2 && s.Totals[Opp] < target/2 {
				start++
			}
		}
		if f == Any && (kinds[Round1] < n/5 || kinds[Round2] < n/10 || kinds[Schmeiss] < n/20) {
			t.Errorf("%s: kinds %v: want all three", f, kinds)
		}
		if (f == Any || f == OnlyRound1 || f == OnlySchmeiss || f == OnlyRound2) && (seats[true] < n/10 || seats[false] < n/10) {
			t.Errorf("%s: seats %v: want both", f, seats)
		}
		if near < n/6 || start < n/6 {
			t.Errorf("%s: %d of %d drills near the target, %d early: want both often", f, near, n, start)
		}
	}
}

// TestDrillsComeFromPlay: each drill is a real deal of the seed's deck,
// and every word said before the player's turn is the normal bot's, for
// the opponent and for the player's own earlier bids alike: the
// situations are those that happen in play.
func TestDrillsComeFromPlay(t *testing.T) {
	bot, err := ai.New(ai.Normal, ai.Config{})
	require.NoError(t, err)
	g, _ := NewGenerator(9, Any, rules.DefaultOptions())
	words := 0
	for n := uint64(1); n <= 80; n++ {
		s, real := g.drill(n)
		if real.Hand(You) != s.Hand || real.OrigUpcard() != s.Upcard || real.Totals() != s.Totals || (real.Dealer() == You) != s.Dealer {
			t.Fatalf("drill %s does not show its deal", s)
		}
		d := rules.NewGameDeal(s.Options, real.Dealer(), real.Deck(), s.Totals)
		for i, said := range s.Said {
			a, err := bot.Choose(context.Background(), d.View(d.Turn()))
			require.NoError(t, err)
			if a != said {
				t.Fatalf("drill %s: word %d is %s, the normal bot says %s", s, i+1, said, a)
			}
			require.NoError(t, d.Apply(a))
			words++
		}
		if d.Turn() != You || d.Phase() > rules.PhaseBid2 {
			t.Fatalf("drill %s: the replay does not stop at the player's bid", s)
		}
		// The situation's own View (with filler cards for the hidden
		// ones) is the real deal's View.
		v, err := s.View()
		require.NoError(t, err)
		if rv := real.View(You); v.String() != rv.String() || v.Totals != rv.Totals || v.Options != rv.Options ||
			!reflect.DeepEqual(v.Legal(), rv.Legal()) {
			t.Fatalf("drill %s: the View differs from the real deal's:\n%s\n%s", s, v, rv)
		}
	}
	if words < 40 {
		t.Errorf("only %d words checked", words)
	}
}

// allows reports whether the situation s passes the filter: what the
// generator must hold to, said independently of how it does.
func (f Filter) allows(s *Situation) bool {
	switch f {
	case OnlyRound1:
		return s.Kind() == Round1
	case OnlyRound2:
		return s.Kind() == Round2
	case OnlySchmeiss:
		return s.Kind() == Schmeiss
	case OnlyDealer:
		return s.Dealer
	case OnlyElder:
		return !s.Dealer
	}
	return true
}
