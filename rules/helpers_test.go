package rules

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// hands places chosen cards at the deck positions NewDeal deals them
// from (see the position constants in deck.go): the non-dealer's first
// six (positions 0-2 and 6-8), the dealer's first six (3-5, 9-11), the
// upcard (12), the second batches of three (13-15 non-dealer, 16-18
// dealer) and the bottom card (31). Empty fields are filled from the
// cards not named, in index order, so a test names only what matters.
type hands struct {
	nd, dl   string // first six cards of the non-dealer and the dealer
	up       string // the upcard
	nd2, dl2 string // second batches, three each
	bottom   string // the last card of the stock
}

// deck builds the deck for h, failing the test on a card named twice or
// a batch of the wrong size: the two-player layout of tableDeal, whose
// seat A is the non-dealer (the places do not depend on who deals).
func (h hands) deck(t testing.TB) Deck {
	t.Helper()
	return tableDeal{players: 2, dealer: SeatB, first: [4]string{h.nd, h.dl}, second: [4]string{h.nd2, h.dl2},
		up: h.up, bottom: h.bottom}.deck(t)
}

// newDeal deals h with dealer dealing and the default options.
func newDeal(t testing.TB, dealer Seat, h hands) Deal {
	t.Helper()
	return NewDeal(DefaultOptions(), dealer, h.deck(t))
}

// do applies actions written in ParseAction notation, failing the test
// on the first refused one.
func do(t testing.TB, d *Deal, actions ...string) {
	t.Helper()
	for _, s := range actions {
		a, err := ParseAction(s)
		if err != nil {
			t.Fatalf("bad action in test: %v", err)
		}
		if err := d.Apply(a); err != nil {
			t.Fatalf("%s: %q refused: %v (history %v)", d.Turn(), s, err, d.Steps())
		}
	}
}

// doFirst applies the first legal action of the seat to move, for a
// test that only needs the deal to go on, the same way every run.
func doFirst(t testing.TB, d *Deal) {
	t.Helper()
	a := d.Legal()[0]
	if err := d.Apply(a); err != nil {
		t.Fatalf("%s: first legal action %q refused: %v (history %v)", d.Turn(), a, err, d.Steps())
	}
}

// doRandom applies a legal action of the seat to move drawn from r.
func doRandom(t testing.TB, d *Deal, r *rand.Rand) {
	t.Helper()
	l := d.Legal()
	a := l[r.IntN(len(l))]
	if err := d.Apply(a); err != nil {
		t.Fatalf("%s: legal action %q refused: %v (history %v)", d.Turn(), a, err, d.Steps())
	}
}

// playFirstToEnd plays the first legal action until the deal is over.
func playFirstToEnd(t testing.TB, d *Deal) {
	t.Helper()
	for !d.Over() {
		doFirst(t, d)
	}
}

// playLastToEnd plays the last legal action of whoever is to move
// until the deal is over (the last: it prefers claims and bella).
func playLastToEnd(t testing.TB, d *Deal) {
	t.Helper()
	for !d.Over() {
		l := d.Legal()
		if err := d.Apply(l[len(l)-1]); err != nil {
			t.Fatalf("%s: last legal action %q refused: %v (history %v)", d.Turn(), l[len(l)-1], err, d.Steps())
		}
	}
}

// finishDialogue ends the sequence dialogue with each seat's first
// legal answer.
func finishDialogue(t testing.TB, d *Deal) {
	t.Helper()
	for d.Phase() == PhaseSequences {
		doFirst(t, d)
	}
}

// refused applies a, which must be refused as refusal checks, saying
// msg (when msg is not empty).
func refused(t testing.TB, d *Deal, a Action, want error, msg string) {
	t.Helper()
	if got := refusal(t, d, a, want); msg != "" && got != msg {
		t.Errorf("%s: got message %q, want %q", a, got, msg)
	}
}

// refusal applies a, which must be refused with an *IllegalError (not
// wrapped) whose Err is want and which names a and the seat to move;
// the deal must be unchanged. It returns the error's message.
func refusal(t testing.TB, d *Deal, a Action, want error) string {
	t.Helper()
	before := *d
	err := d.Apply(a)
	if err == nil {
		t.Fatalf("%s accepted, want refused with %v", a, want)
	}
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want errors.Is %v", a, err, want)
	}
	ie, ok := err.(*IllegalError) // as returned, not wrapped
	if !ok {
		t.Errorf("%s: got error of type %T, want *IllegalError", a, err)
	} else if ie.Action != a || ie.Seat != d.Turn() || ie.Err != want {
		t.Errorf("%s: error names %s by %s wrapping %v, want %s by %s wrapping %v", a, ie.Action, ie.Seat, ie.Err, a, d.Turn(), want)
	}
	if *d != before {
		t.Errorf("%s: refused action changed the deal", a)
	}
	return err.Error()
}

// refusedText is refused with the action in ParseAction notation.
func refusedText(t testing.TB, d *Deal, action string, want error, msg string) {
	t.Helper()
	a, err := ParseAction(action)
	if err != nil {
		t.Fatalf("bad action in test: %v", err)
	}
	refused(t, d, a, want, msg)
}

// legalText returns the legal actions in ParseAction notation, in the
// order Legal gives them.
func legalText(d *Deal) string {
	var parts []string
	for _, a := range d.Legal() {
		parts = append(parts, a.String())
	}
	return strings.Join(parts, ", ")
}

// wantLegal checks the legal actions, written as legalText writes them.
func wantLegal(t testing.TB, d *Deal, want string) {
	t.Helper()
	if got := legalText(d); got != want {
		t.Errorf("%s to move in %s: got legal %q, want %q", d.Turn(), d.Phase(), got, want)
	}
}

// say runs a dialogue step by step: an action as do takes it
// ("how-high"), one as tdo takes it with the seat to move ("B: how-high"),
// or "? " and the legal actions wantLegal expects before the next step
// ("? good, how-high").
func say(t testing.TB, d *Deal, steps ...string) {
	t.Helper()
	for _, s := range steps {
		if want, ok := strings.CutPrefix(s, "? "); ok {
			wantLegal(t, d, want)
		} else if strings.Contains(s, ":") {
			tdo(t, d, s)
		} else {
			do(t, d, s)
		}
	}
}

// wantSeqRight checks who holds the right to score sequences (NoSeat:
// nobody).
func wantSeqRight(t testing.TB, d *Deal, want Seat) {
	t.Helper()
	if got := d.SeqWinner(); got != want {
		t.Errorf("in %s: sequence right %s, want %s", d.Phase(), got, want)
	}
}

// set parses a card set for a test.
func set(t testing.TB, s string) CardSet {
	t.Helper()
	m, err := ParseCardSet(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// roles returns the non-dealer and the dealer, so tests can say who acts
// by role whichever seat deals.
func roles(dealer Seat) (nd, dl Seat) { return dealer.Other(), dealer }

// xorshift32 is the next number of a fixed pseudo-random sequence, for
// tests that sample many card sets cheaply.
func xorshift32(x uint32) uint32 {
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	return x
}
