package tui

import (
	"context"
	"strconv"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The replay viewer steps through a recorded game: by action, by trick
// and by deal, or straight to a deal. It shows the table as it stood at
// that point, both hands open or one player's only, the bidding and the
// sequence dialogue, the trick, the running score and, once a deal is
// over, its breakdown as the result screen shows it. With the analysis on
// (key a) every decision carries its grade (package internal/study/analysis):
// the analysis runs in a tea.Cmd, reporting its progress as messages, so
// the viewer stays live while it works.
//
// Everything the screen shows is a function of the position (a deal and
// a number of steps into it), the hand mode and the analysis: stepping
// forward then back gives the same screen again.

// Analyzer runs an analysis; analysis.Analyze is the real one. Tests
// give a fake, so the screens do not change when the bot does.
type Analyzer func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error)

// ReplayConfig is what `klob replay` decides for the viewer.
type ReplayConfig struct {
	// ASCII draws suits as letters and boxes with + - |.
	ASCII bool
	// Analysis tunes the analysis the a key starts (samples, seed,
	// workers); its Progress is the viewer's own.
	Analysis analysis.Options
	// Analyze runs it; nil means analysis.Analyze.
	Analyze Analyzer
	// Analyse starts the analysis at once, as if a was pressed.
	Analyse bool
}

// replayKeys are the viewer's keys, as data: the hints line lists them.
type replayKeys struct {
	Next, Prev           key.Binding
	NextTrick, PrevTrick key.Binding
	NextDeal, PrevDeal   key.Binding
	First, Last          key.Binding
	GoTo                 key.Binding
	Hands                key.Binding
	Analysis             key.Binding
	Back                 key.Binding
	Enter                key.Binding
	Digits               key.Binding
	Erase                key.Binding
}

func defaultReplayKeys() replayKeys {
	b := kit.Bind
	return replayKeys{
		Next:      b("→/l", "next action", "right", "l", "space"),
		Prev:      b("←/h", "previous action", "left", "h"),
		NextTrick: b("↓/j", "next trick", "down", "j", "]"),
		PrevTrick: b("↑/k", "previous trick", "up", "k", "["),
		NextDeal:  b("n", "next deal", "n", "pgdown"),
		PrevDeal:  b("p", "previous deal (or its start)", "p", "pgup"),
		First:     b("home", "start of the game", "home", "<"),
		Last:      b("end", "end of the game", "end", ">"),
		GoTo:      b("g", "go to deal N", "g"),
		Hands:     b("o", "open hands: both, A's, B's", "o"),
		Analysis:  b("a", "analysis on or off", "a"),
		Back:      b("esc", "back to the saved games", "esc"),
		Enter:     b("enter", "go", "enter"),
		Digits:    b("0-9", "deal number", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Erase:     b("backspace", "erase", "backspace"),
	}
}

// replayPos is a place in the game: the deal (0-based) and the number of
// its steps taken. (d, len(steps)) is the end of deal d, shown with its
// breakdown; (d+1, 0) the next deal as dealt.
type replayPos struct{ deal, n int }

// handMode says whose hands are open.
type handMode uint8

const (
	handsBoth handMode = iota // both hands face up
	handsOne                  // only the bottom seat's hand
)

// replayScreen is the viewer.
type replayScreen struct {
	r    *gamelog.Replay
	name string // the file, for the header
	cfg  ReplayConfig
	keys replayKeys

	pos    replayPos
	mode   handMode
	bottom rules.Seat // the seat drawn at the bottom (the one open alone)
	// sealed: the game is not over and has one person in it. It is
	// replayed as that person saw it: their hand alone, no analysis (it
	// grades the bot's decisions from the bot's cards), until it is over.
	sealed bool
	// bounds[d][n] marks the trick boundaries of deal d: as dealt, the
	// first lead, after each trick, the end.
	bounds [][]bool

	// Going to a deal: the digits typed so far.
	goTo   bool
	digits string
	note   string // a word about the last key (a deal that does not exist)

	// The analysis: shown when on, kept when turned off.
	replayAnalysis

	back kit.Screen // the history screen to return to, nil when opened from a file
}

// NewReplay returns the App of `klob replay FILE`: the viewer on r, the
// game read from the file name.
func NewReplay(r *gamelog.Replay, name string, cfg ReplayConfig) *App {
	if r.Players() > 2 {
		return newApp(newReplay34(tapeOf(r), name, cfg, nil), appOptions{ASCII: cfg.ASCII}) // replay34.go
	}
	return newApp(newReplayScreen(r, name, cfg, nil), appOptions{ASCII: cfg.ASCII})
}

func newReplayScreen(r *gamelog.Replay, name string, cfg ReplayConfig, back kit.Screen) *replayScreen {
	s := &replayScreen{r: r, name: name, cfg: cfg, keys: defaultReplayKeys(), back: back, bottom: rules.SeatA,
		replayAnalysis: newReplayAnalysis(r, cfg)}
	// A person's seat goes at the bottom, as at the table.
	if seat, ok := r.Header.HumanSeat(); ok {
		s.bottom = seat
	}
	s.bounds = make([][]bool, len(r.Deals))
	for i := range r.Deals {
		s.bounds[i] = trickBounds(&r.Deals[i])
	}
	if person, ok := r.Header.HumanSeat(); ok && !r.Over {
		s.sealed, s.mode, s.bottom = true, handsOne, person
		s.cfg.Analyse = false
	}
	return s
}

// sealedNote is what the hidden-card keys say on a game in progress.
const sealedNote = "The game is not over: you see only your own cards, and no analysis, until it is."

// trickBounds marks the positions of a deal that stepping by trick
// stops at: as dealt, the first lead (the bidding and dialogue done),
// after each trick, and the end.
func trickBounds(rd *gamelog.ReplayDeal) []bool {
	b := make([]bool, len(rd.Steps)+1)
	b[0], b[len(rd.Steps)] = true, true
	d := rd.At(0)
	for i, st := range rd.Steps {
		d.ApplyUnchecked(st.Action)
		if trick, _ := d.Trick(); d.Phase() == rules.PhasePlay && len(trick) == 0 {
			b[i+1] = true // the first lead, or a trick just taken
		}
	}
	return b
}

func (s *replayScreen) Name() string { return "replay" }

// Enter starts the analysis when asked for from the start.
func (s *replayScreen) Enter(ctx *kit.Context) tea.Cmd {
	if s.cfg.Analyse && s.state == analysisNone {
		s.on = true
		return s.startAnalysis()
	}
	return nil
}

// Update takes keys and the analysis' messages.
func (s *replayScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if cmd, ok := s.analysisMsg(msg); ok {
		return s, cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	}
	return s, nil
}

// key moves the position or changes what is shown.
func (s *replayScreen) key(msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &s.keys
	if s.goTo {
		s.goToKey(msg)
		return s, nil
	}
	s.note = ""
	switch {
	case kit.IsKey(msg, k.Next):
		s.pos = s.next(s.pos)
	case kit.IsKey(msg, k.Prev):
		s.pos = s.prev(s.pos)
	case kit.IsKey(msg, k.NextTrick):
		s.pos = s.nextTrick(s.pos)
	case kit.IsKey(msg, k.PrevTrick):
		s.pos = s.prevTrick(s.pos)
	case kit.IsKey(msg, k.NextDeal):
		s.pos = s.nextDeal(s.pos)
	case kit.IsKey(msg, k.PrevDeal):
		s.pos = s.prevDeal(s.pos)
	case kit.IsKey(msg, k.First):
		s.pos = replayPos{}
	case kit.IsKey(msg, k.Last):
		s.pos = s.end()
	case kit.IsKey(msg, k.GoTo):
		s.goTo, s.digits = true, ""
	case kit.IsKey(msg, k.Digits):
		// A digit starts the go-to prompt with itself.
		s.goTo, s.digits = true, ""
		s.goToKey(msg)
	case s.sealed && (kit.IsKey(msg, k.Hands) || kit.IsKey(msg, k.Analysis)):
		s.note = sealedNote
	case kit.IsKey(msg, k.Hands):
		s.cycleHands()
	case kit.IsKey(msg, k.Analysis):
		return s, s.toggleAnalysis()
	case kit.IsKey(msg, k.Back) && s.back != nil:
		s.stopAnalysis()
		return s.back, nil
	}
	return s, nil
}

// goToKey handles a key of the go-to prompt.
func (s *replayScreen) goToKey(msg tea.KeyPressMsg) {
	k := &s.keys
	switch {
	case kit.IsKey(msg, k.Digits):
		// As many digits as the last deal's number has.
		if len(s.digits) < len(strconv.Itoa(len(s.r.Deals))) {
			s.digits += msg.String()
		}
	case kit.IsKey(msg, k.Erase):
		if s.digits != "" {
			s.digits = s.digits[:len(s.digits)-1]
		}
	case kit.IsKey(msg, k.Enter):
		s.goTo = false
		n, err := strconv.Atoi(s.digits)
		if err != nil || n < 1 || n > len(s.r.Deals) {
			s.note = "no deal " + s.digits + ": the game has " + kit.Plural(len(s.r.Deals), "deal")
			if s.digits == "" {
				s.note = ""
			}
			return
		}
		s.pos = replayPos{deal: n - 1}
	case kit.IsKey(msg, k.Back):
		s.goTo = false
	}
}

// cycleHands goes both open → the bottom seat's alone → the other's
// alone → both.
func (s *replayScreen) cycleHands() {
	switch {
	case s.mode == handsBoth:
		s.mode = handsOne
	case s.bottom == s.home():
		s.bottom = s.home().Other()
	default:
		s.mode, s.bottom = handsBoth, s.home()
	}
}

// home is the seat at the bottom with both hands open: the person's, or A.
func (s *replayScreen) home() rules.Seat {
	if seat, ok := s.r.Header.HumanSeat(); ok {
		return seat
	}
	return rules.SeatA
}

// Moving. Every move stays inside the game; at either end it stays put.

func (s *replayScreen) steps(d int) int { return len(s.r.Deals[d].Steps) }

func (s *replayScreen) end() replayPos {
	if len(s.r.Deals) == 0 {
		return replayPos{}
	}
	last := len(s.r.Deals) - 1
	return replayPos{last, s.steps(last)}
}

func (s *replayScreen) next(p replayPos) replayPos {
	switch {
	case len(s.r.Deals) == 0:
		return p
	case p.n < s.steps(p.deal):
		return replayPos{p.deal, p.n + 1}
	case p.deal+1 < len(s.r.Deals):
		return replayPos{p.deal + 1, 0}
	}
	return p
}

func (s *replayScreen) prev(p replayPos) replayPos {
	switch {
	case p.n > 0:
		return replayPos{p.deal, p.n - 1}
	case p.deal > 0:
		return replayPos{p.deal - 1, s.steps(p.deal - 1)}
	}
	return p
}

func (s *replayScreen) isBound(p replayPos) bool {
	return len(s.bounds) > 0 && s.bounds[p.deal][p.n]
}

func (s *replayScreen) nextTrick(p replayPos) replayPos {
	for q := s.next(p); ; q = s.next(q) {
		if s.isBound(q) || q == s.end() {
			return q
		}
	}
}

func (s *replayScreen) prevTrick(p replayPos) replayPos {
	for q := s.prev(p); ; q = s.prev(q) {
		if s.isBound(q) || q == (replayPos{}) {
			return q
		}
	}
}

func (s *replayScreen) nextDeal(p replayPos) replayPos {
	if p.deal+1 < len(s.r.Deals) {
		return replayPos{p.deal + 1, 0}
	}
	return s.end()
}

func (s *replayScreen) prevDeal(p replayPos) replayPos {
	if p.n > 0 || p.deal == 0 {
		return replayPos{p.deal, 0}
	}
	return replayPos{p.deal - 1, 0}
}

// KeyHelp is the viewer's keys as help: the short help is the status
// line's hints, the full help lists every key.
func (s *replayScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	rk := &s.keys
	full := []key.Binding{rk.Next, rk.Prev, rk.NextTrick, rk.PrevTrick, rk.NextDeal, rk.PrevDeal, rk.First, rk.Last, rk.GoTo, rk.Hands, rk.Analysis}
	short := []key.Binding{kit.Brief("step", rk.Next, rk.Prev), kit.Brief("trick", rk.NextTrick, rk.PrevTrick),
		kit.Brief("deal", rk.NextDeal, rk.PrevDeal), kit.Brief("go to deal", rk.GoTo), kit.Brief("hands", rk.Hands), kit.Brief("analysis", rk.Analysis)}
	if s.back != nil {
		full = append(full, rk.Back)
		back := "list"
		if _, ok := s.back.(*gameOver); ok {
			back = "back" // to the end of the game just played
		}
		short = append(short, kit.Brief(back, rk.Back))
	}
	full = append(full, k.Help, kit.QuitAsks(k))
	short = append(short, kit.Brief("quit", k.Quit))
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full}}
}

// QuitQuestion replaces the game's "stays saved": a replay changes
// nothing.
func (s *replayScreen) QuitQuestion() string { return "The log is left as it was." }
