package daily

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/tui/kit"
)

// The daily's own keys.
var (
	keyHistory   = kit.Bind("h", "the history of the days played, and the streak", "h")
	keyStandings = kit.Bind("s", "the standings in full", "s")
	keyYours     = kit.Bind("y", "your play of the board, in the replay", "y")
	keyUp        = kit.Bind("↑/k", "the board above", "up", "k")
	keyDown      = kit.Bind("↓/j", "the board below", "down", "j")
	keyToday     = kit.Bind("n", "today's boards, leaving yesterday's daily unfinished (offered again until one of today's is begun)", "n")
)

// intro is the first part: the day, the boards played, the streak.
type intro struct{ s *Screen }

func (*intro) Name() string      { return "intro" }
func (*intro) QuitsAtOnce() bool { return true }

func (p *intro) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	s := p.s
	switch {
	case kit.IsKey(k, ctx.Keys.Choose):
		return s.goOn()
	case kit.IsKey(k, keyHistory):
		return newHistory(s, p), nil
	case kit.IsKey(k, keyToday) && s.later != nil:
		return p, s.toToday()
	}
	return p, nil
}

func (p *intro) View(ctx *kit.Context) string {
	s := p.s
	st := &ctx.Styles
	w := ctx.Width
	n := s.set.Players()
	lines := s.titled(ctx, "")
	// Yesterday's daily offered (s.later set) is the same that day.
	when := "today"
	if s.later != nil {
		when = "that day"
	}
	about := kit.BoardsWords(n, "normal") + " The eight boards are the same " + when + " in every Klob; after the eighth " +
		"you see par, the hard bot's play, and how you stand against the friends whose results you import."
	lines = append(lines, "")
	lines = append(lines, kit.Paragraph(about, w, nil)...)
	lines = append(lines, "")
	if s.later != nil {
		offer := fmt.Sprintf("Yesterday's daily (%s) is not finished: %d of %d boards played. [enter] finishes it; "+
			"[n] leaves it unfinished for today's boards.", s.day.Date, s.played(), len(s.set.Boards))
		lines = append(lines, kit.Paragraph(offer, w, nil)...)
		lines = append(lines, "")
	}
	next := s.next()
	played := kit.BoardsPlayed(s.played(), len(s.set.Boards), next, next != 0 && s.prog.Board == next) + "."
	lines = append(lines, kit.Paragraph(played, w, nil)...)
	lines = append(lines, " "+s.boardMarks(ctx))
	cur, best := duplicate.Streak(s.hist.Dates(0), s.cfg.Today) // at any seat count
	lines = append(lines, "", " "+st.Heading.Render("Streak: ")+streakWords(cur, best))
	lines = append(lines, " "+st.Dim.Render("A day counts once its eight boards are played."))
	if s.cfg.Warning != "" {
		lines = append(lines, kit.Alert(ctx, s.cfg.Warning, w, 3)...)
	}
	if s.loadErr != nil {
		lines = append(lines, kit.Alert(ctx, s.cfg.ShowPath.ShowErr(s.loadErr), w, 6)...)
	}
	what := fmt.Sprintf("play board %d", next)
	if next == 0 {
		what = "the day's results"
	}
	today := ""
	if s.later != nil {
		today = st.Key.Render("[n]") + " today's   "
	}
	lines = append(lines, "", " "+st.Key.Render(kit.KeyTag(ctx.Keys.Choose))+" "+what+"   "+today+
		st.Key.Render("[h]")+" history   "+helpOrQuit(st))
	return kit.Canvas(lines, w, ctx.Height)
}

// boardMarks is a mark a board: its result when played, the board in
// progress, the boards to come. A board to come is marked with a dot,
// "." under -ascii, where "·" would turn "-" and read as a minus next
// to the results.
func (s *Screen) boardMarks(ctx *kit.Context) string {
	st := &ctx.Styles
	toCome := "·"
	if ctx.ASCII {
		toCome = "."
	}
	var parts []string
	for _, b := range s.set.Boards {
		mark := st.Dim.Render(fmt.Sprintf("%d %s", b.Number, toCome))
		if br, ok := boardOf(s.prog.Results.Boards, b.Number); ok {
			mark = fmt.Sprintf("%d %s", b.Number, kit.Number(br.Result))
		}
		if s.prog.Board == b.Number {
			mark = fmt.Sprintf("%d …", b.Number)
		}
		parts = append(parts, mark)
	}
	return strings.Join(parts, "  ")
}

// streakWords says the streak: "3 days (best 12)".
func streakWords(cur, best int) string {
	switch {
	case best == 0:
		return "none yet"
	case cur == best:
		return kit.Plural(cur, "day") + ", your best"
	}
	return fmt.Sprintf("%s (best %s)", kit.Plural(cur, "day"), kit.Plural(best, "day"))
}

// HelpMarks: the day's results so far, no card for the help's numbers
// and marks to explain: the boards are dealt only as they are played.
func (*intro) HelpMarks() bool { return false }

// KeyHelp: enter plays the next board (the results once the day is
// done), not the table's "play the card"; q quits at once here
// (QuitsAtOnce), so its help does not say it asks first.
func (p *intro) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("play", k.Choose), kit.Brief("history", keyHistory), kit.Brief("help", k.Help), k.QuitHint()}
	next := kit.Brief("play the next board; once the eight are played, the day's results", k.Choose)
	full := [][]key.Binding{{next, keyHistory}, {k.Help, k.QuitHint()}}
	if p.s != nil && p.s.later != nil {
		short = slices.Insert(short, 1, kit.Brief("today's", keyToday))
		full[0] = append(full[0], keyToday)
	}
	return kit.KeyHelp{Short: short, Full: full}
}
