package lobby

import (
	"fmt"
	"slices"

	"github.com/klob/klob/tui/kit"
)

// entry is one entry of a list, its lines (a table wrapped over two,
// its house variants under it); rank, when set, gives each line's
// place in what the entry keeps when the room cuts it: the lines of
// the lowest ranks stay (of equal ranks, the first), in their order.
// Without rank the entry keeps its first lines. keep is the lines a
// screen short of rows gives the entry before its other parts (least).
type entry struct {
	lines []string
	rank  []int
	keep  int
	// brief, when set, is the first line when the line after it is left
	// out: the entry's own words in one line, in place of the first
	// line cut with the mark.
	brief string
}

// least is the lines the entry keeps before a screen's other parts:
// keep, at least one and at most all.
func (e entry) least() int { return max(1, min(e.keep, len(e.lines))) }

// cut is e in n lines at most (keep). A line followed by one left out
// ends with mark (the screen's ellipsis: "…", "..." under -ascii), cut
// to leave the mark room in w cells (a line as wide as the window would
// lose it at the edge), so that nothing is left out unsaid.
func (e entry) cut(n, w int, mark string) []string {
	if n >= len(e.lines) {
		return e.lines
	}
	order := make([]int, len(e.lines))
	for i := range order {
		order[i] = i
	}
	if e.rank != nil {
		slices.SortStableFunc(order, func(a, b int) int { return e.rank[a] - e.rank[b] })
	}
	kept := slices.Sorted(slices.Values(order[:max(0, n)]))
	out := make([]string, len(kept))
	for i, at := range kept {
		out[i] = e.lines[at]
		if next := at + 1; next < len(e.lines) && (i+1 == len(kept) || kept[i+1] != next) {
			out[i] = kit.Clip(out[i], w-kit.WidthOf(mark)) + mark
			if at == 0 && e.brief != "" {
				out[i] = e.brief
			}
		}
	}
	return out
}

// window is the part of a list shown in room lines: whole entries from
// the first on, or, when the entry at (the cursor's; -1 for none) would
// not show, from the entry that leaves it the last one shown; an entry
// the room cuts keeps what its rank says (entry.cut), in w cells with
// mark where it is cut. above and below count the entries left out
// before and after the lines shown; of is the entry of each line
// shown, for clicks. The lobby's table list and the watch list scroll
// with it.
func window(entries []entry, at, room, w int, mark string) (shown []string, of []int, above, below int) {
	total := 0
	for _, e := range entries {
		total += len(e.lines)
	}
	if total <= room {
		for i, e := range entries {
			shown = append(shown, e.lines...)
			of = append(of, slices.Repeat([]int{i}, len(e.lines))...)
		}
		return shown, of, 0, 0
	}
	if room < 1 {
		return nil, nil, 0, len(entries)
	}
	start := 0
	if at >= 0 && at < len(entries) {
		used := 0
		for i := 0; i <= at; i++ {
			used += len(entries[i].lines)
		}
		for start < at && used > room {
			used -= len(entries[start].lines)
			start++
		}
	}
	end := start
	for end < len(entries) && len(shown) < room {
		lines := entries[end].cut(room-len(shown), w, mark)
		shown = append(shown, lines...)
		of = append(of, slices.Repeat([]int{end}, len(lines))...)
		end++
	}
	return shown, of, start, len(entries) - end
}

// moreMark says how many entries of a list are out of view above and
// below ("↑ 2 more above · ↓ 3 more below"), "" when none is.
func moreMark(above, below int) string {
	s := ""
	if above > 0 {
		s = fmt.Sprintf("↑ %d more above", above)
	}
	if below > 0 {
		if s != "" {
			s += " · "
		}
		s += fmt.Sprintf("↓ %d more below", below)
	}
	return s
}
