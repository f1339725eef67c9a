package duplicate

import (
	"context"
	"fmt"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/rules"
)

// ParLevel is the level that sets par: the hard bot plays the person's
// seat.
const ParLevel = ai.Hard

// Seats makes the bot of each seat of a board: the set's level in every
// seat but the person's, each seeded with the board's BotSeed of its
// seat and bounded by work, never by time (ai.Config.Think < 0), so that
// a bot's play depends on the board and on what the others did, never on
// the clock, the machine or the order boards are played in. The
// person's seat is nil, or with par set the hard bot on that seat's
// seed. f makes the bots (ai.New when nil; tests pass their own).
func (s *BoardSet) Seats(b Board, f ai.Factory, par bool) ([]ai.Bot, error) {
	if f == nil {
		f = ai.New
	}
	bots := make([]ai.Bot, s.Players())
	for seat := range rules.Seat(s.Players()) {
		level := s.Level
		if seat == s.Seat {
			if !par {
				continue
			}
			level = ParLevel
		}
		bot, err := f(level, ai.Config{Seed: b.BotSeed(seat), Think: -1})
		if err != nil {
			return nil, fmt.Errorf("board %d, seat %s: %w", b.Number, seat, err)
		}
		bots[seat] = bot
	}
	return bots, nil
}

// Play plays board b to its end with bots in the seats where bots holds
// one, and person (asked with the seat's view) in the others; chance
// steps come from the board's Chance. It returns the finished deal.
func (s *BoardSet) Play(ctx context.Context, b Board, bots []ai.Bot, person func(v *rules.View) (rules.Action, error)) (rules.Deal, error) {
	d := b.Deal(s.Options)
	chance := b.Chance()
	for !d.Over() {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		seat := d.Turn()
		var a rules.Action
		switch {
		case seat == rules.ChanceSeat:
			legal := d.Legal()
			a = legal[chance.IntN(len(legal))]
		case int(seat) < len(bots) && bots[seat] != nil:
			v := d.View(seat)
			var err error
			if a, err = bots[seat].Choose(ctx, &v); err != nil {
				return d, fmt.Errorf("board %d, seat %s: %w", b.Number, seat, err)
			}
		default:
			v := d.View(seat)
			var err error
			if a, err = person(&v); err != nil {
				return d, err
			}
		}
		if err := d.ApplyAs(seat, a); err != nil {
			return d, fmt.Errorf("board %d, seat %s: %w", b.Number, seat, err)
		}
	}
	return d, nil
}

// ParLine is the hard bot's play of a board from the person's seat:
// the finished deal, and its result there, par.
type ParLine struct {
	Board int
	Deal  rules.Deal
	Par   float64
}

// ParLine plays board b with the hard bot in the person's seat against
// the set's bots, each on its seat's seed (Seats), and returns the deal
// and par. f makes the bots (ai.New when nil).
func (s *BoardSet) ParLine(ctx context.Context, b Board, f ai.Factory) (ParLine, error) {
	bots, err := s.Seats(b, f, true)
	if err != nil {
		return ParLine{}, err
	}
	d, err := s.Play(ctx, b, bots, nil)
	if err != nil {
		return ParLine{}, err
	}
	return ParLine{Board: b.Number, Deal: d, Par: Result(&d, s.Seat)}, nil
}

// LineOf is the par line of board b played with steps (every action
// of its deal, as ParLine's Deal.Steps gives them), read back from where
// it was kept: the deal replayed and par its result. Steps that are not
// a play of the board to its end are an error.
func (s *BoardSet) LineOf(b Board, steps []rules.Step) (ParLine, error) {
	d, err := b.Replay(s.Options, steps)
	if err != nil {
		return ParLine{}, err
	}
	if !d.Over() {
		return ParLine{}, fmt.Errorf("board %d: the play stops after %s, before the deal's end", b.Number, textwrap.Count(len(steps), "action"))
	}
	return ParLine{Board: b.Number, Deal: d, Par: Result(&d, s.Seat)}, nil
}

// Par returns par on board b: the result of the hard bot in the person's
// seat against the set's bots, each on its seat's seed (ParLine). f
// makes the bots (ai.New when nil).
func (s *BoardSet) Par(ctx context.Context, b Board, f ai.Factory) (float64, error) {
	l, err := s.ParLine(ctx, b, f)
	return l.Par, err
}

// Pars returns par on every board of the set, in board order.
func (s *BoardSet) Pars(ctx context.Context, f ai.Factory) ([]float64, error) {
	out := make([]float64, len(s.Boards))
	for i, b := range s.Boards {
		p, err := s.Par(ctx, b, f)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}
