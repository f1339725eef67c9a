package gamelog

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// BotMovesTag is the log tag that lists the moves bots made for people
// at a shared table (who had dropped, or whose move clock ran out):
// "3:12-20 4:0-5" is deal 3 steps 12 to 20 and deal 4 steps 0 to 5, the
// steps between that are not those people's (a bot's seat, chance)
// inside the ranges too. The host writes it; a replay and an analysis
// read it to say who made each move.
const BotMovesTag = "BotMoves"

// BotMoves are the steps of a game that bots made for people: the
// ranges of BotMovesTag, sorted and merged, so that what they take is
// bounded by the tag's text whatever ranges a log claims.
type BotMoves struct{ ranges []stepRange }

// stepRange is steps from to to (both included) of deal.
type stepRange struct{ deal, from, to int }

// BotMoves reads the header's BotMovesTag; a range written badly (or
// backwards) is left out.
func (h *Header) BotMoves() BotMoves {
	var rs []stepRange
	for _, f := range strings.Fields(h.Tag(BotMovesTag)) {
		var r stepRange
		if _, err := fmt.Sscanf(f, "%d:%d-%d", &r.deal, &r.from, &r.to); err != nil || r.from > r.to {
			continue
		}
		rs = append(rs, r)
	}
	slices.SortFunc(rs, byStart)
	var out []stepRange
	for _, r := range rs {
		if n := len(out); n > 0 && out[n-1].deal == r.deal && r.from <= out[n-1].to+1 {
			out[n-1].to = max(out[n-1].to, r.to)
			continue
		}
		out = append(out, r)
	}
	return BotMoves{ranges: out}
}

// Has reports whether a bot made step (from 0) of deal (from 1) for a
// person.
func (b BotMoves) Has(deal, step int) bool {
	i, found := slices.BinarySearchFunc(b.ranges, stepRange{deal: deal, from: step}, byStart)
	// Else ranges[i-1] is the last range that starts before the step.
	return found || i > 0 && b.ranges[i-1].deal == deal && step <= b.ranges[i-1].to
}

// byStart orders ranges by where they start.
func byStart(a, b stepRange) int {
	return cmp.Or(cmp.Compare(a.deal, b.deal), cmp.Compare(a.from, b.from))
}

// Empty reports whether no step is listed.
func (b BotMoves) Empty() bool { return len(b.ranges) == 0 }
