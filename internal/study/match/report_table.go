package match

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// writeTable is WriteText for a three- or four-handed match.
func (r *Report) writeTable(w io.Writer) error {
	ew := &errWriter{w: w}
	ew.printf("%s (A) vs %s (B), %d players, seed %d, rules %s\n", r.A, r.B, r.Players, r.Seed, r.Rules)
	if r.Stopped {
		ew.printf("stopped early: only the deals and games finished are counted\n")
	}
	if r.Deals > 0 {
		ew.printf("duplicate deals: %d decks, each played %d times with the seats rotated\n", r.Deals, r.Seatings)
		for i, iv := range r.PerDeal {
			ew.printf("%s (%c) per deal: %.1f points, 95%% interval [%.1f, %.1f]\n", r.Sides[i].Level, 'A'+i, iv.Mean, iv.Lo, iv.Hi)
		}
		ew.printf("margin of A per deal: %+.1f points, 95%% interval [%+.1f, %+.1f]\n", r.Margin.Mean, r.Margin.Lo, r.Margin.Hi)
	}
	if r.Games > 0 {
		ew.printf("games to the target: %d, each played %d times with the seats rotated\n", r.Games, r.Seatings)
		for i, sh := range r.GamesWonBy {
			ew.printf("games won by %s (%c): %d of %d = %.1f%%, 95%% interval [%.1f%%, %.1f%%]\n", r.Sides[i].Level, 'A'+i,
				sh.Wins, sh.Played, 100*sh.Share, 100*sh.Lo, 100*sh.Hi)
		}
		if r.Unfinished > 0 {
			ew.printf("unfinished games: %d (stopped after %d deals)\n", r.Unfinished, maxGameDeals)
		}
	}
	ew.printf("deals thrown in: %.1f%%\n", 100*r.Abandoned)
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "side\tlevel\ttakes\tbete rate\tdecisions\tmedian\tp95\tmax\t\n")
	for i, s := range r.Sides {
		fmt.Fprintf(tw, "%c\t%s\t%d\t%.1f%%\t%d\t%s\t%s\t%s\t\n", 'A'+i, s.Level, s.Takes,
			100*s.BeteRate, s.Time.Count, fmtDur(s.Time.Median), fmtDur(s.Time.P95), fmtDur(s.Time.Max))
	}
	tw.Flush()
	ew.printf("elapsed %.1fs on %d workers\n", r.Elapsed, r.Workers)
	return ew.err
}
