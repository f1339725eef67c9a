package drill

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// You is the player's seat in every drill. The other seats are named
// from it (SeatName), so a drill reads the same whoever dealt.
const You = rules.SeatA

// Kind is the decision a drill asks for.
type Kind uint8

// The kinds of decision before the card play.
const (
	Round1   Kind = iota // pass or take on the upcard's suit (or schmeiss, with two)
	Schmeiss             // answer a schmeiss: accept or refuse
	Round2               // name another suit (no trumps with four) or pass
	Declare              // shlomo or cleopatra, or the card to give after one
	Dix                  // exchange the 7 of trump for the upcard, or not
	Dialogue             // a word of the sequence dialogue
)

var kindNames = [...]string{"round one", "schmeiss", "round two", "declaration", "dix", "sequences"}

// Kinds lists every kind in the order a deal asks them, the order a
// record lists them in.
var Kinds = []Kind{Declare, Round1, Schmeiss, Round2, Dix, Dialogue}

// String returns the kind's name: "round one", "schmeiss", "round two",
// "declaration", "dix" or "sequences".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// phaseKind is the kind of drill a decision in phase p makes (round one
// for the phases no drill asks about).
func phaseKind(p rules.Phase) Kind {
	switch p {
	case rules.PhaseSchmeiss:
		return Schmeiss
	case rules.PhaseBid2:
		return Round2
	case rules.PhaseDeclare:
		return Declare
	case rules.PhaseDix:
		return Dix
	case rules.PhaseSequences:
		return Dialogue
	}
	return Round1
}

// beforePlay reports whether phase p is one a drill asks about: any
// decision before the card play.
func beforePlay(p rules.Phase) bool {
	return p < rules.PhasePlay || p == rules.PhaseDeclare
}

// Situation is one decision before the card play, at a table of two,
// three or four: the deck as dealt, who deals, every step of the deal
// before the player's turn (a shlomo's random draw included, so the
// deal is reproduced exactly) and the game totals by side. The player
// is always seat You; with four, the seat across is the partner.
//
// Only the player's View is shown or evaluated. The deck is what lets
// a drill be kept in the record and shown again; a situation read from
// the hand form (see Parse) fills the cards the player cannot see in
// index order, which gives the same View.
type Situation struct {
	// Options are the rules: Options.Players the seat count,
	// Options.Target the score that wins, and the house variants.
	Options rules.Options
	Dealer  rules.Seat
	Deck    rules.Deck
	// Said is every step of the deal before the player's decision.
	Said []rules.Action
	// Totals are the game totals by side before the deal: [0] the
	// player's side, then the others (rules.Deal.SideOf).
	Totals [4]int
}

// Players returns the seat count.
func (s *Situation) Players() int { return s.Options.NumPlayers() }

// Sides returns the number of sides: the players, or two teams with four.
func (s *Situation) Sides() int { return rules.SidesAt(s.Players()) }

// Errors of a situation that cannot happen. Each comes wrapped in a
// *FieldError naming the part of the situation at fault.
var (
	ErrPlayers     = errors.New("a drill is of two, three or four players")
	ErrHandSize    = errors.New("a hand has six cards")
	ErrUpcardHeld  = errors.New("the upcard cannot be in the hand")
	ErrNotYourTurn = errors.New("it is not the player's turn before the card play")
	ErrGameOver    = errors.New("the game is already over at this score")
)

// FieldError says which part of a situation, or of its text, is wrong:
// Field is the key of the text form ("deck", "said", "score"...).
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

func fieldErr(field string, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}

// Deal returns the deal at the player's decision, checking that it can
// happen: two to four players, a deck of 32 distinct cards, a score at
// which the game goes on, every step of Said legal in turn, and the
// player to decide after them, before the card play.
func (s *Situation) Deal() (rules.Deal, error) {
	d, err := s.replay()
	if err != nil {
		return rules.Deal{}, err
	}
	if d.Turn() != You || !beforePlay(d.Phase()) {
		return rules.Deal{}, fieldErr("said", "%w: after %s %s",
			ErrNotYourTurn, saidText(s.Said), whatNext(&d))
	}
	return d, nil
}

// replay deals the situation and takes the steps of Said, checking all
// that Deal checks but whose turn it is then.
func (s *Situation) replay() (rules.Deal, error) {
	n := s.Players()
	if !rules.ValidPlayers(n) {
		return rules.Deal{}, fieldErr("players", "%w, not %d", ErrPlayers, n)
	}
	if int(s.Dealer) >= n {
		return rules.Deal{}, fieldErr("dealer", "seat %s is not at a table of %d", s.Dealer, n)
	}
	var seen rules.CardSet
	for _, c := range s.Deck {
		if !c.Valid() || seen.Has(c) {
			return rules.Deal{}, fieldErr("deck", "the deck holds %s twice or a card that is not one", c)
		}
		seen = seen.With(c)
	}
	if s.Options.Target <= 0 {
		return rules.Deal{}, fieldErr("target", "the target must be positive")
	}
	totals := s.Totals[:s.Sides()]
	for _, t := range totals {
		if t < 0 {
			return rules.Deal{}, fieldErr("score", "a total cannot be negative")
		}
	}
	if rules.SideWinner(totals, s.Options.Target) >= 0 {
		return rules.Deal{}, fieldErr("score", "%w: %s against a target of %d",
			ErrGameOver, totalsText(totals), s.Options.Target)
	}
	d := rules.NewGameDeal(s.Options, s.Dealer, s.Deck, s.Totals)
	for i, a := range s.Said {
		turn := d.Turn()
		if err := d.ApplyAs(turn, a); err != nil {
			return rules.Deal{}, fieldErr("said", "word %d, %q (%s): %v", i+1, wordText(a), actorName(n, turn), err)
		}
	}
	return d, nil
}

// actorName names who takes a step: a seat, or the draw of a card at
// random.
func actorName(players int, turn rules.Seat) string {
	switch turn {
	case rules.ChanceSeat:
		return "the draw"
	case rules.NoSeat:
		return "after the end of the deal"
	}
	return SeatName(players, turn)
}

// whatNext says what comes after the words of a situation that is not
// the player's decision.
func whatNext(d *rules.Deal) string {
	switch {
	case d.Over():
		return "the deal is over"
	case !beforePlay(d.Phase()):
		return "the card play has started"
	}
	return actorName(d.Players(), d.Turn()) + " acts next"
}

// View returns the player's View of the decision (see Deal).
func (s *Situation) View() (rules.View, error) {
	d, err := s.Deal()
	if err != nil {
		return rules.View{}, err
	}
	return d.View(You), nil
}

// Kind returns the decision asked, from the phase it is asked in (round
// one for a situation that cannot happen).
func (s *Situation) Kind() Kind {
	d, err := s.Deal()
	if err != nil {
		return Round1
	}
	return phaseKind(d.Phase())
}

// Clone returns a copy that shares nothing with s.
func (s Situation) Clone() Situation {
	s.Said = append([]rules.Action(nil), s.Said...)
	return s
}

// String writes the situation in the text form Parse reads, the form the
// record keeps a mistake in:
//
//	players=3 dealer=B score=120-40-300 target=500 said=pass,name:H deck=7C,KS,...
//
// followed by every rule option that differs from the defaults. A word
// with a space is written with ':' ("name:H", "draw:QS").
func (s Situation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "players=%d dealer=%s score=%s target=%d", s.Players(), s.Dealer,
		totalsText(s.Totals[:s.Sides()]), s.Options.Target)
	if len(s.Said) > 0 {
		b.WriteString(" said=" + saidText(s.Said))
	}
	b.WriteString(" deck=" + strings.ReplaceAll(s.Deck.String(), " ", ","))
	def := rules.DefaultOptions()
	for _, k := range rules.AllOptionNames() {
		if k == "target" || k == "players" {
			continue
		}
		v, _ := s.Options.Get(k)
		if dv, _ := def.Get(k); v != dv {
			fmt.Fprintf(&b, " %s=%s", k, v)
		}
	}
	return b.String()
}

// wordText is one step as the text form writes it: "pass", "name:H".
func wordText(a rules.Action) string { return strings.ReplaceAll(a.String(), " ", ":") }

// saidText writes steps as the text form does, "pass,schmeiss", or
// "nothing".
func saidText(said []rules.Action) string {
	if len(said) == 0 {
		return "nothing"
	}
	w := make([]string, len(said))
	for i, a := range said {
		w[i] = wordText(a)
	}
	return strings.Join(w, ",")
}

func totalsText(t []int) string {
	w := make([]string, len(t))
	for i, x := range t {
		w[i] = strconv.Itoa(x)
	}
	return strings.Join(w, "-")
}
