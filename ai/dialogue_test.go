package ai_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
)

// stackedDeal deals a deck under opts by dealer that, after the bids
// (ParseAction notation, applied in turn), leaves each seat s with the
// cards of hands[s] (its whole hand then: the four-handed maker's with
// the upcard) and up as the upcard; the other cards fill the other
// places in order. The places are learned by dealing a deck whose card
// at each place is the place's number through the same bids.
func stackedDeal(t *testing.T, opts rules.Options, dealer rules.Seat, hands [4]string, up string, bids ...string) rules.Deal {
	t.Helper()
	upCard, err := rules.ParseCard(up)
	if err != nil {
		t.Fatal(err)
	}
	// ident has card i at place i but for the upcard, swapped in so
	// that the bids are read against the real upcard; place[c] is where
	// card c lies in it.
	var ident rules.Deck
	var place [32]int
	for i := range ident {
		ident[i], place[i] = rules.Card(i), i
	}
	first := rules.NewDeal(opts, dealer, ident)
	upPlace := int(first.Upcard())
	ident[upPlace], ident[upCard] = upCard, rules.Card(upPlace)
	place[upCard], place[upPlace] = upPlace, int(upCard)
	probe := rules.NewDeal(opts, dealer, ident)
	apply(t, &probe, bids...)
	var deck rules.Deck
	placed := make([]bool, len(deck))
	var used rules.CardSet
	put := func(i int, c rules.Card) {
		if used.Has(c) {
			t.Fatalf("card %s named twice", c)
		}
		deck[i], placed[i], used = c, true, used.With(c)
	}
	put(upPlace, upCard)
	for s := range opts.NumPlayers() {
		if hands[s] == "" {
			continue
		}
		h, err := rules.ParseCardSet(hands[s])
		if err != nil {
			t.Fatal(err)
		}
		places := probe.Hand(rules.Seat(s)).Without(upCard).Cards()
		cards := h.Without(upCard).Cards()
		if len(cards) != len(places) {
			t.Fatalf("seat %s: %d cards named for %d places", rules.Seat(s), len(cards), len(places))
		}
		for i, c := range places {
			put(place[c], cards[i])
		}
	}
	rest := (rules.FullDeck &^ used).Cards()
	for i := range deck {
		if !placed[i] {
			deck[i], rest = rest[0], rest[1:]
		}
	}
	d := rules.NewDeal(opts, dealer, deck)
	apply(t, &d, bids...)
	for s := range opts.NumPlayers() {
		if h, _ := rules.ParseCardSet(hands[s]); hands[s] != "" && d.Hand(rules.Seat(s)) != h {
			t.Fatalf("seat %s holds %s, want %s", rules.Seat(s), d.Hand(rules.Seat(s)), h)
		}
	}
	return d
}

// apply applies actions in ParseAction notation, each by the seat to
// move.
func apply(t *testing.T, d *rules.Deal, actions ...string) {
	t.Helper()
	for _, s := range actions {
		a, err := rules.ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Apply(a); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// TestBotsSaySameOnlyToWin: eldest claims a jack-high twenty and the
// next seat, holding a jack-high twenty too, is asked to answer its top.
// A tie goes to the meld in trump, else to the claim standing, so
// "same" wins only with the challenger's twenty in trump; otherwise it
// leaves the right where "good" does and shows the table the meld.
// Every bot, at every seat count, says "same" only when it takes the
// right.
func TestBotsSaySameOnlyToWin(t *testing.T) {
	// A (eldest) holds 9-10-J of spades, the challenger 9-10-J of clubs;
	// the upcard is the eight of clubs.
	tests := []struct {
		name string
		bid  string // eldest's bid, in round two after every seat passed unless "take"
		want rules.Kind
	}{
		{"neither in trump", "name H", rules.Good},
		{"the challenger's in trump", "take", rules.Same},
		{"the claim's in trump", "name S", rules.Good},
	}
	for _, players := range []int{2, 3, 4} {
		opts := rules.DefaultOptions().WithPlayers(players)
		dealer := rules.Seat(players - 1)
		eldest, challenger := rules.SeatA, rules.SeatB
		hands := [4]string{"9S TS JS 7H 8D AD 9H KC 7D", "9C TC JC 8H AH 7S QH 8S KD"}
		if players == 4 {
			hands = [4]string{"9S TS JS 7H 8D AD 9H 8C", "9C TC JC 8H AH 7S QH 8S"}
		}
		for _, tc := range tests {
			bids := []string{tc.bid}
			if tc.bid != "take" {
				bids = []string{}
				for range players {
					bids = append(bids, "pass")
				}
				bids = append(bids, tc.bid)
			}
			d := stackedDeal(t, opts, dealer, hands, "8C", bids...)
			for d.Phase() == rules.PhaseDix {
				apply(t, &d, "no-exchange")
			}
			if d.Turn() != eldest || d.Phase() != rules.PhaseSequences {
				t.Fatalf("%d players: phase %s turn %s", players, d.Phase(), d.Turn())
			}
			apply(t, &d, "announce 20", "how-high", "top J")
			v := d.View(challenger)
			// The hard bot with no time left answers at once (at two
			// players the evaluation's fixed policy, eval.Quick).
			done, cancel := context.WithCancel(context.Background())
			cancel()
			for _, bc := range []struct {
				level ai.Level
				ctx   context.Context
				name  string
			}{{ai.Normal, context.Background(), "normal"}, {ai.Hard, context.Background(), "hard"}, {ai.Hard, done, "hard with no time"}} {
				t.Run(fmt.Sprintf("%d players, %s, %s", players, tc.name, bc.name), func(t *testing.T) {
					b, err := ai.New(bc.level, ai.Config{Seed: 1, Think: -1, Budget: 60, Workers: 1})
					if err != nil {
						t.Fatal(err)
					}
					a, err := b.Choose(bc.ctx, &v)
					if err != nil {
						t.Fatal(err)
					}
					if a.Kind != tc.want {
						t.Errorf("said %s to %v, want %v (legal %v)", a, v.History(), rules.Action{Kind: tc.want}, v.Legal())
					}
				})
			}
		}
	}
}
