package hall

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestOneAnswerIsAsked: at a table people share, a person is asked
// every decision outside the card play, one with a single legal answer
// too ("no exchange" without the 7 of trump, "pass" without a shlomo,
// the dialogue's "good"), and told why it is the only one: the game
// waits for them as for a choice, so the wait tells the others and the
// spectators nothing. Every such step of the game's log was asked. At
// every seat count, a spectator watching.
func TestOneAnswerIsAsked(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		hist := &memHistory{}
		h := testHall(t, t.TempDir(), hist, newOnDisk(t).clock)
		o := smallRules()
		o.Players, o.Shlomo, o.Cleopatra = n, n >= 3, n == 4
		tb := annOpens(t, h, n, o, 11)
		ann, bob := annAndBob(t, tb)
		firstDeal(t, ann.port())
		zed, err := tb.Watch(Player{ID: "z", Name: "Zed"})
		require.NoError(t, err)
		defer zed.Leave()

		var mu sync.Mutex
		asked := map[[2]int]bool{} // by deal and step
		for _, p := range []*person{ann, bob} {
			p.asked = func(s host.Snapshot) {
				legal := s.View.Legal()
				one := len(legal) == 1 && s.View.Phase != rules.PhasePlay
				if one != (s.Only != "") {
					t.Errorf("seat %v: %v legal in %v, only %q", s.Seat, legal, s.View.Phase, s.Only)
				}
				if one {
					mu.Lock()
					asked[[2]int{s.DealNo, len(s.View.History())}] = true
					mu.Unlock()
				}
			}
		}
		newCrowd(t, ann, bob).toFiled()

		// Every one-answer step of a person in the log was asked.
		r, err := hist.log("a", 0).Replay()
		require.NoError(t, err)
		people := map[rules.Seat]bool{0: true, 1: true}
		kinds := map[rules.Kind]int{}
		for _, rd := range r.Deals {
			d := rd.At(0)
			for i, st := range rd.Steps {
				if people[st.Seat] {
					v := d.View(st.Seat)
					if legal := v.Legal(); len(legal) == 1 && v.Phase != rules.PhasePlay {
						kinds[legal[0].Kind]++
						require.True(t, asked[[2]int{rd.No, i}], "deal %d step %d: %v taken for seat %v, not asked", rd.No, i, st.Action, st.Seat)
					}
				}
				d.ApplyUnchecked(st.Action)
			}
		}
		if n >= 3 {
			require.NotZero(t, kinds[rules.Pass], "no shlomo passed in the game: %v", kinds)
		}
		require.NotEmpty(t, kinds, "no one-answer decision in the game")
	})
}
