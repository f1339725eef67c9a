package tui

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A shared table of three or four seats is drawn by the local table
// screen, table34, fed by hallTable instead of a session: everything it
// reads comes from the seat's hall.Update, whose TableView is the seat's
// own (a partner's hand hidden like an opponent's), so the screen holds
// no card the seat may not know. The person's actions go to the hall;
// the bots play on the server, so the screen never thinks for them. The
// hint asks the hard table bot on a copy of that same TableView, in a
// slot of the server's Gate.

// multi reports whether the table has three or four seats.
func (t *netTable) multi() bool { return len(t.u.Seats) > 2 }

// hallTable is a seat at a shared table of three or four as table34
// reads it.
type hallTable struct{ nt *netTable }

var _ tableGame = hallTable{}

func (h hallTable) u() *hall.Update { return &h.nt.u }

func (h hallTable) Players() int { return len(h.u().Seats) }

// View is the seat's own view; the screen asks for no other, and
// another seat gets an empty view, never a hand.
func (h hallTable) View(s rules.Seat) rules.View {
	u := h.u()
	if s != u.Seat {
		return rules.View{Players: len(u.Seats), Seat: s, Turn: rules.NoSeat, Dealer: u.View.Dealer,
			Maker: rules.NoSeat, Trump: rules.NoSuit}
	}
	return u.View
}

// ToMove is the seat to act in the deal on the table; none between
// deals, and none while the seat waits for its own move to come back.
func (h hallTable) ToMove() (rules.Seat, bool) {
	u := h.u()
	if !u.HasDeal || u.Between || u.Over || u.View.Phase == rules.PhaseOver {
		return rules.NoSeat, false
	}
	s := u.View.Turn
	if s == u.Seat && (u.BotSeat || h.nt.sent) {
		// A bot plays the seat, or its move is on the way: the screen
		// waits for the next update.
		return rules.NoSeat, true
	}
	return s, s != rules.NoSeat
}

// Apply sends the person's action to the hall; the update it causes
// comes back as a message.
func (h hallTable) Apply(s rules.Seat, a rules.Action) (session.Write, error) {
	return nil, h.nt.send(a)
}

// The hall deals, takes the forced moves and runs the bots: the screen
// has nothing to do for them. StartDeal says the person has read the
// result, and the next deal starts when every person has.
func (h hallTable) Advance() (session.Write, error) { return nil, nil }
func (h hallTable) StartDeal() (session.Write, error) {
	return nil, h.nt.ready()
}
func (h hallTable) NeedDeal() bool                 { return h.u().Between && !h.u().Over }
func (h hallTable) Think() (session.Thinker, bool) { return session.Thinker{}, false }
func (h hallTable) BotMove(session.Thinker, rules.Action, error) (session.Write, error) {
	return nil, session.ErrStale
}
func (h hallTable) Gen() int    { return h.u().Gen }
func (h hallTable) DealNo() int { return h.u().DealNo }

func (h hallTable) Records() []rules.Score { return h.u().Records }

func (h hallTable) Totals() [4]int {
	var out [4]int
	copy(out[:], h.u().SideTotals)
	return out
}

func (h hallTable) Winner() int {
	if !h.u().Over {
		return -1
	}
	return h.u().WinnerSide
}

// Forced is why the hall took a step of the deal on the table for the
// person.
func (h hallTable) Forced(deal, step int) (string, bool) {
	u := h.u()
	if deal != u.DealNo {
		return "", false
	}
	why, ok := u.Forced[step]
	return why, ok
}

func (h hallTable) Record(session.Result) bool { return false }

// sharedUndoNote answers u at a shared table, of two seats or more.
const sharedUndoNote = "No takebacks at a shared table: the others have seen your move."

// errSharedUndo is a shared table's answer to Undo.
var errSharedUndo = errors.New("no takebacks at a shared table")

func (h hallTable) Undo(rules.Seat) (session.Write, error) { return nil, errSharedUndo }

func (h hallTable) SaveErr() error {
	if e := h.u().SaveErr; e != "" {
		return fmt.Errorf("the table's autosave: %s", e)
	}
	return nil
}

// seats34 names the seats for table34: "You", the others' names, and
// under a name what the seat is now (a bot's level, a dropped person's
// countdown), so the countdown shows at the seat's place.
func (t *netTable) seats34() [4]tableSeat {
	var out [4]tableSeat
	for i, s := range t.u.Seats {
		if i >= len(out) {
			break
		}
		out[i] = tableSeat{Name: t.name(rules.Seat(i)), Level: t.seatState(s)}
	}
	return out
}

// seatState is a seat's state in a few words: "" for a person here.
func (t *netTable) seatState(s hall.SeatInfo) string {
	switch s.State {
	case hall.SeatFree, hall.SeatBot:
		return fmt.Sprintf("bot, %s", t.u.Level)
	case hall.SeatBotBack:
		return "bot, back next deal"
	case hall.SeatAway:
		return fmt.Sprintf("away, waits %s", t.wait(s))
	}
	return ""
}

// table34 returns the table screen of this seat, made on first use.
func (t *netTable) table34() *table34 {
	if t.t34 == nil {
		t.t34 = newTable34(hallTable{t}, t.u.Seat, t.seats34())
		t.t34.chooser = gatedChooser(t.l.cfg.Heavy, t.l.cfg.Solo.hintChooser(codeSeed(t.u.Code)))
		t.t34.shared = t
		t.t34.tag = "table " + t.u.Code
	}
	t.t34.seats = t.seats34()
	return t.t34
}

// update34 shows a new update: a new decision of the seat puts the
// cursor on the first playable card, as at a table alone.
func (t *netTable) update34(fresh bool) {
	tb := t.table34()
	if t.moved() && !tb.noteErr {
		tb.SetNote("", false)
	}
	if fresh {
		tb.Bella, tb.Menu = rules.NoCard, 0
		tb.prepare()
	}
}

// sharedWords is what the table screen of a shared table says in place
// of a table alone's words.
type sharedWords interface {
	// waitWords: what the seat waits for when it may not act at its
	// turn (its move is on the way, a bot plays it).
	waitWords() string
	// nextWords: what enter does on a deal's result.
	nextWords() string
	// news: what just happened at the table, when the screen has
	// nothing of its own to say.
	news(ctx *kit.Context) string
	// seatsWords: the people at the table between deals (who reads the
	// result, who is ready, who dropped and how long the seat waits).
	seatsWords() string
	// seatTag: what a seat is now when not a person here (a bot, a
	// dropped person's countdown), after its name.
	seatTag(s rules.Seat) string
}

func (t *netTable) seatsWords() string {
	var parts []string
	for i, s := range t.u.Seats {
		if rules.Seat(i) == t.u.Seat {
			continue
		}
		name := t.name(rules.Seat(i))
		switch {
		case s.State == hall.SeatAway:
			parts = append(parts, name+" is away: the seat waits "+t.wait(s).String())
		case s.State == hall.SeatHere && s.Ready:
			parts = append(parts, name+" is ready")
		case s.State == hall.SeatHere:
			parts = append(parts, name+" reads the result")
		}
	}
	return strings.Join(parts, " · ")
}

func (t *netTable) nextWords() string {
	switch {
	case t.u.Over:
		return "Press enter for the lobby: the game is in your history."
	case t.u.Seats[t.u.Seat].Ready:
		return "Waiting for the others to read the result…"
	}
	return "Press enter for the next deal."
}

// codeSeed seeds the hint's bot from the table's code.
func codeSeed(code string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(code))
	return h.Sum64()
}

// msg34 passes a message to the table screen; at the end of the game enter
// goes back to the lobby.
func (t *netTable) msg34(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	tb := t.table34()
	if k, ok := msg.(tea.KeyPressMsg); ok && t.u.Over && (kit.IsKey(k, ctx.Keys.Choose) || kit.IsKey(k, ctx.Keys.Back)) {
		return t.leave()
	}
	_, cmd := tb.Update(ctx, msg)
	return t, cmd
}
