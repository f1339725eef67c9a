package tourney

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	svc "github.com/klob/klob/internal/serve/tourney"
)

// entrantsDetail is a tournament's page whose progress lists names.
func entrantsDetail(names []string) *detail {
	p := &detail{s: &Screen{}, prog: &svc.Progress{}}
	for _, n := range names {
		p.prog.Entrants = append(p.prog.Entrants, svc.Entrant{Name: n})
	}
	return p
}

// slowEntrantsLine is the line tried with every count of names, from
// all of them down: what entrantsLine, which skips the counts too wide
// to fit, must say.
func slowEntrantsLine(names []string, w int) []string {
	if len(names) == 0 {
		return nil
	}
	return entrantsUpTo(names, len(names), w)
}

// TestEntrantsLineAsEveryCountTried: the entrants' line, which skips
// the counts of names too wide for two lines, says what trying every
// count says, over random names (some with spaces, some wide) and
// widths.
func TestEntrantsLineAsEveryCountTried(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"ann", "Bob", "cid", "Dana Lee", "ëlise", "李", "Υou", "a-very-long-name-of-a-player", "x"}
	for range 2000 {
		names := make([]string, 1+r.IntN(40))
		for i := range names {
			names[i] = parts[r.IntN(len(parts))] + strings.Repeat("z", r.IntN(6))
		}
		w := 8 + r.IntN(80)
		got, want := entrantsDetail(names).entrantsLine(w), slowEntrantsLine(names, w)
		if !slices.Equal(got, want) {
			t.Fatalf("%q at %d: %q, want %q", names, w, got, want)
		}
	}
}

// BenchmarkEntrantsLine: the page of a tournament of 1,000 entrants at
// 80 columns, as each frame draws it.
func BenchmarkEntrantsLine(b *testing.B) {
	names := make([]string, 1000)
	for i := range names {
		names[i] = fmt.Sprintf("player%d", i)
	}
	p := entrantsDetail(names)
	for b.Loop() {
		p.entrantsLine(80)
	}
}
