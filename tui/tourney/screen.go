package tourney

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/duplicate"
	svc "github.com/klob/klob/internal/serve/tourney"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/replay"
)

// Config is what the tournament screens of one connection need.
type Config struct {
	// Service runs the server's tournaments; Player is who is connected
	// (Key "" for a guest, who may look but not enter).
	Service *svc.Service
	Player  svc.Player
	// Back returns the lobby, where esc on the list goes.
	Back func() kit.Screen
	// Done is closed when the connection ends: the board in play is
	// left (saved; it resumes next time).
	Done <-chan struct{}
	// Sort is the hand's order; ASCII draws suits as letters.
	Sort  kit.HandSort
	ASCII bool
	// Analyze runs the replay's analysis (a server passes the lobby's,
	// one decision at a time behind the bots).
	Analyze replay.Analyzer
	// Manual: the board's table does not wait for its host's updates
	// itself (tests send table.Refresh).
	Manual bool
	// Timeout bounds each call to the service (default 10 s).
	Timeout time.Duration
	// Refresh is how often the list, a tournament shown and the
	// tournament of a board in play are read again (the entries grow,
	// an end passes): default 30 s, negative never, nor is a host's
	// early end waited for (tests drive the screens synchronously).
	Refresh time.Duration
	// Label is how a player of key and name reads to others (the
	// hall's: the key's tag beside a name another key goes by); nil
	// is the name.
	Label func(key, name string) string
	// Open, when set, is the code of a tournament whose page shows
	// first, the list behind it: where a board was left half-played.
	Open string
	// Choices keeps the new tournament's form as last left, for the
	// connection (the lobby's); nil keeps it for this Screen only.
	Choices *Choices
}

// hostOf is how a tournament's host reads: its name, tagged as the
// lobby tags it.
func (s *Screen) hostOf(i svc.Info) string {
	if i.Creator == "" || s.cfg.Label == nil {
		return i.Host
	}
	return s.cfg.Label(i.Creator, i.Host)
}

// Screen is the tournaments of one connection: the list, a
// tournament, the form of a new one, a board at its table, the
// standings and the replays; what it shows is one of its parts. It
// reads the service only in tea.Cmds, never in Update.
type Screen struct {
	cfg Config
	sub kit.Screen

	// seat is the board in play (nil when none): left when the person
	// leaves it, when the connection ends or when the screen closes;
	// done once it has closed (a seat that comes later is left at once).
	mu   sync.Mutex
	seat *svc.Seat
	done bool
	// closed ends the wait for the connection's end once the screen
	// closes: a connection opens the tournaments many times.
	closed    chan struct{}
	closeOnce sync.Once
}

// New returns the screen, at the list of tournaments (or at the page of
// Config.Open).
func New(cfg Config) *Screen {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Refresh == 0 {
		cfg.Refresh = 30 * time.Second
	}
	if cfg.Choices == nil {
		cfg.Choices = &Choices{}
	}
	s := &Screen{cfg: cfg, closed: make(chan struct{})}
	s.sub = newList(s)
	if cfg.Open != "" {
		s.sub = newDetail(s, cfg.Open, s.sub)
	}
	if cfg.Done != nil {
		go func() {
			select {
			case <-cfg.Done:
				s.leaveSeat()
			case <-s.closed:
			}
		}()
	}
	return s
}

// choices is where the new tournament's form keeps its choices; a
// screen without a place (nil, or not made by New) keeps none.
func (s *Screen) choices() *Choices {
	if s == nil || s.cfg.Choices == nil {
		return &Choices{}
	}
	return s.cfg.Choices
}

// Name names the part shown.
func (s *Screen) Name() string { return "tournaments " + s.sub.Name() }

// Typing reports whether the part shown takes text (a code typed): every
// key goes to it.
func (s *Screen) Typing() bool {
	t, ok := s.sub.(interface{ Typing() bool })
	return ok && t.Typing()
}

// Enter enters the part shown.
func (s *Screen) Enter(ctx *kit.Context) tea.Cmd { return kit.Enter(ctx, s.sub) }

// backMsg asks the screen to hand over to the lobby.
type backMsg struct{}

// Update gives msg to the part shown and shows the part it hands over
// to; the lobby when it asks to go back.
func (s *Screen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	if _, ok := msg.(backMsg); ok {
		return s.cfg.Back(), nil
	}
	if m, ok := msg.(seatMsg); ok && m.to != s.sub {
		// The part that asked for the seat is gone (esc while it was
		// fetched): nobody plays it, so it is left.
		s.mu.Lock()
		if s.seat == m.seat {
			s.seat = nil
		}
		s.mu.Unlock()
		if m.seat != nil {
			m.seat.Leave()
		}
		return s, nil
	}
	if click, ok := msg.(tea.MouseClickMsg); ok {
		if next, cmd, took := s.click(ctx, click); took {
			return s, kit.Show(ctx, &s.sub, next, cmd)
		}
	}
	next, cmd := s.sub.Update(ctx, msg)
	return s, kit.Show(ctx, &s.sub, next, cmd)
}

// click takes a left click on a part of the tournaments' own (the form,
// a board's table and a replay take theirs: took is false): on the list
// a click on a tournament chooses it, on the chosen one opens it; a
// click on an offer ("[enter] play board 1", "[esc] tournaments") or a
// key of a line of hints is that key, the help's and quit's handed to
// the App as their keys.
func (s *Screen) click(ctx *kit.Context, msg tea.MouseClickMsg) (next kit.Screen, cmd tea.Cmd, took bool) {
	switch p := s.sub.(type) {
	case *list:
		if next, cmd, took := p.click(ctx, msg); took {
			return next, cmd, true
		}
	case *detail, *after, *entrant, *field:
	default:
		return nil, nil, false
	}
	if msg.Button != tea.MouseLeft {
		return s.sub, nil, true
	}
	k := &ctx.Keys
	// A letter with its word: a lone letter of a sentence is no key.
	labels := []kit.Label{{Words: []string{"enter"}, Key: k.Choose}, {Words: []string{"esc"}, Key: k.Back},
		{Words: []string{"n new"}, Key: keyNew}, {Words: []string{"c code"}, Key: keyCode},
		{Words: []string{"r read again"}, Key: keyReread}, {Words: []string{"?"}, Key: k.Help}, {Words: []string{"q"}, Key: k.Quit}}
	hits := kit.TextHits(ctx, s.sub.View(ctx), []key.Binding{k.Choose, k.Back, keyNew, keyCode, keyReread, keyEnd, keyPar, keyField, k.Help, k.Quit},
		labels)
	press, app, ok := kit.ClickedFor(ctx, hits, msg)
	if !ok || app != nil {
		return s.sub, app, true
	}
	next, cmd = s.sub.Update(ctx, press)
	return next, cmd, true
}

// View draws the part shown.
func (s *Screen) View(ctx *kit.Context) string { return s.sub.View(ctx) }

// KeyHelp is the part shown's keys.
func (s *Screen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	return kit.KeyHelpOf(s.sub, k, kit.KeyHelp{Full: [][]key.Binding{{k.Back, k.Help, kit.QuitAsks(k)}}})
}

// HelpMarks passes on whether the part shown has cards for the help's
// numbers and marks to explain: a board's table and a replay have.
func (s *Screen) HelpMarks() bool { return kit.HelpMarksOf(s.sub) }

// HelpHints passes on whether the part shown has hints and grades for
// the help to explain: a board's table has none, a replay has.
func (s *Screen) HelpHints() bool { return kit.HelpHintsOf(s.sub) }

// HelpRules passes on the part's game, a board being played.
func (s *Screen) HelpRules() (rules.Options, bool) { return kit.HelpRulesOf(s.sub) }

// QuitQuestion says where quitting goes: back to the lobby, unless the
// part shown (a board's table, a replay) says otherwise.
func (s *Screen) QuitQuestion() string { return kit.QuitQuestionOf(s.sub, "Back to the lobby.") }

// QuitsAtOnce: as the part shown says.
func (s *Screen) QuitsAtOnce() bool { return kit.QuitsAtOnce(s.sub) }

// QuitNow takes the App's quit (q then y): from a board, back to its
// tournament, the board saved (the screen returned is this one, to be
// entered again); from anywhere else, back to the lobby.
func (s *Screen) QuitNow(ctx *kit.Context) (kit.Screen, tea.Cmd) {
	if b, ok := s.sub.(*boardPart); ok {
		d := newDetail(s, b.code, nil)
		d.closing = s.takeSeat()
		s.sub = d
		return s, nil
	}
	s.Close() // the lobby never shows this screen again
	return s.cfg.Back(), nil
}

// Close leaves the board in play, if any: the screen is done with.
func (s *Screen) Close() {
	s.mu.Lock()
	s.done = true
	s.mu.Unlock()
	s.leaveSeat()
	s.closeOnce.Do(func() { close(s.closed) })
}

// adopt makes seat, just taken off the screen's goroutine, the board in
// play before its message comes, so that the screen leaves it if it is
// left first; on a screen closed already it leaves the seat and reports
// false.
func (s *Screen) adopt(seat *svc.Seat) bool {
	s.mu.Lock()
	if s.done {
		s.mu.Unlock()
		seat.Leave()
		return false
	}
	old := s.seat
	s.seat = seat
	s.mu.Unlock()
	if old != nil && old != seat {
		old.Leave()
	}
	return true
}

// setSeat keeps the board in play.
func (s *Screen) setSeat(seat *svc.Seat) {
	s.mu.Lock()
	old := s.seat
	s.seat = seat
	s.mu.Unlock()
	if old != nil && old != seat {
		old.Leave()
	}
}

// takeSeat hands the board in play over to the caller, who leaves it.
func (s *Screen) takeSeat() *svc.Seat {
	s.mu.Lock()
	defer s.mu.Unlock()
	seat := s.seat
	s.seat = nil
	return seat
}

// leaveSeat leaves the board in play (it never waits for the disk).
func (s *Screen) leaveSeat() { s.setSeat(nil) }

// call runs f with a context bounded by the config's timeout.
func (s *Screen) call(f func(ctx context.Context) tea.Msg) tea.Cmd {
	d := s.cfg.Timeout
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		return f(ctx)
	}
}

func (s *Screen) guest() bool { return s.cfg.Player.Key == "" }

func (s *Screen) now() time.Time { return s.cfg.Service.Now() }

// loading is what a page read from the service keeps of its last read:
// whether one came back, and its error in words ("": none).
type loading struct {
	loaded bool
	err    string
}

// got keeps a read of tournament code ("": the list) that came back
// with err, and reports whether it brought the page.
func (l *loading) got(code string, err error) bool {
	l.loaded, l.err = true, errText(code, err)
	return err == nil
}

// errText says what went wrong with tournament code ("": none in
// particular), for the person: the service's errors say it already, of
// "the tournament", which a daily's pages say as "the daily"; others
// are the server's trouble. The daily's own refusals of a guest and of
// a code the server has none of are worded for the daily whole.
func errText(code string, err error) string {
	daily := isDaily(code)
	switch {
	case err == nil:
		return ""
	case errors.Is(err, context.DeadlineExceeded):
		return "The server is busy: try again."
	case daily && errors.Is(err, svc.ErrGuest):
		return dailyGuestWords
	case daily && errors.Is(err, svc.ErrNotFound):
		date, n, _ := svc.ParseDailyCode(code)
		return fmt.Sprintf("This server does not have %s.", duplicate.DailyNamed(date, n))
	}
	text := err.Error()
	if daily {
		text = aTournament.ReplaceAllString(text, "${1}he daily")
	}
	return kit.Sentence(text)
}

// dailyGuestWords is what a guest reads on a daily's page: what they
// may do there, and how to play its boards.
const dailyGuestWords = "As a guest you may follow the daily and read its standings once the day ends; " +
	"connect with an SSH key to play its boards."

// aTournament is "the tournament" or "this tournament" in a service's
// error, or "tournament" before a daily's code, never "the
// tournaments" (all of them, as when the server stops).
var aTournament = regexp.MustCompile(`\b([Tt])(?:h(?:is|e) tournament|ournament DAILY-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]P)\b`)

// titleOf is the header of tournament code before it is read, as
// svc.Info.Title words it once it is: "Daily challenge · 2026-12-01 · 3
// players", "Tournament KQXPRT".
func titleOf(code string) string {
	if date, n, ok := svc.ParseDailyCode(code); ok {
		return duplicate.DailyTitle(date, n)
	}
	return "Tournament " + code
}

// isDaily reports whether code is a daily's (DAILY-2026-12-01-3P): a
// club tournament's code is letters alone.
func isDaily(code string) bool {
	_, ok := dailyTag(code)
	return ok
}

// the names tournament code inside a sentence: "the daily" or "the
// tournament", so that a daily's pages never call it a tournament.
func the(code string) string {
	if isDaily(code) {
		return "the daily"
	}
	return "the tournament"
}

// until says how long to t from now: "in 3h 20m", "in 2 days" (to the
// nearest day), "ended".
func until(now, t time.Time) string {
	d := t.Sub(now)
	switch {
	case d <= 0:
		return "ended"
	case d < time.Minute:
		return "in under a minute"
	case d < time.Hour:
		return fmt.Sprintf("in %dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("in %dh %02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	// To the nearest day: a tournament made to end in 3 days reads
	// "in 3 days" a minute later, not "in 2 days".
	return fmt.Sprintf("in %d days", int((d+12*time.Hour).Hours()/24))
}

// endsWords says when tournament i ends as seen at now: "ends 14:00 UTC
// (in 3h 20m)", or once it is over "ended Mon 7 Dec 00:00 UTC", with
// its date whatever the day: the ended ones, listed together, end on
// any day.
func endsWords(now time.Time, i svc.Info) string {
	if i.Over {
		return "ended " + kit.Dated(i.Ends)
	}
	return "ends " + kit.When(now, i.Ends) + " (" + until(now, i.Ends) + ")"
}

// you is the mark after entrant e's name: " (you)" for the person.
func you(f *svc.Final, e int) string {
	if e == f.Me {
		return " (you)"
	}
	return ""
}

// offer is a key as a page offers it in words: "[esc] tournaments".
type offer struct {
	key  key.Binding
	what string
}

// helpQuit are the offers that end a page's line of keys: the help, and
// q in the App's word for it (the lobby's "leave": it asks first).
func helpQuit(k *kit.KeyMap) []offer {
	return []offer{{k.Help, "help"}, {k.Quit, k.QuitHint().Help().Desc}}
}

// offerLines are a page's lines of keys: the offers, three spaces
// between them, set one in, in at most w cells as the screen shows them
// (under -ascii "…" is "..."). Where they do not fit on one line the
// first offers go up to a line above, whole offers only, so that the
// lines say every key the help does and the last line still ends with
// the way back, the help and q; an offer wider than the window is cut.
func offerLines(ctx *kit.Context, offers []offer, w int) []string {
	width := func(s string) int {
		if ctx.ASCII {
			return kit.WidthOf(kit.ASCIIText(s))
		}
		return kit.WidthOf(s)
	}
	var out []string
	var plain, styled string
	flush := func() {
		if plain == "" {
			return
		}
		line := " " + styled
		if width(plain) > w-1 {
			line = " " + kit.Clip(plain, w-1)
		}
		out = append([]string{line}, out...)
		plain, styled = "", ""
	}
	for i := len(offers) - 1; i >= 0; i-- {
		tag := kit.KeyTag(offers[i].key)
		p, st := tag+" "+offers[i].what, ctx.Styles.Key.Render(tag)+" "+offers[i].what
		if plain != "" && width(p+"   "+plain) > w-1 {
			flush()
		}
		if plain != "" {
			plain, styled = "   "+plain, "   "+styled
		}
		plain, styled = p+plain, st+styled
	}
	flush()
	return out
}

// wrap adds text wrapped to the window, indented by one.
func wrap(lines []string, text string, w int) []string {
	return append(lines, kit.Paragraph(text, w, nil)...)
}

// tick asks to read to again after d, at most Config.Refresh (never
// when that is negative).
func (s *Screen) tick(to any, t *kit.Ticker, d time.Duration) tea.Cmd {
	if s.cfg.Refresh < 0 {
		return nil
	}
	return t.Tick(to, min(d, s.cfg.Refresh))
}
