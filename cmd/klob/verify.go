package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/klob/klob/internal/untrusted"
	"io"

	"github.com/klob/klob/internal/gamelog"
	"github.com/klob/klob/rules"
)

// runVerify checks game logs: each is read and replayed through the
// rules, every action and every stated value checked. For a valid log it
// prints each deal (dealer, maker, trump, both breakdowns, the result)
// and the game's end; for an invalid one the first error, file:line:col.
// Exit 0 when every file is valid, 1 when one is not, 2 for usage errors.
func runVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print only errors")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: klob verify [-q] FILE...")
		fmt.Fprintln(fs.Output(), "Checks Klob game logs: every action legal, every stated value recomputed.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "klob verify: no file given")
		fs.Usage()
		return 2
	}
	code, shown := 0, 0
	for _, path := range fs.Args() {
		data, err := untrusted.ReadFile(path)
		if err == nil {
			var l *gamelog.Log
			if l, err = gamelog.Parse(path, data); err == nil {
				var r *gamelog.Replay
				if r, err = l.Replay(); err == nil {
					if !*quiet {
						if shown > 0 {
							fmt.Fprintln(stdout)
						}
						describe(stdout, path, r)
						shown++
					}
					continue
				}
			}
		}
		fmt.Fprintln(stderr, untrusted.Text(err.Error()))
		code = 1
	}
	return code
}

// describe prints a valid log: its players, each deal and the end.
func describe(w io.Writer, path string, r *gamelog.Replay) {
	h := &r.Header
	player := func(s rules.Seat) string {
		name := h.Players[s]
		if name == "" {
			name = "player " + s.String()
		}
		if h.Levels[s] != "" {
			return fmt.Sprintf("%s (%s, %s)", name, s, h.Levels[s])
		}
		return fmt.Sprintf("%s (%s)", name, s)
	}
	fmt.Fprintf(w, "%s: %s vs %s, rules %s\n", path, player(rules.SeatA), player(rules.SeatB), h.Options)
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
			why := "four passes"
			if hasAccept(d.Steps) {
				why = "schmeiss accepted"
			}
			fmt.Fprintf(w, ", abandoned (%s)\n", why)
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
		fmt.Fprintf(w, "%s wins %d to %d\n", player(r.Winner), r.Totals[r.Winner], r.Totals[l])
		return
	}
	fmt.Fprintf(w, "unfinished after deal %d: A %d, B %d\n", done, r.Totals[0], r.Totals[1])
}

func hasAccept(steps []rules.Step) bool {
	for _, st := range steps {
		if st.Action.Kind == rules.Accept {
			return true
		}
	}
	return false
}
