package rules

import "testing"

// docs/rules.md section 4: after round-one trump the holder of the 7 of trump
// may exchange it for the upcard, before the first lead; never after
// round-two trump, never when the upcard is itself the 7 of trump.

var (
	// The non-dealer holds the 7 of hearts from the first batch.
	dixNonDealer = hands{nd: "7H AC KC 8D 9D TD", dl: "AS KS QS 8S 9S TS", up: "JH", nd2: "7C 8C 9C", dl2: "JD QD KD", bottom: "AD"}
	// The dealer gets the 7 of hearts in the second batch.
	dixDealer = hands{nd: "AC KC QC 8D 9D TD", dl: "AS KS QS 8S 9S TS", up: "JH", nd2: "7C 8C 9C", dl2: "7H QD KD", bottom: "AD"}
	// Nobody holds it: it lies in the stock.
	dixStock = hands{nd: "AC KC QC 8D 9D TD", dl: "AS KS QS 8S 9S TS", up: "JH", nd2: "7C 8C 9C", dl2: "JD QD KD", bottom: "7H"}
	// The upcard is the 7 of hearts.
	dixUpcardSeven = hands{nd: "AC KC QC 8D 9D TD", dl: "AS KS QS 8S 9S TS", up: "7H", nd2: "7C 8C 9C", dl2: "JD QD KD", bottom: "AD"}
)

func TestDixExchangeByNonDealer(t *testing.T) {
	for _, dealer := range []Seat{SeatA, SeatB} {
		d := newDeal(t, dealer, dixNonDealer)
		nd, dl := roles(dealer)
		do(t, &d, "take")
		if d.Phase() != PhaseDix || d.Turn() != nd {
			t.Fatalf("phase %s turn %s, want the dix exchange with the non-dealer", d.Phase(), d.Turn())
		}
		wantLegal(t, &d, "exchange, no-exchange")
		before := d.Hand(nd)
		do(t, &d, "exchange")
		if want := before.Without(MustCard("7H")).With(MustCard("JH")); d.Hand(nd) != want {
			t.Errorf("after the exchange the non-dealer holds %s, want %s", d.Hand(nd), want)
		}
		if d.Upcard() != MustCard("7H") || d.OrigUpcard() != MustCard("JH") || d.DixBy() != nd {
			t.Errorf("upcard place %s (turned %s), dix by %s; want 7H, JH, %s", d.Upcard(), d.OrigUpcard(), d.DixBy(), nd)
		}
		// One exchange ends the round: the dealer is not asked.
		if d.Phase() != PhaseSequences || d.Turn() != nd {
			t.Errorf("after the exchange: phase %s turn %s, want the dialogue opened by the non-dealer", d.Phase(), d.Turn())
		}
		// Both players see the exchange.
		v := d.View(dl)
		if v.Upcard != MustCard("7H") || v.DixBy != nd || !v.Known(nd).Has(MustCard("JH")) {
			t.Errorf("the dealer's view: upcard %s dix by %s opponent known %s", v.Upcard, v.DixBy, v.Known(nd))
		}
	}
}

func TestDixExchangeOnlyByHolderOfSeven(t *testing.T) {
	for _, dealer := range []Seat{SeatA, SeatB} {
		d := newDeal(t, dealer, dixDealer)
		nd, dl := roles(dealer)
		do(t, &d, "pass", "take")
		// The non-dealer is asked first and may only decline.
		if d.Turn() != nd {
			t.Fatalf("turn %s, want the non-dealer", d.Turn())
		}
		refusedText(t, &d, "exchange", ErrNoDix, "you do not hold the 7 of hearts to exchange")
		say(t, &d, "? no-exchange", "no-exchange")
		if d.Turn() != dl {
			t.Fatalf("turn %s, want the dealer", d.Turn())
		}
		say(t, &d, "? exchange, no-exchange", "exchange")
		if !d.Hand(dl).Has(MustCard("JH")) || d.Hand(dl).Has(MustCard("7H")) || d.DixBy() != dl {
			t.Errorf("dealer holds %s, dix by %s; want JH in, 7H out, %s", d.Hand(dl), d.DixBy(), dl)
		}
		refusedText(t, &d, "exchange", ErrWrongPhase, `"exchange" is not a move now: the sequence dialogue is on: you may say "twenty", "no sequence"`)
	}
}

func TestDixExchangeDeclined(t *testing.T) {
	d := newDeal(t, SeatB, dixNonDealer)
	do(t, &d, "take")
	hand := d.Hand(SeatA)
	do(t, &d, "no-exchange")
	// The dealer is asked too, so a "no exchange" tells nothing.
	if d.Phase() != PhaseDix || d.Turn() != SeatB {
		t.Fatalf("phase %s turn %s, want the dealer asked", d.Phase(), d.Turn())
	}
	wantLegal(t, &d, "no-exchange")
	do(t, &d, "no-exchange")
	if d.Phase() != PhaseSequences || d.DixBy() != NoSeat || d.Hand(SeatA) != hand || d.Upcard() != MustCard("JH") {
		t.Errorf("after two declines: phase %s dix %s hand %s upcard %s", d.Phase(), d.DixBy(), d.Hand(SeatA), d.Upcard())
	}
}

func TestDixSevenInStock(t *testing.T) {
	d := newDeal(t, SeatA, dixStock)
	do(t, &d, "take")
	wantLegal(t, &d, "no-exchange")
	refusedText(t, &d, "exchange", ErrNoDix, "you do not hold the 7 of hearts to exchange")
	do(t, &d, "no-exchange")
	wantLegal(t, &d, "no-exchange")
	do(t, &d, "no-exchange")
	if d.Phase() != PhaseSequences {
		t.Errorf("phase %s, want sequences", d.Phase())
	}
}

func TestDixNotWhenUpcardIsSevenOfTrump(t *testing.T) {
	for _, bid := range [][]string{{"take"}, {"pass", "take"}, {"schmeiss", "refuse"}} {
		d := newDeal(t, SeatB, dixUpcardSeven)
		do(t, &d, bid...)
		if d.Trump() != Hearts || d.Phase() != PhaseSequences {
			t.Errorf("%v: trump %s phase %s, want hearts and no dix round", bid, d.Trump(), d.Phase())
		}
		refusedText(t, &d, "exchange", ErrWrongPhase, "")
	}
}

func TestDixNotAfterRoundTwoTrump(t *testing.T) {
	// The non-dealer holds the 7 of clubs; clubs named in round two.
	d := newDeal(t, SeatB, dixDealer)
	do(t, &d, "pass", "pass", "name C")
	if !d.Hand(SeatA).Has(MustCard("7C")) {
		t.Fatal("test deal: the non-dealer should hold the 7 of clubs")
	}
	if d.Phase() != PhaseSequences {
		t.Errorf("phase %s, want the dialogue: no dix after round two", d.Phase())
	}
	refusedText(t, &d, "exchange", ErrWrongPhase, "")
}

func TestDixAfterSchmeissRefused(t *testing.T) {
	d := newDeal(t, SeatA, dixDealer) // B is the non-dealer, A the dealer holding 7H
	do(t, &d, "schmeiss", "refuse")
	if d.Maker() != SeatB || d.Phase() != PhaseDix {
		t.Fatalf("maker %s phase %s, want B and the dix round", d.Maker(), d.Phase())
	}
	do(t, &d, "no-exchange", "exchange")
	if d.DixBy() != SeatA {
		t.Errorf("dix by %s, want A", d.DixBy())
	}
}
