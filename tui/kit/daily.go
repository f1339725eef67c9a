package kit

import "fmt"

// The daily's words, said alike by klob daily's screens and the
// server's daily (and, where a tournament's page is the daily's, by a
// club tournament's): a player who plays both reads the same sentence
// for the same thing. Each leaves to its caller only what is true of
// its own (what comes after the last board, what keeps a board).

// BoardsWords says how the boards are played and scored at the seat
// count against bots of level: one deal each, the result, par.
func BoardsWords(players int, level string) string {
	// The other seats are players-1 bots: at two a single one.
	same := "the same bots"
	if players-1 == 1 {
		same = "the same bot"
	}
	return fmt.Sprintf("Each board is one deal, %s. A board's result is %s; %s against %s.",
		AgainstBotsWords(players, level), BoardResultWords(players), ParWords, same)
}

// BoardsPlayed says how far the person is: "Boards played: 2 of 8 ·
// board 3 is next", or that board next was left in the middle; next 0
// is none to play. It ends without a full stop, for what the caller
// adds.
func BoardsPlayed(played, boards, next int, inMiddle bool) string {
	s := fmt.Sprintf("Boards played: %d of %d", played, boards)
	switch {
	case next == 0:
		return s
	case inMiddle:
		return s + fmt.Sprintf(" · board %d was left in the middle: it goes on where you stopped", next)
	}
	return s + fmt.Sprintf(" · board %d is next", next)
}

// BoardsToGo is said after a board with left boards to play: then says
// what keeps them ("klob daily goes on from here").
func BoardsToGo(left int, then string) string {
	return fmt.Sprintf("%s to go. Stop whenever you like: %s.", Plural(left, "board"), then)
}

// LastBoard is said after the person's last board: then says what
// comes next ("the standings open at the end").
func LastBoard(then string) string {
	return "That was your last board: " + then + "."
}

// BoardSaved is the question of a quit in a board: then says where it
// goes on from.
func BoardSaved(then string) string {
	return "This board is saved as far as you played it: " + then + "."
}
