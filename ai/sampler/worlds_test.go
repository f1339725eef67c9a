package sampler_test

import (
	"math/rand/v2"
	"testing"

	"github.com/klob/klob/ai/sampler"
	"github.com/klob/klob/ai/tablerule"
	"github.com/klob/klob/internal/testing/tabletest"
	"github.com/klob/klob/rules"
)

// TestWorldsFitTheView draws worlds at decisions of deals of two,
// three and four players, house variants on and off (the normal rule
// plays every seat; some decisions random, to reach odd histories).
// Every world must fit what the view says of each hidden hand, as the
// rules read it (Known, CannotHold, the counts), and the whole deal
// World builds must give the very same view. A draw may find nothing
// (rejection within a fixed number of tries) but rarely.
func TestWorldsFitTheView(t *testing.T) {
	deals := 12
	if testing.Short() {
		deals = 4
	}
	for ri, rs := range tabletest.Rules {
		opts := tabletest.Options(t, rs)
		r := rand.New(rand.NewPCG(12, uint64(ri)))
		checked, plays, missed := 0, 0, 0
		for d := range deals {
			tabletest.Play(t, opts, rules.Shuffle(r), rules.Seat(d%opts.NumPlayers()), r, func(_ *rules.Deal, v *rules.View) rules.Action {
				l := v.Legal()
				smp := sampler.New(v)
				for k := range 3 {
					hands, ok := smp.Hands(r)
					if !ok {
						// Rejection may miss a rare hand (four jacks
						// told by the dialogue): allowed, but rarely.
						missed++
						continue
					}
					for o := rules.Seat(0); o < rules.Seat(v.Players); o++ {
						h := hands[o]
						if o == v.Seat {
							if h != 0 {
								t.Fatalf("the viewer's hand was drawn: %s", h)
							}
							continue
						}
						if h.Count() != v.Counts[o] || h&v.Known(o) != v.Known(o) || h&v.CannotHold(o) != 0 || h&^(v.Unseen()|v.Known(o)) != 0 {
							t.Fatalf("%s: seat %s drew %s: count %d want %d, known %s, cannot hold %s, unseen %s\n%s",
								rs, o, h, h.Count(), v.Counts[o], v.Known(o), v.CannotHold(o), v.Unseen(), v.String())
						}
						for p := o + 1; p < rules.Seat(v.Players); p++ {
							if h&hands[p] != 0 {
								t.Fatalf("seats %s and %s both drew %s", o, p, h&hands[p])
							}
						}
					}
					if k > 0 {
						continue
					}
					w, ok := smp.World(r)
					if !ok {
						missed++
						continue
					}
					if wv := w.View(v.Seat); wv != *v {
						t.Fatalf("%s: the world's view differs:\n%s\nwant\n%s", rs, wv.String(), v.String())
					}
					checked++
					if v.Phase == rules.PhasePlay && v.InTrick > 0 {
						plays++
					}
				}
				a := tablerule.Choose(v, l)
				if r.IntN(5) == 0 {
					a = l[r.IntN(len(l))]
				}
				return a
			})
		}
		if missed*20 > checked {
			t.Errorf("%s: %d draws found nothing, %d views checked", rs, missed, checked)
		}
		if checked == 0 || plays == 0 {
			t.Fatalf("%s: %d views checked, %d in the card play", rs, checked, plays)
		}
	}
}

// TestSameSeedSameWorlds: worlds depend on the view and the
// generator alone.
func TestSameSeedSameWorlds(t *testing.T) {
	opts, _ := rules.ParseOptions("players=4")
	tb := rules.NewDeal(opts, 1, rules.Shuffle(rand.New(rand.NewPCG(3, 3))))
	v := tb.View(tb.Turn())
	a, _ := sampler.New(&v).World(rand.New(rand.NewPCG(5, 5)))
	b, _ := sampler.New(&v).World(rand.New(rand.NewPCG(5, 5)))
	if a != b {
		t.Fatal("the same seed drew different worlds")
	}
}
