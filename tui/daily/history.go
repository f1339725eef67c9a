package daily

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/tui/kit"
)

// HistoryLines are the daily history as klob daily -history prints it
// and its screen shows it: the streak, then a line a day and seat
// count, the newest first.
func HistoryLines(h *duplicate.History, today duplicate.Date) []string {
	cur, best := duplicate.Streak(h.Dates(0), today)
	out := []string{"Streak: " + streakWords(cur, best) + ". A day counts once its eight boards are played."}
	if len(h.Days) == 0 {
		return append(out, "No day played yet: klob daily plays today's boards.")
	}
	out = append(out, fmt.Sprintf("%-10s  %7s  %7s  %8s  %6s  %s", "Day", "Players", "Score", "vs par", "Boards", "Compared with"))
	for _, d := range slices.Backward(h.Days) {
		vs := "-"
		if d.HasPar {
			vs = kit.Number(d.VersusPar)
		}
		score, field := kit.Percent(d.Percent), "nobody"
		// A day cut short (its result file rebuilt from the boards that
		// still read) says how many of the day's boards it counts.
		boards := fmt.Sprint(d.Played)
		short := d.Played < duplicate.DailyBoards
		if short {
			boards = fmt.Sprintf("%d of %d", d.Played, duplicate.DailyBoards)
		}
		switch {
		case d.Field == 1 && !d.HasPar && short:
			// Par is worked out only for a day played out.
			score, field = "-", fmt.Sprintf("nobody: par needs all %d boards", duplicate.DailyBoards)
		case d.Field == 1 && !d.HasPar:
			// Counted as the eighth board was played: par is worked out
			// when the day's results are opened, or by the next klob
			// daily in the background.
			score, field = "-", "nobody yet: par not worked out"
		case d.Field == 2 && d.Against == duplicate.AgainstPar:
			field = "par"
		case d.Field == 2 && d.Against == duplicate.AgainstFriends:
			field = "1 friend"
		case d.Field == 2:
			field = "1 other (par, or a friend)" // a line from before the history said which
		case d.Field > 2:
			// Par is compared only where nobody was imported: a field
			// of three or more is friends, said as one is.
			field = fmt.Sprintf("%d friends", d.Field-1)
		}
		out = append(out, fmt.Sprintf("%-10s  %7d  %7s  %8s  %6s  %s", d.Date, d.Players, score, vs, boards, field))
	}
	return out
}

// page is a part of the screen that is a heading and rows, scrolled:
// the history, the standings. Its key (or esc) goes back.
type page struct {
	name   string
	toggle key.Binding
	back   kit.Screen
	top    int
	// scrolls: the rows ran past the window when last drawn, so that
	// the keys offer scrolling only then.
	scrolls bool
	// lines are the heading kept on top and the rows under it, for a
	// window w wide.
	lines func(ctx *kit.Context, w int) (head, rows []string)
}

func (p *page) Name() string    { return p.name }
func (*page) QuitsAtOnce() bool { return true }

func (p *page) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	switch {
	case kit.IsKey(k, ctx.Keys.Back), kit.IsKey(k, p.toggle):
		return p.back, nil
	case kit.IsKey(k, keyUp):
		p.top = max(0, p.top-1)
	case kit.IsKey(k, keyDown):
		p.top++
	}
	return p, nil
}

func (p *page) View(ctx *kit.Context) string {
	w, h := ctx.Width, ctx.Height
	lines, rows := p.lines(ctx, w)
	room := max(0, h-len(lines)-2)
	p.top = max(0, min(p.top, len(rows)-room))
	p.scrolls = len(rows) > room
	lines = append(lines, rows[p.top:min(len(rows), p.top+room)]...)
	lines = kit.Padded(lines, h-1, kit.HintRow(ctx, p))
	return kit.Canvas(lines, w, h)
}

// HelpMarks: the history's and the standings' figures, no card for the
// help's numbers and marks to explain.
func (*page) HelpMarks() bool { return false }

func (p *page) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("back", k.Back), kit.Brief("help", k.Help), k.QuitHint()}
	if p.scrolls {
		short = append([]key.Binding{kit.Either("scroll", keyUp, keyDown)}, short...)
	}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{short}}
}

// newHistory is the history's page: HistoryLines, scrolled.
func newHistory(s *Screen, back kit.Screen) *page {
	return &page{name: "history", toggle: keyHistory, back: back, lines: func(ctx *kit.Context, w int) ([]string, []string) {
		st := &ctx.Styles
		lines := kit.Titled(ctx, "Daily challenge · history")
		all := HistoryLines(s.hist, s.cfg.Today)
		lines = append(lines, " "+st.Heading.Render(kit.Clip(all[0], w-2)), "")
		rows := all[1:]
		if len(rows) > 1 {
			lines = append(lines, " "+st.Heading.Render(kit.Clip(rows[0], w-2)))
			rows = rows[1:]
		}
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = " " + kit.Clip(r, w-2)
		}
		return lines, out
	}}
}
