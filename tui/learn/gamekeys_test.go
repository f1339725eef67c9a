package learn

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// TestGameKeysSayWhyNot: at every step of the lesson, at every seat
// count, H (the hint) and v (the list of tricks), keys of a game the
// last step names, answer with a line saying they work in a game, and
// change nothing of the step.
func TestGameKeysSayWhyNot(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		d, s := startAt(t, players, 80, 24, false)
		for i := 0; ; i++ {
			require.Less(t, i, 200, "%d players: the lesson does not end", players)
			st := s.run.Step()
			cur, _ := s.run.Stops()
			for _, k := range []string{"H", "v"} {
				d.Press(k)
				if !strings.Contains(d.Text(), "work in a game") {
					t.Fatalf("%d players, step %q: %s says nothing:\n%s", players, st.Name, k, d.Text())
				}
				if now, _ := s.run.Stops(); now != cur || s.run.Step().Name != st.Name {
					t.Fatalf("%d players, step %q: %s moved the lesson", players, st.Name, k)
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
					d.Press("b") // the cursor is on the bella card
				} else {
					d.Press("enter")
				}
			}
		}
	}
}
