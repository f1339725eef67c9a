package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// FuzzApply drives a deal of two, three or four players from bytes: the
// first two pick the options (house variants too), the seat count and
// the dealer, the next 31 shuffle the deck, then each pair either
// picks a legal action or builds an arbitrary one. Whatever comes, Apply
// never panics, refuses exactly what IsLegal refuses (with an
// *IllegalError, the deal unchanged), and the cards stay each in one
// place; a deal played out scores as docs/rules.md says.
func FuzzApply(f *testing.F) {
	for _, seed := range fuzzApplySeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzApplyDeal(t, data)
	})
}

// fuzzApplySetup decodes the deal FuzzApply plays from the head of data:
// the options, the seat count, the dealer and the shuffle. It returns
// the fresh deal and the bytes left for the actions.
func fuzzApplySetup(data []byte) (Deal, []byte) {
	players := 2
	if len(data) > 1 {
		players += int(data[1]>>5) % 3
	}
	o := DefaultOptions()
	o.Players = players
	b := data[0]
	o.SequenceRank = SeqRank(b & 1)
	o.MeldsNeedTrick = b&2 == 0
	o.OfAKind = b&4 != 0
	o.Menage = b&8 != 0
	o.DealerForced = b&16 != 0
	o.Bimah = b&32 != 0
	o.BottomCard = b&64 == 0
	dealer := Seat(int(b>>6) % players)
	data = data[1:]
	if len(data) > 0 {
		// A second byte: the declarations, and the dealer again.
		o.Shlomo, o.Cleopatra = data[0]&1 != 0, data[0]&2 != 0
		dealer = Seat(int(data[0]>>2) % players)
		data = data[1:]
	}
	deck := NewDeck()
	for i := 31; i > 0; i-- {
		var x byte
		if len(data) > 0 {
			x, data = data[0], data[1:]
		}
		j := int(x) % (i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	return NewDeal(o, dealer, deck), data
}

// fuzzApplyDeal is FuzzApply's body: it plays data's deal, checking
// every step, and returns the deal where the bytes ran out or it ended.
func fuzzApplyDeal(t testing.TB, data []byte) Deal {
	if len(data) == 0 {
		return Deal{}
	}
	tb, data := fuzzApplySetup(data)
	for len(data) >= 2 && !tb.Over() {
		x, y := data[0], data[1]
		data = data[2:]
		legal := tb.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal action in %s", tb.Phase())
		}
		var a Action
		if x&0x80 == 0 {
			a = legal[int(y)%len(legal)]
		} else {
			a = Action{Kind: Kind(x & 0x1f), Card: Card(y & 0x3f), Suit: Suit(y >> 5 & 7), Rank: Rank(y & 7),
				N: []uint8{20, 50, 3, 5, 0, 30, 8, 9}[y>>5&7], Bella: x&0x40 != 0}
			if x&0x20 == 0 {
				a = a.canonical()
			}
		}
		before := tb
		err := tb.Apply(a)
		if before.IsLegal(a) != (err == nil) {
			t.Fatalf("%v: IsLegal %v but Apply returned %v", a, before.IsLegal(a), err)
		}
		if err != nil {
			if tb != before {
				t.Fatalf("refused %v changed the deal", a)
			}
			if ie, ok := err.(*IllegalError); !ok || ie.Err == nil || ie.Reason == "" || ie.Action != a {
				t.Fatalf("refused %v: error %#v", a, err)
			}
			continue
		}
		if !isLegalIn(legal, a) {
			t.Fatalf("%v accepted but not in Legal %v", a, legal)
		}
		if err := checkTablePlaces(&tb); err != nil {
			t.Fatal(err)
		}
		if s := tb.Turn(); s == ChanceSeat {
			if v := tb.View(s); v.Legal() != nil || v.Hand != 0 {
				t.Fatalf("a view at the chance step offers %v", v.Legal())
			}
		} else if s != NoSeat {
			v := tb.View(s)
			if !slices.Equal(v.Legal(), tb.Legal()) {
				t.Fatalf("view legal %v, deal legal %v", v.Legal(), tb.Legal())
			}
		}
	}
	if tb.Over() {
		if err := checkTableScore(&tb); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// fuzzApplySeeds returns FuzzApply's seeds: a few written by hand, then
// for two, three and four players and several option bytes (shlomo and
// cleopatra on among them) deals played out to their score.
func fuzzApplySeeds() [][]byte {
	seeds := [][]byte{
		{0},
		[]byte("\x00\x03 shlomo and cleopatra on, the first legal action every time\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
		[]byte("\x00 a deal driven by the first legal action every time\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
		[]byte("\xffshuffled by these thirty-one bytes!!\x80\x01\x81\x02\x83\x05\x90\x11\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18"),
		[]byte("\x5a\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0\xef\xee\xed\xec\xeb\xea\xe9\xe8\xe7\xe6\xe5\xe4\xe3\xe2\xe1\x01\x02\x01\x02\x01\x02\xc1\x22\xc3\x44\x01\x01\x01\x01\x01\x01\x01\x01"),
	}
	// Option bytes: the defaults; menage, of-a-kind and sequences by
	// length with melds scored without a trick; dealer forced with bimah
	// and no bottom card. For each, four deals per seat count: one made,
	// one bete, and two with shlomo and cleopatra on (0x03) where a
	// player declares, cleopatra at four in the first and shlomo in the
	// second. Each is the first shuffle from k+opt that comes out so.
	for _, opt := range []byte{0x00, 0x0f, 0x70} {
		for players := 2; players <= 4; players++ {
			for k := range byte(4) {
				decl := (k&1)*3 | k<<2
				want := func(tb Deal) bool {
					switch {
					case k == 0:
						return tb.Score().Outcome == Made
					case k == 2:
						return tb.Score().Outcome == Bete
					case players == 2:
						return true
					case k == 1 && players == 4:
						return declared(tb, Cleopatra)
					}
					return declared(tb, Shlomo)
				}
				seed, tb := playedOutSeed(opt, players, decl, k+opt)
				for shuffle := k + opt + 1; shuffle != k+opt && !want(tb); shuffle++ {
					seed, tb = playedOutSeed(opt, players, decl, shuffle)
				}
				seeds = append(seeds, seed)
			}
		}
	}
	return seeds
}

// declared reports whether a player of tb declared kind.
func declared(tb Deal, kind Kind) bool {
	for _, st := range tb.Steps() {
		if st.Action.Kind == kind {
			return true
		}
	}
	return false
}

// playedOutSeed returns bytes FuzzApply decodes as a deal of players
// seats with the option byte opt and the declarations byte decl (its
// low two bits shlomo and cleopatra, the rest the dealer), shuffled by
// 31 bytes made from shuffle, and played to its score: each action the
// first legal one, a declaration or a bid for trump preferred to a pass
// so that the deal is not thrown in. It returns the deal played too.
func playedOutSeed(opt byte, players int, decl, shuffle byte) ([]byte, Deal) {
	data := []byte{opt, byte(players-2)<<5 | decl&0x1f}
	x := uint32(shuffle)*2654435761 + 1
	for range 31 {
		x = x*1103515245 + 12345
		data = append(data, byte(x>>16))
	}
	tb, _ := fuzzApplySetup(data)
	for !tb.Over() {
		legal := tb.Legal()
		pick := 0
		for i, a := range legal {
			switch a.Kind {
			case Shlomo, Cleopatra, Take, Refuse, Name:
				pick = i
			default:
				continue
			}
			break
		}
		data = append(data, 0, byte(pick))
		if err := tb.Apply(legal[pick]); err != nil {
			panic(err)
		}
	}
	return data, tb
}

// TestFuzzApplyCoverage decodes every seed and corpus entry of FuzzApply
// as the fuzzer does and asserts that together they reach every seat
// count, shlomo and (at four) cleopatra declared, and deals played out
// to a made and a bete score at each seat count: the checks of a deal's
// end run in every go test, not only when fuzzing.
func TestFuzzApplyCoverage(t *testing.T) {
	inputs := fuzzApplySeeds()
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzApply", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		data, err := readFuzzCorpusBytes(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, data)
	}
	type reach struct {
		players  int
		outcome  Outcome
		declared Kind
	}
	seen := map[reach]bool{}
	for _, data := range inputs {
		tb := fuzzApplyDeal(t, data)
		if tb.n == 0 {
			continue
		}
		seen[reach{players: int(tb.n)}] = true
		if tb.Over() {
			seen[reach{players: int(tb.n), outcome: tb.Score().Outcome}] = true
		}
		for _, st := range tb.Steps() {
			if k := st.Action.Kind; k == Shlomo || k == Cleopatra {
				seen[reach{players: int(tb.n), declared: k}] = true
			}
		}
	}
	want := []reach{{players: 3, declared: Shlomo}, {players: 4, declared: Shlomo}, {players: 4, declared: Cleopatra}}
	for players := 2; players <= 4; players++ {
		want = append(want, reach{players: players}, reach{players: players, outcome: Made}, reach{players: players, outcome: Bete})
	}
	for _, r := range want {
		if seen[r] {
			continue
		}
		switch {
		case r.declared != NoAction:
			t.Errorf("no seed or corpus entry of %d players declares %s", r.players, Action{Kind: r.declared})
		case r.outcome != Undecided:
			t.Errorf("no seed or corpus entry of %d players is %s", r.players, r.outcome)
		default:
			t.Errorf("no seed or corpus entry has %d players", r.players)
		}
	}
}

// readFuzzCorpusBytes reads a corpus file of a fuzz target taking one
// []byte: the header line, then []byte("...") in Go's quoted form.
func readFuzzCorpusBytes(name string) ([]byte, error) {
	text, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		return nil, fmt.Errorf("%s: not a corpus file of one value", name)
	}
	q, ok := strings.CutPrefix(lines[1], "[]byte(")
	if q, ok = strings.CutSuffix(q, ")"); !ok {
		return nil, fmt.Errorf("%s: not a []byte value: %q", name, lines[1])
	}
	s, err := strconv.Unquote(q)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return []byte(s), nil
}
