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
	// ErrInconsistent is returned by View.Complete when the cards given
	// do not fit what the view shows.
	ErrInconsistent = errors.New("sample does not fit the view")
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
	// Menage: the seat to move held the king, queen and jack of trump
	// when play began (menage on), and announces them, never bella.
	Menage bool
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
