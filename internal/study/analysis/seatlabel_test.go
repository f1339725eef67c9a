package analysis

import "testing"

// The title names each seat once with its letter and level, without
// repeating what a match log's names already say.
func TestSeatLabel(t *testing.T) {
	for _, c := range []struct{ name, seat, level, want string }{
		{"West", "A", "normal", "West (A, normal)"},
		{"ann", "B", "human", "ann (B, human)"},
		{"ann", "B", "", "ann (B)"},
		{"hard (A)", "A", "hard", "hard (A)"},
		{"normal (B1)", "B", "normal", "normal (B1) in seat B"},
		{"Hard", "B", "hard", "Hard (B)"},
		{"Bot (C)", "C", "normal", "Bot (C, normal)"},
		{"Hardy", "C", "hard", "Hardy (C, hard)"},
	} {
		if got := seatLabel(c.name, c.seat, c.level); got != c.want {
			t.Errorf("seatLabel(%q, %q, %q) = %q, want %q", c.name, c.seat, c.level, got, c.want)
		}
	}
}
