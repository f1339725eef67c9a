package ai

// PlaceName names the seat k places to the left of a player at a table
// of players, as the player sees the bots round it: "West" on the left,
// "North" opposite (the partner, at four), "East" on the right. It is
// "" at two players, whose one opponent has no compass place (the
// caller says "Bot" or "the opponent"), and for k outside 1..players-1.
func PlaceName(players, k int) string {
	switch {
	case players < 3 || k < 1 || k >= players:
		return ""
	case k == 1:
		return "West"
	case players == 4 && k == 2:
		return "North"
	}
	return "East"
}
