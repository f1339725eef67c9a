package drill

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseHandForm: the hand form a person writes, in its variants.
func TestParseHandForm(t *testing.T) {
	hand := mustSet(t, "JS 9S AS KH QH 7D")
	cases := []struct {
		text    string
		dealer  bool
		said    string // the words, comma separated
		totals  [2]int
		target  int
		samples int
		seed    uint64
	}{
		{"hand=JS 9S AS KH QH 7D up=8S seat=elder", false, "", [2]int{}, 500, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S", false, "", [2]int{}, 500, 0, 1},
		{"up=8S hand=js,9s,as,kh,qh,7d elder", false, "", [2]int{}, 500, 0, 1},
		{"hand=J♠ 9♠ A♠ K♥ Q♥ 7♦ up=8♠", false, "", [2]int{}, 500, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-430", true, "pass", [2]int{120, 430}, 500, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S dealer said=schmeiss target=1000 score=900-10", true, "schmeiss", [2]int{900, 10}, 1000, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass,schmeiss", false, "pass,schmeiss", [2]int{}, 500, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S said=pass schmeiss seed=7 samples=40", false, "pass,schmeiss", [2]int{}, 500, 40, 7},
		{"hand=JS 9S AS KH QH 7D up=8S round=2", false, "pass,pass", [2]int{}, 500, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S round=2 said=pass seat=dealer", true, "pass,pass,pass", [2]int{}, 500, 0, 1},
		{"hand=JS 9S AS KH QH 7D up=8S round=1 said=nothing", false, "", [2]int{}, 500, 0, 1},
		{"  HAND=JS 9S AS KH QH 7D   UPCARD=8S  ", false, "", [2]int{}, 500, 0, 1},
	}
	for _, tc := range cases {
		req, err := Parse(tc.text)
		if !assert.NoError(t, err, tc.text) {
			continue
		}
		s := req.Situation
		v, err := s.View()
		require.NoError(t, err)
		var said []string
		for _, a := range s.Said {
			said = append(said, a.String())
		}
		assert.Equal(t, hand, v.Hand, tc.text)
		assert.Equal(t, rules.MustCard("8S"), v.OrigUpcard, tc.text)
		assert.Equal(t, tc.dealer, s.Dealer == You, tc.text)
		assert.Equal(t, tc.said, strings.Join(said, ","), tc.text)
		assert.Equal(t, [4]int{tc.totals[0], tc.totals[1]}, s.Totals, tc.text)
		assert.Equal(t, tc.target, s.Options.Target, tc.text)
		assert.Equal(t, tc.samples, req.Samples, tc.text)
		assert.Equal(t, tc.seed, req.Seed, tc.text)
		assert.Equal(t, 2, s.Players(), tc.text)
	}
}

func TestParseOptions(t *testing.T) {
	req, err := Parse("hand=JS 9S AS KH QH 7D up=8S bottom_card=off last_trick=0 menage=on")
	require.NoError(t, err)
	o := req.Situation.Options
	assert.False(t, o.BottomCard)
	assert.Zero(t, o.LastTrick)
	assert.True(t, o.Menage)
	assert.Equal(t, 500, o.Target)
	s := req.Situation.String()
	for _, want := range []string{"players=2 ", "bottom_card=off", "last_trick=0", "menage=on"} {
		assert.Contains(t, s, want)
	}
}

// TestParseErrors: every bad input names the key at fault and says what
// is wrong with it, in either form.
func TestParseErrors(t *testing.T) {
	const h = "hand=JS 9S AS KH QH 7D "
	g, err := NewGenerator(2, Any, opts(t, "players=3"))
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
	cases := []struct{ text, want string }{
		{"", "hand: missing"},
		{"up=8S", "hand: missing"},
		{"hand=JS 9S AS KH QH 7D", "up: missing"},
		{"hand=XS 9S AS KH QH 7D up=8S", `hand: "XS" is not a card`},
		{"hand=JS 9S AS KH QH up=8S", "hand: a hand has six cards, not 5"},
		{"hand=JS 9S AS KH QH 7D 8D up=8S", "hand: a hand has six cards, not 7"},
		{"hand=JS JS AS KH QH 7D up=8S", "hand: card JS listed twice"},
		{"hand= up=8S", "hand: no cards"},
		{h + "up=JS", "up: the upcard cannot be in the hand: JS is in both"},
		{h + "up=8S 9D", `up: want one card, got "8S 9D"`},
		{h + "up=1S", `up: "1S" is not a card`},
		{h + "up=8S seat=north", `seat: "north" is not one of elder, dealer`},
		{h + "up=8S seat=second", `seat: "second" is not one of elder, dealer`},
		{h + "up=8S players=3 seat=third", `seat: "third" is not one of elder, second, dealer`},
		{h + "up=8S players=4 seat=non-dealer", `seat: "non-dealer" is not one of elder, second, third, dealer`},
		{h + "up=8S players=3 said=pass seat=dealer", "seat: after pass it is the second's turn, not the dealer's"},
		{h + "up=8S players=4 said=pass,pass,pass", ""}, // the dealer's turn
		{h + "up=8S players=3 score=10-20", `score: "10-20" is not 3 totals like 120-40-300`},
		{h + "up=8S players=5", "players:"},
		{h + "up=8S seat=dealer", "seat: after nothing it is the elder's turn, not the dealer's"},
		{h + "up=8S said=pass", ""}, // the dealer's turn: seat inferred
		{h + "up=8S said=pass elder", "seat: after pass it is the dealer's turn, not the elder's"},
		{h + "up=8S elder dealer", "seat: given twice"},
		{h + "up=8S said=take", "said: it is not the player's turn before the card play: after take the bidding is over"},
		{h + "up=8S said=pass,pass,pass,pass", "said: it is not the player's turn before the card play: after pass,pass,pass,pass the deal is over"},
		{h + "up=8S said=hello", `said: "hello" is not a word of the deal`},
		{h + "up=8S said=accept", `said: word 1, "accept" (the opponent): "accept" is not a move now`},
		{h + "up=8S score=120", `score: "120" is not 2 totals like 120-430`},
		{h + "up=8S score=a-b", `score: "a" is not a total`},
		{h + "up=8S score=500-20", "score: the game is already over at this score: 500-20 against a target of 500"},
		{h + "up=8S score=200-20 target=150", "score: the game is already over"},
		{h + "up=8S target=0", `target: option target: "0" is not a number`},
		{h + "up=8S round=3", `round: "3" is not 1 or 2`},
		{h + "up=8S bimah=on", "bimah: not played: bimah=on (it needs dealer_forced)"},
		{h + "up=8S shlomo=on", "shlomo: not played: shlomo=on (played by three or four)"},
		{h + "up=8S players=3 cleopatra=on", "cleopatra: not played: cleopatra=on (played by four)"},
		{h + "up=8S dealer_forced=on bimah=on", ""},
		{h + "up=8S samples=0", `samples: "0" is not a number from 1 to 100000`},
		{h + "up=8S samples=many", `samples: "many" is not a number`},
		{h + "up=8S seed=-1", `seed: "-1" is not a number`},
		{h + "up=8S colour=red", "colour: unknown key"},
		{h + "up=8S up=9S", "up: given twice"},
		{"JS hand=9S AS KH QH 7D 8D up=8S", "JS: not key=value"},
		{h + "up=8S bottom_card=maybe", `bottom_card: option bottom_card: "maybe" is not on or off`},
		// The deck form.
		{"players=4 dealer=A score=0-0", "deck: missing"},
		{strings.Replace(good, "players=3", "players=5", 1), "players:"},
		{strings.Replace(good, field(good, "score"), "score=1-2", 1), `score: "1-2" is not 3 totals`},
		{strings.Replace(good, field(good, "score"), "score=600-0-0", 1), "score: the game is already over"},
		{strings.Replace(good, deck, deck[:len(deck)-3], 1), "deck:"},
		{strings.Replace(good, deck, "deck=XX,"+deck[5:], 1), "deck:"},
		{strings.Replace(good, field(good, "dealer"), "dealer=Z", 1), `dealer: "Z" is not a seat A to D`},
		{good + " said=take,take", "said: given twice"},
		{good + " bogus=1", "bogus: unknown key"},
		{good + " dealer=A", "dealer: given twice"},
		{good + " up=8S", "up: not with dealer= and deck="},
		{good + " elder", "seat: not with dealer= and deck="},
		{strings.Repeat("x", maxText+1), "text:"},
	}
	for _, tc := range cases {
		_, err := Parse(tc.text)
		if tc.want == "" {
			assert.NoError(t, err, tc.text)
			continue
		}
		if !assert.Error(t, err, tc.text) {
			continue
		}
		assert.True(t, strings.HasPrefix(err.Error(), tc.want), "%q:\n got %q\nwant %q...", tc.text, err, tc.want)
		var fe *FieldError
		assert.True(t, errors.As(err, &fe), "%q: %T is not a *FieldError", tc.text, err)
	}
}

// TestStringRoundTrip: every generated drill, at every seat count,
// written out and read back is the same situation with the same View.
func TestStringRoundTrip(t *testing.T) {
	for _, rs := range seatCounts {
		for _, f := range []Filter{Any, OnlyRound2, OnlyDealer} {
			g, err := NewGenerator(5, f, opts(t, rs))
			require.NoError(t, err)
			for range 15 {
				s, _ := g.Next()
				req, err := Parse(s.String())
				require.NoError(t, err, "%s", s)
				if !reflect.DeepEqual(req.Situation, s) && !(len(s.Said) == 0 && len(req.Situation.Said) == 0) {
					t.Fatalf("round trip:\n got %+v\nwant %+v\ntext %s", req.Situation, s, s)
				}
				assert.Equal(t, s.String(), req.Situation.String())
				v, _ := s.View()
				rv, err := req.Situation.View()
				require.NoError(t, err)
				assert.Equal(t, v, rv)
			}
		}
	}
}

// TestHandFormIsDeckForm: a hand-form situation written out reads back
// as the same decision.
func TestHandFormIsDeckForm(t *testing.T) {
	for _, text := range []string{
		"hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-430",
		"hand=9D 8C KC QC AH TH up=7S round=2 said=pass target=300 bottom_card=off",
	} {
		s, v := parseView(t, text)
		_, bv := parseView(t, s.String())
		assert.Equal(t, v, bv, text)
	}
}

func ExampleParse() {
	req, err := Parse("hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-430")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := req.Situation
	v, _ := s.View()
	fmt.Println(s.Kind())
	fmt.Println(Role(&v))
	fmt.Println(ScoreText(&v))
	fmt.Println(SaidLines(&v, true))
	fmt.Println(Question(&v, true))
	fmt.Println(s)
	_, err = Parse("hand=JS 9S AS KH QH XS up=8S")
	fmt.Println(err)
	// Output:
	// round one
	// You deal: you speak last.
	// Score: you 120, the opponent 430; game to 500. You need 380 more. The opponent needs 70 more.
	// [Round one: the opponent passed.]
	// Round one: take spades as trump, pass, or schmeiss?
	// players=2 dealer=A score=120-430 target=500 said=pass deck=7C,8C,9C,7D,QH,KH,TC,JC,QC,9S,JS,AS,8S,KC,AC,8D,9D,TD,JD,QD,KD,AD,7H,8H,9H,TH,JH,AH,7S,TS,QS,KS
	// hand: "XS" is not a card: bad rank
}

// FuzzParse: no input makes Parse panic; what it accepts is a situation
// that can happen, and its text reads back the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430 target=500",
		"hand=JS 9S AS KH QH 7D up=8S seat=dealer said=schmeiss",
		"hand=JS 9S AS KH QH 7D up=8S round=2 said=pass samples=10 seed=3",
		"hand=J♠ 9♠ A♠ K♥ Q♥ 7♦ up=8♠ dealer said=pass,schmeiss bottom_card=off",
		"hand= up= said= = ==",
		"players=4 dealer=D score=0-0 deck=x",
	} {
		f.Add(s)
	}
	for i, rs := range seatCounts {
		g, err := NewGenerator(uint64(i), Any, opts(f, rs))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(g.Drill(1).String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		req, err := Parse(text)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("%q: error %T is not a *FieldError", text, err)
			}
			return
		}
		s := req.Situation
		if _, err := s.View(); err != nil {
			t.Fatalf("%q: accepted, but the View fails: %v", text, err)
		}
		again, err := Parse(s.String())
		if err != nil {
			t.Fatalf("%q: String %q does not parse: %v", text, s.String(), err)
		}
		if again.Situation.String() != s.String() {
			t.Fatalf("%q: round trip differs:\n%s\n%s", text, again.Situation, s)
		}
	})
}

// TestDixQuestionWithoutTheSeven: a dix asked of a player who holds no 7
// of trump (a situation given whole, with -eval) says so, rather than
// offering an exchange the player cannot make.
func TestDixQuestionWithoutTheSeven(t *testing.T) {
	req, err := Parse("players=2 dealer=B said=take deck=JC,JD,JH,7S,8S,QS,JS,7C,8D,KS,AS,TS,AH,9C,9D,9H,QD,KD,AD,8C,TC,QC,KC,AC,7D,TD,7H,8H,TH,QH,KH,9S")
	require.NoError(t, err)
	v, err := req.Situation.View()
	require.NoError(t, err)
	require.Equal(t, rules.PhaseDix, v.Phase)
	require.Equal(t, "The dix: you hold no 7 of trump to exchange for the upcard AH.", Question(&v, true))
}

// TestSaidTakesTheLogsWords: a declaration's round passed reads as the
// game log writes it ("no-shlomo", "no-cleopatra") as well as "pass".
func TestSaidTakesTheLogsWords(t *testing.T) {
	var s Situation
	require.NoError(t, parseSaid(&s, []string{"no-shlomo,No-Cleopatra", "pass"}))
	pass := rules.Action{Kind: rules.Pass}
	require.Equal(t, []rules.Action{pass, pass, pass}, s.Said)
	require.Error(t, parseSaid(&s, []string{"no-bella"}))
}

// TestHandFormImpliesTheDeclarations: with shlomo or cleopatra on, the
// short form's said= lists the bidding, every declaration round taken as
// passed, whether or not the hand holds a declaration; said= may still
// write the rounds itself, and a said= that stops inside them is named.
func TestHandFormImpliesTheDeclarations(t *testing.T) {
	cases := []struct {
		text  string
		phase rules.Phase
		place int // the player's place from eldest
		said  int // the steps before the decision
	}{
		{"hand=KH QC QS 7D 8D 9D up=AS players=3 seat=elder shlomo=on", rules.PhaseBid1, 0, 3},
		{"hand=JS 9S 7H 7C TD 7D up=AS players=3 seat=elder shlomo=on", rules.PhaseBid1, 0, 3},
		{"hand=JS 9S 7H 7C TD 7D up=KH players=3 seat=dealer said=pass,pass shlomo=on", rules.PhaseBid1, 2, 5},
		{"hand=QH JC JS 7D 8D 9D up=AS players=4 seat=elder cleopatra=on", rules.PhaseBid1, 0, 4},
		{"hand=QH JC JS 7D 8D 9D up=AS players=4 said=pass cleopatra=on shlomo=on", rules.PhaseBid1, 1, 9},
		{"hand=JS 9S 7H 7C TD 7D up=KH players=3 round=2 shlomo=on", rules.PhaseBid2, 0, 6},
		// Written out, as the log writes them.
		{"hand=JS 9S 7H 7C TD 7D up=KH players=3 said=no-shlomo,no-shlomo,no-shlomo,pass shlomo=on", rules.PhaseBid1, 1, 4},
	}
	for _, tc := range cases {
		req, err := Parse(tc.text)
		if !assert.NoError(t, err, tc.text) {
			continue
		}
		s := req.Situation
		d, err := s.Deal()
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.phase, d.Phase(), tc.text)
		assert.Equal(t, tc.place, rules.Place(You, s.Dealer, s.Players()), tc.text)
		assert.Len(t, s.Said, tc.said, tc.text)
	}
	_, err := Parse("hand=JS 9S 7H 7C TD 7D up=KH players=3 said=no-shlomo shlomo=on")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "said: it is not the player's turn before the card play: after pass the declarations are not over")
	assert.Contains(t, err.Error(), "write them all, like no-shlomo,no-shlomo,no-shlomo")
	assert.NotContains(t, err.Error(), "bidding is over")
}
