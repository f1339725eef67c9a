package gamelog

import (
	"fmt"
	"strings"
)

// BotMovesTag is the log tag that lists the moves bots made for people
// at a shared table (who had dropped, or whose move clock ran out):
// "3:12-20 4:0-5" is deal 3 steps 12 to 20 and deal 4 steps 0 to 5, the
// steps between that are not those people's (a bot's seat, chance)
// inside the ranges too. The host writes it; a replay and an analysis
// read it to say who made each move.
const BotMovesTag = "BotMoves"

// BotMoves are the steps of the game that bots made for people, as the
// header's BotMovesTag lists them: {deal, step} (deal from 1, step from
// 0) for each. A range written badly is left out.
func (h *Header) BotMoves() map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, f := range strings.Fields(h.Tag(BotMovesTag)) {
		var d, a, b int
		if _, err := fmt.Sscanf(f, "%d:%d-%d", &d, &a, &b); err != nil {
			continue
		}
		for i := a; i <= b && i-a < 1000; i++ {
			out[[2]int{d, i}] = true
		}
	}
	return out
}
