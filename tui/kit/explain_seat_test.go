package kit

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// The dealer speaks last in the sequence dialogue: an announcement of
// its is answered by nobody, and its "no sequence" leaves the deal
// without sequences. At every seat count.
func TestDialogueExplainedForTheLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		last := rules.View{Players: n, Phase: rules.PhaseSequences, Seat: rules.SeatA, Dealer: rules.SeatA}
		first := last
		first.Dealer = rules.SeatB
		for _, a := range []rules.Action{rules.AnnounceAction(20), rules.AnnounceAction(50)} {
			if e := ChoiceExplain(&g, &last, a); strings.Contains(e, "answers") || !strings.Contains(e, "you win") {
				t.Errorf("%d players, the dealer's %v: %q", n, a, e)
			}
			if e := ChoiceExplain(&g, &first, a); !strings.Contains(e, "answers") {
				t.Errorf("%d players, the first speaker's %v: %q", n, a, e)
			}
		}
		if e := ChoiceExplain(&g, &last, rules.Action{Kind: rules.NoSequence}); e != "say none: nobody then scores sequences" {
			t.Errorf("%d players, the dealer's no sequence: %q", n, e)
		}
	}
}

// The dealer speaks last in round one: its pass leaves the upcard's
// suit to nobody, it opens round two. Anyone else's pass leaves it to
// the next to speak. At every seat count.
func TestRoundOnePassExplainedForTheLastSpeaker(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		last := rules.View{Players: n, Phase: rules.PhaseBid1, Seat: rules.SeatA, Dealer: rules.SeatA}
		first := last
		first.Dealer = rules.Seat(n - 1)
		pass := rules.Action{Kind: rules.Pass}
		if e := ChoiceExplain(&g, &last, pass); strings.Contains(e, "leave") || !strings.Contains(e, "round two") {
			t.Errorf("%d players, the dealer's pass in round one: %q", n, e)
		}
		if e := ChoiceExplain(&g, &first, pass); !strings.Contains(e, "leave") {
			t.Errorf("%d players, the first speaker's pass in round one: %q", n, e)
		}
	}
}

// With three or four of a kind on, a player whose best meld is a set
// announces it by its value too: the explanation calls it a set, not a
// sequence of three or four cards. At every seat count.
func TestSetAnnouncementExplainedAsASet(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players, opts.OfAKind = n, true
		found := false
		for seed := uint64(1); seed < 2000 && !found; seed++ {
			d := rules.NewDeal(opts, rules.SeatA, rules.Shuffle(rand.New(rand.NewPCG(seed, 0))))
			// Take the upcard at once, keep the dix, reach the dialogue.
			for d.Phase() != rules.PhaseSequences && !d.Over() {
				a := d.Legal()[0]
				for _, l := range d.Legal() {
					if l.Kind == rules.Take || l.Kind == rules.NoExchange {
						a = l
					}
				}
				if err := d.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			v := d.View(d.Turn())
			if d.Phase() != rules.PhaseSequences || !v.OwnBest().Set {
				continue
			}
			found = true
			for _, a := range d.Legal() {
				if a.Kind != rules.Announce {
					continue
				}
				if e := ChoiceExplain(&g, &v, a); strings.Contains(e, "sequence") || !strings.Contains(e, "your best set is") || !strings.Contains(e, "of a kind") {
					t.Errorf("%d players, %v with a set: %q", n, a, e)
				}
			}
		}
		if !found {
			t.Errorf("%d players: no deal reached the dialogue with a set", n)
		}
	}
}

// A length is said in two ways at a table: told when asked "how many
// cards?", or unasked, a longer fifty claiming the right over a length
// told. Each is explained as what it is, over many random deals at every
// seat count (two players only tell it when asked).
func TestLengthExplainedAsAnswerOrClaim(t *testing.T) {
	g := NewGlyphs(false)
	for _, n := range []int{2, 3, 4} {
		opts := rules.DefaultOptions()
		opts.Players, opts.SequenceRank = n, rules.RankByLength
		seen := map[bool]int{}
		for seed := uint64(0); seed < 200000 && (seen[true] == 0 || (n > 2 && seen[false] == 0)); seed++ {
			rng := rand.New(rand.NewPCG(seed, 9))
			gm := rules.NewGame(opts, rules.SeatA)
			if err := gm.StartDeal(rules.Shuffle(rng)); err != nil {
				t.Fatal(err)
			}
			for !gm.Deal().Over() && gm.Deal().Phase() <= rules.PhaseSequences {
				if gm.Deal().Turn() == rules.ChanceSeat {
					break
				}
				v := gm.Deal().View(gm.Deal().Turn())
				legal := gm.Legal()
				for _, a := range legal {
					if a.Kind != rules.Length {
						continue
					}
					h := v.History()
					asked := len(h) > 0 && h[len(h)-1].Action.Kind == rules.HowMany
					seen[asked]++
					e := ChoiceExplain(&g, &v, a)
					if asked != strings.Contains(e, "answers") || asked == strings.Contains(e, "claim the right") {
						t.Fatalf("%d players, seed %d, %v after %v: %q", n, seed, a, h[len(h)-1].Action, e)
					}
				}
				if err := gm.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if seen[true] == 0 || (n > 2 && seen[false] == 0) {
			t.Errorf("%d players: lengths told when asked %d, unasked %d: the deals never offered both", n, seen[true], seen[false])
		}
		if n == 2 && seen[false] != 0 {
			t.Errorf("two players said a length unasked %d times", seen[false])
		}
	}
}
