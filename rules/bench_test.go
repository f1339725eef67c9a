package rules

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// Speed targets, on the project's 2-core machine:
//   - BenchmarkPlayout: a random two-player card-play playout of a
//     whole deal (Duel), 160 ns or less;
//   - BenchmarkRandomDeal: shuffle, deal, bidding, dix, dialogue, play
//     and scoring through the checked path, 1 µs or less with two;
//   - BenchmarkDealApplyPlay: 0 allocations per card played.
// Run: go test ./rules -run '^$' -bench . -benchmem -count=5

// benchPlays returns n deals at their first lead, reached by random
// legal actions from decks shuffled with a fixed seed.
func benchPlays(n int) []Deal {
	r := rand.New(rand.NewPCG(7, 11))
	var out []Deal
	for len(out) < n {
		d := NewDeal(DefaultOptions(), Seat(r.IntN(2)), Shuffle(r))
		for !d.Over() && d.Phase() != PhasePlay {
			l := d.Legal()
			if err := d.Apply(l[r.IntN(len(l))]); err != nil {
				panic(err)
			}
		}
		if d.Phase() == PhasePlay {
			out = append(out, d)
		}
	}
	return out
}

// benchDuels returns the card play of n two-player deals at their first
// lead, packed for search (Duel).
func benchDuels(n int) []Duel {
	var out []Duel
	for _, d := range benchPlays(n) {
		out = append(out, d.Play().Duel())
	}
	return out
}

// benchPositions returns 1024 card-play positions from every stage of
// random playouts.
func benchPositions() []Deal {
	p := rand.NewPCG(3, 5)
	var out []Deal
	for _, d := range benchPlays(64) {
		for !d.Over() && len(out) < 1024 {
			out = append(out, d)
			l := d.Legal()
			if err := d.Apply(l[pick(p, len(l))]); err != nil {
				panic(err)
			}
		}
	}
	for len(out) < 1024 {
		out = append(out, out[len(out)%64])
	}
	return out
}

// pick returns a number in [0, n) from one PCG step (multiply-shift; the
// bias, below n/2^64, is nothing for a benchmark).
func pick(p *rand.PCG, n int) int {
	hi, _ := bits.Mul64(p.Uint64(), uint64(n))
	return int(hi)
}

// BenchmarkPlayLegal: the legal cards at a card-play position (one op
// is one Duel.Legal).
func BenchmarkPlayLegal(b *testing.B) {
	ds := benchPositions()
	plays := make([]Duel, len(ds))
	for i := range ds {
		plays[i] = ds[i].play.Duel()
	}
	b.ReportAllocs()
	b.ResetTimer()
	var sink CardSet
	for i := 0; i < b.N; i++ {
		sink ^= plays[i&1023].Legal()
	}
	_ = sink
}

// BenchmarkDealAppendLegal: the legal actions at a card-play position
// through the Deal, bella variants included, into a reused buffer (one
// op is one call).
func BenchmarkDealAppendLegal(b *testing.B) {
	deals := benchPositions()
	buf := make([]Action, 0, 16)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		buf = deals[i&1023].AppendLegal(buf[:0])
		n += len(buf)
	}
	_ = n
}

// BenchmarkPlayout: a random card-play playout of a whole deal with
// Duel.Playout (one op is all 18 cards, each drawn uniformly from the
// legal ones).
func BenchmarkPlayout(b *testing.B) {
	benchPlayouts(b, func(p *Duel, src *rand.PCG) { p.Playout(src) })
}

// BenchmarkPlayoutStepwise: the same playout one card at a time with
// the search primitives, Legal, Nth and Move (one op is 18 cards).
func BenchmarkPlayoutStepwise(b *testing.B) {
	benchPlayouts(b, func(p *Duel, src *rand.PCG) {
		for k := 0; k < 18; k++ {
			m := p.Legal()
			p.Move(m.Nth(pick(src, m.Count())))
		}
	})
}

// benchPlayouts times playout over 64 fixed two-handed starts, taken in
// turn, each op playing a fresh copy of one to the end.
func benchPlayouts(b *testing.B, playout func(p *Duel, src *rand.PCG)) {
	starts := benchDuels(64)
	src := rand.NewPCG(1, 2)
	var p Duel // one copy, reused: a fresh one each op would be allocated
	b.ReportAllocs()
	b.ResetTimer()
	var sink int16
	for i := 0; i < b.N; i++ {
		p = starts[i&63]
		playout(&p, src)
		sink += p.Points[0]
	}
	_ = sink
}

// BenchmarkDealApplyPlay: one card played through the checked
// Deal.Apply, with its AppendLegal (one op is one card; allocs/op is the
// allocations per move).
func BenchmarkDealApplyPlay(b *testing.B) {
	starts := benchPlays(64)
	var buf [16]Action
	b.ReportAllocs()
	b.ResetTimer()
	k := 0
	var d Deal
	for i := 0; i < b.N; i++ {
		if i%18 == 0 {
			d = starts[k&63]
			k++
		}
		l := d.AppendLegal(buf[:0])
		if err := d.Apply(l[i%len(l)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCardPlayAllocatesNothing: the allocation target, checked in the
// default test run too.
func TestCardPlayAllocatesNothing(t *testing.T) {
	start := benchPlays(1)[0]
	var buf [16]Action
	src := rand.NewPCG(4, 4)
	allocs := testing.AllocsPerRun(100, func() {
		d := start
		for !d.Over() {
			l := d.AppendLegal(buf[:0])
			if err := d.Apply(l[pick(src, len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		p := start.play
		p.Playout(src)
	})
	if allocs != 0 {
		t.Errorf("card play allocates %v times a deal, want 0", allocs)
	}
}
