package replay

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The replay's analysis: started by the a key in a tea.Cmd, cancelled on
// leaving the screen, its progress relayed as messages, its report kept
// when it is turned off.

// analysisState is where the analysis stands.
type analysisState uint8

const (
	analysisNone    analysisState = iota // never started
	analysisRunning                      // in a tea.Cmd
	analysisDone
	analysisFailed
)

// replayAnalysis is the analysis of one replayed game.
type replayAnalysis struct {
	log     *gamelog.Replay // the game analysed; nil: there is nothing to analyse
	opt     analysis.Options
	analyze Analyzer

	// Shown when on, kept when turned off.
	on       bool
	state    analysisState
	run      int // the analysis being waited for; older messages are dropped
	progress analysis.Progress
	report   *analysis.Report
	err      error
	cancel   context.CancelFunc
}

// newReplayAnalysis prepares the analysis of r as cfg says (nil
// cfg.Analyze: the real one).
func newReplayAnalysis(r *gamelog.Replay, cfg Config) replayAnalysis {
	analyze := cfg.Analyze
	if analyze == nil {
		analyze = analysis.Analyze
	}
	return replayAnalysis{log: r, opt: cfg.Analysis, analyze: analyze}
}

// analysisProgressMsg is a progress report of analysis run.
type analysisProgressMsg struct {
	run int
	p   analysis.Progress
	ch  <-chan analysis.Progress
}

// analysisDoneMsg ends analysis run.
type analysisDoneMsg struct {
	run int
	rep *analysis.Report
	err error
}

// analysisMsg takes the analysis' own messages: ok is false for any
// other message.
func (a *replayAnalysis) analysisMsg(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case analysisProgressMsg:
		if msg.run == a.run && a.state == analysisRunning {
			a.progress = msg.p
			return waitProgress(msg.run, msg.ch), true
		}
		return nil, true
	case analysisDoneMsg:
		if msg.run != a.run {
			return nil, true
		}
		if msg.err != nil {
			a.state, a.err = analysisFailed, msg.err
		} else {
			a.state, a.report = analysisDone, msg.rep
		}
		return nil, true
	}
	return nil, false
}

// toggleAnalysis is the a key: it shows or hides the grades, starting
// the analysis the first time; a failed analysis is tried again at once.
func (a *replayAnalysis) toggleAnalysis() tea.Cmd {
	a.on = !a.on || a.state == analysisFailed
	if a.on && (a.state == analysisNone || a.state == analysisFailed) {
		return a.startAnalysis()
	}
	return nil
}

// startAnalysis returns the command that runs the analysis, and the one
// that relays its progress. Progress goes through a channel that keeps
// only the latest report, so the analysis never waits for the screen.
func (a *replayAnalysis) startAnalysis() tea.Cmd {
	a.stopAnalysis()
	a.run++
	a.state, a.err, a.progress = analysisRunning, nil, analysis.Progress{}
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	run := a.run
	ch := make(chan analysis.Progress, 1)
	opt := a.opt
	opt.Progress = func(p analysis.Progress) {
		select {
		case <-ch: // drop the report not yet shown
		default:
		}
		ch <- p
	}
	analyze, r := a.analyze, a.log
	work := func() tea.Msg {
		defer close(ch)
		rep, err := analyze(ctx, r, opt)
		return analysisDoneMsg{run: run, rep: rep, err: err}
	}
	return tea.Batch(work, waitProgress(run, ch))
}

// waitProgress waits for the next progress report; it ends (nil) when
// the analysis has.
func waitProgress(run int, ch <-chan analysis.Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		if !ok {
			return nil
		}
		return analysisProgressMsg{run: run, p: p, ch: ch}
	}
}

// stopAnalysis cancels an analysis in flight (leaving the screen): it
// is off, as if never started.
func (a *replayAnalysis) stopAnalysis() {
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
	if a.state == analysisRunning {
		a.state, a.on = analysisNone, false
		a.run++
	}
}

// decision returns the graded decision of step i (0-based) of deal d
// (0-based), or nil when the analysis is off or has not reached it.
func (a *replayAnalysis) decision(d, i int) *analysis.Decision {
	if !a.on || a.report == nil {
		return nil
	}
	return a.report.Decision(d+1, i+1)
}

// dealReport is the analysis of deal d (0-based) when it is shown and
// done; nil otherwise.
func (a *replayAnalysis) dealReport(d int) *analysis.DealReport {
	if !a.on || a.report == nil || d < 0 || d >= len(a.report.Deals) {
		return nil
	}
	return &a.report.Deals[d]
}

// markOf is the annotation of step i (0-based) of deal d (0-based):
// the grade's word in brackets ("(mistake)"), for an inaccuracy or
// worse, when the analysis is on; "" otherwise. The table's talk writes
// it after the move it grades, so the mark is text and its colour only
// repeats it.
func (a *replayAnalysis) markOf(ctx *kit.Context, d, i int) string {
	dec := a.decision(d, i)
	if dec == nil || dec.Grade < analysis.Inaccuracy {
		return ""
	}
	st := &ctx.Styles
	mark := "(" + dec.Grade.String() + ")"
	if dec.Grade == analysis.Inaccuracy {
		return st.Dim.Render(mark)
	}
	return st.Bad.Render(mark)
}

// sealedAnalysis is the analysis line of a game in progress.
const sealedAnalysis = "A game in progress: your cards only; every hand and the analysis once it ends."

// statusLine is the analysis line while there are no grades to show:
// sealed, off, running, failed or hidden. ok is false when the grades
// are shown: the replay then writes its own summary.
// you is the seat the replay says "you" (rules.NoSeat: none); other
// is what offLine calls the seat the log names "you" where the replay
// does not say it "you" ("player A"), "" where it does.
func (a *replayAnalysis) statusLine(ctx *kit.Context, sealed bool, you rules.Seat, other string) (line string, ok bool) {
	st := &ctx.Styles
	if sealed {
		return " " + st.Dim.Render(sealedAnalysis), true
	}
	switch a.state {
	case analysisNone:
		return " " + st.Dim.Render(a.offLine(ctx.Width-1, you, other)), true
	case analysisRunning:
		// Until the first report the count of decisions is not known:
		// "0 of 0" would read as a game with nothing to grade.
		pr := a.progress
		line := " Analysing…"
		if pr.Total > 0 {
			line = fmt.Sprintf(" Analysing: %d of %d decisions (%d%%)…", pr.Done, pr.Total, 100*pr.Done/pr.Total)
		}
		if !a.on {
			line += st.Dim.Render(" (hidden: a shows it)")
		}
		return line, true
	case analysisFailed:
		return " " + st.Error.Render("! analysis failed: "+a.err.Error()) + st.Dim.Render(" (a tries again)"), true
	}
	if !a.on {
		return " " + st.Dim.Render("Analysis hidden: press a to show the grades."), true
	}
	if a.report == nil {
		return " " + st.Dim.Render("No analysis."), true
	}
	return "", false
}

// offLine is the analysis line before the analysis is asked for: whose
// decisions the a key grades (analysis.GradedSeats: the people's, or
// every seat's), not "every decision" beside bots' moves it leaves
// ungraded, in the widest form that fits w cells (w <= 0: any). The
// seat the log names "you" is named other where other is not "" (a
// replay that says nobody "you"); the seat you, which the replay says
// "you" whatever the log names it (a shared table's person), is "you"
// here too.
func (a *replayAnalysis) offLine(w int, you rules.Seat, other string) string {
	if a.log == nil {
		return "Analysis off: nothing to grade."
	}
	graded := analysis.GradedSeats(&a.log.Header, a.opt.AllSeats)
	who := analysis.GradedWords(&a.log.Header, graded)
	knew := "each knew"
	switch n := len(slices.DeleteFunc(slices.Clone(graded[:]), func(g bool) bool { return !g })); {
	case n == 1 && you != rules.NoSeat && graded[you]:
		who, knew = "your decisions", "you knew"
	case who == "your decisions" && other != "":
		who, knew = other+"'s decisions", other+" knew"
	case who == "your decisions":
		knew = "you knew"
	case n == 1:
		knew = "the player knew"
	}
	forms := []string{"Analysis off: press a to grade " + who + ", from what " + knew + ".",
		"Analysis off: press a to grade " + who + ".", "Analysis off: a grades " + who + "."}
	for _, f := range forms {
		if w <= 0 || kit.WidthOf(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}

// gradeNote is what follows the step line for a decision: " · forced",
// " · best", or the grade, the points lost and, when better is not
// empty, the better action: " · mistake: loses 12.0 ± 3.1 pts; better
// J♥". A good choice that was not the best is as good at the table, not
// told a better one, worded as the trainer words it: " · ≈ best: 0.4 ±
// 0.7 pts behind J♥". The word is always there: the colour only repeats
// it.
func gradeNote(ctx *kit.Context, dec *analysis.Decision, better string) string {
	st := &ctx.Styles
	switch {
	case dec.Grade == analysis.Forced:
		return st.Dim.Render(" · forced")
	case dec.Grade == analysis.Good && dec.Loss == 0 && dec.WinLoss == 0:
		return " · " + st.Good.Render("best")
	}
	grade := dec.Word(ctx.ASCII)
	if dec.Grade == analysis.Good {
		behind := ""
		if better != "" {
			behind = " behind " + better
		}
		return " · " + st.Good.Render(grade) + ": " + dec.LossWords(ctx.ASCII) + behind
	}
	style := st.Dim
	if dec.Grade >= analysis.Mistake {
		style = st.Bad
	}
	text := " · " + style.Render(grade) + ": loses " + dec.LossWords(ctx.ASCII)
	if better != "" {
		text += "; better " + better
	}
	return text
}

// fitHints lists the keys of a replay's short help on one line of w
// cells, as hintLines writes each, without the keys least needed where
// they do not all fit (fitDrop: the help lists them), never without the
// help and quit that end it; measured as drawn, so under -ascii (ascii)
// with the arrows written as words.
func fitHints(bs []key.Binding, w int, ascii bool) string {
	width := func(h string) int { return hintWidth(h, ascii) }
	short := func(bs []key.Binding) string { return strings.Join(narrowHints(mergeDealKeys(bs), ascii), "  ") }
	line := short(bs)
	for _, d := range fitDrop {
		if width(line) <= w {
			break
		}
		bs = slices.DeleteFunc(slices.Clone(bs), func(b key.Binding) bool { return b.Help().Desc == d })
		line = short(bs)
	}
	return line
}

// hintWidth is the width of the hint line h as drawn: under -ascii
// (ascii) with the arrows written as words.
func hintWidth(h string, ascii bool) int {
	if ascii {
		return kit.WidthOf(kit.ASCIIText(h))
	}
	return kit.WidthOf(h)
}

// hintLines are the replay's key line: every key of bs in narrowHints'
// form, the deal's keys as one hint ("n/p/g deal"), on one line of w
// cells where it holds them, else on two, the help and quit ending the
// second; only where two lines do not hold them either, fitHints' one
// line without the keys least needed. Each key is written one way at
// every width, with one deal or several, whether esc goes back or not:
// a replay opened from the game-over screen names its keys as one
// opened from a file. So the list of tricks (v) and the way to a deal
// by number (g) show at 80 columns as they do with one deal.
func hintLines(bs []key.Binding, w int, ascii bool) []string {
	width := func(h string) int { return hintWidth(h, ascii) }
	all := narrowHints(mergeDealKeys(bs), ascii)
	if line := strings.Join(all, "  "); width(line) <= w {
		return []string{line}
	}
	// The first line holds as many hints as it can.
	for cut := len(all) - 2; cut > 0; cut-- {
		first, second := strings.Join(all[:cut], "  "), strings.Join(all[cut:], "  ")
		if width(first) <= w && width(second) <= w {
			return []string{first, second}
		}
	}
	return []string{fitHints(bs, w, ascii)}
}

// mergeDealKeys is bs with the hint of the next and previous deal and
// the one of going to a deal by number as one: "n/p/g deal". bs as it
// is where either is missing (a log of one deal).
func mergeDealKeys(bs []key.Binding) []key.Binding {
	deal := slices.IndexFunc(bs, func(b key.Binding) bool { return b.Help().Desc == "deal" })
	goTo := slices.IndexFunc(bs, func(b key.Binding) bool { return b.Help().Desc == "go to deal" })
	if deal < 0 || goTo < 0 {
		return bs
	}
	out := slices.Clone(bs)
	d, g := out[deal], out[goTo]
	out[deal] = kit.Bind(d.Help().Key+"/"+g.Help().Key, "deal", slices.Concat(d.Keys(), g.Keys())...)
	return slices.Delete(out, goTo, goTo+1)
}

// narrowHints are bs's hints in fitHints' narrow form, each its key
// with the arrows tight and its words: "→← step", "g go to".
func narrowHints(bs []key.Binding, ascii bool) []string {
	tight := tightArrows
	if ascii {
		tight = tightLetters
	}
	parts := make([]string, len(bs))
	for i, b := range bs {
		hp := b.Help()
		parts[i] = tight.Replace(hp.Key) + " " + strings.TrimSuffix(hp.Desc, " deal")
	}
	return parts
}

// fitDrop are the replay's short hints a narrow window leaves out, in
// this order: the way to a deal by its number, then the list of tricks.
var fitDrop = []string{"go to deal", "tricks"}

// tightArrows writes two arrows without the slash, for a narrow window;
// tightLetters, under -ascii where arrows take two letters, names the
// letter keys that do the same (see defaultKeys).
var (
	tightArrows  = strings.NewReplacer("→/←", "→←", "↓/↑", "↓↑")
	tightLetters = strings.NewReplacer("→/←", "l/h", "↓/↑", "j/k")
)
