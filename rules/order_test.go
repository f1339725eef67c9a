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
	for _, tr := range orderTrumps {
		o := NewOrder(tr)
		for lead := Card(0); lead < 32; lead++ {
			for win := Card(0); win < 32; win++ {
				if win != lead && !Beats(win, lead, tr) {
					continue
				}
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
			}
		}
	}
}

// TestOrderAgreesWithPlay plays random deals at two, three and four
// players, every trump and no trumps, and at every card checks, in the
// power numbering, Follow against Play.Legal for the seat to move and
// Beats against the trick's winner once each legal card is played.
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
	if p.InTrick == 0 {
		return
	}
	lead, win := p.Trick[0], p.Trick[p.Win]
	if got := o.SetOf(o.Follow(o.Set(h), o.Card(lead), o.Card(win))); got != legal {
		t.Fatalf("%d players, trump %v, trick %v, hand %v: Follow %v, Legal %v",
			p.N, p.Trump, p.Trick[:p.InTrick], h, got, legal)
	}
	trick := append([]Card(nil), p.Trick[:p.InTrick]...)
	for m := h; m != 0; m &= m - 1 {
		c := m.First()
		want := TrickWinnerOf(append(trick, c), p.Trump) == len(trick)
		if got := o.Beats(o.Card(c), o.Card(win)); got != want {
			t.Fatalf("%d players, trump %v, trick %v: %v Beats %v, want %v",
				p.N, p.Trump, trick, c, got, want)
		}
	}
}
