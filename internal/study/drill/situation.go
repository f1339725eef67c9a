package drill

import (
	"errors"
	"fmt"
	"strings"

	"github.com/klob/klob/rules"
)

// Seats of a situation: the player being drilled is always seat A, the
// opponent seat B, so a situation and its View do not depend on which
// seat dealt in the deal it was drawn from.
const (
	You = rules.SeatA
	Opp = rules.SeatB
)

// Kind is the decision a drill asks for.
type Kind uint8

// The kinds of bidding decision.
const (
	Round1   Kind = iota // pass, take or schmeiss on the upcard's suit
	Schmeiss             // answer the opponent's schmeiss: accept or refuse
	Round2               // name another suit or pass
)

var kindNames = [...]string{"round one", "schmeiss", "round two"}

// String returns "round one", "schmeiss" or "round two", and at a table
// of three or four "declaration", "dix" or "sequences".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	if n, ok := tableKindNames[k]; ok {
		return n
	}
	return "unknown"
}

// Situation is one bidding decision: the six cards held, the upcard,
// who deals, everything said before the player's turn, and the score.
// The player is seat You (A); the opponent is Opp (B).
type Situation struct {
	// Options are the rules; Options.Target is the score that wins.
	Options rules.Options
	// Dealer reports whether the player deals (else the opponent deals
	// and the player is elder, the first to speak).
	Dealer bool
	Hand   rules.CardSet // six cards
	Upcard rules.Card
	// Said is every word of the bidding before the player's turn, in
	// order, starting with the elder's first bid.
	Said []rules.Action
	// Totals are the game totals before this deal: [You] the player's,
	// [Opp] the opponent's.
	Totals [2]int
}

// Errors of a situation that cannot happen at a table. Each is wrapped
// in a *FieldError naming the part of the situation at fault.
var (
	ErrHandSize    = errors.New("a hand has six cards")
	ErrUpcardHeld  = errors.New("the upcard cannot be in the hand")
	ErrNotYourTurn = errors.New("it is not the player's turn to bid")
	ErrGameOver    = errors.New("the game is already over at this score")
)

// FieldError says which part of a situation (or of its text) is wrong:
// Field is the key of the text form ("hand", "up", "said", "score"...).
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

func fieldErr(field string, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}

// dealerSeat returns the seat that deals.
func (s *Situation) dealerSeat() rules.Seat {
	if s.Dealer {
		return You
	}
	return Opp
}

// Deal returns a deal at the player's decision: the player holds Hand,
// Upcard is turned, the opponent's cards and the stock are filled in
// index order (the player cannot see them, so their choice does not
// change the View), and Said has been spoken. It checks that the
// situation can happen: six distinct cards, the upcard not among them,
// every word of Said legal in turn, the player to bid after it, and a
// score at which the game goes on.
func (s *Situation) Deal() (rules.Deal, error) {
	if n := s.Hand.Count(); n != 6 {
		return rules.Deal{}, &FieldError{Field: "hand", Err: fmt.Errorf("%w, not %d", ErrHandSize, n)}
	}
	if !s.Upcard.Valid() {
		return rules.Deal{}, fieldErr("up", "no upcard")
	}
	if s.Hand.Has(s.Upcard) {
		return rules.Deal{}, &FieldError{Field: "up", Err: fmt.Errorf("%w: %s is in both", ErrUpcardHeld, s.Upcard)}
	}
	if s.Totals[0] < 0 || s.Totals[1] < 0 {
		return rules.Deal{}, fieldErr("score", "a total cannot be negative")
	}
	if s.Options.Target <= 0 {
		return rules.Deal{}, fieldErr("target", "the target must be positive")
	}
	if rules.SideWinner(s.Totals[:], s.Options.Target) >= 0 {
		return rules.Deal{}, &FieldError{Field: "score", Err: fmt.Errorf("%w: %d-%d against a target of %d",
			ErrGameOver, s.Totals[You], s.Totals[Opp], s.Options.Target)}
	}
	dealer := s.dealerSeat()
	mine := []int{0, 1, 2, 6, 7, 8} // the non-dealer's places
	if s.Dealer {
		mine = []int{3, 4, 5, 9, 10, 11}
	}
	var deck rules.Deck
	placed := map[int]bool{12: true}
	deck[12] = s.Upcard
	for i, c := range s.Hand.Cards() {
		deck[mine[i]] = c
		placed[mine[i]] = true
	}
	rest := (rules.FullDeck &^ s.Hand).Without(s.Upcard).Cards()
	k := 0
	for i := range deck {
		if !placed[i] {
			deck[i] = rest[k]
			k++
		}
	}
	d := rules.NewGameDeal(s.Options, dealer, deck, [4]int{s.Totals[0], s.Totals[1]})
	for i, a := range s.Said {
		who := "the opponent"
		if d.Turn() == You {
			who = "you"
		}
		if err := d.Apply(a); err != nil {
			return rules.Deal{}, fieldErr("said", "word %d, %q (%s): %v", i+1, a.String(), who, err)
		}
	}
	if d.Turn() != You || d.Phase() > rules.PhaseBid2 {
		what := "the bidding is over"
		if !d.Over() && d.Phase() <= rules.PhaseBid2 {
			what = "the opponent speaks next"
		}
		return rules.Deal{}, &FieldError{Field: "said", Err: fmt.Errorf("%w: after %s %s", ErrNotYourTurn, saidText(s.Said), what)}
	}
	return d, nil
}

// View returns the player's View of the decision (see Deal).
func (s *Situation) View() (rules.View, error) {
	d, err := s.Deal()
	if err != nil {
		return rules.View{}, err
	}
	return d.View(You), nil
}

// Kind returns the decision asked: round one, a schmeiss to answer or
// round two. It assumes a valid situation.
func (s *Situation) Kind() Kind {
	passes := 0
	for _, a := range s.Said {
		switch a.Kind {
		case rules.Schmeiss:
			return Schmeiss
		case rules.Pass:
			passes++
		}
	}
	if passes >= 2 {
		return Round2
	}
	return Round1
}

// Clone returns a copy that shares nothing with s.
func (s Situation) Clone() Situation {
	s.Said = append([]rules.Action(nil), s.Said...)
	return s
}

// saidText writes actions as the text form does: "pass,schmeiss", or
// "nothing".
func saidText(said []rules.Action) string {
	if len(said) == 0 {
		return "nothing"
	}
	w := make([]string, len(said))
	for i, a := range said {
		w[i] = strings.ReplaceAll(a.String(), " ", ":")
	}
	return strings.Join(w, ",")
}

// String writes the situation in the text form Parse reads, for
// `klob train -eval` and the review of mistakes:
//
//	hand=JS 9S AS KH QH 7D up=8S seat=elder score=120-430 target=500
//
// followed by round=2 (round one was passed by both) and said=... (the
// words before the player's turn in the current round) when there are
// any, and by any rule option that differs from the defaults.
func (s Situation) String() string {
	var b strings.Builder
	cards := make([]string, 0, 6)
	for _, c := range sortedHand(s.Hand, s.Upcard.Suit()) {
		cards = append(cards, c.String())
	}
	fmt.Fprintf(&b, "hand=%s up=%s", strings.Join(cards, " "), s.Upcard)
	if s.Dealer {
		b.WriteString(" seat=dealer")
	} else {
		b.WriteString(" seat=elder")
	}
	fmt.Fprintf(&b, " score=%d-%d target=%d", s.Totals[You], s.Totals[Opp], s.Options.Target)
	said := s.Said
	if s.Kind() == Round2 && len(said) >= 2 {
		b.WriteString(" round=2")
		said = said[2:]
	}
	if len(said) > 0 {
		b.WriteString(" said=" + saidText(said))
	}
	def := rules.DefaultOptions()
	for _, k := range rules.OptionNames {
		if k == "target" {
			continue
		}
		v, _ := s.Options.Get(k)
		if dv, _ := def.Get(k); v != dv {
			fmt.Fprintf(&b, " %s=%s", k, v)
		}
	}
	return b.String()
}
