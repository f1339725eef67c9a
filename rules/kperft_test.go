package rules

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite rules/testdata/kperft.golden from the counts computed")

// kperft ("card perft", after the chess engines' perft) counts the legal
// card-play sequences from the first lead of a fixed deal, by length in
// plies (cards played; the bella flag is not a separate move). Two
// counters must agree: a naive recursion over the checked Deal path
// (AppendLegal, a clone, Apply) and a memoised one over the fast Duel
// path (Legal, Move) keyed at trick starts on both hands and the leader.
// The counts are checked in as golden values.

// kperftDeal is a deal given as its deck and the actions that reach the
// first lead.
type kperftDeal struct {
	name    string
	dealer  Seat
	deck    string
	actions string // comma separated, ParseAction notation
}

var kperftDeals = []kperftDeal{
	{"index-order", SeatB, NewDeck().String(), "take, exchange, announce 50, good"},
	{"made", SeatB,
		"7C 9C TC KC 8D 9D AC KD JH QD AD 7H 7D KH AH TS QH QS AS 8C JC QC TD JD 8H 9H TH 7S 8S 9S JS KS",
		"pass, pass, name H, no-sequence, no-sequence"},
	{"schmeiss-refused", SeatA,
		"QS 7D JC 8H AS 9C KD TD 7H 9S QC AD KC 8S TS 8C JS JH QD 9D TH AH 7C 8D KS 7S QH KH AC TC 9H JD",
		"pass, schmeiss, refuse, no-exchange, no-exchange, no-sequence, no-sequence"},
	{"round-two", SeatB,
		"8D 9S 7C QH KS JH AD 8C 7S TC 9D AH JD QS 8S TH KH 7D 9H AS KD QC KC QD TS 7H JS 8H 9C AC TD JC",
		"pass, pass, pass, name S, no-sequence, no-sequence"},
}

// start returns the deal at its first lead.
func (k kperftDeal) start(t *testing.T) Deal {
	t.Helper()
	deck, err := ParseDeck(k.deck)
	if err != nil {
		t.Fatalf("%s: %v", k.name, err)
	}
	d := NewDeal(DefaultOptions(), k.dealer, deck)
	for _, s := range strings.Split(k.actions, ",") {
		a, err := ParseAction(s)
		if err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		if err := d.Apply(a); err != nil {
			t.Fatalf("%s: %s: %v", k.name, s, err)
		}
	}
	if d.Phase() != PhasePlay || d.play.Tricks != 0 || d.play.Lead() != NoCard {
		t.Fatalf("%s: the actions reach %s, not the first lead", k.name, d.Phase())
	}
	return d
}

// naivePerft counts the card-play sequences of exactly depth plies from
// d through the checked path.
func naivePerft(d *Deal, depth int, buf [][]Action) uint64 {
	if depth == 0 || d.Over() {
		if depth == 0 {
			return 1
		}
		return 0
	}
	legal := d.AppendLegal(buf[depth][:0])
	var n uint64
	for _, a := range legal {
		if a.Bella {
			continue // the same card as the plain play before it
		}
		c := *d
		if err := c.Apply(a); err != nil {
			panic(fmt.Sprintf("legal %s refused: %v", a, err))
		}
		n += naivePerft(&c, depth-1, buf)
	}
	return n
}

func runNaive(d Deal, depth int) uint64 {
	buf := make([][]Action, depth+1)
	for i := range buf {
		buf[i] = make([]Action, 0, 16)
	}
	return naivePerft(&d, depth, buf)
}

// perftKey is a trick start: both hands and the leader.
type perftKey struct {
	hands  [2]CardSet
	leader Seat
}

// memoPerft counts, from a trick start, the sequences of every length:
// the result's k-th entry is the number of sequences of k plies.
type memoPerft map[perftKey]*[19]uint64

func (m memoPerft) counts(p Duel) *[19]uint64 {
	key := perftKey{p.Hands, p.Leader}
	if c, ok := m[key]; ok {
		return c
	}
	var c [19]uint64
	c[0] = 1
	for leads := p.Legal(); leads != 0; leads &= leads - 1 {
		q := p
		q.Move(leads.First())
		c[1]++
		for follows := q.Legal(); follows != 0; follows &= follows - 1 {
			r := q
			r.Move(follows.First())
			sub := m.counts(r)
			for k := 0; k+2 < len(c); k++ {
				c[k+2] += sub[k]
			}
		}
	}
	m[key] = &c
	return &c
}

// kperftLine plays the first legal card at every ply from a trick start
// to the start of trick number tricks: the line along which the
// counters are compared at later trick starts.
func kperftLine(d Deal, tricks int) Deal {
	for d.play.Tricks < uint8(tricks) {
		if err := d.Apply(d.Legal()[0]); err != nil {
			panic(err)
		}
	}
	return d
}

// TestKperft: the memoised counter matches the golden counts at every
// depth, and the naive counter agrees with it from the start to depth 6
// and from the trick starts 3 to 8 to the end of the deal; under -short
// to depth 5 and from trick 4 (the naive counts were most of the time).
func TestKperft(t *testing.T) {
	golden := map[string][19]uint64{}
	naiveDepth, firstTrick := 6, 3
	if testing.Short() {
		naiveDepth, firstTrick = 5, 4
	}
	for _, k := range kperftDeals {
		d := k.start(t)
		m := memoPerft{}
		counts := *m.counts(d.play.Duel())
		golden[k.name] = counts
		// The naive counter agrees from the start to a modest depth...
		for depth := 1; depth <= naiveDepth; depth++ {
			if got := runNaive(d, depth); got != counts[depth] {
				t.Errorf("%s: depth %d: naive %d, memoised %d", k.name, depth, got, counts[depth])
			}
		}
		// ...and to the end of the deal from trick starts further in.
		for tricks := firstTrick; tricks <= 8; tricks++ {
			e := kperftLine(d, tricks)
			left := 18 - 2*tricks
			memo := m.counts(e.play.Duel())[left]
			if memo == 0 {
				t.Errorf("%s: %d tricks in: no sequence to the end", k.name, tricks)
			}
			if got := runNaive(e, left); got != memo {
				t.Errorf("%s: %d tricks in: naive %d, memoised %d", k.name, tricks, got, memo)
			}
			// A sequence longer than the deal does not exist.
			if got := runNaive(e, left+1); got != 0 {
				t.Errorf("%s: %d tricks in: %d sequences past the end", k.name, tricks, got)
			}
		}
	}
	path := filepath.Join("testdata", "kperft.golden")
	if *update {
		writeKperft(t, path, golden)
		return
	}
	want := readKperft(t, path)
	for _, k := range kperftDeals {
		got := golden[k.name]
		w, ok := want[k.name]
		if !ok {
			t.Errorf("%s: not in %s (run go test ./rules -run TestKperft -update)", k.name, path)
			continue
		}
		for depth := 1; depth <= 18; depth++ {
			if got[depth] != w[depth] {
				t.Errorf("%s: kperft(%d) = %d, golden %d", k.name, depth, got[depth], w[depth])
			}
		}
	}
	if len(want) != len(kperftDeals) {
		t.Errorf("%s holds %d deals, the test %d", path, len(want), len(kperftDeals))
	}
}

func writeKperft(t *testing.T, path string, counts map[string][19]uint64) {
	var b strings.Builder
	b.WriteString("# kperft: legal card-play sequences of each length (plies, bella not a separate\n")
	b.WriteString("# move) from the first lead of each deal of rules/kperft_test.go.\n")
	b.WriteString("# Regenerate: go test ./rules -run TestKperft -update\n")
	b.WriteString("# deal\tplies\tsequences\n")
	for _, k := range kperftDeals {
		for depth := 1; depth <= 18; depth++ {
			fmt.Fprintf(&b, "%s\t%d\t%d\n", k.name, depth, counts[k.name][depth])
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readKperft(t *testing.T, path string) map[string][19]uint64 {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./rules -run TestKperft -update)", err)
	}
	defer f.Close()
	out := map[string][19]uint64{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fs := strings.Split(s, "\t")
		if len(fs) != 3 {
			t.Fatalf("%s:%d: want deal, plies and count separated by tabs", path, line)
		}
		depth, err1 := strconv.Atoi(fs[1])
		n, err2 := strconv.ParseUint(fs[2], 10, 64)
		if err1 != nil || err2 != nil || depth < 1 || depth > 18 {
			t.Fatalf("%s:%d: bad plies or count", path, line)
		}
		c := out[fs[0]]
		c[depth] = n
		out[fs[0]] = c
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
