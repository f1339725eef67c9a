package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestTableMatchesDeal is the cross-check of the two engines: Table with
// two players and Deal, driven by the same deck and the same random
// choices, must offer the same legal actions, reach the same states and
// score the same, at every step of many random deals under every option
// combination the two share.
func TestTableMatchesDeal(t *testing.T) {
	n := 30000
	if testing.Short() {
		n = 5000
	}
	for i := range n {
		if err := crossDeal(uint64(i)); err != nil {
			t.Fatalf("deal %d: %v", i, err)
		}
	}
}

func crossDeal(seed uint64) error {
	r := rand.New(rand.NewPCG(21, seed))
	opts := gameOptions(r)
	dealer := Seat(r.IntN(2))
	deck := Shuffle(r)
	d := NewDeal(opts, dealer, deck)
	tb := NewTable(opts, dealer, deck)
	for step := 0; ; step++ {
		if err := sameState(&d, &tb); err != nil {
			return fmt.Errorf("step %d (%v): %v", step, d.Steps(), err)
		}
		if d.Over() {
			return nil
		}
		// The views agree too: what each seat cannot see, what the
		// opponent is known to hold, what its play shows it lacks.
		for s := SeatA; s <= SeatB; s++ {
			v, w := d.View(s), tb.View(s)
			o := s.Other()
			if v.Unseen() != w.Unseen() || v.OppKnown() != w.Known(o) || v.CannotHold(o) != w.CannotHold(o) ||
				v.Hidden() != w.Hidden() || !equalActions(v.Legal(), w.Legal()) {
				return fmt.Errorf("step %d (%v): seat %s: view unseen %s known %s lacks %s, table view %s %s %s",
					step, d.Steps(), s, v.Unseen(), v.OppKnown(), v.CannotHold(o), w.Unseen(), w.Known(o), w.CannotHold(o))
			}
		}
		ld, lt := d.Legal(), tb.Legal()
		if fmt.Sprint(ld) != fmt.Sprint(lt) {
			return fmt.Errorf("step %d (%v): legal %v, table legal %v", step, d.Steps(), ld, lt)
		}
		a := ld[r.IntN(len(ld))]
		if err := d.Apply(a); err != nil {
			return err
		}
		if err := tb.Apply(a); err != nil {
			return fmt.Errorf("table refused %s: %v", a, err)
		}
	}
}

// sameState compares every state Deal and a two-player Table share.
func sameState(d *Deal, tb *Table) error {
	type state struct {
		Phase                         Phase
		Turn, Maker, Dix, Seq, Bella  Seat
		Hands                         [2]CardSet
		Up, Orig, Bottom              Card
		Trump                         Suit
		Tricks                        uint8
		Won                           [2]uint8
		Points                        [2]int16
		Leader                        Seat
		Lead                          Card
		Outcome                       Outcome
		Cards, Last, Seqs, Bel, Total [2]int
		Scored                        [2]int
	}
	ds, ts := d.Score(), tb.Score()
	p, q := d.Play(), tb.Play()
	a := state{d.Phase(), d.Turn(), d.Maker(), d.DixBy(), d.SeqWinner(), d.BellaBy(), p.Hands, d.Upcard(), d.OrigUpcard(), d.Bottom(),
		d.Trump(), p.Tricks, p.Won, p.Points, p.Leader, p.Lead, ds.Outcome, ds.Cards, ds.LastTrick, ds.Seqs, ds.Bella, ds.Total, ds.Scored}
	b := state{tb.Phase(), tb.Turn(), tb.Maker(), tb.DixBy(), tb.SeqWinner(), tb.BellaBy(), [2]CardSet{q.Hands[0], q.Hands[1]},
		tb.Upcard(), tb.OrigUpcard(), tb.Bottom(), tb.Trump(), q.Tricks, [2]uint8{q.Won[0], q.Won[1]},
		[2]int16{q.Points[0], q.Points[1]}, q.Leader, q.Lead(), ts.Outcome,
		[2]int(ts.Cards[:2]), [2]int(ts.LastTrick[:2]), [2]int(ts.Seqs[:2]), [2]int(ts.Bella[:2]), [2]int(ts.Total[:2]), [2]int(ts.Scored[:2])}
	if a != b {
		return fmt.Errorf("deal %+v\ntable %+v", a, b)
	}
	if q.Hands[2]|q.Hands[3] != 0 || ts.Scored[2]|ts.Scored[3] != 0 {
		return fmt.Errorf("a two-player table uses seats C or D")
	}
	if d.Phase() == PhaseSequences || d.Phase() == PhasePlay {
		for s := SeatA; s <= SeatB; s++ {
			q, m := d.BestSequence(s), tb.BestMeld(s)
			if q.Len != m.Len || (q.Len > 0 && (q.Suit != m.Suit || q.Top != m.Top)) {
				return fmt.Errorf("seat %s best sequence %v, table %v", s, q, m)
			}
		}
	}
	return nil
}
