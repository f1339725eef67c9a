package duplicate

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
)

// Entry is one entrant's results on a board set: Results[n] is the
// result on board n (Result, from the entrant's seat). A board missing
// from the map was not played.
type Entry struct {
	Name    string
	Results map[int]float64
}

// BoardScore is one entrant's matchpoints on one board.
type BoardScore struct {
	Board  int
	Played bool
	Result float64
	// Beat, Tied and Lost count the other entrants who played the board
	// with a lower, equal and higher result; Compared is how many played
	// it, this one included.
	Beat, Tied, Lost, Compared int
	// Matchpoints is 2 a beaten entrant and 1 a tie, factored up to the
	// whole field when some did not play the board (see Matchpoints).
	Matchpoints float64
}

// Standing is one entrant's line of the standings.
type Standing struct {
	Entry int // index of the entry in the slice given to Matchpoints
	Name  string
	// Rank is 1 for the best; entrants with equal percentages share the
	// rank of the first of them (1, 2, 2, 4) and have Tied set.
	Rank int
	Tied bool
	// Played counts the boards played; Matchpoints sums theirs, out of
	// Max (every board's top: Standings.Boards times Standings.Top).
	Played      int
	Matchpoints float64
	Max         float64
	// Percent is Matchpoints over Max, in percent: 50 is average over
	// every board, played or not. It is 0 for an entrant who played no
	// board, and 50 in a field of one (nobody to compare with: the limit
	// of the factoring).
	Percent float64
	Boards  []BoardScore // one a board, board 1 first

	exact *big.Rat // Percent, exactly, for the ranking
}

// Standings ranks the entrants of a board set by matchpoints.
type Standings struct {
	Boards int
	// Entrants counts the entries; Field those who played at least one
	// board, the E of the scoring.
	Entrants, Field int
	// Top is a board's matchpoints for beating every other entrant of
	// the field: 2 × (Field - 1).
	Top  int
	Rows []Standing // best first
}

// Matchpoints scores entries on a set of boards as bridge scores a
// pairs event. On each board an entrant gets 2 for each other entrant
// with a lower result and 1 for each with an equal one, out of a top
// of 2(E-1), E the entrants who played at least one board. When only
// A < E entrants played the board, the board is scored among those A
// and each score M (out of 2(A-1)) is factored to the field by the
// Neuberg formula, (M+1)·E/A - 1, as if each result had been met E/A
// times: a board keeps the same weight, and its matchpoints still
// average half the top. A board an entrant did not play scores them
// nothing: the percentage is over every board of the set, so that
// stopping after a good start never ranks above playing on (over the
// boards played alone, one top and a stop would win). An entrant who
// played nothing is not in the field: they rank last, at 0%, and
// change nobody's score.
//
// Results are compared exactly; percentages are ranked exactly (as
// fractions), so equal percentages share a rank whatever the rounding.
// Among equals, and among those who played nothing, the order is by name
// (numbers in names by their value), then by the order given.
func Matchpoints(boards int, entries []Entry) (*Standings, error) {
	if boards < 1 || boards > MaxBoards {
		return nil, fmt.Errorf("matchpoints: %d boards (want 1 to %d)", boards, MaxBoards)
	}
	rows := make([]Standing, len(entries))
	E := 0 // the field: the entrants who played a board
	for i, e := range entries {
		rows[i] = Standing{Entry: i, Name: e.Name, Boards: make([]BoardScore, boards)}
		if len(e.Results) > 0 {
			E++
		}
		for n, r := range e.Results {
			if n < 1 || n > boards {
				return nil, fmt.Errorf("matchpoints: entrant %d (%s): board %d is not one of the %d", i+1, e.Name, n, boards)
			}
			if math.IsNaN(r) || math.IsInf(r, 0) {
				return nil, fmt.Errorf("matchpoints: entrant %d (%s): board %d: result %v", i+1, e.Name, n, r)
			}
		}
	}
	st := &Standings{Boards: boards, Entrants: len(entries), Field: E, Top: 2 * max(E-1, 0)}
	sums := make([]big.Rat, len(entries))
	var played []float64
	for n := 1; n <= boards; n++ {
		played = played[:0]
		for _, e := range entries {
			if r, ok := e.Results[n]; ok {
				played = append(played, r)
			}
		}
		slices.Sort(played)
		A := len(played)
		for i, e := range entries {
			bs := BoardScore{Board: n}
			r, ok := e.Results[n]
			if ok {
				lo, _ := slices.BinarySearch(played, r)
				hi, _ := slices.BinarySearch(played, math.Nextafter(r, math.Inf(1)))
				bs.Played, bs.Result, bs.Compared = true, r, A
				bs.Beat, bs.Tied, bs.Lost = lo, hi-lo-1, A-hi
				// (M+1)·E/A - 1 = ((M+1)·E - A) / A.
				m := big.NewRat(int64((2*bs.Beat+bs.Tied+1)*E-A), int64(A))
				bs.Matchpoints, _ = m.Float64()
				sums[i].Add(&sums[i], m)
				rows[i].Played++
			}
			rows[i].Boards[n-1] = bs
		}
	}
	for i := range rows {
		r := &rows[i]
		r.Matchpoints, _ = sums[i].Float64()
		r.Max = float64(boards * st.Top)
		switch {
		case r.Played == 0:
			r.exact = new(big.Rat)
		case st.Top == 0:
			r.exact = big.NewRat(50, 1)
		default:
			r.exact = new(big.Rat).Mul(&sums[i], big.NewRat(100, int64(boards*st.Top)))
		}
		r.Percent, _ = r.exact.Float64()
	}
	slices.SortStableFunc(rows, func(a, b Standing) int {
		if c := compareStanding(&a, &b); c != 0 {
			return c
		}
		if c := compareNames(a.Name, b.Name); c != 0 {
			return c
		}
		return a.Entry - b.Entry
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && compareStanding(&rows[i-1], &rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
			rows[i].Tied, rows[i-1].Tied = true, true
		}
	}
	st.Rows = rows
	return st, nil
}

// compareNames orders names as people read them: runs of digits by
// their value, so "Friend 2" comes before "Friend 10"; the rest as text.
// Names equal that way ("Friend 02", "Friend 2") are ordered as text.
func compareNames(a, b string) int {
	if c := compareRuns(a, b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func compareRuns(a, b string) int {
	for a != "" && b != "" {
		ra, rb := leadingRun(a), leadingRun(b)
		var c int
		if isDigit(ra[0]) && isDigit(rb[0]) {
			na, nb := strings.TrimLeft(ra, "0"), strings.TrimLeft(rb, "0")
			if c = len(na) - len(nb); c == 0 {
				c = strings.Compare(na, nb)
			}
		} else {
			c = strings.Compare(ra, rb)
		}
		if c != 0 {
			return c
		}
		a, b = a[len(ra):], b[len(rb):]
	}
	return len(a) - len(b)
}

// leadingRun returns s's first run of digits, or of anything else.
func leadingRun(s string) string {
	d := isDigit(s[0])
	i := 1
	for i < len(s) && isDigit(s[i]) == d {
		i++
	}
	return s[:i]
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// compareStanding orders a before b (-1) when a ranks higher: a board
// played before none, then the higher percentage.
func compareStanding(a, b *Standing) int {
	if (a.Played == 0) != (b.Played == 0) {
		if a.Played == 0 {
			return 1
		}
		return -1
	}
	return b.exact.Cmp(a.exact)
}
