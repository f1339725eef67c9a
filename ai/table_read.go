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
// each other card tableOffModel. Every card chosen among more than one
// legal card is read, the last of a hand too: one decision asks the
// model once per hand its worlds give a seat at a step (readMemo), which
// makes the last cards, where the worlds agree most, cheap. The weights
// use nothing but the world drawn and the public history, so the bot
// still sees only its view.
//
// Reading gains a point or two a deal over drawing the worlds uniformly,
// at no cost in decision time (docs/experiments/2026-12-01-table-hard-search.md).
// Config.Unread (read=off in a phase hybrid) turns reading off.

// tableOffModel is the weight of each of another seat's cards that the
// card model would not have played.
const tableOffModel = 0.1

// tableCandidates is the worlds drawn, in multiples of the worlds
// searched, for the search's worlds to be chosen among by weight.
const tableCandidates = 3

// cardModel is a card play policy: the card a seat with view v plays
// among legal.
type cardModel func(v *rules.View, legal []rules.Action) rules.Card

// bidModel is a bidding policy: the bid a seat with view v makes among
// legal.
type bidModel func(v *rules.View, legal []rules.Action) rules.Action

// tableBidOffModel is the weight of each of another seat's bids that the
// bid model would not have made.
const tableBidOffModel = 0.2

// isBid reports whether a is a bid: pass, take, or naming a trump.
func isBid(a rules.Action) bool {
	return a.Kind == rules.Pass || a.Kind == rules.Take || a.Kind == rules.Name
}

// readMemo remembers, for one decision, the model's card at each of the
// other seats' earlier cards by what that seat knew there. A seat's view
// at a step is the public history, the same in every world drawn from
// the viewer's view, and its own cards: its hand then, and the cards
// that changed hands unseen in the declarations (shlomo, cleopatra). So
// the model is asked once per hand a world gives a seat at a step: late
// in a deal, when many worlds agree on a seat's few cards, that saves
// most of the calls and most of the replay. A nil memo asks every time.
type readMemo map[readKey]rules.Card

type readKey struct {
	step int
	seat rules.Seat
	hand rules.CardSet
	decl uint64 // the cards that changed hands in the declarations, in order
}

// noChoice marks in the memo a card played without a choice (one legal
// card): cards are below 32 and NoCard is 255.
const noChoice = rules.Card(254)

// declCards packs the cards drawn and given in the declarations of a
// deal's steps, six bits each in order, and reports false when they do
// not fit: more than ten, from five or more declarations in one deal,
// which readWeight then reads without its memo.
func declCards(steps []rules.Step) (uint64, bool) {
	var d uint64
	n := 0
	for _, st := range steps {
		if st.Action.Kind == rules.Draw || st.Action.Kind == rules.Give {
			d = d<<6 | uint64(st.Action.Card+1)
			n++
		}
	}
	return d, n <= 10
}

// readWeight is the likelihood of the bids and the cards played so far
// by the seats in seats (a bit per seat) in world, a whole deal that v's
// seat cannot tell from its own, under model and bids played softly:
// tableOffModel to the power of the cards chosen among several that
// model would not have played, times tableBidOffModel to the power of
// the bids chosen among several that bids would not have made (bids nil:
// the bids are not read). The hand a seat held at each of its cards is
// its hand in world with the cards it played since; the model is asked
// (replaying world from its deck up to that card to rebuild the seat's
// view) only when memo does not know that hand there. Each bid is asked
// of bids on a replay, without the memo: a seat's hand when it bid is
// the first cards dealt, which the worlds rarely share.
func readWeight(v *rules.View, world *rules.Deal, seats uint8, model cardModel, bids bidModel, memo readMemo) float64 {
	steps := world.Steps()
	decl, ok := declCards(steps)
	if !ok {
		memo = nil
	}
	// The cards read, last first, with the hand each was played from.
	type read struct {
		step int
		hand rules.CardSet
		bid  bool
	}
	var rbuf [48]read
	reads := rbuf[:0]
	var hands [4]rules.CardSet
	for o := range v.Players {
		hands[o] = world.Hand(rules.Seat(o))
	}
	for i := len(steps) - 1; i >= 0; i-- {
		st := steps[i]
		if st.Seat >= 4 {
			continue
		}
		if bids != nil && isBid(st.Action) && seats&(1<<st.Seat) != 0 {
			reads = append(reads, read{step: i, bid: true})
			continue
		}
		if st.Action.Kind != rules.PlayCard {
			continue
		}
		hands[st.Seat] = hands[st.Seat].With(st.Action.Card)
		if seats&(1<<st.Seat) != 0 {
			reads = append(reads, read{step: i, hand: hands[st.Seat]})
		}
	}
	var t rules.Deal
	at := -1 // t is world before steps[at]; -1 before it is built
	w := 1.0
	buf := make([]rules.Action, 0, 12)
	replay := func(i int) bool {
		if at < 0 {
			t = rules.NewGameDeal(world.Options(), world.Dealer(), world.Deck(), world.Totals())
			at = 0
		}
		for ; at < i; at++ {
			if t.ApplyAs(steps[at].Seat, steps[at].Action) != nil {
				return false
			}
		}
		return true
	}
	for k := len(reads) - 1; k >= 0; k-- {
		i, st := reads[k].step, steps[reads[k].step]
		if reads[k].bid {
			if !replay(i) {
				return w
			}
			ov := t.View(st.Seat)
			buf = ov.AppendLegal(buf[:0])
			if len(buf) > 1 && bids(&ov, buf) != st.Action {
				w *= tableBidOffModel
			}
			continue
		}
		key := readKey{i, st.Seat, reads[k].hand, decl}
		c, ok := memo[key]
		if !ok {
			if !replay(i) {
				return w
			}
			ov := t.View(st.Seat)
			buf = ov.AppendLegal(buf[:0])
			c = noChoice
			if distinctCards(buf) > 1 {
				c = model(&ov, buf)
			}
			if memo != nil {
				memo[key] = c
			}
		}
		if c != noChoice && c != st.Action.Card {
			w *= tableOffModel
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
func readSeats(v *rules.View) uint8 {
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
