package tourney

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/table"
)

// boardPart is a board at the person's own table: the one table screen
// (tui/table) over the seat's port, in board mode (one deal, no hint).
// It keeps the tournament's end in view: the tournament is read again
// just after the end, and at once when its host ends it sooner, as its
// page is; once it has ended the line under the header says so (the
// board no longer counts) and esc opens the standings. The board's play
// goes on meanwhile, and is saved as the person leaves it.
type boardPart struct {
	s     *Screen
	code  string
	t     *table.Screen
	seat  *svc.Seat
	ends  time.Time // the tournament's end as last read
	ticks kit.Ticker
	// over is set once the tournament has ended; done if the board's
	// deal was played out by then (it counts: its result was in).
	over, done bool
	// kicked is set once another connection of the person's took the
	// seat over (kickedNow).
	kicked bool
}

// playBoard shows the seat's board; it is the screen's board in play
// from now on.
func (s *Screen) playBoard(code string, seat *svc.Seat) kit.Screen {
	s.setSeat(seat)
	tag := "tournament " + code
	if info, ok := dailyTag(code); ok {
		tag = info
	}
	p := &boardPart{s: s, code: code, seat: seat, ends: seat.Ends}
	p.t = table.New(table.Config{Port: seat.Port, Sort: s.cfg.Sort, Manual: s.cfg.Manual, Tag: tag,
		Board:          fmt.Sprintf("Board %d of %d", seat.Board, seat.Boards),
		AfterBoard:     func() kit.Screen { return newAfter(s, code, seat) },
		Keys:           p.keys,
		QuitQuestion:   kit.BoardSaved("go on with it any time before " + the(code) + " ends"),
		TakebacksOffIn: "in " + the(code)})
	switch {
	case seat.Resumed && !seat.DealtAgain:
		// Greeted as klob daily greets a board taken up again, in place
		// of the host's "You are back." as the seat is taken again.
		p.t.SetNote(kit.WelcomeBack(seat.Board, seat.Boards), false)
	case seat.DealtAgain:
		p.t.HoldNote("Your play of this board could not be read back (the server keeps the file): the board is dealt again from its start.", true)
	}
	return p
}

// seatMsg brings the person's seat at their next board, for the part
// that asked (the tournament's page, the part after a board).
type seatMsg struct {
	to   kit.Screen
	seat *svc.Seat
	err  error
}

// playNext asks for the person's seat at their next board of code.
func (s *Screen) playNext(to kit.Screen, code string) tea.Cmd {
	pl := s.cfg.Player
	return s.call(func(ctx context.Context) tea.Msg {
		seat, err := s.cfg.Service.Play(ctx, pl, code)
		if seat != nil && !s.adopt(seat) {
			return nil // the screen closed meanwhile: the seat is left
		}
		return seatMsg{to: to, seat: seat, err: err}
	})
}

// dailyTag is the header's tag of a daily's board: "server daily
// 2026-12-01". The server deals its daily's boards its own way, not as
// klob daily deals the day's (tagged "daily 2026-12-01"): the tag keeps
// a player from taking one for the other.
func dailyTag(code string) (string, bool) {
	date, _, ok := svc.ParseDailyCode(code)
	if !ok {
		return "", false
	}
	return "server daily " + date.String(), true
}

func (*boardPart) Name() string { return "board" }

// Enter enters the table, and waits for the tournament's end: the
// time to it, and the host's end sooner (not where nothing is read
// again: tests drive the screens synchronously).
func (p *boardPart) Enter(ctx *kit.Context) tea.Cmd {
	cmd := tea.Batch(p.t.Enter(ctx), p.tickEnd())
	if p.s.cfg.Refresh < 0 {
		return cmd
	}
	return tea.Batch(cmd, p.waitEnded())
}

// hostEndedMsg says the tournament's host ended it.
type hostEndedMsg struct{ to *boardPart }

// tickEnd asks to read the tournament again (endWait).
func (p *boardPart) tickEnd() tea.Cmd {
	return p.s.tick(p, &p.ticks, endWait(p.s.now(), p.ends))
}

// endWait is how long from now a board reads its tournament again: as
// the near-end warning begins, else just after the end (and at most
// the usual refresh later: Screen.tick).
func endWait(now, ends time.Time) time.Duration {
	if left := ends.Sub(now); left > nearEnd {
		return left - nearEnd
	}
	return afterEnd(now, ends)
}

// waitEnded waits off the screen's goroutine for the host to end the
// tournament sooner; nothing comes of it when the seat is given up.
func (p *boardPart) waitEnded() tea.Cmd {
	seat := p.seat
	return func() tea.Msg {
		if seat.WaitEnded() {
			return hostEndedMsg{to: p}
		}
		return nil
	}
}

// read reads the tournament again: whether it has ended, and its end.
func (p *boardPart) read() tea.Cmd { return p.s.find(p, p.code) }

// Update gives msg to the table; the part after the board comes when the
// table hands over. Once the tournament has ended, esc (where the table
// has no use for it) leaves the board for the standings.
func (p *boardPart) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TickMsg:
		if p.ticks.Due(msg, p) {
			return p, p.read()
		}
		return p, nil
	case hostEndedMsg:
		if msg.to == p {
			return p, p.read()
		}
		return p, nil
	case foundMsg:
		if msg.to != kit.Screen(p) {
			return p, nil
		}
		if msg.err == nil {
			p.ends = msg.info.Ends
			if msg.info.Over && !p.over {
				p.over, p.done = true, p.t.Snapshot().Over
			}
		}
		if p.over {
			return p, nil
		}
		return p, p.tickEnd()
	case tea.KeyPressMsg:
		if (p.toStandings() || p.kicked) && kit.IsKey(msg, ctx.Keys.Back) {
			d := newDetail(p.s, p.code, nil)
			d.closing = p.s.takeSeat()
			return d, nil
		}
	}
	next, cmd := p.t.Update(ctx, msg)
	p.kickedNow()
	if next != nil && next != kit.Screen(p.t) {
		return next, cmd
	}
	return p, cmd
}

// kickedNow notes a seat just taken over by another connection of the
// person's: the note that was up (the welcome back of a board taken up
// again, a key refused) goes, so that the table's own line says the
// seat was taken over, and esc goes back to the tournament as q does.
func (p *boardPart) kickedNow() {
	if p.kicked || !p.t.Snapshot().Kicked {
		return
	}
	p.kicked = true
	p.t.SetNote("", false)
}

// View is the table, the line under its header saying that the
// tournament has ended, or ends soon, in place of the rule there: the
// table keeps its layout and nothing it shows is covered.
func (p *boardPart) View(ctx *kit.Context) string {
	out := p.t.View(ctx)
	line := p.endLine(ctx)
	if line == "" {
		return out
	}
	lines := kit.SplitLines(out)
	if len(lines) < 2 {
		return out
	}
	lines[1] = line
	return strings.Join(lines, "\n")
}

// endLine says the tournament has ended (and what that means for the
// board) or that it ends within nearEnd; "" otherwise. The "!" marks it
// where colour does not show.
func (p *boardPart) endLine(ctx *kit.Context) string {
	st := &ctx.Styles
	w := ctx.Width
	switch now := p.s.now(); {
	case p.over:
		what := "! " + kit.Capital(the(p.code)) + " has ended: this board no longer counts."
		if p.done {
			what = "! " + kit.Capital(the(p.code)) + " has ended."
		}
		keys := "  " + st.Key.Render("[esc]") + " the standings"
		return " " + st.Heading.Render(kit.Cut(what, w-1-kit.WidthOf(keys), ctx.Ellipsis())) + keys
	case p.ends.Sub(now) < nearEnd && !p.t.Snapshot().Over:
		what := "! " + kit.Capital(the(p.code)) + " ends " + until(now, p.ends) + ": this board counts if finished by then."
		return " " + st.Heading.Render(kit.Cut(what, w-1, ctx.Ellipsis()))
	}
	return ""
}

// keyStandings is esc on a board once tournament code has ended.
func keyStandings(code string) key.Binding {
	return kit.Bind("esc", the(code)+" has ended: its standings (the board is kept as played)", "esc")
}

// toStandings reports whether esc opens the standings now: the
// tournament has ended and the table has no use for esc (a list open,
// bella asked).
func (p *boardPart) toStandings() bool {
	return p.over && !p.t.UsesBack() && p.t.Bella == rules.NoCard
}

// keyTaken is esc on a board of tournament code whose seat another
// connection took over.
func keyTaken(code string) key.Binding {
	return kit.Bind("esc", "back to "+the(code)+": another connection of yours has the board", "esc")
}

// keys are the board's own keys, for the table's keys line and help:
// esc while it opens the standings, or the tournament once the seat
// was taken over.
func (p *boardPart) keys() kit.KeyHelp {
	switch {
	case p.toStandings():
		k := keyStandings(p.code)
		return kit.KeyHelp{Short: []key.Binding{kit.Brief("the standings", k)}, Full: [][]key.Binding{{k}}}
	case p.kicked:
		k := keyTaken(p.code)
		return kit.KeyHelp{Short: []key.Binding{kit.Brief(the(p.code), k)}, Full: [][]key.Binding{{k}}}
	}
	return kit.KeyHelp{}
}

// KeyHelp is the table's, which lists the board's own keys (keys).
func (p *boardPart) KeyHelp(k *kit.KeyMap) help.KeyMap { return p.t.KeyHelp(k) }

// QuitsAtOnce: as the board's table says (its end, its seat taken by
// another connection).
func (p *boardPart) QuitsAtOnce() bool { return p.t.QuitsAtOnce() }

// QuitQuestion is the table's, but where the tournament has ended.
func (p *boardPart) QuitQuestion() string {
	if p.over {
		return kit.Capital(the(p.code)) + " has ended: its standings open."
	}
	return p.t.QuitQuestion()
}

// HelpRules is the board's rules for the help.
func (p *boardPart) HelpRules() (rules.Options, bool) { return p.t.HelpRules() }

// HelpHints is the table's: a board has no hint to explain.
func (p *boardPart) HelpHints() bool { return p.t.HelpHints() }

// after is the part after a board: the board's host closed (its end
// written), then the person's result, par when known, and the next.
type after struct {
	s    *Screen
	code string
	seat *svc.Seat
	prog *svc.Progress
	err  string
	done bool
	// ticks read the tournament again while it runs (reread): once it
	// has ended, the page offers its standings, not a board no longer
	// to be played.
	ticks kit.Ticker
}

func newAfter(s *Screen, code string, seat *svc.Seat) *after {
	return &after{s: s, code: code, seat: seat}
}

func (*after) Name() string { return "after the board" }

// afterMsg is the board's end written and the tournament read again.
type afterMsg struct {
	to   *after
	prog *svc.Progress
	err  error
}

// Enter closes the board's host off the screen's goroutine (it waits
// for the last writes: the result is recorded then) and reads the
// tournament again.
func (p *after) Enter(*kit.Context) tea.Cmd {
	s, seat, code := p.s, p.seat, p.code
	s.mu.Lock()
	if s.seat == seat {
		s.seat = nil
	}
	s.mu.Unlock()
	key := s.cfg.Player.Key
	return func() tea.Msg {
		seat.Close()
		ctx, cancel := context.WithTimeout(context.Background(), s.cfg.Timeout)
		defer cancel()
		prog, err := s.cfg.Service.Progress(ctx, key, code)
		return afterMsg{to: p, prog: prog, err: err}
	}
}

// rereadMsg is the tournament read again while the page shows.
type rereadMsg struct {
	to   *after
	prog *svc.Progress
	err  error
}

// reread reads the tournament again (the board's end written already).
func (p *after) reread() tea.Cmd {
	s, code, key := p.s, p.code, p.s.cfg.Player.Key
	return s.call(func(ctx context.Context) tea.Msg {
		prog, err := s.cfg.Service.Progress(ctx, key, code)
		return rereadMsg{to: p, prog: prog, err: err}
	})
}

// tickEnd asks to read the tournament again just after its end (at
// most the usual refresh later: Screen.tick, which also catches its
// host's end), while it runs.
func (p *after) tickEnd() tea.Cmd {
	if p.prog == nil || p.prog.Info.Over {
		return nil
	}
	return p.s.tick(p, &p.ticks, afterEnd(p.s.now(), p.prog.Info.Ends))
}

func (p *after) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case afterMsg:
		if msg.to == p {
			p.done, p.prog, p.err = true, msg.prog, errText(p.code, msg.err)
			return p, p.tickEnd()
		}
	case kit.TickMsg:
		if p.ticks.Due(msg, p) {
			return p, p.reread()
		}
	case rereadMsg:
		if msg.to == p {
			if msg.err != nil {
				// The page read before stands; the next tick tries again.
				return p, p.s.tick(p, &p.ticks, p.s.cfg.Refresh)
			}
			p.prog = msg.prog
			return p, p.tickEnd()
		}
	case seatMsg:
		if msg.to == kit.Screen(p) {
			p.done = true
			if errors.Is(msg.err, svc.ErrOver) {
				// The tournament ended while this page showed the next
				// board: its standings, not a page that offers it still.
				return newDetail(p.s, p.code, nil), nil
			}
			if msg.err != nil {
				p.err = errText(p.code, msg.err)
				return p, nil
			}
			return p.s.playBoard(p.code, msg.seat), nil
		}
	case tea.KeyPressMsg:
		if !p.done {
			return p, nil
		}
		switch {
		case kit.IsKey(msg, ctx.Keys.Choose) && p.next() > 0:
			p.done = false
			return p, p.s.playNext(p, p.code)
		case kit.IsKey(msg, ctx.Keys.Back), kit.IsKey(msg, ctx.Keys.Choose):
			return newDetail(p.s, p.code, nil), nil
		}
	}
	return p, nil
}

// next is the board to play next, 0 when none (or the end has passed).
func (p *after) next() int {
	if p.prog == nil || p.prog.Info.Over {
		return 0
	}
	return p.prog.Next
}

// line is the board's line in the person's progress.
func (p *after) line() (svc.BoardLine, bool) {
	n := p.seat.Board
	if p.prog == nil || n < 1 || n > len(p.prog.Lines) {
		return svc.BoardLine{}, false
	}
	return p.prog.Lines[n-1], true
}

func (p *after) View(ctx *kit.Context) string {
	st := &ctx.Styles
	w, h := ctx.Width, ctx.Height
	title := titleOf(p.code)
	if p.prog != nil {
		title = p.prog.Info.Title()
	}
	lines := kit.Titled(ctx, title)
	lines = append(lines, "", " "+st.Heading.Render(fmt.Sprintf("Board %d of %d is played.", p.seat.Board, p.seat.Boards)))
	if !p.done {
		lines = append(lines, " Saving…")
		return kit.Canvas(lines, w, h)
	}
	l, ok := p.line()
	switch {
	case ok && l.State == svc.Played:
		lines = append(lines, fmt.Sprintf(" Your result: %s (%s).", kit.Number(l.Result), kit.BoardResultWords(p.prog.Info.Players())))
		if l.HasPar {
			lines = append(lines, fmt.Sprintf(" Par: %s, so %s against par.", kit.Number(l.Par), kit.Number(l.Result-l.Par)))
		} else {
			lines = append(lines, " Par is being worked out: "+the(p.code)+" shows it once known.")
		}
	case p.prog != nil && p.prog.Info.Over:
		lines = wrap(lines, kit.Capital(the(p.code))+" ended before this board was finished: it does not count.", w)
	case p.err == "":
		lines = wrap(lines, "Its result is not recorded yet: "+the(p.code)+" shows it once it is.", w)
	}
	if p.err != "" {
		lines = append(lines, kit.Alert(ctx, p.err, w, 3)...)
	}
	lines = append(lines, "")
	what, n := the(p.code), p.next()
	switch {
	case n > 0:
		what = fmt.Sprintf("board %d", n)
		lines = wrap(lines, kit.BoardsToGo(p.seat.Boards-p.prog.Played(), the(p.code)+" waits for you until its end"), w)
	case p.prog != nil && p.prog.Info.Over:
		what = "the standings"
		if ok && l.State == svc.Played {
			lines = wrap(lines, kit.Capital(the(p.code))+" has ended: its standings are out.", w)
		}
	case p.prog != nil:
		lines = wrap(lines, kit.LastBoard("the standings open at the end"), w)
	}
	k := &ctx.Keys
	offers := []offer{{k.Choose, what}}
	// With no board to go on to, enter and esc both go back: one says
	// it.
	if n > 0 {
		offers = append(offers, offer{k.Back, the(p.code)})
	}
	lines = append(append(lines, ""), offerLines(ctx, append(offers, helpQuit(k)...), w)...)
	return kit.Canvas(lines, w, h)
}

// HelpMarks: the board's result, no card for the help's numbers and
// marks to explain.
func (*after) HelpMarks() bool { return false }

func (p *after) KeyHelp(k *kit.KeyMap) help.KeyMap {
	short := []key.Binding{kit.Brief("go on", k.Choose), kit.Brief(the(p.code), k.Back)}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{short, {k.Help, kit.QuitAsks(k)}}}
}
