package tui

import (
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// duel is the two-player game the shared table's screen presents from
// the person's seat: a seat at a shared table of `klob serve` (hallDuel,
// lobby_duel.go, whose hall holds the deal). The screen reads the seat's rules.View and the game
// around the deal from it, and sends the person's actions to it; it
// never sees a hidden card, since neither gives one.
type duel interface {
	// view is what the person may see of the deal on the table; seat
	// is the person's seat.
	view() rules.View
	seat() rules.Seat
	myTurn() bool
	// name is a seat's name ("You" for the person's); does puts a verb
	// after it ("you deal", "Bob deals").
	name(s rules.Seat) string
	does(s rules.Seat, verb string) string
	// Gen numbers the positions, so a late answer (a hint) is dropped;
	// Seed seeds the hint's evaluation.
	Gen() int
	Seed() uint64
	SaveErr() error
	// Apply takes the person's action, or says why it is refused.
	Apply(s rules.Seat, a rules.Action) (session.Write, error)
	// dealNo is the deal on the table (the finished one between deals),
	// pad the game's score, forced why a step of the deal on the table
	// was taken for the person.
	dealNo() int
	pad() kit.PadScores
	forced(step int) (string, bool)
	// tag is what the header says after the target: the bot's level,
	// or the shared table's code.
	tag() string
}
