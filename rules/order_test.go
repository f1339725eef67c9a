package rules

import (
	"math/rand/v2"
	"testing"
)

// orderTrumps are the trumps the power numbering is tested with: every
// suit, no trumps, and no trump decided yet.
var orderTrumps = []Suit{Clubs, Diamonds, Hearts, Spades, NoTrumps, NoSuit}

// TestOrderNumbering checks the conversions both ways, that within a
// suit the numbering is Power's order, and the points.
func TestOrderNumbering(t *testing.T) {
	for _, tr := range orderTrumps {
		o := NewOrder(tr)
		for c := Card(0); c < 32; c++ {
			p := o.Card(c)
			if p>>3 != uint8(c.Suit()) || o.CardOf(p) != c {
				t.Fatalf("trump %v: %v numbered %d, back %v", tr, c, p, o.CardOf(p))
			}
			if o.Set(CardSet(1)<<c) != 1<<p || o.SetOf(1<<p) != CardSet(1)<<c {
				t.Fatalf("trump %v: set of %v", tr, c)
			}
			if o.Points(p) != Points(c, tr) {
				t.Fatalf("trump %v: %v worth %d, want %d", tr, c, o.Points(p), Points(c, tr))
			}
			for d := c &^ 7; d < c&^7+8; d++ {
				if (o.Card(d) > p) != (Power(d, tr) > Power(c, tr)) {
					t.Fatalf("trump %v: %v and %v out of Power's order", tr, c, d)
				}
			}
		}
		want := uint32(0)
		if tr < 4 {
			want = uint32(SuitMask(tr))
		}
		if o.Trumps() != want || o.Trump() != uint8(min(tr, 4)) {
			t.Fatalf("trump %v: trumps %#x", tr, o.Trumps())
		}
		r := rand.New(rand.NewPCG(uint64(tr), 7))
		for range 2000 {
			m := CardSet(r.Uint32())
			if got := o.SetOf(o.Set(m)); got != m {
				t.Fatalf("trump %v: %v round trip %v", tr, m, got)
			}
			pts := 0
			for s := range Suit(4) {
				pts += LanePoints(uint8(o.Set(m)>>(8*s)), s == tr)
			}
			if pts != SetPoints(m, tr) {
				t.Fatalf("trump %v: %v lane points %d, want %d", tr, m, pts, SetPoints(m, tr))
			}
		}
	}
}

// TestOrderBeatsAgrees checks Order.Beats against TrickWinnerOf for every
// pair of cards under every trump, and Beating against Beats.
func TestOrderBeatsAgrees(t *testing.T) {
	for _, tr := range orderTrumps {
		o := NewOrder(tr)
		for w := Card(0); w < 32; w++ {
			for c := Card(0); c < 32; c++ {
				if c == w {
					continue
				}
				want := TrickWinnerOf([]Card{w, c}, tr) == 1
				if got := o.Beats(o.Card(c), o.Card(w)); got != want {
					t.Errorf("trump %v: %v on %v: Beats %v, want %v", tr, c, w, got, want)
				}
				if got := o.Beating(o.Card(w))>>o.Card(c)&1 == 1; got != want {
					t.Errorf("trump %v: %v on %v: in Beating %v, want %v", tr, c, w, got, want)
				}
			}
		}
	}
}

// TestOrderFollowAgrees checks Order.Follow against tableFollow for
// every trump, every lead, every card that can win a trick so led (the
// lead itself or a card beating it), and random hands of the other
// cards.
func TestOrderFollowAgrees(t *testing.T) {
	hands := 500
	if testing.Short() {
		hands = 100
	}
	r := rand.New(rand.NewPCG(1, 2))
	forTricks(func(tr Suit, o Order, lead, win Card) {
		for range hands {
			// Hands of any size, mostly a few cards.
			h := CardSet(r.Uint32() & r.Uint32() & r.Uint32())
			if r.IntN(2) == 0 {
				h &= CardSet(r.Uint32())
			}
			h = h.Without(lead).Without(win)
			want := tableFollow(h, lead, win, tr)
			got := o.SetOf(o.Follow(o.Set(h), o.Card(lead), o.Card(win)))
			if got != want {
				t.Fatalf("trump %v, lead %v, winning %v, hand %v: Follow %v, want %v", tr, lead, win, h, got, want)
			}
		}
	})
}

// forTricks calls f for every trump (and none), every lead and every card
// that can be winning a trick so led: the lead itself or a card beating it.
func forTricks(f func(tr Suit, o Order, lead, win Card)) {
	for _, tr := range orderTrumps {
		o := NewOrder(tr)
		for lead := Card(0); lead < 32; lead++ {
			for win := Card(0); win < 32; win++ {
				if win == lead || Beats(win, lead, tr) {
					f(tr, o, lead, win)
				}
			}
		}
	}
}

// TestOrderAgreesWithPlay plays random deals at two, three and four
// players, every trump and no trumps, and at every card checks, in the
// power numbering, Follow against Play.Legal for the seat to move,
// Beats against the trick's winner once each legal card is played,
// CanBeat against whether a legal card wins the trick, and Masters of
// the hand over the other hands against mastersOf.
func TestOrderAgreesWithPlay(t *testing.T) {
	deals := 2000
	if testing.Short() {
		deals = 300
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{2, 3, 4} {
		for _, tr := range orderTrumps[:5] {
			if tr == NoTrumps && n != 4 {
				continue // no trumps is a four-player contract
			}
			o := NewOrder(tr)
			for range deals {
				p := Play{N: uint8(n), Trump: tr, Leader: Seat(r.IntN(n))}
				deck := r.Perm(32)
				per := 32 / n
				for i, c := range deck[:per*n] {
					p.Hands[i/per] = p.Hands[i/per].With(Card(c))
				}
				for !p.Done() {
					checkOrderAt(t, o, &p)
					p.Move(p.Pick(r.Uint32()))
				}
			}
		}
	}
}

func checkOrderAt(t *testing.T, o Order, p *Play) {
	t.Helper()
	h, legal := p.Hands[p.Turn()], p.Legal()
	// The cards of the hand above every other card still in play in
	// their suit.
	var rest CardSet
	for i := range int(p.N) {
		if Seat(i) != p.Turn() {
			rest |= p.Hands[i]
		}
	}
	if got, want := o.SetOf(o.Masters(o.Set(h), o.Set(rest))), mastersOf(h, rest, p.Trump); got != want {
		t.Fatalf("%d players, trump %v, hand %v, rest %v: Masters %v, want %v",
			p.N, p.Trump, h, rest, got, want)
	}
	if p.InTrick == 0 {
		return
	}
	lead, win := p.Trick[0], p.Trick[p.Win]
	if got := o.SetOf(o.Follow(o.Set(h), o.Card(lead), o.Card(win))); got != legal {
		t.Fatalf("%d players, trump %v, trick %v, hand %v: Follow %v, Legal %v",
			p.N, p.Trump, p.Trick[:p.InTrick], h, got, legal)
	}
	trick := append([]Card(nil), p.Trick[:p.InTrick]...)
	can := false
	for m := h; m != 0; m &= m - 1 {
		c := m.First()
		want := TrickWinnerOf(append(trick, c), p.Trump) == len(trick)
		if got := o.Beats(o.Card(c), o.Card(win)); got != want {
			t.Fatalf("%d players, trump %v, trick %v: %v Beats %v, want %v",
				p.N, p.Trump, trick, c, got, want)
		}
		can = can || want && legal.Has(c)
	}
	if got := o.CanBeat(o.Set(h), o.Card(lead), o.Card(win)); got != can {
		t.Fatalf("%d players, trump %v, trick %v, hand %v: CanBeat %v, want %v",
			p.N, p.Trump, trick, h, got, can)
	}
}

// TestOrderLanes checks Lane, Above and Below for every pair of cards
// under every trump against the cards' suits and TrickWinnerOf (within
// a suit, the card played second wins a trick of two when it is higher),
// and Above against the card-level Above; and Lanes on random sets.
func TestOrderLanes(t *testing.T) {
	for _, tr := range orderTrumps {
		o := NewOrder(tr)
		for c := Card(0); c < 32; c++ {
			p := o.Card(c)
			if got := o.SetOf(o.Above(p)); got != Above(c, tr) {
				t.Fatalf("trump %v: Above(%v) %v, want %v", tr, c, got, Above(c, tr))
			}
			for d := Card(0); d < 32; d++ {
				q := o.Card(d)
				same := d.Suit() == c.Suit()
				if got := o.Lane(p)>>q&1 == 1; got != same {
					t.Fatalf("trump %v: %v in Lane(%v) %v", tr, d, c, got)
				}
				higher := same && TrickWinnerOf([]Card{c, d}, tr) == 1
				if got := o.Above(p)>>q&1 == 1; got != higher {
					t.Fatalf("trump %v: %v in Above(%v) %v", tr, d, c, got)
				}
				lower := same && TrickWinnerOf([]Card{d, c}, tr) == 1
				if got := o.Below(p)>>q&1 == 1; got != lower {
					t.Fatalf("trump %v: %v in Below(%v) %v", tr, d, c, got)
				}
			}
		}
		r := rand.New(rand.NewPCG(uint64(tr), 9))
		for range 2000 {
			m := CardSet(r.Uint32() & r.Uint32() & r.Uint32())
			var want CardSet
			for s := range Suit(4) {
				if m.Suit(s) != 0 {
					want |= SuitMask(s)
				}
			}
			if got := o.SetOf(o.Lanes(o.Set(m))); got != want {
				t.Fatalf("trump %v: Lanes(%v) %v, want %v", tr, m, got, want)
			}
		}
	}
}

// mastersOf returns, by the card-level rules, the cards of x that win a
// trick of two led with any card of y of their suit.
func mastersOf(x, y CardSet, tr Suit) CardSet {
	var out CardSet
	for m := x; m != 0; m &= m - 1 {
		c := m.First()
		top := true
		for n := y.Suit(c.Suit()); n != 0 && top; n &= n - 1 {
			top = TrickWinnerOf([]Card{n.First(), c}, tr) == 1
		}
		if top {
			out = out.With(c)
		}
	}
	return out
}

// TestOrderMasters checks Masters against mastersOf: exhaustively over
// every pair of sets of one suit, for every suit under every trump, and
// on random sets of all four suits, overlapping or not.
func TestOrderMasters(t *testing.T) {
	for _, tr := range orderTrumps {
		o := NewOrder(tr)
		for s := range Suit(4) {
			// beaten[k]: the cards of s that the card of rank k beats.
			var beaten [8]CardSet
			for k := range Rank(8) {
				for j := range Rank(8) {
					if TrickWinnerOf([]Card{NewCard(j, s), NewCard(k, s)}, tr) == 1 {
						beaten[k] = beaten[k].With(NewCard(j, s))
					}
				}
			}
			for x := range 256 {
				xs := CardSet(x) << (8 * s)
				px := o.Set(xs)
				for y := range 256 {
					ys := CardSet(y) << (8 * s)
					var want CardSet
					for m := xs; m != 0; m &= m - 1 {
						if c := m.First(); ys&^beaten[c.Rank()] == 0 {
							want = want.With(c)
						}
					}
					if got := o.SetOf(o.Masters(px, o.Set(ys))); got != want {
						t.Fatalf("trump %v: Masters(%v, %v) %v, want %v", tr, xs, ys, got, want)
					}
				}
			}
		}
		r := rand.New(rand.NewPCG(uint64(tr), 11))
		for range 3000 {
			x, y := CardSet(r.Uint32()&r.Uint32()), CardSet(r.Uint32()&r.Uint32())
			if r.IntN(2) == 0 {
				y &^= x
			}
			if got, want := o.SetOf(o.Masters(o.Set(x), o.Set(y))), mastersOf(x, y, tr); got != want {
				t.Fatalf("trump %v: Masters(%v, %v) %v, want %v", tr, x, y, got, want)
			}
		}
	}
}

// canBeat reports, by the card-level rules, whether the hand h may play
// a card to the trick (led, with trick[len-1] winning it) that wins it.
func canBeat(h CardSet, trick []Card, tr Suit) bool {
	for m := tableFollow(h, trick[0], trick[len(trick)-1], tr); m != 0; m &= m - 1 {
		if TrickWinnerOf(append(trick[:len(trick):len(trick)], m.First()), tr) == len(trick) {
			return true
		}
	}
	return false
}

// TestOrderCanBeat checks CanBeat against canBeat for every trump, every
// lead, every card that can win a trick so led, and random hands of the
// other cards; that Playable holds Follow's cards, and the same of those
// beating the trick's winner; and that Playable of several hands, joined,
// meets Beating(w) exactly when one of them can beat.
func TestOrderCanBeat(t *testing.T) {
	hands := 300
	if testing.Short() {
		hands = 60
	}
	r := rand.New(rand.NewPCG(5, 6))
	forTricks(func(tr Suit, o Order, lead, win Card) {
		trick := []Card{lead}
		if win != lead {
			trick = append(trick, win)
		}
		pl, pw := o.Card(lead), o.Card(win)
		for range hands {
			var joined uint32
			any := false
			for range 3 {
				h := CardSet(r.Uint32() & r.Uint32() & r.Uint32())
				h = h.Without(lead).Without(win)
				ph := o.Set(h)
				want := canBeat(h, trick, tr)
				if got := o.CanBeat(ph, pl, pw); got != want {
					t.Fatalf("trump %v, trick %v, hand %v: CanBeat %v, want %v", tr, trick, h, got, want)
				}
				f, p := o.Follow(ph, pl, pw), o.Playable(ph, pl)
				if f&^p != 0 || f&o.Beating(pw) != p&o.Beating(pw) {
					t.Fatalf("trump %v, trick %v, hand %v: Playable %v, Follow %v", tr, trick, h, o.SetOf(p), o.SetOf(f))
				}
				joined |= p
				any = any || want
			}
			if got := joined&o.Beating(pw) != 0; got != any {
				t.Fatalf("trump %v, trick %v: joined Playable beats %v, want %v", tr, trick, got, any)
			}
		}
	})
}
