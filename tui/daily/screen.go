package daily

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/play/host"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
)

// Config is what klob daily decides before the screen opens.
type Config struct {
	// Files is the daily's part of the state directory; Day the day's
	// boards at the seat count, kept there.
	Files *dailyfiles.Files
	Day   *dailyfiles.Day
	// Later is today's day when Day is yesterday's, begun and not
	// finished (and today's not begun): the intro offers to finish Day
	// first, or to leave it for Later with n.
	Later *dailyfiles.Day
	// Today is the person's calendar day, for the streak (the Day's date
	// when zero).
	Today duplicate.Date
	// Player is the person's name at the table.
	Player string
	// NewBot makes the bots of the boards, ParBot those of par (nil: the
	// real bots; par's on one worker, so the person's play keeps a core).
	NewBot, ParBot ai.Factory
	// Analyze runs the replay's analysis (nil: the real one) with
	// Analysis' options.
	Analyze  replay.Analyzer
	Analysis analysis.Options
	// Clock paces the bots (nil: the system clock); Pace is the least
	// time between two moves, TrickPace after a trick; HoldTricks keeps
	// a finished trick on the table until a key.
	Clock           host.Clock
	Pace, TrickPace time.Duration
	HoldTricks      bool
	// Settle is how long a new board takes no key that decides
	// (kit.Context.Settle; 0 in tests).
	Settle time.Duration
	// Now is the start time written in a board's log (nil: time.Now).
	Now func() time.Time
	// Sort is the hand's order; ASCII draws suits as letters.
	Sort  kit.HandSort
	ASCII bool
	// Manual: the board's table does not wait for its host's updates
	// itself (tests send table.Refresh).
	Manual bool
	// PastPar are past days played out whose par was never worked out
	// (dailyfiles.WithoutPar): once the day's own par is, theirs is, a
	// day at a time, and their history lines are written again.
	PastPar []*dailyfiles.Day
	// Warning is shown on the intro (a problem found before it opened).
	Warning string
	// ShowPath is how a path is shown ("~/..." for the home directory);
	// nil shows it as it is.
	ShowPath kit.PathShower
}

// Screen leads the person through the day: the intro, the boards, the
// results, the history (see the package doc).
type Screen struct {
	cfg  Config
	day  *dailyfiles.Day
	set  *duplicate.BoardSet
	prog *dailyfiles.Progress
	// loadErr is what reading the day said (a damaged file moved aside).
	loadErr error
	hist    *duplicate.History
	// later is today's day while yesterday's is shown (Config.Later),
	// read with it; nil once it is today's that is shown.
	later     *dailyfiles.Day
	laterProg *dailyfiles.Progress
	laterErr  error

	sub kit.Screen // the part shown

	// The board being played: its number, host and the person's seat.
	board int
	h     *host.Host
	port  host.Port
	// hosts are the boards' hosts not yet closed, for Close, which the
	// App calls on quitting from a goroutine of its own.
	mu    sync.Mutex
	hosts map[*host.Host]bool

	// Par, worked out in the background: the lines so far, the next
	// board to work out (0: none left), why it stopped. cancel stops
	// everything (Close); ctx and stopPar are the day's, for the switch
	// from yesterday's day to today's.
	root    context.Context
	cancel  context.CancelFunc
	ctx     context.Context
	stopPar context.CancelFunc
	lines   map[int]duplicate.ParLine
	parNext int
	parErr  error
	// pastPar are the past days whose par is still to work out, pastBusy
	// set while one is.
	pastPar  []*dailyfiles.Day
	pastBusy bool

	res *dayResults // the results, once read
}

// New opens the day: it reads what was played of it and the history
// (files the program reads before the screen opens). An error is one
// the screen cannot open with; a damaged file moved aside is shown on
// the intro instead.
func New(cfg Config) (*Screen, error) {
	if cfg.Day == nil || cfg.Files == nil {
		return nil, errors.New("daily: no day to play")
	}
	if cfg.Today == (duplicate.Date{}) {
		cfg.Today = cfg.Day.Date
	}
	if cfg.ParBot == nil {
		cfg.ParBot = oneCore
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	// The screen's bots, of the boards and of par, build each win table
	// once between them.
	wins := &eval.WinTables{}
	if cfg.NewBot != nil {
		cfg.NewBot = ai.WithWinTables(cfg.NewBot, wins)
	}
	cfg.ParBot = ai.WithWinTables(cfg.ParBot, wins)
	s := &Screen{cfg: cfg, day: cfg.Day, set: cfg.Day.Set, lines: map[int]duplicate.ParLine{}, parNext: 1,
		pastPar: cfg.PastPar}
	// A file moved aside is said whoever read it first (the program,
	// choosing the day or counting the days, may have): Files keeps the
	// moves until taken. Yesterday's are said when its day is shown.
	prog, err := s.day.Load()
	if prog == nil {
		return nil, err
	}
	s.prog = prog
	h, err := cfg.Files.History()
	s.hist = h
	var de *durable.DamagedError
	if err != nil && !errors.As(err, &de) {
		s.loadErr = err
	}
	s.loadErr = errors.Join(append(cfg.Files.TakeMoved(), s.loadErr)...)
	if cfg.Later != nil {
		prog, err := cfg.Later.Load()
		if prog == nil {
			return nil, err
		}
		s.later, s.laterProg, s.laterErr = cfg.Later, prog, errors.Join(cfg.Files.TakeMoved()...)
	}
	s.root, s.cancel = context.WithCancel(context.Background())
	s.ctx, s.stopPar = context.WithCancel(s.root)
	s.sub = &intro{s: s}
	return s, nil
}

// oneCore makes the real bots on one worker each.
func oneCore(level ai.Level, cfg ai.Config) (ai.Bot, error) {
	cfg.Workers = 1
	return ai.New(level, cfg)
}

// Name names the part shown.
func (s *Screen) Name() string { return "daily " + s.sub.Name() }

// Enter starts working out par, and the part shown.
func (s *Screen) Enter(ctx *kit.Context) tea.Cmd {
	return tea.Batch(s.parCmd(), kit.Enter(ctx, s.sub))
}

// Close stops par and the boards' hosts, the board in play and one
// ending, their last moves written (it waits for the file system): the
// App's flush on quitting. It is safe to call from any goroutine.
func (s *Screen) Close() {
	s.cancel()
	s.mu.Lock()
	hs := s.hosts
	s.hosts = nil
	s.mu.Unlock()
	for h := range hs {
		h.Close()
	}
}

// keep notes a board's host, for Close.
func (s *Screen) keep(h *host.Host) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hosts == nil {
		s.hosts = map[*host.Host]bool{}
	}
	s.hosts[h] = true
}

// closed closes a board's host (waiting for its writes) and forgets it.
func (s *Screen) closed(h *host.Host) {
	h.Close()
	s.mu.Lock()
	delete(s.hosts, h)
	s.mu.Unlock()
}

// Update takes the screen's own messages and gives the rest to the part
// shown.
func (s *Screen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	var own tea.Cmd
	switch msg := msg.(type) {
	case parMsg:
		own = s.parDone(msg)
	case pastParMsg:
		own = s.pastParDone(msg)
	case savedMsg:
		s.saved(msg)
	case resultsMsg:
		s.resultsRead(msg)
	case tea.MouseClickMsg:
		switch s.sub.(type) {
		case *intro, *between, *stopped, *results, *page:
			return s.click(ctx, msg)
		}
	}
	next, cmd := s.sub.Update(ctx, msg)
	return s, tea.Batch(own, kit.Show(ctx, &s.sub, next, cmd))
}

// click takes a left click on a part of the day's own (a board's table
// and a replay take theirs): a click on an offer, "[enter] board 2" or
// a key of a line of hints, is that key, the help's and quit's handed
// to the App as their keys; on the results a click on a board chooses
// it, and on the chosen one opens the hard bot's line (kit.Pick).
func (s *Screen) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft {
		return s, nil
	}
	k := &ctx.Keys
	r, isResults := s.sub.(*results)
	var labels []kit.Label
	if _, isPage := s.sub.(*page); isPage || isResults {
		// Their keys are a line of hints, the last line written. A
		// letter with its word: the s of "bot's" is no key.
		labels = []kit.Label{{Words: []string{"enter"}, Key: k.Choose}, {Words: []string{"y yours"}, Key: keyYours},
			{Words: []string{"s standings"}, Key: keyStandings}, {Words: []string{"h history"}, Key: keyHistory}, {Words: []string{"esc"}, Key: k.Back},
			{Words: []string{"?"}, Key: k.Help}, {Words: []string{"q"}, Key: k.Quit}}
	}
	view := s.sub.View(ctx)
	hits := kit.TextHits(ctx, view, []key.Binding{k.Choose, k.Back, keyHistory, keyToday, k.Help, k.Quit}, labels)
	if isResults {
		// The results' keys may take two lines: those of the line above
		// the last are keys too, the last line of the view cut after it.
		rest := strings.TrimRight(ansi.Strip(view), " \n")
		for range len(r.keyLines(ctx)) - 1 {
			rest = rest[:max(0, strings.LastIndexByte(rest, '\n'))]
			hits = append(hits, kit.TextHits(ctx, rest, nil, labels)...)
		}
		hits = append(hits, r.rowHits(ctx)...)
	}
	if row, ok := kit.RowClicked(hits, msg); ok && isResults {
		if kit.Pick(&r.cursor, row) {
			return s.Update(ctx, kit.Press(k.Choose))
		}
		return s, nil
	}
	press, app, ok := kit.ClickedFor(ctx, hits, msg)
	if !ok || app != nil {
		return s, app
	}
	return s.Update(ctx, press)
}

// View draws the part shown.
func (s *Screen) View(ctx *kit.Context) string { return s.sub.View(ctx) }

// KeyHelp is the part shown's keys.
func (s *Screen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	return kit.KeyHelpOf(s.sub, k, kit.KeyHelp{Full: [][]key.Binding{{k.Help, k.Quit}}})
}

// HelpMarks passes on whether the part shown has cards for the help's
// numbers and marks to explain: a board's table and a replay have.
func (s *Screen) HelpMarks() bool { return kit.HelpMarksOf(s.sub) }

// HelpHints passes on whether the part shown has hints and grades for
// the help to explain: a board's table has none, a board's analysis has.
func (s *Screen) HelpHints() bool { return kit.HelpHintsOf(s.sub) }

// HelpRules passes on the board being played; on the pages around the
// boards, the day's rules (its seat count), not the default game's.
func (s *Screen) HelpRules() (rules.Options, bool) {
	if o, ok := kit.HelpRulesOf(s.sub); ok {
		return o, true
	}
	return s.set.Options, true
}

// QuitQuestion says what quitting keeps.
func (s *Screen) QuitQuestion() string {
	return kit.QuitQuestionOf(s.sub, "Your daily is saved: klob daily goes on from where you are.")
}

// QuitsAtOnce: q quits without asking where nothing is under way.
func (s *Screen) QuitsAtOnce() bool { return kit.QuitsAtOnce(s.sub) }

// QuitNote is what to print once the screen is gone. A day that is not
// today's any more (the date changed while it was played) goes on only
// from the next day's launch, before a board of that day is begun.
func (s *Screen) QuitNote() string {
	// A save that failed keeps the day at the last one that worked.
	if p, ok := s.sub.(*between); ok && p.saved && p.err != nil {
		return fmt.Sprintf("Board %d could not be saved (%v). %s.", p.n, p.err, s.keptOf(p.n))
	}
	if s.port != nil {
		if e := s.port.Snapshot().Save.Err; e != "" {
			return fmt.Sprintf("Board %d could not be saved (%s): klob daily goes on with it from its last save that worked.",
				s.board, e)
		}
	}
	n := s.next()
	// A board's end screen shows a board played, its result recorded or
	// about to be (the save runs off the screen): the day goes on after
	// it. In the middle of a board: one open or begun, not played.
	over := s.port != nil && s.port.Snapshot().Over
	if over && n == s.board {
		n = 0
		for _, b := range s.set.Boards {
			if b.Number > s.board && !s.prog.Played(b.Number) {
				n = b.Number
				break
			}
		}
	}
	played := s.played()
	if over && !s.prog.Played(s.board) {
		played++
	}
	mid := false
	for _, b := range []int{s.board, s.prog.Board} {
		if b > 0 && !s.prog.Played(b) && !(b == s.board && over) {
			mid = true
		}
	}
	where := fmt.Sprintf(", %d of %d boards played", played, len(s.set.Boards))
	if mid {
		where = fmt.Sprintf(", in the middle of board %d", n)
	}
	switch now := duplicate.DateOf(s.cfg.Now()); {
	case n == 0:
		// The path on a line of its own: a terminal wraps no words of it.
		return "Your results of the day are at:\n  " + s.cfg.ShowPath.Show(s.day.ResultPath())
	case !mid && played == 0:
		return ""
	case now == s.day.Date && mid:
		return fmt.Sprintf("The daily is saved%s: klob daily goes on from there.", where)
	case now == s.day.Date:
		return fmt.Sprintf("The daily is saved: klob daily goes on at board %d.", n)
	case now == s.day.Date.AddDays(1):
		return fmt.Sprintf("The daily of %s is saved%s. It is %s now: klob daily offers to finish it "+
			"until today's first board is begun, and only today.", s.day.Date, where, now)
	}
	return fmt.Sprintf("The daily of %s is saved%s, but it cannot be finished: klob daily goes back to yesterday's daily only.",
		s.day.Date, where)
}

// toToday leaves yesterday's day unfinished for today's (Config.Later):
// par of yesterday's boards stops, and today's is worked out.
func (s *Screen) toToday() tea.Cmd {
	if s.later == nil {
		return nil
	}
	s.stopPar()
	s.day, s.set, s.prog, s.loadErr = s.later, s.later.Set, s.laterProg, s.laterErr
	s.later, s.laterProg, s.laterErr = nil, nil, nil
	s.lines, s.parNext, s.parErr, s.res = map[int]duplicate.ParLine{}, 1, nil, nil
	s.ctx, s.stopPar = context.WithCancel(s.root)
	return s.parCmd()
}

// boardName is how the screens name board n: "Board 3 of 8".
func (s *Screen) boardName(n int) string { return fmt.Sprintf("Board %d of %d", n, len(s.set.Boards)) }

// played is how many boards of the day are played.
func (s *Screen) played() int { return len(s.prog.Results.Boards) }

// next is the board to play next, 0 once every board is played.
func (s *Screen) next() int { return s.prog.Next(len(s.set.Boards)) }

// done reports whether every board of the day is played.
func (s *Screen) done() bool { return s.next() == 0 }

// goOn is where enter goes from the day's page or a board's end: the
// next board, or the day's results once every board is played.
func (s *Screen) goOn() (kit.Screen, tea.Cmd) {
	if s.done() {
		return &results{s: s}, nil
	}
	return s.playBoard(s.next())
}

// titled is a part's top: the day's title, then the part's name when
// it has one ("results").
func (s *Screen) titled(ctx *kit.Context, part string) []string {
	title := duplicate.DailyTitle(s.day.Date, s.set.Players())
	if part != "" {
		title += " · " + part
	}
	return kit.Titled(ctx, title)
}

// backOrQuit is the keys' line of a part that can only go back.
func backOrQuit(st *kit.Styles) string {
	return st.Key.Render("[esc]") + " back   " + helpOrQuit(st)
}

// helpOrQuit ends every page's keys' line: the help, then quit.
func helpOrQuit(st *kit.Styles) string {
	return st.Key.Render("[?]") + " help   " + st.Key.Render("[q]") + " quit"
}

// parMsg is par of one board worked out, or read back.
type parMsg struct {
	day   *dailyfiles.Day // whose board: a day left behind's is dropped
	board int
	line  duplicate.ParLine
	err   error
	// moved says the kept lines were damaged and moved aside: they are
	// worked out again.
	moved error
}

// parCmd works out par of the next board not yet worked out, in the
// background; nil when none is left. A line kept from an earlier run by
// this version (dailyfiles.Day.KeptLine) is read back instead, so that
// a day opened again shows its results without the bot thinking. The
// line of a board the person has played goes into the par file at
// once; par goes into the result file once the day is played out.
func (s *Screen) parCmd() tea.Cmd {
	n := s.parNext
	b, ok := s.set.Board(n)
	if !ok || s.parErr != nil {
		return nil
	}
	ctx, set, day, f := s.ctx, s.set, s.day, s.cfg.ParBot
	return func() tea.Msg {
		line, kept, moved := day.KeptLine(n)
		var err error
		if !kept {
			line, err = set.ParLine(ctx, b, f)
		}
		if err == nil {
			err = day.SetParLine(line)
		}
		return parMsg{day: day, board: n, line: line, err: err, moved: moved}
	}
}

// parDone keeps a board's par and works out the next; with the last,
// the results are read if they wait for it.
func (s *Screen) parDone(m parMsg) tea.Cmd {
	if m.day != s.day || m.board != s.parNext {
		return nil
	}
	if m.moved != nil {
		s.loadErr = errors.Join(s.loadErr, m.moved)
	}
	if m.err != nil {
		if s.ctx.Err() == nil {
			s.parErr = m.err
		}
		return nil
	}
	s.lines[m.board] = m.line
	s.parNext++
	if _, ok := s.set.Board(s.parNext); !ok {
		s.parNext = 0
		var read tea.Cmd
		if r, ok := s.sub.(*results); ok && s.res == nil {
			read = r.read()
		}
		return tea.Batch(read, s.pastParCmd())
	}
	return s.parCmd()
}

// pastParMsg is par of a past day worked out and its line written.
type pastParMsg struct {
	day  *dailyfiles.Day
	hist *duplicate.History
	err  error
}

// pastParCmd works out par of the next past day without it (Config.
// PastPar), in the background after the day's own: into its result
// file, then its history line again. nil when none is left or one is
// under way.
func (s *Screen) pastParCmd() tea.Cmd {
	if s.pastBusy || len(s.pastPar) == 0 {
		return nil
	}
	d := s.pastPar[0]
	s.pastPar, s.pastBusy = s.pastPar[1:], true
	ctx, bots, files := s.root, s.cfg.ParBot, s.cfg.Files
	return func() tea.Msg {
		err := func() error {
			for _, b := range d.Set.Boards {
				line, err := d.Set.ParLine(ctx, b, bots)
				if err != nil {
					return err
				}
				if err := d.SetPar(b.Number, line.Par); err != nil {
					return err
				}
			}
			return d.Recount()
		}()
		hist, herr := files.History()
		if herr != nil {
			hist = nil
		}
		return pastParMsg{day: d, hist: hist, err: err}
	}
}

// pastParDone takes a past day's par and goes on with the next; after
// an error the rest waits for the next launch.
func (s *Screen) pastParDone(m pastParMsg) tea.Cmd {
	s.pastBusy = false
	if m.hist != nil {
		s.hist = m.hist
	}
	if m.err != nil {
		s.pastPar = nil
		return nil
	}
	return s.pastParCmd()
}

// parReady reports whether par of every board is worked out.
func (s *Screen) parReady() bool { return len(s.lines) == len(s.set.Boards) }
