package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/study/stats"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The history screen lists the saved games (the game in progress first,
// then the archive, newest first) with the player's record over them
// (package internal/study/stats), and opens the one chosen in the replay
// viewer; esc there comes back here. Reading the games is a tea.Cmd: the
// list appears when it is done.

// HistorySource lists saved games; *store.Store is one.
type HistorySource interface {
	Dir() string
	CurrentPath() string
	History() ([]store.Entry, error)
}

// NewHistory returns the App of `klob replay` without a file: the list
// of saved games of src, each opened with cfg.
func NewHistory(src HistorySource, cfg ReplayConfig) *App {
	return newApp(newHistoryScreen(src, cfg), appOptions{ASCII: cfg.ASCII})
}

// historyRow is one game of the list.
type historyRow struct {
	path    string
	current bool // the game in progress (the autosave)
	entry   store.Entry
	sides   [4]int // the score by side of a game of three or four (history34.go)
}

type historyScreen struct {
	src HistorySource
	cfg ReplayConfig

	loaded bool
	err    error // the history could not be listed
	rows   []historyRow
	record stats.Stats
	cursor int
	note   string // why a game did not open
	noteOK bool
}

func newHistoryScreen(src HistorySource, cfg ReplayConfig) *historyScreen {
	return &historyScreen{src: src, cfg: cfg}
}

func (s *historyScreen) Name() string { return "history" }

// historyLoadedMsg brings the list and the record.
type historyLoadedMsg struct {
	rows   []historyRow
	record stats.Stats
	err    error
}

// historyOpenMsg brings a game read to replay.
type historyOpenMsg struct {
	path string
	r    *gamelog.Replay
	err  error
}

// Enter reads the list once.
func (s *historyScreen) Enter(ctx *kit.Context) tea.Cmd {
	if s.loaded {
		return nil
	}
	src := s.src
	return func() tea.Msg { return loadHistory(src) }
}

// loadHistory lists the games and adds up the record.
func loadHistory(src HistorySource) historyLoadedMsg {
	entries, err := src.History()
	if err != nil {
		return historyLoadedMsg{err: err}
	}
	var rows []historyRow
	cur := src.CurrentPath()
	if _, r, err := gamelog.ReadReplay(cur); !errors.Is(err, fs.ErrNotExist) {
		e := store.Entry{Path: cur, Winner: -1, Err: err}
		if err == nil {
			e.Header, e.Deals, e.Totals, e.Over, e.Winner = r.Header, len(r.Deals), r.Totals, r.Over, r.Winner
		}
		rows = append(rows, historyRow{path: cur, current: true, entry: e})
	}
	for i := len(entries) - 1; i >= 0; i-- {
		rows = append(rows, historyRow{path: entries[i].Path, entry: entries[i]})
	}
	return historyLoadedMsg{rows: withTableSides(rows), record: stats.FromHistory(entries, nil)}
}

// Update moves the cursor and opens the game chosen.
func (s *historyScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case historyLoadedMsg:
		s.loaded, s.rows, s.record, s.err = true, msg.rows, msg.record, msg.err
		s.cursor = max(0, min(s.cursor, len(s.rows)-1))
		return s, nil
	case historyOpenMsg:
		if msg.err != nil {
			s.note, s.noteOK = msg.err.Error(), false
			return s, nil
		}
		s.note = ""
		if msg.r.Players() > 2 {
			return s.openTable(msg), nil // history34.go
		}
		return newReplayScreen(msg.r, filepath.Base(msg.path), s.cfg, s), nil
	case tea.KeyPressMsg:
		k := &ctx.Keys
		switch {
		case kit.IsKey(msg, k.Up), kit.IsKey(msg, k.Left):
			s.cursor = max(0, s.cursor-1)
			s.note = ""
		case kit.IsKey(msg, k.Down), kit.IsKey(msg, k.Right):
			s.cursor = max(0, min(len(s.rows)-1, s.cursor+1))
			s.note = ""
		case kit.IsKey(msg, k.Choose):
			return s, s.open()
		}
	}
	return s, nil
}

// open reads the game under the cursor in a command.
func (s *historyScreen) open() tea.Cmd {
	if s.cursor >= len(s.rows) {
		return nil
	}
	row := s.rows[s.cursor]
	if row.entry.Err != nil {
		s.note, s.noteOK = row.entry.Err.Error(), false
		return nil
	}
	s.note, s.noteOK = "Opening "+filepath.Base(row.path)+"…", true
	path := row.path
	return func() tea.Msg {
		// The reader's replay is the one the screen shows: no second pass.
		_, r, err := gamelog.ReadReplay(path)
		return historyOpenMsg{path: path, r: r, err: err}
	}
}

// View draws the record over the list.
func (s *historyScreen) View(ctx *kit.Context) string {
	w, h := ctx.Width, ctx.Height
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	rule := st.Rule.Render(kit.Repeat(g.HRule, w))
	lines := []string{" " + st.Title.Render("Klob") + "  Saved games", rule}
	switch {
	case !s.loaded:
		lines = append(lines, "", " Reading the saved games…")
		return kit.Canvas(lines, w, h)
	case s.err != nil:
		lines = append(lines, "", " "+st.Error.Render("! the saved games cannot be listed: "+s.err.Error()), "",
			" "+st.Dim.Render("klob replay FILE opens any game log · "+kit.HintLine([]key.Binding{kit.Brief("quit", ctx.Keys.Quit)})))
		return kit.Canvas(lines, w, h)
	}
	// Labels in a column, figures wrapped beside them.
	for _, l := range append(s.recordLines(ctx), tableRecordLines(s.rows)...) { // history34.go
		lw := 14
		if kit.WidthOf(l[0]) > lw {
			lines = append(lines, " "+l[0]+" "+l[1])
			continue
		}
		for i, part := range kit.Wrap(l[1], max(10, w-lw-2)) {
			label := ""
			if i == 0 {
				label = l[0]
			}
			lines = append(lines, " "+kit.Fit(label, lw)+" "+part)
		}
	}
	lines = append(lines, rule)
	bottom := append(append([]string{rule}, s.detailLines(ctx, w)...), " "+st.Dim.Render(kit.HintLine(s.KeyHelp(&ctx.Keys).ShortHelp())))
	if len(s.rows) == 0 {
		lines = append(lines, "", " No saved games yet. Finished games are kept in "+filepath.Join(s.src.Dir(), store.HistoryDir)+".",
			" klob replay FILE opens any game log.")
		return kit.Canvas(append(padTo(lines, h-len(bottom)), bottom...), w, h)
	}
	pw := playersWidth(w)
	lines = append(lines, st.Dim.Render(kit.Fit(fmt.Sprintf("   %-16s  %-*s %5s  %9s  %s", "started", pw, "players", "deals", "score", "result"), w)))
	room := max(1, h-len(lines)-len(bottom))
	first := 0
	if s.cursor >= room {
		first = s.cursor - room + 1
	}
	for i := first; i < len(s.rows) && i < first+room; i++ {
		line := s.rowLine(ctx, &s.rows[i], w-3)
		if i == s.cursor {
			lines = append(lines, " "+st.Selected.Render(g.Cursor+" "+line))
		} else {
			lines = append(lines, "   "+line)
		}
	}
	return kit.Canvas(append(padTo(lines, h-len(bottom)), bottom...), w, h)
}

// padTo adds blank lines up to n.
func padTo(lines []string, n int) []string {
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}

// recordLines is the player's record over the archived games, each
// line a label and its figures.
func (s *historyScreen) recordLines(ctx *kit.Context) [][2]string {
	st := &ctx.Styles
	r := &s.record
	if r.Games == 0 {
		return [][2]string{{st.Heading.Render("Your record:"), "no game against the bot saved yet."}}
	}
	// Finished games and abandoned ones (filed unfinished, when a new
	// game was started instead) are told apart.
	head := fmt.Sprintf("%s finished, %d won", kit.Plural(r.Finished, "game"), r.Won)
	if n := r.Games - r.Finished; n > 0 {
		head += fmt.Sprintf("; %d abandoned", n)
	}
	var by []string
	for _, l := range r.ByLevel {
		by = append(by, fmt.Sprintf("%s %d/%d", l.Level, l.Won, l.Games))
	}
	return [][2]string{
		{st.Heading.Render("Your record:"), head},
		{"  won/played", strings.Join(by, " · ")},
		{"  a deal", fmt.Sprintf("%.1f points on average over %s (opponents %.1f)", r.AvgPerDeal(), kit.Plural(r.Deals, "deal"), r.OppAvgPerDeal())},
		{"  as maker", fmt.Sprintf("take rate %s · bete rate %s", percent(r.TakeRate()), percent(r.BeteRate()))},
	}
}

func percent(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// rowLine describes one game: when, who, deals, score, result.
func (s *historyScreen) rowLine(ctx *kit.Context, row *historyRow, w int) string {
	e := &row.entry
	if e.Err != nil {
		return kit.Fit(fmt.Sprintf("%-16s  cannot be read (enter says why)", kit.Clip(filepath.Base(row.path), 16)), w)
	}
	h := &e.Header
	when := strings.TrimSpace(h.Date + " " + trimSeconds(h.Time))
	if when == "" {
		when = "date unknown"
	}
	if row.current {
		when = "in progress"
	}
	if row.seats() > 2 {
		return tableRowLine(row, when, w) // history34.go
	}
	name := func(seat rules.Seat) string {
		n := h.Players[seat]
		if n == "" {
			n = "Player " + seat.String()
		}
		if lv := h.Levels[seat]; lv != "" && lv != gamelog.Human {
			n += " (" + lv + ")"
		}
		return n
	}
	me, one := h.HumanSeat()
	players := name(rules.SeatA) + " vs " + name(rules.SeatB)
	score := fmt.Sprintf("%d–%d", e.Totals[0], e.Totals[1])
	result := "abandoned"
	if row.current {
		result = "playing"
	}
	switch {
	case one:
		players = "vs " + name(me.Other())
		score = fmt.Sprintf("%d–%d", e.Totals[me], e.Totals[me.Other()])
		if e.Over {
			result = "lost"
			if e.Winner == int(me) {
				result = "won"
			}
		}
	case e.Over:
		result = rules.Seat(e.Winner).String() + " won"
	}
	if h.Practice() {
		// The player chose the seed: the cards could be known.
		result += ", practice"
	}
	for _, t := range h.Extra {
		if t.Name == session.TakebacksTag && t.Value != "0" {
			result += ", takebacks " + t.Value
		}
	}
	// A long result (takebacks) takes its room from the players column.
	pw := max(12, playersWidth(w+3)-max(0, kit.WidthOf(result)-10))
	return kit.Fit(fmt.Sprintf("%-16s  %-*s %5d  %9s  %s", kit.Clip(when, 16), pw, kit.Clip(untrusted.Text(players), pw), e.Deals, score, result), w)
}

// playersWidth is the width of the players column in a window w wide:
// what the other columns leave, from 20 to 48.
func playersWidth(w int) int { return max(20, min(48, w-3-16-2-1-5-2-9-2-10)) }

// trimSeconds writes 14:31:05 as 14:31.
func trimSeconds(t string) string {
	if len(t) == 8 {
		return t[:5]
	}
	return t
}

// detailLines are the file under the cursor, or why it did not open
// (wrapped on up to three lines: an error says file:line and what).
func (s *historyScreen) detailLines(ctx *kit.Context, w int) []string {
	st := &ctx.Styles
	switch {
	case s.note != "" && !s.noteOK:
		lines := kit.Wrap(s.note, max(1, w-4))
		if len(lines) > 3 {
			lines = lines[:3]
		}
		for i, l := range lines {
			mark := "  "
			if i == 0 {
				mark = "! "
			}
			lines[i] = " " + st.Error.Render(mark+l)
		}
		return lines
	case s.note != "":
		return []string{" " + kit.Clip(s.note, w-1)}
	case s.cursor < len(s.rows):
		return []string{" " + st.Dim.Render(kit.Clip(s.rows[s.cursor].path, w-1))}
	}
	return []string{""}
}

// KeyHelp is the list's keys as help.
func (s *historyScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	return kit.KeyHelp{
		Short: []key.Binding{kit.Brief("choose", k.Up, k.Down), kit.Brief("replay", k.Choose), kit.Brief("quit", k.Quit)},
		Full: [][]key.Binding{{kit.Brief("choose a game", k.Up, k.Down), kit.Brief("replay it (esc comes back)", k.Choose),
			k.Help, kit.QuitAsks(k)}},
	}
}

// QuitQuestion replaces the game's "stays saved": the list changes
// nothing.
func (s *historyScreen) QuitQuestion() string { return "Your saved games stay as they are." }

// QuitsAtOnce: leaving the read-only list asks no question.
func (s *historyScreen) QuitsAtOnce() bool { return true }
