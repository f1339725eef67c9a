// Package tabletest plays whole deals for the tests of the bots and what
// they are built on (ai, ai/eval, ai/sampler, ai/tablerule): the option
// sets they play and one loop that plays a deal at any seat count.
package tabletest

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// Rules are the option sets the table tests play: each seat count plain,
// then three and four players with every house variant on. Rules[1:] are
// the tables of three and four players.
var Rules = []string{
	"players=2",
	"players=3",
	"players=4",
	"players=3,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on",
	"players=4,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,shlomo=on,cleopatra=on,sequence_rank=length",
}

// TwoVariants is the two-player option set with every house variant
// played at two players on (shlomo needs three, cleopatra four), the
// bottom card off and sequences ranked by length.
const TwoVariants = "players=2,of_a_kind=on,menage=on,dealer_forced=on,bimah=on,bottom_card=off,sequence_rank=length"

// TwoRules are the two-player option sets: plain and TwoVariants.
var TwoRules = []string{Rules[0], TwoVariants}

// AllRules are Rules and TwoVariants: every seat count, plain and with
// its house variants. Tests that loop over them check a property at
// every table, two players included.
var AllRules = append(append([]string(nil), Rules...), TwoVariants)

// Options parses the option set rs (one of Rules, say), failing t if it
// does not parse.
func Options(t testing.TB, rs string) rules.Options {
	t.Helper()
	o, err := rules.ParseOptions(rs)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// RandomAction is a random legal action of d, but at the first round's
// bidding a take half the time, so that most deals reach the card play.
func RandomAction(r *rand.Rand, d *rules.Deal) rules.Action {
	l := d.Legal()
	a := l[r.IntN(len(l))]
	if d.Phase() == rules.PhaseBid1 && r.IntN(2) == 0 {
		for _, b := range l {
			if b.Kind == rules.Take {
				a = b
			}
		}
	}
	return a
}

// maxSteps bounds a deal: the longest has well under a hundred steps, so
// a deal still going after this many does not end.
const maxSteps = 200

// Play plays one deal of opts from deck, dealer dealing, to its end and
// returns it. Each chance step is drawn with r; every other turn plays
// choose's action for the view of the seat to play, which must be legal.
// A deal that does not end fails t.
func Play(t testing.TB, opts rules.Options, deck rules.Deck, dealer rules.Seat, r *rand.Rand,
	choose func(tb *rules.Deal, v *rules.View) rules.Action) rules.Deal {
	t.Helper()
	tb := rules.NewDeal(opts, dealer, deck)
	for steps := 0; !tb.Over(); steps++ {
		if steps > maxSteps {
			t.Fatalf("%s: the deal does not end", opts)
		}
		seat := tb.Turn()
		if seat == rules.ChanceSeat {
			l := tb.Legal()
			if err := tb.Apply(l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		v := tb.View(seat)
		a := choose(&tb, &v)
		if err := tb.ApplyAs(seat, a); err != nil {
			t.Fatalf("%s: seat %s chose %s: %v\n%s", opts, seat, a, err, v.String())
		}
	}
	return tb
}
