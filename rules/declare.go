package rules

// The declarations of the house variants shlomo and cleopatra (docs/rules.md
// section 15), played in PhaseDeclare before the first bid. With the
// option on, every player in turn from eldest is asked, so that saying
// "pass" reveals nothing: "shlomo" (or "cleopatra") when it holds the
// combination, or "pass". Shlomo's round comes first; then, with four
// players and cleopatra on, cleopatra's.
//
// A shlomo declarer scores 20, then draws one card at random from the
// player on its left: a chance step (Turn returns ChanceSeat; the
// driver picks one of Legal's "draw" actions uniformly with the game's
// own random source, as it shuffles the deck), then gives that player
// any card of its hand ("give QS"). A cleopatra declarer scores 20, then
// it and its partner each give the other one card face down: the
// declarer first, the partner not seeing it, then the partner, and the
// two cards change hands together. Only the two players concerned see a
// drawn or given card; the others' views show "draw --" and "give --".

// ChanceSeat is the turn of a chance step: the card a shlomo declarer
// draws at random from its left. The driver chooses among Legal
// uniformly at random; no player decides it.
const ChanceSeat Seat = 0xFE

// The steps of the declarations.
const (
	declAsk      uint8 = iota // the player in turn declares or passes
	declDraw                  // chance: the card drawn from the declarer's left
	declGive                  // the shlomo declarer gives a card to its left
	declFirst                 // the cleopatra declarer gives its partner a card
	declResponse              // the partner gives one back
)

// The declaration rounds.
const (
	roundNone uint8 = iota
	roundShlomo
	roundCleopatra
)

// colourPairs: for each colour, its two suits (black: clubs, spades;
// red: diamonds, hearts).
var colourPairs = [2][2]Suit{{Clubs, Spades}, {Diamonds, Hearts}}

// CombinationPatterns returns the four patterns of shlomo or cleopatra
// (k): a card of rank one of one colour and both cards of rank two of
// the other colour, shlomo a king and both queens, cleopatra a queen and
// both jacks. A hand holds the combination when it holds one of them.
// Any other kind has none.
func CombinationPatterns(k Kind) []CardSet {
	var p [4]CardSet
	switch k {
	case Shlomo:
		p = shlomoPatterns
	case Cleopatra:
		p = cleopatraPatterns
	default:
		return nil
	}
	return p[:]
}

// The patterns of the two combinations (CombinationPatterns).
var shlomoPatterns, cleopatraPatterns = patternsOf(King, Queen), patternsOf(Queen, Jack)

func patternsOf(one, two Rank) [4]CardSet {
	var out [4]CardSet
	for c := range 2 {
		mine, other := colourPairs[c], colourPairs[1-c]
		pair := SetOf(NewCard(two, other[0]), NewCard(two, other[1]))
		for i, s := range mine {
			out[2*c+i] = pair.With(NewCard(one, s))
		}
	}
	return out
}

// holdsCombination reports whether h holds one of the patterns pats.
func holdsCombination(h CardSet, pats *[4]CardSet) bool {
	for _, p := range pats {
		if h&p == p {
			return true
		}
	}
	return false
}

// HoldsShlomo reports whether h holds a king of one colour and both
// queens of the other.
func HoldsShlomo(h CardSet) bool { return holdsCombination(h, &shlomoPatterns) }

// HoldsCleopatra reports whether h holds a queen of one colour and both
// jacks of the other.
func HoldsCleopatra(h CardSet) bool { return holdsCombination(h, &cleopatraPatterns) }

// startDeclarations opens the first declaration round the options ask
// for, or the bidding.
func (t *Deal) startDeclarations() {
	switch {
	case t.opts.HasShlomo():
		t.declRound = roundShlomo
	case t.opts.HasCleopatra():
		t.declRound = roundCleopatra
	default:
		return
	}
	t.phase, t.declStep, t.declAsked, t.turn = PhaseDeclare, declAsk, 0, t.eldest()
	t.declHands = t.play.Hands
}

// appendDeclare lists the declarations' actions. A round judges each
// hand as it was when the round opened: shlomo the six cards as dealt (a
// card received in an earlier shlomo does not make one, a card lost to a
// draw does not unmake one), cleopatra the hands after every shlomo swap.
func (t *Deal) appendDeclare(dst []Action) []Action {
	h := t.play.Hands[t.turn]
	switch t.declStep {
	case declAsk:
		judged := t.declHands[t.turn]
		if t.declRound == roundShlomo && HoldsShlomo(judged) {
			dst = append(dst, simple(Shlomo))
		}
		if t.declRound == roundCleopatra && HoldsCleopatra(judged) {
			dst = append(dst, simple(Cleopatra))
		}
		return append(dst, simple(Pass))
	case declDraw:
		h = t.play.Hands[t.next(t.declarer)]
		for x := h; x != 0; x &= x - 1 {
			dst = append(dst, Action{Kind: Draw, Card: x.First()})
		}
		return dst
	}
	for x := h; x != 0; x &= x - 1 {
		dst = append(dst, Action{Kind: Give, Card: x.First()})
	}
	return dst
}

// Counterpart is the seat a declaration exchanges a card with at a
// table of players seats: a shlomo draws from and gives back to the
// player on the declarer's left (the next seat), a cleopatra swaps with
// the declarer's partner.
func Counterpart(players int, declarer Seat, kind Kind) Seat {
	if kind == Cleopatra {
		return PartnerOf(players, declarer)
	}
	return SeatAfter(declarer, 1, players)
}

// Declaration returns the last shlomo or cleopatra declared before step
// i of steps, and its declarer; NoSeat when there is none.
func Declaration(steps []Step, i int) (kind Kind, declarer Seat) {
	for j := min(i, len(steps)) - 1; j >= 0; j-- {
		if k := steps[j].Action.Kind; k == Shlomo || k == Cleopatra {
			return k, steps[j].Seat
		}
	}
	return 0, NoSeat
}

// Swap says where the card of step i of steps, a Draw or a Give at a
// table of players, goes: the declaration it belongs to and the seats
// it leaves and joins. A shlomo's declarer draws from the player on its
// left and gives back to that player; at a cleopatra both partners
// give, each to the other. ok is false for any other step.
func Swap(players int, steps []Step, i int) (kind Kind, from, to Seat, ok bool) {
	if i < 0 || i >= len(steps) {
		return 0, NoSeat, NoSeat, false
	}
	kind, decl := Declaration(steps, i)
	if decl == NoSeat {
		return 0, NoSeat, NoSeat, false
	}
	switch a := steps[i].Action; {
	case a.Kind == Draw:
		return kind, Counterpart(players, decl, Shlomo), decl, true
	case a.Kind == Give && kind == Shlomo:
		return kind, decl, Counterpart(players, decl, Shlomo), true
	case a.Kind == Give:
		return kind, steps[i].Seat, Counterpart(players, steps[i].Seat, Cleopatra), true
	}
	return 0, NoSeat, NoSeat, false
}

// pass moves c from seat from's hand to seat to's, as a shlomo's draw
// and give do; the step is seen by both seats alone.
func (t *Deal) pass(c Card, from, to Seat) {
	t.play.Hands[from] &^= 1 << c
	t.play.Hands[to] |= 1 << c
	t.vis[t.nsteps-1] = 1<<from | 1<<to
}

func (t *Deal) declare(a Action) {
	p := t.declarer
	switch t.declStep {
	case declAsk:
		switch a.Kind {
		case Shlomo:
			t.declarer, t.declared[t.turn] = t.turn, DeclarationPoints
			t.declStep = declDraw
			return
		case Cleopatra:
			t.declarer = t.turn
			t.declared[t.turn] += DeclarationPoints
			t.declStep = declFirst
			return
		}
	case declDraw:
		t.pass(a.Card, Counterpart(int(t.n), p, Shlomo), p)
		t.declStep, t.turn = declGive, p
		return
	case declGive:
		t.pass(a.Card, p, Counterpart(int(t.n), p, Shlomo))
	case declFirst:
		t.pending = a.Card
		t.pendingStep = t.nsteps - 1
		t.vis[t.nsteps-1] = 1 << p
		t.declStep, t.turn = declResponse, Counterpart(int(t.n), p, Cleopatra)
		return
	case declResponse:
		q := Counterpart(int(t.n), p, Cleopatra)
		both := uint8(1<<p | 1<<q)
		t.vis[t.nsteps-1], t.vis[t.pendingStep] = both, both
		t.play.Hands[p] = t.play.Hands[p].Without(t.pending).With(a.Card)
		t.play.Hands[q] = t.play.Hands[q].Without(a.Card).With(t.pending)
		t.pending = NoCard
	}
	// The next player is asked; after the last, the next round or the
	// bidding.
	t.declStep, t.declarer = declAsk, NoSeat
	t.declAsked++
	if t.declAsked < t.n {
		t.turn = t.seatAt(t.declAsked)
		return
	}
	if t.declRound == roundShlomo && t.opts.HasCleopatra() {
		t.declRound, t.declAsked, t.turn = roundCleopatra, 0, t.eldest()
		t.declHands = t.play.Hands
		return
	}
	t.declRound = roundNone
	t.phase, t.turn = PhaseBid1, t.eldest()
}

// DeclarationAsked is the declaration the player in turn is asked for:
// Shlomo or Cleopatra, the round under way, while a player is asked to
// declare or pass (not while a card changes hands); NoAction at any
// other point. A pass then declines that declaration, as View.Declines
// says of it afterwards.
func (t *Deal) DeclarationAsked() Kind {
	if t.phase != PhaseDeclare || t.declStep != declAsk {
		return NoAction
	}
	switch t.declRound {
	case roundShlomo:
		return Shlomo
	case roundCleopatra:
		return Cleopatra
	}
	return NoAction
}

// Declines is the declaration the step at i of the deal's history
// declines when it is a pass of the declaration rounds: Shlomo or
// Cleopatra; NoAction for any other step (a bid's pass among them).
// Each round asks every player once, from eldest, and an ask is a pass
// or the declaration (its draw and gives are not asks).
func (v *View) Declines(i int) Kind {
	hist := v.History()
	if i < 0 || i >= len(hist) || hist[i].Action.Kind != Pass {
		return NoAction
	}
	var rounds []Kind
	if v.Options.HasShlomo() {
		rounds = append(rounds, Shlomo)
	}
	if v.Options.HasCleopatra() {
		rounds = append(rounds, Cleopatra)
	}
	asks := 0
	for _, s := range hist[:i] {
		if k := s.Action.Kind; k == Pass || k == Shlomo || k == Cleopatra {
			asks++
		}
	}
	if asks >= len(rounds)*v.Players {
		return NoAction
	}
	return rounds[asks/v.Players]
}
