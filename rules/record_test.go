package rules

import (
	"bufio"
	"fmt"
	"hash"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// The recorded games: 10,000 random games to the target for each seat
// count, every rule option drawn at random where the seat count allows
// it, played action by action with a seeded random choice among the
// legal actions. testdata/games.golden holds a digest of every ten
// games: the legal list at every step, the action taken, and each deal's
// ending and score. The digests were written by the engines before the
// two-player and table engines became one (two players without a house
// variant by both, which agreed; the house variants, which the old
// two-player engine ignored, by the table engine), so the one engine
// must play every game exactly as they did. They played before an
// opening "announce 20" below a 50 was allowed: the games leave it out
// (belowBest), and TestMeldBoundFitsRandomGames plays it.

const (
	recordedGames = 10000 // per seat count
	recordBlock   = 10    // games a digest line covers
	recordFile    = "testdata/games.golden"
)

// recordedOptions draws the options of game i at a table of n.
func recordedOptions(r *rand.Rand, n int) Options {
	o := DefaultOptions()
	o.Players = n
	o.BottomCard = r.IntN(4) != 0
	o.SequenceRank = SeqRank(r.IntN(2))
	o.MeldsNeedTrick = r.IntN(4) != 0
	o.LastTrick = []int{10, 10, 0, 25}[r.IntN(4)]
	o.Target = []int{500, 300, 150, 1000}[r.IntN(4)]
	variants := r.IntN(3) != 0 // a third of the games plays none
	o.OfAKind = variants && r.IntN(2) == 0
	o.Menage = variants && r.IntN(2) == 0
	o.DealerForced = variants && r.IntN(2) == 0
	o.Bimah = o.DealerForced && r.IntN(2) == 0
	o.Shlomo = variants && n >= 3 && r.IntN(2) == 0
	o.Cleopatra = variants && n == 4 && r.IntN(2) == 0
	return o
}

// randomDeals plays, as a subtest for each seat count, deals random
// deals (short of them with -short), the i-th with its own generator r
// seeded from the seat count, i and salt, every option drawn at random
// and a random dealer. play plays deal d out and returns how often the
// case the test is after (what) came up in it; a seat count where it
// never did fails, as the case is not played.
func randomDeals(t *testing.T, deals, short int, salt uint64, what string, play func(t *testing.T, i int, r *rand.Rand, opts Options, d *Deal) int) {
	if testing.Short() {
		deals = short
	}
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			seen := 0
			for i := range deals {
				r := rand.New(rand.NewPCG(uint64(n), uint64(i)+salt<<32))
				opts := recordedOptions(r, n)
				d := NewGameDeal(opts, Seat(r.IntN(n)), Shuffle(r), [4]int{})
				seen += play(t, i, r, opts, &d)
			}
			if seen == 0 {
				t.Errorf("no %s in %d deals: the case is not played", what, deals)
			}
		})
	}
}

// gameDigest writes what a recorded game shows to h.
type gameDigest struct{ h hash.Hash64 }

func (d gameDigest) step(legal []Action, chosen int) {
	for _, a := range legal {
		d.h.Write([]byte(a.String()))
		d.h.Write([]byte{','})
	}
	fmt.Fprintf(d.h, "%d;", chosen)
}

func (d gameDigest) dealOver(e Ending, sc Score, totals [4]int) {
	fmt.Fprintf(d.h, "end %d %d %v %v %v|", e, sc.Outcome, sc.Total, sc.Scored, totals)
}

// playRecorded plays recorded game i at a table of n into d.
func playRecorded(n, i int, d gameDigest) {
	r := rand.New(rand.NewPCG(uint64(n), uint64(i)))
	opts := recordedOptions(r, n)
	dealer := Seat(r.IntN(n))
	var totals [4]int
	for deal := 0; deal < 200; deal++ {
		t := NewGameDeal(opts, dealer, Shuffle(r), totals)
		var buf [40]Action
		for !t.Over() {
			legal := slices.DeleteFunc(t.AppendLegal(buf[:0]), func(a Action) bool { return belowBest(&t, a) })
			k := r.IntN(len(legal))
			d.step(legal, k)
			if err := t.ApplyAs(t.Turn(), legal[k]); err != nil {
				panic(err)
			}
		}
		sc := t.Score()
		for s := range sc.Sides() {
			totals[s] += sc.Scored[s]
		}
		d.dealOver(t.Ending(), sc, totals)
		if SideWinner(totals[:sc.Sides()], opts.Target) >= 0 {
			return
		}
		dealer = NextDealer(dealer, n)
	}
}

// belowBest reports whether a is an opening "announce 20" by a player
// whose best meld is a 50.
func belowBest(t *Deal, a Action) bool {
	return a.Kind == Announce && a.N == 20 && t.BestMeld(t.Turn()).Value() == 50
}

func recordDigests(n, games int, play func(n, i int, d gameDigest)) []uint64 {
	var out []uint64
	for b := 0; b*recordBlock < games; b++ {
		h := fnv.New64a()
		for i := b * recordBlock; i < (b+1)*recordBlock; i++ {
			play(n, i, gameDigest{h})
		}
		out = append(out, h.Sum64())
	}
	return out
}

func readRecord(t *testing.T) map[int][]uint64 {
	t.Helper()
	f, err := os.Open(recordFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int][]uint64{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		var n, b int
		var h uint64
		if _, err := fmt.Sscanf(sc.Text(), "%d %d %x", &n, &b, &h); err != nil || b != len(out[n]) {
			t.Fatalf("%s:%d: %q is not the next digest line", recordFile, line, sc.Text())
		}
		out[n] = append(out[n], h)
	}
	return out
}

func TestRandomGamesMatchRecord(t *testing.T) {
	games := recordedGames
	if testing.Short() {
		// The first 200 games of each seat count: every option is
		// drawn on in dozens of them.
		games = 200
	}
	if *update {
		writeRecord(t)
		return
	}
	want := readRecord(t)
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			if len(want[n])*recordBlock != recordedGames {
				t.Fatalf("%s holds %d games of %d players, want %d", recordFile, len(want[n])*recordBlock, n, recordedGames)
			}
			got := recordDigests(n, games, playRecorded)
			for b, h := range got {
				if h != want[n][b] {
					t.Fatalf("games %d to %d of %d players differ from the record: digest %016x, recorded %016x",
						b*recordBlock, (b+1)*recordBlock-1, n, h, want[n][b])
				}
			}
		})
	}
}

// writeRecord rewrites the record (go test -run TestRandomGamesMatchRecord
// -update): only for a change of the rules that changes these games.
func writeRecord(t *testing.T) {
	var b strings.Builder
	b.WriteString("# seats block fnv64a: see record_test.go\n")
	for n := 2; n <= 4; n++ {
		for i, h := range recordDigests(n, recordedGames, playRecorded) {
			fmt.Fprintf(&b, "%d %d %016x\n", n, i, h)
		}
	}
	if err := os.WriteFile(recordFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
