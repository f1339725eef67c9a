package rules

import (
	"math/rand/v2"
	"testing"
)

// TestCannotHold plays three tricks that each reveal something: B trumps
// a club lead (no clubs), A trumps a diamond lead (no diamonds), B plays
// a lower trump to a trump lead (no trump above the lead).
func TestCannotHold(t *testing.T) {
	d := newDeal(t, SeatB, hands{nd: "AC KC QC JH 9H 7S", dl: "7D 8D 9D TD JD QD", up: "TH",
		nd2: "8C 9C TC", dl2: "KD 8H 7H"})
	do(t, &d, "take", "no-exchange", "no-exchange", "announce 20", "not-good")
	steps := []struct {
		play     string
		wantA    string // what A cannot hold after the card
		wantB    string
		viewFrom Seat
	}{
		{"play AC", "", "", SeatB},
		{"play 7H", "", "7C 8C 9C TC JC QC KC AC", SeatA},
		{"play 7D", "", "7C 8C 9C TC JC QC KC AC", SeatA},
		{"play JH", "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC", SeatB},
		{"play 9H", "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC", SeatA},
		{"play 8H", "7D 8D 9D TD JD QD KD AD", "7C 8C 9C TC JC QC KC AC JH", SeatA},
	}
	for _, st := range steps {
		do(t, &d, st.play)
		v := d.View(st.viewFrom)
		want := [2]string{st.wantA, st.wantB}
		for s := SeatA; s <= SeatB; s++ {
			var w CardSet
			if want[s] != "" {
				w = set(t, want[s])
			}
			if got := v.CannotHold(s); got != w {
				t.Errorf("after %s: %s cannot hold %s, want %s", st.play, s, got, w)
			}
		}
	}
}

// TestInferenceIsSound plays random deals and checks at every step that
// what a View says the opponent cannot hold it does not hold, and that
// the opponent's hand at the dialogue fits the bound on its sequences.
func TestInferenceIsSound(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(11, 12))
	for i := range n {
		d := NewDeal(DefaultOptions(), Seat(i&1), Shuffle(r))
		var atDialogue [4]CardSet
		for !d.Over() {
			doRandom(t, &d, r)
			if d.Phase() == PhaseSequences && atDialogue[0] == 0 {
				atDialogue = d.play.Hands
			}
			for s := SeatA; s <= SeatB; s++ {
				v := d.View(s.Other())
				if bad := v.CannotHold(s) & d.Hand(s); bad != 0 {
					t.Fatalf("deal %d: the view says %s cannot hold %s, but it does (history %v)", i, s, bad, d.Steps())
				}
				if atDialogue[s] == 0 {
					continue
				}
				b := v.MeldBound(s)
				if !b.Fits(atDialogue[s], d.Trump(), d.Options()) {
					t.Fatalf("deal %d: %s's hand %s does not fit its bound %+v (history %v)", i, s, atDialogue[s], b, d.Steps())
				}
			}
		}
	}
}
