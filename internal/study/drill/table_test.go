package drill

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func tableOpts(t testing.TB, s string) rules.Options {
	t.Helper()
	o, err := rules.ParseOptions(s)
	require.NoError(t, err)
	return o
}

// tableRuleSets are the tables every generator test runs on: plain three
// and four, and each with the house variants that add a decision before
// the card play.
var tableRuleSets = []string{
	"players=3",
	"players=4",
	"players=3,shlomo=on,dealer_forced=on,bimah=on",
	"players=4,shlomo=on,cleopatra=on,dealer_forced=on,of_a_kind=on,menage=on",
}

// TestTableGeneratorDrills: every drill is a decision of the player
// (seat A) before the card play with two options or more, reproducible
// from the seed, its text form read back to the same drill, and over a
// few dozen drills every kind the rules allow comes up.
func TestTableGeneratorDrills(t *testing.T) {
	for _, rs := range tableRuleSets {
		t.Run(rs, func(t *testing.T) {
			opts := tableOpts(t, rs)
			g, err := NewTableGenerator(7, Any, opts)
			require.NoError(t, err)
			again, err := NewTableGenerator(7, Any, opts)
			require.NoError(t, err)
			kinds := map[Kind]int{}
			places := map[rules.Seat]int{}
			for range 60 {
				s, n := g.Next()
				v, err := s.View()
				require.NoError(t, err, "drill %d: %s", n, s)
				require.Equal(t, You, v.Turn, "drill %d: the player's turn", n)
				require.GreaterOrEqual(t, len(v.Legal()), 2, "drill %d: a choice", n)
				require.NotEqual(t, rules.PhasePlay, v.Phase)
				require.Equal(t, s.String(), again.Drill(uint64(n)).String(), "drill %d: reproducible", n)
				back, err := ParseTable(s.String())
				require.NoError(t, err, "drill %d", n)
				require.Equal(t, s.String(), back.String())
				bv, err := back.View()
				require.NoError(t, err)
				require.Equal(t, v, bv, "drill %d: the text form gives the same View", n)
				kinds[s.Kind()]++
				places[s.Dealer]++
			}
			want := tableKinds(Any, opts)
			for _, k := range want {
				if k == Declare {
					continue // rarer: see TestTableGeneratorFilters
				}
				assert.Positive(t, kinds[k], "kind %s never came up: %v", k, kinds)
			}
			assert.Len(t, places, opts.NumPlayers(), "the player sits at every place: %v", places)
			other, err := NewTableGenerator(8, Any, opts)
			require.NoError(t, err)
			assert.NotEqual(t, g.Drill(1).String(), other.Drill(1).String(), "another seed, another drill")
		})
	}
}

// TestTableGeneratorFilters: -only gives that decision, or that place.
func TestTableGeneratorFilters(t *testing.T) {
	cases := []struct {
		rules string
		f     Filter
		kind  Kind
	}{
		{"players=3", OnlyRound1, Round1},
		{"players=4", OnlyRound2, Round2},
		{"players=3", OnlyDix, Dix},
		{"players=4", OnlyDialogue, Dialogue},
		{"players=3,shlomo=on", OnlyDeclare, Declare},
		{"players=4,cleopatra=on", OnlyDeclare, Declare},
	}
	for _, c := range cases {
		g, err := NewTableGenerator(3, c.f, tableOpts(t, c.rules))
		require.NoError(t, err, c.rules)
		for range 8 {
			s, n := g.Next()
			require.Equal(t, c.kind, s.Kind(), "%s -only %s drill %d: %s", c.rules, c.f, n, s)
		}
	}
	for _, players := range []int{3, 4} {
		opts := tableOpts(t, "players="+string(rune('0'+players)))
		g, err := NewTableGenerator(5, OnlyDealer, opts)
		require.NoError(t, err)
		e, err := NewTableGenerator(5, OnlyElder, opts)
		require.NoError(t, err)
		for range 6 {
			s, _ := g.Next()
			assert.Equal(t, You, s.Dealer, "-only dealer")
			s, _ = e.Next()
			assert.Equal(t, rules.Seat(players-1), s.Dealer, "-only elder: the player is eldest")
		}
	}
}

func TestTableGeneratorRefuses(t *testing.T) {
	for _, c := range []struct {
		rules string
		f     Filter
		want  string
	}{
		{"players=2", Any, "three or four"},
		{"players=3", OnlySchmeiss, "no schmeiss"},
		{"players=4", OnlyDix, "the dix"},
		{"players=3", OnlyDeclare, "shlomo=on"},
		{"players=4,shlomo=off", OnlyDeclare, "shlomo=on"},
	} {
		_, err := NewTableGenerator(1, c.f, tableOpts(t, c.rules))
		require.Error(t, err, "%s -only %s", c.rules, c.f)
		assert.Contains(t, err.Error(), c.want)
	}
	require.Error(t, Filter(OnlyDix).ForPlayers(2), "-only dix at two players")
	require.NoError(t, Filter(OnlySchmeiss).ForPlayers(2))
}

func TestParseFilterTableNames(t *testing.T) {
	for _, n := range TableFilterNames {
		f, err := ParseFilter(n)
		require.NoError(t, err, n)
		require.Equal(t, n, f.String())
	}
	f, err := ParseFilter("dialogue")
	require.NoError(t, err)
	require.Equal(t, OnlyDialogue, f)
}

// TestParseTableErrors: a text that cannot be a table drill says which
// field is wrong.
func TestParseTableErrors(t *testing.T) {
	g, err := NewTableGenerator(2, Any, tableOpts(t, "players=3"))
	require.NoError(t, err)
	good := g.Drill(1).String()
	field := func(text, k string) string {
		for _, f := range strings.Fields(text) {
			if strings.HasPrefix(f, k+"=") {
				return f
			}
		}
		return ""
	}
	deck := field(good, "deck")
	cases := map[string]string{
		"": "players",
		strings.Replace(good, "players=3", "players=2", 1):              "players",
		strings.Replace(good, field(good, "score"), "score=1-2", 1):     "score",
		strings.Replace(good, field(good, "score"), "score=600-0-0", 1): "score",
		strings.Replace(good, deck, deck[:len(deck)-3], 1):              "deck",
		strings.Replace(good, field(good, "dealer"), "dealer=Z", 1):     "dealer",
		good + " said=take,take":                                        "said",
		good + " bogus=1":                                               "bogus",
		good + " dealer=A":                                              "dealer",
		strings.Replace(good, " ", "  x ", 1):                           "key=value",
	}
	for text, want := range cases {
		_, err := ParseTable(text)
		require.Error(t, err, "%q", text)
		assert.Contains(t, err.Error(), want, "%q", text)
	}
	// The player must be to act after said=.
	s, err := ParseTable(good)
	require.NoError(t, err)
	tb, err := s.Table()
	require.NoError(t, err)
	l := tb.Legal()
	s.Said = append(s.Said, l[0])
	_, err = ParseTable(s.String())
	if err != nil {
		assert.True(t, errors.Is(err, ErrNotYourTurn) || strings.Contains(err.Error(), "said"), "%v", err)
	}
}

// FuzzParseTable: whatever the text, ParseTable never panics, and what
// it accepts is a drill whose text reads back the same.
func FuzzParseTable(f *testing.F) {
	for i, rs := range tableRuleSets {
		g, err := NewTableGenerator(uint64(i), Any, tableOpts(f, rs))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(g.Drill(1).String())
	}
	f.Add("players=4 dealer=D score=0-0 deck=x")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseTable(text)
		if err != nil {
			return
		}
		back, err := ParseTable(s.String())
		if err != nil {
			t.Fatalf("%q read, its text %q not: %v", text, s.String(), err)
		}
		if back.String() != s.String() {
			t.Fatalf("round trip: %q became %q", s.String(), back.String())
		}
		if _, err := s.View(); err != nil {
			t.Fatalf("accepted %q has no View: %v", text, err)
		}
	})
}

// TestTableWords: the situation in words names the seats as the table
// does, the score by side, the words said and the question.
func TestTableWords(t *testing.T) {
	s, err := ParseTable("players=4 dealer=B score=120-430 target=500 said=pass,pass deck=" + deckText(rules.NewDeck()))
	require.NoError(t, err)
	v, err := s.View()
	require.NoError(t, err)
	assert.Equal(t, "West deals: you speak third, after North and East. North, across, is your partner; West and East play against you.", s.Role())
	assert.Equal(t, "Score: you and North 120, West and East 430; game to 500. West and East need 70 more.", s.ScoreText())
	assert.Equal(t, []string{"Round one: North passed, East passed."}, s.SaidLines(&v))
	assert.Equal(t, "Round one: take "+v.OrigUpcard.Suit().Name()+" as trump, or pass?", s.Question(&v))
	assert.Equal(t, Round1, s.Kind())
	s.Said = append(s.Said, rules.PassAction(), rules.PassAction(), rules.PassAction(), rules.PassAction())
	v, err = s.View()
	require.NoError(t, err)
	assert.Equal(t, []string{"Round one: North passed, East passed, you passed, West passed.", "Round two: North passed, East passed."}, s.SaidLines(&v))
	q := s.Question(&v)
	assert.Contains(t, q, "Round two: name ")
	assert.Contains(t, q, "no trumps")
	assert.Contains(t, q, "or pass (the next player speaks)?")
	assert.Equal(t, Round2, s.Kind())

	decl, err := ParseTable("players=4 dealer=B score=0-0 shlomo=on cleopatra=on said=pass,pass,pass,pass,pass,pass deck=" + deckText(rules.NewDeck()))
	require.NoError(t, err)
	v, err = decl.View()
	require.NoError(t, err)
	assert.Equal(t, []string{"Shlomo: nobody declared.", "Cleopatra: North passed, East passed."}, decl.SaidLines(&v))
	assert.Equal(t, Declare, decl.Kind())
	decl.Said = append(decl.Said, rules.PassAction(), rules.PassAction(), rules.PassAction(), rules.PassAction())
	v, err = decl.View()
	require.NoError(t, err)
	assert.Equal(t, []string{"Shlomo, cleopatra: nobody declared.", "Round one: North passed, East passed."}, decl.SaidLines(&v))

	three, err := ParseTable("players=3 dealer=A score=0-0-0 said=pass,pass deck=" + deckText(rules.NewDeck()))
	require.NoError(t, err)
	assert.Equal(t, "You deal: you speak last. Three players, each for themselves.", three.Role())
	assert.Equal(t, "Score: you 0, West 0, East 0; game to 500.", three.ScoreText())
	assert.Equal(t, "declare shlomo", Verb(rules.Action{Kind: rules.Shlomo}))
	assert.Equal(t, "give QS", Label(rules.Action{Kind: rules.Give, Card: rules.NewCard(rules.Queen, rules.Spades)}))
	assert.Equal(t, "name no trumps", Label(rules.NameAction(rules.NoTrumps)))
}

func deckText(d rules.Deck) string {
	w := make([]string, len(d))
	for i, c := range d {
		w[i] = c.String()
	}
	return strings.Join(w, ",")
}

// fakeTableEval scores option j at 10*j points with a fixed error, so
// the last option is best; it checks it was given the player's View.
func fakeTableEval(ctx context.Context, v *rules.View, opt eval.Options) (eval.Evaluation, error) {
	if v.Turn != v.Seat {
		return eval.Evaluation{}, eval.ErrNotYourTurn
	}
	l := v.Legal()
	ev := eval.Evaluation{Samples: opt.Samples, Weight: float64(opt.Samples)}
	for j, a := range l {
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: 10 * float64(j), StdErr: 1, Win: 0.5 + 0.01*float64(j)})
	}
	ev.Best = len(l) - 1
	return ev, nil
}

// TestTableTallyAndRecord: the table tally pools the batches like the
// two-player one, and a graded table drill goes into the record of its
// seat count, never into the two-player one, through the file.
func TestTableTallyAndRecord(t *testing.T) {
	g, err := NewTableGenerator(4, OnlyRound2, tableOpts(t, "players=4"))
	require.NoError(t, err)
	s, _ := g.Next()
	v, err := s.View()
	require.NoError(t, err)
	an, err := EvaluateTableWith(context.Background(), fakeTableEval, v, Options{Samples: 200, Seed: 1})
	require.NoError(t, err)
	require.Equal(t, 200, an.Samples)
	require.Equal(t, len(v.Legal())-1, an.Best)
	require.Equal(t, Mistake, an.Rows[0].Verdict.Kind, "10 points behind with no spread: a mistake")
	require.InDelta(t, 10*float64(an.Best), an.Rows[0].Verdict.Points, 1e-9)

	f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName)}
	_, err = f.Add(record(t, Best, 0))
	require.NoError(t, err)
	st, err := f.Add(NewTableRecord(s, &an, 0, when))
	require.NoError(t, err)
	assert.Equal(t, 1, st.Drills, "the two-player record is untouched")
	four := st.Table(4)
	assert.Equal(t, Score{Drills: 1, Lost: an.Rows[0].Verdict.Points, WinLost: an.Rows[0].Verdict.Win}, four.Score)
	assert.Equal(t, four.Score, four.Kinds["round two"])
	require.Len(t, four.Mistakes, 1)
	assert.Equal(t, s.String(), four.Mistakes[0].Situation)
	assert.Zero(t, st.Table(3).Drills)
	got, err := f.Load()
	require.NoError(t, err)
	assert.Equal(t, st, got, "read back")
	clone := got.Clone()
	clone.Tables["4"].Kinds["round two"] = Score{}
	assert.Equal(t, st, got, "a clone shares nothing")
}

// TestTableRecordChecks: a record whose tables hold what cannot be is
// damaged (kept aside), and a record from before tables reads as it was.
func TestTableRecordChecks(t *testing.T) {
	old := `{"version": 1, "drills": 3, "correct": 1, "points_lost": 12.5, "kinds": {"round one": {"drills": 3, "correct": 1, "points_lost": 12.5}}}`
	for text, bad := range map[string]bool{
		old: false,
		`{"version": 1, "tables": {"4": {"drills": 2, "correct": 1}}}`:                                                            false,
		`{"version": 1, "tables": {"5": {"drills": 2, "correct": 1}}}`:                                                            true,
		`{"version": 1, "tables": {"3": {"drills": 2, "correct": 3}}}`:                                                            true,
		`{"version": 1, "tables": {"3": {"drills": 1, "mistakes": [{"situation": "hand=JS", "chose": "pass", "best": "take"}]}}}`: true,
	} {
		f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName), Now: func() time.Time { return when }}
		require.NoError(t, os.WriteFile(f.Path, []byte(text), 0o644))
		st, err := f.Load()
		var de *DamagedError
		if bad {
			require.True(t, errors.As(err, &de), "%s: %v", text, err)
			continue
		}
		require.NoError(t, err, text)
		if text == old {
			assert.Equal(t, 3, st.Drills)
			assert.Empty(t, st.Tables)
		}
	}
}

// tableDeck returns a deck whose first cards are first (in deal order)
// and the upcard at position up, the rest in index order.
func tableDeck(t *testing.T, places map[int]string) rules.Deck {
	t.Helper()
	var d rules.Deck
	var used rules.CardSet
	for i, s := range places {
		c, err := rules.ParseCard(s)
		require.NoError(t, err)
		d[i] = c
		used = used.With(c)
	}
	rest := (rules.FullDeck &^ used).Cards()
	k := 0
	for i := range d {
		if _, ok := places[i]; !ok {
			d[i] = rest[k]
			k++
		}
	}
	return d
}

// TestTableRealEvaluation: with the hard bot's evaluation at tables, the
// eldest of three holding J, 9, A, 10 of the upcard's suit takes, and
// passing is graded a mistake; a hand with no trump and no ace passes.
func TestTableRealEvaluation(t *testing.T) {
	opts := tableOpts(t, "players=3")
	// Dealer C: A is eldest and gets deck places 0-2 and 9-11; the upcard
	// is place 18.
	strong := TableSituation{Options: opts, Dealer: 2, Totals: [4]int{100, 100, 100},
		Deck: tableDeck(t, map[int]string{0: "JS", 1: "9S", 2: "AS", 9: "TS", 10: "AH", 11: "KD", 18: "8S"})}
	v, err := strong.View()
	require.NoError(t, err)
	an, err := EvaluateTableWith(context.Background(), DefaultTableEvaluator, v, Options{Samples: samples(), Seed: 1})
	require.NoError(t, err)
	require.True(t, an.NoWin)
	take, pass := row(t, an, rules.Take), row(t, an, rules.Pass)
	require.Equal(t, rules.Take, an.Rows[an.Best].Action.Kind, "J-9-A-10 of trump: take %s, pass %s", Signed(take.Mean), Signed(pass.Mean))
	require.Equal(t, Mistake, pass.Verdict.Kind, "passing J-9-A-10 of trump")
	require.Greater(t, pass.Verdict.Points, 10.0)

	weak := strong
	weak.Deck = tableDeck(t, map[int]string{0: "7H", 1: "8H", 2: "7D", 9: "8D", 10: "7C", 11: "8C", 18: "JS"})
	v, err = weak.View()
	require.NoError(t, err)
	an, err = EvaluateTableWith(context.Background(), DefaultTableEvaluator, v, Options{Samples: samples(), Seed: 1})
	require.NoError(t, err)
	require.Equal(t, rules.Pass, an.Rows[an.Best].Action.Kind, "sevens and eights, no trump")
	require.Equal(t, Mistake, row(t, an, rules.Take).Verdict.Kind, "taking with no trump")
}
