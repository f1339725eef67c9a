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

// IllegalError is a refused action: who tried what, and why.
type IllegalError struct {
	Seat   Seat
	Action Action
	Err    error  // one of the Err values above
	Reason string // in a player's words: "you must follow hearts"
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

// failFunc fills the error being built and returns it.
type failFunc func(err error, format string, args ...any) error

// explain builds the error for an illegal action.
func (d *Deal) explain(a Action) error {
	e := &IllegalError{Seat: d.Turn(), Action: a}
	var fail failFunc = func(err error, format string, args ...any) error {
		e.Err, e.Reason = err, fmt.Sprintf(format, args...)
		return e
	}
	if d.phase == PhaseOver {
		return fail(ErrDealOver, "the deal is over")
	}
	if a != a.canonical() {
		return fail(ErrMalformed, "malformed action: a %s sets fields it does not use", a.kindWord())
	}
	want := map[Phase]string{
		PhaseBid1:      "the bidding is on: pass, take or schmeiss",
		PhaseSchmeiss:  "answer the schmeiss: accept or refuse",
		PhaseBid2:      "round two of the bidding: name a suit or pass",
		PhaseDix:       "the dix exchange: exchange or no exchange",
		PhaseSequences: "the sequence dialogue is on",
		PhasePlay:      "play a card",
	}[d.phase]
	var err error
	switch d.phase {
	case PhasePlay:
		return d.explainPlay(a, want, fail)
	case PhaseSequences:
		return d.explainDialogue(a, want, fail)
	case PhaseBid2:
		err = d.explainBid2(a, fail)
	case PhaseDix:
		err = d.explainDix(a, fail)
	}
	if err != nil {
		return err
	}
	return fail(ErrWrongPhase, "%q is not a move now: %s", a.String(), want)
}
