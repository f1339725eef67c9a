package claim

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// TestTakesAllAgreesWithReference: on random positions of every seat
// count, mid-trick ones among them, under each trump and no trumps,
// the search answers as the reference search for every claimer.
func TestTakesAllAgreesWithReference(t *testing.T) {
	cases := []positionCase{{2, 8, 600}, {3, 8, 600}, {4, 7, 3000}}
	runPositions(t, 11, cases, func(t *testing.T, r *rand.Rand, tc positionCase) {
		var yes, no int
		eachPosition(r, tc, func(d rules.Deal) {
			p := d.Play()
			for _, trump := range []rules.Suit{p.Trump, rules.Suit(r.IntN(4)), rules.NoTrumps} {
				p.Trump = trump
				for c := range min(tc.players, 3) { // at four, one seat a side
					if tc.players == 4 && c == 2 {
						break
					}
					claimer := rules.Seat(c)
					want := newRefSearch(tc.players, claimer, 1<<62).takesAll(p)
					if got := TakesAll(p, claimer); got != want {
						t.Fatalf("claimer %v, trump %v, play %+v: TakesAll says %v, the reference %v", claimer, trump, p, got, want)
					}
					if want {
						yes++
					} else {
						no++
					}
				}
			}
		})
		if yes < 20 || no < 20 {
			t.Errorf("%d sides take every trick, %d do not: the positions test too little", yes, no)
		}
	})
}

// TestCheckAgreesWithReference: on random claims of every seat count,
// CheckWithin gives the reference's verdict (the same answer, counter
// hands and placements tried), at the default limits and with node
// limits at and below what the reference needs. A check the reference
// finishes within the default limit the search finishes too, and a
// check the search finishes gives the reference's answer.
func TestCheckAgreesWithReference(t *testing.T) {
	cases := []positionCase{{2, 8, 300}, {3, 6, 300}, {4, 5, 300}}
	runPositions(t, 13, cases, func(t *testing.T, r *rand.Rand, tc positionCase) {
		// A node limit some reference checks pass, so that the
		// test has some near the limit and stays short.
		lim := Limits{Placements: DefaultLimits.Placements, Nodes: 200_000}
		var ok, refused, long, tried, fewer, more, most, nodes, refNodes int
		for n := 0; n < tc.positions; {
			left := 1 + r.IntN(tc.maxLeft)
			if n%2 == 0 {
				left = 2 + r.IntN(tc.maxLeft-1)
			}
			d, found := playPosition(r, tc.players, left)
			if !found {
				continue
			}
			claimer := rules.Seat(r.IntN(tc.players))
			if n%2 == 0 {
				// Half the claims look good on the real deal: they
				// search the most placements.
				claimer = d.Turn()
				if !TakesAll(d.Play(), claimer) {
					continue
				}
			}
			n++
			v := d.View(claimer)
			want := refCheckWithin(v, lim)
			var te *TooEarlyError
			if errors.As(want.Err, &te) {
				continue
			}
			tried++
			got := CheckWithin(v, lim)
			same(t, v, lim, want, got)
			if want.Err == nil && got.Err == nil {
				nodes, refNodes = nodes+got.Nodes, refNodes+want.Nodes
				if got.Nodes < want.Nodes {
					fewer++
				} else if got.Nodes > want.Nodes {
					more++
					most = max(most, got.Nodes-want.Nodes)
				}
			}
			if errors.Is(want.Err, ErrTooLong) {
				long++
				continue
			}
			if want.Nodes == 0 {
				continue
			}
			if want.OK {
				ok++
			} else {
				refused++
			}
			// Near the limit: at the reference's nodes and below, a
			// check the search finishes gives the same verdict.
			for _, nodes := range []int{want.Nodes, 1 + r.IntN(want.Nodes), 1 + r.IntN(1+want.Nodes/10)} {
				l := Limits{Placements: lim.Placements, Nodes: nodes}
				if got := CheckWithin(v, l); !errors.Is(got.Err, ErrTooLong) {
					same(t, v, l, want, got)
				}
			}
		}
		t.Logf("%d checks: %d good, %d refused, %d too long for the reference", tried, ok, refused, long)
		t.Logf("finished by both: %d nodes, the reference %d; fewer on %d checks, more on %d (by %d at most)", nodes, refNodes, fewer, more, most)
		if ok < 5 || refused < 5 {
			t.Errorf("%d claims allowed, %d refused: the positions test too little", ok, refused)
		}
	})
}

// same fails unless got, the search's verdict within lim, is want, the
// reference's, or got is a finished check and want ran out of nodes
// (then got is checked against the reference with more).
func same(t *testing.T, v rules.View, lim Limits, want, got Verdict) {
	t.Helper()
	if errors.Is(want.Err, ErrTooLong) && errors.Is(got.Err, ErrTooLong) {
		return // both ran out: the placements tried differ
	}
	if errors.Is(want.Err, ErrTooLong) && got.Err == nil {
		want = refCheckWithin(v, Limits{Placements: lim.Placements, Nodes: 20 * lim.Nodes})
		if want.Err != nil {
			return // too long for the reference to say
		}
	}
	if got.OK != want.OK || got.Counters != want.Counters ||
		got.Hands != want.Hands || !errors.Is(got.Err, want.Err) {
		t.Fatalf("view:\n%v\nwithin %+v the search says %+v, the reference %+v", v, lim, got, want)
	}
}

// TestCashingNeedsTheTrumps: a side whose every card tops its suit
// still loses a trick when the others hold more trumps than its leader
// (the last one ruffs), or when the partner must overtake the leader's
// trump and then leads into a ruff, or must ruff the leader's winner.
func TestCashingNeedsTheTrumps(t *testing.T) {
	hand := func(cards ...string) rules.CardSet {
		var m rules.CardSet
		for _, c := range cards {
			m = m.With(rules.MustCard(c))
		}
		return m
	}
	two := rules.Play{N: 2, Trump: rules.Hearts, Leader: rules.SeatA}
	two.Hands[0] = hand("JH", "AS", "AD")
	two.Hands[1] = hand("9H", "AH", "7S")
	// B leads the 10 of trumps, D must overtake with the jack, and C
	// ruffs D's diamond lead.
	four := rules.Play{N: 4, Trump: rules.Hearts, Leader: rules.SeatB}
	four.Hands[0] = hand("KC", "8S", "JS")
	four.Hands[1] = hand("AD", "TH", "QH")
	four.Hands[2] = hand("7H", "8H", "7S")
	four.Hands[3] = hand("JD", "QD", "JH")
	// D's diamonds top their suit, but its partner B, void, must ruff
	// them and lead into C's ace.
	alone := rules.Play{N: 4, Trump: rules.Hearts, Leader: rules.Seat(3)}
	alone.Hands[0] = hand("7S", "TS")
	alone.Hands[1] = hand("TH", "JS")
	alone.Hands[2] = hand("QS", "AS")
	alone.Hands[3] = hand("9D", "JD")
	for _, p := range []rules.Play{two, four, alone} {
		if newRefSearch(int(p.N), p.Leader, 1<<62).takesAll(p) {
			t.Fatalf("the reference says %+v is every trick", p)
		}
		if TakesAll(p, p.Leader) {
			t.Errorf("%d players: the other side takes a trick, TakesAll says it does not", p.N)
		}
	}
}
