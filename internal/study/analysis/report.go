package analysis

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
)

// The text and JSON reports, one shape for every seat count: a title
// with the sides, how the grades were made, then per deal its result and
// a line per graded seat with its biggest mistakes, and the game.

// dealResult is "made by Ann in hearts; scores: Ann 90, Bot 54", "thrown
// in" or "unfinished", with the sides named by nm; a deal ended by a
// claim says so after the scores.
func dealResult(d *gamelog.ReplayDeal, nm *names) string {
	sc := &d.Score
	switch {
	case !d.Done:
		return "unfinished"
	case d.Ending.ThrownIn() || sc.ThrownIn():
		return "thrown in"
	}
	out := fmt.Sprintf("%s by %s in %s; scores: %s", sc.Outcome.Word(), nm.seat[sc.Maker].text, sc.Trump.Name(), sideFigures(nm, sc.Scored))
	if c := d.Claim; c != nil {
		how := "played out, not graded"
		if !c.PlayedOut {
			how = "played by hand"
		}
		out += fmt.Sprintf("; ended by a claim: %s claimed the rest (%s)", nm.seat[c.Seat].text, how)
	}
	return out
}

// sideFigures is "Ann 90, Bot 54": each side's figure.
func sideFigures(nm *names, fig [4]int) string {
	var parts []string
	for x := range nm.sides() {
		parts = append(parts, fmt.Sprintf("%s %d", nm.side[x].text, fig[x]))
	}
	return strings.Join(parts, ", ")
}

// gameResult is "Ann wins; Ann 510, Bot 480", "you win; ...",
// "unfinished; ..." or, for a game filed in the history as abandoned
// (as its list calls it), "abandoned; ...".
func gameResult(r *gamelog.Replay, nm *names) string {
	switch {
	case r.Over && r.Winner >= 0 && r.Winner < nm.sides():
		return nm.side[r.Winner].verb("wins", "win") + "; " + sideFigures(nm, r.Totals)
	case r.Header.Abandoned():
		return "abandoned; " + sideFigures(nm, r.Totals)
	}
	return "unfinished; " + sideFigures(nm, r.Totals)
}

// where names a decision: "deal 3 step 8 (trick 1)".
func where(d *Decision, withDeal bool) string {
	s := fmt.Sprintf("step %d", d.Step)
	if withDeal {
		s = fmt.Sprintf("deal %d %s", d.Deal, s)
	}
	if d.Trick > 0 {
		return fmt.Sprintf("%s (trick %d)", s, d.Trick)
	}
	return fmt.Sprintf("%s (%s)", s, d.Phase)
}

// summaryLine is "9 graded, 3 forced, 1.2 points lost: 1 blunder": the
// decisions, what they lost and their grades. A decision counts on the
// scale it was graded by, points or near the end the chance to win, and
// the chance lost is said per decision, as WinHead words it and the
// replay says it ("chance to win lost per decision 79.0% over the 2
// decisions graded by it"): a sum over many decisions could pass a
// whole game. Where one scale graded every decision its figure stands
// alone, the grades after it; the chance still says over how many.
// Where both graded, each scale has its own clause, lost or not
// ("chance to win lost per decision 0.0%"), with the grades it gave, so
// that every line, of a deal or of the game, states each scale that
// graded its decisions; no points are said beside a loss in the chance
// alone (a "no points lost" beside a blunder that threw a ten under an
// ace would be false). Points have one decimal throughout, and the
// points a decision are said only over two decisions or more and a
// loss: over one, or of nothing, they would repeat the total.
func summaryLine(s *Summary) string {
	head := fmt.Sprintf("%d graded, %d forced", s.Graded, s.Forced)
	var parts []string
	if s.ByBot > 0 {
		parts = append(parts, fmt.Sprintf("%d made by a bot in the seat, not graded", s.ByBot))
	}
	byWin := s.ByChance()
	var onPoints [NumGrades]int
	for g := range onPoints {
		onPoints[g] = s.Counts[g] - s.WinCounts[g]
	}
	points := func(over string) string {
		line := fmt.Sprintf("%.1f points lost%s", s.Lost, over)
		if s.ByPoints > 1 && s.Lost > 0 {
			line += fmt.Sprintf(" (%.1f a decision)", s.Lost/float64(s.ByPoints))
		}
		return line + gradeList(&onPoints)
	}
	win := func(over string) string {
		return WinHead + " " + drill.PercentOne(s.WinPerDecision()) + " over " + over + gradeList(&s.WinCounts)
	}
	switch {
	case byWin == 0:
		parts = append(parts, points(""))
	case s.ByPoints == 0:
		parts = append(parts, win(decisionCount(byWin)+" graded by it"))
	default:
		parts = append(parts, points(" by "+decisionCount(s.ByPoints)+" graded by points"),
			win(decisionCount(byWin)+" graded by it"))
	}
	// One clause follows the counts after a comma; more, each with its
	// own grades, are told apart by semicolons.
	if len(parts) == 1 {
		return head + ", " + parts[0]
	}
	return head + "; " + strings.Join(parts, "; ")
}

// WinHead heads the chance to win lost, said per decision
// (Summary.WinPerDecision), in the report and the replay alike.
const WinHead = "chance to win lost per decision"

// decisionCount is "the one decision", "the 6 decisions".
func decisionCount(n int) string {
	if n == 1 {
		return "the one decision"
	}
	return fmt.Sprintf("the %d decisions", n)
}

// gradeList is ": 1 blunder, 2 inaccuracies", the wrong grades counted
// in counts (indexed by Grade), worst first; "" when there are none.
func gradeList(counts *[NumGrades]int) string {
	var bad []string
	for g := Blunder; g >= Inaccuracy; g-- {
		if n := counts[g]; n > 0 {
			name := g.String()
			if n > 1 {
				name += "s"
				if g == Inaccuracy {
					name = "inaccuracies"
				}
			}
			bad = append(bad, fmt.Sprintf("%d %s", n, name))
		}
	}
	if len(bad) == 0 {
		return ""
	}
	return ": " + strings.Join(bad, ", ")
}

// samplesLine says how many samples a decision had.
func samplesLine(rep *Report) string {
	if rep.Samples > 0 {
		samples := "samples"
		if rep.Samples == 1 {
			samples = "sample"
		}
		return fmt.Sprintf("%d %s a decision, seed %d.", rep.Samples, samples, rep.Seed)
	}
	return "Samples a decision: " + SamplesByPhase(&rep.Header.Options) + "; seed " + fmt.Sprint(rep.Seed) + "."
}

// SamplesByPhase words the samples a decision by phase, as the help of
// klob analyze and its report say them: "bids 300; the dix and the
// dialogue 200; cards 200". With o, the decisions its rules play (the
// dix, declarations where shlomo or cleopatra is played); with nil, the
// rule at every table, the help's.
func SamplesByPhase(o *rules.Options) string {
	prep := "declarations, the dix and the dialogue, where played,"
	if o != nil {
		var words []string
		if o.HasShlomo() || o.HasCleopatra() {
			words = append(words, "declarations")
		}
		if o.HasDix() {
			words = append(words, "the dix")
		}
		prep = drill.JoinWords(append(words, "the dialogue"), "and")
	}
	return fmt.Sprintf("bids %d; %s %d; cards %d", BidSamples, prep, PrepSamples, PlaySamples)
}

// lossLine says what a point lost is a point of at this seat count, in
// one sentence for every count: the deciding side's points (a team's
// with four) minus the other side's, or the mean of the others' when
// there are more (three), as eval scores a decision.
func lossLine(players int) string {
	own, others := "own points", "the opponent's"
	if rules.PlaysInTeams(players) {
		own, others = "the team's points", "the other team's"
	}
	if n := rules.SidesAt(players) - 1; n > 1 {
		others = fmt.Sprintf("the mean of the %s others'", countWord(n))
	}
	return fmt.Sprintf("Points lost: the expected score difference (%s minus %s) given up against the best action.", own, others)
}

// countWord is a small count in words, "two", else its figure.
func countWord(n int) string {
	if words := []string{"zero", "one", "two", "three"}; n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// gradedLine says whose decisions were graded.
func gradedLine(rep *Report, nm *names) string {
	return "Graded: " + gradedWho(rep.Graded, nm) + "."
}

// GradedWords says whose decisions an analysis of a game with header h
// grades, graded as GradedSeats gives them, naming the seats as the
// report does: "your decisions", "every player's decisions", "Ann's
// decisions", "the decisions of Ann and Cy". The replay asks it before
// it analyses.
func GradedWords(h *gamelog.Header, graded [4]bool) string {
	nm := namesOf(h)
	return gradedWho(graded, &nm)
}

// gradedWho is GradedWords with the seats named by nm.
func gradedWho(graded [4]bool, nm *names) string {
	var who []string
	all := true
	for s := range nm.players {
		if graded[s] {
			who = append(who, nm.seat[s].text)
		} else {
			all = false
		}
	}
	switch {
	case all:
		return "every player's decisions"
	case len(who) == 1 && who[0] == "you":
		return "your decisions"
	case len(who) == 1:
		// One seat by its name reads as its own: "grade ann's
		// decisions", not "grade the decisions of ann".
		return who[0] + "'s decisions"
	}
	return "the decisions of " + drill.JoinWords(who, "and")
}

// TextWidth is the columns of WriteText's lines: a terminal's 80.
const TextWidth = 80

// WriteText writes rep, the analysis of r (read from the file name), as
// text: per deal and per graded player the decisions graded, the
// expected points lost and the biggest mistakes with what would have
// been better. Players are named as the log names them; cards have
// their suit symbols, or letters with ascii.
func WriteText(w io.Writer, name string, r *gamelog.Replay, rep *Report, ascii bool) error {
	// The text is wrapped with each name's spaces held by nameSpace, so
	// that a name ("Hard C") never breaks over two lines, then written
	// with its spaces back.
	var b strings.Builder
	writeText(&b, name, r, rep, ascii)
	_, err := io.WriteString(w, strings.ReplaceAll(b.String(), nameSpace, " "))
	return err
}

// nameSpace stands for a space inside a name while the text is wrapped:
// a private-use rune, one column wide like the space, that the wrapping
// does not break at.
const nameSpace = "\ue000"

// glued is nm with the spaces inside each name held by nameSpace (a
// side of four breaks only around its "and").
func glued(nm names) names {
	g := func(s string) string { return strings.ReplaceAll(s, " ", nameSpace) }
	for s := range nm.players {
		nm.seat[s].text = g(nm.seat[s].text)
		nm.label[s] = g(nm.label[s])
	}
	nm.nameSides()
	return nm
}

// writeText is WriteText before the names' spaces are put back.
func writeText(w io.Writer, name string, r *gamelog.Replay, rep *Report, ascii bool) {
	nm := glued(namesOf(&r.Header))
	var sides []string
	for x := range nm.sides() {
		var seats []string
		for _, s := range rules.SeatsOfSide(nm.players, x) {
			seats = append(seats, nm.label[s])
		}
		sides = append(sides, strings.Join(seats, " and "))
	}
	// The file's name stands alone: a path is not cut between words.
	fmt.Fprintf(w, "%s:\n", name)
	para := func(s string) { fmt.Fprint(w, textwrap.Hang("", s, TextWidth)) }
	para(strings.Join(sides, " vs "))
	for _, l := range append([]string{samplesLine(rep), gradedLine(rep, &nm), lossLine(nm.players)}, Legend(ascii)...) {
		para(l)
	}
	// With four a seat's row names its partner, as the sides above are
	// named by their players: "you (with North)".
	row := func(s int) string {
		if p := rules.PartnerOf(nm.players, rules.Seat(s)); p != rules.NoSeat {
			return fmt.Sprintf("%s (with %s)", nm.seat[s].text, nm.seat[p].text)
		}
		return nm.seat[s].text
	}
	width := 0
	for s := range nm.players {
		if rep.Graded[s] {
			width = max(width, len([]rune(row(s))))
		}
	}
	rows := func(ss *[4]Summary, withDeal bool) {
		for s := range nm.players {
			if !rep.Graded[s] {
				continue
			}
			label := row(s)
			fmt.Fprint(w, textwrap.Hang("  "+label+strings.Repeat(" ", width-len([]rune(label)))+"  ", summaryLine(&ss[s]), TextWidth))
			// The mistakes line up with the summary they belong to.
			writeMistakes(w, &ss[s], strings.Repeat(" ", 2+width+2), withDeal, ascii)
		}
	}
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		fmt.Fprint(w, "\n", textwrap.Hang("", fmt.Sprintf("deal %d, %s: %s", dr.No, nm.seat[dr.Dealer].verb("deals", "deal"),
			dealResult(&r.Deals[i], &nm)), TextWidth))
		if !dr.Analysed {
			fmt.Fprintln(w, "  not analysed")
			continue
		}
		rows(&dr.Players, false)
	}
	fmt.Fprint(w, "\n", textwrap.Hang("", "game: "+gameResult(r, &nm), TextWidth))
	rows(&rep.Players, true)
}

// writeMistakes lists the mistakes of one player's summary, a line each
// after indent, with the deal each was in when withDeal (the game's
// summary).
func writeMistakes(w io.Writer, s *Summary, indent string, withDeal, ascii bool) {
	for i := range s.Mistakes {
		m := &s.Mistakes[i]
		// The loss and its error are one figure: a line does not break
		// inside "loses 44.4 ± 18.2 pts", nor after "better" or inside
		// the better action, "not good" (WriteText puts the spaces back).
		loss := strings.NewReplacer(" ± ", nameSpace+"±"+nameSpace, " +- ", nameSpace+"+-"+nameSpace, " pts", nameSpace+"pts").Replace(m.LossWords(ascii))
		// The choice and the better one are named as the trainer and
		// the hint name an option (drill.Label): "name clubs", "take".
		fmt.Fprint(w, textwrap.Hang(indent, fmt.Sprintf("%s: %s, %s, loses%s%s; better%s%s", where(m, withDeal),
			drill.Label(m.Action, ascii), m.Word(ascii), nameSpace, loss, nameSpace, strings.ReplaceAll(drill.Label(m.Best, ascii), " ", nameSpace)), TextWidth))
	}
	// The summary line counts every one; the list keeps the biggest of
	// each scale, and says what it leaves out of each: a loss in points
	// is not smaller than one in the chance to win, nor bigger.
	var bad, listed [2]int // by points, by the chance to win
	for g := Inaccuracy; g < NumGrades; g++ {
		bad[0] += s.Counts[g] - s.WinCounts[g]
		bad[1] += s.WinCounts[g]
	}
	for i := range s.Mistakes {
		listed[boolIndex(s.Mistakes[i].ByWin)]++
	}
	var more []string
	for k, unit := range [2]string{" in points", " in the chance to win"} {
		if n := bad[k] - listed[k]; n > 0 {
			if bad[1-k] == 0 {
				unit = "" // one scale graded them all
			}
			more = append(more, fmt.Sprintf("%d smaller%s", n, unit))
		}
	}
	if more != nil && len(s.Mistakes) > 0 {
		fmt.Fprintf(w, "%sand %s, not listed\n", indent, strings.Join(more, " and "))
	}
}

// JSONReport is the report WriteJSON writes: the same content as the
// text, one object. Seats are keyed by letter ("A"), sides by
// rules.SideName ("A", or "AC" and "BD" with four); actions are in the
// log's notation ("play JS").
type (
	JSONReport struct {
		File    string       `json:"file"`
		Players []jsonPlayer `json:"players"`
		Seed    uint64       `json:"seed"`
		// Samples is the samples a decision by phase.
		Samples jsonSamples `json:"samples"`
		Deals   []jsonDeal  `json:"deals"`
		Game    jsonGame    `json:"game"`
	}
	jsonPlayer struct {
		Seat   string `json:"seat"`
		Name   string `json:"name"`
		Level  string `json:"level"`
		Graded bool   `json:"graded"`
	}
	jsonSamples struct {
		Bids     int `json:"bids"`
		Dialogue int `json:"dix_and_dialogue"`
		Cards    int `json:"cards"`
	}
	jsonDeal struct {
		Deal     int    `json:"deal"`
		Dealer   string `json:"dealer"`
		Result   string `json:"result"`
		Analysed bool   `json:"analysed"`
		// Players holds the graded seats' summaries (none when the deal
		// was not analysed).
		Players map[string]jsonSummary `json:"players"`
	}
	jsonGame struct {
		Over    bool                   `json:"over"`
		Winner  string                 `json:"winner,omitempty"`
		Totals  map[string]int         `json:"totals"`
		Players map[string]jsonSummary `json:"players"`
	}
	jsonSummary struct {
		Graded int `json:"graded"`
		// ByPoints counts the graded decisions graded by points, the
		// ones points_lost is shared among.
		ByPoints int            `json:"by_points"`
		Forced   int            `json:"forced"`
		ByBot    int            `json:"by_bot,omitempty"`
		Lost     float64        `json:"points_lost"`
		WinLost  float64        `json:"win_lost,omitempty"`
		Grades   map[string]int `json:"grades"`
		Mistakes []jsonDecision `json:"mistakes"`
	}
	jsonDecision struct {
		Deal    int     `json:"deal"`
		Step    int     `json:"step"`
		Trick   int     `json:"trick,omitempty"`
		Phase   string  `json:"phase"`
		Seat    string  `json:"seat"`
		Action  string  `json:"action"`
		Grade   string  `json:"grade"`
		Loss    float64 `json:"loss"`
		LossErr float64 `json:"loss_err"`
		ByWin   bool    `json:"by_win,omitempty"`
		WinLoss float64 `json:"win_loss,omitempty"`
		WinErr  float64 `json:"win_loss_err,omitempty"`
		Better  string  `json:"better"`
		Samples int     `json:"samples"`
	}
)

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func round4(x float64) float64 { return math.Round(x*10000) / 10000 }

func summaryJSON(s *Summary) jsonSummary {
	js := jsonSummary{Graded: s.Graded, ByPoints: s.ByPoints, Forced: s.Forced, ByBot: s.ByBot, Lost: round2(s.Lost), WinLost: round4(s.WinLost), Grades: map[string]int{}, Mistakes: []jsonDecision{}}
	for g := Good; g <= Blunder; g++ {
		js.Grades[g.String()] = s.Counts[g]
	}
	for i := range s.Mistakes {
		m := &s.Mistakes[i]
		js.Mistakes = append(js.Mistakes, jsonDecision{Deal: m.Deal, Step: m.Step, Trick: m.Trick, Phase: m.Phase.String(),
			Seat: m.Seat.String(), Action: m.Action.String(), Grade: m.Grade.String(), Loss: round2(m.Loss),
			LossErr: round2(m.LossErr), ByWin: m.ByWin, WinLoss: round4(m.WinLoss), WinErr: round4(m.WinLossErr), Better: m.Best.String(), Samples: m.Samples})
	}
	return js
}

// WriteJSON writes rep, the analysis of r (read from the file name), as
// one indented JSON object with the same content as WriteText.
func WriteJSON(w io.Writer, name string, r *gamelog.Replay, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(reportJSON(name, r, rep))
}

func reportJSON(name string, r *gamelog.Replay, rep *Report) JSONReport {
	h := &r.Header
	n := r.Players()
	nm := lettersOf(n)
	out := JSONReport{File: name, Seed: rep.Seed, Deals: []jsonDeal{},
		Samples: jsonSamples{BidSamples, PrepSamples, PlaySamples}}
	if rep.Samples > 0 {
		out.Samples = jsonSamples{rep.Samples, rep.Samples, rep.Samples}
	}
	for s := range rules.Seat(n) {
		out.Players = append(out.Players, jsonPlayer{Seat: s.String(), Name: h.Name(s), Level: h.Level(s), Graded: rep.Graded[s]})
	}
	summaries := func(ss *[4]Summary) map[string]jsonSummary {
		m := map[string]jsonSummary{}
		for s := range rules.Seat(n) {
			if rep.Graded[s] {
				m[s.String()] = summaryJSON(&ss[s])
			}
		}
		return m
	}
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		jd := jsonDeal{Deal: dr.No, Dealer: dr.Dealer.String(), Result: dealResult(&r.Deals[i], &nm),
			Analysed: dr.Analysed, Players: map[string]jsonSummary{}}
		if dr.Analysed {
			jd.Players = summaries(&dr.Players)
		}
		out.Deals = append(out.Deals, jd)
	}
	totals := map[string]int{}
	for x := range nm.sides() {
		totals[nm.side[x].text] = r.Totals[x]
	}
	out.Game = jsonGame{Over: r.Over, Totals: totals, Players: summaries(&rep.Players)}
	if r.Over && r.Winner >= 0 && r.Winner < nm.sides() {
		out.Game.Winner = nm.side[r.Winner].text
	}
	return out
}
