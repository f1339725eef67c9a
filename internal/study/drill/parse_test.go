package drill

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
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
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		s := req.Situation
		var said []string
		for _, a := range s.Said {
			said = append(said, a.String())
		}
		if s.Hand != hand || s.Upcard != rules.MustCard("8S") || s.Dealer != tc.dealer || strings.Join(said, ",") != tc.said ||
			s.Totals != tc.totals || s.Options.Target != tc.target || req.Samples != tc.samples || req.Seed != tc.seed {
			t.Errorf("%q: got %+v, samples %d seed %d", tc.text, s, req.Samples, req.Seed)
		}
	}
}

func TestParseOptions(t *testing.T) {
	req, err := Parse("hand=JS 9S AS KH QH 7D up=8S bottom_card=off last_trick=0")
	require.NoError(t, err)
	o := req.Situation.Options
	if o.BottomCard || o.LastTrick != 0 || o.Target != 500 {
		t.Errorf("options %v", o)
	}
	if s := req.Situation.String(); !strings.Contains(s, "bottom_card=off") || !strings.Contains(s, "last_trick=0") {
		t.Errorf("String drops the options: %s", s)
	}
}

// TestParseErrors: every bad input names the key at fault and says what
// is wrong with it.
func TestParseErrors(t *testing.T) {
	const h = "hand=JS 9S AS KH QH 7D "
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
		{h + "up=8S seat=north", `seat: "north" is not elder or dealer`},
		{h + "up=8S seat=dealer", "seat: after nothing it is the elder's turn, not the dealer's"},
		{h + "up=8S said=pass", ""}, // the dealer's turn: seat inferred
		{h + "up=8S said=pass elder", "seat: after pass it is the dealer's turn, not the elder's"},
		{h + "up=8S elder dealer", "seat: given twice"},
		{h + "up=8S said=take", "said: it is not the player's turn to bid: after take the bidding is over"},
		{h + "up=8S said=pass,pass,pass,pass", "said: it is not the player's turn to bid: after pass,pass,pass,pass the bidding is over"},
		{h + "up=8S said=hello", `said: "hello" is not a bid`},
		{h + "up=8S said=accept", `said: word 1, "accept" (the opponent): "accept" is not a move now`},
		{h + "up=8S score=120", `score: "120" is not your total and the opponent's like 120-430`},
		{h + "up=8S score=a-b", `score: "a-b" is not your total`},
		{h + "up=8S score=500-20", "score: the game is already over at this score: 500-20 against a target of 500"},
		{h + "up=8S score=200-20 target=150", "score: the game is already over"},
		{h + "up=8S target=0", `target: option target: "0" is not a number`},
		{h + "up=8S round=3", `round: "3" is not 1 or 2`},
		{h + "up=8S samples=0", `samples: "0" is not a number from 1 to 100000`},
		{h + "up=8S samples=many", `samples: "many" is not a number`},
		{h + "up=8S seed=-1", `seed: "-1" is not a number`},
		{h + "up=8S colour=red", "colour: unknown key"},
		{h + "up=8S up=9S", "up: given twice"},
		{"JS hand=9S AS KH QH 7D 8D up=8S", "JS: not key=value"},
		{h + "up=8S bottom_card=maybe", `bottom_card: option bottom_card: "maybe" is not on or off`},
	}
	for _, tc := range cases {
		_, err := Parse(tc.text)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v, want no error", tc.text, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q: no error, want %q", tc.text, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q:\n got %q\nwant %q...", tc.text, err, tc.want)
		}
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%q: %T is not a *FieldError", tc.text, err)
		}
	}
}

// TestStringRoundTrip: every generated drill, written out and read back,
// is the same situation.
func TestStringRoundTrip(t *testing.T) {
	for _, f := range []Filter{Any, OnlyRound2, OnlySchmeiss, OnlyDealer} {
		g, err := NewGenerator(5, f, rules.DefaultOptions())
		require.NoError(t, err)
		for range 60 {
			s, _ := g.Next()
			req, err := Parse(s.String())
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if !reflect.DeepEqual(req.Situation, s) {
				t.Fatalf("round trip:\n got %+v\nwant %+v\ntext %s", req.Situation, s, s)
			}
		}
	}
}

func ExampleParse() {
	req, err := Parse("hand=JS 9S AS KH QH 7D up=8S seat=dealer said=pass score=120-430")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := req.Situation
	fmt.Println(s.Kind())
	fmt.Println(s.Role())
	fmt.Println(s.ScoreText())
	fmt.Println(s.SaidText())
	fmt.Println(s)
	_, err = Parse("hand=JS 9S AS KH QH XS up=8S")
	fmt.Println(err)
	// Output:
	// round one
	// You deal: the opponent speaks first.
	// Score: you 120, the opponent 430; game to 500. The opponent needs 70 more.
	// Round one: the opponent passed.
	// hand=JS 9S AS KH QH 7D up=8S seat=dealer score=120-430 target=500 said=pass
	// hand: "XS" is not a card: bad rank
}

// FuzzParse: no input makes Parse panic, and what it accepts is a
// situation that can happen and that reads back the same from its text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430 target=500",
		"hand=JS 9S AS KH QH 7D up=8S seat=dealer said=schmeiss",
		"hand=JS 9S AS KH QH 7D up=8S round=2 said=pass samples=10 seed=3",
		"hand=J♠ 9♠ A♠ K♥ Q♥ 7♦ up=8♠ dealer said=pass,schmeiss bottom_card=off",
		"hand= up= said= = ==",
	} {
		f.Add(s)
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
		if !reflect.DeepEqual(again.Situation, s) {
			t.Fatalf("%q: round trip differs:\n%+v\n%+v", text, again.Situation, s)
		}
	})
}
