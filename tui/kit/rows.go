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
// and rest cells (the others), only after a ", " or a " ·" of " · ", so
// that a name of several words, or a part such as "waiting for
// players", stays whole on its line, and a line that goes on ends with
// the comma or the "·". A piece longer than a line wraps where it must.
func BreakRow(text string, first, rest int) []string {
	// The pieces, each with its separator but the space after it:
	// joined by spaces they are the text again.
	var pieces []string
	for text != "" {
		i := len(text)
		if j := strings.Index(text, ", "); j >= 0 {
			i = j + len(",")
		}
		if j := strings.Index(text, " · "); j >= 0 && j+len(" ·") < i {
			i = j + len(" ·")
		}
		pieces = append(pieces, text[:i])
		text = strings.TrimPrefix(text[i:], " ")
	}
	var lines []string
	line := ""
	room := func() int {
		if len(lines) == 0 {
			return first
		}
		return rest
	}
	for _, p := range pieces {
		if line != "" && WidthOf(line+" "+p) <= room() {
			line += " " + p
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = p
		for WidthOf(line) > room() {
			cut := Wrap(line, room())[0]
			lines = append(lines, cut)
			line = strings.TrimLeft(strings.TrimPrefix(line, cut), " ")
		}
	}
	return append(lines, line)
}
