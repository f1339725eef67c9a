package rules_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// A four-handed deal: D deals, everyone passes the upcard's suit, and A,
// eldest, names no trumps in round two. The maker takes the upcard as
// one of its two extra cards.
func ExampleDeal_threePlayers() {
	opts, _ := rules.ParseOptions("players=4")
	t := rules.NewDeal(opts, 3, rules.NewDeck())
	fmt.Println("upcard", t.Upcard(), "eldest", t.Eldest())
	for _, s := range []string{"pass", "pass", "pass", "pass"} {
		a, _ := rules.ParseAction(s)
		if err := t.Apply(a); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(t.Turn(), "may say", t.Legal())
	if err := t.Apply(rules.NameAction(rules.NoTrumps)); err != nil {
		fmt.Println(err)
	}
	fmt.Println("trump", t.Trump(), "maker", t.Maker(), "holds", t.Hand(0))
	// Output:
	// upcard AS eldest A
	// A may say [pass name C name D name H name NT]
	// trump NT maker A holds 7C 8C 9C JD QD KD 7S AS
}

// A game of three to 300, every player taking a random legal action and
// the driver drawing the chance steps (a shlomo declarer's draw) from
// its own seeded source: the same Game API as for two players.
func ExampleGame_threePlayers() {
	opts, _ := rules.ParseOptions("players=3,target=300,shlomo=on")
	g := rules.NewGame(opts, rules.SeatA)
	r := rand.New(rand.NewPCG(1, 2))
	for !g.Over() {
		if g.NeedDeal() {
			if err := g.StartDeal(rules.Shuffle(r)); err != nil {
				fmt.Println(err)
				return
			}
			continue
		}
		legal := g.Legal() // for g.Turn(): a seat, or rules.ChanceSeat
		if err := g.ApplyAs(g.Turn(), legal[r.IntN(len(legal))]); err != nil {
			fmt.Println(err)
			return
		}
	}
	t := g.Totals()
	fmt.Printf("%d deals, dealers %s %s %s ...\n", g.DealNo()-1, g.Records()[0].Dealer, g.Records()[1].Dealer, g.Records()[2].Dealer)
	fmt.Printf("%s wins: A %d, B %d, C %d\n", rules.SideName(g.Players(), g.Winner()), t[0], t[1], t[2])
	// Output:
	// 5 deals, dealers A B C ...
	// C wins: A 173, B 243, C 317
}
