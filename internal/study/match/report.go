package match

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/klob/klob/internal/platform/errwrite"
	"github.com/klob/klob/internal/platform/textwrap"
)

// WriteText writes the report for people: each level's score per deal,
// A's margin and their intervals, the games won, and a table of both
// levels.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{errwrite.Writer{W: w}}
	ew.printf("%s (A) vs %s (B), %d players, seed %d\n", r.A, r.B, r.Players, r.Seed)
	// The rules on a line of their own, a space after each comma, so
	// that they wrap like the rest.
	ew.printf("rules: %s\n", strings.ReplaceAll(r.Rules, ",", ", "))
	if r.Stopped {
		ew.printf("stopped early: only the decks and games finished are counted\n")
	}
	if r.Decks > 0 {
		ew.printf("duplicate decks: %d, each dealt %d times with the seats rotated\n", r.Decks, r.Seatings)
		for i, iv := range r.PerDeal {
			ew.printf("%s (%c) per deal: %.1f points, 95%% interval %s\n", r.Sides[i].Level, 'A'+i, iv.Mean, iv.Bracket("%.1f"))
		}
		ew.printf("margin of A per deal: %+.1f points, 95%% interval %s\n", r.Margin.Mean, r.Margin.Bracket("%+.1f"))
	}
	if r.Games > 0 {
		ew.printf("games to the target: %d, each played %d times with the seats rotated\n", r.Games, r.Seatings)
		for i, sh := range r.GamesWon {
			ew.printf("games won by %s (%c): %d of %d = %.1f%%, 95%% interval [%.1f%%, %.1f%%]\n", r.Sides[i].Level, 'A'+i,
				sh.Wins, sh.Played, 100*sh.Share, 100*sh.Lo, 100*sh.Hi)
		}
		if r.Unfinished > 0 {
			ew.printf("unfinished games: %d (stopped after %d deals)\n", r.Unfinished, maxGameDeals)
		}
	}
	ew.printf("deals thrown in: %s\n", rate(r.Abandoned, r.dealt()))
	// The table names the sides A and B only, as the lines above say
	// which level each is: a hybrid level would widen it past 80 columns.
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "side\tdeals\ttakes\ttake rate\tbete rate\tdecisions\tmedian\tp95\tmax\t\n")
	for i, s := range r.Sides {
		fmt.Fprintf(tw, "%c\t%d\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t\n", 'A'+i, s.Deals, s.Takes,
			rate(s.TakeRate, s.Deals > 0), rate(s.BeteRate, s.Takes > 0),
			s.Time.Count, fmtDur(s.Time.Median), fmtDur(s.Time.P95), fmtDur(s.Time.Max))
	}
	tw.Flush()
	workers := "workers"
	if r.Workers == 1 {
		workers = "worker"
	}
	ew.printf("elapsed %.1fs on %d %s\n", r.Elapsed, r.Workers, workers)
	return ew.Err
}

// rate writes a share as a percentage, or a dash when nothing was
// measured (no deals to take, no takes to lose), where 0.0% would read
// as measured.
func rate(share float64, measured bool) string {
	if !measured {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*share)
}

// fmtDur writes a decision time with three significant digits.
func fmtDur(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%dns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.3gµs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.3gms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.3gs", d.Seconds())
}

// errWriter keeps the first write error, and writes wrapped lines.
type errWriter struct{ errwrite.Writer }

// printf writes a line (format ends in a newline) wrapped to 80 columns.
func (e *errWriter) printf(format string, args ...any) {
	for _, l := range textwrap.Wrap(strings.TrimSuffix(fmt.Sprintf(format, args...), "\n"), 80) {
		fmt.Fprintln(e, l)
	}
}
