package tui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// tableLogs are a three- and a four-handed game, each at its table's
// smallest window.
var tableLogs = []struct {
	file string
	w, h int
}{
	{"tables/3-01-every-house-variant.klob", 80, 24},
	{"tables/4-02-every-house-variant.klob", 100, 30},
}

func (hs *harness) replay34() *replay34 {
	s, _ := hs.app.screen.(*replay34)
	return s
}

// bottomLines are the step line and the analysis line of the table
// replay (above the hints).
func bottomLines(hs *harness) (step, an string) {
	lines := strings.Split(hs.screen(), "\n")
	n := len(lines)
	return lines[n-3], lines[n-2]
}

// TestReplay34Analysis: a starts the analysis of a table game; each
// step then shows the grade of the decision taken there (the seat, what
// it did, the verdict and the points lost, the better action while that
// seat's hand is open) and the line below the points lost by seat, this
// deal and over the game. Golden at a mistake of a card, at three and
// four players, with the fake analysis.
func TestReplay34Analysis(t *testing.T) {
	for _, lg := range tableLogs {
		r := readReplayLog(t, filepath.Join(replayGames, lg.file))
		hs := newReplayHarness(t, r, filepath.Base(lg.file), ReplayConfig{}, lg.w, lg.h)
		s := hs.replay34()
		if s == nil {
			t.Fatalf("%s: opened %T", lg.file, hs.app.screen)
		}
		if _, an := bottomLines(hs); !strings.Contains(an, "Analysis off: press a") {
			t.Errorf("%s: before a, the analysis line is %q", lg.file, an)
		}
		hs.press("a")
		if s.state != analysisDone || !s.on {
			t.Fatalf("%s: after a, state %d on %v", lg.file, s.state, s.on)
		}
		// To the first card played that the fake grades a mistake.
		var dec *analysis.Decision
		for {
			hs.press("right")
			if s.n > 0 {
				dec = s.report.Decision(s.deal+1, s.n)
				if dec.Grade >= analysis.Mistake && dec.Action.Kind == rules.PlayCard {
					break
				}
			}
			if s.deal == len(s.tp.deals)-1 && s.n == s.tp.deals[s.deal].steps {
				t.Fatalf("%s: no card graded a mistake", lg.file)
			}
		}
		scr := hs.screen()
		checkSize(t, scr, lg.w, lg.h)
		name := fmt.Sprintf("replay%d-analysis-%dx%d", r.Players(), lg.w, lg.h)
		golden(t, name, scr)
		step, an := bottomLines(hs)
		seat := s.tp.seats[dec.Seat].Name
		better := ctxText(hs, dec.Best)
		want := fmt.Sprintf("%s played %s · %s %s: loses %.1f; better %s", seat, ctxText(hs, dec.Action), dec.Grade.Mark(), dec.Grade, dec.Loss, better)
		if !strings.Contains(step, want) {
			t.Errorf("%s: step line %q, want %q", lg.file, step, want)
		}
		dr := &s.report.Deals[s.deal]
		for o := range rules.Seat(r.Players()) {
			// In tenths, or in whole points when that is too wide.
			tenths := fmt.Sprintf("%s %.1f/%.1f", s.tp.seats[o].Name, dr.Players[o].Lost, s.report.Players[o].Lost)
			whole := fmt.Sprintf("%s %.0f/%.0f", s.tp.seats[o].Name, dr.Players[o].Lost, s.report.Players[o].Lost)
			if !strings.Contains(an, "Points lost, deal/game:") || !strings.Contains(an, tenths) && !regexp.MustCompile(regexp.QuoteMeta(whole)+`([ ,]|$)`).MatchString(strings.TrimSpace(an)) {
				t.Errorf("%s: analysis line %q, want %q in it", lg.file, an, whole)
			}
		}
		// Another seat's view: the grade stays, the better card of the
		// hidden hand goes.
		for s.open || s.bottom == dec.Seat {
			hs.press("o")
		}
		if step, _ := bottomLines(hs); !strings.Contains(step, "loses") || strings.Contains(step, "better") {
			t.Errorf("%s: %s's hand hidden, the step line is %q", lg.file, seat, step)
		}
		// Its own view: the better card again.
		for s.bottom != dec.Seat {
			hs.press("o")
		}
		if step, _ := bottomLines(hs); !strings.Contains(step, "; better "+better) {
			t.Errorf("%s: %s's own view, the step line is %q", lg.file, seat, step)
		}
		// a hides the grades, a shows them again without a new run.
		run := s.run
		hs.press("a")
		if step, an := bottomLines(hs); strings.Contains(step, "loses") || !strings.Contains(an, "Analysis hidden") {
			t.Errorf("%s: analysis off shows %q / %q", lg.file, step, an)
		}
		hs.press("a")
		if step, _ := bottomLines(hs); s.run != run || !strings.Contains(step, "loses") {
			t.Errorf("%s: analysis on again: run %d (was %d), step line %q", lg.file, s.run, run, step)
		}
		// The help lists the key.
		k := kit.DefaultKeys()
		found := false
		for _, b := range s.KeyHelp(&k).FullHelp()[0] {
			found = found || b.Help().Desc == "analysis on or off"
		}
		if !found {
			t.Errorf("%s: the help does not list a", lg.file)
		}
	}
}

// ctxText writes an action as the table replay does, without styles.
func ctxText(hs *harness, a rules.Action) string {
	return ansi.Strip(actionWords34(&hs.app.ctx, a))
}

// TestReplay34Analysing: the analysis runs in a command: while it does,
// the screen says how far it is and keys still move the replay; leaving
// for the list cancels it, and its late answer changes nothing. A
// failed analysis says so, and a tries again.
func TestReplay34Analysing(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, tableLogs[0].file))
	stopped := make(chan error, 1)
	calls := 0
	analyze := func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		calls++
		switch calls {
		case 1: // runs until cancelled
			opt.Progress(analysis.Progress{Done: 57, Total: 301, Deal: 1})
			<-ctx.Done()
			stopped <- ctx.Err()
			return nil, ctx.Err()
		case 2:
			return nil, errors.New("out of memory")
		}
		return fakeAnalyze(ctx, r, opt)
	}
	list := newHistoryScreen(emptySource{}, ReplayConfig{})
	s := newReplay34(tapeOf(r), "3-01-every-house-variant.klob", ReplayConfig{Analyze: analyze}, list)
	hs := startHarness(t, newApp(s, appOptions{}), 80, 24)
	hs.hold = true
	hs.press("a")
	if len(hs.held) != 1 {
		t.Fatalf("a gave %d commands, want 1 (the analysis and its progress)", len(hs.held))
	}
	batch, ok := hs.held[0]().(tea.BatchMsg)
	hs.held = nil
	if !ok || len(batch) != 2 {
		t.Fatalf("the analysis command is %T, want a batch of the work and its progress", batch)
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- batch[0]() }()
	hs.send(batch[1]()) // the progress report
	hs.press("right", "right", "right")
	if s.n != 3 {
		t.Errorf("keys do not move the replay while it analyses: at step %d", s.n)
	}
	scr := hs.screen()
	checkSize(t, scr, 80, 24)
	golden(t, "replay3-analysing-80x24", scr)
	if _, an := bottomLines(hs); !strings.Contains(an, "Analysing: 57 of 301 decisions (18%)…") {
		t.Errorf("progress line %q", an)
	}
	// Leaving cancels it.
	hs.press("esc")
	if hs.app.screen != list {
		t.Fatalf("esc went to %T, want the list", hs.app.screen)
	}
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the analysis ended with %v, want cancelled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("leaving the replay did not cancel the analysis")
	}
	late := <-done
	if _, ok := late.(analysisDoneMsg); !ok {
		t.Fatalf("the analysis ended with %T", late)
	}
	s.Update(&hs.app.ctx, late)
	if s.state != analysisNone || s.report != nil {
		t.Errorf("the answer of a cancelled analysis changed the state to %d", s.state)
	}
	// Back in the replay: a fails, says so; a again succeeds.
	hs.hold = false
	hs.app.screen = s
	hs.press("a")
	if _, an := bottomLines(hs); !strings.Contains(an, "! analysis failed: out of memory (a tries again)") {
		t.Errorf("a failed analysis shows %q", an)
	}
	hs.press("a")
	if _, an := bottomLines(hs); s.state != analysisDone || !strings.Contains(an, "Points lost") {
		t.Errorf("after a failure, a: state %d, line %q", s.state, an)
	}
}

// TestReplay34AnalyseFlag: -analyse starts the analysis on opening a
// finished table game, never a sealed one.
func TestReplay34AnalyseFlag(t *testing.T) {
	r := readReplayLog(t, filepath.Join(replayGames, tableLogs[1].file))
	hs := newReplayHarness(t, r, "x", ReplayConfig{Analyse: true}, 100, 30)
	if s := hs.replay34(); s.state != analysisDone || !s.on {
		t.Errorf("-analyse: state %d, on %v", s.state, s.on)
	}
}

// TestReplay34TalkMarks: with the analysis on, each line of the talk a
// graded decision made ends in that decision's mark (?! ? ??, after a
// space), and no other line gains one: at every deal's end of both
// table logs, the marks read from the talk are those of the analysis'
// grades, step by step. A card play speaks only when marked: it then
// has a line of its own ("Random B: 10♥ ?"). With the analysis off the
// talk has no mark and no card play but bella and the menage.
func TestReplay34TalkMarks(t *testing.T) {
	for _, lg := range tableLogs {
		r := readReplayLog(t, filepath.Join(replayGames, lg.file))
		hs := newReplayHarness(t, r, filepath.Base(lg.file), ReplayConfig{}, lg.w, lg.h)
		s := hs.replay34()
		hs.press("a")
		if s.state != analysisDone {
			t.Fatalf("%s: analysis state %d", lg.file, s.state)
		}
		ctx := &hs.app.ctx
		marked, cards := 0, 0
		for s.deal = range s.tp.deals {
			s.n = s.tp.deals[s.deal].steps
			s.on = true
			sc, tb := s.scene(ctx)
			on := talkLines34(ctx, sc)
			s.on = false
			sc, _ = s.scene(ctx)
			off := talkLines34(ctx, sc)
			// Step by step: the mark the step's line must end in, and
			// for a plain card play, its line (analysis on only).
			var want, got []string
			k, j := 0, 0 // the next line with the analysis on, and off
			for i, st := range tb.Steps() {
				m := ""
				if dec := s.report.Decision(s.deal+1, i+1); st.Seat != rules.ChanceSeat && dec.Grade >= analysis.Inaccuracy {
					m = dec.Grade.Mark()
				}
				if st.Action.Kind == rules.PlayCard && !st.Action.Bella {
					if m == "" {
						continue
					}
					if k >= len(on) {
						t.Fatalf("%s deal %d: the talk ends before step %d", lg.file, s.deal+1, i+1)
					}
					line := s.tp.seats[st.Seat].Name + ": " + ansi.Strip(ctx.Paint.StyledCard(st.Action.Card)) + " " + m
					if a := ansi.Strip(on[k]); a != line {
						t.Errorf("%s deal %d step %d: talk line %q, want %q", lg.file, s.deal+1, i+1, a, line)
					}
					k++
					cards++
					continue
				}
				if k >= len(on) || j >= len(off) {
					t.Fatalf("%s deal %d: the talk ends before step %d", lg.file, s.deal+1, i+1)
				}
				a, b := ansi.Strip(on[k]), ansi.Strip(off[j])
				k, j = k+1, j+1
				if !strings.HasPrefix(a, b) {
					t.Fatalf("%s deal %d: talk line %q became %q", lg.file, s.deal+1, b, a)
				}
				if strings.Contains(b, "?!") || strings.HasSuffix(b, "??") {
					t.Errorf("%s deal %d: a mark with the analysis off: %q", lg.file, s.deal+1, b)
				}
				want = append(want, m)
				got = append(got, strings.TrimPrefix(a[len(b):], " "))
			}
			// The sequences shown come last, never marked.
			if len(on)-k != len(off)-j {
				t.Fatalf("%s deal %d: %d lines after the steps with the analysis, %d without", lg.file, s.deal+1, len(on)-k, len(off)-j)
			}
			for ; k < len(on); k, j = k+1, j+1 {
				if a, b := ansi.Strip(on[k]), ansi.Strip(off[j]); a != b {
					t.Errorf("%s deal %d: a shown sequence marked: %q", lg.file, s.deal+1, a)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s deal %d: talk marks %q, want the grades' %q", lg.file, s.deal+1, got, want)
			}
			for _, m := range got {
				if m != "" {
					marked++
				}
			}
		}
		if marked == 0 || cards == 0 {
			t.Errorf("%s: %d talk lines of words and %d of cards marked in the whole game", lg.file, marked, cards)
		}
	}
}

// TestReplay34CardMarks: at the step of every card play the analysis
// grades a mistake (?! ? ??), in every table log in testdata, the
// screen's talk column ends its steps with the play and its mark
// ("Random B: 10♥ ?"), at the table's smallest window (80×24 at three)
// and at 120×40; a card play graded good is never in the talk.
func TestReplay34CardMarks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(replayGames, "tables", "*.klob"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	seen := 0
	for _, file := range files {
		r := readReplayLog(t, file)
		base := filepath.Base(file)
		w, h := kit.TableMinSize(r.Players())
		for _, size := range [][2]int{{w, h}, {120, 40}} {
			hs, s := analysedReplay34(t, r, base, size[0], size[1])
			ctx := &hs.app.ctx
			for deal := range s.tp.deals {
				marked := 0 // the card plays marked so far this deal
				for i := range s.tp.deals[deal].steps {
					s.deal, s.n = deal, i+1
					sc, tb := s.scene(ctx)
					st := tb.Steps()[i]
					a := st.Action
					if a.Kind != rules.PlayCard || a.Bella {
						continue
					}
					where := fmt.Sprintf("%s %dx%d deal %d step %d", base, size[0], size[1], deal+1, i+1)
					talk := talkLines34(ctx, sc)
					var cardLines []string
					for _, l := range talk {
						if regexp.MustCompile(`^\S+(?: \S+)*: \S*(?:10|[AKQJ987])\S* [?!]+$`).MatchString(ansi.Strip(l)) {
							cardLines = append(cardLines, ansi.Strip(l))
						}
					}
					dec := s.report.Decision(deal+1, i+1)
					if dec.Grade < analysis.Inaccuracy {
						if len(cardLines) != marked {
							t.Errorf("%s: a card play graded %v made a talk line: %q", where, dec.Grade, cardLines)
						}
						continue
					}
					marked++
					want := s.tp.seats[st.Seat].Name + ": " + ansi.Strip(ctx.Paint.StyledCard(a.Card)) + " " + dec.Grade.Mark()
					if len(cardLines) != marked || cardLines[marked-1] != want {
						t.Errorf("%s: the talk's card lines %q, want %d ending in %q", where, cardLines, marked, want)
					}
					scr := ansi.Strip(hs.screen())
					checkSize(t, scr, size[0], size[1])
					if !strings.Contains(scr, "│ "+want+" ") {
						t.Errorf("%s: %q not in the talk column:\n%s", where, want, scr)
					}
					seen++
				}
			}
		}
	}
	if seen == 0 {
		t.Error("no card play graded a mistake in the table logs")
	}
}

// TestReplay34LostByGrade: at the end of each deal, with the analysis
// done, the result screen gives each seat's points lost this deal by
// grade (partners next to each other at four): a row per seat, or one
// line in whole points when the window has no rows for them (a bete of
// three at 80×24). Every seat's figures are checked against the
// analysis' decisions and its summary; goldens at a deal with the rows
// and one with the line at three players, and with the rows at four.
// With the analysis off the result screen has none of it.
func TestReplay34LostByGrade(t *testing.T) {
	goldens := map[string]int{"3-01-every-house-variant.klob": 3, "4-02-every-house-variant.klob": 1}
	for _, lg := range tableLogs {
		r := readReplayLog(t, filepath.Join(replayGames, lg.file))
		base := filepath.Base(lg.file)
		hs := newReplayHarness(t, r, base, ReplayConfig{}, lg.w, lg.h)
		s := hs.replay34()
		hs.press("a")
		rows, lines := 0, 0
		for deal := range s.tp.deals {
			for s.deal < deal || s.n < s.tp.deals[deal].steps {
				hs.press("right")
			}
			scr := ansi.Strip(hs.screen())
			checkSize(t, scr, lg.w, lg.h)
			dr := &s.report.Deals[deal]
			var lost [4][analysis.Blunder + 1]float64
			for _, dec := range dr.Decisions {
				if dec.Graded() {
					lost[dec.Seat][dec.Grade] += dec.Loss
				}
			}
			head := regexp.MustCompile(`(?m)^ Lost +\?\? +\? +\?! +good +all *$`)
			if head.MatchString(scr) {
				rows++
				// Partners next to each other: A, C, B, D at four.
				order := []rules.Seat{0, 1, 2}
				if r.Players() == 4 {
					order = []rules.Seat{0, 2, 1, 3}
				}
				var want []string
				for _, o := range order {
					cells := []string{regexp.QuoteMeta(s.tp.seats[o].Name)}
					for _, g := range []analysis.Grade{analysis.Blunder, analysis.Mistake, analysis.Inaccuracy, analysis.Good} {
						c := "-"
						if lost[o][g] > 0 {
							c = fmt.Sprintf("%.1f", lost[o][g])
						}
						cells = append(cells, regexp.QuoteMeta(c))
					}
					cells = append(cells, fmt.Sprintf("%.1f", dr.Players[o].Lost))
					want = append(want, " "+strings.Join(cells, " +")+" *")
				}
				if !regexp.MustCompile(`(?m)^` + strings.Join(want, "\n") + `$`).MatchString(scr) {
					t.Errorf("%s deal %d: the rows by grade are not\n%s\nin\n%s", base, deal+1, strings.Join(want, "\n"), scr)
				}
			} else {
				lines++
				var line string
				for _, l := range strings.Split(scr, "\n") {
					if strings.HasPrefix(l, " Lost") {
						line = l
					}
				}
				if line == "" {
					t.Errorf("%s deal %d: no rows by grade, and no line:\n%s", base, deal+1, scr)
				}
				checkLostTotals(t, fmt.Sprintf("%s deal %d", base, deal+1), line, s.tp.seats[:r.Players()], dr)
			}
			if goldens[base] == deal+1 || r.Players() == 3 && deal == 0 {
				golden(t, fmt.Sprintf("replay%d-lost-by-grade-%d-%dx%d", r.Players(), deal+1, lg.w, lg.h), hs.screen())
			}
			hs.press("a")
			if strings.Contains(ansi.Strip(hs.screen()), " Lost") {
				t.Errorf("%s deal %d: the analysis hidden, the end still shows the points lost by grade", base, deal+1)
			}
			hs.press("a")
		}
		if rows == 0 || r.Players() == 3 && lines == 0 {
			t.Errorf("%s: %d deal ends with the rows, %d with the line", base, rows, lines)
		}
	}
}

// lostTotal finds the whole-point total a "Lost" line gives seat name:
// "all 93" in the line by grade, or the number after the name.
func lostTotal(line, name string) (string, bool) {
	re := regexp.MustCompile(`(?:: |, |· )` + regexp.QuoteMeta(name) + ` (?:[?!]+\d+ )*(?:all )?(\d+)(?: [?!]+)?(?:,| ·| *$)`)
	m := re.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// checkLostTotals checks that line gives every seat its total loss of
// the deal dr, in whole points, as the analysis has it.
func checkLostTotals(t *testing.T, where, line string, seats []tableSeat, dr *analysis.DealReport) {
	t.Helper()
	for o, seat := range seats {
		want := fmt.Sprintf("%.0f", dr.Players[o].Lost)
		if got, ok := lostTotal(line, seat.Name); !ok || got != want {
			t.Errorf("%s: %s lost %s in %q, want the analysis' %s", where, seat.Name, got, line, want)
		}
	}
}

// TestReplay34LostLineTotals: every way the deal's end can sum up the
// points lost in one line gives each seat the analysis' own total for
// the deal (its good decisions' small losses too), at every analysed
// deal of every table log in testdata; and the line the window shows
// is one of them, unclipped, at the table's smallest window.
func TestReplay34LostLineTotals(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(replayGames, "tables", "*.klob"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	checked, differ := 0, 0
	for _, file := range files {
		r := readReplayLog(t, file)
		base := filepath.Base(file)
		w, h := kit.TableMinSize(r.Players())
		hs, s := analysedReplay34(t, r, base, w, h)
		ctx := &hs.app.ctx
		for deal := range s.tp.deals {
			dr := s.dealReport(deal)
			if dr == nil || !dr.Analysed {
				continue
			}
			s.deal, s.n = deal, s.tp.deals[deal].steps
			sc, _ := s.scene(ctx)
			lost := lostOf(dr)
			where := fmt.Sprintf("%s deal %d", base, deal+1)
			forms := lostLines(ctx, sc, dr, &lost)
			for _, l := range forms {
				checkLostTotals(t, where, ansi.Strip(l), s.tp.seats[:r.Players()], dr)
			}
			_, line := s.lostByGrade(ctx, sc, w)
			line = ansi.Strip(line)
			if !slices.ContainsFunc(forms, func(f string) bool { return ansi.Strip(f) == line }) {
				t.Errorf("%s: the line at %d columns, %q, is clipped", where, w, line)
			}
			checked++
			// The marked grades alone would not add up to the total.
			for o := range r.Players() {
				sum := 0.0
				for _, g := range []analysis.Grade{analysis.Blunder, analysis.Mistake, analysis.Inaccuracy} {
					sum += lost[o][g]
				}
				if fmt.Sprintf("%.0f", sum) != fmt.Sprintf("%.0f", dr.Players[o].Lost) {
					differ++
				}
			}
		}
	}
	if checked == 0 || differ == 0 {
		t.Errorf("%d deals checked, %d seats whose marked losses differ from their total: the test shows nothing", checked, differ)
	}
}

// analysedReplay34 opens the table replay of r at w×h and turns its
// analysis on, which must finish.
func analysedReplay34(t *testing.T, r *gamelog.Replay, base string, w, h int) (*harness, *replay34) {
	t.Helper()
	hs := newReplayHarness(t, r, base, ReplayConfig{}, w, h)
	s := hs.replay34()
	require.NotNil(t, s, base)
	hs.press("a")
	require.Equal(t, analysisDone, s.state, base)
	return hs, s
}
