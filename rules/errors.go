package rules

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Errors. Every refused action returns an *IllegalError whose Err is one
// of these, so callers can tell the kinds apart with errors.Is.
var (
	ErrNotYourTurn    = errors.New("not your turn")
	ErrWrongPhase     = errors.New("not a move in this phase")
	ErrNotInHand      = errors.New("card not in hand")
	ErrMustFollow     = errors.New("must follow suit")
	ErrMustOvertrump  = errors.New("must play a higher trump")
	ErrMustTrump      = errors.New("must trump")
	ErrBella          = errors.New("bella not allowed")
	ErrBadSuit        = errors.New("suit cannot be named")
	ErrNoDix          = errors.New("no dix to exchange")
	ErrNoSuchSequence = errors.New("no such sequence")
	ErrDialogue       = errors.New("not what the dialogue allows")
	ErrDealOver       = errors.New("deal is over")
	// ErrMalformed is an action that sets fields its kind does not use
	// (a pass with a card): a caller's bug, refused so that the history
	// holds only actions that String and ParseAction round-trip.
	ErrMalformed = errors.New("malformed action")
)

// IllegalError is a refused action: who tried what, why, and the facts
// the reason rests on, so a caller can word its own message from them
// (the game log speaks of the players in the third person).
type IllegalError struct {
	Seat   Seat
	Action Action
	Err    error  // one of the Err values above
	Reason string // in a player's words: "you must follow hearts"

	// The facts: what was so when the action was refused.
	Turn  Seat    // the seat to move (not Seat with ErrNotYourTurn)
	Phase Phase   // the phase of the deal
	Trump Suit    // the trump suit, NoSuit before it is settled
	Led   Card    // the card led to the trick on the table, NoCard if none
	Hand  CardSet // the hand of the seat to move
	// Cards are the cards the seat to move may play (in the card play).
	Cards CardSet
	// Legal are the actions the seat to move may take.
	Legal []Action
	// Best is the best sequence of the seat to move (in the dialogue).
	Best Sequence
	// Want says what the phase asks for, in a player's words, as the
	// reason of ErrWrongPhase ends: "round two of the bidding: name a
	// suit or pass".
	Want string
}

// fail sets the kind and the reason of e and returns it.
func (e *IllegalError) fail(err error, format string, args ...any) error {
	e.Err, e.Reason = err, fmt.Sprintf(format, args...)
	return e
}

func (e *IllegalError) Error() string { return e.Reason }
func (e *IllegalError) Unwrap() error { return e.Err }

// listCards lists cards strongest first, as a player reads them:
// "J♥ or 9♥".
func listCards(m CardSet, trump Suit) string {
	cs := m.Cards()
	sort.Slice(cs, func(i, j int) bool { return Power(cs[i], trump) > Power(cs[j], trump) })
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Pretty(false)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// explain builds the error for an illegal action.
func (d *Deal) explain(a Action) error {
	e := d.illegal(d.Turn(), a)
	if d.phase == PhaseOver {
		return e.fail(ErrDealOver, "the deal is over")
	}
	if a != a.canonical() {
		return e.fail(ErrMalformed, "malformed action: a %s sets fields it does not use", a.kindWord())
	}
	want := map[Phase]string{
		PhaseBid1:      "the bidding is on: pass, take or schmeiss",
		PhaseSchmeiss:  "answer the schmeiss: accept or refuse",
		PhaseBid2:      "round two of the bidding: name a suit or pass",
		PhaseDix:       "the dix exchange: exchange or no exchange",
		PhaseSequences: "the sequence dialogue is on",
		PhasePlay:      "play a card",
	}[d.phase]
	e.Want = want
	var err error
	switch d.phase {
	case PhasePlay:
		return d.explainPlay(a, want, e)
	case PhaseSequences:
		return d.explainDialogue(a, want, e)
	case PhaseBid2:
		err = d.explainBid2(a, e)
	case PhaseDix:
		err = d.explainDix(a, e)
	}
	if err != nil {
		return err
	}
	return e.fail(ErrWrongPhase, "%q is not a move now: %s", a.String(), want)
}

// illegal starts the error for action a by seat s with the facts of the
// deal as it stands.
func (d *Deal) illegal(s Seat, a Action) *IllegalError {
	t := d.Turn()
	e := &IllegalError{Seat: s, Action: a, Turn: t, Phase: d.phase, Trump: d.trump, Led: d.play.Lead}
	if t != NoSeat {
		e.Hand = d.play.Hands[t]
		e.Best = d.best[t]
		e.Legal = d.Legal()
		if d.phase == PhasePlay {
			e.Cards = d.play.Legal()
		}
	}
	return e
}
