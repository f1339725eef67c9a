package rules

import (
	"errors"
	"fmt"
	"strings"
)

// View is what one seat may know of a deal (RULES.md: own hand, upcard,
// bottom card once turned, the dix exchange, every word of the bidding and
// of the sequence dialogue, sequences once shown, cards played, bella) and
// nothing more. Bots receive only Views. Two deals that differ only in
// cards this seat cannot see give equal Views (View is comparable).
type View struct {
	Seat       Seat
	Options    Options
	Dealer     Seat
	Phase      Phase
	Turn       Seat // NoSeat once the deal is over
	Hand       CardSet
	OppCount   int     // cards in the opponent's hand
	Upcard     Card    // the card face up at the upcard place (the 7 after an exchange)
	OrigUpcard Card    // the card turned up at the deal
	Bottom     Card    // NoCard until turned
	Trump      Suit    // NoSuit until settled
	Maker      Seat    // NoSeat until settled
	Schmeisser Seat    // who said schmeiss, NoSeat if nobody
	DixBy      Seat    // who exchanged the dix, NoSeat if nobody
	SeqWinner  Seat    // who won the sequence right, NoSeat if nobody or not yet
	Shown      CardSet // cards of the sequences the winner showed after trick one
	Played     [2]CardSet
	Lead       Card // the card on the table, NoCard if none
	Leader     Seat // who leads (or led) the current trick
	LastTrick  [2]Card
	LastLeader Seat // leader of the last completed trick, NoSeat before trick one ends
	LastWinner Seat // winner of the last completed trick, NoSeat before trick one ends
	Tricks     [2]int
	Points     [2]int // card points won so far (last-trick bonus included)
	BellaBy    Seat
	Score      Score  // final once Phase is PhaseOver
	Totals     [2]int // game totals before this deal

	masked Deal // the deal with every hidden card removed, for Legal and Complete
}

// View returns what seat s may know of the deal.
func (d *Deal) View(s Seat) View {
	o := s.Other()
	m := *d
	m.play.Hands[o] = 0
	m.best[o], m.seqPts[o], m.seqCards[o] = Sequence{}, 0, 0
	for i := range m.deck {
		switch {
		case i == posUpcard, i == posBottom && d.bottom != NoCard:
		case isSeatPos(d.dealer, s, i, d.maker != NoSeat):
		default:
			m.deck[i] = NoCard
		}
	}
	v := View{
		Seat: s, Options: d.opts, Dealer: d.dealer, Phase: d.phase, Turn: d.Turn(),
		Hand: d.play.Hands[s], OppCount: d.play.Hands[o].Count(),
		Upcard: d.upcard, OrigUpcard: d.origUpcard, Bottom: d.bottom, Trump: d.trump,
		Maker: d.maker, Schmeisser: d.schmeisser, DixBy: d.dixBy, Played: d.playedBy,
		Lead: d.play.Lead, Leader: d.play.Leader, LastTrick: d.trick, LastLeader: d.trickBy, LastWinner: d.LastTrickWinner(),
		BellaBy: d.bellaBy, Totals: d.totals, masked: m,
	}
	if d.phase == PhasePlay || d.phase == PhaseOver {
		v.SeqWinner = d.seqWinner
	} else {
		v.SeqWinner = NoSeat
	}
	if d.shown {
		v.Shown = d.seqCards[d.seqWinner]
	}
	for i := range 2 {
		v.Tricks[i], v.Points[i] = int(d.play.Won[i]), int(d.play.Points[i])
	}
	if d.phase == PhaseOver {
		v.Score = d.score
	} else {
		v.Score = Score{Maker: d.maker, Trump: d.trump}
	}
	return v
}

// SchmeissRefused reports whether a schmeiss was refused, which made the
// schmeisser the maker.
func (v *View) SchmeissRefused() bool { return v.Schmeisser != NoSeat && v.Maker == v.Schmeisser }

// WinnerIf returns who wins the trick on the table if card c follows the
// led card, NoSeat when no card is led.
func (v *View) WinnerIf(c Card) Seat {
	if v.Lead == NoCard {
		return NoSeat
	}
	return v.Leader ^ Seat(TrickWinner(v.Lead, c, v.Trump))
}

// isSeatPos reports whether deck position i deals a card to seat s.
func isSeatPos(dealer, s Seat, i int, second bool) bool {
	nd := s != dealer
	switch {
	case i < 3 || (i >= 6 && i < 9):
		return nd
	case i < 12:
		return !nd
	case second && i >= posSecond && i < posSecond+3:
		return nd
	case second && i >= posSecond+3 && i < posSecond+6:
		return !nd
	}
	return false
}

// History returns every action of the deal so far; all of them are
// public.
func (v *View) History() []Step { return v.masked.Steps() }

// Legal returns the actions the viewing seat may take, or nil when it is
// not its turn.
func (v *View) Legal() []Action {
	if v.Turn != v.Seat {
		return nil
	}
	return v.masked.Legal()
}

// AppendLegal is Legal with a caller's buffer.
func (v *View) AppendLegal(dst []Action) []Action {
	if v.Turn != v.Seat {
		return dst
	}
	return v.masked.AppendLegal(dst)
}

// Play returns the card-play state with the opponent's hand empty. A
// search fills Hands[Seat.Other()] with a sampled hand.
func (v *View) Play() Play { return v.masked.play }

// Announced returns the value the non-dealer announced in the dialogue
// (0 for none or not yet), and the length and top told so far.
func (v *View) Announced() (value int, told Sequence) {
	return int(v.masked.announced), v.masked.told
}

// OwnBest returns the viewing seat's best sequence as the dialogue
// counts it (zero before the dialogue starts).
func (v *View) OwnBest() Sequence { return v.masked.best[v.Seat] }

// Unseen returns the cards whose place this seat does not know: not in
// its hand, not played, not face up, not shown, and not the upcard taken
// by the opponent's dix exchange. They lie in the opponent's hand or in
// the stock.
func (v *View) Unseen() CardSet {
	m := FullDeck &^ (v.Hand | v.Played[0] | v.Played[1] | v.Shown | v.OppKnown())
	m = m.Without(v.OrigUpcard).Without(v.Upcard)
	if v.Bottom != NoCard {
		m = m.Without(v.Bottom)
	}
	return m
}

// OppKnown returns the cards the opponent is known to hold now: the
// upcard it took with the dix, and shown sequence cards not yet played.
func (v *View) OppKnown() CardSet {
	o := v.Seat.Other()
	var m CardSet
	if v.DixBy == o {
		m = m.With(v.OrigUpcard)
	}
	if v.SeqWinner == o {
		m |= v.Shown
	}
	return m &^ v.Played[o]
}

// ErrInconsistent is returned by Complete when the cards given do not fit
// what the view shows.
var ErrInconsistent = errors.New("sample does not fit the view")

// Complete builds a full deal that this seat cannot tell from the real
// one: opp is the opponent's hand now (it must include OppKnown), rest
// fills every other deck place this seat cannot see, in deck order (the
// cards still to be dealt, the bottom card, the stock). The public history
// is replayed on the new deck, so a sample that contradicts any word said
// (a sequence announced, a dix exchanged) returns ErrInconsistent.
func (v *View) Complete(opp CardSet, rest []Card) (Deal, error) {
	m := &v.masked
	o := v.Seat.Other()
	if opp.Count() != v.OppCount {
		return Deal{}, fmt.Errorf("%w: opponent holds %d cards, sample has %d", ErrInconsistent, v.OppCount, opp.Count())
	}
	if opp&v.OppKnown() != v.OppKnown() {
		return Deal{}, fmt.Errorf("%w: opponent's known cards missing", ErrInconsistent)
	}
	orig := opp | v.Played[o]
	if v.DixBy == o {
		orig = orig.Without(v.OrigUpcard).With(NewCard(Seven, v.Trump))
	}
	deck := m.deck
	var used CardSet
	for _, c := range deck {
		if c != NoCard {
			used |= 1 << c
		}
	}
	if used&orig != 0 {
		return Deal{}, fmt.Errorf("%w: opponent's cards overlap cards seen", ErrInconsistent)
	}
	settled := m.maker != NoSeat
	it := orig
	for i := range deck {
		if deck[i] == NoCard && isSeatPos(m.dealer, o, i, settled) {
			c := it.First()
			if c == NoCard {
				return Deal{}, fmt.Errorf("%w: opponent has too few cards", ErrInconsistent)
			}
			deck[i], it = c, it.Without(c)
		}
	}
	if it != 0 {
		return Deal{}, fmt.Errorf("%w: opponent has too many cards", ErrInconsistent)
	}
	used |= orig
	k := 0
	for i := range deck {
		if deck[i] != NoCard {
			continue
		}
		if k >= len(rest) {
			return Deal{}, fmt.Errorf("%w: too few cards to fill the deck", ErrInconsistent)
		}
		c := rest[k]
		k++
		if !c.Valid() || used.Has(c) {
			return Deal{}, fmt.Errorf("%w: card %s placed twice", ErrInconsistent, c)
		}
		deck[i], used = c, used.With(c)
	}
	if k != len(rest) {
		return Deal{}, fmt.Errorf("%w: %d cards left over", ErrInconsistent, len(rest)-k)
	}
	d := NewDeal(m.opts, m.dealer, deck)
	d.totals = m.totals
	for _, st := range m.Steps() {
		if err := d.ApplyAs(st.Seat, st.Action); err != nil {
			return Deal{}, fmt.Errorf("%w: %s: %v", ErrInconsistent, st, err)
		}
	}
	if d.play.Hands[v.Seat] != v.Hand || d.play.Hands[o] != opp {
		return Deal{}, fmt.Errorf("%w: hands differ after replay", ErrInconsistent)
	}
	// The winner of the sequence right shows every sequence it holds, so
	// a sample giving it another one contradicts what was shown.
	if d.shown && d.seqCards[d.seqWinner] != v.Shown {
		return Deal{}, fmt.Errorf("%w: sequences shown differ", ErrInconsistent)
	}
	// Anything else public that the words alone do not pin: who won the
	// sequence right at "same" (a trump sequence wins), for one. The
	// deal rebuilt must look exactly like the view.
	if d.View(v.Seat) != *v {
		return Deal{}, fmt.Errorf("%w: the deal rebuilt shows %s a different view", ErrInconsistent, v.Seat)
	}
	return d, nil
}

// Hidden returns the number of cards Complete's rest must hold.
func (v *View) Hidden() int {
	n := 0
	o := v.Seat.Other()
	settled := v.masked.maker != NoSeat
	for i, c := range v.masked.deck {
		if c == NoCard && !isSeatPos(v.masked.dealer, o, i, settled) {
			n++
		}
	}
	return n
}

// String writes the view as text, one fact per line: what the seat
// knows, in a stable form (OpenSpiel's information-state string).
func (v View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seat %s dealer %s phase %s turn %s\n", v.Seat, v.Dealer, v.Phase, v.Turn)
	fmt.Fprintf(&b, "hand %s\n", v.Hand)
	fmt.Fprintf(&b, "opponent holds %d\n", v.OppCount)
	fmt.Fprintf(&b, "upcard %s (turned %s) bottom %s\n", v.Upcard, v.OrigUpcard, v.Bottom)
	fmt.Fprintf(&b, "trump %s maker %s dix %s\n", v.Trump, v.Maker, v.DixBy)
	for _, st := range v.History() {
		fmt.Fprintf(&b, "%s\n", st)
	}
	if v.SeqWinner != NoSeat {
		fmt.Fprintf(&b, "sequences to %s shown %s\n", v.SeqWinner, v.Shown)
	}
	fmt.Fprintf(&b, "tricks %d-%d points %d-%d\n", v.Tricks[0], v.Tricks[1], v.Points[0], v.Points[1])
	return b.String()
}
