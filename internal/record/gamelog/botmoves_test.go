package gamelog

import (
	"fmt"
	"strings"
	"testing"
)

// naiveHas is BotMovesTag read the plain way, range by range, for small
// ranges: what Has must answer.
func naiveHas(tag string, deal, step int) bool {
	for _, f := range strings.Fields(tag) {
		var d, a, b int
		if _, err := fmt.Sscanf(f, "%d:%d-%d", &d, &a, &b); err == nil && d == deal && a <= step && step <= b {
			return true
		}
	}
	return false
}

func TestBotMovesHas(t *testing.T) {
	tag := "3:12-20 4:0-5 3:18-25 x:1-2 5:9-4 3:26-26 4:7-7 1:-3-1"
	var h Header
	h.SetTag(BotMovesTag, tag)
	b := h.BotMoves()
	for deal := -1; deal <= 6; deal++ {
		for step := -4; step <= 30; step++ {
			if got, want := b.Has(deal, step), naiveHas(tag, deal, step); got != want {
				t.Errorf("deal %d step %d: %v, want %v", deal, step, got, want)
			}
		}
	}
	if empty := (&Header{}).BotMoves(); !empty.Empty() || b.Empty() {
		t.Error("Empty is wrong")
	}
}

// A log may claim any ranges: reading them takes memory in proportion to
// the tag's text, never to the steps it names (a range of a billion steps
// is one range).
func TestBotMovesBounded(t *testing.T) {
	var h Header
	h.SetTag(BotMovesTag, strings.Repeat("1:0-1000000000 ", 1000)+"2:5-2000000000")
	b := h.BotMoves()
	if len(b.ranges) != 2 || !b.Has(1, 999999999) || !b.Has(2, 5) || b.Has(2, 4) {
		t.Errorf("ranges %v", b.ranges)
	}
}

func FuzzBotMoves(f *testing.F) {
	f.Add("3:12-20 4:0-5", 3, 15)
	f.Add("1:0-0 1:0-3 1:5-9", 1, 4)
	f.Add("2:-5--1 2:9-3", 2, -2)
	f.Fuzz(func(t *testing.T, tag string, deal, step int) {
		var h Header
		h.SetTag(BotMovesTag, tag)
		if got, want := h.BotMoves().Has(deal, step), naiveHas(tag, deal, step); got != want {
			t.Errorf("%q deal %d step %d: %v, want %v", tag, deal, step, got, want)
		}
	})
}
