package lesson

import "testing"

// TestAsksOf: the two-player lesson asks for bella (second deal) and a
// claim (third deal); the three- and four-player lessons ask for
// neither. Each walk reaches the lesson's end.
func TestAsksOf(t *testing.T) {
	for _, c := range []struct {
		players int
		want    Asks
	}{{2, Asks{Bella: true, Claim: true, Ended: true}}, {3, Asks{Ended: true}}, {4, Asks{Ended: true}}} {
		if got := AsksOf(c.players); got != c.want {
			t.Errorf("%d players: %+v, want %+v", c.players, got, c.want)
		}
	}
}
