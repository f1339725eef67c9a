package rules

import (
	"errors"
	"testing"
)

// TestGameApplyAs: a seat that is not to move is refused with the seat
// that is, and the game does not change; the seat to move goes through.
func TestGameApplyAs(t *testing.T) {
	g := NewGame(DefaultOptions(), SeatB)
	if err := g.StartDeal(madeDeal.hands(t).deck(t)); err != nil {
		t.Fatal(err)
	}
	err := g.ApplyAs(SeatB, PassAction())
	var ie *IllegalError
	if !errors.As(err, &ie) || !errors.Is(err, ErrNotYourTurn) || ie.Seat != SeatB || ie.Turn != SeatA {
		t.Fatalf("B passing on A's turn: got %#v, want ErrNotYourTurn with Turn A", err)
	}
	if n := len(g.Deal().Steps()); n != 0 {
		t.Errorf("the refused action left %d steps, want 0", n)
	}
	if err := g.ApplyAs(SeatA, PassAction()); err != nil {
		t.Fatalf("A passing on its turn: %v", err)
	}
	if got := g.Deal().Turn(); got != SeatB {
		t.Errorf("after A's pass: turn %s, want B", got)
	}
}

// TestIllegalErrorFacts: a refused card carries the led card, the hand
// and the cards the seat may play, so a caller words its own message.
func TestIllegalErrorFacts(t *testing.T) {
	d := newDeal(t, SeatB, hands{nd: "AC KC QC JH 9H 7S", dl: "7D 8D 9D TD JD QD", up: "TH",
		nd2: "8C 9C TC", dl2: "KD 8H 7H"})
	do(t, &d, "take", "no-exchange", "no-exchange", "announce 20", "not-good", "play AC")
	err := d.Apply(PlayAction(MustCard("7D")))
	var ie *IllegalError
	if !errors.As(err, &ie) || !errors.Is(err, ErrMustTrump) {
		t.Fatalf("B discarding with trumps in hand: got %v, want ErrMustTrump", err)
	}
	want := IllegalError{Seat: SeatB, Turn: SeatB, Phase: PhasePlay, Trump: Hearts, Led: MustCard("AC"),
		Hand: set(t, "7D 8D 9D TD JD QD KD 8H 7H"), Cards: set(t, "8H 7H")}
	got := *ie
	if got.Seat != want.Seat || got.Turn != want.Turn || got.Phase != want.Phase || got.Trump != want.Trump ||
		got.Led != want.Led || got.Hand != want.Hand || got.Cards != want.Cards || len(got.Legal) != 2 {
		t.Errorf("facts:\ngot  %+v\nwant %+v with two legal actions", got, want)
	}
}
