package rating_test

import (
	"fmt"

	"github.com/klob/klob/internal/serve/rating"
)

// Two teams of two: Ann and a hard bot beat Bob and Cleo. The bot's
// published rating enters the update and stays; the three people move.
func ExampleConfig_Rate() {
	cfg, scale := rating.Default(), rating.DefaultScale()
	ann, bob, cleo := cfg.Newcomer(), rating.Rating{Mu: 27, Sigma: 4}, rating.Rating{Mu: 24, Sigma: 6}
	hard := rating.Rating{Mu: 28, Sigma: 1}
	sides := []rating.Side{
		{Players: []rating.Player{{Rating: ann}, {Rating: hard, Fixed: true}}, Rank: 1},
		{Players: []rating.Player{{Rating: bob}, {Rating: cleo}}, Rank: 2},
	}
	after, rated, err := cfg.Rate(sides)
	if err != nil {
		panic(err)
	}
	fmt.Println("rated:", rated)
	for i, s := range sides {
		for j, p := range s.Players {
			fmt.Printf("%s -> %s (%+d)\n", scale.Show(p.Rating), scale.Show(after[i][j]), scale.Change(p.Rating, after[i][j]))
		}
	}
	// Output:
	// rated: true
	// 1500 ±350 -> 1607 ±337 (+107)
	// 1626 ±42 -> 1626 ±42 (+0)
	// 1584 ±168 -> 1559 ±167 (-25)
	// 1458 ±252 -> 1402 ±248 (-56)
}
