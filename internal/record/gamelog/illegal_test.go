package gamelog

import (
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// TestIllegalBellaWords: a wrong "bella" reads in the log's third person
// as the engine's facts say: the menage's holder is told it holds the
// menage, anyone else what bella goes with.
func TestIllegalBellaWords(t *testing.T) {
	a := rules.PlayBellaAction(rules.MustCard("QC"))
	for _, c := range []struct {
		menage bool
		want   string
	}{
		{true, "QC: A holds the menage: it goes with the last of the king, queen and jack of trump, never as bella"},
		{false, "QC: A cannot announce bella: bella goes with the second of the king and queen of trump"},
	} {
		err := &rules.IllegalError{Seat: rules.SeatA, Action: a, Err: rules.ErrBella, Trump: rules.Clubs, Menage: c.menage}
		if got := illegalMsg(rules.SeatA, a, err); !strings.HasPrefix(got, c.want) {
			t.Errorf("menage %v: %q, want %q", c.menage, got, c.want)
		}
	}
}

// TestRefusalNamesTheSeats: an action by a seat not to move names both
// seats, never "you".
func TestRefusalNamesTheSeats(t *testing.T) {
	a := rules.PlayAction(rules.MustCard("QS"))
	for _, c := range []struct {
		seat, turn rules.Seat
		want       string
	}{
		{rules.SeatB, rules.Seat(2), "it is not B's turn but C's"},
		{rules.SeatB, rules.ChanceSeat, "it is not B's turn: a card is drawn by chance now"},
		{rules.ChanceSeat, rules.SeatA, "a card is not drawn by chance now: it is A's turn"},
	} {
		err := &rules.IllegalError{Seat: c.seat, Action: a, Err: rules.ErrNotYourTurn, Turn: c.turn, Reason: "it is not your turn"}
		if got := Refusal(c.seat, a, err); got != c.want {
			t.Errorf("%s at %s's turn: %q, want %q", c.seat, c.turn, got, c.want)
		}
	}
	err := &rules.IllegalError{Seat: rules.SeatB, Action: a, Err: rules.ErrNotInHand, Reason: "you do not hold Q♠"}
	if got := Refusal(rules.SeatB, a, err); got != "B does not hold QS" {
		t.Errorf("a card not held: %q", got)
	}
}
