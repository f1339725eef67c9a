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
