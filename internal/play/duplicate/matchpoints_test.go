package duplicate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// row is a standings line as the hand tables below write it.
type row struct {
	name    string
	rank    int
	tied    bool
	played  int
	mp      float64
	percent float64
	boards  []float64 // matchpoints a board; NaN for not played
}

func checkRows(t *testing.T, st *Standings, want []row) {
	t.Helper()
	if len(st.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(st.Rows), len(want))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for i, w := range want {
		g := st.Rows[i]
		if g.Name != w.name || g.Rank != w.rank || g.Tied != w.tied || g.Played != w.played ||
			!near(g.Matchpoints, w.mp) || !near(g.Percent, w.percent) || g.Max != float64(st.Boards*st.Top) {
			t.Errorf("row %d: got %s rank %d tied %v played %d mp %v of %v = %.4f%%, want %s rank %d tied %v played %d mp %v = %.4f%%",
				i+1, g.Name, g.Rank, g.Tied, g.Played, g.Matchpoints, g.Max, g.Percent, w.name, w.rank, w.tied, w.played, w.mp, w.percent)
		}
		for n, m := range w.boards {
			b := g.Boards[n]
			if b.Board != n+1 || b.Played == math.IsNaN(m) || (b.Played && !near(b.Matchpoints, m)) {
				t.Errorf("%s board %d: got %+v, want %v", w.name, n+1, b, m)
			}
		}
	}
}

// TestMatchpointsComplete: three entrants play both boards; ties on
// each. Top 4 (2 for each of two others).
//
//	board 1: Ann +20 Bob +20 Cid -10  ->  Ann 2+1 = 3, Bob 3, Cid 0
//	board 2: Ann -30 Bob +12.5 Cid +12.5  ->  Ann 0, Bob 3, Cid 3
//	Bob 6/8 = 75%; Ann 3/8 = 37.5% and Cid 3/8 tie for second.
func TestMatchpointsComplete(t *testing.T) {
	st, err := Matchpoints(2, []Entry{
		{"Cid", map[int]float64{1: -10, 2: 12.5}},
		{"Bob", map[int]float64{1: 20, 2: 12.5}},
		{"Ann", map[int]float64{1: 20, 2: -30}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Top != 4 || st.Field != 3 || st.Entrants != 3 {
		t.Fatalf("%+v", st)
	}
	checkRows(t, st, []row{
		{"Bob", 1, false, 2, 6, 75, []float64{3, 3}},
		{"Ann", 2, true, 2, 3, 37.5, []float64{3, 0}},
		{"Cid", 2, true, 2, 3, 37.5, []float64{0, 3}},
	})
	b := st.Rows[0].Boards[1]
	if b.Beat != 1 || b.Tied != 1 || b.Lost != 0 || b.Compared != 3 || b.Result != 12.5 {
		t.Fatalf("Bob board 2: %+v", b)
	}
}

// TestMatchpointsMissingBoard: Dan plays board 1 only, Eve nothing.
// A board not played scores nothing: Dan's top on board 1 is 6 of the
// 18 of every board, not 100% of the one board he played.
// The field is Ann, Bob, Cid, Dan (E = 4, top 6); boards 2 and 3 have
// A = 3 results, factored by (M+1)·4/3 - 1: a raw 4 (top of 3) is 17/3,
// a raw 2 is 3, a raw 0 is 1/3.
//
//	board 1: Ann +20 Bob +20 Cid -10 Dan +50  ->  Ann 3, Bob 3, Cid 0, Dan 6
//	board 2: Ann 0 Bob -30 Cid +16             ->  raw 2, 0, 4: Ann 3, Bob 1/3, Cid 17/3
//	board 3: Ann +5 Bob +10 Cid -5             ->  raw 2, 4, 0: Ann 3, Bob 17/3, Cid 1/3
//	Ann 9/18 = 50% and Bob 3+1/3+17/3 = 9/18 = 50% tie; Cid 6/18 and
//	Dan 6/18 = 33.33% tie; Eve last at 0%.
func TestMatchpointsMissingBoard(t *testing.T) {
	st, err := Matchpoints(3, []Entry{
		{"Eve", nil},
		{"Ann", map[int]float64{1: 20, 2: 0, 3: 5}},
		{"Bob", map[int]float64{1: 20, 2: -30, 3: 10}},
		{"Cid", map[int]float64{1: -10, 2: 16, 3: -5}},
		{"Dan", map[int]float64{1: 50}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Top != 6 || st.Field != 4 || st.Entrants != 5 {
		t.Fatalf("top %d field %d entrants %d", st.Top, st.Field, st.Entrants)
	}
	nan := math.NaN()
	checkRows(t, st, []row{
		{"Ann", 1, true, 3, 9, 50, []float64{3, 3, 3}},
		{"Bob", 1, true, 3, 9, 50, []float64{3, 1.0 / 3, 17.0 / 3}},
		{"Cid", 3, true, 3, 6, 100.0 / 3, []float64{0, 17.0 / 3, 1.0 / 3}},
		{"Dan", 3, true, 1, 6, 100.0 / 3, []float64{6, nan, nan}},
		{"Eve", 5, false, 0, 0, 0, []float64{nan, nan, nan}},
	})
	if st.Rows[3].Entry != 4 || st.Rows[4].Entry != 0 {
		t.Fatal("Entry does not index the entries given")
	}
}

// TestMatchpointsSmallFields: one entrant has nobody to beat (50%);
// two who did not play the same board are each alone on their boards.
func TestMatchpointsSmallFields(t *testing.T) {
	st, err := Matchpoints(8, []Entry{{"Solo", map[int]float64{1: 10, 2: -10}}})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, st, []row{{"Solo", 1, false, 2, 0, 50, nil}})
	// Ann alone on board 1, Bob alone on board 2: each gets (0+1)·2/1-1 = 1 of 2,
	// and nothing on the board not played: 1 of 4.
	st, err = Matchpoints(2, []Entry{{"Ann", map[int]float64{1: 10}}, {"Bob", map[int]float64{2: -10}}})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, st, []row{{"Ann", 1, true, 1, 1, 25, nil}, {"Bob", 1, true, 1, 1, 25, nil}})
	st, err = Matchpoints(3, nil)
	if err != nil || len(st.Rows) != 0 || st.Top != 0 {
		t.Fatal(st, err)
	}
}

// TestMatchpointsNamesByNumber: entrants level on percentage are listed
// by name with the numbers in names read as numbers, as people count.
func TestMatchpointsNamesByNumber(t *testing.T) {
	var entries []Entry
	for _, n := range []string{"Friend 10", "Friend 2", "friend 3", "Friend 1", "Friend 02", "Friend", "Friend 11b", "Friend 11a"} {
		entries = append(entries, Entry{n, map[int]float64{1: 5}})
	}
	st, err := Matchpoints(1, entries)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range st.Rows {
		got = append(got, r.Name)
	}
	want := []string{"Friend", "Friend 1", "Friend 02", "Friend 2", "Friend 10", "Friend 11a", "Friend 11b", "friend 3"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("order %q, want %q", got, want)
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"a2", "a10", -1}, {"a10", "a2", 1}, {"a007", "a7", -1}, {"x", "x", 0}, {"9", "a", -1}, {"", "a", -1}} {
		if got := compareNames(c.a, c.b); max(-1, min(1, got)) != c.want {
			t.Errorf("compareNames(%q, %q) = %d, want sign %d", c.a, c.b, got, c.want)
		}
	}
}

func TestMatchpointsRefuses(t *testing.T) {
	for _, c := range []struct {
		boards  int
		entries []Entry
		want    string
	}{
		{0, nil, "0 boards"},
		{MaxBoards + 1, nil, "65 boards"},
		{8, []Entry{{"Ann", map[int]float64{9: 1}}}, "entrant 1 (Ann): board 9 is not one of the 8"},
		{8, []Entry{{"Ann", nil}, {"Bob", map[int]float64{0: 1}}}, "entrant 2 (Bob): board 0"},
		{8, []Entry{{"Ann", map[int]float64{1: math.NaN()}}}, "board 1: result NaN"},
		{8, []Entry{{"Ann", map[int]float64{1: math.Inf(-1)}}}, "result -Inf"},
	} {
		if _, err := Matchpoints(c.boards, c.entries); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one saying %q", err, c.want)
		}
	}
}

// randomField draws entrants with results on a coarse grid (so ties are
// common) and some boards not played.
func randomField(r *rand.Rand, boards int) []Entry {
	es := make([]Entry, 1+r.IntN(12))
	skip := r.Float64() * 0.4
	for i := range es {
		es[i] = Entry{Name: fmt.Sprintf("p%02d", r.IntN(20)), Results: map[int]float64{}}
		for n := 1; n <= boards; n++ {
			if r.Float64() >= skip {
				es[i].Results[n] = float64(r.IntN(9)-4) * 12.5
			}
		}
	}
	return es
}

// TestMatchpointsProperties checks, over many random fields:
//   - on each board the factored matchpoints of those who played sum to
//     A(E-1): the board is worth the same to the field however many
//     played it, and averages half the top; with everyone playing, each
//     score is the plain 2-a-beat count;
//   - Beat+Tied+Lost+1 = Compared, and a board's Beat and Lost agree
//     across entrants;
//   - the order of the entries changes nobody's percentage or rank;
//   - ranks follow percentages, equal ones shared;
//   - raising one result never lowers its own board's matchpoints nor
//     raises anyone else's on that board.
func TestMatchpointsProperties(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(28, 1))
	for it := range n {
		boards := 1 + r.IntN(10)
		es := randomField(r, boards)
		st, err := Matchpoints(boards, es)
		if err != nil {
			t.Fatal(err)
		}
		byEntry := make([]*Standing, len(es))
		for i := range st.Rows {
			byEntry[st.Rows[i].Entry] = &st.Rows[i]
		}
		for b := range boards {
			sum, A := 0.0, 0
			beat, lost := 0, 0
			for _, row := range st.Rows {
				bs := row.Boards[b]
				if !bs.Played {
					continue
				}
				A = bs.Compared
				sum += bs.Matchpoints
				beat += bs.Beat
				lost += bs.Lost
				if bs.Beat+bs.Tied+bs.Lost+1 != bs.Compared {
					t.Fatalf("case %d: counts %+v", it, bs)
				}
				if A == st.Field && bs.Matchpoints != float64(2*bs.Beat+bs.Tied) {
					t.Fatalf("case %d: full board factored: %+v", it, bs)
				}
			}
			if math.Abs(sum-float64(A*(st.Field-1))) > 1e-9 || beat != lost {
				t.Fatalf("case %d board %d: sum %v, want %d; beat %d lost %d", it, b+1, sum, A*(st.Field-1), beat, lost)
			}
		}
		for i := 1; i < len(st.Rows); i++ {
			a, b := st.Rows[i-1], st.Rows[i]
			if b.Played > 0 && a.Percent < b.Percent-1e-9 || a.Played == 0 && b.Played > 0 {
				t.Fatalf("case %d: %v before %v", it, a, b)
			}
			if (a.Rank == b.Rank) != (compareStanding(&a, &b) == 0) || (a.Rank != b.Rank && b.Rank != i+1) {
				t.Fatalf("case %d: ranks %d %d", it, a.Rank, b.Rank)
			}
		}
		// Shuffled entries: same standing for each entry.
		perm := r.Perm(len(es))
		shuf := make([]Entry, len(es))
		for i, p := range perm {
			shuf[i] = es[p]
		}
		st2, err := Matchpoints(boards, shuf)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range st2.Rows {
			orig := byEntry[perm[row.Entry]]
			if row.Rank != orig.Rank || row.Percent != orig.Percent || row.Tied != orig.Tied {
				t.Fatalf("case %d: entry %d: rank %d %.3f%% shuffled, %d %.3f%% not", it, perm[row.Entry], row.Rank, row.Percent, orig.Rank, orig.Percent)
			}
		}
		// Raise one played result.
		i := r.IntN(len(es))
		b := 1 + r.IntN(boards)
		if _, ok := es[i].Results[b]; !ok {
			continue
		}
		up := make([]Entry, len(es))
		copy(up, es)
		up[i].Results = map[int]float64{}
		for k, v := range es[i].Results {
			up[i].Results[k] = v
		}
		up[i].Results[b] += 12.5 * float64(1+r.IntN(3))
		st3, err := Matchpoints(boards, up)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range st3.Rows {
			before := byEntry[row.Entry].Boards[b-1].Matchpoints
			after := row.Boards[b-1].Matchpoints
			if row.Entry == i && after < before || row.Entry != i && after > before {
				t.Fatalf("case %d: raising entry %d on board %d moves entry %d from %v to %v", it, i, b, row.Entry, before, after)
			}
		}
	}
}

// TestMatchpointsNeubergExample: the EBU's example of the Neuberg
// formula, a board played 10 times of 11: a sole top is 19.9 of 20, the
// scores go down by 2.2, and a sole bottom is 0.1.
func TestMatchpointsNeubergExample(t *testing.T) {
	es := []Entry{{"absent", map[int]float64{2: 0}}}
	for i := range 10 {
		es = append(es, Entry{fmt.Sprintf("p%d", i), map[int]float64{1: float64(10 * i), 2: 0}})
	}
	st, err := Matchpoints(2, es)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range st.Rows {
		if row.Name == "absent" {
			continue
		}
		i := int(row.Name[1] - '0')
		want := 0.1 + 2.2*float64(i)
		if got := row.Boards[0].Matchpoints; math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: %v, want %v", row.Name, got, want)
		}
	}
}
