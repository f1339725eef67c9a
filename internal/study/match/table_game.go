package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/klob/klob/rules"
)

// Games to the target at three and four players. Game j is one first
// dealer and one sequence of decks and chance draws, played once in
// every seating of tableSeatings, like a deck; the rules.Game says when
// it is over and which side won, and the winning side's level (the seat,
// or with four the team, whose SideOf is the winner) is credited. A
// level's share of games won is the seatings it won over all those
// played: with three players a game that one of two B bots won counts
// once, as a game won by B, whichever of the two won it, so the shares
// of A and B add up to one (less the unfinished games) and two equal
// levels each expect a half (A sits alone in three seatings and twice
// in the other three).

// streamGChance draws the chance steps of the games.
const streamGChance = 0x6763686e // "gchn"

// tableGames is one game's result in every seating.
type tableGames struct {
	winner []int // per seating, the level that won; -1 for unfinished
	deals  []tableDealOut
	times  [2][]time.Duration
}

// playTableGames plays game j in every seating.
func playTableGames(ctx context.Context, cfg Config, players, j int) (tableGames, error) {
	var out tableGames
	for k, levelAt := range tableSeatings(players) {
		rng := rand.New(rand.NewPCG(cfg.Seed, mix(cfg.Seed, streamGame, uint64(j))))
		chance := rand.New(rand.NewPCG(cfg.Seed, mix(cfg.Seed, streamGChance, uint64(j))))
		first := rules.Seat(rng.IntN(players))
		bots, err := tableBots(cfg, players, levelAt, streamGBots, j)
		if err != nil {
			return out, err
		}
		g := rules.NewGame(cfg.Options, first)
		for n := 0; !g.Over() && n < maxGameDeals; n++ {
			if err := g.StartDeal(rules.Shuffle(rng)); err != nil {
				return out, err
			}
			if err := playTable(ctx, cfg, g, bots, levelAt, chance, &out.times); err != nil {
				return out, fmt.Errorf("game %d, seating %d, deal %d: %w", j, k+1, g.DealNo(), err)
			}
			out.deals = append(out.deals, tableDealResult(g.Deal().Score(), levelAt))
		}
		if cfg.Save != "" {
			if err := saveTableGame(cfg, j, k, g, levelAt); err != nil {
				return out, err
			}
		}
		out.winner = append(out.winner, winnerLevel(g, levelAt))
	}
	return out, nil
}

// winnerLevel returns the level of the side that won g, -1 while it goes
// on.
func winnerLevel(g *rules.Game, levelAt [4]int) int {
	w := g.Winner()
	if w < 0 {
		return -1
	}
	for s := range g.Players() {
		if g.SideOf(rules.Seat(s)) == w {
			return levelAt[s]
		}
	}
	return -1
}
