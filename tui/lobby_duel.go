package tui

import (
	"errors"
	"fmt"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// A shared table of two is drawn by the local two-player table screen,
// table, fed by hallDuel instead of a session: the view is the seat's
// own rules.View from its hall.Update, so the screen holds no card of
// the other hand it may not know. The layout, the keys, the hint (on a
// copy of that view, in a slot of the server's Gate), the trick list,
// the hand's order, the refusals' reasons, the mouse and the score pad
// are the table's; the hall deals, takes the forced moves and plays the
// bots, so the screen neither thinks, takes back nor claims.

// hallDuel is a seat at a shared table of two as the table screen reads
// it.
type hallDuel struct{ nt *netTable }

var _ duel = hallDuel{}

func (h hallDuel) u() *hall.Update { return &h.nt.u }

func (h hallDuel) view() rules.View { return h.u().View }
func (h hallDuel) seat() rules.Seat { return h.u().Seat }

// myTurn: the seat is to act, and its last move is not on its way.
func (h hallDuel) myTurn() bool { return h.nt.myTurn() && !h.nt.sent }

func (h hallDuel) name(s rules.Seat) string { return h.nt.name(s) }

func (h hallDuel) does(s rules.Seat, verb string) string {
	return kit.Does(h.nt.name(s), s == h.u().Seat, verb)
}

func (h hallDuel) Gen() int     { return h.u().Gen }
func (h hallDuel) Seed() uint64 { return codeSeed(h.u().Code) }

func (h hallDuel) SaveErr() error {
	if e := h.u().SaveErr; e != "" {
		return errors.New("the table's " + e)
	}
	return nil
}

// Apply sends the person's action to the hall; the update it causes
// comes back as a message.
func (h hallDuel) Apply(s rules.Seat, a rules.Action) (session.Write, error) {
	return nil, h.nt.send(a)
}

func (h hallDuel) dealNo() int { return max(1, h.u().DealNo) }

func (h hallDuel) pad() kit.PadScores {
	u := h.u()
	var tot [2]int
	copy(tot[:], u.SideTotals)
	return kit.PadScores{Target: u.Target, Scores: u.Records, Totals: tot}
}

func (h hallDuel) forced(step int) (string, bool) {
	why, ok := h.u().Forced[step]
	return why, ok
}

func (h hallDuel) tag() string { return "table " + h.u().Code }

// duelTable returns the table screen of this seat, made on first use.
func (t *netTable) duelTable() *table {
	if t.t2 == nil {
		t.t2 = &table{d: hallDuel{t}, Choice: kit.Choice{Bella: rules.NoCard}, gate: t.l.cfg.Heavy, shared: t,
			spin: spinner.New(spinner.WithSpinner(spinner.MiniDot))}
	}
	return t.t2
}

// update2 shows a new update on the two-player screen: a new decision
// of the seat puts the cursor on the first playable card.
func (t *netTable) update2(fresh bool) {
	tb := t.duelTable()
	if t.moved() && !tb.noteErr {
		tb.SetNote("", false)
	}
	if fresh {
		v := t.u.View
		tb.prepareTurn(&v)
	}
}

// msg2 passes a message to the two-player screen.
func (t *netTable) msg2(ctx *kit.Context, msg tea.Msg) (kit.Screen, tea.Cmd) {
	_, cmd := t.duelTable().Update(ctx, msg)
	return t, cmd
}

// seatTag says what a seat is now when it is not simply a person here:
// " · bot, normal", " · dropped: waits 1m50s".
func (t *netTable) seatTag(s rules.Seat) string {
	if int(s) >= len(t.u.Seats) {
		return ""
	}
	if st := t.seatState(t.u.Seats[s]); st != "" {
		return " · " + st
	}
	return ""
}

// resultView2 is a finished deal of two, from this seat: the breakdown
// of the local result screen, then who is ready and what enter does.
func (t *netTable) resultView2(ctx *kit.Context) string {
	u := &t.u
	st := &ctx.Styles
	p := ctx.Paint
	w := ctx.Width
	me, opp := u.Seat, u.Seat.Other()
	var tot [2]int
	copy(tot[:], u.SideTotals)
	lines := []string{
		kit.Fit(fmt.Sprintf(" %s  Table %s · Deal %d is over", st.Title.Render("Klob"), u.Code, max(1, u.DealNo)), w-24) +
			kit.Right(st.Heading.Render(fmt.Sprintf("You %d · %s %d ", tot[me], kit.Clip(t.name(opp), 8), tot[opp])), 24),
		st.Rule.Render(kit.Repeat(p.Glyphs.HRule, w)),
	}
	if n := len(u.Records); n > 0 {
		sc := u.Records[n-1]
		if sc.Outcome == rules.Abandoned {
			lines = append(lines, "", " "+st.Heading.Render("The deal is thrown in: nobody scores."), "")
			if n <= len(u.Endings) && n <= len(u.Schmeissers) {
				lines = append(lines[:len(lines)-1], " "+abandonReason(t.name, u.Endings[n-1], u.Schmeissers[n-1]), "")
			}
		} else {
			sw := kit.PersonWords(me, opp, [2]string{"You", kit.Clip(t.name(opp), 8)}, t.name)
			title := fmt.Sprintf(" Trump %s · maker: %s", p.SuitName(sc.Trump), t.name(sc.Maker))
			lines = append(lines, kit.ScoreLines(ctx, sc, sw, title, w)...)
		}
	}
	row := func(label, a, b string) string { return fmt.Sprintf(" %-18s %8s %8s", label, a, b) }
	lines = append(lines, row("Game", fmt.Sprint(tot[me]), fmt.Sprint(tot[opp]))+st.Dim.Render(fmt.Sprintf("   (game to %d)", u.Target)), "")
	if v := &u.View; v.LastLeader != rules.NoSeat {
		lines = append(lines, fmt.Sprintf(" Last trick: %s %s, %s %s: %s won it.", t.name(v.LastLeader), p.StyledCard(v.LastTrick[0]),
			t.name(v.LastLeader.Other()), p.StyledCard(v.LastTrick[1]), t.name(v.LastTrickWinner())), "")
	}
	if u.Over {
		res := st.Bad.Render("You lost the game.")
		if u.WinnerSide == int(me) {
			res = st.Good.Render("You won the game!")
		}
		lines = append(lines, " "+res+" It is in your history.", "")
	}
	if s := t.seatsWords(); s != "" {
		lines = append(lines, kit.Clip(" "+s, w))
	}
	lines = append(lines, " "+st.Key.Render(t.nextWords())+st.Dim.Render("   "+kit.HintLine(kit.AppKeys(&ctx.Keys))))
	if t.note != "" {
		lines = append(lines, " "+st.Error.Render("! "+t.note))
	}
	if u.SaveErr != "" {
		lines = append(lines, " "+st.Error.Render("! the table's autosave failed: "+u.SaveErr))
	}
	return kit.Canvas(lines, w, ctx.Height)
}
