package rules

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Deal kperft: the legal card-play sequences of fixed three- and
// four-handed deals, counted by length in plies from the first lead and,
// along the line of first legal cards, from later trick starts to the
// end of the deal. Two counters must agree: the engine (runNaive of
// kperft_test.go: Deal's AppendLegal, a clone, Apply) and refPerft, a slow reference written
// straight from docs/rules.md sections 6, 12 and 13 (refTableLegal, refWinner)
// that shares nothing with the engine's masks and tables. The counts are
// golden values in testdata/kperft_table.golden (-update rewrites it).

type tableKperftDeal struct {
	name    string
	players int
	dealer  Seat
	seed    uint64 // the deck: Shuffle(PCG(seed, 0))
	bids    string // the bidding, comma separated; the dix and the dialogue are declined
	depth   int    // plies counted from the first lead
}

var tableKperftDeals = []tableKperftDeal{
	{"three-take", 3, 2, 1, "A: take", 10},
	{"three-round-two", 3, 0, 2, "B: pass, C: pass, A: pass, B: pass, C: name S", 10},
	{"four-take", 4, 3, 3, "A: pass, B: take", 11},
	{"four-no-trumps", 4, 3, 4, "A: pass, B: pass, C: pass, D: pass, A: name NT", 11},
	{"four-dealer-upcard", 4, 1, 5, "C: pass, D: pass, A: pass, B: pass, C: pass, D: pass, A: pass", 11},
}

// start returns the deal at its first lead.
func (k tableKperftDeal) start(t *testing.T) Deal {
	t.Helper()
	o := DefaultOptions()
	o.Players = k.players
	tb := NewDeal(o, k.dealer, Shuffle(rand.New(rand.NewPCG(k.seed, 0))))
	tdo(t, &tb, strings.Split(k.bids, ", ")...)
	if k.name == "four-dealer-upcard" {
		tdo(t, &tb, "B: name "+tb.OrigUpcard().Suit().String())
	}
	for tb.Phase() == PhaseDix {
		tdo(t, &tb, tb.Turn().String()+": no-exchange")
	}
	for tb.Phase() == PhaseSequences {
		a := simple(NoSequence)
		if tb.claimant != NoSeat {
			a = simple(Good)
		}
		if err := tb.Apply(a); err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
	}
	if tb.Phase() != PhasePlay {
		t.Fatalf("%s: the bidding reaches %s, not the first lead", k.name, tb.Phase())
	}
	return tb
}

// refState is card play as docs/rules.md tells it: hands, the trick so far,
// who led it.
type refState struct {
	n      int
	hands  [4]CardSet
	trick  []Card
	leader int
	trump  Suit
}

// refWinner returns the position in the trick of the winning card:
// the highest trump, else the highest card of the led suit, by the
// orders of docs/rules.md section 1 (no trumps: the plain order for every
// suit).
func refWinner(trick []Card, trump Suit) int {
	trumpOrder := "J9ATKQ87"
	plainOrder := "ATKQJ987"
	rank := func(c Card) int {
		if c.Suit() == trump {
			return 100 - strings.IndexByte(trumpOrder, c.Rank().String()[0])
		}
		if c.Suit() == trick[0].Suit() {
			return 50 - strings.IndexByte(plainOrder, c.Rank().String()[0])
		}
		return 0
	}
	w := 0
	for i := range trick {
		if rank(trick[i]) > rank(trick[w]) {
			w = i
		}
	}
	return w
}

func refPerft(s refState, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	seat := (s.leader + len(s.trick)) % s.n
	var n uint64
	for _, c := range refTableLegal(s.hands[seat], s.trick, s.trump).Cards() {
		t := s
		t.hands[seat] = t.hands[seat].Without(c)
		t.trick = append(append([]Card(nil), s.trick...), c)
		if len(t.trick) == s.n {
			t.leader = (s.leader + refWinner(t.trick, s.trump)) % s.n
			t.trick = nil
		}
		n += refPerft(t, depth-1)
	}
	return n
}

func refStart(tb *Deal) refState {
	p := tb.Play()
	tr, _ := tb.Trick()
	return refState{n: tb.Players(), hands: p.Hands, trick: append([]Card(nil), tr...), leader: int(p.Leader), trump: p.Trump}
}

func TestKperftSeats(t *testing.T) {
	var lines []string
	for _, k := range tableKperftDeals {
		tb := k.start(t)
		maxDepth := k.depth
		if testing.Short() {
			maxDepth -= 4
		}
		for depth := 1; depth <= maxDepth; depth++ {
			e := runNaive(tb, depth)
			if r := refPerft(refStart(&tb), depth); r != e {
				t.Errorf("%s: depth %d: engine %d, reference %d", k.name, depth, e, r)
			}
			lines = append(lines, fmt.Sprintf("%s\t%d\t%d", k.name, depth, e))
		}
		// From the last four trick starts to the end of the deal.
		total := map[int]int{3: 9, 4: 8}[k.players]
		for tricks := total - 4; tricks < total; tricks++ {
			e := kperftLine(tb, tricks)
			left := (total - tricks) * k.players
			got := runNaive(e, left)
			if r := refPerft(refStart(&e), left); r != got {
				t.Errorf("%s: %d tricks in: engine %d, reference %d", k.name, tricks, got, r)
			}
			if got == 0 || runNaive(e, left+1) != 0 {
				t.Errorf("%s: %d tricks in: %d sequences to the end, or some past it", k.name, tricks, got)
			}
			lines = append(lines, fmt.Sprintf("%s@%d\t%d\t%d", k.name, tricks, left, got))
		}
	}
	path := filepath.Join("testdata", "kperft_table.golden")
	head := "# Deal kperft: legal card-play sequences of each length (plies, bella not a separate move)\n" +
		"# from the first lead of each deal of rules/kperft_seats_test.go, and (deal@tricks) from\n" +
		"# later trick starts to the end. Regenerate: go test ./rules -run TestKperftSeats -update\n" +
		"# deal\tplies\tsequences\n"
	if *update {
		if testing.Short() {
			t.Fatal("-update needs the full depth: run without -short")
		}
		if err := os.WriteFile(path, []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./rules -run TestKperftSeats -update)", err)
	}
	want := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			want[l] = true
		}
	}
	for _, l := range lines {
		if !want[l] {
			t.Errorf("count %q is not the golden one in %s", l, path)
		}
	}
	if !testing.Short() && len(want) != len(lines) {
		t.Errorf("%s holds %d counts, the test computed %d", path, len(want), len(lines))
	}
}
