package gamelog

import (
	"os"
	"path/filepath"
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

// TestMeldMismatchNamesTheRules: a show line the replay gives otherwise
// because a rule tag was edited (menage off, where B holds K-Q-J of
// trump, which menage=on keeps out of its sequences) names the header's
// values of the options B's melds depend on; the log as written reads.
func TestMeldMismatchNamesTheRules(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "menage-melds.klob"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("m.klob", data); err != nil {
		t.Fatalf("the log as written: %v", err)
	}
	edited := strings.Replace(string(data), `[Menage "on"]`, `[Menage "off"]`, 1)
	_, err = Parse("m.klob", []byte(edited))
	want := "m.klob:44:8: deal 1: B's melds: the replay gives JC, the log says JD; the log's header plays of_a_kind=off, menage=off"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	// A value no rule option decides says nothing more.
	edited = strings.Replace(string(data), "cards 28 last", "cards 29 last", 1)
	_, err = Parse("m.klob", []byte(edited))
	if err == nil || !strings.HasSuffix(err.Error(), "A's card points: the replay gives 28, the log says 29") {
		t.Errorf("got %v", err)
	}
}

// TestMenageWordNamesTheRule: a card line or a score line that says
// "menage" in a game whose header plays menage=off is refused for that
// rule, on its line and column, not with what bella goes with; a wrong
// "menage" where the menage is played says what the menage goes with.
func TestMenageWordNamesTheRule(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "bella-played.klob"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("b.klob", data); err != nil {
		t.Fatalf("the log as written: %v", err)
	}
	edited := strings.Replace(string(data), "A KD bella", "A KD menage", 1)
	_, err = Parse("b.klob", []byte(edited))
	want := "b.klob:50:16: deal 1: trick 8: KD: A cannot announce the menage: the log's header plays menage=off"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}

	// The score line's word too.
	edited = strings.Replace(string(data), "sequences 20 bella 20 declared", "sequences 20 menage 50 declared", 1)
	_, err = Parse("b.klob", []byte(edited))
	want = `b.klob:52:47: deal 1: expected "bella", found "menage": the log's header plays menage=off`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}

	a := rules.PlayMenageAction(rules.MustCard("KD"))
	ie := &rules.IllegalError{Seat: rules.SeatA, Action: a, Err: rules.ErrBella, Trump: rules.Diamonds}
	if got, want := illegalMsg(rules.SeatA, a, ie), "KD: A cannot announce the menage: the menage goes with the last of the king, queen and jack of trump"; !strings.HasPrefix(got, want) {
		t.Errorf("a menage not held: %q, want %q", got, want)
	}
}

// TestScoreMismatchNamesTheMenage: a score line whose menage points
// differ from the replay's names the field as the log does, "menage".
func TestScoreMismatchNamesTheMenage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "menage-melds.klob"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "menage 50 declared", "menage 20 declared", 1)
	_, err = Parse("m.klob", []byte(edited))
	if err == nil || !strings.HasSuffix(err.Error(), "B's menage: the replay gives 50, the log says 20") {
		t.Errorf("got %v", err)
	}
}
