package lobby

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// window shows whole entries around the cursor's and counts the rest;
// an entry taller than the room shows its start, cut with "…".
func TestWindow(t *testing.T) {
	entries := []entry{{lines: []string{"a1", "a2"}}, {lines: []string{"b1"}}, {lines: []string{"c1", "c2"}}, {lines: []string{"d1"}}}
	for _, tc := range []struct {
		name         string
		at, room     int
		shown        []string
		above, below int
	}{
		{"all fit", 2, 6, []string{"a1", "a2", "b1", "c1", "c2", "d1"}, 0, 0},
		{"no cursor: the first", -1, 3, []string{"a1", "a2", "b1"}, 0, 2},
		{"the cursor's last", 2, 3, []string{"b1", "c1", "c2"}, 1, 1},
		{"the last", 3, 3, []string{"c1", "c2", "d1"}, 2, 0},
		{"a cut entry", -1, 1, []string{"a1…"}, 0, 3},
		{"the cursor's cut", 2, 1, []string{"c1…"}, 2, 1},
		{"no room", 0, 0, nil, 0, 4},
	} {
		shown, _, above, below := window(entries, tc.at, tc.room, 80, "…")
		assert.Equal(t, tc.shown, shown, tc.name)
		assert.Equal(t, [2]int{tc.above, tc.below}, [2]int{above, below}, tc.name)
	}
	// A cut line as wide as the window gives up its last cell to the
	// mark, which would be lost past the edge.
	full := strings.Repeat("x", 80)
	shown, _, _, _ := window([]entry{{lines: []string{full, "rest"}}}, 0, 1, 80, "…")
	assert.Equal(t, []string{strings.Repeat("x", 79) + "…"}, shown)
	// Under -ascii the mark is "...", three cells, and keeps its room.
	shown, _, _, _ = window([]entry{{lines: []string{full, "rest"}}}, 0, 1, 80, "...")
	assert.Equal(t, []string{strings.Repeat("x", 77) + "..."}, shown)
	assert.Equal(t, "↑ 2 more above · ↓ 1 more below", moreMark(2, 1))
	assert.Equal(t, "↓ 3 more below", moreMark(0, 3))
	assert.Equal(t, "", moreMark(0, 0))
}

// An entry the room cuts keeps its lines of the lowest ranks, in their
// order, each line followed by one left out ending with "…".
func TestWindowKeepsByRank(t *testing.T) {
	// A table's row over two lines, its house variants over two.
	e := entry{lines: []string{"row1", "row2", "house1", "house2"}, rank: []int{0, 2, 1, 1}}
	for room, want := range map[int][]string{
		4: {"row1", "row2", "house1", "house2"},
		3: {"row1…", "house1", "house2"},
		2: {"row1…", "house1…"},
		1: {"row1…"},
	} {
		shown, _, _, _ := window([]entry{e}, 0, room, 80, "…")
		assert.Equal(t, want, shown, "in %d lines", room)
	}
}
