package clubdb_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// How klob serve uses the database: open it in the state directory,
// import the files (at every start: only what is new is added), note
// the players who come in, and record each finished game with its
// ratings.
func Example() {
	state, _ := os.MkdirTemp("", "klob-state")
	defer os.RemoveAll(state)
	ctx := context.Background()

	db, err := clubdb.Open(filepath.Join(state, clubdb.FileName), clubdb.Options{})
	if err != nil {
		fmt.Println(err) // a *DamagedError or *NewerError: klob serve stops
		return
	}
	defer db.Close()
	rep, err := db.Import(ctx, state)
	fmt.Println("imported:", rep.Games, "games,", rep.Players, "players,", err)
	_ = db.SeePlayer(ctx, "a0000000000000000000000000000001", "Ann")
	_ = db.SeePlayer(ctx, "b0000000000000000000000000000002", "Bob")

	// A table's game ends: its log is filed, then recorded from the
	// same bytes, with the ratings of its people.
	l, err := gamelog.ReadFile("../../../testdata/games/09-tie.klob")
	if err != nil {
		fmt.Println(err)
		return
	}
	l.Header.SetPlayer(rules.SeatA, "Ann", gamelog.Human)
	l.Header.SetPlayer(rules.SeatB, "Bob", gamelog.Human)
	l.Header.Extra = append(l.Header.Extra,
		gamelog.Tag{Name: "Table", Value: "QRST"},
		gamelog.Tag{Name: "KeyA", Value: "a0000000000000000000000000000001"},
		gamelog.Tag{Name: "KeyB", Value: "b0000000000000000000000000000002"})
	data, _ := l.MarshalText()
	path := filepath.Join(state, "players", "a0000000000000000000000000000001", "history", "ann-vs-bob.klob")
	g, err := clubdb.FromLog(path, data, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	rate := func(before []clubdb.Rating) ([]clubdb.Rating, error) {
		// The rating system's update goes here; this one gives the
		// winner (seat A's side, "A") a point.
		var after []clubdb.Rating
		for i, b := range before {
			if !b.Rated {
				b.Mu, b.Sigma = 25, 8.3
			}
			if i == 0 {
				b.Mu++
			}
			after = append(after, b)
		}
		return after, nil
	}
	rec, err := db.RecordGame(ctx, g, rate)
	fmt.Println("recorded:", rec.New, len(rec.Changes), "ratings changed,", err)
	again, _ := db.RecordGame(ctx, g, rate)
	fmt.Println("again:", again.New, len(again.Changes), "ratings changed")

	board, _ := db.Leaderboard(ctx, clubdb.LeaderboardQuery{Seats: 2, MinGames: 1, Z: 3, Limit: 10})
	for _, s := range board {
		fmt.Printf("%d. %s %.1f ± %.1f (%d game)\n", s.Rank, s.Name, s.Mu, s.Sigma, s.Games)
	}
	check, _ := db.Check(ctx)
	fmt.Println("check:", check.OK())
	// Output:
	// imported: 0 games, 0 players, <nil>
	// recorded: true 2 ratings changed, <nil>
	// again: false 0 ratings changed
	// 1. Ann 26.0 ± 8.3 (1 game)
	// 2. Bob 25.0 ± 8.3 (1 game)
	// check: true
}
