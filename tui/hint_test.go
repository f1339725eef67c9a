package tui

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/rules"
)

// playView returns the view of the seat to play in a deal, at its n-th
// card play or the first after it with three choices or more, both
// players taking trump and playing the last legal action.
func playView(t *testing.T, seed uint64, cards int) rules.View {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	for {
		d := rules.NewDeal(rules.DefaultOptions(), rules.SeatB, rules.Shuffle(r))
		d.Apply(rules.Action{Kind: rules.Take})
		played := 0
		for !d.Over() {
			if d.Phase() == rules.PhasePlay {
				if played >= cards && len(d.Legal()) >= 3 {
					return d.View(d.Turn())
				}
				played++
			}
			legal := d.Legal()
			d.Apply(legal[len(legal)-1])
		}
	}
}

// fixedEval is an evaluation with set numbers, for golden hints.
func fixedEval(v rules.View) eval.Evaluation {
	ev := eval.Evaluation{Samples: 120}
	for i, a := range v.Legal() {
		m := 10 - 7*float64(i)
		ev.Results = append(ev.Results, eval.Result{Action: a, Mean: m, StdErr: 2.5, Bete: 0.1 * float64(i%3),
			Win: 0.5 + m/300, Points: 2 * m})
	}
	ev.ByWin = eval.UseWin(&v)
	ev.Best = eval.Best(ev.Results, ev.ByWin)
	return ev
}

func TestHintGoldens(t *testing.T) {
	bid := situation(t, strongText)
	v, err := bid.View()
	if err != nil {
		t.Fatal(err)
	}
	text := hintText(&v, fixedEval(v), false, 80)
	golden(t, "hint-bid", trimRight(text))
	pv := playView(t, 3, 3)
	golden(t, "hint-play", trimRight(hintText(&pv, fixedEval(pv), false, 80)))
	golden(t, "hint-play-ascii", trimRight(hintText(&pv, fixedEval(pv), true, 80)))
	if a := hintText(&pv, fixedEval(pv), true, 80); strings.ContainsAny(a, "♠♥♦♣±▶") {
		t.Errorf("ascii hint has Unicode:\n%s", a)
	}
	for _, l := range strings.Split(text, "\n") {
		if w := widthOf(l); w > 80 {
			t.Errorf("a line of %d cells: %q", w, l)
		}
	}
}

// TestHintReal: the hint names the hard bot's choice, which is legal,
// for a bid and for a card, and says how many deals it looked at.
func TestHintReal(t *testing.T) {
	bid := situation(t, strongText)
	v, _ := bid.View()
	ev, err := eval.Evaluate(context.Background(), v, eval.Options{Samples: 60, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	text := hintText(&v, ev, false, 100)
	if !strings.Contains(text, "Hint: the hard bot would take.") || !strings.Contains(text, "(60 sampled deals; ? explains the columns)") {
		t.Errorf("J-9-A hint:\n%s", text)
	}
	for _, a := range v.Legal() {
		if !strings.Contains(text, actionLabel(a)) {
			t.Errorf("%s missing from the hint:\n%s", a, text)
		}
	}
	pv := playView(t, 5, 4)
	pev, err := eval.Evaluate(context.Background(), pv, eval.Options{Samples: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	best := pev.Results[pev.Best].Action
	ptext := hintText(&pv, pev, true, 100)
	if !strings.Contains(ptext, "Hint: the hard bot would play "+best.Card.Pretty(true)) {
		t.Errorf("card hint does not name %s:\n%s", best, ptext)
	}
	legal := false
	for _, a := range pv.Legal() {
		legal = legal || a == best
	}
	if !legal {
		t.Errorf("%s is not legal", best)
	}
	if got := hintText(&pv, eval.Evaluation{}, false, 80); !strings.Contains(got, "No hint") {
		t.Errorf("empty evaluation: %q", got)
	}
}

// TestHintCmd: the command answers with the View and generation it was
// given, the hard bot's own evaluation.
func TestHintCmd(t *testing.T) {
	sit := situation(t, strongText)
	v, _ := sit.View()
	msg := hintCmd(context.Background(), nil, v, 7, 3, 20*time.Second)()
	h, ok := msg.(hintMsg)
	if !ok {
		t.Fatalf("got %T", msg)
	}
	if h.Err != nil || h.Gen != 7 || h.View != v || h.Eval.Samples == 0 || h.Eval.Samples > eval.SamplesFor(&v, 0) {
		t.Fatalf("gen %d, %d samples, err %v", h.Gen, h.Eval.Samples, h.Err)
	}
	if h.Eval.Samples == eval.SamplesFor(&v, 0) {
		want, _ := eval.Evaluate(context.Background(), v, eval.Options{Samples: eval.SamplesFor(&v, 0), Seed: eval.SeedFor(3, &v)})
		if want.Best != h.Eval.Best {
			t.Errorf("hint best %d, the hard bot's evaluation %d", h.Eval.Best, want.Best)
		}
	}
}

// TestHintIsTheHardBotsEvaluation: in the card play, where the hard bot
// reads the opponent's cards (ai.PlayoutPolicy as eval.Options.Model),
// the hint's evaluation is the hard bot's own, option by option, and
// names the card the bot plays.
func TestHintIsTheHardBotsEvaluation(t *testing.T) {
	bot, err := ai.New(ai.Hard, ai.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		v := playView(t, seed, 4)
		h := hintCmd(context.Background(), nil, v, 1, 3, time.Minute)().(hintMsg)
		want, err := eval.Evaluate(context.Background(), v, ai.EvalOptions(ai.Config{Seed: 3}, &v))
		if err != nil || h.Err != nil {
			t.Fatal(err, h.Err)
		}
		if h.Eval.Samples != want.Samples || h.Eval.Weight != want.Weight {
			t.Fatalf("seed %d: hint %d samples of weight %g, the bot's %d of %g", seed, h.Eval.Samples, h.Eval.Weight, want.Samples, want.Weight)
		}
		for i := range want.Results {
			if h.Eval.Results[i] != want.Results[i] {
				t.Errorf("seed %d, %s: hint %+v, the bot's %+v", seed, want.Results[i].Action, h.Eval.Results[i], want.Results[i])
			}
		}
		a, err := bot.Choose(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Eval.Results[h.Eval.Best].Action; got != a {
			t.Errorf("seed %d: hint plays %s, the hard bot %s", seed, got, a)
		}
	}
}

// TestHintSayEveryKind: the hint's sentence reads for every kind of
// decision (issue 13: "the hard bot would same").
func TestHintSayEveryKind(t *testing.T) {
	ctx := newContext(false)
	for _, c := range []struct {
		a    rules.Action
		want string
	}{
		{rules.Action{Kind: rules.Same}, `say "same"`},
		{rules.Action{Kind: rules.Good}, `say "good"`},
		{rules.Action{Kind: rules.NotGood}, `say "not good"`},
		{rules.Action{Kind: rules.HowHigh}, `ask "how high?"`},
		{rules.TopAction(rules.King), `answer "king high"`},
		{rules.AnnounceAction(20), "announce twenty"},
		{rules.AnnounceAction(50), "announce fifty"},
		{rules.Action{Kind: rules.NoSequence}, `say "no sequence"`},
		{rules.Action{Kind: rules.Exchange}, "exchange the dix"},
		{rules.Action{Kind: rules.NoExchange}, "keep the dix where it is (no exchange)"},
		{rules.PlayBellaAction(rules.MustCard("QH")), "play Q♥ and say bella"},
		{rules.Action{Kind: rules.Refuse}, "refuse the schmeiss"},
		{rules.NameAction(rules.Spades), "name ♠ spades"},
	} {
		if got := ansi.Strip(hintSay(&ctx, c.a)); got != c.want {
			t.Errorf("hint for %v: the hard bot would %q, want %q", c.a, got, c.want)
		}
	}
}

// hintText is hintLines as plain text (no styles).
func hintText(v *rules.View, ev eval.Evaluation, ascii bool, w int) string {
	c := newContext(ascii)
	c.Width = w
	s := ansi.Strip(strings.Join(hintLines(&c, v, ev, w), "\n"))
	if ascii {
		s = asciiText.Replace(s)
	}
	return s
}
