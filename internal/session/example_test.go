package session_test

import (
	"context"
	"fmt"
	"time"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/session"
	"github.com/klob/klob/rules"
)

// A front-end's loop, without any UI: a person at seat A (who here
// always takes the first legal action) against a random bot at seat B.
// The bot thinks under a deadline, as a tea.Cmd or a server goroutine
// would run it; the Writes (the autosave) would run off the loop too,
// but this game has no store.
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
	for !s.Game().Over() {
		if s.Game().NeedDeal() {
			s.StartDeal()
			continue
		}
		s.Advance() // the person's forced moves
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
		v := s.View(seat) // only seat A's cards
		s.Apply(seat, v.Legal()[0])
	}
	g := s.Game()
	fmt.Printf("%d deals; %s won, %d to %d\n", len(g.Records()), s.Players()[g.Winner()].Name, g.Totals()[g.Winner()], g.Totals()[g.Winner().Other()])
	// Output: 7 deals; Ann won, 360 to 0
}
