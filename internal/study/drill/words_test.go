package drill

import (
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// TestWordsForEveryKind: every kind of decision has its own verb,
// gerund and label (issue 13: "the hard bot would same" and "exchanges
// the dix wins" were the words of a table used in a sentence).
func TestWordsForEveryKind(t *testing.T) {
	kh := rules.MustCard("KH")
	cases := []struct {
		a                   rules.Action
		verb, gerund, label string
	}{
		{rules.PassAction(), "pass", "passing", "pass"},
		{rules.Action{Kind: rules.Take}, "take", "taking", "take"},
		{rules.Action{Kind: rules.Schmeiss}, "say schmeiss", "saying schmeiss", "schmeiss"},
		{rules.Action{Kind: rules.Accept}, "accept the schmeiss", "accepting the schmeiss", "accept"},
		{rules.Action{Kind: rules.Refuse}, "refuse the schmeiss", "refusing the schmeiss", "refuse"},
		{rules.NameAction(rules.Hearts), "name hearts", "naming hearts", "name hearts"},
		{rules.Action{Kind: rules.Exchange}, "exchange the dix", "exchanging the dix", "exchange"},
		{rules.Action{Kind: rules.NoExchange}, "keep the dix where it is (no exchange)", "not exchanging", "no exchange"},
		{rules.Action{Kind: rules.NoSequence}, `say "no sequence"`, `saying "no sequence"`, "no sequence"},
		{rules.AnnounceAction(20), "announce twenty", "announcing twenty", "twenty"},
		{rules.AnnounceAction(50), "announce fifty", "announcing fifty", "fifty"},
		{rules.Action{Kind: rules.Good}, `say "good"`, `saying "good"`, "good"},
		{rules.Action{Kind: rules.NotGood}, `say "not good"`, `saying "not good"`, "not good"},
		{rules.Action{Kind: rules.HowHigh}, `ask "how high?"`, `asking "how high?"`, "how high?"},
		{rules.TopAction(rules.King), `answer "king high"`, `answering "king high"`, "king high"},
		{rules.Action{Kind: rules.Same}, `say "same"`, `saying "same"`, "same"},
		{rules.Action{Kind: rules.HowMany}, `ask "how many cards?"`, `asking "how many cards?"`, "how many cards?"},
		{rules.LengthAction(4), `answer "four cards"`, `answering "four cards"`, "four cards"},
		{rules.PlayAction(kh), "play KH", "playing KH", "KH"},
		{rules.PlayBellaAction(kh), "play KH and say bella", "playing KH with bella", "KH bella"},
	}
	for _, c := range cases {
		if got := Verb(c.a); got != c.verb {
			t.Errorf("Verb(%v) = %q, want %q", c.a, got, c.verb)
		}
		if got := Gerund(c.a); got != c.gerund {
			t.Errorf("Gerund(%v) = %q, want %q", c.a, got, c.gerund)
		}
		if got := Label(c.a); got != c.label {
			t.Errorf("Label(%v) = %q, want %q", c.a, got, c.label)
		}
	}
	for k := rules.Pass; k <= rules.PlayCard; k++ {
		if _, ok := phrases[k]; !ok {
			t.Errorf("kind %d has no words", k)
		}
	}
}

func optRow(a rules.Action, mean, win, bete float64) Row {
	return Row{Result: eval.Result{Action: a, Mean: mean, Win: win, Bete: bete}}
}

// TestReasonSentences: the reason reads as a sentence for the dix, the
// dialogue and the bidding, equal options say so, and near the end "whatever you ..." fits the decision.
func TestReasonSentences(t *testing.T) {
	cases := []struct {
		an   Analysis
		want string
	}{
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Exchange}, 3, 0.5, 0), optRow(rules.Action{Kind: rules.NoExchange}, 3, 0.5, 0)}, Samples: 10},
			"Exchanging the dix and not exchanging score the same on average."},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Good}, -2, 0.5, 0), optRow(rules.Action{Kind: rules.NotGood}, 12.5, 0.5, 0)}, Best: 1, Samples: 10},
			`Saying "not good" scores 15 points more than saying "good" on average.`},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Exchange}, 3, 0.019, 0), optRow(rules.Action{Kind: rules.NoExchange}, 2, 0.018, 0)}, ByWin: true, Samples: 10},
			"Near the end of the game the chance to win decides: exchanging the dix wins the game 1.9% of the time, not exchanging 1.8%, as good as the same: the game is all but lost whatever you do."},
		{Analysis{Rows: []Row{optRow(rules.PassAction(), 3, 0.99, 0), optRow(rules.Action{Kind: rules.Take}, 2, 0.99, 0.1)}, ByWin: true, Samples: 10},
			"Near the end of the game the chance to win decides: passing wins the game 99% of the time, taking 99%, as good as the same: the game is all but won whatever you bid."},
	}
	for _, c := range cases {
		if got := c.an.Reason(); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

func TestLegendUsesTheThresholds(t *testing.T) {
	all := ""
	for _, l := range Legend() {
		all += l + " "
	}
	for _, want := range []string{"≈ best", "2 standard errors", "1 point", "0.5%", "bete:", "win game:"} {
		if !strings.Contains(all, want) {
			t.Errorf("legend lacks %q: %s", want, all)
		}
	}
}
