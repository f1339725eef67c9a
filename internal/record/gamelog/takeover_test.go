package gamelog

import (
	"slices"
	"testing"

	"github.com/klob/klob/rules"
)

// TestLeftAtEnd: the seats whose last header comment says a bot took
// them, as a shared table writes them, at every seat count: taken back
// at a later deal, the seat is its person's again; taken again after,
// the bot's; a name with spaces, "took seat" in it or a level that
// wants "an" reads as any other; other comments and seats past the
// table's count are not read.
func TestLeftAtEnd(t *testing.T) {
	if got, want := TakeoverComment(2, "dan", "normal", rules.SeatB), "deal 2: dan dropped; a normal bot took seat B"; got != want {
		t.Fatalf("TakeoverComment: %q, want %q", got, want)
	}
	if got, want := TakeoverComment(1, "eve", "easy", rules.SeatA), "deal 1: eve dropped; an easy bot took seat A"; got != want {
		t.Fatalf("TakeoverComment: %q, want %q", got, want)
	}
	if got, want := TakenBackComment(3, "dan", rules.SeatB), "deal 3: dan took seat B back"; got != want {
		t.Fatalf("TakenBackComment: %q, want %q", got, want)
	}
	for n := 2; n <= 4; n++ {
		last := rules.Seat(n - 1)
		l := &Log{Header: Header{Options: rules.DefaultOptions().WithPlayers(n)}}
		l.Comment = []string{
			"a comment of someone's own",
			TakeoverComment(1, "ann", "hard", rules.SeatA),
			TakeoverComment(1, "Mr took seat B back", "easy", last),
			TakenBackComment(2, "ann", rules.SeatA),
			TakeoverComment(3, "ann", "normal", rules.SeatA),
			// No such seat; then a seat taken at the table, not back.
			TakeoverComment(3, "zed", "normal", rules.Seat(n)),
			"deal 4: x took seat A",
		}
		if got, want := l.LeftAtEnd(), []rules.Seat{rules.SeatA, last}; !slices.Equal(got, want) {
			t.Errorf("%d seats: %v, want %v", n, got, want)
		}
		l.Comment = append(l.Comment, TakenBackComment(4, "ann", rules.SeatA), TakenBackComment(4, "Mr took seat B back", last))
		if got := l.LeftAtEnd(); got != nil {
			t.Errorf("%d seats, every seat taken back: %v", n, got)
		}
	}
}
