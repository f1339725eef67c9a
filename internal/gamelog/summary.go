package gamelog

import (
	"fmt"
	"io"

	"github.com/klob/klob/rules"
)

// WriteSummary writes what klob verify prints for a valid log read from
// the file name: its players, each deal (dealer, maker, trump, both
// breakdowns, the result) and the game's end.
func (r *Replay) WriteSummary(w io.Writer, name string) {
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
