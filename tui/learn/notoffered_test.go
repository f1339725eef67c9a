package learn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestKeysNotOfferedAnswer: at every step that asks for a choice, at
// every seat count, each menu letter and number that takes none of the
// choices answers with a line, as the table does, and leaves the step
// as it was; in the card play a number past the hand says how many
// cards it holds.
func TestKeysNotOfferedAnswer(t *testing.T) {
	letters := "abcdefghijklmnopqrstuvwxyz"
	for _, players := range []int{2, 3, 4} {
		d, s := startAt(t, players, 80, 24, false)
		for i := 0; ; i++ {
			require.Less(t, i, 200, "%d players: the lesson does not end", players)
			st := s.run.Step()
			cur, _ := s.run.Stops()
			switch st.Kind {
			case lesson.Act:
				v := s.run.View()
				offered := kit.MenuKeys(v.Legal())
				var keys []string
				for _, r := range letters {
					if k := string(r); kit.IsMenuLetter(k) && !contains(offered, k) {
						keys = append(keys, k)
					}
				}
				keys = append(keys, fmt.Sprint(len(v.Legal())+1), "9")
				for _, k := range keys {
					s.note = ""
					d.Press(k)
					if !strings.Contains(s.note, k+" is not among the choices now: ") && !strings.HasPrefix(s.note, "You cannot") {
						t.Fatalf("%d players, step %q: %s answers %q", players, st.Name, k, s.note)
					}
					if now, _ := s.run.Stops(); now != cur || s.run.Step().Name != st.Name {
						t.Fatalf("%d players, step %q: %s moved the lesson", players, st.Name, k)
					}
				}
			case lesson.Play, lesson.Claim:
				if dl := s.run.Game().Deal(); !dl.Over() && dl.Turn() == lesson.You && len(s.hand()) < 9 {
					s.note = ""
					d.Press("9")
					require.Equal(t, fmt.Sprintf("You hold %d cards.", len(s.hand())), s.note, "%d players, step %q", players, st.Name)
				}
			}
			if st.Kind == lesson.End {
				break
			}
			switch st.Kind {
			case lesson.Act:
				d.Press(kit.ActionKey(st.Want))
			case lesson.Claim:
				d.Press("c")
			default:
				if st.Bella != rules.NoCard {
					d.Press("b")
				} else {
					d.Press("enter")
				}
			}
		}
	}
}

// TestRefusedSuitSaysWhy: in round two of the bidding, the letter of
// the suit refused in round one says why it cannot be named.
func TestRefusedSuitSaysWhy(t *testing.T) {
	d, s := startAt(t, 2, 80, 24, false)
	for _, k := range strings.Fields("enter enter enter p a enter t enter x n 9 1 1 1 b 1 1 1 1 enter enter p") {
		d.Press(k)
	}
	v := s.run.View()
	require.Equal(t, rules.PhaseBid2, v.Phase)
	d.Press("c")
	require.Contains(t, d.Text(), "You cannot say clubs: clubs were refused in round one")
}

func contains(ks []string, k string) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}
