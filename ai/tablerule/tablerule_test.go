package tablerule

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChooseIsLegalEverywhere plays deals at every table with the rule
// in every seat: each choice is one of the view's legal actions and
// every deal ends.
func TestChooseIsLegalEverywhere(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	for ri, rs := range tabletest.Rules {
		opts := tabletest.Options(t, rs)
		r := rand.New(rand.NewPCG(2, uint64(ri)))
		for d := range deals {
			tabletest.Play(t, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(_ *rules.Deal, v *rules.View) rules.Action {
				return Choose(v, v.Legal())
			})
		}
	}
}

// TestWithAnnounce: bella is announced when the card may carry it, and
// a card not among the legal actions gives the first legal action.
func TestWithAnnounce(t *testing.T) {
	kh := rules.NewCard(rules.King, rules.Hearts)
	plain := rules.Action{Kind: rules.PlayCard, Card: kh}
	bella := rules.Action{Kind: rules.PlayCard, Card: kh, Bella: true}
	other := rules.Action{Kind: rules.PlayCard, Card: rules.Dix(rules.Clubs)}
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

// TestGiveKeepsTheUpcardSuit: a shlomo declarer, before any trump is
// settled, gives back a card of another suit than the upcard's, the one
// most likely to become trump, rather than its jack, whatever it drew.
func TestGiveKeepsTheUpcardSuit(t *testing.T) {
	opts := rules.DefaultOptions()
	require.NoError(t, opts.Set("players", "4"))
	require.NoError(t, opts.Set("shlomo", "on"))
	deck, err := rules.ParseDeck("7C JS QC JC TD AD 7S QS TS KD KC TC 8D KH JH 9H AS TH 9C AC KS QH JD QD 7H AH 7D 8C 9S 8H 8S 9D")
	require.NoError(t, err)
	d := rules.NewDeal(opts, 0, deck)
	for d.Turn() != 0 {
		require.NoError(t, d.Apply(rules.Action{Kind: rules.Pass}))
	}
	require.NoError(t, d.Apply(rules.Action{Kind: rules.Shlomo}))
	for _, draw := range d.AppendLegal(nil) {
		drawn := d
		require.NoError(t, drawn.Apply(draw))
		v := drawn.View(0)
		require.Equal(t, rules.Diamonds, v.Upcard.Suit())
		got := Choose(&v, v.Legal())
		assert.Equal(t, rules.Give, got.Kind)
		assert.NotEqual(t, rules.Diamonds, got.Card.Suit(), "after %s gave %s, a card of the upcard's suit", draw, got.Card)
	}
}
