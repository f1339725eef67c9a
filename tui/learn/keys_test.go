package learn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestKeysNotOfferedAnswer: at every step that asks for a choice, at
// every seat count, each menu letter and number that takes none of the
// choices answers with a line, as the table does, and leaves the step
// as it was; in the card play a number past the hand says how many
// cards it holds.
func TestKeysNotOfferedAnswer(t *testing.T) {
	letters := "abcdefghijklmnopqrstuvwxyz"
	eachStep(t, func(at stepAt) {
		d, s, st, players := at.d, at.s, at.st, at.players
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
				at.unmoved(t, k)
			}
		case lesson.Play, lesson.Claim:
			if dl := s.run.Game().Deal(); !dl.Over() && dl.Turn() == lesson.You && len(s.hand()) < 9 {
				s.note = ""
				d.Press("9")
				require.Equal(t, fmt.Sprintf("You hold %d cards.", len(s.hand())), s.note, "%d players, step %q", players, st.Name)
			}
		}
	})
}

// stepAt is a step of the lesson at a seat count, as eachStep meets it.
type stepAt struct {
	players int
	d       *kittest.Driver
	s       *Screen
	st      lesson.Step
	cur     int // the step's stop
}

// eachStep plays the lesson at every seat count, each step taken as the
// lesson asks once check has looked at it (and pressed what it likes).
func eachStep(t *testing.T, check func(at stepAt)) {
	for _, players := range []int{2, 3, 4} {
		d, s := startAt(t, players, 80, 24, false)
		for i := 0; ; i++ {
			require.Less(t, i, 200, "%d players: the lesson does not end", players)
			st := s.run.Step()
			cur, _ := s.run.Stops()
			check(stepAt{players: players, d: d, s: s, st: st, cur: cur})
			if st.Kind == lesson.End {
				break
			}
			answer(d, st)
		}
	}
}

// unmoved fails t if the key k took the lesson off the step.
func (at stepAt) unmoved(t *testing.T, k string) {
	t.Helper()
	if now, _ := at.s.run.Stops(); now != at.cur || at.s.run.Step().Name != at.st.Name {
		t.Fatalf("%d players, step %q: %s moved the lesson", at.players, at.st.Name, k)
	}
}

// answer takes the step st as the lesson asks: its choice, the claim,
// bella (the cursor is on the bella card) or enter.
func answer(d *kittest.Driver, st lesson.Step) {
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

// TestGameKeysSayWhyNot: at every step of the lesson, at every seat
// count, H (the hint) and v (the list of tricks), keys of a game the
// last step names, answer with a line saying they work in a game, and
// change nothing of the step.
func TestGameKeysSayWhyNot(t *testing.T) {
	eachStep(t, func(at stepAt) {
		d, st, players := at.d, at.st, at.players
		for _, k := range []string{"H", "v"} {
			d.Press(k)
			if !strings.Contains(d.Text(), "work in a game") {
				t.Fatalf("%d players, step %q: %s says nothing:\n%s", players, st.Name, k, d.Text())
			}
			at.unmoved(t, k)
		}
	})
}
