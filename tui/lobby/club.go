package lobby

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The club in the lobby of `klob serve`: the person's rating in each
// pool (two, three, four players) with its uncertainty and what their
// last game did to it, the leaderboards (l), and at a shared table, once
// the game is over and filed, the line that says what it did to their
// rating and why. The figures are read off the Update, in commands: a read may
// wait for the disk.

// Club is what the lobby reads of the club's records; *club.Service is
// one. Its methods may wait for the disk.
type Club interface {
	Card(ctx context.Context, key string) ([]club.Standing, error)
	Leaderboard(ctx context.Context, seats, limit int) ([]club.Line, error)
	MinGames() int
}

// clubWait bounds one read of the club's figures.
const clubWait = 5 * time.Second

// clubTicks is how many of the lobby's 2 s ticks pass between two reads
// of the person's rating while they stay in the lobby (30 s).
const clubTicks = 15

// boardSize is the lines a leaderboard lists.
const boardSize = 15

// clubCardMsg is a person's standings, read for to (the lobby, a seat).
type clubCardMsg struct {
	to   any
	card []club.Standing
	err  error
}

// readCard reads the standings of key for to, off the Update.
func readCard(c Club, key string, to any) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), clubWait)
		defer cancel()
		card, err := c.Card(ctx, key)
		return clubCardMsg{to: to, card: card, err: err}
	}
}

// clubState is what the lobby keeps of the club: the person's standings
// as last read.
type clubState struct {
	card []club.Standing
	err  string
}

// readClub asks for the person's standings (a keyed person on a server
// with a club), nil otherwise.
func (l *Lobby) readClub() tea.Cmd {
	if l.cfg.Club == nil || l.guest() {
		return nil
	}
	l.ticked = 0
	return readCard(l.cfg.Club, l.cfg.Player.ID, l)
}

// takeCard keeps the standings read for the lobby.
func (l *Lobby) takeCard(m clubCardMsg) {
	if m.to != l {
		return
	}
	l.club.card, l.club.err = m.card, ""
	if m.err != nil {
		l.club.err = "your rating cannot be read now"
	}
}

// clubLines are the lobby's lines on the person's rating: each pool,
// "2 players 1512 ±210 (+12 last game)", or that a guest is not rated;
// most keeps them to that many lines (0: all).
func (l *Lobby) clubLines(ctx *kit.Context, most int) []string {
	if l.cfg.Club == nil {
		return nil
	}
	st := &ctx.Styles
	if l.guest() {
		return []string{" " + st.Dim.Render("Guests are not rated: connect with an SSH key to have a rating.")}
	}
	if l.club.err != "" {
		return []string{" " + st.Dim.Render(l.club.err)}
	}
	if l.club.card == nil {
		return []string{" " + st.Dim.Render("Your rating…")}
	}
	// A long card breaks between pools, never inside one, the lines
	// after the first set in under its first pool (unless a pool would
	// not fit there). Kept to most lines, the pools say their last game
	// briefly ("(+12)", "(no game)") when that fits them all; else it
	// ends after the pools that fit, with " …" (the leaderboards, l,
	// say the others).
	const head = "Your rating: "
	words := func(brief bool) (text string, hang int) {
		var parts []string
		for _, s := range l.club.card {
			parts = append(parts, standingWords(s, brief))
		}
		hang = kit.WidthOf(head)
		for _, p := range parts {
			if kit.WidthOf(p) > ctx.Width-2-hang {
				hang = 0
			}
		}
		return head + strings.Join(parts, " · "), hang
	}
	text, hang := words(false)
	rows := kit.BreakRow(text, ctx.Width-2, ctx.Width-2-hang)
	if most > 0 && len(rows) > most {
		text, hang = words(true)
		if most == 1 {
			text, hang = words(false)
		}
		rows = kit.BreakRow(text, ctx.Width-2, ctx.Width-2-hang)
	}
	if most > 0 && len(rows) > most {
		// The last line kept leaves room for the " …".
		first, rest := ctx.Width-2, ctx.Width-2-hang
		if mark := 1 + kit.WidthOf(ctx.Ellipsis()); most == 1 {
			first -= mark
		} else {
			rest -= mark
		}
		rows = kit.BreakRow(text, first, rest)[:most]
		rows[most-1] += " " + ctx.Ellipsis()
	}
	out := make([]string, 0, len(rows))
	for i, line := range rows {
		if i == 0 {
			line = st.Heading.Render(strings.TrimSpace(head)) + strings.TrimPrefix(line, strings.TrimSpace(head))
		} else {
			line = strings.Repeat(" ", hang) + line
		}
		out = append(out, " "+line)
	}
	return out
}

// standingWords is one pool of a person's rating: "2 players 1512 ±210
// (+12 last game)", "3 players 1500 ±350 (no game yet)"; brief, "(+12)"
// and "(no game)".
func standingWords(s club.Standing, brief bool) string {
	w := fmt.Sprintf("%d players %s", s.Seats, s.Shown)
	switch {
	case !s.Rated && brief:
		return w + " (no game)"
	case !s.Rated:
		return w + " (no game yet)"
	case brief:
		return w + fmt.Sprintf(" (%s)", kit.Signed(s.Last.Points))
	}
	return w + fmt.Sprintf(" (%s last game)", kit.Signed(s.Last.Points))
}

// poolOf is a person's standing in the pool of seats, and whether the
// card has it.
func poolOf(card []club.Standing, seats int) (club.Standing, bool) {
	for _, s := range card {
		if s.Seats == seats {
			return s, true
		}
	}
	return club.Standing{}, false
}

// seatClub is what a shared seat keeps of the club, to say what the
// game did to the person's rating once it is over: their standing in
// the table's pool when the game was first shown, then after its record.
type seatClub struct {
	game   int  // the table's game these are for: "again" starts anew
	looked bool // the table was shown: the standing before is asked for
	late   bool // the game was over at the first look: no standing before
	asked  bool // the standing after the game is asked for
	seats  int
	before *club.Standing
	after  *club.Standing
	failed bool
	// botAtEnd: a bot played the person's seat when the game ended;
	// won: the person's side won it.
	botAtEnd, won bool
	// rematchOf names the game this one is a rematch of ("" for none)
	// as the club's records do, with the table's code: the hall's name
	// (hall.Table.RematchOf) once the game is filed, the host's
	// Snapshot.RematchOf until then.
	rematchOf string
	// unrated is why the club would rate nobody by the game, as the
	// table shows it at the end; "" when the table does not tell.
	unrated string
}

// clubSeatMsg is a seat's standings, read for the seat.
type clubSeatMsg struct {
	s     *SharedSeat
	game  int
	after bool
	clubCardMsg
}

// readSeatClub reads the person's standings for the seat.
func (s *SharedSeat) readSeatClub(after bool) tea.Cmd {
	c := s.l.cfg.Club
	read := readCard(c, s.l.cfg.Player.ID, s)
	game := s.club.game
	return func() tea.Msg { return clubSeatMsg{s: s, game: game, after: after, clubCardMsg: read().(clubCardMsg)} }
}

// watchClub asks, as the game goes, for the standings the afterword
// needs: once when the table is first shown, and once the game is over
// and filed (the club records it, and rates it, before it is filed).
func (s *SharedSeat) watchClub() tea.Cmd {
	if s.l.cfg.Club == nil || s.l.guest() || s.table == nil {
		return nil
	}
	sn := s.table.Snapshot()
	c := &s.club
	if c.game != sn.Game {
		// A new game at the table ("again"): its own before and after.
		*c = seatClub{game: sn.Game, rematchOf: sn.RematchOf}
	}
	c.seats = len(sn.Players)
	var cmds []tea.Cmd
	if !c.looked {
		c.looked, c.late = true, sn.Over
		if !sn.Over {
			cmds = append(cmds, s.readSeatClub(false))
		}
	}
	if !c.asked && sn.Over && sn.Save.Filed {
		c.asked = true
		if int(sn.Seat) < len(sn.Players) {
			st := sn.Players[sn.Seat].State
			c.botAtEnd = st == host.SeatTakeover || st == host.SeatBack
			c.won = sn.WinnerSide == rules.SideOfSeat(len(sn.Players), sn.Seat)
		}
		c.unrated = club.UnratedWhy(sn.Players)
		// The club knows the game before by the hall's name for it, not
		// the host's (hall.Table.RematchOf): with the host's, a person
		// back at the end of an "again" game read that it rated nobody.
		if r := s.conn.Table().RematchOf(); r != "" {
			c.rematchOf = r
		}
		cmds = append(cmds, s.readSeatClub(true))
	}
	return tea.Batch(cmds...)
}

// takeSeatClub keeps the standings read for the seat.
func (s *SharedSeat) takeSeatClub(m clubSeatMsg) {
	if m.s != s || m.game != s.club.game {
		return
	}
	c := &s.club
	if m.err != nil {
		c.failed = m.after
		return
	}
	st, ok := poolOf(m.card, c.seats)
	if !ok {
		return
	}
	if m.after {
		c.after = &st
	} else {
		c.before = &st
	}
}

// afterword is the game-over screen's line on the person's rating.
func (s *SharedSeat) afterword() string {
	c := &s.club
	switch {
	case s.l.cfg.Club == nil || s.l.guest():
		return ""
	case c.failed:
		return "Your rating cannot be read now: the lobby shows it."
	case c.after == nil:
		return ""
	}
	a := c.after
	// The game changed the rating when it added a game to the pool;
	// looked at first after the end, when the last rated game was this
	// one: this table's, and the rematch of the same game (an "again"
	// game keeps the table's code).
	changed := a.Rated && a.Last.Table == s.w.Code && a.Last.RematchOf == c.rematchOf
	if c.before != nil && !c.late {
		changed = a.Rated && a.Games > c.before.Games
	}
	if !changed {
		why := ""
		if c.unrated != "" {
			why = ": " + c.unrated
		}
		return fmt.Sprintf("This game changes no rating%s. Your rating at %d players: %s.", why, a.Seats, a.Shown)
	}
	// A game bots finished for a person is rated as that person's
	// loss (club.RateStoodIn), which the board alone does not say: the
	// club says why from the game's log (Last.Why), before the place
	// the game was rated at.
	forfeit := ""
	if a.Last.Why != "" {
		forfeit = " " + kit.Capital(a.Last.Why) + "."
	}
	why := ""
	switch {
	case a.Last.Points != 0 && a.Last.Place > 0 && a.Last.Chance > 0:
		return fmt.Sprintf("Your rating at %d players: %s (%s).%s %s", a.Seats, a.Shown, kit.Signed(a.Last.Points), forfeit, movedWhy(a.Seats, a.Last))
	case a.Last.Points != 0:
	case a.Last.Why != "":
		why = ": " + a.Last.Why
	case c.botAtEnd:
		why = ": a bot played your seat at the end, so the game is rated as your loss"
	case c.won:
		why = ": bots made a quarter of your moves or more, so the game is rated as your loss"
	}
	return fmt.Sprintf("Your rating at %d players: %s (%s%s).", a.Seats, a.Shown, kit.Signed(a.Last.Points), why)
}

// movedWhy says why game c moved a rating at seats players, as the
// club's model moves it (club.Change): where the person's side
// finished, against the chance the ratings at the table gave it of
// winning; and that a result the further from that chance, and a
// rating the wider its ±, moves the more. A game rated otherwise than
// its points (c.Why: a bot stood in) is said as rated ("Rated as your
// win"), never "You won" of a game lost on points.
func movedWhy(seats int, c club.Change) string {
	who, them := "You", "you"
	if rules.PlaysInTeams(seats) {
		who, them = "Your team", "it"
	}
	places := []string{"", "first", "second", "third", "fourth"}
	did, as := "won", "win"
	switch last := c.Place == rules.SidesAt(seats); {
	case c.Place == 1:
	case c.Place >= len(places):
		did, as = "lost", "loss"
	case c.Tied:
		did, as = "tied for "+places[c.Place], "tie for "+places[c.Place]
	case last && c.Place == 2:
		did, as = "lost", "loss"
	case last:
		did, as = "came last", "last place"
	default:
		did, as = "came "+places[c.Place], places[c.Place]+" place"
	}
	if c.Why != "" {
		who, did = "Rated as your", as
		if rules.PlaysInTeams(seats) {
			who = "Rated as your team's"
		}
	}
	pct := int(math.Round(100 * c.Chance))
	chance := fmt.Sprintf("a %d%% chance", pct)
	switch {
	case pct == 8 || pct == 11 || pct == 18 || pct/10 == 8:
		chance = "an" + chance[1:] // eight, eleven, eighteen, eighty-odd
	case c.Chance < 0.005:
		chance = "less than a 1% chance"
	case c.Chance > 0.995:
		chance = "more than a 99% chance"
	}
	return fmt.Sprintf("%s %s: the ratings gave %s %s to win. A surprise, or a wide ±, moves a rating more.", who, did, them, chance)
}

// boardScreen is the club's leaderboards, one per seat count: the best
// players among those with enough rated games, and the person's own
// standing below.
type boardScreen struct {
	leavesAtOnce
	at    int // the pool shown, an index of club.Pools
	lines map[int][]club.Line
	card  []club.Standing
	err   string
}

// clubBoardMsg is a leaderboard read for a board screen.
type clubBoardMsg struct {
	b     *boardScreen
	seats int
	lines []club.Line
	err   error
}

func newBoardScreen(l *Lobby) *boardScreen {
	return &boardScreen{leavesAtOnce: leavesAtOnce{l}, lines: map[int][]club.Line{}}
}

func (b *boardScreen) Name() string { return "leaderboard" }

func (b *boardScreen) seats() int { return club.Pools()[b.at] }

// read asks for the pool's leaderboard.
func (b *boardScreen) read() tea.Cmd {
	c, seats := b.l.cfg.Club, b.seats()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), clubWait)
		defer cancel()
		lines, err := c.Leaderboard(ctx, seats, boardSize)
		return clubBoardMsg{b: b, seats: seats, lines: lines, err: err}
	}
}

// Enter reads the pool shown, and the person's own standings.
func (b *boardScreen) Enter(ctx *kit.Context) tea.Cmd {
	cmds := []tea.Cmd{b.read()}
	if !b.l.guest() {
		cmds = append(cmds, readCard(b.l.cfg.Club, b.l.cfg.Player.ID, b))
	}
	return tea.Batch(cmds...)
}

func (b *boardScreen) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	switch msg := msg.(type) {
	case clubBoardMsg:
		if msg.b == b {
			b.err = ""
			if msg.err != nil {
				b.err = "the leaderboard cannot be read now"
			} else {
				b.lines[msg.seats] = msg.lines
			}
		}
	case clubCardMsg:
		if msg.to == b && msg.err == nil {
			b.card = msg.card
		}
	case tea.MouseClickMsg:
		_, hits := b.render(ctx)
		if press, ok := kit.Clicked(hits, msg); ok {
			return b.Update(ctx, press)
		}
	case tea.KeyPressMsg:
		switch {
		case kit.IsKey(msg, k.Back):
			return b.l, nil
		case kit.Step(k, msg) != 0:
			n := len(club.Pools())
			b.at = (b.at + kit.Step(k, msg) + n) % n
			return b, b.read()
		}
	}
	return b, nil
}

func (b *boardScreen) View(ctx *kit.Context) string {
	out, _ := b.render(ctx)
	return out
}

// render draws the board and returns where its ‹ and › lie (with the
// cell either side): a click on one is ← or →.
func (b *boardScreen) render(ctx *kit.Context) (string, []kit.Hit) {
	st := &ctx.Styles
	w := ctx.Width
	seats := b.seats()
	pool := fmt.Sprintf("‹ %d players ›", seats)
	lines := append(kit.Titled(ctx, "Leaderboards"), "")
	hits := []kit.Hit{
		{Rect: kit.Rect{X: 0, Y: len(lines), W: 3, H: 1}, Kind: kit.HitKey, Key: ctx.Keys.Left},
		{Rect: kit.Rect{X: kit.WidthOf(pool) - 1, Y: len(lines), W: 3, H: 1}, Kind: kit.HitKey, Key: ctx.Keys.Right},
	}
	lines = append(lines, " "+st.Selected.Render(pool)+"  "+st.Dim.Render(poolWords(seats)), "")
	// Under the board, always in view: the person's standing and how
	// the board is ranked.
	after := []string{""}
	if own, ok := poolOf(b.card, seats); ok && !b.l.guest() {
		words := "You: " + own.Shown.String()
		switch {
		case !own.Rated:
			words += ", no rated game yet"
		default:
			words += fmt.Sprintf(", %s", kit.Plural(own.Games, "rated game"))
			if own.Games < b.l.cfg.Club.MinGames() {
				words += fmt.Sprintf(" (%d put you on the board)", b.l.cfg.Club.MinGames())
			}
		}
		after = append(after, kit.Paragraph(words, w, nil)...)
	}
	after = append(after, kit.Paragraph(fmt.Sprintf("Ranked by the rating less three times its uncertainty: a few lucky games do not top the board. Listed: %s or more.",
		kit.Plural(b.l.cfg.Club.MinGames(), "rated game")), w, st.Dim.Render)...)
	got, read := b.lines[seats]
	switch {
	case b.err != "":
		lines = append(lines, " "+st.Error.Render("! "+b.err))
	case !read:
		lines = append(lines, " "+st.Dim.Render("Reading…"))
	case len(got) == 0:
		lines = append(lines, kit.Indent("   ", kit.Wrap(fmt.Sprintf("Nobody has played %s at %d players yet.",
			kit.Plural(b.l.cfg.Club.MinGames(), "rated game"), seats), w-4), st.Dim.Render)...)
	default:
		lines = append(lines, kit.Clip(st.Dim.Render(fmt.Sprintf("   %4s  %-24s %12s  %s", "", "name", "rating", "games")), w))
		names := map[string]int{}
		for _, line := range got {
			names[line.Name]++
		}
		// The rows take the room the rest leaves (the keys' line too):
		// the top of the board.
		if room := max(1, ctx.Height-1-len(lines)-len(after)); len(got) > room {
			got = got[:room]
		}
		for _, line := range got {
			name := kit.Cut(line.Name, 24, "…")
			if names[line.Name] > 1 {
				// Two keys under one name read apart, as at the tables:
				// the name is cut, never the tag.
				tag := " #" + hall.KeyTag(line.Key)
				name = kit.Cut(line.Name, 24-kit.WidthOf(tag), "…") + tag
			}
			text := fmt.Sprintf("   %3d.  %s %12s  %d", line.Rank, kit.Fit(name, 24), line.Shown, line.Games)
			if line.Key == b.l.cfg.Player.ID {
				text = st.Selected.Render(text + "  (you)")
			}
			lines = append(lines, kit.Clip(text, w))
		}
	}
	lines = append(lines, after...)
	lines = kit.Footed(lines, ctx.Height, " "+st.Dim.Render("←/→ seat count · q/esc back · ? help"))
	return kit.Canvas(lines, w, ctx.Height), hits
}

// poolWords says what a pool's games are.
func poolWords(seats int) string {
	switch seats {
	case 2:
		return "head to head"
	case 3:
		return "each for themselves"
	}
	return "two teams of two"
}

// HelpMarks: ratings, no card, score nor grade for the help's numbers
// and marks to explain.
func (b *boardScreen) HelpMarks() bool { return false }

// KeyHelp: the leaderboard's keys.
func (b *boardScreen) KeyHelp(k *kit.KeyMap) help.KeyMap {
	keys := []key.Binding{kit.Brief("seat count", k.Left, k.Right), backKeys(k), k.Help}
	return kit.KeyHelp{Short: keys, Full: [][]key.Binding{keys}}
}
