package lobby

import (
	"fmt"
	"slices"

	"github.com/klob/klob/tui/kit"
)

// window is the part of a list shown in room lines, each entry of the
// list its lines (a table wrapped over two, say): whole entries from
// the first on, or, when the entry at (the cursor's; -1 for none) would
// not show, from the entry that leaves it the last one shown. An entry
// the room cuts ends with "…", its line cut to leave the mark room in w
// cells (a line as wide as the window would lose it at the edge). above
// and below count the entries left out before and after the lines
// shown. The lobby's table list and the watch list scroll with it.
func window(entries [][]string, at, room, w int) (shown []string, above, below int) {
	total := 0
	for _, e := range entries {
		total += len(e)
	}
	if total <= room {
		for _, e := range entries {
			shown = append(shown, e...)
		}
		return shown, 0, 0
	}
	if room < 1 {
		return nil, 0, len(entries)
	}
	start := 0
	if at >= 0 && at < len(entries) {
		used := 0
		for i := 0; i <= at; i++ {
			used += len(entries[i])
		}
		for start < at && used > room {
			used -= len(entries[start])
			start++
		}
	}
	end := start
	for end < len(entries) && len(shown) < room {
		e := entries[end]
		if len(shown)+len(e) > room {
			e = slices.Clone(e[:room-len(shown)])
			e[len(e)-1] = kit.Clip(e[len(e)-1], w-1) + "…"
		}
		shown = append(shown, e...)
		end++
	}
	return shown, start, len(entries) - end
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
