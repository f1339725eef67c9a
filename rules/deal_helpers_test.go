package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// tableDeal places chosen cards at the deck places NewDeal deals them
// from (deckSeat): first[s] is seat s's first six cards, second[s] its
// cards dealt after bidding (three each with two or three players; with
// four two each, one for the maker, whose other card is the upcard). The
// cards not named fill the other places in index order, so a test names
// only what matters.
type tableDeal struct {
	players    int
	dealer     Seat
	maker      Seat // four players: who takes the upcard (the layout of the second batch)
	first      [4]string
	second     [4]string
	up, bottom string
}

func (h tableDeal) deck(t testing.TB) Deck {
	t.Helper()
	var d Deck
	for i := range d {
		d[i] = NoCard
	}
	n := uint8(h.players)
	maker := h.maker
	if n == 4 && maker == NoSeat {
		maker = h.dealer
	}
	var used CardSet
	place := func(what, cards string, pos []int) {
		t.Helper()
		if cards == "" {
			return
		}
		fs := strings.Fields(cards)
		if len(fs) != len(pos) {
			t.Fatalf("%s %q: %d cards, want %d", what, cards, len(fs), len(pos))
		}
		for i, f := range fs {
			c := MustCard(f)
			if used.Has(c) {
				t.Fatalf("%s: %s named twice", what, c)
			}
			used = used.With(c)
			d[pos[i]] = c
		}
	}
	for s := Seat(0); s < Seat(n); s++ {
		var first, second []int
		for i := range 32 {
			if deckSeat(n, h.dealer, maker, i) != s || (n == 4 && i == 31) {
				continue
			}
			if i < 6*int(n) {
				first = append(first, i)
			} else {
				second = append(second, i)
			}
		}
		place("seat "+s.String()+" first", h.first[s], first)
		place("seat "+s.String()+" second", h.second[s], second)
	}
	up := 6 * int(n)
	if n == 4 {
		up = 31
	}
	place("upcard", h.up, []int{up})
	if n < 4 {
		place("bottom", h.bottom, []int{31})
	}
	rest := FullDeck &^ used
	for i := range d {
		if d[i] == NoCard {
			c := rest.First()
			d[i], rest = c, rest.Without(c)
		}
	}
	return d
}

// table deals h with the default options for h.players, changed by set
// ("key=value,...").
func (h tableDeal) table(t testing.TB, set string) Deal {
	t.Helper()
	o, err := ParseOptions(set)
	if err != nil {
		t.Fatal(err)
	}
	o.Players = h.players
	return NewDeal(o, h.dealer, h.deck(t))
}

// completeTrue completes v, a view of tb, with the seats' true hands
// and the true cards of the places no seat has been dealt yet.
func completeTrue(t testing.TB, tb *Deal, v *View) Deal {
	t.Helper()
	var hands [4]CardSet
	for s := range int(tb.n) {
		hands[s] = tb.Hand(Seat(s))
	}
	var rest []Card
	for i, c := range v.masked.deck {
		if c == NoCard && deckSeat(tb.n, tb.dealer, tb.maker, i) == NoSeat {
			rest = append(rest, tb.deck[i])
		}
	}
	c, err := v.Complete(hands, rest)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// tdo applies actions written "B: take": the seat must be the one to
// move, the action in ParseAction notation.
func tdo(t testing.TB, tb *Deal, actions ...string) {
	t.Helper()
	for _, s := range actions {
		who, act, ok := strings.Cut(s, ":")
		if !ok {
			t.Fatalf("bad step in test %q: want SEAT: ACTION", s)
		}
		seat := Seat(strings.TrimSpace(who)[0] - 'A')
		a, err := ParseAction(act)
		if err != nil {
			t.Fatalf("bad action in test: %v", err)
		}
		if err := tb.ApplyAs(seat, a); err != nil {
			t.Fatalf("%q refused: %v (history %v)", s, err, tb.Steps())
		}
	}
}

// tdraw makes the chance step's draw of card (a shlomo's draw from the
// player on the declarer's left).
func tdraw(t testing.TB, tb *Deal, card string) {
	t.Helper()
	if err := tb.ApplyAs(ChanceSeat, Action{Kind: Draw, Card: MustCard(card)}); err != nil {
		t.Fatalf("draw %s refused: %v (history %v)", card, err, tb.Steps())
	}
}

// trefused applies action, which must be refused as refused checks;
// msg, when given, must be in the message.
func trefused(t testing.TB, tb *Deal, action string, want error, msg string) {
	t.Helper()
	a, err := ParseAction(action)
	if err != nil {
		t.Fatalf("bad action in test: %v", err)
	}
	if got := refusal(t, tb, a, want); msg != "" && !strings.Contains(got, msg) {
		t.Errorf("%s: got message %q, want it to say %q", action, got, msg)
	}
}

// playTo plays cards in turn, "B: play JS" style, and returns the score
// when the deal is over.
func tplay(t testing.TB, tb *Deal, cards string) {
	t.Helper()
	for _, c := range strings.Fields(cards) {
		a := PlayAction(MustCard(c))
		if err := tb.Apply(a); err != nil {
			t.Fatalf("%s: play %s refused: %v (history %v)", tb.Turn(), c, err, tb.Steps())
		}
	}
}

// newTestRand returns a fixed-seed generator for test decks.
func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 99)) }

// gameOptions draws the rule options of a random game: mostly the
// defaults, and every option varied in a quarter of the games (a smaller
// target keeps those short).
func gameOptions(r *rand.Rand) Options {
	o := DefaultOptions()
	if r.IntN(4) == 0 {
		o.BottomCard = r.IntN(2) == 0
		o.SequenceRank = SeqRank(r.IntN(2))
		o.MeldsNeedTrick = r.IntN(2) == 0
		o.LastTrick = []int{0, 10, 25}[r.IntN(3)]
		o.Target = []int{200, 500}[r.IntN(2)]
	}
	return o
}

// cardByName maps each card's String to the card.
var cardByName = func() map[string]Card {
	m := map[string]Card{}
	for c := Card(0); c < 32; c++ {
		m[c.String()] = c
	}
	return m
}()

// TestDeckPlaces: the table of deck places is deckSeat's, at every seat
// count, dealer, maker (none yet too) and seat.
func TestDeckPlaces(t *testing.T) {
	for n := uint8(2); n <= 4; n++ {
		for d := range Seat(n) {
			for _, maker := range append([]Seat{NoSeat}, []Seat{0, 1, 2, 3}[:n]...) {
				for s := range Seat(n) {
					var want uint32
					for i := range len(Deck{}) {
						if deckSeat(n, d, maker, i) == s {
							want |= 1 << i
						}
					}
					if got := deckPlaces(n, d, maker, s); got != want {
						t.Errorf("%d seats, dealer %s, maker %s, seat %s: places %032b, want %032b", n, d, maker, s, got, want)
					}
				}
			}
		}
	}
}
