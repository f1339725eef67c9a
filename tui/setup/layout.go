package setup

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/klob/klob/tui/kit"
)

// line is one screen line of the form: its text, the row it draws (or
// startRow, or noRow), and its spare level: 0 for a line always drawn,
// else a line dropped when the window is short, the highest level
// first (see spare).
type line struct {
	text  string
	row   int
	spare int
	note  bool // a line of the practice note
	// back and fwd are where a row's ‹ and › lie on its line (Y 0).
	back, fwd kit.Rect
}

const (
	noRow    = -1
	startRow = -2
)

// The spare lines, dropped in this order (highest first) until the form
// fits: the blank before the key hints, the blanks between the
// sections, the blank before the explanation, the blank before the
// start line, and last the section headings, one at a time.
const (
	spareHeading = 1 + iota
	spareBeforeStart
	spareBeforeExplain
	spareBetween
	spareBeforeHints
)

// layout lays the form out for the window: every row, the start line
// and what the chosen line means always; the headings and blank lines
// while they fit. When even the rows do not fit (a long warning in a
// short window) the rows scroll, the chosen one kept in view. The lines
// are the View's and the clicks' both.
func (s *Screen) layout(ctx *kit.Context) []line {
	st := &ctx.Styles
	rows := s.rows()
	title := "Set up the game: Klaberjass for " + CountWord(players(&s.setup))
	var head, body, foot []line
	for _, t := range kit.Titled(ctx, title) {
		head = append(head, line{text: t, row: noRow, spare: 0})
	}
	for i, r := range rows {
		for j, sec := range sections {
			if sec.first == r.Key {
				if j > 0 {
					body = append(body, line{text: "", row: noRow, spare: spareBetween})
				}
				body = append(body, line{text: " " + st.Heading.Render(sec.heading), row: noRow, spare: spareHeading})
			}
		}
		text, back, fwd := formLineEnds(ctx, r.Label, r.Value(&s.setup), i == s.row, s.steps(r, -1), s.steps(r, 1))
		body = append(body, line{text: text, row: i, spare: 0, back: back, fwd: fwd})
	}
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeStart},
		line{text: kit.Mark(ctx, "[ Start the game ]", s.row == len(rows)), row: startRow, spare: 0})
	// The seed deals every card: it is shown only once the game is over,
	// unless the player gave it (-seed), which makes the game, and the
	// next ones drawn from it, practice.
	// practice is the note's lines, whole or (short of room) without
	// what follows from it, so that the headings keep their lines.
	practice := func(short bool) []line {
		if !s.setup.Practice {
			return nil
		}
		// In the words of the log's Practice tag.
		from := "the seed"
		if s.setup.Next {
			from = "drawn from the seed"
		}
		note := fmt.Sprintf("Practice game: seed %d, %s chosen by the player (-seed); its log is marked practice.", s.setup.Seed, from)
		if short {
			note = fmt.Sprintf("Practice game: seed %d, %s chosen by the player.", s.setup.Seed, from)
		}
		var out []line
		for _, l := range kit.Wrap(note, max(10, ctx.Width-4)) {
			out = append(out, line{text: "   " + l, row: noRow, note: true})
		}
		return out
	}
	foot = append(foot, practice(false)...)
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeExplain})
	explain := "Start a game with these choices; the seed of its deals is shown when it is over."
	if s.setup.Practice {
		// Its seed is on the screen already, the player's own.
		explain = "Start a game with these choices, dealt from the seed above."
	}
	if s.row < len(rows) {
		explain = rows[s.row].Label + ": " + rows[s.row].Explain(&s.setup) + "."
		// On the first line, where the form opens, a newcomer reads
		// where the lesson is, when the line has room for it.
		const newcomer = " New to the game? L: a guided first game."
		if s.row == 0 && s.cfg.Learn != nil && kit.WidthOf(explain+newcomer) <= ctx.Width-4 {
			explain += newcomer
		}
	}
	for _, l := range kit.Wrap(explain, max(10, ctx.Width-4)) {
		foot = append(foot, line{text: "   " + st.Dim.Render(l), row: noRow, spare: 0})
	}
	for _, note := range []string{s.cfg.Warning, s.err} {
		if note == "" {
			continue
		}
		for _, l := range kit.Wrap("! "+note, max(10, ctx.Width-2)) {
			foot = append(foot, line{text: " " + st.Error.Render(l), row: noRow, spare: 0})
		}
	}
	foot = append(foot, line{text: "", row: noRow, spare: spareBeforeHints},
		line{text: " " + st.Dim.Render(kit.FitHintLine(ctx, s.hintKeys(ctx), ctx.Width-1)), row: noRow, spare: 0})

	all := func() int { return len(head) + len(body) + len(foot) }
	for level := spareBeforeHints; level > spareHeading && all() > ctx.Height; level-- {
		body, foot = drop(body, level), drop(foot, level)
	}
	if at := slices.IndexFunc(foot, func(l line) bool { return l.note }); at >= 0 && all() > ctx.Height {
		rest := slices.DeleteFunc(slices.Clone(foot[at:]), func(l line) bool { return l.note })
		short := practice(true)
		// Beside the start line when it fits there: a line more for
		// the headings.
		if st := at - 1; len(short) == 1 && foot[st].row == startRow &&
			kit.WidthOf(foot[st].text)+kit.WidthOf(short[0].text)-1 <= ctx.Width-1 {
			foot[st].text += strings.TrimPrefix(short[0].text, " ")
			short = nil
		}
		foot = append(append(foot[:at:at], short...), rest...)
	}
	// The headings go one at a time, the first first, while the form
	// does not fit: the rows above the first heading left are plainly
	// the game's, and every heading kept still tops its own rows.
	for all() > ctx.Height && dropFirst(&body, spareHeading) {
	}
	if room := ctx.Height - len(head) - len(foot); len(body) > room {
		body = window(body, s.row, max(1, room))
	}
	return append(append(head, body...), foot...)
}

// hintKeys are the keys of the key line. With L offered the line is
// full at 80 columns: the arrows then stand alone ("↑/↓ choose a
// line", the help names j/k too). Under -ascii, where the arrows are
// wide ("up/down"), FitHintLine keeps the letters instead.
func (s *Screen) hintKeys(ctx *kit.Context) []key.Binding {
	bs := s.KeyHelp(&ctx.Keys).ShortHelp()
	if ctx.ASCII || s.cfg.Learn == nil {
		return bs
	}
	for i, b := range bs {
		h := b.Help()
		if arrows, _, ok := strings.Cut(h.Key, " "); ok && strings.Trim(arrows, "←→↑↓/") == "" {
			bs[i] = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(arrows, h.Desc))
		}
	}
	return bs
}

// drop removes the lines of spare level level.
func drop(lines []line, level int) []line {
	out := lines[:0:0]
	for _, l := range lines {
		if l.spare != level {
			out = append(out, l)
		}
	}
	return out
}

// dropFirst removes the first line of spare level level, reporting
// whether there was one.
func dropFirst(lines *[]line, level int) bool {
	for i, l := range *lines {
		if l.spare == level {
			*lines = append((*lines)[:i:i], (*lines)[i+1:]...)
			return true
		}
	}
	return false
}

// window keeps room lines of body around the line of the chosen row.
func window(body []line, row, room int) []line {
	at := 0
	for i, l := range body {
		if l.row == row {
			at = i
		}
	}
	first := min(max(0, at-room/2), len(body)-room)
	return body[first : first+room]
}

// steps reports whether stepping r by d changes what the row shows.
func (s *Screen) steps(r Row, d int) bool { return r.steps(&s.setup, d) }
