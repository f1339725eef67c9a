package rules

import (
	"errors"
	"fmt"
	"testing"
)

// bidHands is a deal for the bidding tests: the upcard is the jack of
// hearts and nobody holds the 7 of hearts after the second batch (it is
// in the stock), so settling hearts leads to a dix round of two
// "no-exchange"s.
var bidHands = hands{
	nd:  "AC KC QC 8D 9D TD",
	dl:  "AS KS QS 7S 8S 9S",
	up:  "JH",
	nd2: "7C 8C 9C",
	dl2: "JD QD KD",
	// the 7 of hearts is somewhere in the stock
	bottom: "AD",
}

// settled checks the state right after trump is settled: maker, trump,
// nine cards each (first batch plus second), the bottom card face up and
// the phase (dix or sequences).
func settled(t *testing.T, d *Deal, h hands, maker Seat, trump Suit, phase Phase) {
	t.Helper()
	nd, dl := roles(d.Dealer())
	if d.Maker() != maker || d.Trump() != trump || d.Phase() != phase {
		t.Errorf("got maker %s trump %s phase %s, want maker %s trump %s phase %s",
			d.Maker(), d.Trump(), d.Phase(), maker, trump, phase)
	}
	if want := set(t, h.nd+" "+h.nd2); d.Hand(nd) != want {
		t.Errorf("non-dealer holds %s, want %s", d.Hand(nd), want)
	}
	if want := set(t, h.dl+" "+h.dl2); d.Hand(dl) != want {
		t.Errorf("dealer holds %s, want %s", d.Hand(dl), want)
	}
	if d.Bottom() != MustCard(h.bottom) {
		t.Errorf("bottom card: got %s, want %s", d.Bottom(), h.bottom)
	}
	if sc := d.Score(); sc.Maker != maker || sc.Trump != trump {
		t.Errorf("score records maker %s trump %s, want %s %s", sc.Maker, sc.Trump, maker, trump)
	}
}

// abandoned checks a thrown-in deal: over, nobody scores, nobody made.
func abandoned(t *testing.T, d *Deal) {
	t.Helper()
	sc := d.Score()
	if !d.Over() || sc.Outcome != Abandoned || sc.Maker != NoSeat || sc.Trump != NoSuit || sc.Scored != [4]int{} || sc.Total != [4]int{} {
		t.Errorf("got over %v score %+v, want an abandoned deal scoring nothing", d.Over(), sc)
	}
	if d.Turn() != NoSeat || len(d.Legal()) != 0 {
		t.Errorf("abandoned deal: turn %s legal %v, want nobody and nothing", d.Turn(), d.Legal())
	}
	refusedText(t, d, "pass", ErrDealOver, "the deal is over")
	if d.Hand(SeatA).Count() != 6 || d.Hand(SeatB).Count() != 6 || d.Bottom() != NoCard {
		t.Errorf("abandoned deal: the second batch and bottom card must not be dealt")
	}
}

func TestBiddingRoundOneLegal(t *testing.T) {
	for _, dealer := range []Seat{SeatA, SeatB} {
		d := newDeal(t, dealer, bidHands)
		nd, dl := roles(dealer)
		if d.Phase() != PhaseBid1 || d.Turn() != nd {
			t.Fatalf("dealer %s: deal opens in %s with %s to move, want bidding with the non-dealer %s", dealer, d.Phase(), d.Turn(), nd)
		}
		if d.Hand(nd) != set(t, bidHands.nd) || d.Hand(dl) != set(t, bidHands.dl) || d.Upcard() != MustCard("JH") {
			t.Fatalf("dealer %s: first batch dealt wrong: %s / %s / %s", dealer, d.Hand(nd), d.Hand(dl), d.Upcard())
		}
		wantLegal(t, &d, "pass, take, schmeiss")
		do(t, &d, "pass")
		if d.Turn() != dl {
			t.Errorf("after the non-dealer passes the dealer bids: got %s", d.Turn())
		}
		wantLegal(t, &d, "pass, take, schmeiss")
		refusedText(t, &d, "name S", ErrWrongPhase, `"name S" is not a move now: the bidding is on: pass, take or schmeiss`)
		refusedText(t, &d, "accept", ErrWrongPhase, "")
		refusedText(t, &d, "play JH", ErrWrongPhase, "")
		before := d
		if err := d.ApplyAs(nd, PassAction()); !errors.Is(err, ErrNotYourTurn) || err.Error() != "it is not your turn" || d != before {
			t.Errorf("ApplyAs the wrong seat: got %v, want ErrNotYourTurn and no change", err)
		}
	}
}

// eachBidder runs check on a deal where bid was just said in round one,
// by the non-dealer at once or by the dealer after a pass, with either
// seat dealing: bidder said it, other is the other seat.
func eachBidder(t *testing.T, bid string, check func(t *testing.T, d *Deal, bidder, other Seat)) {
	t.Helper()
	for _, byDealer := range []bool{false, true} {
		for _, dealer := range []Seat{SeatA, SeatB} {
			t.Run(fmt.Sprintf("by dealer %v/dealer %s", byDealer, dealer), func(t *testing.T) {
				d := newDeal(t, dealer, bidHands)
				bidder, other := roles(dealer)
				if byDealer {
					do(t, &d, "pass")
					bidder, other = other, bidder
				}
				do(t, &d, bid)
				check(t, &d, bidder, other)
			})
		}
	}
}

// TestBiddingTake: either seat takes the upcard's suit and makes it, the
// dix exchange next, the non-dealer first.
func TestBiddingTake(t *testing.T) {
	eachBidder(t, "take", func(t *testing.T, d *Deal, bidder, _ Seat) {
		settled(t, d, bidHands, bidder, Hearts, PhaseDix)
		if nd, _ := roles(d.Dealer()); d.Turn() != nd {
			t.Errorf("dix exchange starts with the non-dealer: got %s", d.Turn())
		}
	})
}

// TestBiddingSchmeiss: a schmeiss by either seat is answered by the
// other, and nothing else is; accepted, the deal is thrown in; refused,
// the schmeisser makes the upcard's suit (docs/rules.md section 3).
func TestBiddingSchmeiss(t *testing.T) {
	for _, answer := range []string{"accept", "refuse"} {
		t.Run(answer, func(t *testing.T) {
			eachBidder(t, "schmeiss", func(t *testing.T, d *Deal, schmeisser, answerer Seat) {
				if d.Phase() != PhaseSchmeiss || d.Turn() != answerer || d.Schmeisser() != schmeisser {
					t.Fatalf("after a schmeiss: phase %s turn %s schmeisser %s, want the other seat %s to answer %s",
						d.Phase(), d.Turn(), d.Schmeisser(), answerer, schmeisser)
				}
				wantLegal(t, d, "accept, refuse")
				refusedText(t, d, "take", ErrWrongPhase, `"take" is not a move now: answer the schmeiss: accept or refuse`)
				do(t, d, answer)
				if answer == "accept" {
					abandoned(t, d)
				} else {
					settled(t, d, bidHands, schmeisser, Hearts, PhaseDix)
				}
			})
		})
	}
}

func TestBiddingRoundTwoNaming(t *testing.T) {
	tests := []struct {
		actions  []string
		byDealer bool
		trump    Suit
	}{
		{[]string{"pass", "pass", "name S"}, false, Spades},
		{[]string{"pass", "pass", "name C"}, false, Clubs},
		{[]string{"pass", "pass", "pass", "name D"}, true, Diamonds},
		{[]string{"pass", "pass", "pass", "name S"}, true, Spades},
	}
	for _, dealer := range []Seat{SeatA, SeatB} {
		for _, tc := range tests {
			t.Run(fmt.Sprint(dealer, tc.actions), func(t *testing.T) {
				d := newDeal(t, dealer, bidHands)
				nd, dl := roles(dealer)
				do(t, &d, "pass", "pass")
				if d.Phase() != PhaseBid2 || d.Turn() != nd {
					t.Fatalf("after two passes: phase %s turn %s, want round two with the non-dealer", d.Phase(), d.Turn())
				}
				// The three other suits and pass; never the upcard's.
				wantLegal(t, &d, "pass, name C, name D, name S")
				do(t, &d, tc.actions[2:]...)
				maker := nd
				if tc.byDealer {
					maker = dl
				}
				// No dix exchange after round-two trump: straight to
				// the sequence dialogue.
				settled(t, &d, bidHands, maker, tc.trump, PhaseSequences)
			})
		}
	}
}

func TestBiddingUpcardSuitRefusedInRoundTwo(t *testing.T) {
	for _, dealer := range []Seat{SeatA, SeatB} {
		d := newDeal(t, dealer, bidHands)
		do(t, &d, "pass", "pass")
		refusedText(t, &d, "name H", ErrBadSuit, "hearts were refused in round one: name one of the other three suits")
		refused(t, &d, NameAction(NoSuit), ErrBadSuit, "name a suit: clubs, diamonds, hearts or spades")
		refusedText(t, &d, "take", ErrWrongPhase, `"take" is not a move now: round two of the bidding: name a suit or pass`)
		refusedText(t, &d, "schmeiss", ErrWrongPhase, "")
		do(t, &d, "pass")
		refusedText(t, &d, "name H", ErrBadSuit, "hearts were refused in round one: name one of the other three suits")
	}
}

func TestBiddingFourPasses(t *testing.T) {
	for _, dealer := range []Seat{SeatA, SeatB} {
		d := newDeal(t, dealer, bidHands)
		do(t, &d, "pass", "pass", "pass", "pass")
		abandoned(t, &d)
		if n := len(d.Steps()); n != 4 {
			t.Errorf("history holds %d steps, want 4", n)
		}
	}
}

func TestBiddingMalformedActionRefused(t *testing.T) {
	d := newDeal(t, SeatB, bidHands)
	refused(t, &d, Action{Kind: Pass, Card: MustCard("JH")}, ErrMalformed, "malformed action: a pass action sets fields it does not use")
	refused(t, &d, Action{Kind: Take, Suit: Hearts}, ErrMalformed, "")
	refused(t, &d, Action{Kind: Kind(200)}, ErrWrongPhase, "")
	refused(t, &d, Action{}, ErrWrongPhase, "")
}

// TestBiddingDealPassesAfterAbandon: abandoned deals pass the deal too
// (docs/rules.md sections 2 and 3), in a Game.
func TestBiddingDealPassesAfterAbandon(t *testing.T) {
	g := NewGame(DefaultOptions(), SeatA)
	deck := bidHands.deck(t)
	want := []Seat{SeatA, SeatB, SeatA, SeatB}
	abandon := [][]string{{"schmeiss", "accept"}, {"pass", "pass", "pass", "pass"}, {"pass", "schmeiss", "accept"}, {"schmeiss", "accept"}}
	for i, acts := range abandon {
		if !g.NeedDeal() || g.Dealer() != want[i] || g.DealNo() != i+1 {
			t.Fatalf("deal %d: need %v dealer %s no %d, want dealer %s", i+1, g.NeedDeal(), g.Dealer(), g.DealNo(), want[i])
		}
		if err := g.StartDeal(deck); err != nil {
			t.Fatal(err)
		}
		if g.Deal().Dealer() != want[i] {
			t.Fatalf("deal %d dealt by %s, want %s", i+1, g.Deal().Dealer(), want[i])
		}
		for _, s := range acts {
			a, _ := ParseAction(s)
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g.Totals() != [4]int{} || g.Over() || len(g.Records()) != 4 {
		t.Errorf("after four thrown-in deals: totals %v over %v records %d", g.Totals(), g.Over(), len(g.Records()))
	}
	for _, r := range g.Records() {
		if r.Score.Outcome != Abandoned {
			t.Errorf("record outcome %s, want abandoned", r.Score.Outcome)
		}
	}
}
