package tui

import (
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The seats of `klob play`: the person is A, the bot B. The table draws
// the person's seat at the bottom and the other at the top.
const (
	humanSeat = rules.SeatA
	botSeat   = rules.SeatB
)

// seated is a game session as one person's screens present it: the
// session, the seat the person holds, and the words for each seat ("you"
// for that seat). The table, result and game-over screens share it; it
// changes only from Update.
type seated struct {
	*session.Session
	game  *rules.Game // the session's game, to read
	setup Setup
	me    rules.Seat
	names [2]string
}

func newSeated(s *session.Session, setup Setup) *seated {
	return &seated{Session: s, game: s.Game(), setup: setup, me: humanSeat, names: [2]string{"You", "Bot"}}
}

// view is what the person may see of the current deal.
func (m *seated) view() rules.View { return m.View(m.me) }

// myTurn reports whether the person is to act.
func (m *seated) myTurn() bool {
	s, ok := m.ToMove()
	return ok && s == m.me
}

// name returns "You" or "Bot".
func (m *seated) name(s rules.Seat) string {
	if s > 1 {
		return "nobody"
	}
	return m.names[s]
}

// does puts verb after the seat's name: "you deal", "Bot deals".
func (m *seated) does(s rules.Seat, verb string) string { return kit.Does(m.name(s), s == m.me, verb) }
