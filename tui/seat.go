package tui

import (
	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/seedmix"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/settings"
	"github.com/klob/klob/rules"
)

// Setup is what the setup screen decides: the opponent, the rules and
// the seed every deck of the game is drawn from.
type Setup struct {
	Level   ai.Level
	Options rules.Options // Options.Target is the game's target
	Seed    uint64
	// Practice: the player chose the seed (-seed), so the cards could be
	// known; the game, and the next ones drawn from it, are marked
	// practice in the log and the history.
	Practice bool
	// Prefs are the player's settings (pace, after a trick, hand order),
	// offered on the setup screen when PlayConfig.Prefs is set.
	Prefs settings.Settings
}

// nextSeed is the seed of the game after one set up with setup: a
// practice sitting goes on from its seed (session.NextSeed), so it
// stays reproducible; any other game gets a fresh secret seed, since the
// last one was shown when its game ended and would deal the next.
func nextSeed(setup Setup) uint64 {
	if setup.Practice {
		return session.NextSeed(setup.Seed)
	}
	return seedmix.Secret()
}

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
func (m *seated) does(s rules.Seat, verb string) string {
	if s == m.me {
		return "you " + verb
	}
	return m.name(s) + " " + verb + "s"
}
