package gamelog

import (
	"fmt"
	"io"
	"strings"

	"github.com/klob/klob/rules"
)

// WriteSummary writes what klob verify prints for a valid log read from
// the file name: its players, each deal (dealer, maker, trump, each
// seat's breakdown, with four each team's, the result) and the game's
// end, with the totals by side.
func (r *Replay) WriteSummary(w io.Writer, name string) {
	h := &r.Header
	n := r.Players()
	ns := rules.SidesAt(n)
	var sides []string
	for side := range ns {
		sides = append(sides, sideLabel(h, n, side))
	}
	// The rules on a line of their own, a space after each comma, so
	// that the report wraps between them.
	fmt.Fprintf(w, "%s: %s\n", name, strings.Join(sides, " vs "))
	fmt.Fprintf(w, "rules: %s\n", strings.ReplaceAll(h.Options.Played(), ",", ", "))
	done := 0
	for i := range r.Deals {
		d := &r.Deals[i]
		sc := d.Score
		fmt.Fprintf(w, "deal %d: dealer %s", d.No, d.Dealer)
		switch {
		case !d.Done:
			t := d.At(len(d.Steps))
			fmt.Fprintf(w, ", in progress (%s", t.Phase())
			if t.Maker() != rules.NoSeat {
				fmt.Fprintf(w, ", maker %s, trump %s", t.Maker(), t.Trump().Name())
			}
			if t.Phase() == rules.PhasePlay {
				if n := t.Play().Tricks; n == 1 {
					fmt.Fprint(w, ", 1 trick played")
				} else {
					fmt.Fprintf(w, ", %d tricks played", n)
				}
				if cards, _ := t.Trick(); len(cards) == 1 {
					fmt.Fprintf(w, ", %s led to trick %d", cards[0].Pretty(false), t.Play().Tricks+1)
				} else if len(cards) > 1 {
					fmt.Fprintf(w, ", %d cards of trick %d", len(cards), t.Play().Tricks+1)
				}
			}
			fmt.Fprintln(w, ")")
			continue
		case sc.ThrownIn():
			fmt.Fprintf(w, ", %s (%s)\n", sc.Outcome.Word(), d.Ending)
		default:
			fmt.Fprintf(w, ", maker %s, trump %s", sc.Maker, sc.Trump.Name())
			if sc.Forced {
				fmt.Fprint(w, " (forced)")
			}
			fmt.Fprintf(w, ": %s\n", sc.Outcome.Word())
			declared := h.Options.HasShlomo() || h.Options.HasCleopatra()
			for s := range n {
				tricks := "tricks"
				if sc.Tricks[s] == 1 {
					tricks = "trick"
				}
				// The score keeps bella and the menage in one field (a
				// seat has one or the other); name the one it holds.
				bella := "bella"
				if sc.Bella[s] == rules.MenagePoints {
					bella = "menage"
				}
				fmt.Fprintf(w, "  %s %d %s: cards %d + last %d + sequences %d + %s %d",
					rules.Seat(s), sc.Tricks[s], tricks, sc.Cards[s], sc.LastTrick[s], sc.Seqs[s], bella, sc.Bella[s])
				if declared {
					fmt.Fprintf(w, " + declared %d", sc.Declared[s])
				}
				fmt.Fprintf(w, " = %d", sc.Total[s])
				if !rules.PlaysInTeams(n) {
					fmt.Fprintf(w, ", scores %d", sc.Scored[s])
				}
				fmt.Fprintln(w)
			}
			if rules.PlaysInTeams(n) {
				for side := range rules.SidesAt(n) {
					fmt.Fprintf(w, "  team %s: %d, scores %d\n", rules.SideName(n, side), sc.SideTotal[side], sc.Scored[side])
				}
			}
			if sc.Bimah > 0 {
				fmt.Fprintf(w, "  bimah %d to %s\n", sc.Bimah, rules.SideName(n, rules.SideOfSeat(n, sc.Maker)))
			}
		}
		done++
		fmt.Fprintf(w, "  totals %s\n", totalsText(n, d.After))
	}
	if !r.Over {
		// A game filed in the history before its end is unfinished,
		// as its file's name and the history list say, like a game
		// still in play.
		state := "unfinished"
		if done == 0 {
			fmt.Fprintf(w, "%s, no deal finished: %s\n", state, totalsText(n, r.Totals)) // not "after deal 0"
			return
		}
		fmt.Fprintf(w, "%s after deal %d: %s\n", state, done, totalsText(n, r.Totals))
		return
	}
	verb := "wins"
	if rules.PlaysInTeams(n) {
		verb = "win" // a team
	}
	if ns == 2 {
		fmt.Fprintf(w, "%s %s %d to %d\n", sideLabel(h, n, r.Winner), verb, r.Totals[r.Winner], r.Totals[1-r.Winner])
		return
	}
	fmt.Fprintf(w, "%s %s: %s\n", sideLabel(h, n, r.Winner), verb, totalsText(n, r.Totals))
}

// sideLabel names a side for reports: a player's label, or a team's
// two labels.
func sideLabel(h *Header, n, side int) string {
	var labels []string
	for _, s := range rules.SeatsOfSide(n, side) {
		labels = append(labels, h.PlayerLabel(s))
	}
	return strings.Join(labels, " and ")
}
