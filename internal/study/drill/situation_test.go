package drill

import (
	"errors"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

func mustSet(t testing.TB, s string) rules.CardSet {
	t.Helper()
	m, err := rules.ParseCardSet(s)
	require.NoError(t, err)
	return m
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

func TestSituationDeal(t *testing.T) {
	base := func() Situation {
		return Situation{Options: rules.DefaultOptions(), Hand: mustSet(t, "JS 9S AS KH QH 7D"), Upcard: rules.MustCard("8S")}
	}
	cases := []struct {
		name   string
		change func(*Situation)
		field  string
		is     error
		legal  string // the legal actions, when valid
	}{
		{"elder round one", func(*Situation) {}, "", nil, "pass take schmeiss"},
		{"dealer round one", func(s *Situation) { s.Dealer, s.Said = true, acts("pass") }, "", nil, "pass take schmeiss"},
		{"dealer answers", func(s *Situation) { s.Dealer, s.Said = true, acts("schmeiss") }, "", nil, "accept refuse"},
		{"elder answers", func(s *Situation) { s.Said = acts("pass", "schmeiss") }, "", nil, "accept refuse"},
		{"elder round two", func(s *Situation) { s.Said = acts("pass", "pass") }, "", nil, "pass name C name D name H"},
		{"dealer round two", func(s *Situation) { s.Dealer, s.Said = true, acts("pass", "pass", "pass") }, "", nil, "pass name C name D name H"},
		{"near the end", func(s *Situation) { s.Totals = [2]int{499, 499} }, "", nil, "pass take schmeiss"},
		{"both over, equal", func(s *Situation) { s.Totals = [2]int{510, 510} }, "", nil, "pass take schmeiss"},
		{"five cards", func(s *Situation) { s.Hand = s.Hand.Without(rules.MustCard("JS")) }, "hand", ErrHandSize, ""},
		{"seven cards", func(s *Situation) { s.Hand = s.Hand.With(rules.MustCard("7C")) }, "hand", ErrHandSize, ""},
		{"upcard held", func(s *Situation) { s.Upcard = rules.MustCard("JS") }, "up", ErrUpcardHeld, ""},
		{"no upcard", func(s *Situation) { s.Upcard = rules.NoCard }, "up", nil, ""},
		{"not your turn", func(s *Situation) { s.Said = acts("pass") }, "said", ErrNotYourTurn, ""},
		{"bidding over", func(s *Situation) { s.Said = acts("take") }, "said", ErrNotYourTurn, ""},
		{"illegal word", func(s *Situation) { s.Said = acts("accept") }, "said", nil, ""},
		{"game over", func(s *Situation) { s.Totals = [2]int{500, 20} }, "score", ErrGameOver, ""},
		{"negative", func(s *Situation) { s.Totals = [2]int{-5, 20} }, "score", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			tc.change(&s)
			v, err := s.View()
			if tc.field == "" {
				if err != nil {
					t.Fatalf("got error %v, want none", err)
				}
				var words []string
				for _, a := range v.Legal() {
					words = append(words, a.String())
				}
				if got := strings.Join(words, " "); got != tc.legal {
					t.Errorf("legal: got %q, want %q", got, tc.legal)
				}
				if v.Hand != s.Hand || v.OrigUpcard != s.Upcard || v.Totals != s.Totals || (v.Dealer == You) != s.Dealer {
					t.Errorf("view does not show the situation:\n%s", v)
				}
				return
			}
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Fatalf("got %v, want a *FieldError on %q", err, tc.field)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("got %v, want it to wrap %v", err, tc.is)
			}
		})
	}
}

// TestViewHidesFiller: the cards the situation fills in for the opponent
// do not show in the View, so two situations that differ only there are
// the same decision.
func TestViewHidesFiller(t *testing.T) {
	s := Situation{Options: rules.DefaultOptions(), Hand: mustSet(t, "JS 9S AS KH QH 7D"), Upcard: rules.MustCard("8S"), Dealer: true, Said: acts("pass")}
	v, err := s.View()
	require.NoError(t, err)
	if v.Unseen().Count() != 32-7 {
		t.Errorf("unseen: %d cards, want 25", v.Unseen().Count())
	}
	d, _ := s.Deal()
	if d.Hand(Opp)&v.Hand != 0 {
		t.Error("the opponent holds the player's cards")
	}
	if h := v.History(); len(h) != 1 || h[0].Seat != Opp || h[0].Action.Kind != rules.Pass {
		t.Errorf("history %v, want the opponent's pass", h)
	}
}

func TestKind(t *testing.T) {
	for _, tc := range []struct {
		said []string
		want Kind
	}{
		{nil, Round1}, {[]string{"pass"}, Round1}, {[]string{"schmeiss"}, Schmeiss},
		{[]string{"pass", "schmeiss"}, Schmeiss}, {[]string{"pass", "pass"}, Round2}, {[]string{"pass", "pass", "pass"}, Round2},
	} {
		s := Situation{Said: acts(tc.said...)}
		if got := s.Kind(); got != tc.want {
			t.Errorf("said %v: kind %s, want %s", tc.said, got, tc.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	s := Situation{Options: rules.DefaultOptions(), Hand: mustSet(t, "JS 9S AS KH QH 7D"), Upcard: rules.MustCard("8S"),
		Dealer: true, Said: acts("pass", "pass", "pass"), Totals: [2]int{420, 100}}
	for _, tc := range []struct{ got, want string }{
		{s.Role(), "You deal: the opponent speaks first."},
		{s.ScoreText(), "Score: you 420, the opponent 100; game to 500. You need 80 more."},
		{s.SaidText(), "Round one: the opponent passed, you passed. Round two: the opponent passed."},
		{s.Question(), "Round two: name clubs, diamonds or hearts, or pass (the deal is thrown in)?"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	e := Situation{Options: rules.DefaultOptions(), Said: acts("pass", "schmeiss"), Upcard: rules.MustCard("8S")}
	if got, want := e.SaidText(), "Round one: you passed, the opponent said schmeiss."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := e.Question(); !strings.Contains(got, "accept") || !strings.Contains(got, "spades") {
		t.Errorf("question %q", got)
	}
}
