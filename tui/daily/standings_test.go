package daily

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
)

// manyEntrants is a field of n entrants, the person (entry 0) at rank
// at, the others named "Friend N" but the first, "Leader".
func manyEntrants(n, at int) *dailyfiles.Field {
	st := &duplicate.Standings{Boards: 8, Entrants: n, Field: n, Top: 2 * (n - 1)}
	files := make([]*duplicate.ResultFile, n)
	files[0] = &duplicate.ResultFile{Name: "Tester"}
	friend := 1
	for rank := 1; rank <= n; rank++ {
		entry := 0
		if rank != at {
			entry, friend = friend, friend+1
			files[entry] = &duplicate.ResultFile{Name: fmt.Sprintf("Friend %d", entry)}
		}
		if rank == 1 && entry != 0 {
			files[entry].Name = "Leader"
		}
		pct := 100 - float64(rank-1)*100/float64(n-1)
		max := float64(8 * st.Top)
		st.Rows = append(st.Rows, duplicate.Standing{Entry: entry, Name: files[entry].Name, Rank: rank, Played: 8,
			Matchpoints: pct * max / 100, Max: max, Percent: pct})
	}
	return &dailyfiles.Field{Standings: st, Me: 0, Files: files}
}

// TestResultsKeepTheLeader: with more entrants than the results have
// room for, the list keeps the person's row in view and the leader's
// too: a line counts the rows left out between them, every one of
// which the standings list.
func TestResultsKeepTheLeader(t *testing.T) {
	f := newFixture(t, 2, "")
	f.until("the results", f.resultsRead)
	for _, c := range []struct {
		n, at  int
		hidden string // "" when no row is left out
	}{
		{12, 12, "entrants more"},
		{12, 9, "entrants more"},
		{30, 15, "entrants more"},
		{12, 1, ""},
		{12, 3, ""},
	} {
		f.s.res.field = manyEntrants(c.n, c.at)
		text := f.text()
		lines := strings.Split(text, "\n")
		if len(lines) > 24 {
			t.Errorf("%d entrants, you %d: %d lines", c.n, c.at, len(lines))
		}
		you := fmt.Sprintf("%d  Tester (you)", c.at)
		lead := "1  Leader"
		if c.at == 1 {
			lead = you
		}
		if !strings.Contains(text, lead) || !strings.Contains(text, you) {
			t.Errorf("%d entrants, you %d: the leader (%q) or you (%q) out of view:\n%s", c.n, c.at, lead, you, text)
		}
		if c.hidden == "" {
			if strings.Contains(text, "entrants more") || strings.Contains(text, "entrant more") {
				t.Errorf("%d entrants, you %d: rows left out though you are near the top:\n%s", c.n, c.at, text)
			}
			continue
		}
		// The line after the leader's counts the rows up to the next
		// one shown.
		left, next := 0, 0
		for i, l := range lines {
			if _, err := fmt.Sscanf(strings.TrimSpace(l), "… %d entrants more", &left); err == nil && i+1 < len(lines) {
				fmt.Sscanf(strings.TrimSpace(lines[i+1]), "%d", &next)
				if !strings.Contains(lines[i-1], lead) {
					t.Errorf("%d entrants, you %d: the leader is not just above the rows left out:\n%s", c.n, c.at, text)
				}
				break
			}
		}
		if left == 0 || next != left+2 {
			t.Errorf("%d entrants, you %d: %d counted left out, then rank %d:\n%s", c.n, c.at, left, next, text)
		}
	}
}
