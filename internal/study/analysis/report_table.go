package analysis

import (
	"fmt"
	"io"
	"strings"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// The reports of a table of three or four: the same shape as two
// players', with a line per seat, and with four the seats named with
// their team and the results by team.

// tableNames names the seats of r for the text report (the log's
// names, with the seat letter when two are alike) and the sides: a
// seat's name with three players, "A and C" (the partners' names) with
// four.
type tableNames struct {
	n    int
	seat [4]string
	side [4]string
}

func namesOf(r *gamelog.Replay) tableNames {
	h := &r.Header
	tn := tableNames{n: r.Players()}
	seen := map[string]int{}
	for s := range tn.n {
		seen[h.PlayerName(rules.Seat(s))]++
	}
	for s := range tn.n {
		name := h.PlayerName(rules.Seat(s))
		if seen[name] > 1 {
			name += " (" + rules.Seat(s).String() + ")"
		}
		tn.seat[s] = name
	}
	if tn.n == 4 {
		tn.side[0] = tn.seat[0] + " and " + tn.seat[2]
		tn.side[1] = tn.seat[1] + " and " + tn.seat[3]
	} else {
		copy(tn.side[:], tn.seat[:])
	}
	return tn
}

// sides returns the number of sides: the players, or two teams.
func (tn *tableNames) sides() int {
	if tn.n == 4 {
		return 2
	}
	return tn.n
}

// sideKey is a side's key in the JSON report: the seat letter, or "AC"
// and "BD" for the teams of four.
func sideKey(n, side int) string {
	if n == 4 {
		return [2]string{"AC", "BD"}[side&1]
	}
	return rules.Seat(side).String()
}

// sideOfSeat is seat s's side at a table of n (as the rules number
// them: the seat, or the team s mod 2).
func sideOfSeat(n int, s rules.Seat) int {
	if n == 4 {
		return int(s & 1)
	}
	return int(s)
}

// tableResult is "made by Ann (team Ann and Cy) in hearts, scored Ann
// and Cy 102, Bo and Di 60", "thrown in" or "unfinished".
func tableResult(d *gamelog.ReplayDeal, seat, side func(int) string, n int) string {
	sc := &d.Score
	switch {
	case !d.Done:
		return "unfinished"
	case d.Ending.ThrownIn() || sc.Maker == rules.NoSeat:
		return "thrown in"
	}
	sides := 2
	if n != 4 {
		sides = n
	}
	var parts []string
	for x := range sides {
		parts = append(parts, fmt.Sprintf("%s %d", side(x), sc.Scored[x]))
	}
	return fmt.Sprintf("%s by %s in %s, scored %s", sc.Outcome, seat(int(sc.Maker)), sc.Trump.Name(), strings.Join(parts, ", "))
}

// writeTableText is WriteText for a table of three or four.
func writeTableText(w io.Writer, name string, r *gamelog.Replay, rep *Report, ascii bool) {
	h := &r.Header
	tn := namesOf(r)
	n := tn.n
	var labels []string
	if n == 4 {
		labels = []string{h.PlayerLabel(rules.SeatA) + " and " + h.PlayerLabel(rules.Seat(2)),
			h.PlayerLabel(rules.SeatB) + " and " + h.PlayerLabel(rules.Seat(3))}
	} else {
		for s := range n {
			labels = append(labels, h.PlayerLabel(rules.Seat(s)))
		}
	}
	fmt.Fprintf(w, "%s: %s\n", name, strings.Join(labels, " vs "))
	if rep.Samples > 0 {
		fmt.Fprintf(w, "%d samples a decision, seed %d.\n", rep.Samples, rep.Seed)
	} else {
		fmt.Fprintf(w, "Samples a decision: bids %d, declarations, dix and dialogue %d, cards %d; seed %d.\n",
			BidSamples, PrepSamples, PlaySamples, rep.Seed)
	}
	if n == 4 {
		fmt.Fprintln(w, "Points lost: the expected score difference of the player's team (its points minus the other team's) given up against the best action.")
	} else {
		fmt.Fprintln(w, "Points lost: the expected score difference (own points minus the mean of the two others') given up against the best action.")
	}
	for _, l := range TableLegend() {
		fmt.Fprintln(w, l)
	}
	label := func(s int) string {
		if n == 4 {
			return fmt.Sprintf("%s (team %s)", tn.seat[s], sideKey(n, s))
		}
		return tn.seat[s]
	}
	width := 0
	for s := range n {
		width = max(width, len(label(s)))
	}
	seat := func(s int) string { return tn.seat[s] }
	side := func(x int) string { return tn.side[x] }
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		fmt.Fprintf(w, "\ndeal %d, %s deals: %s\n", dr.No, tn.seat[dr.Dealer], tableResult(&r.Deals[i], seat, side, n))
		for s := range n {
			fmt.Fprintf(w, "  %-*s  %s\n", width, label(s), summaryLine(&dr.Players[s]))
			writeMistakes(w, &dr.Players[s], false, ascii)
		}
	}
	var totals []string
	for x := range tn.sides() {
		totals = append(totals, fmt.Sprintf("%s %d", tn.side[x], r.Totals[x]))
	}
	fmt.Fprintf(w, "\ngame: ")
	if r.Over && r.Winner >= 0 {
		fmt.Fprintf(w, "%s %s; %s\n", tn.side[r.Winner], winVerb(n), strings.Join(totals, ", "))
	} else {
		fmt.Fprintf(w, "unfinished, %s\n", strings.Join(totals, ", "))
	}
	for s := range n {
		fmt.Fprintf(w, "  %-*s  %s\n", width, label(s), summaryLine(&rep.Players[s]))
		writeMistakes(w, &rep.Players[s], true, ascii)
	}
}

// winVerb is "win" for a team, "wins" for one player.
func winVerb(n int) string {
	if n == 4 {
		return "win"
	}
	return "wins"
}

// tableJSON is reportJSON for a table of three or four: players and
// summaries by seat letter, deal results and game totals by side (the
// seat letter, or "AC" and "BD").
func tableJSON(name string, r *gamelog.Replay, rep *Report) JSONReport {
	h := &r.Header
	n := r.Players()
	out := JSONReport{File: name, Seed: rep.Seed, Deals: []jsonDeal{}}
	for s := range rules.Seat(n) {
		out.Players = append(out.Players, jsonPlayer{Seat: s.String(), Name: h.Name(s), Level: h.Level(s)})
	}
	out.Samples = jsonSamples{BidSamples, PrepSamples, PlaySamples}
	if rep.Samples > 0 {
		out.Samples = jsonSamples{rep.Samples, rep.Samples, rep.Samples}
	}
	sides := n
	if n == 4 {
		sides = 2
	}
	seat := func(s int) string { return rules.Seat(s).String() }
	side := func(x int) string { return sideKey(n, x) }
	summaries := func(ss *[4]Summary) map[string]jsonSummary {
		m := map[string]jsonSummary{}
		for s := range n {
			m[seat(s)] = summaryJSON(&ss[s])
		}
		return m
	}
	for i := range rep.Deals {
		dr := &rep.Deals[i]
		out.Deals = append(out.Deals, jsonDeal{Deal: dr.No, Dealer: dr.Dealer.String(),
			Result: tableResult(&r.Deals[i], seat, side, n), Players: summaries(&dr.Players)})
	}
	totals := map[string]int{}
	for x := range sides {
		totals[side(x)] = r.Totals[x]
	}
	out.Game = jsonGame{Over: r.Over, Totals: totals, Players: summaries(&rep.Players)}
	if r.Over && r.Winner >= 0 {
		out.Game.Winner = side(r.Winner)
	}
	return out
}
