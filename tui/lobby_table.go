package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/setup"
)

// netTable is a seat at a table of several people. Everything it shows
// comes from the hall.Update of its seat, which the server builds from
// that seat's rules.View: the screen never holds the deal. It draws the
// waiting room and a closed table itself; a deal is drawn by the local
// table screens, fed by the seat (t2 at two, lobby_duel.go; t34 at
// three and four, lobby_table34.go).
type netTable struct {
	l    *lobby
	conn *hall.Conn
	u    hall.Update
	gone chan struct{} // closed when the screen leaves the table

	note    string // why the last key did nothing (start, ready)
	noteErr bool
	left    bool

	prepared    bool // the screen was readied for the decision at preparedGen
	preparedGen int

	at time.Time // when u arrived: a waiting seat's countdown runs from it

	// The table screens, made on first use; sent is set from the
	// person's move until the update it causes arrives.
	t34     *table34
	t2      *table
	sent    bool
	sentGen int
	noteGen int // the update the table screen's note was made at
}

func newNetTable(l *lobby) *netTable {
	return &netTable{l: l, gone: make(chan struct{})}
}

// tableUpdateMsg carries a table update to the screen it was sent for.
type tableUpdateMsg struct {
	nt *netTable
	u  hall.Update
}

// tableClockMsg redraws the countdown of a waiting seat.
type tableClockMsg struct{ nt *netTable }

func (t *netTable) Name() string { return "net table" }

// QuitQuestion: the seat waits for the person.
func (t *netTable) QuitQuestion() string {
	return "Your seat waits for you a while: connect again with the same key to take it back."
}

func (t *netTable) Enter(ctx *kit.Context) tea.Cmd { return t.clock() }

// wait is how long a dropped person's seat still waits: the update's
// figure less the time since it came, so the countdown runs between
// updates.
func (t *netTable) wait(s hall.SeatInfo) time.Duration {
	w := s.Wait
	if !t.at.IsZero() {
		w -= time.Since(t.at)
	}
	return max(0, w).Round(time.Second)
}

func (t *netTable) clock() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tableClockMsg{t} })
}

// leave gives up the seat and goes back to the lobby.
func (t *netTable) leave() (kit.Screen, tea.Cmd) {
	if !t.left {
		t.left = true
		close(t.gone)
		t.conn.Leave()
	}
	return t.l, nil
}

func (t *netTable) myTurn() bool {
	u := &t.u
	return u.HasDeal && !u.Between && !u.Over && !u.BotSeat && t.turn() == u.Seat && u.Closed == "" && !u.Kicked
}

// turn is the seat to move in the update's deal, NoSeat when none.
func (t *netTable) turn() rules.Seat {
	if t.multi() {
		return t.u.View.Turn
	}
	return t.u.View.Turn
}

// onTable reports whether the table screen of the deal is up: the game
// started, the table open, the seat still this connection's.
func (t *netTable) onTable() bool {
	u := &t.u
	return u.Started && u.HasDeal && u.Closed == "" && !u.Kicked
}

// MinSize: a table of four needs more room.
func (t *netTable) MinSize() (int, int) {
	if t.onTable() {
		return kit.TableMinSize(len(t.u.Seats))
	}
	return kit.MinWidth, kit.MinHeight
}

// send gives the person's action to the hall.
func (t *netTable) send(a rules.Action) error {
	if err := t.conn.Act(a); err != nil {
		return err
	}
	t.sent, t.sentGen = true, t.u.Gen
	return nil
}

// ready says the person has read the deal's result.
func (t *netTable) ready() error { return t.conn.Ready() }

// name is a seat's name as this seat reads it: "You" for its own.
func (t *netTable) name(s rules.Seat) string {
	if s == t.u.Seat {
		return "You"
	}
	if int(s) < len(t.u.Seats) {
		if n := t.u.Seats[s].Name; n != "" {
			return n
		}
	}
	return "nobody"
}

// seatLines lists the seats and what is known of the people in them.
func (t *netTable) seatLines(ctx *kit.Context) []string {
	st := &ctx.Styles
	var out []string
	for i, s := range t.u.Seats {
		name := s.Name
		if rules.Seat(i) == t.u.Seat {
			name += " (you)"
		}
		var state string
		switch s.State {
		case hall.SeatFree:
			name, state = "(free)", "a bot plays it if nobody sits down"
		case hall.SeatHere:
			state = "here"
		case hall.SeatAway:
			state = st.Error.Render(fmt.Sprintf("dropped: the seat waits %s, then a bot plays it", t.wait(s)))
		case hall.SeatBot:
			state = "bot"
		case hall.SeatBotBack:
			state = "bot until the next deal; the player is back"
		}
		if s.Host {
			state += ", host"
		}
		if t.u.Between && s.State == hall.SeatHere {
			if s.Ready {
				state += ", ready"
			} else {
				state += ", reading the result"
			}
		}
		out = append(out, fmt.Sprintf(" Seat %s  %-20s %s", rules.Seat(i), name, state))
	}
	return out
}

func (t *netTable) waitingView(ctx *kit.Context) []string {
	st := &ctx.Styles
	out := []string{"", " " + st.Heading.Render("Waiting for players") + "  give friends the code " + st.Heading.Render(t.u.Code), ""}
	out = append(out, t.seatLines(ctx)...)
	out = append(out, "")
	// Joiners see the house rules before the game starts.
	vs := "none"
	if on := setup.VariantsOn(t.u.Rules); len(on) > 0 {
		vs = strings.Join(on, ", ")
	}
	out = append(out, kit.Clip(fmt.Sprintf(" Game to %d · house variants: %s", t.u.Target, vs), ctx.Width), "")
	if t.u.Seats[t.u.Seat].Host {
		out = append(out, " Press s to start: bots take the free seats.")
	} else {
		out = append(out, " The host starts the game.")
	}
	return out
}

// news is what just happened at the table in this seat's words: the
// last move, and the table's note (who dropped, who took a seat).
func (t *netTable) news(ctx *kit.Context) string {
	line := t.u.Note
	if m := t.u.Move; m != nil {
		line = t.describe(ctx, m)
		if t.u.Note != "" {
			line += " · " + t.u.Note
		}
	}
	return line
}

// describe says the last move in this seat's words: "You played A♠:
// Bob won the trick", "Bob: schmeiss".
func (t *netTable) describe(ctx *kit.Context, m *hall.Move) string {
	g := &ctx.Paint.Glyphs
	who := t.name(m.Seat)
	a := m.Action
	var s string
	switch a.Kind {
	case rules.PlayCard:
		s = who + " played " + g.CardText(a.Card)
		if a.Bella {
			s += " and said bella"
		}
		if m.TrickTo != rules.NoSeat {
			s += ": " + t.name(m.TrickTo) + " won the trick"
		}
	case rules.Exchange:
		up := t.u.View.OrigUpcard
		if t.multi() {
			up = t.u.View.OrigUpcard
		}
		s = who + " exchanged the dix: took " + g.CardText(up)
	case rules.Name:
		s = who + ": " + a.Suit.Name()
	default:
		s = who + ": " + a.Words()
	}
	if m.Auto {
		s += ctx.Styles.Dim.Render(" (auto)")
	}
	return s
}

func (t *netTable) Update(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tableUpdateMsg:
		if msg.nt != t || t.left {
			return t, nil
		}
		t.setUpdate(msg.u)
		return t, nil
	case tableClockMsg:
		if msg.nt != t || t.left {
			return t, nil
		}
		return t, t.clock()
	case tea.KeyPressMsg:
		return t.key(ctx, msg)
	}
	// The table screen's own messages: a click, a hint, its spinner.
	if !t.onTable() || t.u.Between || t.u.Over {
		return t, nil
	}
	if t.multi() {
		return t.msg34(ctx, msg)
	}
	return t.msg2(ctx, msg)
}

// setUpdate shows u; a new decision of this seat starts with the
// cursor on the first playable card.
func (t *netTable) setUpdate(u hall.Update) {
	if u.Gen > t.sentGen || !u.HasDeal {
		t.sent = false // the move came back (an older update does not)
	}
	t.u, t.at = u, time.Now()
	fresh := false
	if t.myTurn() && (!t.prepared || t.preparedGen != u.Gen) {
		t.prepared, t.preparedGen = true, u.Gen
		fresh = true
	}
	switch {
	case !t.onTable():
	case t.multi():
		t.update34(fresh)
	default:
		t.update2(fresh)
	}
}

// key takes a key: the waiting room's and the closed table's here, the
// deal's on the table screen, the result's (ready, back to the lobby).
func (t *netTable) key(ctx *kit.Context, msg tea.KeyPressMsg) (kit.Screen, tea.Cmd) {
	k := &ctx.Keys
	u := &t.u
	switch {
	case u.Closed != "" || u.Kicked:
		if kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Back) {
			return t.leave()
		}
		return t, nil
	case !u.Started:
		switch {
		case msg.String() == "s":
			if err := t.conn.Start(); err != nil {
				t.note, t.noteErr = err.Error(), true
			}
		case kit.IsKey(msg, k.Back):
			return t.leave()
		}
		return t, nil
	case !u.HasDeal:
		return t, nil
	case t.multi():
		return t.msg34(ctx, msg)
	case u.Over:
		if kit.IsKey(msg, k.Choose) || kit.IsKey(msg, k.Back) {
			return t.leave()
		}
		return t, nil
	case u.Between:
		if kit.IsKey(msg, k.Choose) {
			t.note = ""
			if err := t.ready(); err != nil {
				t.note = err.Error()
			}
		}
		return t, nil
	}
	return t.msg2(ctx, msg)
}

// KeyHelp is the help of the screen on view.
func (t *netTable) KeyHelp(k *kit.KeyMap) help.KeyMap {
	switch {
	case t.onTable() && t.multi():
		return t.table34().KeyHelp(k)
	case t.onTable() && !t.u.Between && !t.u.Over:
		return t.duelTable().KeyHelp(k)
	}
	return kit.KeyHelp{Full: [][]key.Binding{{k.Choose, k.Back, k.Help, kit.QuitAsks(k)}}}
}

func (t *netTable) View(ctx *kit.Context) string {
	switch {
	case t.onTable() && t.multi():
		return t.table34().View(ctx)
	case t.onTable() && (t.u.Between || t.u.Over):
		return t.resultView2(ctx)
	case t.onTable():
		return t.duelTable().View(ctx)
	}
	u := &t.u
	st := &ctx.Styles
	g := &ctx.Paint.Glyphs
	w, h := ctx.Width, ctx.Height
	head := fmt.Sprintf(" %s  Table %s · %s bots", st.Title.Render("Klob"), st.Heading.Render(u.Code), u.Level)
	lines := []string{kit.Clip(head, w), st.Rule.Render(kit.Repeat(g.HRule, w))}
	var body []string
	var keys string
	switch {
	case u.Kicked:
		body = []string{"", " " + st.Error.Render("You sat down at this table from another connection; this one has left the seat."), "", " enter: back to the lobby"}
		keys = "enter lobby · q quit"
	case u.Closed != "":
		body = []string{"", " " + st.Error.Render("The table is closed: "+u.Closed+"."), "", " enter: back to the lobby"}
		keys = "enter lobby · q quit"
	case !u.Started:
		body = t.waitingView(ctx)
		keys = "esc leave the table · q quit"
		if u.Seats[u.Seat].Host {
			keys = "s start · " + keys
		}
	default:
		body = []string{"", " The first deal is being dealt…"}
		keys = "q quit (the seat waits)"
	}
	lines = append(lines, body...)
	if t.note != "" {
		lines = append(lines, "", " "+st.Error.Render("! "+t.note))
	}
	for len(lines) < h-1 {
		lines = append(lines, "")
	}
	lines = append(lines[:max(0, min(len(lines), h-1))], " "+st.Dim.Render(keys))
	return kit.Canvas(lines, w, h)
}

// moved reports whether the table moved on since the last update: a
// note of the person's ("wait: not your turn") then gives way to the
// table's news.
func (t *netTable) moved() bool {
	m := t.u.Gen != t.noteGen
	t.noteGen = t.u.Gen
	return m
}

// waitWords is what the seat waits for when it may not act.
func (t *netTable) waitWords() string {
	switch {
	case t.u.BotSeat:
		return "A bot plays your seat until the next deal."
	case t.sent:
		return "…"
	}
	if s := t.turn(); s != rules.NoSeat && s != t.u.Seat {
		return t.name(s) + " to play…"
	}
	return ""
}
