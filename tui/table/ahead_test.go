package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

// TestChooseAheadMatchesHand: while another seat plays, the keys line
// offers to choose ahead with the numbers of the cards the person
// holds ("1-8" with eight, "1" with one), as their own turn does, not
// "1-9" whatever the hand; with no card left it offers none. At every
// seat count, through two deals: nine cards (eight with four players)
// at the first trick, fewer later.
func TestChooseAheadMatchesHand(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, seeds[n], 80, 24, gated())
		seen := map[int]bool{}
		f.until("the third deal", func(s host.Snapshot) bool {
			if s.DealNo > 2 {
				return true
			}
			if s.Thinking == rules.NoSeat || s.Can.Act || s.Between || s.Over || s.View.Phase != rules.PhasePlay {
				return false
			}
			held := len(f.s.hand())
			seen[held] = true
			lines := strings.Split(f.text(), "\n")
			keys := lines[len(lines)-1]
			want := fmt.Sprintf(" 1-%d choose ahead", held)
			switch held {
			case 0:
				if strings.Contains(keys, "choose ahead") {
					t.Fatalf("no card in hand, the keys line offers to choose ahead: %q", keys)
				}
				return false
			case 1:
				want = " 1 choose ahead"
			}
			if !strings.Contains(keys, want) {
				t.Fatalf("%d cards in hand, the keys line does not offer %q:\n%s", held, want, f.text())
			}
			return false
		}, true)
		first := map[int]int{2: 9, 3: 9, 4: 8}[n]
		for _, held := range []int{first, first - 1, 1} {
			if !seen[held] {
				t.Errorf("never waited for another seat holding %d cards (held: %v)", held, seen)
			}
		}
	})
}
