package tui

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A hint during a game: what the hard bot would do at the person's
// decision, and why. The evaluation is eval.Evaluate with the options
// the hard bot with that seed evaluates with (ai.EvalOptions: its
// budget, seed and model of the opponent's card play), so the hint is
// exactly the hard bot's choice; for a bid it is shown as the bidding
// trainer shows it (every option, its expected score difference with
// the error, the chance of bete and of winning the game, a verdict), and
// in the card play as the card the bot would play with its reason.
//
// H asks for it (table.askHint): the evaluation runs in hintCmd, off
// the UI goroutine, and its message carries the position (the session's
// Gen) it was asked at, so the table shows it only while the game is
// still there (table.hintOpen); the next action closes it.
//
// The command holds only the View (a value) and the Evaluator (safe for
// concurrent use), so it never touches the screen.

// hintMsg is the evaluation a hint asked for.
type hintMsg struct {
	// Gen is the caller's position counter when the hint was asked: a
	// late answer for a position that has moved on is dropped.
	Gen  int
	View rules.View
	Eval eval.Evaluation
	Err  error
}

// hintCmd evaluates the person's decision at v off the UI goroutine, as
// the hard bot with seed would, within limit (0: 5 s; fewer samples are
// used when it runs out), and returns a hintMsg. ev may be nil.
func hintCmd(ev *eval.Evaluator, v rules.View, gen int, seed uint64, limit time.Duration) tea.Cmd {
	if ev == nil {
		ev = eval.New()
	}
	if limit <= 0 {
		limit = 5 * time.Second
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		res, err := ev.Evaluate(ctx, &v, ai.EvalOptions(ai.Config{Seed: seed}, &v))
		if err == nil && res.Samples == 0 {
			err = fmt.Errorf("no time to evaluate")
		}
		return hintMsg{Gen: gen, View: v, Eval: res, Err: err}
	}
}

// hintLines draws the hint for the decision at v from its evaluation,
// in lines at most w cells wide.
func hintLines(ctx *kit.Context, v *rules.View, ev eval.Evaluation, w int) []string {
	st := &ctx.Styles
	if ev.Samples == 0 || len(ev.Results) == 0 || ev.Best < 0 || ev.Best >= len(ev.Results) {
		return []string{" " + st.Dim.Render("No hint: nothing was evaluated.")}
	}
	var out []string
	if v.Phase == rules.PhasePlay {
		out = playHint(ctx, v, ev, w)
	} else {
		an, err := drill.FromEval(v, ev)
		if err != nil {
			return []string{" " + st.Error.Render("No hint: "+err.Error())}
		}
		best := an.Rows[an.Best]
		out = append(out, " "+st.Heading.Render("Hint: the hard bot would "+hintSay(ctx, best.Action)+"."))
		out = append(out, kit.AnalysisTable(ctx, &an, -1)...)
		for _, l := range kit.Wrap(strings.Join(an.Reason(ctx.ASCII), " "), max(10, w-2)) {
			out = append(out, " "+l)
		}
	}
	out = append(out, " "+st.Dim.Render(fmt.Sprintf("(%d sampled deals; ? explains the columns)", ev.Samples)))
	for i, l := range out {
		out[i] = kit.Clip(l, w)
	}
	return out
}

// hintSay is an action as the hint says it: "take", "name ♥ hearts",
// "play A♠", `say "same"`.
func hintSay(ctx *kit.Context, a rules.Action) string {
	p := ctx.Paint
	switch a.Kind {
	case rules.PlayCard:
		s := "play " + p.StyledCard(a.Card)
		if a.Bella {
			s += " and say bella"
		}
		return s
	case rules.Name:
		return "name " + p.SuitName(a.Suit)
	}
	// Each kind of decision has its own words: `say "same"`, `ask "how
	// high?"`, "exchange the dix", "announce fifty".
	return drill.Verb(a, ctx.ASCII)
}

// playHint is the card-play hint: the hard bot's card and why, then the
// best few cards with their values.
func playHint(ctx *kit.Context, v *rules.View, ev eval.Evaluation, w int) []string {
	st := &ctx.Styles
	p := ctx.Paint
	pm := "±"
	if ctx.ASCII {
		pm = "+-"
	}
	best := ev.Results[ev.Best]
	out := []string{" " + st.Heading.Render("Hint: the hard bot would "+hintSay(ctx, best.Action)+".")}
	// Order the cards by what the bot ranks them by.
	idx := make([]int, len(ev.Results))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := ev.Results[idx[a]], ev.Results[idx[b]]
		if ev.ByWin && x.Win != y.Win {
			return x.Win > y.Win
		}
		return x.Mean > y.Mean
	})
	var why []string
	if v.Lead() != rules.NoCard && best.Action.Card.Valid() {
		if v.WinnerIf(best.Action.Card) == v.Seat {
			why = append(why, "it wins this trick")
		} else {
			why = append(why, "it gives this trick up")
		}
	}
	switch pts := best.Points; {
	case pts >= 0.05:
		why = append(why, fmt.Sprintf("with the best play on both sides from here you end the deal %.1f card points ahead on average", pts))
	case pts <= -0.05:
		why = append(why, fmt.Sprintf("with the best play on both sides from here you end the deal %.1f card points behind on average", -pts))
	default:
		why = append(why, "with the best play on both sides from here the card points end level on average")
	}
	if len(idx) > 1 {
		next := ev.Results[idx[1]]
		if ev.ByWin {
			why = append(why, fmt.Sprintf("it wins the game %s of the time, %s %s", drill.Percent(best.Win),
				hintCard(ctx, next.Action), drill.Percent(next.Win)))
		} else {
			why = append(why, fmt.Sprintf("it scores %s more than %s, the next best", drill.PointsText(best.Mean-next.Mean),
				hintCard(ctx, next.Action)))
		}
	}
	reason := kit.Capital(strings.Join(why, "; ")) + "."
	for _, l := range kit.Wrap(reason, max(10, w-2)) {
		out = append(out, " "+l)
	}
	out = append(out, st.Dim.Render(fmt.Sprintf("   %-8s %13s  %9s  %8s", "card", "score diff", "card pts", "win game")))
	for n, i := range idx {
		if n == 4 {
			break
		}
		r := ev.Results[i]
		mark := "  "
		if i == ev.Best {
			mark = st.Selected.Render(p.Glyphs.Cursor) + " "
		}
		out = append(out, fmt.Sprintf(" %s%s %13s  %9s  %8s", mark, kit.Fit(hintCard(ctx, r.Action), 8),
			fmt.Sprintf("%6s %s %4.1f", drill.Signed(r.Mean), pm, r.StdErr), drill.Signed(r.Points),
			fmt.Sprintf("%.1f%%", 100*r.Win)))
	}
	return out
}

// hintCard names a card play: "A♠", "K♥ bella".
func hintCard(ctx *kit.Context, a rules.Action) string {
	s := ctx.Paint.StyledCard(a.Card)
	if a.Bella {
		s += " bella"
	}
	return s
}
