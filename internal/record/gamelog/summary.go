package gamelog

import (
	"fmt"
	"io"
	"strings"

	"github.com/klob/klob/rules"
)

// WriteSummary writes what klob verify prints for a valid log read from
// the file name: its players, each deal (dealer, maker, trump, both
// breakdowns, the result) and the game's end.
func (r *Replay) WriteSummary(w io.Writer, name string) {
	if r.Players() != 2 {
		r.writeTableSummary(w, name)
		return
	}
	h := &r.Header
	fmt.Fprintf(w, "%s: %s vs %s, rules %s\n", name, h.PlayerLabel(rules.SeatA), h.PlayerLabel(rules.SeatB), h.Options)
	done := 0
	for i := range r.Deals {
		d := &r.Deals[i]
		sc := d.Score
		fmt.Fprintf(w, "deal %d: dealer %s", d.No, d.Dealer)
		switch {
		case !d.Done:
			deal := d.At(len(d.Steps))
			fmt.Fprintf(w, ", in progress (%s", deal.Phase())
			if deal.Maker() != rules.NoSeat {
				fmt.Fprintf(w, ", maker %s, trump %s", deal.Maker(), deal.Trump().Name())
			}
			if deal.Phase() == rules.PhasePlay {
				fmt.Fprintf(w, ", %d tricks played", deal.Play().Tricks)
				if lead, _ := deal.Trick(); lead != rules.NoCard {
					fmt.Fprintf(w, ", %s led to trick %d", lead, deal.Play().Tricks+1)
				}
			}
			fmt.Fprintln(w, ")")
			continue
		case sc.Outcome == rules.Abandoned:
			fmt.Fprintf(w, ", abandoned (%s)\n", d.Ending)
		default:
			fmt.Fprintf(w, ", maker %s, trump %s: %s\n", sc.Maker, sc.Trump.Name(), sc.Outcome)
			for s := rules.SeatA; s <= rules.SeatB; s++ {
				fmt.Fprintf(w, "  %s %d tricks: cards %d + last %d + sequences %d + bella %d = %d, scores %d\n",
					s, sc.Tricks[s], sc.Cards[s], sc.LastTrick[s], sc.Seqs[s], sc.Bella[s], sc.Total[s], sc.Scored[s])
			}
		}
		done++
		fmt.Fprintf(w, "  totals A %d, B %d\n", d.After[0], d.After[1])
	}
	if r.Over {
		l := r.Winner.Other()
		fmt.Fprintf(w, "%s wins %d to %d\n", h.PlayerLabel(r.Winner), r.Totals[r.Winner], r.Totals[l])
		return
	}
	fmt.Fprintf(w, "unfinished after deal %d: A %d, B %d\n", done, r.Totals[0], r.Totals[1])
}

// writeTableSummary is WriteSummary for three or four players: each
// seat's breakdown, with four each team's, and the totals by side.
func (r *Replay) writeTableSummary(w io.Writer, name string) {
	h := &r.Header
	n := r.Players()
	var sides []string
	for side := range sidesOf(n) {
		sides = append(sides, sideLabel(h, n, side))
	}
	fmt.Fprintf(w, "%s: %s, rules %s\n", name, strings.Join(sides, " vs "), h.Options)
	totals := func(t [4]int) string {
		var parts []string
		for side := range sidesOf(n) {
			parts = append(parts, fmt.Sprintf("%s %d", rules.SideName(n, side), t[side]))
		}
		return strings.Join(parts, ", ")
	}
	done := 0
	for i := range r.Deals {
		d := &r.Deals[i]
		sc := d.Table
		fmt.Fprintf(w, "deal %d: dealer %s", d.No, d.Dealer)
		switch {
		case !d.Done:
			t := d.AtTable(len(d.Steps))
			fmt.Fprintf(w, ", in progress (%s", t.Phase())
			if t.Maker() != rules.NoSeat {
				fmt.Fprintf(w, ", maker %s, trump %s", t.Maker(), t.Trump().Name())
			}
			if t.Phase() == rules.PhasePlay {
				fmt.Fprintf(w, ", %d tricks played", t.Play().Tricks)
				if cards, _ := t.Trick(); len(cards) > 0 {
					fmt.Fprintf(w, ", %d cards of trick %d", len(cards), t.Play().Tricks+1)
				}
			}
			fmt.Fprintln(w, ")")
			continue
		case sc.Outcome == rules.Abandoned:
			fmt.Fprintf(w, ", abandoned (%s)\n", d.Ending)
		default:
			fmt.Fprintf(w, ", maker %s, trump %s", sc.Maker, sc.Trump.Name())
			if sc.Forced {
				fmt.Fprint(w, " (forced)")
			}
			fmt.Fprintf(w, ": %s\n", sc.Outcome)
			for s := range n {
				fmt.Fprintf(w, "  %s %d tricks: cards %d + last %d + sequences %d + bella %d + declared %d = %d",
					rules.Seat(s), sc.Tricks[s], sc.Cards[s], sc.LastTrick[s], sc.Seqs[s], sc.Bella[s], sc.Declared[s], sc.Total[s])
				if n < 4 {
					fmt.Fprintf(w, ", scores %d", sc.Scored[s])
				}
				fmt.Fprintln(w)
			}
			if n == 4 {
				for side := range 2 {
					fmt.Fprintf(w, "  team %s: %d, scores %d\n", rules.SideName(n, side), sc.SideTotal[side], sc.Scored[side])
				}
			}
			if sc.Bimah > 0 {
				fmt.Fprintf(w, "  bimah %d to %s\n", sc.Bimah, rules.SideName(n, sideOfMaker(n, sc.Maker)))
			}
		}
		done++
		fmt.Fprintf(w, "  totals %s\n", totals(d.SidesAfter))
	}
	if r.Over {
		side := int(r.Winner)
		verb := "wins"
		if n == 4 {
			verb = "win"
		}
		fmt.Fprintf(w, "%s %s: %s\n", sideLabel(h, n, side), verb, totals(r.Sides))
		return
	}
	fmt.Fprintf(w, "unfinished after deal %d: %s\n", done, totals(r.Sides))
}

// sideLabel names a side for reports: a player's label, or a team's
// two labels.
func sideLabel(h *Header, n, side int) string {
	if n == 4 {
		return h.PlayerLabel(rules.Seat(side)) + " and " + h.PlayerLabel(rules.Seat(side+2))
	}
	return h.PlayerLabel(rules.Seat(side))
}
