package daily

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
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
// which the standings list; near the top, none is left out above the
// person's.
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
			// Near the top no row is left out above yours: the line
			// that counts the rows left out comes after it.
			above, _, _ := strings.Cut(text, you)
			if strings.Contains(above, "entrants more") || strings.Contains(above, "entrant more") {
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

// standingsShown reads the standings under the results' boards: the
// ranks of the rows shown, and for each line that counts rows left
// out, the count, in their order (a count as -n).
func standingsShown(t *testing.T, text string) []int {
	t.Helper()
	_, list, ok := strings.Cut(text, "Matchpoints (MP)")
	if !ok {
		t.Fatalf("no standings:\n%s", text)
	}
	list, _, _ = strings.Cut(list, "Your result file")
	var out []int
	for _, l := range strings.Split(list, "\n")[1:] {
		l = strings.TrimSpace(l)
		rank, left := 0, 0
		switch {
		case l == "":
		case strings.HasPrefix(l, "…"):
			if _, err := fmt.Sscanf(l, "… %d entr", &left); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			out = append(out, -left)
		default:
			if _, err := fmt.Sscanf(l, "%d", &rank); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			out = append(out, rank)
		}
	}
	return out
}

// TestResultsCountTheRowsLeftOut: at every seat count, with more
// entrants than the results have room for and the person at the top,
// near it, in the middle, near the end or last, every row of the
// standings is either shown or counted in its place by a line, the
// leader and the person are shown, and the screen fits 80×24.
func TestResultsCountTheRowsLeftOut(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		f := newFixture(t, players, "")
		f.until("the results", f.resultsRead)
		for _, n := range []int{12, 30} {
			for _, at := range []int{1, 2, 5, n / 2, n - 1, n} {
				f.s.res.field = manyEntrants(n, at)
				text := f.text()
				lines := strings.Split(text, "\n")
				if len(lines) > 24 {
					t.Errorf("%d players, %d entrants, you %d: %d lines", players, n, at, len(lines))
				}
				for _, l := range lines {
					if w := kit.WidthOf(l); w > 80 {
						t.Errorf("%d players, %d entrants, you %d: a line of %d cells: %q", players, n, at, w, l)
					}
				}
				if !strings.Contains(text, fmt.Sprintf("%d  Tester (you)", at)) {
					t.Errorf("%d players, %d entrants, you %d: your row out of view:\n%s", players, n, at, text)
				}
				shown := standingsShown(t, text)
				next, gaps := 1, 0
				for _, r := range shown {
					switch {
					case r < 0:
						next -= r
						gaps++
					case r != next:
						t.Errorf("%d players, %d entrants, you %d: rank %d where %d is next:\n%s", players, n, at, r, next, text)
						next = r + 1
					default:
						next++
					}
				}
				if next != n+1 || len(shown) == 0 || shown[0] != 1 {
					t.Errorf("%d players, %d entrants, you %d: the rows shown and counted (%v) are not the %d ranks from the leader:\n%s",
						players, n, at, shown, n, text)
				}
				if gaps == 0 {
					t.Errorf("%d players, %d entrants, you %d: no line counts the rows left out:\n%s", players, n, at, text)
				}
			}
		}
	}
}

// TestStandingWindowCountsEveryRow: in any room and wherever the
// person's row is, the rows shown and the lines that count the rows
// left out add up to them all, in the room given; from four lines on,
// each line counts the rows in its place. The person's row is shown,
// and the leader's too when there are three lines or more (in one
// line, the person's row alone).
func TestStandingWindowCountsEveryRow(t *testing.T) {
	ctx := kittest.Context(80, 24)
	for n := 1; n <= 14; n++ {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = fmt.Sprintf("  %4d  row", i+1)
		}
		for keep := 1; keep <= n+1; keep++ {
			for me := range n {
				got := standingWindow(&ctx, rows, me, keep)
				if keep == 1 && n > 1 {
					// One line: the person's row, no room to count.
					if len(got) != 1 || got[0] != rows[me] {
						t.Errorf("%d rows, me %d, room 1: %q", n, me, got)
					}
					continue
				}
				if len(got) > keep {
					t.Errorf("%d rows, me %d, room %d: %d lines", n, me, keep, len(got))
				}
				next, last, total, sawMe, sawLead := 1, 0, 0, false, false
				for _, l := range got {
					left, rank := 0, 0
					l = strings.TrimSpace(ansi.Strip(l))
					if _, err := fmt.Sscanf(l, "… %d entr", &left); err == nil {
						next += left
						total += left
						continue
					}
					fmt.Sscanf(l, "%d", &rank)
					if rank <= last || (keep >= 4 && rank != next) {
						t.Errorf("%d rows, me %d, room %d: row %d where %d is next: %q", n, me, keep, rank, next, got)
					}
					sawMe = sawMe || rank == me+1
					sawLead = sawLead || rank == 1
					next, last = rank+1, rank
					total++
				}
				if total != n {
					t.Errorf("%d rows, me %d, room %d: %d rows shown and counted: %q", n, me, keep, total, got)
				}
				if !sawMe || (keep >= 3 && !sawLead) {
					t.Errorf("%d rows, me %d, room %d: the leader or me out of sight: %q", n, me, keep, got)
				}
			}
		}
	}
}
