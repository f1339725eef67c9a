package claim

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// options returns the default rules at a table of n.
func options(n int) rules.Options {
	o := rules.DefaultOptions()
	if n > 2 {
		o.Players = n
	}
	return o
}

// playPosition deals a table of n from r, bids and talks at random
// until the card play, then plays random cards until cardsLeft remain
// in the hand of the seat to move. It returns false when the deal never
// reached that.
func playPosition(r *rand.Rand, n, cardsLeft int) (rules.Deal, bool) {
	d := rules.NewDeal(options(n), rules.Seat(r.IntN(n)), rules.Shuffle(r))
	for !d.Over() {
		if d.Phase() == rules.PhasePlay && d.Turn() != rules.ChanceSeat && d.Hand(d.Turn()).Count() <= cardsLeft {
			return d, true
		}
		if err := d.Apply(tabletest.RandomAction(r, &d)); err != nil {
			panic(err)
		}
	}
	return d, false
}

// positionCase is one seat count of a test on random positions: that
// many positions of players seats, with 1 to maxLeft cards in the hand
// to move.
type positionCase struct{ players, maxLeft, positions int }

// runPositions runs test as a subtest for each case, with a generator
// seeded by seed and the seat count, and a third of the positions with
// -short.
func runPositions(t *testing.T, seed uint64, cases []positionCase, test func(t *testing.T, r *rand.Rand, tc positionCase)) {
	for _, tc := range cases {
		t.Run(fmt.Sprint(tc.players), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, uint64(tc.players)))
			if testing.Short() {
				tc.positions /= 3
			}
			test(t, r, tc)
		})
	}
}

// eachPosition calls f on tc.positions positions that playPosition
// reaches from r, each with 1 to tc.maxLeft cards left.
func eachPosition(r *rand.Rand, tc positionCase, f func(d rules.Deal)) {
	for n := 0; n < tc.positions; {
		d, found := playPosition(r, tc.players, 1+r.IntN(tc.maxLeft))
		if !found {
			continue
		}
		n++
		f(d)
	}
}

// sideOf is the reference's own reading of the sides: a seat, or at
// four the seat and the one opposite.
func onSide(n int, claimer, s rules.Seat) bool {
	return s == claimer || (n == 4 && s == (claimer+2)%4)
}

// otherTricks is the fewest tricks the claimer's side can hold the
// others to, by plain minimax over every card (no memo, no pruning):
// the reference the claim search is checked against.
func otherTricks(p rules.Play, claimer rules.Seat) int {
	if p.Done() {
		return 0
	}
	n := int(p.N)
	best := -1
	mine := onSide(n, claimer, p.Turn())
	for m := p.Legal(); m != 0; m &= m - 1 {
		q := p
		k := 0
		if done, w := q.Move(m.First()); done && !onSide(n, claimer, w) {
			k = 1
		}
		k += otherTricks(q, claimer)
		if best < 0 || (mine && k < best) || (!mine && k > best) {
			best = k
		}
	}
	return best
}

// placements is the reference's list of the other hands a view allows,
// by brute force: each unseen card goes to one other seat or to the
// stock, and a placement is kept when every seat holds its known
// cards, none it cannot hold, as many cards as it holds and a best meld
// the dialogue allows.
func placements(v *rules.View) [][4]rules.CardSet {
	var others []rules.Seat
	for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
		if o != v.Seat {
			others = append(others, o)
		}
	}
	unseen := v.Unseen().Cards()
	stock := len(unseen)
	for _, o := range others {
		stock -= v.Counts[o] - v.Known(o).Count()
	}
	var out [][4]rules.CardSet
	var hands [4]rules.CardSet
	var rec func(i int)
	rec = func(i int) {
		if i == len(unseen) {
			for _, o := range others {
				h := hands[o] | v.Known(o)
				if h.Count() != v.Counts[o] || h&v.CannotHold(o)&^v.Known(o) != 0 {
					return
				}
				b := v.MeldBound(o)
				if v.Trump != rules.NoSuit && b != (rules.MeldBound{Top: rules.NoRank, MinTop: rules.NoRank}) &&
					!b.Fits(h|v.Played[o], v.Trump, v.Options) {
					return
				}
			}
			var got [4]rules.CardSet
			for _, o := range others {
				got[o] = hands[o] | v.Known(o)
			}
			out = append(out, got)
			return
		}
		if stock > 0 {
			stock--
			rec(i + 1) // the stock
			stock++
		}
		for _, o := range others {
			if hands[o].Count() < v.Counts[o] {
				hands[o] = hands[o].With(unseen[i])
				rec(i + 1)
				hands[o] = hands[o].Without(unseen[i])
			}
		}
	}
	rec(0)
	return out
}

// TestCheckAgreesWithMinimax: at every seat count, on random positions
// late in the deal, a claim is allowed exactly when, for every
// placement of the unseen cards that a brute-force reading of the view
// allows, plain minimax gives the other side no trick; a refusal's
// counter-placement gives it one.
func TestCheckAgreesWithMinimax(t *testing.T) {
	cases := []positionCase{{2, 4, 300}, {3, 3, 300}, {4, 3, 300}}
	runPositions(t, 5, cases, func(t *testing.T, r *rand.Rand, tc positionCase) {
		var ok, refused int
		eachPosition(r, tc, func(d rules.Deal) {
			claimer := rules.Seat(r.IntN(tc.players))
			v := d.View(claimer)
			got := Check(v)
			want := true
			all := placements(&v)
			real := d.Play()
			seen := false
			for _, h := range all {
				p := v.Play()
				for o := range tc.players {
					if rules.Seat(o) != claimer {
						p.Hands[o] = h[o]
					}
				}
				seen = seen || p.Hands == real.Hands
				if otherTricks(p, claimer) > 0 {
					want = false
					break
				}
			}
			if !want {
				seen = true // the search stopped early
			}
			if !seen {
				t.Fatalf("the real hands are not among the placements of\n%v", v)
			}
			if got.Err != nil || got.OK != want {
				t.Fatalf("view:\n%v\nCheck says %v (%v), minimax over every placement says %v", v, got.OK, got.Err, want)
			}
			if got.OK {
				ok++
				if otherTricks(real, claimer) != 0 {
					t.Fatal("a good claim loses a trick on the real deal")
				}
				return
			}
			refused++
			p := v.Play()
			for o := range tc.players {
				if rules.Seat(o) != claimer {
					p.Hands[o] = got.Counters[o]
				}
			}
			if otherTricks(p, claimer) == 0 {
				t.Fatalf("counter-placement %v gives the other side no trick", got.Counters)
			}
			if got.Hands > len(all) {
				t.Fatalf("%d placements tried, the view allows %d", got.Hands, len(all))
			}
		})
		if ok < 5 || refused < 5 {
			t.Errorf("%d claims allowed, %d refused: the positions test too little", ok, refused)
		}
	})
}

// TestNextPlaysOutAClaim: at every seat count, after a good claim the
// side's cards from Next against random legal cards of the others take
// every trick, and every card is legal for the deal.
func TestNextPlaysOutAClaim(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(players)))
			want := 100
			if testing.Short() {
				want = 30
			}
			for n, tries := 0, 0; n < want; tries++ {
				if tries > 200_000 {
					t.Fatalf("only %d good claims found", n)
				}
				d, found := playPosition(r, players, 1+r.IntN(6-players))
				if !found {
					continue
				}
				claimer := d.Turn()
				if !Check(d.View(claimer)).OK {
					continue
				}
				n++
				before := d.Play()
				for !d.Over() {
					var a rules.Action
					if onSide(players, claimer, d.Turn()) {
						c, ok := Next(d.Play(), claimer)
						if !ok {
							t.Fatalf("no card keeps the claim:\n%v", d.View(claimer))
						}
						a = rules.PlayAction(c)
						if !d.IsLegal(a) {
							a = rules.PlayBellaAction(c)
						}
					} else {
						l := d.Legal()
						a = l[r.IntN(len(l))]
					}
					if err := d.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
				won, tricksLeft := 0, -int(before.Tricks)
				for s := range players {
					tricksLeft += d.Score().Tricks[s]
					if onSide(players, claimer, rules.Seat(s)) {
						won += d.Score().Tricks[s] - int(before.Won[s])
					}
				}
				if won != tricksLeft {
					t.Fatalf("the claimer's side took %d of the %d tricks left", won, tricksLeft)
				}
			}
		})
	}
}

func TestNoClaimOutsideThePlay(t *testing.T) {
	d := rules.NewDeal(rules.DefaultOptions(), rules.SeatA, rules.NewDeck())
	v := Check(d.View(rules.SeatB))
	if v.OK || !errors.Is(v.Err, ErrNotPlaying) || v.Reason(false) != ErrNotPlaying.Error() {
		t.Errorf("claim during the bidding: got %+v, want ErrNotPlaying", v)
	}
}

// TestTooEarly: at four players at the first lead the unseen cards lie
// in billions of ways: the claim is refused at once with a reason that
// says so, without searching.
func TestTooEarly(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for {
		d, ok := playPosition(r, 4, 8)
		if !ok {
			continue
		}
		vd := Check(d.View(d.Turn()))
		var te *TooEarlyError
		if vd.OK || !errors.As(vd.Err, &te) || vd.Nodes != 0 {
			t.Fatalf("first lead at four: %+v", vd)
		}
		if !strings.Contains(vd.Reason(false), "too early to claim") || !strings.Contains(vd.Reason(false), "billion") {
			t.Errorf("reason %q", vd.Reason(false))
		}
		return
	}
}

// TestTooLong: a check whose search passes its node budget is refused
// with ErrTooLong, not guessed.
func TestTooLong(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for n := 0; n < 200; {
		d, ok := playPosition(r, 3, 3)
		if !ok {
			continue
		}
		n++
		v := d.View(d.Turn())
		full := Check(v)
		if !full.OK || full.Nodes < 2 {
			continue
		}
		vd := CheckWithin(v, Limits{Placements: DefaultLimits.Placements, Nodes: full.Nodes / 2})
		if vd.OK || !errors.Is(vd.Err, ErrTooLong) {
			t.Fatalf("with half the nodes it needs: %+v", vd)
		}
		return
	}
	// The positions are seeded, so finding none means the game changed.
	t.Fatal("no good claim needing two nodes or more in 200 positions")
}

// TestReasonNamesAHand: a refused claim names hands the other side may
// hold, with suit symbols or letters, as one instance of what they may
// hold, not as the cards they hold.
func TestReasonNamesAHand(t *testing.T) {
	v := Verdict{Players: 2, Counters: [4]rules.CardSet{rules.SeatB: rules.SetOf(rules.MustCard("AH"), rules.MustCard("7S"))}}
	if got := v.Reason(false); !strings.Contains(got, "A♥ 7♠") || !strings.Contains(got, "can take a trick") {
		t.Errorf("reason %q", got)
	}
	if got := v.Reason(true); !strings.Contains(got, "AH 7S") {
		t.Errorf("ascii reason %q", got)
	}
	// The conclusion comes first: a reason cut short keeps it.
	if got, want := v.Reason(false), "seat B can take a trick if, for instance, seat B holds A♥ 7♠"; got != want {
		t.Errorf("reason %q, want %q", got, want)
	}
	v = Verdict{Players: 3, Seat: rules.SeatB}
	v.Counters[rules.SeatA] = rules.SetOf(rules.MustCard("AH"))
	v.Counters[rules.Seat(2)] = rules.SetOf(rules.MustCard("7S"))
	if got := v.Reason(true); !strings.Contains(got, "seat A holds AH and seat C holds 7S") {
		t.Errorf("three-player reason %q", got)
	}
	if got, want := v.Reason(true), "another player can take a trick if, for instance, seat A holds AH and seat C holds 7S"; got != want {
		t.Errorf("three-player reason %q, want %q", got, want)
	}
}

// TestReasonOneShape: a refused claim's reason has one shape at every
// seat count, who can take a trick and then the other side's hands as
// an instance; with partners, the partner's hand goes unnamed.
func TestReasonOneShape(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		v := Verdict{Players: n, Seat: rules.SeatA}
		for o := 1; o < n; o++ {
			v.Counters[o] = rules.SetOf(rules.NewCard(rules.Ace, rules.Suit(o)))
		}
		want := map[int]string{
			2: "seat B can take a trick if, for instance, seat B holds A♦",
			3: "another player can take a trick if, for instance, seat B holds A♦ and seat C holds A♥",
			4: "the other team can take a trick if, for instance, seat B holds A♦ and seat D holds A♠",
		}[n]
		if got := v.Reason(false); got != want {
			t.Errorf("%d players: reason %q, want %q", n, got, want)
		}
	}
}

func TestRoundCount(t *testing.T) {
	for x, want := range map[float64]string{34650: "34,650", 300000: "300,000", 9.6e9: "about 9.6 billion", 1680: "1,680", 2.5e6: "about 2.5 million"} {
		if got := roundCount(x); got != want {
			t.Errorf("roundCount(%v) = %q, want %q", x, got, want)
		}
	}
}
