package session

import (
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// Deal is the current deal (or the last one, while the game waits for
// a deck), to read: change it only through the Session.
func (s *Session) Deal() *rules.Deal { return s.game.Deal() }

// botAt reports whether a bot plays seat.
func (s *Session) botAt(seat rules.Seat) bool {
	return int(seat) < len(s.bots) && s.bots[seat] != nil
}

// Chance returns the random source of the chance step at step (0-based
// index in the deal's history) of deal n (1-based): each has its own
// stream of the seed, so a resumed game draws what it would have drawn.
func Chance(seed uint64, n, step int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 1<<63|uint64(n)<<32|uint64(step)))
}

// drawChance takes the chance steps of the deal (the card a shlomo
// declarer draws from its left), each uniformly among the legal draws
// with its Chance stream (on a board, the board's generator): no one
// decides them, so the Session never stops at one (ToMove never returns
// rules.ChanceSeat).
func (s *Session) drawChance() {
	for !s.game.Over() && !s.game.NeedDeal() && s.game.Turn() == rules.ChanceSeat {
		legal := s.game.Legal()
		r := s.chance // a board's: one generator, drawn in order
		if r == nil {
			r = Chance(s.seed, s.game.DealNo(), len(s.game.Deal().Steps()))
		}
		if err := s.game.Apply(legal[r.IntN(len(legal))]); err != nil {
			return // cannot happen: the draw is one of the engine's own
		}
	}
}
