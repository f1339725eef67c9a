package rules

import "testing"

// Shlomo and cleopatra (docs/rules.md section 15), options for three or four
// and for four players.

// shlomoDeal: three players, C deals, A is eldest and holds a shlomo (the
// king of hearts, both black queens); B holds AD among its cards.
var shlomoDeal = tableDeal{players: 3, dealer: 2, up: "7C",
	first: [4]string{"KH QC QS 7D 8D 9H", "AD TD JD 7S 8S 9S", "AC KC JC TC 9C 8C"}}

func TestShlomoDeclaredBeforeTheFirstBid(t *testing.T) {
	tb := shlomoDeal.table(t, "shlomo=on")
	if tb.Phase() != PhaseDeclare || tb.Turn() != 0 {
		t.Fatalf("phase %s turn %s, want the declarations, A first", tb.Phase(), tb.Turn())
	}
	wantLegal(t, &tb, "shlomo, pass")
	tdo(t, &tb, "A: shlomo")
	// The draw from B, on A's left, is a chance step: no player's
	// decision, so no view offers it.
	if tb.Turn() != ChanceSeat {
		t.Fatalf("turn %s after shlomo, want the chance step", tb.Turn())
	}
	wantLegal(t, &tb, "draw TD, draw JD, draw AD, draw 7S, draw 8S, draw 9S")
	for s := Seat(0); s < 3; s++ {
		if v := tb.View(s); v.Legal() != nil || v.Turn != ChanceSeat {
			t.Errorf("seat %s's view offers %v at the chance step", s, v.Legal())
		}
	}
	tdraw(t, &tb, "AD")
	if tb.Hand(0).Count() != 7 || !tb.Hand(0).Has(MustCard("AD")) || tb.Turn() != 0 {
		t.Fatalf("after the draw A holds %s, turn %s", tb.Hand(0), tb.Turn())
	}
	tdo(t, &tb, "A: give 7D")
	if !tb.Hand(1).Has(MustCard("7D")) || tb.Hand(1).Has(MustCard("AD")) || tb.Hand(0).Count() != 6 || tb.Hand(1).Count() != 6 {
		t.Errorf("after the exchange A holds %s, B %s", tb.Hand(0), tb.Hand(1))
	}
	// B and C are asked in turn; then the bidding opens with A.
	wantLegal(t, &tb, "pass")
	tdo(t, &tb, "B: pass", "C: pass")
	if tb.Phase() != PhaseBid1 || tb.Turn() != 0 {
		t.Errorf("phase %s turn %s, want the bidding, A first", tb.Phase(), tb.Turn())
	}
	tdo(t, &tb, "A: take")
	playLastToEnd(t, &tb)
	if sc := tb.Score(); sc.Declared != [4]int{20} || sc.Total[0] != sc.Cards[0]+sc.LastTrick[0]+sc.Seqs[0]+sc.Bella[0]+20 {
		t.Errorf("score %+v: want A's shlomo 20 in its total", sc)
	}
}

func TestShlomoOnlyWithTheCards(t *testing.T) {
	h := shlomoDeal
	h.first[0] = "KH QC 9S 7D 8D 9H" // one black queen only
	h.first[1] = "AD TD JD 7S 8S QS"
	tb := h.table(t, "shlomo=on")
	say(t, &tb, "? pass")
	trefused(t, &tb, "shlomo", ErrWrongPhase, "")
}

func TestShlomoCardsSeenOnlyByTheTwo(t *testing.T) {
	tb := shlomoDeal.table(t, "shlomo=on")
	tdo(t, &tb, "A: shlomo")
	tdraw(t, &tb, "AD")
	tdo(t, &tb, "A: give 7D", "B: pass")
	for s, want := range []string{"draw AD give 7D", "draw AD give 7D", "draw -- give --"} {
		v := tb.View(Seat(s))
		h := v.History()
		if got := h[1].Action.String() + " " + h[2].Action.String(); got != want {
			t.Errorf("seat %s sees %q, want %q", Seat(s), got, want)
		}
	}
	va, vb, vc := tb.View(0), tb.View(1), tb.View(2)
	if !va.Known(1).Has(MustCard("7D")) || !vb.Known(0).Has(MustCard("AD")) {
		t.Errorf("the two know where the cards went: A knows B holds %s, B knows A holds %s", va.Known(1), vb.Known(0))
	}
	if vc.Known(0)|vc.Known(1) != 0 || !vc.Unseen().Has(MustCard("AD")) {
		t.Errorf("C knows A holds %s and B %s", vc.Known(0), vc.Known(1))
	}
	// C's view is completed with the exchanged cards it did not see.
	c := completeTrue(t, &tb, &vc)
	if c.Hand(0) != tb.Hand(0) || c.Hand(1) != tb.Hand(1) || c.View(2) != vc {
		t.Errorf("completed deal differs")
	}
}

func TestShlomoNeedsThreeOrFourPlayers(t *testing.T) {
	o, _ := ParseOptions("shlomo=on,cleopatra=on")
	tb := NewDeal(o, 0, NewDeck())
	if tb.Phase() != PhaseBid1 {
		t.Errorf("two players with shlomo on: phase %s, want the bidding", tb.Phase())
	}
}

// cleopatraDeal: four players, D deals; A holds a cleopatra (the queen
// of hearts, both black jacks) and 9D; C, its partner, holds 7D 8D.
var cleopatraDeal = tableDeal{players: 4, dealer: 3, maker: 0, up: "AC",
	first: [4]string{"QH JC JS 9D AS KS", "7C 8C 9C TC QC KC", "7D 8D TH 7S 8S AH", "TD KD AD 7H 8H 9H"}}

func TestCleopatraPartnersExchangeFaceDown(t *testing.T) {
	tb := cleopatraDeal.table(t, "cleopatra=on")
	wantLegal(t, &tb, "cleopatra, pass")
	tdo(t, &tb, "A: cleopatra", "A: give 9D")
	// C gives without seeing A's card; the opponents see neither.
	if tb.Turn() != 2 || !tb.Hand(0).Has(MustCard("9D")) {
		t.Fatalf("turn %s, A holds %s: want C to give, A still holding 9D", tb.Turn(), tb.Hand(0))
	}
	vc := tb.View(2)
	if h := vc.History(); h[1].Action.Card != NoCard || vc.masked.pending != NoCard {
		t.Errorf("C sees A's card before giving its own: %v", h[1])
	}
	tdo(t, &tb, "C: give AH")
	if !tb.Hand(2).Has(MustCard("9D")) || !tb.Hand(0).Has(MustCard("AH")) || tb.Hand(0).Has(MustCard("9D")) {
		t.Errorf("after the exchange A holds %s, C %s", tb.Hand(0), tb.Hand(2))
	}
	for s, want := range []string{"give 9D give AH", "give -- give --", "give 9D give AH", "give -- give --"} {
		v := tb.View(Seat(s))
		h := v.History()
		if got := h[1].Action.String() + " " + h[2].Action.String(); got != want {
			t.Errorf("seat %s sees %q, want %q", Seat(s), got, want)
		}
	}
	tdo(t, &tb, "B: pass", "C: pass", "D: pass")
	if tb.Phase() != PhaseBid1 {
		t.Fatalf("phase %s, want the bidding", tb.Phase())
	}
	// Sequences count on the hands after the exchange: C's 7D-8D-9D.
	tdo(t, &tb, "A: take")
	if m := tb.BestMeld(2); m.Len < 3 || m.Suit != Diamonds {
		t.Errorf("C's best meld %v, want the diamonds completed by A's 9D", m)
	}
	playLastToEnd(t, &tb)
	if sc := tb.Score(); sc.Declared[0] != 20 {
		t.Errorf("cleopatra scores %d, want 20", sc.Declared[0])
	}
}

func TestCleopatraFourPlayersOnly(t *testing.T) {
	tb := shlomoDeal.table(t, "cleopatra=on")
	if tb.Phase() != PhaseBid1 {
		t.Errorf("three players with cleopatra on: phase %s, want the bidding", tb.Phase())
	}
}

func TestShlomoSettledBeforeCleopatra(t *testing.T) {
	h := cleopatraDeal
	h.first[1] = "7C 8C 9C KH QC QS" // B holds a shlomo
	h.first[0] = "QH JC JS 9D AS TC"
	tb := h.table(t, "shlomo=on,cleopatra=on")
	say(t, &tb, "? pass", "A: pass", "? shlomo, pass", "B: shlomo")
	tdraw(t, &tb, "TH")
	// Then cleopatra's round, from eldest again.
	say(t, &tb, "B: give 7C", "C: pass", "D: pass", "? cleopatra, pass",
		"A: pass", "B: pass", "C: pass", "D: pass")
	if tb.Phase() != PhaseBid1 {
		t.Errorf("phase %s after both rounds, want the bidding", tb.Phase())
	}
}

// A shlomo is judged on the six cards as dealt (docs/rules.md section 15): B,
// dealt the king of clubs and both red queens, may declare after A's draw
// took its king; and B, handed the missing queen by A, may not.
func TestShlomoJudgedOnTheCardsAsDealt(t *testing.T) {
	dealtOne := tableDeal{players: 3, dealer: 2, up: "7C",
		first: [4]string{"KH QC QS 7D 8D 9H", "KC QD QH 7S 8S 9S", "AC JC TC 9C 8C AS"}}
	tb := dealtOne.table(t, "shlomo=on")
	tdo(t, &tb, "A: shlomo")
	tdraw(t, &tb, "KC")
	tdo(t, &tb, "A: give 7D")
	if HoldsShlomo(tb.Hand(1)) {
		t.Fatalf("B holds %s: the draw should have taken its only black king", tb.Hand(1))
	}
	wantLegal(t, &tb, "shlomo, pass")
	tdo(t, &tb, "B: shlomo")

	handed := tableDeal{players: 3, dealer: 2, up: "7C",
		first: [4]string{"KH QC QS QH 8D 9H", "KC QD 7D 7S 8S 9S", "AC JC TC 9C 8C AS"}}
	tb = handed.table(t, "shlomo=on")
	tdo(t, &tb, "A: shlomo")
	tdraw(t, &tb, "7S")
	tdo(t, &tb, "A: give QH")
	if !HoldsShlomo(tb.Hand(1)) {
		t.Fatalf("B holds %s: A's queen should complete a shlomo", tb.Hand(1))
	}
	wantLegal(t, &tb, "pass")
	trefused(t, &tb, "shlomo", ErrWrongPhase, "you were not dealt a shlomo")

	// C, who saw neither card change hands, completes its view of the
	// first deal into one where B's declaration stands.
	tb = dealtOne.table(t, "shlomo=on")
	tdo(t, &tb, "A: shlomo")
	tdraw(t, &tb, "KC")
	tdo(t, &tb, "A: give 7D", "B: shlomo")
	tdraw(t, &tb, "AS")
	tdo(t, &tb, "B: give 7S", "C: pass")
	vc := tb.View(2)
	c := completeTrue(t, &tb, &vc)
	if c.View(2) != vc {
		t.Errorf("completed deal shows C a different view")
	}
}

// Cleopatra is judged on the hands as they are when its round opens,
// after every shlomo swap and before any cleopatra swap: C, handed the
// missing jack by its partner A's cleopatra, may not declare one.
func TestCleopatraJudgedWhenItsRoundOpens(t *testing.T) {
	h := tableDeal{players: 4, dealer: 3, up: "7C", maker: NoSeat,
		first: [4]string{"QC JD JH JS 8D 9H", "AD TD 9D 7S 8S 9S", "QD JC 7D 7H 8H AH", "AC KC TC 9C 8C KS"}}
	tb := h.table(t, "cleopatra=on")
	tdo(t, &tb, "A: cleopatra", "A: give JS", "C: give 7D")
	if !HoldsCleopatra(tb.Hand(2)) {
		t.Fatalf("C holds %s: A's jack should complete a cleopatra", tb.Hand(2))
	}
	tdo(t, &tb, "B: pass")
	wantLegal(t, &tb, "pass")
	trefused(t, &tb, "cleopatra", ErrWrongPhase, "you held no cleopatra when its round began")
}

// Each pass of the declaration rounds declines its round's declaration,
// in every seat's view; the bid's passes that follow decline none.
func TestViewDeclines(t *testing.T) {
	h := cleopatraDeal
	h.first[1] = "7C 8C 9C KH QC QS" // B holds a shlomo
	h.first[0] = "QH JC JS 9D AS TC"
	tb := h.table(t, "shlomo=on,cleopatra=on")
	tdo(t, &tb, "A: pass", "B: shlomo")
	if err := tb.ApplyAs(ChanceSeat, Action{Kind: Draw, Card: MustCard("TH")}); err != nil {
		t.Fatal(err)
	}
	tdo(t, &tb, "B: give 7C", "C: pass", "D: pass", "A: pass", "B: pass", "C: pass", "D: pass", "A: pass")
	want := []Kind{Shlomo, NoAction, NoAction, NoAction, Shlomo, Shlomo,
		Cleopatra, Cleopatra, Cleopatra, Cleopatra, NoAction}
	for s := Seat(0); s < 4; s++ {
		v := tb.View(s)
		for i, k := range want {
			if got := v.Declines(i); got != k {
				t.Errorf("seat %s, step %d (%s): declines %v, want %v", s, i, v.History()[i], got, k)
			}
		}
		if got := v.Declines(len(want)); got != NoAction {
			t.Errorf("seat %s: a step past the history declines %v", s, got)
		}
	}
	// The deal says, before each step, which declaration it asks for:
	// the round's while a player is asked (a declaration or a pass), none
	// while a card changes hands or in the bidding.
	asked := []Kind{Shlomo, Shlomo, NoAction, NoAction, Shlomo, Shlomo,
		Cleopatra, Cleopatra, Cleopatra, Cleopatra, NoAction}
	again := h.table(t, "shlomo=on,cleopatra=on")
	for i, st := range tb.Steps() {
		if got := again.DeclarationAsked(); got != asked[i] {
			t.Errorf("before step %d (%s): asked for %v, want %v", i, st, got, asked[i])
		}
		if err := again.ApplyAs(st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
	}
	if got := again.DeclarationAsked(); got != NoAction {
		t.Errorf("in the bidding: asked for %v", got)
	}
	// Three players with shlomo: one round of three asks.
	tb = shlomoDeal.table(t, "shlomo=on")
	for range 3 {
		if got := tb.DeclarationAsked(); got != Shlomo {
			t.Errorf("three players, before a declaration's pass: asked for %v", got)
		}
		tdo(t, &tb, tb.Turn().String()+": pass")
	}
	tdo(t, &tb, "A: pass")
	v := tb.View(0)
	for i, k := range []Kind{Shlomo, Shlomo, Shlomo, NoAction} {
		if got := v.Declines(i); got != k {
			t.Errorf("three players, step %d: declines %v, want %v", i, got, k)
		}
	}
}

// TestCombinationPatterns: shlomo's and cleopatra's four patterns each
// are three cards, a card of one colour and a pair of the other; a hand
// holds the combination exactly when it holds one of them, over every
// hand of the cards that matter.
func TestCombinationPatterns(t *testing.T) {
	for _, c := range []struct {
		k     Kind
		holds func(CardSet) bool
		ranks [2]Rank
	}{{Shlomo, HoldsShlomo, [2]Rank{King, Queen}}, {Cleopatra, HoldsCleopatra, [2]Rank{Queen, Jack}}} {
		pats := CombinationPatterns(c.k)
		if len(pats) != 4 {
			t.Fatalf("%v: %d patterns", c.k, len(pats))
		}
		var cards []Card
		for _, r := range c.ranks {
			for s := range Suit(4) {
				cards = append(cards, NewCard(r, s))
			}
		}
		for m := range 1 << len(cards) {
			var h CardSet
			for i, cd := range cards {
				if m&(1<<i) != 0 {
					h = h.With(cd)
				}
			}
			// The text's words: a card of rank one of one colour, both
			// of rank two of the other.
			one, two := c.ranks[0], c.ranks[1]
			black := (h.Has(NewCard(one, Clubs)) || h.Has(NewCard(one, Spades))) && h.Has(NewCard(two, Diamonds)) && h.Has(NewCard(two, Hearts))
			red := (h.Has(NewCard(one, Diamonds)) || h.Has(NewCard(one, Hearts))) && h.Has(NewCard(two, Clubs)) && h.Has(NewCard(two, Spades))
			in := false
			for _, p := range pats {
				in = in || h&p == p
			}
			if in != (black || red) || c.holds(h) != (black || red) {
				t.Errorf("%v: %v: a pattern held %v, the rule says %v, the text %v", c.k, h, in, c.holds(h), black || red)
			}
		}
		pats[0] = 0 // the caller's copy: the rule's patterns stay
		if CombinationPatterns(c.k)[0] == 0 {
			t.Errorf("%v: a caller changed the rule's patterns", c.k)
		}
	}
	if CombinationPatterns(Pass) != nil {
		t.Error("pass has patterns")
	}
}
