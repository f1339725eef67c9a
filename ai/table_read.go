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
// at four. Those runs read a seat's cards only while it held more than
// three.
// Reading every card chosen among several, with the memo, and falling
// back on the normal rule only when fewer than minWorlds distinct worlds
// were solved (the fallback counted picks before): on the same 1000
// decks (seed 41, three players) +12.8 [+11.7, +14.0] to +13.0 [+11.8,
// +14.2], p95 decision 24.6 to 22.6 ms; on the same 2000 (seed 41, four
// players) +31.5 [+29.1, +34.0] to +32.0 [+29.5, +34.4], p95 51.7 to
// 50.9 ms (the fallback fix alone: +12.8 and +31.5, against +12.8 and
// +31.9 before it). The memo makes the reading cheaper though it reads
// more cards: readWorlds took 0.59 ms a decision at three players and
// 1.03 at four, against 0.93 and 1.44 with the cut and no memo
// (BenchmarkTableReadWorldsThree and Four, 3 runs each). Weighing the
// samples of the cards too early to search (eval.Evaluate, the
// first trick at four players, the first two at three) by the same
// reading of the cards already played made +13.1 [+11.9, +14.3] on
// those 1000 decks at three players against +13.0, p95 decision 25.4
// ms: no better, so they are not read.
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
