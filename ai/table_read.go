package ai

import (
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// Reading the other seats' card play. The table sampler draws the hidden
// cards uniformly among those the view allows, but players play on their
// cards: a seat that led a small club rarely held the ace of clubs under
// the normal rule. The hard table bot weighs each world it draws by how
// likely the other seats' cards so far were with the hands that world
// gives them, under a soft version of the normal rule's card play
// (tablerule.PlayCard): each card the rule would have played counts 1,
// each other card tableOffModel. Only cards chosen among more than one
// legal card while holding more than tableReadCards cards are read: the
// last cards of a deal say little more about the hands and cost the most
// to replay. The weights use nothing but the world drawn and the public
// history, so the bot still sees only its view.
//
// Measured against normal (klob match -a hard -b normal, 300 decks, seed
// 41, the same decks): at three players hard's margin went from +12.3
// [+10.3, +14.4] a deal to +13.5 [+11.4, +15.5], at four from +28.1
// [+21.5, +34.7] to +30.8 [+24.5, +37.1]; the decisions got no slower
// (p95 33.5 to 30.6 ms at three, 70.3 to 53 ms at four: the worlds
// picked more than once are solved once). With seed 7: +11.6 [+9.6,
// +13.6] to +12.3 [+10.2, +14.4] at three, +26.1 [+19.9, +32.3] to
// +26.4 [+20.4, +32.3] at four. Every gain is well inside the noise of
// 300 decks, but all four go the same way. Drawing 8 candidates a world
// searched instead of 3 made +13.6 at three (seed 41), and reading only
// the opponents at four (not the partner) +30.0: no better.
// On 1000 decks (seed 41, three players) the margin went from +11.7
// [+10.6, +12.9] to +12.8 [+11.7, +14.0], p95 decision 24.9 to 22.2 ms;
// on 2000 decks (seed 41, four players) from +29.1 [+26.7, +31.6] to
// +31.9 [+29.4, +34.3], p95 59.4 to 53.9 ms. Against hard:read=off
// (300 decks, seed 41): +0.0 [-1.0, +1.1] at three, +2.7 [-0.7, +6.1]
// at four.
// Config.Unread (read=off in a phase hybrid) turns reading off.

// tableOffModel is the weight of each of another seat's cards that the
// card model would not have played.
const tableOffModel = 0.1

// tableReadCards is the hand size down to which a card is read.
const tableReadCards = 3

// tableCandidates is the worlds drawn, in multiples of the worlds
// searched, for the search's worlds to be chosen among by weight.
const tableCandidates = 3

// cardModel is a card play policy: the card a seat with view v plays
// among legal.
type cardModel func(v *rules.TableView, legal []rules.Action) rules.Card

// readWeight is the likelihood of the cards played so far by the seats
// in seats (a bit per seat) in world, a whole deal that v's seat cannot
// tell from its own, under model played softly: tableOffModel to the
// power of the cards read that model would not have played. It replays
// world from its deck to rebuild each seat's view at each of its cards.
func readWeight(v *rules.TableView, world *rules.Table, seats uint8, model cardModel) float64 {
	steps := world.Steps()
	reads := func(st rules.Step) bool {
		return st.Action.Kind == rules.PlayCard && st.Seat < 4 && seats&(1<<st.Seat) != 0
	}
	first := -1
	for i, st := range steps {
		if reads(st) {
			first = i
			break
		}
	}
	if first < 0 {
		return 1
	}
	t := rules.NewGameTable(world.Options(), world.Dealer(), world.Deck(), world.Totals())
	for _, st := range steps[:first] {
		if t.ApplyAs(st.Seat, st.Action) != nil {
			return 1
		}
	}
	w := 1.0
	buf := make([]rules.Action, 0, 12)
	for _, st := range steps[first:] {
		if reads(st) && t.Hand(st.Seat).Count() > tableReadCards {
			ov := t.View(st.Seat)
			buf = ov.AppendLegal(buf[:0])
			if distinctCards(buf) > 1 && model(&ov, buf) != st.Action.Card {
				w *= tableOffModel
			}
		}
		if t.ApplyAs(st.Seat, st.Action) != nil {
			return w
		}
	}
	return w
}

// distinctCards counts the cards among legal card plays (a card may be
// legal with and without an announcement).
func distinctCards(legal []rules.Action) int {
	var m rules.CardSet
	for _, a := range legal {
		if a.Kind == rules.PlayCard {
			m = m.With(a.Card)
		}
	}
	return m.Count()
}

// readSeats is the seats whose card play the hard bot reads from v:
// every seat but its own.
func readSeats(v *rules.TableView) uint8 {
	all := uint8(1)<<v.Players - 1
	return all &^ (1 << v.Seat)
}

// resample picks n of the worlds with the weights w by systematic
// resampling (one draw of r): it returns how many times each is picked,
// in proportion to its weight, summing to n. With no weight at all it
// picks each world about equally.
func resample(w []float64, n int, r *rand.Rand) []int {
	picks := make([]int, len(w))
	if len(w) == 0 || n <= 0 {
		return picks
	}
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	if !(sum > 0) {
		for i := range w {
			w[i] = 1
		}
		sum = float64(len(w))
	}
	step := sum / float64(n)
	u := r.Float64() * step
	acc := 0.0
	k := 0
	for i, x := range w {
		acc += x
		for k < n && u+float64(k)*step < acc {
			picks[i]++
			k++
		}
	}
	// Rounding may leave the last pick or two: they go to the last
	// world with weight.
	for i := len(w) - 1; k < n && i >= 0; i-- {
		if w[i] > 0 {
			picks[i] += n - k
			k = n
		}
	}
	return picks
}
