package match

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// WriteText writes the report for people: the margin and its interval,
// the games won, and a table of both sides.
func (r *Report) WriteText(w io.Writer) error {
	if r.Players > 2 {
		return r.writeTable(w)
	}
	ew := &errWriter{w: w}
	ew.printf("%s (A) vs %s (B), seed %d, rules %s\n", r.A, r.B, r.Seed, r.Rules)
	if r.Stopped {
		ew.printf("stopped early: only the deals and games finished are counted\n")
	}
	if r.Deals > 0 {
		ew.printf("duplicate deals: %d decks, each played twice with seats swapped\n", r.Deals)
		ew.printf("margin of A per deal: %+.1f points, 95%% interval [%+.1f, %+.1f]\n",
			r.Margin.Mean, r.Margin.Lo, r.Margin.Hi)
	}
	if r.Games > 0 {
		ew.printf("games to the target: %d, each played twice with seats swapped\n", r.Games)
		ew.printf("games won by A: %d of %d = %.1f%%, 95%% interval [%.1f%%, %.1f%%]",
			r.GamesWon.Wins, r.GamesWon.Played, 100*r.GamesWon.Share, 100*r.GamesWon.Lo, 100*r.GamesWon.Hi)
		if r.Unfinished > 0 {
			ew.printf(" (%d unfinished after %d deals)", r.Unfinished, maxGameDeals)
		}
		ew.printf("\n")
	}
	ew.printf("deals thrown in: %.1f%%\n", 100*r.Abandoned)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "side\tlevel\tdeals\ttake rate\tbete rate\tdecisions\tmedian\tp95\tmax\t\n")
	for i, s := range r.Sides {
		fmt.Fprintf(tw, "%c\t%s\t%d\t%.1f%%\t%.1f%%\t%d\t%s\t%s\t%s\t\n", 'A'+i, s.Level, s.Deals,
			100*s.TakeRate, 100*s.BeteRate, s.Time.Count,
			fmtDur(s.Time.Median), fmtDur(s.Time.P95), fmtDur(s.Time.Max))
	}
	tw.Flush()
	ew.printf("elapsed %.1fs on %d workers\n", r.Elapsed, r.Workers)
	return ew.err
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

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }
