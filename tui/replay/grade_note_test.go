package replay

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/stretchr/testify/assert"
)

// TestGradeNoteLossOnItsGrade: the step's note writes the loss on its
// grade's side of the thresholds the help gives: an inaccuracy of 9.96
// reads "loses 9.9", not "loses 10.0", where the mistakes begin.
func TestGradeNoteLossOnItsGrade(t *testing.T) {
	ctx := kit.NewContext(false)
	for loss, want := range map[float64]string{9.96: "inaccuracy: loses 9.9", 19.97: "mistake: loses 19.9", 25: "blunder: loses 25.0"} {
		dec := &analysis.Decision{Grade: analysis.GradeOf(loss), Loss: loss}
		if got := ansi.Strip(gradeNote(&ctx, dec, "")); !strings.Contains(got, want) {
			t.Errorf("loss %v: %q, want %q", loss, got, want)
		}
	}
}

// TestGradeNoteShowsTheError: the note writes the loss with its standard
// error, as the report does, and near the end of a game the chance to
// win given up, which grades it there.
func TestGradeNoteShowsTheError(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, c := range []struct {
		dec  analysis.Decision
		want string
	}{
		{analysis.Decision{Grade: analysis.Blunder, Loss: 24.7, LossErr: 6}, "blunder: loses 24.7 ± 6.0 pts; better pass"},
		// A good choice behind the best within the error is "≈ best",
		// as the trainer says it, not told a better one.
		{analysis.Decision{Grade: analysis.Good, Loss: 5.8, LossErr: 9.1}, "≈ best: 5.8 ± 9.1 pts behind pass."},
		{analysis.Decision{Grade: analysis.Blunder, Loss: 3, LossErr: 1, ByWin: true, WinLoss: 0.23, WinLossErr: 0.042},
			"blunder: loses 23.0% ± 4.2% of the chance to win; better pass"},
	} {
		if got := ansi.Strip(gradeNote(&ctx, &c.dec, "pass")) + "."; !strings.Contains(got, c.want) {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// TestAnalysingLineBeforeTheCount: while the analysis runs, the line
// gives the count of decisions once known, and before the first report
// no "0 of 0 decisions".
func TestAnalysingLineBeforeTheCount(t *testing.T) {
	ctx := kit.NewContext(false)
	a := &replayAnalysis{state: analysisRunning, on: true}
	line, ok := a.statusLine(&ctx, false, rules.NoSeat, "")
	if got := ansi.Strip(line); !ok || strings.Contains(got, "0 of 0") || !strings.Contains(got, "Analysing") {
		t.Errorf("before the first report: %q", got)
	}
	a.progress = analysis.Progress{Done: 3, Total: 10}
	if got, _ := a.statusLine(&ctx, false, rules.NoSeat, ""); !strings.Contains(ansi.Strip(got), "Analysing: 3 of 10 decisions (30%)") {
		t.Errorf("after a report: %q", ansi.Strip(got))
	}
}

// TestLongStepLineWraps: a step whose grade runs past 80 columns wraps
// under its words, its better card shown on the line after, never cut
// at the window's edge.
func TestLongStepLineWraps(t *testing.T) {
	r := readGame(t, "tables/3-01-every-house-variant.klob")
	hs := open(t, r, "every-house-variant.klob", 80, 24)
	hs.Press("a")
	s := replayOf(hs)
	if s.report == nil {
		t.Fatal("the analysis did not finish")
	}
	// The first card played by the bottom seat, graded a blunder near
	// the end of the game.
	rd := &r.Deals[0]
	at := -1
	for i, st := range rd.Steps {
		if st.Seat == s.bottom && st.Action.Kind == rules.PlayCard {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("the bottom seat plays no card")
	}
	best := rules.PlayAction(rules.MustCard("7D"))
	s.report.Deals[0].Decisions[at] = analysis.Decision{Grade: analysis.Blunder, Loss: 3, LossErr: 1, ByWin: true,
		WinLoss: 0.076, WinLossErr: 0.006, Best: best}
	for range at + 1 {
		hs.Press("right")
	}
	scr := ansi.Strip(hs.Text())
	flat := strings.Join(strings.Fields(scr), " ")
	if !strings.Contains(flat, "of the chance to win; better 7♦.") {
		t.Errorf("the step's better card is not shown:\n%s", scr)
	}
	for _, l := range strings.Split(scr, "\n") {
		if kit.WidthOf(l) > 80 {
			t.Errorf("%q is wider than 80", l)
		}
	}
}

// TestBetterActionReadsAsAChoice: the better action after a grade reads
// as a choice, named as the trainer and the hint name the option
// (kit.OptionLabel), as the analysis report writes it: "better
// exchange", "better name clubs", never the table talk's "better
// exchanges the dix" or "better ♣ clubs".
func TestBetterActionReadsAsAChoice(t *testing.T) {
	ctx := kit.NewContext(false)
	dec := &analysis.Decision{Grade: analysis.Blunder, Loss: 24.7, LossErr: 6}
	for _, c := range []struct {
		best rules.Action
		want string
	}{
		{rules.Action{Kind: rules.Exchange}, "; better exchange"},
		{rules.Action{Kind: rules.Name, Suit: rules.Clubs}, "; better name clubs"},
		{rules.Action{Kind: rules.Take}, "; better take"},
	} {
		dec.Best = c.best
		note := ansi.Strip(gradeNote(&ctx, dec, kit.OptionLabel(&ctx, c.best)))
		if !strings.HasSuffix(note, c.want) {
			t.Errorf("note %q, want it to end in %q", note, c.want)
		}
	}
}

// TestStepNamesBetterAsTheTrainer: at every seat count, a graded step
// whose better action is a naming of trumps in round two says "better
// name clubs", the trainer's and the hint's label; it said "better ♣
// clubs".
func TestStepNamesBetterAsTheTrainer(t *testing.T) {
	for _, file := range gameOfEachCount {
		r := readPersonsGame(t, file)
		naming := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
			rep, err := fakeAnalyze(ctx, r, opt)
			if err != nil {
				return nil, err
			}
			for i := range rep.Deals[0].Decisions {
				if dec := &rep.Deals[0].Decisions[i]; dec.Seat == rules.SeatA && dec.Graded() {
					dec.Grade, dec.Loss, dec.Best = analysis.Mistake, 12, rules.Action{Kind: rules.Name, Suit: rules.Clubs}
					break
				}
			}
			return rep, nil
		}
		hs := kittest.New(t, New(r, "x", Config{Analyze: naming}, nil), 100, 24, false)
		hs.Press("a")
		said := false
		for range r.Deals[0].Steps {
			hs.Press("right")
			screen := kittest.Flat(text(hs))
			said = said || strings.Contains(screen, "; better name clubs.")
			assert.NotContains(t, screen, "better ♣ clubs")
		}
		assert.True(t, said, "%s: no step says \"better name clubs\"", file)
	}
}

// TestUngradedStepSaysSo: a step of a seat the analysis did not grade
// says so in words, a bot's, and a move a bot made for the person says
// it was the bot's, as klob analyze does, not a bare step that reads as
// one the analysis forgot.
func TestUngradedStepSaysSo(t *testing.T) {
	r := readPersonsGame(t, "07-sequences-decided-by-trump.klob")
	var byBot int
	analyze := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		rep, err := fakeAnalyze(ctx, r, opt)
		if err != nil {
			return nil, err
		}
		for i := range rep.Deals[0].Decisions {
			if dec := &rep.Deals[0].Decisions[i]; dec.Seat == rules.SeatA && dec.Graded() {
				dec.ByBot, dec.Grade, byBot = true, analysis.NotGraded, i+1
				break
			}
		}
		return rep, nil
	}
	hs := kittest.New(t, New(r, "x", Config{Analyze: analyze}, nil), 80, 24, false)
	hs.Press("a")
	var bot, forPerson bool
	for i, st := range r.Deals[0].Steps {
		hs.Press("right")
		screen := kittest.Flat(text(hs))
		switch {
		case i+1 == byBot:
			assert.Contains(t, screen, "(not graded: made by a bot in the seat).")
			forPerson = true
		case st.Seat == rules.SeatB:
			assert.Contains(t, screen, "(not graded: a bot's decision).")
			bot = true
		case st.Seat == rules.SeatA:
			assert.NotContains(t, screen, "not graded")
		}
	}
	assert.True(t, bot && forPerson, "a bot's step and one made for the person")
}

// TestAnalysisOffSaysWhomItGrades: before the analysis, the line says
// whose decisions the a key grades, at every seat count: a person's
// game grades the person's ("your decisions"), whose bots' moves the
// replay then shows "not graded: a bot's decision"; it said "grade
// every decision". A game of bots, or with AllSeats, grades every
// player's. Each fits an 80-column line.
func TestAnalysisOffSaysWhomItGrades(t *testing.T) {
	for _, file := range gameOfEachCount {
		for _, c := range []struct {
			person, all bool
			want        string
		}{
			{true, false, "Analysis off: press a to grade your decisions, from what you knew."},
			{true, true, "Analysis off: press a to grade every player's decisions, from what each knew."},
			{false, false, "Analysis off: press a to grade every player's decisions, from what each knew."},
		} {
			r := readGame(t, file)
			if c.person {
				r = readPersonsGame(t, file)
			}
			hs := kittest.New(t, New(r, "x", Config{Analyze: fakeAnalyze, Analysis: analysis.Options{AllSeats: c.all}}, nil), 80, 24, false)
			screen := text(hs)
			assert.Contains(t, screen, c.want, "%s, person %v, all %v", file, c.person, c.all)
			assert.NotContains(t, screen, "every decision")
			if !c.person || c.all {
				continue
			}
			// The bots' moves are then not graded, as the line said.
			hs.Press("a")
			bot := false
			for range r.Deals[0].Steps {
				hs.Press("right")
				bot = bot || strings.Contains(text(hs), "(not graded: a bot's decision)")
			}
			assert.True(t, bot, "%s: no bot's move shown ungraded", file)
		}
	}
}

// TestAnalysisOffFits: with long names of two people graded, the line
// before the analysis names them in a shorter form rather than being cut
// at the window's edge.
func TestAnalysisOffFits(t *testing.T) {
	r := readGame(t, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob")
	r.Header.SetPlayer(rules.SeatA, "Bartholomew", gamelog.Human)
	r.Header.SetPlayer(rules.Seat(2), "Maximilian", gamelog.Human)
	a := newReplayAnalysis(r, Config{})
	line := a.offLine(79, rules.NoSeat, "")
	assert.LessOrEqual(t, kit.WidthOf(line), 79, line)
	assert.Contains(t, line, "the decisions of Bartholomew and Maximilian")
	assert.Contains(t, a.offLine(0, rules.NoSeat, ""), "from what each knew")
}

// TestAnalysisOffNamesOneSeat: a shared table's game where ann was the
// one person, at every seat count, reads "grade ann's decisions" opened
// from the saved games, where she goes by her name, and "grade your
// decisions" opened by her from its end, where the replay says her
// "you".
func TestAnalysisOffNamesOneSeat(t *testing.T) {
	for _, file := range gameOfEachCount {
		b := sharedLog(t, file, "Bot C", "Bot D")
		l, err := gamelog.Parse(file, b)
		if err != nil {
			t.Fatal(err)
		}
		r, err := l.Replay()
		if err != nil {
			t.Fatal(err)
		}
		r.Header.SetPlayer(rules.SeatB, "bob", "normal")
		for _, c := range []struct {
			mine bool
			want string
		}{
			{false, "Analysis off: press a to grade ann's decisions, from what the player knew."},
			{true, "Analysis off: press a to grade your decisions, from what you knew."},
		} {
			cfg := Config{Analyze: fakeAnalyze, Player: "key-ann", Mine: c.mine}
			hs := kittest.New(t, New(r, "x", cfg, nil), 80, 24, false)
			assert.Contains(t, text(hs), c.want, "%d players, mine %v", r.Players(), c.mine)
		}
	}
}
