package kit

import "strings"

// MarkRow draws a row of a list, marked when chosen: a row too long for
// the window breaks after a comma or a " ·" (BreakRow), the rest set in
// two more than the row's text so that it reads as the row's end.
func MarkRow(ctx *Context, text string, chosen bool) []string {
	const more = "     "
	w := ctx.Width
	var out []string
	for i, part := range BreakRow(text, max(10, w-3), max(10, w-len(more))) {
		switch {
		case i == 0:
			out = append(out, Mark(ctx, part, chosen))
		case chosen:
			out = append(out, more+ctx.Styles.Selected.Render(part))
		default:
			out = append(out, more+part)
		}
	}
	return out
}

// BreakRow breaks text into lines of at most first cells (the first)
// and rest cells (the others), only after a ", " or at a " · ", so
// that a name of several words, or a part such as "waiting for
// players", stays whole on its line. A line that goes on after a name
// ends with its comma; a " · " broken at goes with the break, never
// left at a line's end or start, as a separator between two lines reads
// as nothing. A piece longer than a line wraps where it must.
func BreakRow(text string, first, rest int) []string {
	// The pieces, each with its comma but not the " · " after it; dot
	// says that a " · " joins a piece to the next.
	type piece struct {
		text string
		dot  bool
	}
	var pieces []piece
	for text != "" {
		i, next, dot := len(text), len(text), false
		if j := strings.Index(text, ", "); j >= 0 {
			i, next = j+len(","), j+len(", ")
		}
		if j := strings.Index(text, " · "); j >= 0 && j < i {
			i, next, dot = j, j+len(" · "), true
		}
		pieces = append(pieces, piece{text[:i], dot})
		text = text[next:]
	}
	var lines []string
	line := ""
	room := func() int {
		if len(lines) == 0 {
			return first
		}
		return rest
	}
	sep := " "
	for _, p := range pieces {
		if line != "" && WidthOf(line+sep+p.text) <= room() {
			line += sep + p.text
		} else {
			if line != "" {
				lines = append(lines, line)
			}
			line = p.text
			for WidthOf(line) > room() {
				cut := Wrap(line, room())[0]
				lines = append(lines, cut)
				line = strings.TrimLeft(strings.TrimPrefix(line, cut), " ")
			}
		}
		sep = " "
		if p.dot {
			sep = " · "
		}
	}
	return append(lines, line)
}
