package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/rules"
)

// TestEndgameScoresAsRules: the two-player bot's exact endgame scores a
// finished deal as rules.Deal does, the house variants included (the
// menage's 50, sets of a kind, the forced dealer's bimah): over random
// deals read at three cards a hand and played out, its leaf's margin is
// the deal's.
func TestEndgameScoresAsRules(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 8))
	checked, menages, sets, bimahs := 0, 0, 0, 0
	for checked < 600 {
		opts := rules.DefaultOptions()
		opts.Menage = r.IntN(2) == 0
		opts.OfAKind = r.IntN(2) == 0
		opts.DealerForced = r.IntN(2) == 0
		opts.Bimah = opts.DealerForced && r.IntN(2) == 0
		d := rules.NewDeal(opts, rules.Seat(r.IntN(2)), rules.Shuffle(r))
		var e heurEnd
		read := false
		for !d.Over() {
			if !read && d.Phase() == rules.PhasePlay && d.Play().InTrick == 0 && d.Hand(d.Turn()).Count() == 3 {
				me := d.Turn()
				v := d.View(me)
				e, read = newHeurEnd(&v, me, me.Other()), true
			}
			legal := d.Legal()
			a := legal[r.IntN(len(legal))]
			if ph := d.Phase(); (ph == rules.PhaseBid1 || ph == rules.PhaseBid2) && r.IntN(4) > 0 {
				for _, b := range legal { // passes often, so that dealers are forced
					if b.Kind == rules.Pass {
						a = b
					}
				}
			}
			for _, b := range legal { // a word, whenever one is offered
				if b.Bella && b.Card == a.Card {
					a = b
				}
			}
			if err := d.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if !read {
			continue // thrown in
		}
		checked++
		sc := d.Score()
		e.bellaBy, e.bellaPt = d.Announced()
		p := d.Play().Duel()
		want := float64(sc.Scored[e.me] - sc.Scored[e.opp])
		if got := e.leaf(&p); got != want {
			t.Fatalf("deal %s (%+v): the endgame scores a margin of %v, the rules %v (%+v)", d.Deck(), opts, got, want, sc)
		}
		if e.bellaPt == rules.MenagePoints {
			menages++
		}
		if sc.Forced && opts.Bimah {
			bimahs++
		}
		if opts.OfAKind && sc.Seqs[0]+sc.Seqs[1] > 0 {
			sets++
		}
	}
	if menages < 5 || bimahs < 5 || sets < 5 {
		t.Fatalf("too few cases: %d menages, %d bimahs, %d melds with sets on", menages, bimahs, sets)
	}
}
