package table

import (
	"context"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// hintAnnounce is a fixture whose hint (fakeHint's figures) makes its
// best the card that may carry an announcement of n points (0: bella,
// 50: menage), played with it when say, else quietly.
func hintAnnounce(n int, say bool) fixtureOpt {
	return func(hc *host.Config, _ *Config) {
		hc.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			ev, err := fakeHint(ctx, v, seed)
			card := announceCard(v, n)
			for i, r := range ev.Results {
				if r.Action.Kind == rules.PlayCard && r.Action.Card == card && r.Action.Bella == say && (!say || int(r.Action.N) == n) {
					ev.Best = i
				}
			}
			return ev, err
		}
	}
}

// announceCard is the card v's seat may play with an announcement of n
// points (0: bella, 50: menage), rules.NoCard when none.
func announceCard(v *rules.View, n int) rules.Card {
	for _, a := range v.Legal() {
		if a.Kind == rules.PlayCard && a.Bella && int(a.N) == n {
			return a.Card
		}
	}
	return rules.NoCard
}

// announcing reaches the person's card that may carry an announcement
// of n points (0: bella, 50: menage), and returns it.
func announcing(t *testing.T, f *fixture, n int) rules.Card {
	t.Helper()
	f.until("a card with an announcement", func(s host.Snapshot) bool {
		return s.Can.Act && s.View.Phase == rules.PhasePlay && hasBella(s.View.Legal(), n)
	}, true)
	f.refresh()
	sn := f.snap()
	for _, a := range sn.View.Legal() {
		if a.Kind == rules.PlayCard && a.Bella && int(a.N) == n {
			return a.Card
		}
	}
	t.Fatal("no card carries the announcement")
	return rules.NoCard
}

// played is the person's last step of the deal shown.
func played(t *testing.T, f *fixture) rules.Action {
	t.Helper()
	sn := f.settle()
	h := sn.View.History()
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Seat == rules.SeatA {
			return h[i].Action
		}
	}
	t.Fatal("the person made no step")
	return rules.Action{}
}

// menageSeeds deal the person, the menage on, a card that may carry
// the menage (playing the fixture's way).
var menageSeeds = map[int]uint64{2: 7, 3: 2, 4: 6}

// menageRules switches the menage on.
func menageRules(hc *host.Config, _ *Config) { hc.Options.Menage = true }

// TestQuestionFollowsHint: with the hint shown for the decision, enter
// on the card the hint's cursor points at opens the bella question (and
// the menage's, titled "Menage?" where only the menage applies) on the
// hint's answer, so that a second enter plays what the hint said:
// quietly when it said the card alone, with the announcement when it
// said so. With no hint shown the
// question starts on the announcement, as before. At every seat count.
func TestQuestionFollowsHint(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	type tc struct {
		name   string
		n      int
		seed   uint64
		hint   bool // H pressed before enter
		say    bool // the hint's best says the announcement
		prompt string
		opts   []fixtureOpt
	}
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		cases := []tc{
			{"hint quiet", 0, bellaSeeds[players], true, false, "Bella?", nil},
			{"hint bella", 0, bellaSeeds[players], true, true, "Bella?", nil},
			{"no hint", 0, bellaSeeds[players], false, false, "Bella?", nil},
		}
		seed := menageSeeds[players]
		cases = append(cases,
			tc{"menage hint quiet", 50, seed, true, false, "Menage?", []fixtureOpt{menageRules}},
			tc{"menage hint says", 50, seed, true, true, "Menage?", []fixtureOpt{menageRules}},
			tc{"menage no hint", 50, seed, false, false, "Menage?", []fixtureOpt{menageRules}})
		for _, c := range cases {
			f := newFixture(t, players, c.seed, 80, 24, append(c.opts, gated(), hintAnnounce(c.n, c.say))...)
			card := announcing(t, f, c.n)
			if c.hint {
				f.hs.Press("H")
				if !strings.Contains(f.text(), "Hint: the hard bot would") || f.s.hand()[f.s.Cursor] != card {
					t.Fatalf("%s: no hint, or its cursor is not on %v:\n%s", c.name, card, f.text())
				}
			} else {
				f.s.Cursor = slices.Index(f.s.hand(), card)
			}
			f.hs.Press("enter")
			text := f.text()
			answer := "▶[b]"
			if c.hint && !c.say {
				answer = "▶[n]"
			}
			if f.s.Bella != card || !strings.Contains(text, c.prompt) || !strings.Contains(text, answer) {
				t.Fatalf("%s: enter did not open the question on %s:\n%s", c.name, answer, text)
			}
			f.hs.Press("enter")
			got := played(t, f)
			if got.Card != card || got.Bella != (answer == "▶[b]") {
				t.Fatalf("%s: the second enter played %v, the question's %s", c.name, got, answer)
			}
		}
	})
}

// TestQuestionTakesHint: H at the bella question shows the hint for
// the decision, as at the card choice, and the question's answer goes
// to the hint's; its key line offers H, and while the hint is open esc
// closes it (the line says so and no longer offers esc for another
// card), the question staying open. At every seat count.
func TestQuestionTakesHint(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, bellaSeeds[n], 80, 24, gated(), hintAnnounce(0, false))
		card := announcing(t, f, 0)
		f.hs.Press(string(rune('1' + slices.Index(f.s.hand(), card))))
		keys := func() string {
			lines := strings.Split(f.text(), "\n")
			return lines[len(lines)-1]
		}
		if f.s.Bella != card || !strings.Contains(f.text(), "▶[b]") || !strings.Contains(keys(), "H hint") {
			t.Fatalf("no bella question on [b], or its key line offers no H:\n%s", f.text())
		}
		f.hs.Press("H")
		switch text := f.text(); {
		case !strings.Contains(text, "Hint: the hard bot would") || f.s.Bella != card:
			t.Fatalf("H at the bella question shows no hint, or closes the question:\n%s", text)
		case !strings.Contains(text, "▶[n]"):
			t.Fatalf("the hint said the card alone, but the question is not on [n]:\n%s", text)
		case strings.Contains(keys(), "esc another card") || !strings.Contains(keys(), "H or esc close the hint"):
			t.Fatalf("the open hint's key line does not say esc closes it:\n%s", text)
		}
		f.hs.Press("esc")
		if f.s.hintOpen() || f.s.Bella != card || !strings.Contains(keys(), "esc another card") {
			t.Fatalf("esc did not close the hint alone:\n%s", f.text())
		}
		f.hs.Press("enter")
		if got := played(t, f); got.Card != card || got.Bella {
			t.Fatalf("enter played %v, not %v quietly", got, card)
		}
	})
}

// hintElsewhere is a fixture whose hint makes another card than the one
// that may carry an announcement of n points the hard bot's choice, and
// ranks the ways to play that card below every other option: the
// announcement first when say, else the card alone.
func hintElsewhere(n int, say bool) fixtureOpt {
	return func(hc *host.Config, _ *Config) {
		hc.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
			ev, err := fakeHint(ctx, v, seed)
			card := announceCard(v, n)
			ev.Best = -1
			for i := range ev.Results {
				r := &ev.Results[i]
				switch {
				case r.Action.Card != card:
					r.Mean = float64(20 + i)
					if ev.Best < 0 || r.Mean > ev.Results[ev.Best].Mean {
						ev.Best = i
					}
				case r.Action.Bella == say:
					r.Mean = -10
				default:
					r.Mean = -20
				}
				r.Win, r.Points = 0.4+r.Mean/100, r.Mean/2
			}
			if ev.Best < 0 {
				// The card asked is the only one: its best way is best.
				ev.Best = slices.IndexFunc(ev.Results, func(r eval.Result) bool { return r.Mean == -10 })
			}
			return ev, err
		}
	}
}

// TestHintAnswersQuestion: H at the bella (or menage) question answers
// that question: the headline says how to play the card asked, its rows
// come first in the table, the hard bot's own card is said after, the
// question's answer is on the hint's and the closing line says so, not
// that the cursor is on the hard bot's choice. At every seat count.
func TestHintAnswersQuestion(t *testing.T) {
	bellaSeeds := map[int]uint64{2: 116, 3: 102, 4: 171}
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		type tc struct {
			name   string
			n      int
			seed   uint64
			say    bool
			word   string
			answer string
			opts   []fixtureOpt
		}
		cases := []tc{
			{"bella", 0, bellaSeeds[players], true, "bella", "▶[b]", nil},
			{"bella quiet", 0, bellaSeeds[players], false, "bella", "▶[n]", nil},
			{"menage", 50, menageSeeds[players], true, "menage", "▶[b]", []fixtureOpt{menageRules}},
			{"menage quiet", 50, menageSeeds[players], false, "menage", "▶[n]", []fixtureOpt{menageRules}},
		}
		for _, c := range cases {
			f := newFixture(t, players, c.seed, 80, 24, append(c.opts, gated(), hintElsewhere(c.n, c.say))...)
			card := announcing(t, f, c.n)
			f.hs.Press(string(rune('1' + slices.Index(f.s.hand(), card))))
			if f.s.Bella != card {
				t.Fatalf("%s: no question on %v:\n%s", c.name, card, f.text())
			}
			f.hs.Press("H")
			text := f.text()
			name := drill.Label(rules.PlayAction(card), false)
			head := "Hint: the hard bot would play " + name + " and say " + c.word + "."
			if !c.say {
				head = "Hint: the hard bot would play " + name + " without " + c.word + "."
			}
			sn := f.snap()
			other := slices.ContainsFunc(sn.View.Legal(), func(a rules.Action) bool { return a.Card != card })
			if !strings.Contains(text, head) || other != strings.Contains(text, "Of all your cards it would rather play ") {
				t.Fatalf("%s: the hint does not answer the question (%q):\n%s", c.name, head, text)
			}
			// The first two rows of the table are the card asked's.
			lines := strings.Split(text, "\n")
			at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "option") })
			if at < 0 || at+2 >= len(lines) || !strings.Contains(lines[at+1], name) || !strings.Contains(lines[at+2], name) {
				t.Fatalf("%s: the rows of %s are not the table's first:\n%s", c.name, name, text)
			}
			if strings.Contains(text, "PgDn") && !strings.Contains(text, name+" first, then best first") {
				t.Fatalf("%s: the page's note does not say %s's rows come first:\n%s", c.name, name, text)
			}
			if !strings.Contains(text, c.answer) || f.s.Bella != card || f.s.hand()[f.s.Cursor] != card {
				t.Fatalf("%s: the question is not on the hint's answer %s:\n%s", c.name, c.answer, text)
			}
			if strings.Contains(text, "the cursor is on the hard bot's choice") || !strings.Contains(text, "the answer marked is the hard bot's") {
				t.Fatalf("%s: the closing line says what is not so:\n%s", c.name, text)
			}
		}
	})
}

// TestHintCursorLine: the hint's closing line says the cursor is on the
// hard bot's choice only while it is.
func TestHintCursorLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		f := newFixture(t, players, 116, 80, 24, gated())
		f.until("the card play", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && len(s.View.Legal()) > 1
		}, true)
		f.refresh()
		f.hs.Press("H")
		if !strings.Contains(f.text(), "the cursor is on the hard bot's choice") {
			t.Fatalf("the hint's cursor line is missing:\n%s", f.text())
		}
		sn := f.snap()
		legal := sn.View.Legal()
		hinted := f.s.hand()[f.s.Cursor]
		for _, a := range legal {
			if a.Kind == rules.PlayCard && a.Card != hinted {
				f.s.Cursor = slices.Index(f.s.hand(), a.Card)
				break
			}
		}
		if strings.Contains(f.text(), "the cursor is on the hard bot's choice") {
			t.Fatalf("the cursor left the hint's choice, but the line still says it is on it:\n%s", f.text())
		}
	})
}

// TestHintOpenKeyLine: while the hint is open the key line offers to
// close it, "H or esc close the hint" as the hint's last line says (in
// the card play at 80 columns "H/esc", or nothing when the line is
// full), never "H hint"; closed, it offers "H hint" again. In the
// bidding and the card play, at 80 and 120 columns, at every seat count.
func TestHintOpenKeyLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, w := range []int{80, 120} {
			f := newFixture(t, n, seeds[n], w, 24)
			keyLine := func() string {
				lines := strings.Split(f.text(), "\n")
				return lines[len(lines)-1]
			}
			check := func(what string, want ...string) {
				t.Helper()
				f.hs.Press("H")
				line := keyLine()
				if !f.s.hintOpen() || strings.Contains(line, "H hint") {
					t.Fatalf("%d columns, %s: the open hint's key line offers H hint:\n%s", w, what, f.text())
				}
				ok := false
				for _, k := range want {
					ok = ok || strings.Contains(line, k)
				}
				if !ok {
					t.Fatalf("%d columns, %s: the open hint's key line offers none of %q:\n%s", w, what, want, f.text())
				}
				f.hs.Press("esc")
				if f.s.hintOpen() || !strings.Contains(keyLine(), "H hint") {
					t.Fatalf("%d columns, %s: esc did not close the hint, or the line offers no hint:\n%s", w, what, f.text())
				}
			}
			f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
			check("the bidding", "H or esc close the hint")
			f.until("a card", myCard, true)
			if w == 80 {
				check("the card play", "H or esc close the hint", "H/esc close the hint", "? help")
			} else {
				check("the card play", "H or esc close the hint")
			}
		}
	})
}

// TestHintGradesAsTheAnalysis: at 2, 3 and 4 players, the hint's table
// grades every option of a decision from the hard bot's evaluation by
// the rule of the trainer and the analysis: as good as the best when
// its gap is within 2 standard errors of the paired difference eval
// measured over its samples, else by the scale (near the end, a choice
// as likely to win that clearly gives away points is graded by them).
// Each verdict is written with that gap and error ("± "), and every row
// fits 80 columns.
func TestHintGradesAsTheAnalysis(t *testing.T) {
	ctx := kit.NewContext(false)
	evaluator := eval.New()
	views, samples := 12, 24
	if testing.Short() {
		views, samples = 6, 16
	}
	// The verdict the rule gives, computed here from the evaluation.
	want := func(best, r eval.Result, byWin bool) drill.VerdictKind {
		gap, winGap := best.Mean-r.Mean, best.Win-r.Win
		kind := drill.AsGood
		switch {
		case byWin && winGap > 2*r.WinGapErr:
			kind = drill.GradeLoss(winGap, true)
		case !byWin && gap > 2*r.GapErr:
			kind = drill.GradeLoss(gap, false)
		}
		if byWin && !kind.Wrong() && gap > 2*r.GapErr && drill.GradeLoss(gap, false).Wrong() {
			kind = drill.GradeLoss(gap, false)
		}
		return kind
	}
	graded := map[drill.VerdictKind]int{}
	for _, n := range []int{2, 3, 4} {
		for i, v := range decisionViews(t, n, views) {
			ev, err := evaluator.Evaluate(context.Background(), &v, eval.Options{Samples: samples, Seed: uint64(i + 1), Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			an, err := drill.FromEval(&v, ev)
			if err != nil {
				t.Fatal(err)
			}
			if !an.Paired || an.Best != ev.Best {
				t.Fatalf("%d players: the hint's analysis is not paired (%v) or its best %d is not eval's %d", n, an.Paired, an.Best, ev.Best)
			}
			ranked, _ := an.InRankOrder(-1)
			lines, _ := hintWindow(&ctx, &v, ev, rules.NoCard, 80, -1, 0)
			var verdicts []string
			for _, l := range lines {
				l = ansi.Strip(l)
				if ansi.StringWidth(l) > 80 {
					t.Fatalf("%d players: a line of %d cells: %q", n, ansi.StringWidth(l), l)
				}
				if m := hintRow.FindStringSubmatch(l); m != nil {
					verdicts = append(verdicts, m[3])
				}
			}
			if len(verdicts) != len(ranked.Rows) {
				t.Fatalf("%d players: %d rows for %d options:\n%s", n, len(verdicts), len(ranked.Rows), strings.Join(lines, "\n"))
			}
			for j, row := range ranked.Rows {
				if row.Verdict.Kind == drill.Best {
					continue
				}
				k := -1
				for x, a := range v.Legal() {
					if a == row.Action {
						k = x
					}
				}
				w := want(ev.Results[ev.Best], ev.Results[k], ev.ByWin)
				if row.Verdict.Kind != w {
					t.Errorf("%d players, %s: the hint grades %v, the rule %v (%+v)", n, row.Action, row.Verdict.Kind, w, ev.Results[k])
				}
				name := w.String()
				if w == drill.AsGood {
					name = "≈ best"
				}
				if !strings.HasPrefix(verdicts[j], name+": ") || !strings.Contains(verdicts[j], " ± ") {
					t.Errorf("%d players, %s: the verdict %q, want %s with its gap and error", n, row.Action, verdicts[j], name)
				}
				graded[w]++
			}
		}
	}
	if graded[drill.AsGood] == 0 || graded[drill.Inaccuracy]+graded[drill.Mistake]+graded[drill.Blunder] == 0 {
		t.Fatalf("verdicts checked: %v; want some as good and some wrong", graded)
	}
	t.Logf("verdicts checked: %v", graded)
}

// decisionViews are up to count views of decisions with two options or
// more at a table of n, from the bidding to the last tricks of deals
// played with random choices.
func decisionViews(t *testing.T, n, count int) []rules.View {
	t.Helper()
	var out []rules.View
	for seed := uint64(1); len(out) < count && seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, uint64(n)))
		g := rules.NewGame(options(n), rules.SeatA)
		if err := g.StartDeal(rules.Shuffle(rng)); err != nil {
			t.Fatal(err)
		}
		for !g.NeedDeal() && len(out) < count {
			d := g.Deal()
			turn := d.Turn()
			if turn == rules.ChanceSeat {
				break
			}
			v := d.View(turn)
			legal := v.Legal()
			if len(legal) >= 2 && rng.IntN(3) == 0 {
				out = append(out, v)
			}
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// randomEval is an evaluation of the options legal with values drawn
// from rng, each option's gap behind the top one often a hair from a
// line of the scale and its figures a hair from a half tenth.
func randomEval(rng *rand.Rand, legal []rules.Action) eval.Evaluation {
	ev := eval.Evaluation{Samples: 100, Weight: 100, ByWin: rng.IntN(3) == 0}
	top := (rng.Float64()*2 - 1) * 120
	topWin := []float64{rng.Float64(), rng.Float64() * 0.002, 1 - rng.Float64()*0.002}[rng.IntN(3)]
	ev.Results = testkit.NearScale(rng, nil, legal, top, topWin, 1,
		[]float64{0, drill.InaccuracyAt, drill.MistakeAt, drill.BlunderAt}, []float64{0, drill.WinInaccuracyAt, drill.WinMistakeAt, drill.WinBlunderAt})
	return ev
}

var (
	// A row of the hint's table: its mean, its chance to win and its
	// verdict.
	hintRow = regexp.MustCompile(`([+-]?\d+\.\d) ± +\d+\.\d +\S+ +(\S+)   (.+)$`)
	// A verdict's loss: "mistake: -10.1 pts", "blunder: -12.7% win".
	hintLoss = regexp.MustCompile(`^(inaccuracy|mistake|blunder): -(\d+(?:\.\d)?)%? (pts|win)$`)
	// The reason's points between the best and the runner-up.
	hintMore = regexp.MustCompile(`scores (\d+\.\d) points more than`)
)

// TestHintGapsAgree: over many decisions at 2, 3 and 4 players, each
// with a random evaluation as the hard bot's, every loss the hint's
// table writes is the difference of the figures it writes beside it,
// the best's less the option's (the means in points, the chances to
// win in percent), on its grade's side of the scale; the points the
// reason says one option scores more than the other are the difference
// of their figures too; and every figure is within a tenth of its value.
func TestHintGapsAgree(t *testing.T) {
	ctx := kit.NewContext(false)
	tenths := func(s string) int {
		x, err := strconv.ParseFloat(strings.TrimLeft(strings.TrimSuffix(s, "%"), "<>+"), 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return int(math.Round(x * 10))
	}
	losses := 0
	for _, n := range []int{2, 3, 4} {
		for i, v := range decisionViews(t, n, 80) {
			ev := randomEval(rand.New(rand.NewPCG(uint64(i), uint64(n))), v.Legal())
			an, err := drill.FromEval(&v, ev)
			if err != nil {
				t.Fatal(err)
			}
			ranked, _ := an.InRankOrder(-1)
			lines, _ := hintWindow(&ctx, &v, ev, rules.NoCard, 80, -1, 0)
			screen := ansi.Strip(strings.Join(lines, "\n"))
			var rows [][]string
			for _, l := range strings.Split(screen, "\n") {
				if m := hintRow.FindStringSubmatch(l); m != nil {
					rows = append(rows, m)
				}
			}
			if len(rows) != len(ranked.Rows) {
				t.Fatalf("%d players: %d rows of %d options:\n%s", n, len(rows), len(ranked.Rows), screen)
			}
			for j, m := range rows {
				r := ranked.Rows[j]
				if d := math.Abs(float64(tenths(m[1])) - r.Mean*10); d >= 1 {
					t.Fatalf("%d players: a mean of %v written %s:\n%s", n, r.Mean, m[1], screen)
				}
				if m[2] != "<0.1%" && m[2] != ">99.9%" && math.Abs(float64(tenths(m[2]))-r.Win*1000) >= 1 {
					t.Fatalf("%d players: a chance of %v written %s:\n%s", n, r.Win, m[2], screen)
				}
				loss := hintLoss.FindStringSubmatch(m[3])
				if loss == nil {
					continue
				}
				losses++
				col, scale := 1, 10.0
				if loss[3] == "win" {
					col, scale = 2, 1000
				}
				want := tenths(rows[0][col]) - tenths(m[col])
				if got := tenths(loss[2]); got != want {
					t.Fatalf("%d players: %q beside %s and %s, %d tenths apart:\n%s", n, m[3], rows[0][col], m[col], want, screen)
				}
				if g := drill.GradeLoss(float64(want)/scale, loss[3] == "win").String(); g != loss[1] {
					t.Fatalf("%d players: %q reads as a %s:\n%s", n, m[3], g, screen)
				}
			}
			why := strings.Join(strings.Fields(screen), " ")
			if m := hintMore.FindStringSubmatch(why); m != nil && len(rows) > 1 {
				if got, want := tenths(m[1]), tenths(rows[0][1])-tenths(rows[1][1]); got != want {
					t.Fatalf("%d players: %q beside %s and %s:\n%s", n, m[0], rows[0][1], rows[1][1], screen)
				}
			}
		}
	}
	if losses == 0 {
		t.Fatal("no loss checked")
	}
	t.Logf("%d losses checked", losses)
}

// TestTrickWordsAreCertain: at every seat count, whatever card is
// played to a trick, the hint's words on the trick hold however the
// later players answer (every legal card of each is tried on the real
// deal): "wins" only when the side cannot lose it, "gives up" only when
// it cannot win it, and a trick the partner holds is never given up.
func TestTrickWordsAreCertain(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		said := map[string]int{}
		for seed := uint64(1); seed <= 12; seed++ {
			g := rules.NewGame(options(n), rules.SeatA)
			if err := g.StartDeal(rules.Shuffle(rand.New(rand.NewPCG(seed, 7)))); err != nil {
				t.Fatal(err)
			}
			for g.Deal().Phase() != rules.PhaseOver && !g.NeedDeal() {
				d := g.Deal()
				v := d.View(d.Turn())
				legal := v.Legal()
				if v.Phase == rules.PhasePlay && v.InTrick > 0 {
					for _, a := range legal {
						if a.Kind != rules.PlayCard {
							continue
						}
						words := trickWords(&v, a.Card)
						said[words]++
						ours, theirs := outcomes(t, *d, a, v.Seat, n)
						side := rules.SideOfSeat(n, v.WinnerIf(a.Card)) == rules.SideOfSeat(n, v.Seat)
						switch words {
						case "It wins this trick.", "Your partner wins this trick.":
							if theirs {
								t.Errorf("%d players, %v: %q, but the others can take it", n, a, words)
							}
						case "It gives this trick up.":
							if side || ours {
								t.Errorf("%d players, %v: %q, but the side can win it", n, a, words)
							}
						}
					}
				}
				if err := g.Apply(takeOrFirst(legal)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if said["It wins this trick."] == 0 {
			t.Errorf("%d players: no card was said to win its trick: %v", n, said)
		}
		if n == 4 && said["Your partner wins this trick."]+said["Your partner stays ahead in this trick for now."] == 0 {
			t.Errorf("4 players: no trick was left to the partner: %v", said)
		}
	}
}

// outcomes plays a for seat on a copy of d, then every legal answer of
// the players after it in the trick, and reports whether seat's side
// wins the trick in some line (ours) and the others in some (theirs).
func outcomes(t *testing.T, d rules.Deal, a rules.Action, seat rules.Seat, n int) (ours, theirs bool) {
	t.Helper()
	tricks := d.Play().Tricks
	if err := d.Apply(a); err != nil {
		t.Fatal(err)
	}
	var walk func(d rules.Deal)
	walk = func(d rules.Deal) {
		if d.Play().Tricks != tricks || d.Phase() != rules.PhasePlay {
			if rules.SideOfSeat(n, d.LastTrickWinner()) == rules.SideOfSeat(n, seat) {
				ours = true
			} else {
				theirs = true
			}
			return
		}
		v := d.View(d.Turn())
		for _, b := range v.Legal() {
			if b.Kind != rules.PlayCard {
				continue
			}
			e := d
			if err := e.Apply(b); err != nil {
				t.Fatal(err)
			}
			walk(e)
		}
	}
	walk(d)
	return ours, theirs
}

// TestHintKeptWhenClosed: a hint closed (esc, or H again) and asked
// again at the same decision is the same one: still being worked out
// when it was, at once when it had come (the cursor on its choice),
// never worked out a second time; the next decision asks afresh. At
// every seat count.
func TestHintKeptWhenClosed(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		var calls atomic.Int32
		release := make(chan struct{})
		slow := func(hc *host.Config, _ *Config) {
			hc.Hint = func(ctx context.Context, v *rules.View, seed uint64) (eval.Evaluation, error) {
				calls.Add(1)
				select {
				case <-release:
				case <-ctx.Done():
					return eval.Evaluation{}, ctx.Err()
				}
				return fakeHint(ctx, v, seed)
			}
		}
		f := newFixture(t, n, seeds[n], 80, 24, gated(), slow)
		// The hint being worked out is a rest too: the person's screen
		// shows it while it is.
		rests := f.rests
		f.rests = func(s host.Snapshot) bool {
			return rests(s) || s.Can.Act && s.Hint != nil && s.Hint.Pending
		}
		f.until("a card", func(s host.Snapshot) bool {
			return s.Can.Act && s.View.Phase == rules.PhasePlay && len(s.View.Legal()) > 1
		}, true)
		f.refresh()
		const weighing, choice = "weighing your options", "the cursor is on the hard bot's choice"
		shows := func(what, want string, open bool) {
			t.Helper()
			if got := f.text(); strings.Contains(got, want) != open || f.s.hintOpen() != open {
				t.Fatalf("%d players, %s: %q shown %v, want %v:\n%s", n, what, want, !open, open, got)
			}
		}
		f.hs.Press("H")
		shows("asked", weighing, true)
		f.hs.Press("esc")
		shows("closed while worked out", weighing, false)
		f.hs.Press("H")
		shows("asked again", weighing, true)
		f.hs.Press("H")
		shows("closed by H", weighing, false)
		close(release)
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Hint != nil && !s.Hint.Pending }, guard)
		f.hs.Deliver(Refresh{})
		if f.s.hintOpen() {
			t.Fatalf("%d players: the hint opened by itself when it came:\n%s", n, f.text())
		}
		f.hs.Press("H")
		shows("asked once it came", choice, true)
		if c := calls.Load(); c != 1 {
			t.Fatalf("%d players: %d evaluations of one decision, want 1", n, c)
		}
		sn := f.snap()
		h := sn.Hint
		if h == nil || h.Pending || h.Gen != sn.Gen {
			t.Fatalf("%d players: the hint shown is not this decision's: %+v", n, h)
		}
		if best := h.Eval.Results[h.Eval.Best].Action; f.s.hand()[f.s.Cursor] != best.Card {
			t.Fatalf("%d players: the cursor is on %v, the hint says %v", n, f.s.hand()[f.s.Cursor], best)
		}
		f.hs.Press("enter")
		f.until("the person's next decision", func(s host.Snapshot) bool { return s.Can.Act && s.Gen != sn.Gen }, true)
		f.refresh()
		f.hs.Press("H")
		kittest.WaitRest(t, f.port, func(s host.Snapshot) bool { return s.Hint != nil && !s.Hint.Pending }, guard)
		f.hs.Deliver(Refresh{})
		shows("the next decision", choice, true)
		if c := calls.Load(); c != 2 {
			t.Fatalf("%d players: %d evaluations after the next decision's hint, want 2:\n%s", n, c, f.text())
		}
	})
}

// TestHintKeepsTheTrick: at every seat count, at 80×24, the hint opened
// while the person answers a trick covers the table, but not the trick
// on it: a line under the hint names each card there with its player,
// in play order, as the hint speaks of them.
func TestHintKeepsTheTrick(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24)
		f.until("the last card of a trick with options", func(s host.Snapshot) bool {
			return myCard(s) && s.View.InTrick == n-1 && len(s.View.Legal()) > 1
		}, true)
		f.hs.Press("H")
		text := kittest.Flat(f.text())
		if !strings.Contains(text, "Hint: the hard bot would") {
			t.Fatalf("%d players: no hint:\n%s", n, f.text())
		}
		v := f.snap().View
		sc := f.s.scene()
		var cards []string
		for i := range v.InTrick {
			cards = append(cards, sc.Lower(rules.SeatAfter(v.Leader, i, n))+" "+f.hs.Ctx.Paint.Glyphs.CardText(v.Trick[i]))
		}
		if want := "On the table: " + strings.Join(cards, ", ") + " "; !strings.Contains(text, want) {
			t.Errorf("%d players: the hint hides the trick, no %q:\n%s", n, want, f.text())
		}
	})
}

// TestHintShowsTheUpcard: at every seat count, at 80×24, the hint
// opened at a bid covers the table and its upcard, but a line under
// the hint names the upcard itself ("On the table: the upcard 9♣", 9C under
// -ascii), not only its suit: the bid is about that card. The screen
// stays 80×24.
func TestHintShowsTheUpcard(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			f := newFixture(t, n, seeds[n], 80, 24)
			f.drawASCII(ascii)
			f.until("a bid", func(s host.Snapshot) bool { return s.Can.Act && s.View.Phase == rules.PhaseBid1 }, false)
			f.hs.Press("H")
			text := f.text()
			if !strings.Contains(text, "Hint: the hard bot would") {
				t.Fatalf("%d players, ascii %v: no hint:\n%s", n, ascii, text)
			}
			want := " On the table: the upcard " + f.hs.Ctx.Paint.Glyphs.CardText(f.snap().View.OrigUpcard) + "\n"
			if !strings.Contains(text, want) {
				t.Errorf("%d players, ascii %v: the hint hides the upcard, no %q:\n%s", n, ascii, want, text)
			}
			kittest.CheckSize(t, frame(f.hs), 80, 24)
		}
	})
}
