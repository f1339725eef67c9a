// Package replay holds the replay of a recorded game and the list of
// saved games, for every seat count.
//
// The replay steps through a game by action, by trick and by deal, or
// straight to a deal, and draws each position with the table screen's
// own renderer (table.Render), so that a replayed position looks as it
// did at the table: every hand open, or one seat's view alone (o cycles
// through the seats). At the end of a deal it shows the deal's result as
// the table does. With the analysis on (a) the decisions it grades
// carry their grades (package internal/study/analysis: the people's, or
// every seat's in a game of bots): the step line grades the decision
// just taken, the table talk marks each graded one with its word
// ("(mistake)"), and each deal's end gives the points each graded seat
// lost there by grade.
// The analysis runs in a tea.Cmd and reports its progress as messages,
// so the replay stays live while it works. A game in progress with one
// person in it is sealed: that person's view only, and no analysis,
// until it is over.
//
// Everything the replay shows is a function of the position (a deal and
// a number of steps into it), the hands shown and the analysis: stepping
// forward then back gives the same screen again.
//
// The history list (History) shows the saved games with the player's
// record at every seat count (package internal/study/stats) and opens
// the one chosen in the replay; esc comes back to the list.
package replay

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// Analyzer runs an analysis; analysis.Analyze is the real one. Tests
// give a fake, so the screens do not change when the bot does.
type Analyzer func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error)

// Config is what `klob replay` decides for the replay.
type Config struct {
	// ASCII draws suits as letters and boxes with + - |.
	ASCII bool
	// Analysis tunes the analysis the a key starts (samples, seed,
	// workers); its Progress is the replay's own.
	Analysis analysis.Options
	// Analyze runs it; nil means analysis.Analyze.
	Analyze Analyzer
	// Analyse starts the analysis at once, as if a was pressed.
	Analyse bool
	// Board names the duplicate board the log is ("Board 3 of 8"): one
	// deal, whose end is the game's (the rules' game has no winner).
	// The replay names it in place of the deal and shows no game totals;
	// once its deal is played out, it is not sealed.
	Board string
	// At opens the replay after the first At steps of the first deal
	// (a board's line where it parts from another), 0 as dealt.
	At int
	// HidePaths names a saved game by its file's name alone in the list
	// of saved games: a person connected over SSH has no use for the
	// server's directories, which are none of their business.
	HidePaths bool
	// ShowPath is how a path is shown where paths are ("~/..." for the
	// home directory); nil shows it as it is.
	ShowPath kit.PathShower
	// Player is the SSH key id of the person whose saved games the list
	// shows, who played one of several people's seats at a shared table;
	// "" for local games, where the person is the one human seat.
	Player string
	// Others says the log is someone else's play (another entrant's
	// board of a tournament): its human seat goes by its name, never
	// "you".
	Others bool
	// Mine says the replay is opened by the log's one person from their
	// own game (its game-over screen, the daily's results), or by the
	// person Player names from the end of a shared table's game: their
	// seat is "you" whatever the log names it. Elsewhere (a file, the saved
	// games) a seat is "you" only where the log names it so, as klob
	// analyze says it (analysis.YouSeat).
	Mine bool
	// Sort is the order of the hand shown, the player's setting as the
	// table sorts it: a sequence's mark under the hand spans its cards
	// only where they sit side by side in that order.
	Sort kit.HandSort
	// Waiting lists the saves of the state directories beside the
	// list's (store.Store.Waiting: "klob-2", kept by a Klob started
	// while another played), which the list shows with the game in
	// progress; nil for none. It is called when the list is read, not
	// in Update.
	Waiting func() []string
}

// keys are the replay's keys, as data: the hints line lists them.
type keys struct {
	Next, Prev           key.Binding
	NextTrick, PrevTrick key.Binding
	NextDeal, PrevDeal   key.Binding
	First, Last          key.Binding
	GoTo                 key.Binding
	Hands                key.Binding
	Analysis             key.Binding
	Tricks               key.Binding
	Back                 key.Binding
	Enter                key.Binding
	Digits               key.Binding
	Erase                key.Binding
}

func defaultKeys() keys {
	b := kit.Bind
	return keys{
		Next:      b("→/l", "next action", "right", "l", "space"),
		Prev:      b("←/h", "previous action", "left", "h"),
		NextTrick: b("↓/j", "next trick", "down", "j", "]"),
		PrevTrick: b("↑/k", "previous trick", "up", "k", "["),
		NextDeal:  b("n", "next deal", "n", "pgdown"),
		PrevDeal:  b("p", "previous deal (or its start)", "p", "pgup"),
		First:     b("home", "start of the game", "home", "<"),
		Last:      b("end", "end of the game", "end", ">"),
		GoTo:      b("g", "go to deal N", "g"),
		Hands:     b("o", "open hands: all, or one seat's view", "o"),
		Analysis:  b("a", "analysis on or off", "a"),
		Tricks:    b("v", "the deal's tricks", "v"),
		Back:      b("esc", "back", "esc"),
		Enter:     b("enter", "go", "enter"),
		Digits:    b("0-9", "deal number", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Erase:     b("backspace", "erase", "backspace"),
	}
}

// pos is a place in the game: the deal (0-based) and the number of its
// steps taken. (d, len(steps)) is the end of deal d, shown with its
// result; (d+1, 0) the next deal as dealt.
type pos struct{ deal, n int }

// Screen is the replay of one game.
type Screen struct {
	r    *gamelog.Replay
	name string // the file, for the position line
	cfg  Config
	keys keys

	pos pos
	// open: every hand face up; else only the bottom seat's view.
	open   bool
	bottom rules.Seat
	home   rules.Seat // the person's seat (Config.Player's at a shared table), or A
	person rules.Seat // the seat said "you": the log's one person, or none
	// sealed: the game is not over and is the person's (its one person,
	// or Config.Player's seat), who sees only their own view, and no
	// analysis, until it is over.
	sealed bool
	// takeovers are the steps bots played for people who had dropped
	// from a shared table or whose move clock ran out
	// (gamelog.Header.BotMoves).
	takeovers gamelog.BotMoves
	// bounds[d][n] marks the places stepping by trick stops at.
	bounds [][]bool
	// forced holds each deal's steps the game took for the person
	// (forcedSteps), made on the deal's first frame.
	forced map[int]map[int]string
	// widest is widestPlace without and with -ascii, 0 until measured.
	widest [2]int

	goTo   bool   // the go-to prompt is open
	digits string // typed so far
	note   string // a word about the last key
	tricks bool   // the trick list is open (v)

	replayAnalysis

	back kit.Screen // where esc goes, nil when opened from a file
}

// New returns the replay of r, named name, going back to back on esc
// (nil: esc does nothing).
func New(r *gamelog.Replay, name string, cfg Config, back kit.Screen) *Screen {
	s := &Screen{r: r, name: name, cfg: cfg, keys: defaultKeys(), back: back, open: true, home: rules.SeatA,
		person: rules.NoSeat, replayAnalysis: newReplayAnalysis(r, cfg), takeovers: r.Header.BotMoves()}
	// The seat said "you" is the one klob analyze says "you": the seat
	// the log names so (a local game's person); a person's name is
	// said as the log gives it, whoever replays the game.
	if seat, ok := analysis.YouSeat(&r.Header); ok && !cfg.Others {
		s.person = seat
	} else if seat, ok := r.Header.HumanSeat(); ok && cfg.Mine && !cfg.Others {
		s.person = seat
	} else if seat, ok := r.Header.PersonSeat(cfg.Player); ok && cfg.Mine && cfg.Player != "" && !cfg.Others {
		// A person replaying, from its end, a shared table's game they
		// sat at.
		s.person = seat
	}
	if seat, ok := r.Header.HumanSeat(); ok {
		s.home = seat
		s.seal()
	} else if seat, ok := r.Header.PersonSeat(cfg.Player); ok && cfg.Player != "" {
		// One of several people at a shared table: their seat at the
		// bottom, and a game not over seen from it alone.
		s.home = seat
		s.seal()
	}
	s.bottom = s.home
	if len(r.Deals) > 0 && cfg.At > 0 {
		s.pos = pos{0, min(cfg.At, len(r.Deals[0].Steps))}
	}
	s.bounds = make([][]bool, len(r.Deals))
	for i := range r.Deals {
		s.bounds[i] = trickBounds(&r.Deals[i])
	}
	return s
}

// seal seals the person's view of a game still in play: not over, not
// abandoned, and not a board played out.
func (s *Screen) seal() {
	if s.r.InPlay() && !s.boardDone() {
		s.sealed, s.open = true, false
		s.cfg.Analyse = false
	}
}

// boardDone reports whether the log is a board (Config.Board) whose deal
// is played out.
func (s *Screen) boardDone() bool {
	return s.cfg.Board != "" && len(s.r.Deals) == 1 && s.r.Deals[0].Done
}

// finished reports whether the log ends the game: a winner, or a board
// played out.
func (s *Screen) finished() bool { return s.r.Over || s.boardDone() }

// sealedNote is what the hidden-card keys say on a game in progress.
const sealedNote = "The game is not over: only your own cards, and no analysis, until it is."

// trickBounds marks the places of a deal that stepping by trick stops
// at: as dealt, the first lead (the bidding done), after each trick, and
// the end.
func trickBounds(rd *gamelog.ReplayDeal) []bool {
	b := make([]bool, len(rd.Steps)+1)
	b[0], b[len(rd.Steps)] = true, true
	d := rd.At(0)
	for i, st := range rd.Steps {
		d.ApplyUnchecked(st.Action)
		if trick, _ := d.Trick(); d.Phase() == rules.PhasePlay && len(trick) == 0 {
			b[i+1] = true
		}
	}
	return b
}

func (s *Screen) Name() string { return "replay" }

// Enter starts the analysis when asked for from the start.
func (s *Screen) Enter(ctx *kit.Context) tea.Cmd {
	if s.cfg.Analyse && s.state == analysisNone {
		s.on = true
		return s.startAnalysis()
	}
	return nil
}

// Update takes keys and the analysis' messages.
func (s *Screen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if cmd, ok := s.analysisMsg(msg); ok {
		return s, cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(ctx, msg)
	case tea.MouseClickMsg:
		return s.click(ctx, msg)
	}
	return s, nil
}

// click takes a left click: on a key of the line of hints it presses
// that key (? and q are the App's: the help opens, q asks to quit);
// anywhere else it steps to the
// next action, as →, so that a game replays by clicks alone. With the
// go-to prompt or the list of tricks open a click elsewhere does
// nothing.
func (s *Screen) click(ctx *kit.Context, msg tea.MouseClickMsg) (kit.Screen, tea.Cmd) {
	if msg.Button != tea.MouseLeft {
		return s, nil
	}
	if press, ok := kit.Clicked(s.hintHits(ctx), msg); ok {
		switch {
		case kit.IsKey(press, ctx.Keys.Quit):
			return s, kit.AskQuit
		case kit.IsKey(press, ctx.Keys.Help):
			return s, func() tea.Msg { return press } // the App's key
		}
		return s.key(ctx, press)
	}
	if s.goTo || s.tricks || len(s.r.Deals) == 0 {
		return s, nil
	}
	return s.key(ctx, kit.Press(s.keys.Next))
}

// hintHits are where the keys of the line of hints lie: the last lines
// of the screen that hold anything, as many as hintLines wrote, as
// drawn (under -ascii too).
func (s *Screen) hintHits(ctx *kit.Context) []kit.Hit {
	k := &s.keys
	labels := []kit.Label{
		{Words: []string{"→", "->", "l"}, Key: k.Next}, {Words: []string{"←", "<-", "h"}, Key: k.Prev},
		{Words: []string{"↓", "down", "j"}, Key: k.NextTrick}, {Words: []string{"↑", "up", "k"}, Key: k.PrevTrick},
		{Words: []string{"n"}, Key: k.NextDeal}, {Words: []string{"p"}, Key: k.PrevDeal},
		{Words: []string{"g"}, Key: k.GoTo}, {Words: []string{"o"}, Key: k.Hands},
		{Words: []string{"a"}, Key: k.Analysis}, {Words: []string{"v"}, Key: k.Tricks},
		{Words: []string{"esc"}, Key: k.Back}, {Words: []string{"?"}, Key: ctx.Keys.Help}, {Words: []string{"q"}, Key: ctx.Keys.Quit},
	}
	rows := len(hintLines(s.KeyHelp(&ctx.Keys).ShortHelp(), ctx.Width-1, ctx.ASCII))
	lines := strings.Split(ansi.Strip(s.View(ctx)), "\n")
	var hits []kit.Hit
	for y := len(lines) - 1; y >= 0 && rows > 0; y-- {
		if line := strings.TrimRight(lines[y], " "); line != "" {
			hits = append(hits, kit.LabelHits(ctx.Shown(line), y, labels)...)
			rows--
		}
	}
	return hits
}

// key moves the position or changes what is shown; a key that does
// neither is answered, as at the table, naming the keys that do.
func (s *Screen) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &s.keys
	if s.goTo {
		s.goToKey(msg)
		return s, nil
	}
	s.note = ""
	if s.tricks && (kit.IsKey(msg, k.Tricks) || kit.IsKey(msg, k.Back)) {
		s.tricks = false
		return s, nil
	}
	switch {
	case kit.IsKey(msg, k.Back) && s.back != nil:
		s.stopAnalysis()
		return s.back, nil
	case len(s.r.Deals) == 0:
	case kit.IsKey(msg, k.Next):
		s.pos = s.next(s.pos)
	case kit.IsKey(msg, k.Prev):
		s.pos = s.prev(s.pos)
	case kit.IsKey(msg, k.NextTrick):
		s.pos = s.toTrick(s.pos, s.next, s.end())
	case kit.IsKey(msg, k.PrevTrick):
		s.pos = s.toTrick(s.pos, s.prev, pos{})
	case kit.IsKey(msg, k.NextDeal):
		s.pos = s.nextDeal(s.pos)
	case kit.IsKey(msg, k.PrevDeal):
		s.pos = s.prevDeal(s.pos)
	case kit.IsKey(msg, k.First):
		s.pos = pos{}
	case kit.IsKey(msg, k.Last):
		s.pos = s.end()
	case s.oneDeal() && (kit.IsKey(msg, k.GoTo) || kit.IsKey(msg, k.Digits)):
		// One deal (a board): there is no other deal to go to.
	case kit.IsKey(msg, k.GoTo):
		s.goTo, s.digits = true, ""
	case kit.IsKey(msg, k.Digits):
		// A digit starts the go-to prompt with itself.
		s.goTo, s.digits = true, ""
		s.goToKey(msg)
	case kit.IsKey(msg, k.Tricks):
		s.tricks = true
	case s.sealed && (kit.IsKey(msg, k.Hands) || kit.IsKey(msg, k.Analysis)):
		s.note = sealedNote
	case kit.IsKey(msg, k.Hands):
		s.cycleHands()
	case kit.IsKey(msg, k.Analysis):
		return s, s.toggleAnalysis()
	case ctx.Keys.Answerable(msg):
		s.note = s.refusal(ctx, msg.String())
	}
	return s, nil
}

// refusal answers a key the replay does not take, naming the keys its
// line of keys offers as that line names them: "Key z is not among the
// choices now: →/←, ↓/↑, n/p/g, o, a, v, ? or q."; under -ascii, where
// arrows are written with two letters each, the letter keys that do the
// same ("l/h, j/k, …"), as the line has them.
func (s *Screen) refusal(ctx *kit.Context, key string) string {
	var names []string
	for _, b := range mergeDealKeys(s.KeyHelp(&ctx.Keys).ShortHelp()) {
		name := b.Help().Key
		if ctx.ASCII {
			name = tightLetters.Replace(name)
		}
		names = append(names, name)
	}
	return kit.NotAmongKeys(key, names)
}

// goToKey takes a key of the go-to prompt.
func (s *Screen) goToKey(msg tea.KeyPressMsg) {
	k := &s.keys
	switch {
	case kit.IsKey(msg, k.Digits):
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
		s.pos = pos{deal: n - 1}
	case kit.IsKey(msg, k.Back):
		s.goTo = false
	}
}

// cycleHands goes every hand open → the home seat's view alone → the
// next seat's → ... → every hand open.
func (s *Screen) cycleHands() {
	if s.open {
		s.open, s.bottom = false, s.home
		return
	}
	next := rules.Seat((int(s.bottom) + 1) % s.r.Players())
	if next == s.home {
		s.open = true
	}
	s.bottom = next
}

// Moving: every move stays inside the game; at either end it stays put.

func (s *Screen) steps(d int) int { return len(s.r.Deals[d].Steps) }

func (s *Screen) end() pos {
	if len(s.r.Deals) == 0 {
		return pos{}
	}
	last := len(s.r.Deals) - 1
	return pos{last, s.steps(last)}
}

func (s *Screen) next(p pos) pos {
	switch {
	case p.n < s.steps(p.deal):
		return pos{p.deal, p.n + 1}
	case p.deal+1 < len(s.r.Deals):
		return pos{p.deal + 1, 0}
	}
	return p
}

func (s *Screen) prev(p pos) pos {
	switch {
	case p.n > 0:
		return pos{p.deal, p.n - 1}
	case p.deal > 0:
		return pos{p.deal - 1, s.steps(p.deal - 1)}
	}
	return p
}

// toTrick steps from p with step (next or prev) to the first place
// stepping by trick stops at, or to last, the end of the game it faces.
func (s *Screen) toTrick(p pos, step func(pos) pos, last pos) pos {
	for q := step(p); ; q = step(q) {
		if s.bounds[q.deal][q.n] || q == last {
			return q
		}
	}
}

func (s *Screen) nextDeal(p pos) pos {
	if p.deal+1 < len(s.r.Deals) {
		return pos{p.deal + 1, 0}
	}
	return s.end()
}

func (s *Screen) prevDeal(p pos) pos {
	if p.n > 0 || p.deal == 0 {
		return pos{p.deal, 0}
	}
	return pos{p.deal - 1, 0}
}

// oneDeal reports whether the log holds one deal at most (a board, or
// a game decided in its first deal): the keys between deals have no
// other deal to go to.
func (s *Screen) oneDeal() bool { return s.r != nil && len(s.r.Deals) <= 1 }

// KeyHelp is the replay's keys as help: the short help is the status
// line's hints, the full help lists every key; a log of one deal offers
// no keys between deals, a sealed game none to open the hands or
// analyse it (they only say why not).
func (s *Screen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	rk := &s.keys
	full := []key.Binding{rk.Next, rk.Prev, rk.NextTrick, rk.PrevTrick, rk.NextDeal, rk.PrevDeal, rk.First, rk.Last,
		rk.GoTo, rk.Hands, rk.Analysis, rk.Tricks}
	short := []key.Binding{kit.Brief("step", rk.Next, rk.Prev), kit.Brief("trick", rk.NextTrick, rk.PrevTrick),
		kit.Brief("deal", rk.NextDeal, rk.PrevDeal), kit.Brief("go to deal", rk.GoTo), kit.Brief("hands", rk.Hands),
		kit.Brief("analysis", rk.Analysis), kit.Brief("tricks", rk.Tricks)}
	if s.oneDeal() {
		full = []key.Binding{rk.Next, rk.Prev, rk.NextTrick, rk.PrevTrick, kit.Brief("start of the deal", rk.First),
			kit.Brief("end of the deal", rk.Last), rk.Hands, rk.Analysis, rk.Tricks}
		short = slices.Delete(short, 2, 4)
	}
	if s.sealed {
		sealedKey := func(b key.Binding) bool {
			return slices.Equal(b.Keys(), rk.Hands.Keys()) || slices.Equal(b.Keys(), rk.Analysis.Keys())
		}
		full, short = slices.DeleteFunc(full, sealedKey), slices.DeleteFunc(short, sealedKey)
	}
	if s.back != nil {
		full = append(full, rk.Back)
		short = append(short, kit.Brief("back", rk.Back))
	}
	full = append(full, k.Help, kit.QuitAsks(k))
	short = append(short, kit.AppKeys(k)...)
	if !s.sealed {
		// The analysis' summary line, which no key explains.
		full = append(full, kit.HelpHeading("Under the analysis"), lostHelp)
	}
	return kit.KeyHelp{Short: short, Full: [][]key.Binding{full}}
}

// lostHelp says in the help what the analysis' summary line counts
// ("Points lost, deal/game: You 104/295; chance to win lost per
// decision: 0.0%/5.5%"). It is no key: the help lists it after the keys.
var lostHelp = key.NewBinding(key.WithHelp("Points lost",
	"deal/game: the points of score difference that each graded seat's decisions lost, this deal and over the game, summed over the decisions graded by points. "+
		kit.Capital(winHead)+": the chance to win the game that the decisions graded by it (near the game's end) lost, on average per such decision. "+
		"A seat whose decisions were all graded by that chance has no points lost: the line gives its chance alone."))

// HelpRules: the help's rules in short are the game's (its seat count
// and target), not the two-player game's.
func (s *Screen) HelpRules() (rules.Options, bool) { return s.r.Header.Options, true }

// QuitQuestion: a replay changes nothing. A board's replay (a daily's
// or a tournament's line) says nothing of a log the person never saw.
func (s *Screen) QuitQuestion() string {
	if s.cfg.Board != "" {
		return "Your results stay as they were."
	}
	return "The log is left as it was."
}
