package drill

import (
	"strings"
	"testing"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
)

// TestWordsForEveryKind: every kind of action has its own verb, gerund
// and label, and cards are written as cards: suit symbols, or letters
// with ascii, never the engine's codes ("TH").
func TestWordsForEveryKind(t *testing.T) {
	kh, th := rules.MustCard("KH"), rules.MustCard("TH")
	cases := []struct {
		a                   rules.Action
		ascii               bool
		verb, gerund, label string
	}{
		{rules.PassAction(), false, "pass", "passing", "pass"},
		{rules.Action{Kind: rules.Take}, false, "take", "taking", "take"},
		{rules.Action{Kind: rules.Schmeiss}, false, "say schmeiss", "saying schmeiss", "schmeiss"},
		{rules.Action{Kind: rules.Accept}, false, "accept the schmeiss", "accepting the schmeiss", "accept"},
		{rules.Action{Kind: rules.Refuse}, false, "refuse the schmeiss", "refusing the schmeiss", "refuse"},
		{rules.NameAction(rules.Hearts), false, "name hearts", "naming hearts", "name hearts"},
		{rules.NameAction(rules.NoTrumps), false, "name no trumps", "naming no trumps", "name no trumps"},
		{rules.Action{Kind: rules.Exchange}, false, "exchange the dix", "exchanging the dix", "exchange"},
		{rules.Action{Kind: rules.NoExchange}, false, "keep the dix where it is (no exchange)", "not exchanging", "no exchange"},
		{rules.Action{Kind: rules.NoSequence}, false, `say "no sequence"`, `saying "no sequence"`, "no sequence"},
		{rules.AnnounceAction(20), false, "announce twenty", "announcing twenty", "twenty"},
		{rules.AnnounceAction(50), false, "announce fifty", "announcing fifty", "fifty"},
		{rules.Action{Kind: rules.Good}, false, `say "good"`, `saying "good"`, "good"},
		{rules.Action{Kind: rules.NotGood}, false, `say "not good"`, `saying "not good"`, "not good"},
		{rules.Action{Kind: rules.HowHigh}, false, `ask "how high?"`, `asking "how high?"`, "how high?"},
		{rules.TopAction(rules.King), false, `answer "king high"`, `answering "king high"`, "king high"},
		{rules.Action{Kind: rules.Same}, false, `say "same"`, `saying "same"`, "same"},
		{rules.Action{Kind: rules.HowMany}, false, `ask "how many cards?"`, `asking "how many cards?"`, "how many cards?"},
		{rules.LengthAction(4), false, `answer "four cards"`, `answering "four cards"`, "four cards"},
		{rules.Action{Kind: rules.Shlomo}, false, "declare shlomo", "declaring shlomo", "shlomo"},
		{rules.Action{Kind: rules.Cleopatra}, false, "declare cleopatra", "declaring cleopatra", "cleopatra"},
		{rules.Action{Kind: rules.Give, Card: th}, false, "give 10♥", "giving 10♥", "give 10♥"},
		{rules.Action{Kind: rules.Give, Card: th}, true, "give 10H", "giving 10H", "give 10H"},
		{rules.Action{Kind: rules.Draw, Card: rules.NoCard}, false, "draw a card", "drawing a card", "draw a card"},
		{rules.PlayAction(kh), false, "play K♥", "playing K♥", "K♥"},
		{rules.PlayBellaAction(kh), true, "play KH and say bella", "playing KH with bella", "KH bella"},
		{rules.PlayMenageAction(kh), false, "play K♥ and say menage", "playing K♥ with menage", "K♥ menage"},
	}
	for _, c := range cases {
		assert.Equal(t, c.verb, Verb(c.a, c.ascii), "Verb(%v)", c.a)
		assert.Equal(t, "You chose to "+c.verb, "You chose "+Chosen(c.a, c.ascii), "Chosen(%v)", c.a)
		assert.Equal(t, c.gerund, Gerund(c.a, c.ascii), "Gerund(%v)", c.a)
		assert.Equal(t, c.label, Label(c.a, c.ascii), "Label(%v)", c.a)
	}
	for k := rules.Pass; k <= rules.Give; k++ {
		if _, ok := phrases[k]; !ok {
			t.Errorf("kind %d has no words", k)
		}
	}
}

func optRow(a rules.Action, mean, win, bete float64) Row {
	return Row{Result: eval.Result{Action: a, Mean: mean, Win: win, Bete: bete}}
}

// TestReasonSentences: the reason reads as short sentences for the dix,
// the dialogue, the declarations and the bidding; equal options say so,
// and near the end "whatever you ..." fits the decision. Cards are
// written as cards.
func TestReasonSentences(t *testing.T) {
	th, td := rules.MustCard("TH"), rules.MustCard("TD")
	cases := []struct {
		an    Analysis
		ascii bool
		want  []string
	}{
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Exchange}, 3, 0.5, 0), optRow(rules.Action{Kind: rules.NoExchange}, 3, 0.5, 0)}, Samples: 10}, false,
			[]string{"Exchanging the dix and not exchanging score the same on average."}},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Good}, -2, 0.5, 0), optRow(rules.Action{Kind: rules.NotGood}, 12.5, 0.5, 0)}, Best: 1, Samples: 10}, false,
			[]string{`Saying "not good" scores 14.5 points more than saying "good" on average.`}},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Give, Card: th}, 8, 0, 0), optRow(rules.Action{Kind: rules.Give, Card: td}, 4, 0, 0)}, Samples: 10}, false,
			[]string{"Giving 10♥ scores 4.0 points more than giving 10♦ on average."}},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Give, Card: th}, 8, 0, 0), optRow(rules.Action{Kind: rules.Give, Card: td}, 4, 0, 0)}, Samples: 10}, true,
			[]string{"Giving 10H scores 4.0 points more than giving 10D on average."}},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Give, Card: th}, 4.3, 0, 0), optRow(rules.Action{Kind: rules.Give, Card: td}, 4, 0, 0)}, Samples: 10}, false,
			[]string{"Giving 10♥ and giving 10♦ score about the same on average."}},
		{Analysis{Rows: []Row{optRow(rules.PassAction(), -5, 0, 0.0), optRow(rules.Action{Kind: rules.Take}, -40, 0, 0.55)}, Samples: 10}, false,
			[]string{"Passing scores 35.0 points more than taking on average.", "Taking goes bete 55% of the time."}},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Exchange}, 3, 0.019, 0), optRow(rules.Action{Kind: rules.NoExchange}, 2, 0.018, 0)}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: exchanging the dix wins it 1.9% of the time, not exchanging 1.8%.", "The game is all but lost whatever you do."}},
		{Analysis{Rows: []Row{optRow(rules.PassAction(), 3, 0.99, 0), optRow(rules.Action{Kind: rules.Take}, 2, 0.99, 0.1)}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: passing wins it 99% of the time, taking 99%.", "The game is all but won whatever you bid."}},
		// A game won 99.8% of the time is not won every time.
		{Analysis{Rows: []Row{optRow(rules.PassAction(), 3, 0.998, 0), optRow(rules.Action{Kind: rules.Take}, 2, 0.9996, 0.1)}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: passing wins it 99.8% of the time, taking >99.9%, the same within 0.5%, so the points do, and passing scores 1.0 points more for this deal.", "The game is all but won whatever you bid."}},
		// The hard bot's choice, as likely to win within 0.5% and scoring
		// more, is said to be so, not left beside a higher chance.
		{Analysis{Rows: []Row{optRow(rules.NameAction(rules.Clubs), 29.6, 0.015, 0.22), optRow(rules.NameAction(rules.Spades), 25.7, 0.016, 0.26)}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: naming clubs wins it 1.5% of the time, naming spades 1.6%, the same within 0.5%, so the points do, and naming clubs scores 3.9 points more for this deal.", "The game is all but lost whatever you bid."}},
		// Points the table writes alike (-90.4 and -90.4) are a tie, not
		// one scoring more than the other; a tenth apart, one does.
		{Analysis{Rows: []Row{
			{Result: eval.Result{Action: rules.PlayAction(rules.MustCard("KD")), Mean: -90.38, Win: 0.401}, Shown: Shown{Mean: -904, Win: 401, Set: true}},
			{Result: eval.Result{Action: rules.PlayAction(rules.MustCard("QS")), Mean: -90.42, Win: 0.404}, Shown: Shown{Mean: -904, Win: 404, Set: true}}}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: playing K♦ wins it 40.1% of the time, playing Q♠ 40.4%, the same within 0.5%, so the points do, and on points the two tie at -90.4 for this deal."}},
		{Analysis{Rows: []Row{
			{Result: eval.Result{Action: rules.PlayAction(rules.MustCard("KD")), Mean: -90.34, Win: 0.401}, Shown: Shown{Mean: -903, Win: 401, Set: true}},
			{Result: eval.Result{Action: rules.PlayAction(rules.MustCard("QS")), Mean: -90.42, Win: 0.404}, Shown: Shown{Mean: -904, Win: 404, Set: true}}}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: playing K♦ wins it 40.1% of the time, playing Q♠ 40.4%, the same within 0.5%, so the points do, and playing K♦ scores more for this deal."}},
		{Analysis{Rows: []Row{optRow(rules.NameAction(rules.Hearts), 0, 0.12, 0), optRow(rules.NameAction(rules.Diamonds), 21, 0.05, 0)}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides: naming hearts wins it 12% of the time, naming diamonds 5.0%.", "It scores 21.0 points less for this deal, but wins more often."}},
		// A choice as likely to win within the error but graded by the
		// points it gives away is told so, not that the chance decides.
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Take}, 10, 0.048, 0),
			{Result: eval.Result{Action: rules.PassAction(), Mean: -56.3, Win: 0.038}, Verdict: Verdict{Kind: Blunder, Points: 66.3}}}, ByWin: true, Samples: 10}, false,
			[]string{"Within 200 points of the target the chance to win the game decides, but taking wins it 4.8% of the time, passing 3.8%: the same within the error, so the points do, and passing scores 66.3 points less for this deal."}},
		{Analysis{Rows: []Row{optRow(rules.Action{Kind: rules.Take}, 3, 0.5, 0)}, Samples: 10}, false, []string{"Take is the only option."}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.an.Reason(c.ascii))
	}
}

// TestPercentEdges: a chance reads "100%" only when it is certain and
// "0%" only when it is nil; in between, near either end, it keeps a
// decimal or says "<0.1%" / ">99.9%", in Percent and in PercentOne.
func TestPercentEdges(t *testing.T) {
	for _, c := range []struct {
		p         float64
		whole     string // Percent
		oneDigits string // PercentOne
	}{
		{0, "0%", "0.0%"},
		{0.0000001, "<0.1%", "<0.1%"},
		{0.0004, "<0.1%", "<0.1%"},
		{0.004, "0.4%", "0.4%"},
		{0.0994, "9.9%", "9.9%"},
		{0.0996, "10%", "10.0%"},
		{0.42, "42%", "42.0%"},
		{0.9949, "99%", "99.5%"},
		{0.995, "99.5%", "99.5%"},
		{0.998, "99.8%", "99.8%"},
		{0.9994, "99.9%", "99.9%"},
		{0.9996, ">99.9%", ">99.9%"},
		{0.9999999, ">99.9%", ">99.9%"},
		{1, "100%", "100.0%"},
	} {
		assert.Equal(t, c.whole, Percent(c.p), "Percent(%v)", c.p)
		assert.Equal(t, c.oneDigits, PercentOne(c.p), "PercentOne(%v)", c.p)
	}
}

func TestVerdictText(t *testing.T) {
	for _, tc := range []struct {
		v           Verdict
		text, short string
	}{
		{Verdict{Kind: Best}, "best", "best"},
		{Verdict{Kind: AsGood}, "as good as the best within the error", "≈ best"},
		{Verdict{Kind: Inaccuracy, Points: 6.4}, "an inaccuracy that costs 6.4 points", "inaccuracy: -6.4 pts"},
		{Verdict{Kind: Mistake, Points: 12.4}, "a mistake that costs 12.4 points", "mistake: -12.4 pts"},
		{Verdict{Kind: Blunder, Points: 48}, "a blunder that costs 48.0 points", "blunder: -48.0 pts"},
		{Verdict{Kind: Blunder, ByWin: true, Win: 0.562, Points: 3, Chance: 0.375, BestChance: 0.937}, "a blunder that lowers your chance to win the game from 94% to 38%", "blunder: -56.2% win"},
		{Verdict{Kind: Mistake, ByWin: true, Win: 0.012, Chance: 0.015, BestChance: 0.027}, "a mistake that lowers your chance to win the game from 2.7% to 1.5%", "mistake: -1.2% win"},
		// The cost reads on its grade's side of the thresholds the help
		// gives (an inaccuracy below 10 points, below 1% of the chance
		// to win), and two chances that round alike get a decimal.
		{Verdict{Kind: Inaccuracy, Points: 9.6}, "an inaccuracy that costs 9.6 points", "inaccuracy: -9.6 pts"},
		{Verdict{Kind: Inaccuracy, Points: 9.96}, "an inaccuracy that costs 9.9 points", "inaccuracy: -9.9 pts"},
		{Verdict{Kind: Mistake, Points: 19.5}, "a mistake that costs 19.5 points", "mistake: -19.5 pts"},
		{Verdict{Kind: Mistake, Points: 10.4}, "a mistake that costs 10.4 points", "mistake: -10.4 pts"},
		{Verdict{Kind: Inaccuracy, ByWin: true, Win: 0.0098, Chance: 0.9336, BestChance: 0.9434}, "an inaccuracy that lowers your chance to win the game from 94.3% to 93.4%", "inaccuracy: -0.9% win"},
		// Chances near certainty keep their decimal: 99.96% is not 100%.
		{Verdict{Kind: Mistake, ByWin: true, Win: 0.0146, Chance: 0.985, BestChance: 0.9996}, "a mistake that lowers your chance to win the game from >99.9% to 98%", "mistake: -1.5% win"},
		{Verdict{Kind: Inaccuracy, ByWin: true, Win: 0.006, Chance: 0.937, BestChance: 0.943}, "an inaccuracy that lowers your chance to win the game from 94.3% to 93.7%", "inaccuracy: -0.6% win"},
	} {
		assert.Equal(t, tc.text, tc.v.Text())
		assert.Equal(t, tc.short, tc.v.Short())
	}
}

// TestVerdictScale: the verdict's word follows the scale the help
// states: a choice that costs 48 points is a blunder, 12 a mistake, 6 an
// inaccuracy, 2 as good; in the chance to win, 3%, 1.5%, 0.7% and 0.2%.
func TestVerdictScale(t *testing.T) {
	for _, c := range []struct {
		loss  float64
		byWin bool
		want  VerdictKind
	}{
		{48, false, Blunder}, {20, false, Blunder}, {12, false, Mistake}, {10, false, Mistake},
		{6, false, Inaccuracy}, {4, false, Inaccuracy}, {2, false, AsGood},
		{0.03, true, Blunder}, {0.015, true, Mistake}, {0.007, true, Inaccuracy}, {0.002, true, AsGood},
	} {
		assert.Equal(t, c.want, GradeLoss(c.loss, c.byWin), "%g (by win %v)", c.loss, c.byWin)
		row := &Row{Gap: c.loss, WinGap: c.loss}
		assert.Equal(t, c.want, grade(row, c.byWin, false).Kind, "%g (by win %v), no error", c.loss, c.byWin)
	}
	// Within the error it is as good, whatever the gap.
	assert.Equal(t, AsGood, grade(&Row{Gap: 48, GapErr: 30}, false, false).Kind)
	legend := strings.Join(Legend(), " ")
	for _, want := range []string{"an inaccuracy from 4 points (0.5%", "a mistake from 10 points (1.0%)", "a blunder from 20 points (2.0%)", "2 standard errors",
		// Each option's chance to win is its own: the column is no share of 100%.
		"win game: how often you win the whole game if you make this choice", "the rows do not add up to 100%",
		// Near the end a row graded by points among rows graded by the
		// chance says why in an entry of its own: the worse of the two.
		"-N pts among -N% win rows, near the end: a choice there is graded by the worse of its two losses"} {
		assert.Contains(t, legend, want)
	}
}

// TestReasonVersusChoice: the reason compares the best with the option
// chosen, whose figures the verdict says, not with the runner-up; with
// the best chosen (or none) it compares with the runner-up.
func TestReasonVersusChoice(t *testing.T) {
	an := Analysis{Samples: 10, Rows: []Row{
		optRow(rules.PassAction(), 0, 0.5, 0),
		optRow(rules.Action{Kind: rules.Schmeiss}, -32.3, 0.4, 0.45),
		optRow(rules.Action{Kind: rules.Take}, -37, 0.4, 0.53),
	}}
	runnerUp := []string{"Passing scores 32.3 points more than saying schmeiss on average.", "Saying schmeiss goes bete 45% of the time."}
	assert.Equal(t, runnerUp, an.Reason(false))
	assert.Equal(t, runnerUp, an.ReasonVersus(false, -1))
	assert.Equal(t, runnerUp, an.ReasonVersus(false, 0), "the best chosen")
	assert.Equal(t, []string{"Passing scores 37.0 points more than taking on average.", "Taking goes bete 53% of the time."},
		an.ReasonVersus(false, 2))
}
