package tablerule

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// TestChooseIsLegalEverywhere plays deals at every table with the rule
// in every seat: each choice is one of the view's legal actions and
// every deal ends.
func TestChooseIsLegalEverywhere(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	for ri, rs := range []string{
		"players=2", "players=3", "players=4",
		"players=3,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on",
		"players=4,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on,sequence_rank=length",
	} {
		opts, err := rules.ParseOptions(rs)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(2, uint64(ri)))
		for d := range deals {
			tb := rules.NewDeal(opts, rules.Seat(d%opts.NumPlayers()), rules.Shuffle(r))
			for steps := 0; !tb.Over(); steps++ {
				if steps > 200 {
					t.Fatalf("%s: the deal does not end", rs)
				}
				s := tb.Turn()
				if s == rules.ChanceSeat {
					l := tb.Legal()
					tb.ApplyUnchecked(l[r.IntN(len(l))])
					continue
				}
				v := tb.View(s)
				a := Choose(&v, v.Legal())
				if err := tb.ApplyAs(s, a); err != nil {
					t.Fatalf("%s: %s chose %s: %v\n%s", rs, s, a, err, v.String())
				}
			}
		}
	}
}

// TestWithAnnounce: bella is announced when the card may carry it, and
// a card not among the legal actions gives the first legal action.
func TestWithAnnounce(t *testing.T) {
	kh := rules.NewCard(rules.King, rules.Hearts)
	plain := rules.Action{Kind: rules.PlayCard, Card: kh}
	bella := rules.Action{Kind: rules.PlayCard, Card: kh, Bella: true}
	other := rules.Action{Kind: rules.PlayCard, Card: rules.NewCard(rules.Seven, rules.Clubs)}
	legal := []rules.Action{other, plain, bella}
	if got := WithAnnounce(legal, kh); got != bella {
		t.Errorf("got %s, want %s", got, bella)
	}
	if got := WithAnnounce(legal[:2], kh); got != plain {
		t.Errorf("without bella: got %s, want %s", got, plain)
	}
	if got := WithAnnounce(legal, rules.NewCard(rules.Ace, rules.Spades)); got != other {
		t.Errorf("a card not legal: got %s, want the first legal %s", got, other)
	}
}
