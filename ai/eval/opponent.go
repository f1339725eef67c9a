package eval

import (
	"math"
	"math/rand/v2"

	"github.com/klob/klob/rules"
)

// The opponent model. The sampler draws hidden cards uniformly among
// those consistent with the View: what the opponent did rules out
// nothing there, since any hand may pass, take, keep the dix or keep a
// sequence quiet. But players act on their cards, so what the opponent
// chose makes some hands likelier: a player who took usually holds
// trumps; one who kept the 7 of trump after taking rarely held it. The
// evaluation weighs each sampled deal by how likely the opponent's own
// decisions were with the cards it holds in that deal, under a soft
// version of the fixed policy:
//
//   - a bid (take, schmeiss, pass, a suit named in round two) with
//     probability sigmoid(value/bidTemperature) for the hand's estimated
//     margin (makerValue on the six cards it held then); a schmeiss as a
//     hand at least fair (value + schmeissShift); a schmeiss answered by
//     the defender's estimate;
//   - "no exchange" while holding the 7 of trump: keptDix;
//   - "no sequence" while holding one, or "good" when a better or equal
//     sequence could have been claimed: quietSequence.
//
// Weights only reorder what the samples say; a sampled deal is never
// dropped, so an opponent who plays unlike the model costs accuracy, not
// legality.
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
	leads := opp != v.Dealer
	// The opponent's nine cards when the dialogue (and dix) happened:
	// its hand now plus what it played, with the upcard it may have
	// taken for the 7.
	nine := d.Hand(opp) | v.Played[opp]
	six := d.Hand(opp)
	if v.Maker != rules.NoSeat {
		dealt := nine
		if v.DixBy == opp {
			dealt = dealt.Without(up).With(rules.NewCard(rules.Seven, v.Trump))
		}
		cards := dealt.Cards()
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		six = rules.SetOf(cards[:6]...)
	}
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
			w *= sigmoid(makerValue(six, up.Suit(), up, leads) / bidTemperature)
		case rules.Schmeiss:
			w *= sigmoid((makerValue(six, up.Suit(), up, leads) + schmeissShift) / bidTemperature)
		case rules.Pass:
			if passes >= 2 {
				// A pass in round two: no suit was worth naming.
				for s := rules.Clubs; s <= rules.Spades; s++ {
					if s != up.Suit() {
						w *= 1 - sigmoid(makerValue(six, s, up, leads)/bidTemperature)
					}
				}
			} else {
				w *= 1 - sigmoid(makerValue(six, up.Suit(), up, leads)/bidTemperature)
			}
			passes++
		case rules.Name:
			w *= sigmoid(makerValue(six, a.Suit, up, leads) / bidTemperature)
		case rules.Refuse:
			w *= sigmoid(defenderValue(six, up.Suit(), up, leads) / bidTemperature)
		case rules.Accept:
			w *= 1 - sigmoid(defenderValue(six, up.Suit(), up, leads)/bidTemperature)
		case rules.NoExchange:
			if v.Trump <= rules.Spades && nine.Has(rules.NewCard(rules.Seven, v.Trump)) {
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
				if q := d.BestSequence(opp); q.Len >= 3 && q.Value() >= announced {
					w *= quietSequence
				}
			}
		}
	}
	return w
}
