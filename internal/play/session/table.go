package session

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// TableBot is a bot for a game of three or four players: it chooses
// one of its seat's TableView.Legal (the method ai's table bots have).
type TableBot interface {
	ChooseTable(ctx context.Context, v *rules.View) (rules.Action, error)
}

// TableFactory makes the bot of a level for one seat of a table.
type TableFactory func(level ai.Level, cfg ai.Config) (TableBot, error)

// TableBots is ai's table bots as a TableFactory: the default of
// Config.NewTableBot.
func TableBots(level ai.Level, cfg ai.Config) (TableBot, error) {
	b, err := ai.NewTableBot(level, cfg)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// makeTableBots makes the bot of every seat of a table that is not a
// person's, seeded like makeBots: seed, seed+1, ...
func (s *Session) makeTableBots(f TableFactory, seed uint64) error {
	s.tbots = make([]TableBot, len(s.players))
	n := uint64(0)
	for i, p := range s.players {
		if p.Human {
			continue
		}
		if f == nil {
			f = TableBots
		}
		b, err := f(p.Level, ai.Config{Seed: seed + n})
		if err == nil && b == nil {
			err = errors.New("no bot")
		}
		if err != nil {
			return fmt.Errorf("cannot start the %s bot: %w", p.Level, err)
		}
		s.tbots[i] = b
		n++
	}
	return nil
}

// Table is the current deal (or the last one, while the game waits for
// a deck) at any seat count, to read: change it only through the
// Session.
func (s *Session) Table() *rules.Deal { return s.game.Table() }

// TableView is what seat may see of the current deal, at any seat
// count (View is the two-player View). It is a value: safe to hand to
// another goroutine, and it never shows another seat's hidden cards, a
// partner's included.
func (s *Session) TableView(seat rules.Seat) rules.View { return s.game.View(seat) }

// botAt reports whether a bot plays seat.
func (s *Session) botAt(seat rules.Seat) bool {
	if s.tbots != nil {
		return int(seat) < len(s.tbots) && s.tbots[seat] != nil
	}
	return int(seat) < len(s.bots) && s.bots[seat] != nil
}

// legalFor returns what seat, to move, may do, and the phase.
func (s *Session) legalFor(seat rules.Seat) ([]rules.Action, rules.Phase) {
	if s.game.Players() == 2 {
		v := s.View(seat)
		return v.Legal(), v.Phase
	}
	v := s.TableView(seat)
	return v.Legal(), v.Phase
}

// Chance returns the random source of the chance step at step (0-based
// index in the deal's history) of deal n (1-based): each has its own
// stream of the seed, so a resumed game draws what it would have drawn.
func Chance(seed uint64, n, step int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 1<<63|uint64(n)<<32|uint64(step)))
}

// drawChance takes the chance steps of the deal (the card a shlomo
// declarer draws from its left), each uniformly among the legal draws
// with its Chance stream: no one decides them, so the Session never
// stops at one (ToMove never returns rules.ChanceSeat).
func (s *Session) drawChance() {
	for !s.game.Over() && !s.game.NeedDeal() && s.game.Turn() == rules.ChanceSeat {
		legal := s.game.Legal()
		r := Chance(s.seed, s.game.DealNo(), len(s.game.Table().Steps()))
		if err := s.game.Apply(legal[r.IntN(len(legal))]); err != nil {
			return // cannot happen: the draw is one of the engine's own
		}
	}
}
