package analysis

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// dealResult is "made by Ann in hearts, scored Ann 90 Bot 54" or
// "thrown in".
func dealResult(d *gamelog.ReplayDeal, name func(rules.Seat) string) string {
	sc := d.Score
	switch {
	case !d.Done:
		return "unfinished"
	case sc.Outcome == rules.Abandoned:
		return "thrown in"
	}
	return fmt.Sprintf("%s by %s in %s, scored %s %d, %s %d", sc.Outcome, name(sc.Maker), sc.Trump.Name(),
		name(rules.SeatA), sc.Scored[0], name(rules.SeatB), sc.Scored[1])
}

// actionText writes an action for the report: a card with its suit
// symbol (letters with ascii), "K♥ with bella", or the words said.
func actionText(a rules.Action, ascii bool) string {
	if a.Kind == rules.PlayCard {
		s := a.Card.Pretty(ascii)
		if a.Bella {
			s += " with bella"
		}
		return s
	}
	if a.Kind == rules.Name {
		return a.Suit.Name()
	}
	return a.Words()
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

// summaryLine is "9 graded, 3 forced, 1.2 points lost: 1 blunder".
func summaryLine(s *Summary) string {
	line := fmt.Sprintf("%d graded, %d forced, %.1f points lost", s.Graded, s.Forced, s.Lost)
	if s.Graded > 0 {
		line += fmt.Sprintf(" (%.2f a decision)", s.Lost/float64(s.Graded))
	}
	var bad []string
	for g := Blunder; g >= Inaccuracy; g-- {
		if n := s.Counts[g]; n > 0 {
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
	if len(bad) > 0 {
		line += ": " + strings.Join(bad, ", ")
	}
	return line
}

// WriteText writes rep, the analysis of r (read from the file name), as
// text: per deal and per player the decisions graded, the expected
// points lost and the biggest mistakes with what would have been better.
// Players are named as the log names them; cards have their suit
// symbols, or letters with ascii.
func WriteText(w io.Writer, name string, r *gamelog.Replay, rep *Report, ascii bool) {
	if r.Players() > 2 {
		writeTableText(w, name, r, rep, ascii)
		return
	}
	h := &r.Header
	who := func(s rules.Seat) string { return h.PlayerName(s) }
	if who(rules.SeatA) == who(rules.SeatB) {
		who = func(s rules.Seat) string { return h.PlayerName(s) + " (" + s.String() + ")" }
	}
	fmt.Fprintf(w, "%s: %s vs %s\n", name, h.PlayerLabel(rules.SeatA), h.PlayerLabel(rules.SeatB))
	if rep.Samples > 0 {
		fmt.Fprintf(w, "%d samples a decision, seed %d.\n", rep.Samples, rep.Seed)
	} else {
		fmt.Fprintf(w, "Samples a decision: bids %d, dix and dialogue %d, cards %d; seed %d.\n",
			BidSamples, PrepSamples, PlaySamples, rep.Seed)
	}
	fmt.Fprintln(w, "Points lost: the expected score difference (own points minus the opponent's) given up against the best action.")
	for _, l := range Legend() {
		fmt.Fprintln(w, l)
	}
	width := max(len(who(rules.SeatA)), len(who(rules.SeatB)))
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		fmt.Fprintf(w, "\ndeal %d, %s deals: %s\n", dr.No, who(dr.Dealer), dealResult(&r.Deals[i], who))
		for s := rules.SeatA; s <= rules.SeatB; s++ {
			fmt.Fprintf(w, "  %-*s  %s\n", width, who(s), summaryLine(&dr.Players[s]))
			writeMistakes(w, &dr.Players[s], false, ascii)
		}
	}
	fmt.Fprintf(w, "\ngame: ")
	if r.Over {
		fmt.Fprintf(w, "%s wins %d to %d\n", who(rules.Seat(r.Winner)), r.Totals[r.Winner], r.Totals[1-r.Winner])
	} else {
		fmt.Fprintf(w, "unfinished, %s %d, %s %d\n", who(rules.SeatA), r.Totals[0], who(rules.SeatB), r.Totals[1])
	}
	for s := rules.SeatA; s <= rules.SeatB; s++ {
		fmt.Fprintf(w, "  %-*s  %s\n", width, who(s), summaryLine(&rep.Players[s]))
		writeMistakes(w, &rep.Players[s], true, ascii)
	}
}

// JSONReport is the report WriteJSON writes: the same content as the
// text, one object.
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
		Seat  string `json:"seat"`
		Name  string `json:"name"`
		Level string `json:"level"`
	}
	jsonSamples struct {
		Bids     int `json:"bids"`
		Dialogue int `json:"dix_and_dialogue"`
		Cards    int `json:"cards"`
	}
	jsonDeal struct {
		Deal    int                    `json:"deal"`
		Dealer  string                 `json:"dealer"`
		Result  string                 `json:"result"`
		Players map[string]jsonSummary `json:"players"`
	}
	jsonGame struct {
		Over    bool                   `json:"over"`
		Winner  string                 `json:"winner,omitempty"`
		Totals  map[string]int         `json:"totals"`
		Players map[string]jsonSummary `json:"players"`
	}
	jsonSummary struct {
		Graded   int            `json:"graded"`
		Forced   int            `json:"forced"`
		Lost     float64        `json:"points_lost"`
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
		Better  string  `json:"better"`
		Samples int     `json:"samples"`
	}
)

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func summaryJSON(s *Summary) jsonSummary {
	js := jsonSummary{Graded: s.Graded, Forced: s.Forced, Lost: round2(s.Lost), Grades: map[string]int{}, Mistakes: []jsonDecision{}}
	for g := Good; g <= Blunder; g++ {
		js.Grades[g.String()] = s.Counts[g]
	}
	for i := range s.Mistakes {
		m := &s.Mistakes[i]
		js.Mistakes = append(js.Mistakes, jsonDecision{Deal: m.Deal, Step: m.Step, Trick: m.Trick, Phase: m.Phase.String(),
			Seat: m.Seat.String(), Action: m.Action.String(), Grade: m.Grade.String(), Loss: round2(m.Loss),
			Better: m.Best.String(), Samples: m.Samples})
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
	if r.Players() > 2 {
		return tableJSON(name, r, rep)
	}
	h := &r.Header
	out := JSONReport{File: name, Seed: rep.Seed, Deals: []jsonDeal{}}
	for s := rules.SeatA; s <= rules.SeatB; s++ {
		out.Players = append(out.Players, jsonPlayer{Seat: s.String(), Name: h.Players[s], Level: h.Levels[s]})
	}
	out.Samples = jsonSamples{BidSamples, PrepSamples, PlaySamples}
	if rep.Samples > 0 {
		out.Samples = jsonSamples{rep.Samples, rep.Samples, rep.Samples}
	}
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		out.Deals = append(out.Deals, jsonDeal{Deal: dr.No, Dealer: dr.Dealer.String(), Result: dealResult(&r.Deals[i], rules.Seat.String),
			Players: map[string]jsonSummary{"A": summaryJSON(&dr.Players[0]), "B": summaryJSON(&dr.Players[1])}})
	}
	out.Game = jsonGame{Over: r.Over, Totals: map[string]int{"A": r.Totals[0], "B": r.Totals[1]},
		Players: map[string]jsonSummary{"A": summaryJSON(&rep.Players[0]), "B": summaryJSON(&rep.Players[1])}}
	if r.Over {
		out.Game.Winner = rules.Seat(r.Winner).String()
	}
	return out
}

// writeMistakes lists the mistakes of one player's summary, a line each,
// with the deal each was in when withDeal (the game's summary).
func writeMistakes(w io.Writer, s *Summary, withDeal, ascii bool) {
	for i := range s.Mistakes {
		m := &s.Mistakes[i]
		fmt.Fprintf(w, "       %s: %s, %s %s, loses %.1f; better %s\n", where(m, withDeal),
			actionText(m.Action, ascii), m.Grade, m.Grade.Mark(), m.Loss, actionText(m.Best, ascii))
	}
}
