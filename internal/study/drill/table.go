package drill

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/klob/klob/rules"
)

// The kinds of decision only a table of three or four players asks
// (besides Round1 and Round2, which every table has).
const (
	Declare  Kind = iota + 3 // shlomo or cleopatra, or the card to give after one
	Dix                      // exchange the 7 of trump for the upcard, or not
	Dialogue                 // a word of the sequence dialogue
)

// tableKindNames name the kinds Declare, Dix and Dialogue.
var tableKindNames = map[Kind]string{Declare: "declaration", Dix: "dix", Dialogue: "sequences"}

// TableKinds lists the kinds of decision a table drill may ask, in the
// order a record lists them.
var TableKinds = []Kind{Declare, Round1, Round2, Dix, Dialogue}

// Partner is the player's partner at a table of four (the seat across).
const Partner rules.Seat = 2

// TableSituation is one decision before the card play at a table of
// three or four players (rules.Deal): the deck as dealt, who deals,
// every step of the deal before the player's turn (the shuffled deck
// and the chance draws of a shlomo included, so the deal is exactly
// reproduced), and the game totals by side. The player is always seat
// You (A); with four, Partner (C) is the player's partner. Only the
// player's TableView (View) is ever shown or evaluated: the deck is
// what lets a drill be stored and shown again, never what the player
// or the evaluation sees.
type TableSituation struct {
	// Options are the rules: Options.Players is 3 or 4, Options.Target
	// the score that wins, and the house variants of RULES.md section 11.
	Options rules.Options
	Dealer  rules.Seat
	Deck    rules.Deck
	// Said is every step before the player's decision, in order.
	Said []rules.Action
	// Totals are the game totals by side before the deal: [0] the
	// player's side, then the others (rules.Deal.SideOf).
	Totals [4]int
}

// maxTableText bounds the text ParseTable reads: a deck, the words of a
// deal before the card play and every option fit in far less.
const maxTableText = 4096

// ErrNotTable is returned for a table situation whose rules are not of
// three or four players.
var ErrNotTable = errors.New("a table drill is of three or four players")

// Players returns the seat count.
func (s *TableSituation) Players() int { return s.Options.NumPlayers() }

// Sides returns the number of sides: the players with three, two teams
// with four.
func (s *TableSituation) Sides() int {
	if s.Players() == 4 {
		return 2
	}
	return s.Players()
}

// Table returns the deal at the player's decision, checking that it can
// happen: three or four players, a deck of 32 distinct cards, every step
// of Said legal in turn, the player to decide after it (before the card
// play), and a score at which the game goes on.
func (s *TableSituation) Table() (rules.Deal, error) {
	n := s.Players()
	if n != 3 && n != 4 {
		return rules.Deal{}, &FieldError{Field: "players", Err: fmt.Errorf("%w, not %d", ErrNotTable, n)}
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
	for i := range s.Sides() {
		if s.Totals[i] < 0 {
			return rules.Deal{}, fieldErr("score", "a total cannot be negative")
		}
	}
	if rules.SideWinner(s.Totals[:s.Sides()], s.Options.Target) >= 0 {
		return rules.Deal{}, &FieldError{Field: "score", Err: fmt.Errorf("%w: %s against a target of %d",
			ErrGameOver, totalsText(s.Totals[:s.Sides()]), s.Options.Target)}
	}
	t := rules.NewGameDeal(s.Options, s.Dealer, s.Deck, s.Totals)
	for i, a := range s.Said {
		if err := t.ApplyAs(t.Turn(), a); err != nil {
			return rules.Deal{}, fieldErr("said", "step %d, %q: %v", i+1, a.String(), err)
		}
	}
	if t.Turn() != You || t.Phase() >= rules.PhasePlay && t.Phase() != rules.PhaseDeclare {
		return rules.Deal{}, &FieldError{Field: "said", Err: fmt.Errorf("%w: after %d steps %s is to act in phase %v",
			ErrNotYourTurn, len(s.Said), t.Turn(), t.Phase())}
	}
	return t, nil
}

// View returns the player's TableView of the decision (see Table).
func (s *TableSituation) View() (rules.View, error) {
	t, err := s.Table()
	if err != nil {
		return rules.View{}, err
	}
	return t.View(You), nil
}

// Kind returns the decision asked, from the phase it is asked in.
func (s *TableSituation) Kind() Kind {
	t, err := s.Table()
	if err != nil {
		return Round1
	}
	return phaseKind(t.Phase())
}

// Clone returns a copy that shares nothing with s.
func (s TableSituation) Clone() TableSituation {
	s.Said = append([]rules.Action(nil), s.Said...)
	return s
}

func totalsText(t []int) string {
	w := make([]string, len(t))
	for i, x := range t {
		w[i] = strconv.Itoa(x)
	}
	return strings.Join(w, "-")
}

// String writes the situation in the text form ParseTable reads, the
// form the record keeps a mistake in:
//
//	players=3 dealer=B score=120-40-300 target=500 said=pass,name:H deck=7C,KS,...
//
// followed by any rule option that differs from the defaults. Words
// with a space are written with ':' ("name:H", "draw:QS").
func (s TableSituation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "players=%d dealer=%s score=%s target=%d", s.Players(), s.Dealer,
		totalsText(s.Totals[:s.Sides()]), s.Options.Target)
	if len(s.Said) > 0 {
		b.WriteString(" said=" + saidText(s.Said))
	}
	cards := make([]string, len(s.Deck))
	for i, c := range s.Deck {
		cards[i] = c.String()
	}
	b.WriteString(" deck=" + strings.Join(cards, ","))
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

// ParseTable reads the text form String writes. Every field is checked,
// and the situation must be one that can happen (Table).
func ParseTable(text string) (TableSituation, error) {
	if len(text) > maxTableText {
		return TableSituation{}, fmt.Errorf("the situation is %d bytes, at most %d", len(text), maxTableText)
	}
	s := TableSituation{Options: rules.DefaultOptions()}
	seen := map[string]bool{}
	var score string
	for _, f := range strings.Fields(text) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return TableSituation{}, fmt.Errorf("%q is not key=value", f)
		}
		k = strings.ToLower(k)
		if seen[k] {
			return TableSituation{}, fieldErr(k, "given twice")
		}
		seen[k] = true
		switch k {
		case "dealer":
			n := strings.ToUpper(v)
			if len(n) != 1 || n[0] < 'A' || n[0] > 'D' {
				return TableSituation{}, fieldErr(k, "%q is not a seat A to D", v)
			}
			s.Dealer = rules.Seat(n[0] - 'A')
		case "score":
			score = v
		case "said":
			for i, w := range strings.Split(v, ",") {
				a, err := rules.ParseAction(strings.ReplaceAll(w, ":", " "))
				if err != nil {
					return TableSituation{}, fieldErr(k, "word %d: %v", i+1, err)
				}
				s.Said = append(s.Said, a)
			}
		case "deck":
			d, err := rules.ParseDeck(strings.ReplaceAll(v, ",", " "))
			if err != nil {
				return TableSituation{}, fieldErr(k, "%v", err)
			}
			s.Deck = d
		default:
			if err := s.Options.Set(k, v); err != nil {
				return TableSituation{}, &FieldError{Field: k, Err: err}
			}
		}
	}
	for _, k := range []string{"players", "dealer", "score", "deck"} {
		if !seen[k] {
			return TableSituation{}, fieldErr(k, "missing")
		}
	}
	if n := s.Players(); n != 3 && n != 4 {
		return TableSituation{}, &FieldError{Field: "players", Err: fmt.Errorf("%w, not %d", ErrNotTable, n)}
	}
	parts := strings.Split(score, "-")
	if len(parts) != s.Sides() {
		return TableSituation{}, fieldErr("score", "%q has %d totals, want %d (one a side)", score, len(parts), s.Sides())
	}
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 || x > rules.MaxTarget*4 {
			return TableSituation{}, fieldErr("score", "%q is not a total", p)
		}
		s.Totals[i] = x
	}
	if _, err := s.Table(); err != nil {
		return TableSituation{}, err
	}
	return s, nil
}
