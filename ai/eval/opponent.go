package eval

import (
	"math"
	"math/rand/v2"
	"sync"

	"github.com/klob/klob/ai/handvalue"
	"github.com/klob/klob/rules"
)

// The opponent model. The sampler draws hidden cards uniformly among
// those consistent with the view, but players act on their cards: one
// who took usually holds trumps, one who kept the 7 of trump after
// taking rarely held it. So each sampled deal is weighed by how likely
// the opponent's own decisions were with the cards it holds there, under
// a soft version of the fixed policy:
//
//   - a bid with probability sigmoid(value/bidTemperature) of its
//     estimated margin (handvalue's Make, or Defend for a schmeiss
//     answer, on the six cards it held then); a schmeiss as a hand at
//     least fair (value + schmeissShift);
//   - "no exchange" while holding the 7 of trump: keptDix;
//   - "no sequence" while holding one, or "good" when a better or equal
//     sequence could have been claimed: quietSequence;
//   - with Options.Model, each card it chose among several: 1 if the
//     model plays it with the sample's cards, offModel if not
//     (playWeight). A player who ducks a ten it could have won with the
//     ace rarely held what the model would have played.
//
// Weights only reorder the samples, never drop one, so an opponent who
// plays unlike the model costs accuracy, not legality.
const (
	bidTemperature = 25.0
	schmeissShift  = 25.0
	keptDix        = 0.15
	quietSequence  = 0.2
)

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// weight returns the likelihood of the opponent's decisions in the
// public history of v given its cards in the sampled deal d. Once trump
// is settled the opponent holds nine cards, and which six of them it bid
// with is unknown (View.Complete deals them in card order): r draws the
// six at random.
func weight(v *rules.View, d *rules.Deal, r *rand.Rand) float64 {
	opp := v.Seat.Other()
	hist := v.History()
	up := v.OrigUpcard
	h := handvalue.Hand{Upcard: up, Players: v.Players, Pos: rules.Place(opp, v.Dealer, v.Players),
		Leads: opp == v.FirstLeader(), Dix: v.Options.HasDix()}
	// The opponent's nine cards when the dialogue (and dix) happened:
	// its hand now plus what it played, with the upcard it may have
	// taken for the 7.
	nine := d.Hand(opp) | v.Played[opp]
	six := d.Hand(opp)
	if v.Maker != rules.NoSeat {
		dealt := nine
		if v.DixBy == opp {
			dealt = dealt.Without(up).With(rules.Dix(v.Trump))
		}
		cards := dealt.Cards()
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		six = rules.SetOf(cards[:6]...)
	}
	h.Cards = six
	w := 1.0
	passes := 0 // passes so far in the bidding: two open round two
	announced := 0
	for k, st := range hist {
		a := st.Action
		if st.Seat != opp {
			if a.Kind == rules.Pass {
				passes++
			}
			if a.Kind == rules.Announce {
				announced = int(a.N)
			}
			continue
		}
		switch a.Kind {
		case rules.Take:
			w *= sigmoid(h.Value(handvalue.Make, up.Suit()) / bidTemperature)
		case rules.Schmeiss:
			w *= sigmoid((h.Value(handvalue.Make, up.Suit()) + schmeissShift) / bidTemperature)
		case rules.Pass:
			if passes >= 2 {
				// A pass in round two: no suit was worth naming.
				for s := rules.Clubs; s <= rules.Spades; s++ {
					if s != up.Suit() {
						w *= 1 - sigmoid(h.Value(handvalue.Make, s)/bidTemperature)
					}
				}
			} else {
				w *= 1 - sigmoid(h.Value(handvalue.Make, up.Suit())/bidTemperature)
			}
			passes++
		case rules.Name:
			w *= sigmoid(h.Value(handvalue.Make, a.Suit) / bidTemperature)
		case rules.Refuse:
			w *= sigmoid(h.Value(handvalue.Defend, up.Suit()) / bidTemperature)
		case rules.Accept:
			w *= 1 - sigmoid(h.Value(handvalue.Defend, up.Suit())/bidTemperature)
		case rules.NoExchange:
			if v.Trump <= rules.Spades && nine.Has(rules.Dix(v.Trump)) {
				w *= keptDix
			}
		case rules.NoSequence:
			if rules.SequencePoints(nine) > 0 {
				w *= quietSequence
			}
		case rules.Good:
			// Only "good" said at once to an announcement is a choice
			// to keep a sequence quiet: later in the dialogue it is
			// the true answer.
			if k > 0 && hist[k-1].Action.Kind == rules.Announce {
				if q := d.BestMeld(opp); q.Len >= 3 && q.Value() >= announced {
					w *= quietSequence
				}
			}
		}
	}
	return w
}

// offModel is the weight of each of the opponent's cards that the card
// play model (Options.Model) would not have played: low enough to take
// nearly all the gain of reading the cards, high enough that a player
// who plays unlike the model moves the weights only so far. The matches
// that chose it are in docs/experiments/2026-12-01-hard-bot-bids.md.
const offModel = 0.1

// modelMemo remembers, for one evaluation, the model's card at each of
// the opponent's earlier cards by the hand a sample gives it there. The
// opponent's View at a step is the public history and its own hand, the
// same in every sample that gives it that hand, so the model is asked
// once per hand: late in a deal, when many samples agree on its few
// cards, that saves most of the calls and of the replays that rebuild
// the View for them. A nil memo asks every time.
type modelMemo struct {
	mu sync.Mutex
	m  map[memoKey]rules.Card
}

type memoKey struct {
	step int
	hand rules.CardSet
}

func newModelMemo() *modelMemo { return &modelMemo{m: map[memoKey]rules.Card{}} }

// known returns the model's card at step for the opponent holding hand
// there (noChoice when it had one legal action), if the memo has it. A
// nil memo knows nothing.
func (mm *modelMemo) known(step int, hand rules.CardSet) (rules.Card, bool) {
	if mm == nil {
		return 0, false
	}
	mm.mu.Lock()
	c, ok := mm.m[memoKey{step, hand}]
	mm.mu.Unlock()
	return c, ok
}

// ask returns the card model plays as seat opp in deal d, replayed to
// just before step (NoCard for another kind of action, noChoice when
// opp had a single legal action, which tells nothing), and remembers it.
func (mm *modelMemo) ask(step int, d *rules.Deal, opp rules.Seat, model Policy) rules.Card {
	ov := d.View(opp)
	c := noChoice
	if len(ov.Legal()) > 1 {
		c = rules.NoCard
		if a := model(&ov); a.Kind == rules.PlayCard {
			c = a.Card
		}
	}
	if mm != nil {
		mm.mu.Lock()
		mm.m[memoKey{step, d.Hand(opp)}] = c
		mm.mu.Unlock()
	}
	return c
}

// noChoice marks in the memo a step where the opponent had one legal
// action (no card: cards are below 32 and NoCard is 255).
const noChoice = rules.Card(254)

// playWeight is the likelihood of the opponent's cards so far in the
// sampled deal d under model, played softly: each card the model would
// have played in its place counts 1, each other card offModel. The hand
// the opponent held at each of its cards is its hand in d with the cards
// it played since; only when memo does not know that hand there is d
// replayed from its deck (as far as that card) to rebuild the
// opponent's View and ask the model, so a sample whose hands the memo
// knows is read without replaying it. A step that does not replay
// (which a deal the sampler drew from a real View never has) ends the
// reading with what it found so far.
func playWeight(v *rules.View, d *rules.Deal, model Policy, memo *modelMemo) float64 {
	opp := v.Seat.Other()
	steps := d.Steps()
	// The opponent's cards, last first, with the hand each was played
	// from.
	type read struct {
		step int
		hand rules.CardSet
	}
	var rbuf [16]read
	reads := rbuf[:0]
	hand := d.Hand(opp)
	for i := len(steps) - 1; i >= 0; i-- {
		if st := steps[i]; st.Seat == opp && st.Action.Kind == rules.PlayCard {
			hand = hand.With(st.Action.Card)
			reads = append(reads, read{i, hand})
		}
	}
	w := 1.0
	var dd rules.Deal
	at := -1 // dd is d before steps[at]; -1 before it is built
	for k := len(reads) - 1; k >= 0; k-- {
		i := reads[k].step
		c, ok := memo.known(i, reads[k].hand)
		if !ok {
			if at < 0 {
				dd = rules.NewGameDeal(d.Options(), d.Dealer(), d.Deck(), d.Totals())
				at = 0
			}
			for ; at < i; at++ {
				if dd.Apply(steps[at].Action) != nil {
					return w
				}
			}
			c = memo.ask(i, &dd, opp, model)
		}
		if c != noChoice && c != steps[i].Action.Card {
			w *= offModel
		}
	}
	return w
}
