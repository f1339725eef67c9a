package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The replay of a game of three or four steps through its deals as the
// two-handed replay does (by action, by trick, by deal), drawn by the
// table of three and four (table34.go) from one seat's view: every hand
// open, or one seat's view alone (o cycles: all open from the bottom
// seat, then each seat's own view in turn). The analysis (key a) is the
// two-handed replay's (replay_analysis.go): it runs in a tea.Cmd, and
// once done the step line grades the decision just taken there and the
// line below sums up the points each seat lost, this deal and over the
// game; the talk marks each graded decision it shows (?! ? ??, as the
// two-handed replay marks its moves), a card play graded a mistake on a
// line of its own ("Random B: 10♥ ?"), and each deal's end gives the
// points each seat lost there by grade. A game in progress is sealed as in the two-handed replay: its
// person's view only, and no analysis, until it is over.

// tape is a recorded game of three or four, as the replay reads it.
type tape struct {
	players int
	seats   [4]tableSeat
	home    rules.Seat // the seat drawn at the bottom at first: the person's, or A
	deals   []tapeDeal
	// sealed: the game is not over and has one person in it, who sees
	// only its own seat's view until it is (as in the two-handed replay).
	sealed bool
	// log is the game the tape was read from, for the analysis; nil for
	// a tape made otherwise (tests).
	log *gamelog.Replay
}

// tapeDeal is one deal of a tape: the deal after its first n steps, and
// the game around it.
type tapeDeal struct {
	no    int
	steps int
	at    func(n int) rules.Deal
	// pad is the finished deals before this one; before and after the
	// game totals by side.
	pad           []rules.Score
	before, after [4]int
	done          bool
}

// replay34 is the viewer of a tape.
type replay34 struct {
	tp     *tape
	name   string
	keys   replayKeys
	back   kit.Screen
	deal   int
	n      int
	open   bool       // every hand face up
	bottom rules.Seat // the seat at the bottom (the one seen alone)
	note   string
	// analyse starts the analysis on Enter (klob replay -analyse).
	analyse bool
	replayAnalysis
}

func newReplay34(tp *tape, name string, cfg ReplayConfig, back kit.Screen) *replay34 {
	return &replay34{tp: tp, name: name, keys: defaultReplayKeys(), back: back, open: !tp.sealed, bottom: tp.home,
		analyse: cfg.Analyse && !tp.sealed && tp.log != nil, replayAnalysis: newReplayAnalysis(tp.log, cfg)}
}

func (s *replay34) Name() string { return "replay" }

func (s *replay34) MinSize() (int, int) { return kit.TableMinSize(s.tp.players) }

func (s *replay34) QuitQuestion() string { return "The log is left as it was." }

// Enter starts the analysis when asked for from the start.
func (s *replay34) Enter(ctx *kit.Context) tea.Cmd {
	if s.analyse && s.state == analysisNone {
		s.on = true
		return s.startAnalysis()
	}
	return nil
}

// table is the deal at the position.
func (s *replay34) table() rules.Deal {
	d := &s.tp.deals[s.deal]
	return d.at(s.n)
}

// atBound reports whether (deal, n) is a place stepping by trick stops
// at: as dealt, the first lead, after each trick, the end.
func (s *replay34) atBound(n int) bool {
	d := &s.tp.deals[s.deal]
	if n == 0 || n == d.steps {
		return true
	}
	t := d.at(n)
	tr, _ := t.Trick()
	return t.Phase() == rules.PhasePlay && len(tr) == 0
}

func (s *replay34) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if cmd, ok := s.analysisMsg(msg); ok {
		return s, cmd
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok || len(s.tp.deals) == 0 {
		if ok && kit.IsKey(km, s.keys.Back) && s.back != nil {
			s.stopAnalysis()
			return s.back, nil
		}
		return s, nil
	}
	k := &s.keys
	d := &s.tp.deals[s.deal]
	s.note = ""
	switch {
	case kit.IsKey(km, k.Next):
		s.step(1)
	case kit.IsKey(km, k.Prev):
		s.step(-1)
	case kit.IsKey(km, k.NextTrick):
		s.step(1)
		for s.n < d.steps && !s.atBound(s.n) {
			s.n++
		}
	case kit.IsKey(km, k.PrevTrick):
		s.step(-1)
		for s.n > 0 && !s.atBound(s.n) {
			s.n--
		}
	case kit.IsKey(km, k.NextDeal):
		if s.deal+1 < len(s.tp.deals) {
			s.deal, s.n = s.deal+1, 0
		} else {
			s.n = d.steps
		}
	case kit.IsKey(km, k.PrevDeal):
		if s.n == 0 && s.deal > 0 {
			s.deal--
		}
		s.n = 0
	case kit.IsKey(km, k.First):
		s.deal, s.n = 0, 0
	case kit.IsKey(km, k.Last):
		s.deal = len(s.tp.deals) - 1
		s.n = s.tp.deals[s.deal].steps
	case s.tp.sealed && (kit.IsKey(km, k.Hands) || kit.IsKey(km, k.Analysis)):
		s.note = sealedNote
	case kit.IsKey(km, k.Hands):
		s.cycleHands()
	case kit.IsKey(km, k.Analysis) && s.log == nil:
		s.note = "This replay has no log to analyse."
	case kit.IsKey(km, k.Analysis):
		return s, s.toggleAnalysis()
	case kit.IsKey(km, k.Back) && s.back != nil:
		s.stopAnalysis()
		return s.back, nil
	}
	return s, nil
}

// step moves one action, across deals.
func (s *replay34) step(dir int) {
	d := &s.tp.deals[s.deal]
	switch {
	case dir > 0 && s.n < d.steps:
		s.n++
	case dir > 0 && s.deal+1 < len(s.tp.deals):
		s.deal, s.n = s.deal+1, 0
	case dir < 0 && s.n > 0:
		s.n--
	case dir < 0 && s.deal > 0:
		s.deal--
		s.n = s.tp.deals[s.deal].steps
	}
}

// cycleHands goes all open → the home seat's view → the next seat's →
// ... → all open.
func (s *replay34) cycleHands() {
	switch {
	case s.open:
		s.open, s.bottom = false, s.tp.home
	default:
		next := rules.Seat((int(s.bottom) + 1) % s.tp.players)
		if next == s.tp.home {
			s.open = true
		}
		s.bottom = next
	}
}

// KeyHelp is the viewer's keys as help: the short help is the hints
// line (fitHints shortens it to the window), the full help every key.
func (s *replay34) KeyHelp(k *kit.KeyMap) help.KeyMap {
	rk := &s.keys
	short := []key.Binding{kit.Brief("step", rk.Next, rk.Prev), kit.Brief("trick", rk.NextTrick, rk.PrevTrick),
		kit.Brief("deal", rk.NextDeal, rk.PrevDeal), kit.Brief("hands", rk.Hands), kit.Brief("analysis", rk.Analysis)}
	full := []key.Binding{rk.Next, rk.Prev, rk.NextTrick, rk.PrevTrick, rk.NextDeal, rk.PrevDeal, rk.First, rk.Last, rk.Hands, rk.Analysis}
	if s.back != nil {
		short = append(short, kit.Brief("list", rk.Back))
		full = append(full, rk.Back)
	}
	short = append(short, kit.Brief("help", k.Help), kit.Brief("quit", k.Quit))
	full = append(full, k.Help, k.Quit)
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full}}
}

// View draws the table at the position.
func (s *replay34) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	if len(s.tp.deals) == 0 {
		return kit.JoinLines(append(kit.Titled(ctx, "Replay · "+s.name), "", " This log has no deal yet: there is nothing to replay."))
	}
	d := &s.tp.deals[s.deal]
	sc, t := s.scene(ctx)
	// The bottom seat is named as such, not "You", when it is not the
	// person's.
	who := "every hand open"
	if !s.open {
		who = sc.name(s.bottom) + "'s view"
	}
	pos := fmt.Sprintf(" Replay · deal %d of %d · step %d of %d · %s · %s", d.no, len(s.tp.deals), s.n, d.steps, who, s.name)
	step := s.stepLine(ctx, sc, &t)
	if s.note != "" {
		step = " " + st.Dim.Render(s.note)
	}
	bottom := []string{st.Rule.Render(kit.Repeat(ctx.Paint.Glyphs.HRule, w)), kit.Clip(pos, w), kit.Clip(step, w),
		kit.Clip(s.analysisLine(ctx, sc, w), w), " " + st.Dim.Render(kit.Clip(fitHints(s.KeyHelp(&ctx.Keys).ShortHelp(), w-1), w-1))}
	if t.Phase() == rules.PhaseOver {
		sc.Totals = d.after
		lines := []string{tableHeader34(ctx, sc, w), st.Rule.Render(kit.Repeat(ctx.Paint.Glyphs.HRule, w)),
			" " + st.Heading.Render(fmt.Sprintf("Deal %d is over", d.no)), ""}
		lines = append(lines, resultLines34(ctx, sc, t.Score(), w)...)
		// With the analysis, the points each seat lost this deal by
		// grade, below the score; in one line when the rows are short
		// (a bete of three at 80×24 has none to spare), left out when
		// even that does not fit: the analysis line still sums it up.
		if rows, line := s.lostByGrade(ctx, sc, w); rows != nil {
			room := h - len(bottom)
			all := dropBlanks(append(append(lines[:len(lines):len(lines)], ""), rows...), room)
			if len(all) > room {
				all = dropBlanks(append(lines[:len(lines):len(lines)], line), room)
			}
			if len(all) <= room {
				lines = all
			}
		}
		lines = dropBlanks(lines, h-len(bottom))
		for len(lines) < h-len(bottom) {
			lines = append(lines, "")
		}
		return kit.JoinLines(append(lines[:max(0, h-len(bottom))], bottom...))
	}
	out, _ := renderTable34(ctx, sc, w, h, bottom, 0, kit.ViewHand(&sc.V, kit.ByStrength), 0, false)
	return out
}

// scene is the table at the position as the viewer draws it: the view
// from the bottom seat, the hands shown open, the talk marked.
func (s *replay34) scene(ctx *kit.Context) (*tableScene, rules.Deal) {
	d := &s.tp.deals[s.deal]
	t := s.table()
	sc := &tableScene{V: t.View(s.bottom), Me: s.bottom, Seats: s.tp.seats, DealNo: d.no, Pad: d.pad, Totals: d.before, Watching: true}
	// The talk carries each graded decision's mark, as the two-handed
	// replay's moves do; a chance step (a shlomo draw) is nobody's
	// decision.
	steps := t.Steps()
	sc.Mark = func(i int) string {
		if i < 0 || i >= len(steps) || steps[i].Seat == rules.ChanceSeat {
			return ""
		}
		// A space before the mark: a line may end in its own question
		// mark ("how high?").
		if m := s.markOf(ctx, s.deal, i); m != "" {
			return " " + m
		}
		return ""
	}
	if s.open {
		for o := range s.tp.players {
			if rules.Seat(o) != s.bottom {
				sc.Open[o] = t.Hand(rules.Seat(o))
			}
		}
	}
	return sc, t
}

// lostByGrade is the end of a deal's points lost by grade, once the
// deal is analysed: rows, a heading and one row per seat (partners
// next to each other at four, as on the analysis line), with the points
// lost by blunders (??), mistakes (?), inaccuracies (?!), the smaller
// losses of good decisions, and all; line is the same in one line, in
// whole points, for a window without the rows: the widest of lostLines
// that fits in w (each seat's total in every one). The marks are the talk's:
// the grade is text, never colour alone. rows is nil without analysis.
func (s *replay34) lostByGrade(ctx *kit.Context, sc *tableScene, w int) (rows []string, line string) {
	dr := s.dealReport(s.deal)
	if dr == nil || !dr.Analysed || s.tp.sealed {
		return nil, ""
	}
	st := &ctx.Styles
	grades := []analysis.Grade{analysis.Blunder, analysis.Mistake, analysis.Inaccuracy, analysis.Good}
	lost := lostOf(dr)
	n, sides := sc.players(), sc.sides()
	var seats []rules.Seat
	for _, side := range sc.sideOrder() {
		for o := side; o < n; o += sides {
			seats = append(seats, rules.Seat(o))
		}
	}
	nameW := 0
	for _, o := range seats {
		nameW = max(nameW, kit.WidthOf(sc.name(o)))
	}
	nameW = min(max(nameW, 8), max(8, w-2-7*(len(grades)+1)))
	cell := func(x float64) string {
		if x == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f", x)
	}
	head := fmt.Sprintf(" %-*s", nameW, "Lost")
	for _, g := range grades {
		label := g.Mark()
		if label == "" {
			label = g.String()
		}
		head += fmt.Sprintf("%7s", label)
	}
	rows = []string{st.Heading.Render(kit.Clip(head+fmt.Sprintf("%7s", "all"), w))}
	for _, o := range seats {
		row := " " + kit.Fit(sc.name(o), nameW)
		sum := 0.0
		for _, g := range grades {
			row += fmt.Sprintf("%7s", cell(lost[o][g]))
			sum += lost[o][g]
		}
		rows = append(rows, kit.Clip(row+fmt.Sprintf("%7s", cell(sum)), w))
	}
	lines := lostLines(ctx, sc, dr, &lost)
	line = lines[len(lines)-1]
	for _, l := range lines {
		if kit.WidthOf(l) <= w {
			line = l
			break
		}
	}
	return rows, kit.Clip(line, w)
}

// lostOf is the points each seat lost in the deal dr by grade.
func lostOf(dr *analysis.DealReport) (lost [4][analysis.Blunder + 1]float64) {
	for i := range dr.Decisions {
		dec := &dr.Decisions[i]
		if dec.Graded() && dec.Seat != rules.ChanceSeat && int(dec.Seat) < len(lost) {
			lost[dec.Seat][dec.Grade] += dec.Loss
		}
	}
	return lost
}

// lostLines are the ways to write the points each seat lost this deal
// in one line, widest first: partners joined by a comma, sides by a
// dot, as on the analysis line. Each gives every seat's whole-point
// total, the analysis' own (DealReport.Players), so the line agrees with
// the rows and the analysis line: the marked grades then "all" ("Lost
// by grade: Random A ??51 ?33 all 93"); the total and the worst mark
// of the seat's decisions ("Lost (worst grade): Random A 93 ??"); the
// total alone. The marked grades alone would leave out the small losses
// of good decisions, and their rounded figures need not add up.
func lostLines(ctx *kit.Context, sc *tableScene, dr *analysis.DealReport, lost *[4][analysis.Blunder + 1]float64) []string {
	st := &ctx.Styles
	n, sides := sc.players(), sc.sides()
	marked := []analysis.Grade{analysis.Blunder, analysis.Mistake, analysis.Inaccuracy}
	forms := []struct {
		head string
		seat func(o rules.Seat) string
	}{
		{"Lost by grade:", func(o rules.Seat) string {
			var short []string
			for _, g := range marked {
				if lost[o][g] > 0 {
					short = append(short, fmt.Sprintf("%s%.0f", g.Mark(), lost[o][g]))
				}
			}
			return strings.Join(append(short, fmt.Sprintf("all %.0f", dr.Players[o].Lost)), " ")
		}},
		{"Lost (worst grade):", func(o rules.Seat) string {
			x := fmt.Sprintf("%.0f", dr.Players[o].Lost)
			for _, g := range marked {
				if lost[o][g] > 0 {
					return x + " " + g.Mark()
				}
			}
			return x
		}},
		{"Lost:", func(o rules.Seat) string { return fmt.Sprintf("%.0f", dr.Players[o].Lost) }},
	}
	var out []string
	for _, f := range forms {
		var parts []string
		for _, side := range sc.sideOrder() {
			var team []string
			for o := side; o < n; o += sides {
				team = append(team, sc.name(rules.Seat(o))+" "+f.seat(rules.Seat(o)))
			}
			parts = append(parts, strings.Join(team, ", "))
		}
		out = append(out, " "+st.Heading.Render(f.head)+" "+strings.Join(parts, " · "))
	}
	return out
}

// dropBlanks takes out blank lines, from the top, until lines fit in
// room (a bete's breakdown of three, at 80×24, has no row to spare).
func dropBlanks(lines []string, room int) []string {
	out := lines
	for i := 0; len(out) > room && i < len(out); {
		if strings.TrimSpace(out[i]) == "" {
			out = append(out[:i:i], out[i+1:]...)
			continue
		}
		i++
	}
	return out
}

// stepLine says what the last step was: who did what, and with the
// analysis on, its grade.
func (s *replay34) stepLine(ctx *kit.Context, sc *tableScene, t *rules.Deal) string {
	steps := t.Steps()
	if len(steps) == 0 {
		return " As dealt: " + sc.does(t.Dealer(), "deal")
	}
	st := steps[len(steps)-1]
	a := st.Action
	who := sc.name(st.Seat)
	if st.Seat == rules.ChanceSeat {
		who = "Chance"
	}
	line := " " + who + ": " + actionWords34(ctx, a)
	if a.Kind == rules.PlayCard {
		line = " " + who + " played " + actionWords34(ctx, a)
	}
	// A chance step (a shlomo draw) is nobody's decision.
	dec := s.decision(s.deal, len(steps)-1)
	if dec == nil || st.Seat == rules.ChanceSeat {
		return line
	}
	// The better action of a hidden hand would show its cards.
	better := ""
	if s.open || st.Seat == s.bottom {
		better = actionWords34(ctx, dec.Best)
	}
	return line + gradeNote(ctx, dec, better)
}

// actionWords34 writes an action at the table for a person: "J♥",
// "hearts", "no trumps", "how high?".
func actionWords34(ctx *kit.Context, a rules.Action) string {
	switch a.Kind {
	case rules.PlayCard:
		return ctx.Paint.StyledCard(a.Card)
	case rules.Name:
		return a.Suit.Name()
	}
	return a.Words()
}

// analysisLine says how the analysis stands, and once it is done the
// points each seat lost this deal and over the game ("deal/game"),
// partners side by side with four; when that is too wide, in whole
// points, then by side.
func (s *replay34) analysisLine(ctx *kit.Context, sc *tableScene, w int) string {
	st := &ctx.Styles
	if line, ok := s.statusLine(ctx, s.tp.sealed); ok {
		return line
	}
	dr := s.dealReport(s.deal)
	if dr == nil || !dr.Analysed {
		return " " + st.Dim.Render("Deal not analysed.")
	}
	game := &s.report.Players
	head := " " + st.Heading.Render("Points lost, deal/game:") + " "
	n, sides := sc.players(), sc.sides()
	line := ""
	for _, f := range []struct {
		num    string
		bySide bool
	}{{"%.1f/%.1f", false}, {"%.0f/%.0f", false}, {"%.0f/%.0f", true}} {
		lost := func(seats ...rules.Seat) string {
			d, g := 0.0, 0.0
			for _, o := range seats {
				d, g = d+dr.Players[o].Lost, g+game[o].Lost
			}
			return fmt.Sprintf(f.num, d, g)
		}
		var parts []string
		for _, side := range sc.sideOrder() {
			var seats, names []string
			var team []rules.Seat
			for o := side; o < n; o += sides {
				team = append(team, rules.Seat(o))
				seats = append(seats, sc.name(rules.Seat(o))+" "+lost(rules.Seat(o)))
				names = append(names, sc.name(rules.Seat(o)))
			}
			part := strings.Join(seats, ", ")
			if f.bySide {
				part = strings.Join(names, " & ") + " " + lost(team...)
			}
			parts = append(parts, part)
		}
		if line = head + strings.Join(parts, " · "); kit.WidthOf(line) <= w {
			break
		}
	}
	return line
}
