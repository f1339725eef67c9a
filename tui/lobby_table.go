package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/hall"
	"github.com/klob/klob/rules"
)

// netTable is a seat at a table of several people. Everything it shows
// comes from the hall.Update of its seat, which the server builds from
// that seat's rules.View: the screen never holds the deal.
type netTable struct {
	l    *lobby
	conn *hall.Conn
	u    hall.Update
	gone chan struct{} // closed when the screen leaves the table

	cursor   int
	menu     int
	bella    rules.Card
	showLast bool
	note     string
	noteErr  bool
	left     bool

	prepared    bool // the cursor was placed for the decision at preparedGen
	preparedGen int

	at time.Time // when u arrived: a waiting seat's countdown runs from it

	// t34 draws a deal of three or four (lobby_table34.go); sent is set
	// from the person's move until the update it causes arrives.
	t34     *table34
	sent    bool
	sentGen int
}

func newNetTable(l *lobby) *netTable {
	return &netTable{l: l, gone: make(chan struct{}), bella: rules.NoCard}
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

func (t *netTable) Enter(ctx *screenCtx) tea.Cmd { return t.clock() }

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
func (t *netTable) leave() (screenModel, tea.Cmd) {
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
		return t.u.TableView.Turn
	}
	return t.u.View.Turn
}

// onTable reports whether the table screen of the deal is up: the game
// started, the table open, the seat still this connection's.
func (t *netTable) onTable() bool {
	u := &t.u
	return u.Started && u.HasDeal && u.Closed == "" && !u.Kicked
}

// minSize: a table of four needs more room.
func (t *netTable) minSize() (int, int) {
	if t.onTable() {
		return tableMinSize(len(t.u.Seats))
	}
	return minWidth, minHeight
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

func (t *netTable) Update(ctx *screenCtx, msg tea.Msg) (screenModel, tea.Cmd) {
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
	case tea.MouseClickMsg, tableHintMsg:
		if t.onTable() && t.multi() {
			return t.msg34(ctx, msg)
		}
	}
	return t, nil
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
		if !t.multi() {
			t.prepareTurn()
		}
	}
	if t.onTable() && t.multi() {
		t.update34(fresh)
	}
}

// prepareTurn puts the cursor on the first playable card.
func (t *netTable) prepareTurn() {
	t.menu, t.bella = 0, rules.NoCard
	v := &t.u.View
	if v.Phase != rules.PhasePlay {
		return
	}
	legal := legalCards(v)
	for i, c := range viewHand(v) {
		if legal.Has(c) {
			t.cursor = i
			return
		}
	}
}

func (t *netTable) act(a rules.Action) (screenModel, tea.Cmd) {
	t.bella = rules.NoCard
	if err := t.conn.Act(a); err != nil {
		t.note, t.noteErr = "You cannot do that: "+err.Error(), true
		return t, nil
	}
	t.note, t.noteErr = "", false
	t.showLast = false
	// The update the move causes arrives as a message; until then the
	// screen shows the move as taken.
	t.u.View.Turn, t.u.TableView.Turn = rules.NoSeat, rules.NoSeat
	return t, nil
}

func (t *netTable) key(ctx *screenCtx, msg tea.KeyPressMsg) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	u := &t.u
	switch {
	case u.Closed != "" || u.Kicked:
		if isKey(msg, k.Choose) || isKey(msg, k.Back) {
			return t.leave()
		}
		return t, nil
	case !u.Started:
		switch {
		case msg.String() == "s":
			if err := t.conn.Start(); err != nil {
				t.note, t.noteErr = err.Error(), true
			}
		case isKey(msg, k.Back):
			return t.leave()
		}
		return t, nil
	case t.multi():
		return t.msg34(ctx, msg)
	case u.Over:
		if isKey(msg, k.Choose) || isKey(msg, k.Back) {
			return t.leave()
		}
		return t, nil
	case u.Between:
		if isKey(msg, k.Choose) {
			if err := t.conn.Ready(); err != nil {
				t.note, t.noteErr = err.Error(), true
			}
		}
		return t, nil
	}
	if isKey(msg, k.LastTrick) {
		t.showLast = !t.showLast
		return t, nil
	}
	if !t.myTurn() {
		if isKey(msg, k.Choose) || isKey(msg, k.Nth) {
			t.note, t.noteErr = "Wait: it is "+u.Seats[u.View.Turn%2].Name+"'s turn.", false
		}
		return t, nil
	}
	v := &u.View
	if t.bella != rules.NoCard {
		items := []rules.Action{rules.PlayBellaAction(t.bella), rules.PlayAction(t.bella)}
		switch {
		case msg.String() == "b":
			return t.act(items[0])
		case msg.String() == "n":
			return t.act(items[1])
		case isKey(msg, k.Back):
			t.bella = rules.NoCard
			return t, nil
		}
		return t.menuKey(ctx, msg, items, func(rules.Action) string { return "" })
	}
	if v.Phase != rules.PhasePlay {
		return t.menuKey(ctx, msg, v.Legal(), actionKey)
	}
	hand := viewHand(v)
	if len(hand) == 0 {
		return t, nil
	}
	t.cursor = max(0, min(t.cursor, len(hand)-1))
	switch {
	case isKey(msg, k.Left):
		t.cursor = (t.cursor + len(hand) - 1) % len(hand)
	case isKey(msg, k.Right):
		t.cursor = (t.cursor + 1) % len(hand)
	case isKey(msg, k.Choose):
		return t.playCard(hand[t.cursor], false)
	case isKey(msg, k.Bella):
		return t.playCard(hand[t.cursor], true)
	case isKey(msg, k.Nth):
		n := int(msg.String()[0] - '1')
		if n >= len(hand) {
			t.note, t.noteErr = fmt.Sprintf("You hold %d cards.", len(hand)), true
			return t, nil
		}
		t.cursor = n
		return t.playCard(hand[n], false)
	}
	return t, nil
}

// playCard plays c, asking about bella first when it may be said.
func (t *netTable) playCard(c rules.Card, bella bool) (screenModel, tea.Cmd) {
	canBella := false
	for _, a := range t.u.View.Legal() {
		if a.Kind == rules.PlayCard && a.Card == c && a.Bella {
			canBella = true
		}
	}
	switch {
	case bella && canBella:
		return t.act(rules.PlayBellaAction(c))
	case canBella:
		t.bella, t.menu = c, 0
		return t, nil
	}
	return t.act(rules.PlayAction(c))
}

func (t *netTable) menuKey(ctx *screenCtx, msg tea.KeyPressMsg, items []rules.Action, letter func(rules.Action) string) (screenModel, tea.Cmd) {
	k := &ctx.Keys
	if len(items) == 0 {
		return t, nil
	}
	t.menu = max(0, min(t.menu, len(items)-1))
	switch {
	case isKey(msg, k.Left), isKey(msg, k.Up):
		t.menu = (t.menu + len(items) - 1) % len(items)
		return t, nil
	case isKey(msg, k.Right), isKey(msg, k.Down):
		t.menu = (t.menu + 1) % len(items)
		return t, nil
	case isKey(msg, k.Choose):
		return t.act(items[t.menu])
	case isKey(msg, k.Nth):
		if n := int(msg.String()[0] - '1'); n < len(items) {
			return t.act(items[n])
		}
		return t, nil
	}
	for _, a := range items {
		if l := letter(a); l != "" && l == msg.String() {
			return t.act(a)
		}
	}
	return t, nil
}

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

func (t *netTable) View(ctx *screenCtx) string {
	if t.onTable() && t.multi() {
		return t.table34().View(ctx)
	}
	u := &t.u
	st := &ctx.Styles
	g := &ctx.paint.g
	w, h := ctx.Width, ctx.Height
	head := fmt.Sprintf(" %s  Table %s", st.Title.Render("Klob"), st.Heading.Render(u.Code))
	if u.HasDeal {
		head += fmt.Sprintf(" · Deal %d · game to %d", u.DealNo, u.Target)
	}
	head += fmt.Sprintf(" · %s bots", u.Level)
	switch {
	case u.HasDeal:
		tot := u.Totals
		head += fmt.Sprintf(" · %s %d · %s %d", t.name(0), tot[0], t.name(1), tot[1])
	}
	lines := []string{clip(head, w), st.Rule.Render(repeat(g.hrule, w))}
	midH := max(0, h-6)
	var body []string
	switch {
	case u.Kicked:
		body = []string{"", " " + st.Error.Render("You sat down at this table from another connection; this one has left the seat."), "", " enter: back to the lobby"}
	case u.Closed != "":
		body = []string{"", " " + st.Error.Render("The table is closed: "+u.Closed+"."), "", " enter: back to the lobby"}
	case !u.Started:
		body = t.waitingView(ctx)
	default:
		body = t.dealView(ctx, w, midH)
	}
	for len(body) < midH {
		body = append(body, "")
	}
	lines = append(lines, body[:midH]...)
	lines = append(lines, st.Rule.Render(repeat(g.hrule, w)))
	lines = append(lines, t.noteLine(ctx), t.promptLine(ctx), " "+st.Dim.Render(t.keyHints()))
	return canvas(lines, w, h)
}

// seatLines lists the seats and what is known of the people in them.
func (t *netTable) seatLines(ctx *screenCtx) []string {
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

func (t *netTable) waitingView(ctx *screenCtx) []string {
	st := &ctx.Styles
	out := []string{"", " " + st.Heading.Render("Waiting for players") + "  give friends the code " + st.Heading.Render(t.u.Code), ""}
	out = append(out, t.seatLines(ctx)...)
	out = append(out, "")
	// Joiners see the house rules before the game starts.
	vs := "none"
	if on := variantsOn(t.u.Rules); len(on) > 0 {
		vs = strings.Join(on, ", ")
	}
	out = append(out, clip(fmt.Sprintf(" Game to %d · house variants: %s", t.u.Target, vs), ctx.Width), "")
	if t.u.Seats[t.u.Seat].Host {
		out = append(out, " Press s to start: bots take the free seats.")
	} else {
		out = append(out, " The host starts the game.")
	}
	return out
}

// dealView is the deal from this seat: the other seat's card count,
// the upcard and trump, the trick, the hand; the seats, scores and talk
// on the right.
func (t *netTable) dealView(ctx *screenCtx, w, h int) []string {
	u := &t.u
	v := &u.View
	st := &ctx.Styles
	p := ctx.paint
	g := &p.g
	size := layoutSize(w, h+6)
	rightW := max(24, min(40, w-handWidth(9, size)-4))
	leftW := max(0, w-rightW-1)
	opp := v.Seat.Other()
	left := []string{fmt.Sprintf(" %s  %s  %s", st.Heading.Render(t.name(opp)), st.Dim.Render(repeat(g.backMini, v.OppCount)), plural(v.OppCount, "card"))}
	if v.Dealer == opp {
		left[0] += st.Dim.Render("  (dealer)")
	}
	left = append(left, "")
	left = append(left, centerBlock(t.upcard(ctx, v, size), leftW)...)
	left = append(left, "")
	left = append(left, centerBlock(t.trick(ctx, v, size), leftW)...)
	hand := t.hand(ctx, v, leftW, size)
	for len(left)+len(hand) < h {
		left = append(left, "")
	}
	left = append(left, hand...)
	if len(left) > h {
		left = left[len(left)-h:]
	}
	right := t.rightColumn(ctx, rightW)
	sep := st.Rule.Render(g.vrule)
	out := make([]string, 0, h)
	for i := range h {
		l, r := "", ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, fit(l, leftW)+sep+" "+clip(r, rightW-1))
	}
	return out
}

func (t *netTable) upcard(ctx *screenCtx, v *rules.View, size cardSize) []string {
	p := ctx.paint
	st := &ctx.Styles
	up := p.card(v.Upcard, lookFace, size)
	bottom := p.card(rules.NoCard, lookBack, size)
	if v.Bottom != rules.NoCard {
		bottom = p.card(v.Bottom, lookFace, size)
	}
	suit := func(s rules.Suit) string { return p.styledSuit(s) + " " + s.Name() }
	var info []string
	if v.Trump == rules.NoSuit {
		info = append(info, "Upcard "+p.styledCard(v.OrigUpcard)+" proposes "+suit(v.OrigUpcard.Suit()))
	} else {
		info = append(info, st.Trump.Render("Trump")+" "+suit(v.Trump), "Maker: "+t.name(v.Maker))
		if v.SeqWinner != rules.NoSeat {
			info = append(info, "Sequences: "+t.name(v.SeqWinner)+" won the right")
		}
	}
	return upcardRows(up, bottom, info, size)
}

func (t *netTable) trick(ctx *screenCtx, v *rules.View, size cardSize) []string {
	p := ctx.paint
	st := &ctx.Styles
	cards := [2]rules.Card{rules.NoCard, rules.NoCard}
	title := "No trick yet"
	switch {
	case (t.showLast || v.Lead == rules.NoCard) && v.LastLeader != rules.NoSeat && v.Phase != rules.PhaseBid1:
		cards[v.LastLeader], cards[v.LastLeader.Other()] = v.LastTrick[0], v.LastTrick[1]
		title = "Last trick"
	case v.Phase == rules.PhasePlay && v.Lead != rules.NoCard:
		cards[v.Leader] = v.Lead
		title = t.name(v.Leader) + " led"
	}
	draw := func(c rules.Card) []string {
		if c == rules.NoCard {
			return p.card(rules.NoCard, lookSlot, size)
		}
		return p.card(c, lookFace, size)
	}
	me, opp := v.Seat, v.Seat.Other()
	info := []string{st.Heading.Render(title)}
	if v.Phase == rules.PhasePlay || v.Phase == rules.PhaseOver {
		info = append(info, fmt.Sprintf("Tricks: you %d, %s %d", v.Tricks[me], t.name(opp), v.Tricks[opp]),
			fmt.Sprintf("Card points: you %d, %s %d", v.Points[me], t.name(opp), v.Points[opp]))
	}
	return cardPair(trickLabels(t.name(opp), "You", size), draw(cards[opp]), draw(cards[me]), info, size)
}

// hand draws this seat's hand: numbers and marks while it is to play.
func (t *netTable) hand(ctx *screenCtx, v *rules.View, w int, size cardSize) []string {
	st := &ctx.Styles
	p := ctx.paint
	g := &p.g
	hand := viewHand(v)
	playing := v.Phase == rules.PhasePlay && t.myTurn()
	legal := legalCards(v)
	sel := -1
	if playing {
		sel = max(0, min(t.cursor, len(hand)-1))
	}
	pad := repeat(" ", max(0, (w-handWidth(len(hand), size))/2))
	rows := make([]string, size.h+3)
	for r := range rows {
		var sb strings.Builder
		sb.WriteString(pad)
		for i, c := range hand {
			if i > 0 {
				sb.WriteString(repeat(" ", handGap))
			}
			lk := lookFace
			if playing {
				switch {
				case i == sel && legal.Has(c):
					lk = lookSelected
				case i == sel:
					lk = lookSelectedDim
				case !legal.Has(c):
					lk = lookDim
				}
			}
			top := 1
			if i == sel {
				top = 0
			}
			switch {
			case r >= top && r < top+size.h:
				sb.WriteString(p.card(c, lk, size)[r-top])
			case r == size.h+1 && playing:
				sb.WriteString(center(fmt.Sprint(i+1), size.w))
			case r == size.h+2 && playing && i == sel:
				sb.WriteString(st.Selected.Render(center(g.selMark, size.w)))
			case r == size.h+2 && playing && legal.Has(c):
				sb.WriteString(st.Playable.Render(center(g.playMark, size.w)))
			default:
				sb.WriteString(repeat(" ", size.w))
			}
		}
		rows[r] = sb.String()
	}
	return rows
}

// rightColumn: the seats, the score of each deal, and this deal's talk.
func (t *netTable) rightColumn(ctx *screenCtx, w int) []string {
	st := &ctx.Styles
	u := &t.u
	out := []string{st.Heading.Render("Seats")}
	for i, s := range u.Seats {
		state := map[hall.SeatState]string{hall.SeatHere: "here", hall.SeatBot: "bot", hall.SeatBotBack: "bot, back next deal", hall.SeatFree: "free"}[s.State]
		if s.State == hall.SeatAway {
			state = st.Error.Render(fmt.Sprintf("away, waits %s", t.wait(s)))
		}
		out = append(out, fmt.Sprintf("%s %s: %s", rules.Seat(i), t.name(rules.Seat(i)), state))
	}
	out = append(out, "", st.Heading.Render("Score"))
	from := max(0, len(u.Scores)-4)
	for i, sc := range u.Scores[from:] {
		out = append(out, fmt.Sprintf("Deal %d: %s %d, %s %d", from+i+1, t.name(0), sc[0], t.name(1), sc[1]))
	}
	out = append(out, fmt.Sprintf("Total: %s %d, %s %d", t.name(0), u.Totals[0], t.name(1), u.Totals[1]))
	out = append(out, "", st.Heading.Render("Table talk"))
	var talk []string
	for i, s := range u.View.History() {
		a := s.Action
		var line string
		switch {
		case a.Kind == rules.PlayCard && a.Bella:
			line = t.name(s.Seat) + ": bella"
		case a.Kind == rules.PlayCard:
			continue
		case a.Kind == rules.Name:
			line = t.name(s.Seat) + ": " + a.Suit.Name()
		default:
			line = t.name(s.Seat) + ": " + a.Words()
		}
		if why, ok := u.Forced[i]; ok {
			line += st.Dim.Render(" (auto: " + why + ")")
		}
		talk = append(talk, line)
	}
	for _, l := range talk {
		out = append(out, wrap(l, w-2)...)
	}
	return out
}

func (t *netTable) noteLine(ctx *screenCtx) string {
	st := &ctx.Styles
	switch {
	case t.u.SaveErr != "":
		return " " + st.Error.Render("! the table's autosave failed: "+t.u.SaveErr)
	case t.note != "" && t.noteErr:
		return " " + st.Error.Render("! "+t.note)
	case t.note != "":
		return " " + t.note
	}
	line := t.u.Note
	if m := t.u.Move; m != nil {
		line = t.describe(ctx, m)
		if t.u.Note != "" {
			line += " · " + t.u.Note
		}
	}
	return " " + line
}

// news is what just happened at the table in this seat's words: the
// last move, and the table's note (who dropped, who took a seat).
func (t *netTable) news(ctx *screenCtx) string {
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
func (t *netTable) describe(ctx *screenCtx, m *hall.Move) string {
	g := &ctx.paint.g
	who := t.name(m.Seat)
	a := m.Action
	var s string
	switch a.Kind {
	case rules.PlayCard:
		s = who + " played " + g.cardText(a.Card)
		if a.Bella {
			s += " and said bella"
		}
		if m.TrickTo != rules.NoSeat {
			s += ": " + t.name(m.TrickTo) + " won the trick"
		}
	case rules.Exchange:
		up := t.u.View.OrigUpcard
		if t.multi() {
			up = t.u.TableView.OrigUpcard
		}
		s = who + " exchanged the dix: took " + g.cardText(up)
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

func (t *netTable) promptLine(ctx *screenCtx) string {
	u := &t.u
	st := &ctx.Styles
	p := ctx.paint
	v := &u.View
	switch {
	case u.Closed != "" || u.Kicked || !u.Started:
		return ""
	case u.Over:
		res := "You lost the game."
		if u.Winner == u.Seat {
			res = "You won the game!"
		}
		return " " + st.Heading.Render("Game over: "+res) + fmt.Sprintf(" %s %d, %s %d. It is in your history.", t.name(0), u.Totals[0], t.name(1), u.Totals[1])
	case u.Between:
		sc := v.Score
		me, opp := u.Seat, u.Seat.Other()
		s := fmt.Sprintf(" %s you score %d, %s %d.", st.Heading.Render(fmt.Sprintf("Deal %d over:", u.DealNo)), sc.Scored[me], t.name(opp), sc.Scored[opp])
		if u.Seats[u.Seat].Ready {
			return s + " Waiting for the others…"
		}
		return s + " Press enter for the next deal."
	case u.BotSeat:
		return " A bot plays your seat until the next deal."
	case !t.myTurn():
		return " " + t.name(v.Turn) + " to play…"
	case t.bella != rules.NoCard:
		c := p.styledCard(t.bella)
		line, _ := menuLine(ctx, " Bella?", []string{"[b] play " + c + " and say bella", "[n] play " + c + " without bella"}, t.menu, 0)
		return line
	case v.Phase == rules.PhasePlay:
		if v.Lead == rules.NoCard {
			return " " + st.Heading.Render("Your lead:") + " choose a card and play it"
		}
		return " " + st.Heading.Render("Your turn:") + " answer " + p.styledCard(v.Lead)
	}
	legal := v.Legal()
	items := make([]string, len(legal))
	for i, a := range legal {
		lbl := actionLabel(a)
		if a.Kind == rules.Name {
			lbl = p.styledSuit(a.Suit) + " " + lbl
		}
		items[i] = "[" + actionKey(a) + "] " + lbl
	}
	line, _ := menuLine(ctx, " "+st.Heading.Render("Your call:"), items, t.menu, 0)
	return line
}

func (t *netTable) keyHints() string {
	u := &t.u
	switch {
	case u.Closed != "" || u.Kicked || u.Over:
		return "enter lobby · q quit"
	case !u.Started && u.Seats[u.Seat].Host:
		return "s start · esc leave the table · q quit"
	case !u.Started:
		return "esc leave the table · q quit"
	case u.Between:
		return "enter next deal · ? help · q quit (the seat waits)"
	case t.bella != rules.NoCard && t.multi():
		return "←/→ · enter confirm · 1-9 choice · esc another card"
	case t.bella != rules.NoCard:
		return "b bella · n no bella · esc another card"
	case t.myTurn() && u.View.Phase == rules.PhasePlay:
		return "←/→ · enter play · 1-9 card · b bella · v last trick · ? help · q quit"
	case t.myTurn() && t.multi() && u.TableView.Phase == rules.PhasePlay:
		return "←/→ · enter play · 1-9 card · v last trick · ? help · q quit"
	case t.myTurn() && t.multi():
		return "←/→ · enter confirm · 1-9 choice · ? help · q quit"
	case t.myTurn():
		return "←/→ · enter confirm · key in [ ] · ? help · q quit"
	}
	return "v last trick · ? help · q quit (the seat waits)"
}
