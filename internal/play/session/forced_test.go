package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/rules"
)

// A "good" taken for a person says why in plain words: "you hold none"
// without a sequence; with a lower one, that it is lower and so is not
// shown, never "nothing to match". At every seat count.
func TestForcedGoodSaysWhy(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			seen := map[string]int{}
			for seed := uint64(1); seed <= 40 && len(seen) < 2; seed++ {
				players := make([]Player, n)
				for i := range players {
					players[i] = person
				}
				cfg := config(seed, players...)
				cfg.Options.Players = n
				s, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				for range 3000 {
					if s.Game().Over() {
						break
					}
					deal, from, ok := advance(t, s)
					if !ok {
						continue
					}
					steps := s.Game().Deal().Steps()
					for i := from; i < len(steps); i++ {
						why, ok := s.Forced(deal, i)
						if !ok || steps[i].Action.Kind != rules.Good {
							continue
						}
						v := s.View(steps[i].Seat)
						want := "you hold none"
						if v.OwnBest().Len >= 3 {
							want = "your sequence is lower, so it is not shown"
						}
						if why != want {
							t.Fatalf("seed %d deal %d: good taken with %q, want %q", seed, deal, why, want)
						}
						seen[want]++
					}
					seat, ok := s.ToMove()
					if !ok {
						continue
					}
					v := s.View(seat)
					// The last option: announce before no sequence, so
					// that the dialogue has claims to answer.
					legal := v.Legal()
					a := legal[len(legal)-1]
					if v.Phase == rules.PhaseSequences {
						a = legal[0]
					}
					if err := s.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
				}
			}
			if seen["your sequence is lower, so it is not shown"] == 0 {
				t.Errorf("no forced good over a lower sequence in 40 games: %v", seen)
			}
			for k := range seen {
				if strings.Contains(k, "nothing to match") {
					t.Errorf("reason %q", k)
				}
			}
		})
	}
}
