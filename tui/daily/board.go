package daily

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/table"
)

// boardLog is board b's log after steps and the claim made in them (nil:
// none), for a board resumed or replayed: the person (or who plays their
// seat, at level) at A, the bots elsewhere.
func (s *Screen) boardLog(b duplicate.Board, steps []rules.Step, claim *gamelog.Claim, person, level string) (*gamelog.Log, error) {
	var names, levels [4]string
	for i, p := range host.AgainstBots(s.set.Players(), host.Player{Name: person, Level: ai.Level(level)}, s.set.Seat, s.set.Level) {
		names[i], levels[i] = p.Name, string(p.Level)
	}
	return s.set.ClaimedBoardLog(b, steps, claim, names, levels)
}

// playBoard deals board n (or goes on with it, from where it was left)
// on a host of its own and shows its table. A board played is never
// dealt again: n must be the next.
func (s *Screen) playBoard(n int) (kit.Screen, tea.Cmd) {
	b, ok := s.set.Board(n)
	if !ok || s.prog.Played(n) {
		return s.sub, nil
	}
	ps := host.AgainstBots(s.set.Players(), host.Player{Name: s.cfg.Player, Human: true}, s.set.Seat, s.set.Level)
	cfg := host.Config{Game: host.Game{Options: s.set.Options, Players: ps, NewBot: s.cfg.NewBot, Start: s.cfg.Now(),
		Board: &host.Board{Dealer: b.Dealer, Deck: b.Deck, BotSeed: b.BotSeed, Chance: b.Chance}},
		Store: s.day.BoardStore(n), Clock: s.cfg.Clock, Pace: s.cfg.Pace, TrickPace: s.cfg.TrickPace,
		HoldTricks: s.cfg.HoldTricks, NoHints: true}
	var h *host.Host
	var err error
	if s.prog.Board == n {
		// The board left in the middle: its actions so far, on its deal,
		// and the claim whose play-out goes on.
		var l *gamelog.Log
		if l, err = s.boardLog(b, s.prog.Steps, s.prog.Claim, s.cfg.Player, gamelog.Human); err == nil {
			h, err = host.Resume(l, cfg)
		}
	} else {
		h, err = host.New(cfg)
	}
	var port host.Port
	if err == nil {
		if port, err = h.Seat(s.set.Seat); err != nil {
			h.Close()
		}
	}
	if err != nil {
		return &stopped{s: s, err: fmt.Errorf("%s cannot be played: %w", s.boardName(n), err)}, nil
	}
	s.board, s.h, s.port = n, h, port
	s.keep(h)
	t := table.New(table.Config{Port: port, Sort: s.cfg.Sort, Manual: s.cfg.Manual, Tag: "daily " + s.day.Date.String(),
		Board: s.boardName(n), AfterBoard: func() kit.Screen { return &between{s: s, n: n} },
		QuitQuestion:   kit.BoardSaved("klob daily goes on from there"),
		TakebacksOffIn: "in the daily"})
	if s.prog.Board == n {
		// Greeted as a game taken up again is (klob play): where it goes on.
		t.SetNote(kit.WelcomeBack(n, len(s.set.Boards)), false)
	}
	return t, nil
}

// savedMsg is a board's end written: the host closed, the day and the
// history read again (the eighth board puts the day in the history).
type savedMsg struct {
	board int
	prog  *dailyfiles.Progress
	hist  *duplicate.History
	err   error
}

// between is the part after a board: its result, saved, and the next.
type between struct {
	s     *Screen
	n     int
	saved bool // the board is written (or failed: err)
	err   error
}

func (*between) Name() string { return "between" }

// Enter closes the board's host off the screen's goroutine (it waits
// for the last writes) and makes sure the board is recorded.
func (p *between) Enter(*kit.Context) tea.Cmd {
	s := p.s
	h, day, files, n := s.h, s.day, s.cfg.Files, p.n
	s.h, s.port = nil, nil
	return func() tea.Msg {
		var dl gamelog.Deal
		if l, err := h.Log(); err == nil && len(l.Deals) == 1 {
			dl = l.Deals[0]
		}
		s.closed(h)
		prog, err := day.Load()
		if prog != nil && !prog.Played(n) && err == nil {
			// The host could not file it: try once more, and say why not.
			if _, err = day.RecordDeal(n, dl); err == nil {
				prog, err = day.Load()
			}
		}
		hist, herr := files.History()
		if herr != nil {
			hist = nil
		}
		return savedMsg{board: n, prog: prog, hist: hist, err: err}
	}
}

// keptOf says what the day's files keep of board n after its end could
// not be saved, read back after the failure (s.prog): the board in
// progress at its last save that worked, from which klob daily goes on.
func (s *Screen) keptOf(n int) string {
	switch {
	case s.prog.Board == n && len(s.prog.Steps) > 0:
		return fmt.Sprintf("What is kept is board %d after %s, its last save that worked: "+
			"klob daily goes on from there the next time it starts", n, kit.Plural(len(s.prog.Steps), "action"))
	case s.prog.Board == n:
		return fmt.Sprintf("What is kept is board %d begun, none of its play: "+
			"klob daily deals it again from its start the next time it starts", n)
	}
	return fmt.Sprintf("Nothing of board %d is kept: klob daily deals it again the next time it starts", n)
}

// saved takes a board's end written.
func (s *Screen) saved(m savedMsg) {
	if m.prog != nil {
		s.prog = m.prog
	}
	if m.hist != nil {
		s.hist = m.hist
	}
	if m.board == s.board {
		s.board = 0
	}
	if p, ok := s.sub.(*between); ok && p.n == m.board {
		p.saved, p.err = true, m.err
	}
}

// QuitsAtOnce: once the board is saved, q between boards loses
// nothing while the day is today's (klob daily goes on at the next
// board), and the footer says so; the table's question would only
// repeat it. A day the date has left behind is another matter: quitting
// may leave it unfinished for good, so q asks, in the words of what it
// keeps (QuitQuestion).
func (p *between) QuitsAtOnce() bool { return p.saved && p.today() }

// today reports whether the day played is still the calendar's.
func (p *between) today() bool { return duplicate.DateOf(p.s.cfg.Now()) == p.s.day.Date }

// QuitQuestion is what quitting keeps, as klob daily says it on the
// way out.
func (p *between) QuitQuestion() string { return p.s.QuitNote() }

func (p *between) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !p.saved {
		return p, nil
	}
	s := p.s
	switch {
	case kit.IsKey(k, ctx.Keys.Choose) && (s.done() || p.err == nil):
		return s.goOn()
	case kit.IsKey(k, ctx.Keys.Back):
		return &intro{s: s}, nil
	}
	return p, nil
}

// boardOf is board n's line among bs, when played.
func boardOf(bs []duplicate.BoardResult, n int) (duplicate.BoardResult, bool) {
	for _, br := range bs {
		if br.Board == n {
			return br, true
		}
	}
	return duplicate.BoardResult{}, false
}

func (p *between) View(ctx *kit.Context) string {
	s := p.s
	st := &ctx.Styles
	w := ctx.Width
	lines := s.titled(ctx, "")
	lines = append(lines, "", " "+st.Heading.Render(s.boardName(p.n)+" is played."))
	var keys string
	switch {
	case !p.saved:
		lines = append(lines, " Saving…")
	case p.err != nil:
		lines = append(lines, kit.Alert(ctx, "It could not be saved: "+p.err.Error(), w, 4)...)
		lines = append(lines, kit.Paragraph(s.keptOf(p.n)+".", w, nil)...)
		keys = backOrQuit(st)
	default:
		if br, ok := boardOf(s.prog.Results.Boards, p.n); ok {
			lines = append(lines, fmt.Sprintf(" Your result: %s (%s).", kit.Number(br.Result), kit.BoardResultWords(s.set.Players())))
		}
		lines = append(lines, " "+s.boardMarks(ctx), "")
		what := fmt.Sprintf("board %d", s.next())
		if s.done() {
			lines = append(lines, kit.Paragraph(kit.LastBoard("par and the comparison come next"), w, nil)...)
			what = "the day's results"
		} else {
			lines = append(lines, kit.Paragraph(kit.BoardsToGo(len(s.set.Boards)-s.played(), "klob daily goes on from here"), w, nil)...)
		}
		keys = st.Key.Render(kit.KeyTag(ctx.Keys.Choose)) + " " + what + "   " + st.Key.Render("[esc]") + " the daily   " + helpOrQuit(st)
		if p.today() {
			keys += ", the daily kept" // q asks nothing here: the footer says what it keeps
		}
	}
	if keys != "" {
		lines = append(lines, "")
		lines = append(lines, wrapKeys(keys, w)...)
	}
	return kit.Canvas(lines, w, ctx.Height)
}

// wrapKeys sets a line of keys ("[k] what", three spaces apart) in
// lines of width w, indented one column: a key and its words are never
// cut, the keys that do not fit going on to the next line.
func wrapKeys(keys string, w int) []string {
	var out []string
	line := ""
	for _, k := range strings.Split(keys, "   ") {
		switch {
		case line == "":
			line = " " + k
		case kit.WidthOf(line+"   "+k) <= w:
			line += "   " + k
		default:
			out = append(out, line)
			line = " " + k
		}
	}
	return append(out, line)
}

// HelpMarks: the board's result, no card for the help's numbers and
// marks to explain.
func (*between) HelpMarks() bool { return false }

func (p *between) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("go on", k.Choose), kit.Brief("the daily", k.Back), kit.Brief("help", k.Help), k.QuitHint()}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{short}}
}

// stopped is a part that says why the day cannot go on.
type stopped struct {
	s   *Screen
	err error
}

func (*stopped) Name() string      { return "stopped" }
func (*stopped) QuitsAtOnce() bool { return true }

// HelpMarks: why the day cannot go on, no card for the help's numbers
// and marks to explain.
func (*stopped) HelpMarks() bool { return false }

func (p *stopped) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && kit.IsKey(k, ctx.Keys.Back) {
		return &intro{s: p.s}, nil
	}
	return p, nil
}

func (p *stopped) View(ctx *kit.Context) string {
	st := &ctx.Styles
	lines := p.s.titled(ctx, "")
	lines = append(lines, "")
	lines = append(lines, kit.Alert(ctx, p.err.Error(), ctx.Width, 8)...)
	lines = append(lines, "", " "+backOrQuit(st))
	return kit.Canvas(lines, ctx.Width, ctx.Height)
}
