package kit

import (
	"strings"
	"testing"
)

// TestBoardsWords: the words on the boards say who plays, what a
// result is and what par is, par against the same bot at two players
// and the same bots at three and four.
func TestBoardsWords(t *testing.T) {
	for n, same := range map[int]string{2: "against the same bot.", 3: "against the same bots.", 4: "against the same bots."} {
		s := BoardsWords(n, "normal")
		for _, want := range []string{"Each board is one deal, " + AgainstBotsWords(n, "normal") + ".",
			"A board's result is " + BoardResultWords(n) + "; ", ParWords, same} {
			if !strings.Contains(s, want) {
				t.Errorf("%d players: no %q in %q", n, want, s)
			}
		}
	}
}

// TestBoardsPlayed: the progress says the boards played, then the next
// board, or the one left in the middle, or nothing more once all are.
func TestBoardsPlayed(t *testing.T) {
	for _, c := range []struct {
		played, next int
		middle       bool
		want         string
	}{
		{0, 1, false, "Boards played: 0 of 8 · board 1 is next"},
		{2, 3, true, "Boards played: 2 of 8 · board 3 was left in the middle: it goes on where you stopped"},
		{8, 0, false, "Boards played: 8 of 8"},
	} {
		if got := BoardsPlayed(c.played, 8, c.next, c.middle); got != c.want {
			t.Errorf("BoardsPlayed(%d, 8, %d, %v) = %q, want %q", c.played, c.next, c.middle, got, c.want)
		}
	}
	if got := BoardsToGo(1, "x"); got != "1 board to go. Stop whenever you like: x." {
		t.Errorf("BoardsToGo(1) = %q", got)
	}
}
