package session_test

import (
	"context"
	"fmt"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/rules"
)

// A front-end's loop, without any UI, played at two tables: a person at
// seat A against a random bot at seat B, then a table of four, two
// people (A and C, partners) and two bots of a table factory. The loop
// is the same for every seat count.
func Example() {
	opts := rules.DefaultOptions()
	opts.Target = 300
	s, err := session.New(session.Config{
		Options: opts,
		Seed:    2026,
		Players: []session.Player{
			{Name: "Ann", Human: true},
			{Name: "Bot", Level: ai.Random},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The person here always takes the first legal action.
	play(s, func(legal []rules.Action) rules.Action { return legal[0] })
	g := s.Game()
	fmt.Printf("%d deals; %s won, %d to %d\n", len(g.Records()), s.Players()[g.Winner()].Name, g.Totals()[g.Winner()], g.Totals()[1-g.Winner()])

	opts, _ = rules.ParseOptions("players=4,target=300,shlomo=on,cleopatra=on")
	s, err = session.New(session.Config{
		Options: opts,
		Seed:    2026,
		Players: []session.Player{
			{Name: "Ann", Human: true}, {Name: "Bot B", Level: ai.Random},
			{Name: "Cy", Human: true}, {Name: "Bot D", Level: ai.Random},
		},
		NewBot: func(ai.Level, ai.Config) (ai.Bot, error) { return firstLegal{}, nil },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The people here always take the last legal action.
	play(s, func(legal []rules.Action) rules.Action { return legal[len(legal)-1] })
	g = s.Game()
	t := g.Totals()
	fmt.Printf("%d deals; team %s won, AC %d, BD %d\n", len(g.Records()), rules.SideName(4, g.Winner()), t[0], t[1])
	// Output:
	// 7 deals; Ann won, 360 to 0
	// 4 deals; team AC won, AC 377, BD 331
}

// play is the loop: it plays s to its end, the people's actions chosen
// by pick. The bot thinks under a deadline, as the host's bot goroutine
// runs it. (The host also saves the game's Log after every change.) The
// session draws every chance step itself, so ToMove is always a seat.
func play(s *session.Session, pick func(legal []rules.Action) rules.Action) {
	for !s.Game().Over() {
		if s.Game().NeedDeal() {
			s.StartDeal()
			continue
		}
		s.Advance() // the people's forced moves
		seat, ok := s.ToMove()
		if !ok {
			continue
		}
		if th, ok := s.Think(); ok {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			a, err := th.Think(ctx)
			cancel()
			s.BotMove(th, a, err)
			continue
		}
		v := s.View(seat) // only this seat's cards, not its partner's
		s.Apply(seat, pick(v.Legal()))
	}
}

// firstLegal is a stand-in table bot: it takes the first legal action.
type firstLegal struct{}

func (firstLegal) Level() ai.Level { return "first legal" }

func (firstLegal) Choose(_ context.Context, v *rules.View) (rules.Action, error) {
	return v.Legal()[0], nil
}
