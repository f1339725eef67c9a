package learn

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/tui/kit"
)

// handRow is the row of the screen that shows the hand's cards' faces.
func handRow(t *testing.T, s *Screen, text string) string {
	t.Helper()
	hand := s.hand()
	edges := strings.NewReplacer("│", " ", "╎", " ", "┃", " ")
	for _, l := range strings.Split(text, "\n") {
		if row := strings.Join(strings.Fields(edges.Replace(l)), " "); len(strings.Fields(row)) == len(hand) && strings.ContainsAny(row, "♠♥♦♣") {
			return row
		}
	}
	t.Fatalf("no hand row in:\n%s", text)
	return ""
}

// TestSequenceStepsShowRuns: at two and four players, the steps about
// your sequences draw the hand in sequence order (A K Q J 10 9 8 7 in
// each suit), so that the run the text names reads as one (K♠ Q♠ J♠
// 10♠ at four, A♠ K♠ Q♠ J♠ and K♥ Q♥ J♥ at two); the card play after
// them draws it by trick strength again. At three, where no step is
// about your sequences, the hand is never in sequence order.
func TestSequenceStepsShowRuns(t *testing.T) {
	runs := map[int][]string{2: {"A♠ K♠ Q♠ J♠", "K♥ Q♥ J♥"}, 4: {"K♠ Q♠ J♠ 10♠"}}
	met := map[int]int{}
	eachStep(t, func(at stepAt) {
		if !at.s.handShown(at.st) || len(at.s.hand()) == 0 {
			return
		}
		row := handRow(t, at.s, at.d.Text())
		v := at.s.run.View()
		want := kit.ViewHand(&v, kit.ByStrength)
		if at.st.Runs {
			met[at.players]++
			want = kit.ViewHand(&v, kit.BySuit)
			for _, r := range runs[at.players] {
				require.Contains(t, row, r, "%d players, step %q: the run is not drawn as one", at.players, at.st.Name)
			}
		}
		require.Equal(t, want, at.s.hand(), "%d players, step %q", at.players, at.st.Name)
	})
	require.Equal(t, map[int]int{2: 1, 4: 2}, met, "the steps about sequences met")
}

// TestSortKeyTurnsTheHand: at two, three and four players, o turns the
// hand's order wherever the hand is shown, as at the table: the note
// says the order now, the selected card stays selected, and a second o
// turns it back; where no hand is shown o is answered, naming enter.
func TestSortKeyTurnsTheHand(t *testing.T) {
	turned := map[int]int{}
	eachStep(t, func(at stepAt) {
		d, s := at.d, at.s
		if !s.handShown(at.st) {
			d.Press("o")
			require.Equal(t, "Key o is not among the choices: "+wantKeys(at.st)+".", s.note, "%d players, step %q", at.players, at.st.Name)
			return
		}
		if at.st.Kind != lesson.Play || s.run.Game().Deal().Over() {
			return
		}
		before := s.hand()
		sel := before[s.cursor]
		v := s.run.View()
		d.Press("o")
		other := kit.BySuit
		if at.st.Runs {
			other = kit.ByStrength
		}
		require.Equal(t, kit.ViewHand(&v, other), s.hand(), "%d players, step %q", at.players, at.st.Name)
		require.Equal(t, other.Note(), s.note)
		require.Contains(t, d.Text(), "\n "+other.Note(), "%d players, step %q: the note is not shown as news", at.players, at.st.Name)
		require.NotContains(t, d.Text(), "! "+other.Note())
		require.Equal(t, sel, s.hand()[s.cursor], "%d players, step %q: the selected card moved", at.players, at.st.Name)
		d.Press("o")
		require.Equal(t, before, s.hand())
		require.Equal(t, sel, s.hand()[s.cursor])
		at.unmoved(t, "o")
		turned[at.players]++
	})
	for _, n := range []int{2, 3, 4} {
		require.Positive(t, turned[n], "%d players: o never turned the hand in the card play", n)
	}
}

// TestKeyRowListsSort: at two, three and four players, the key line
// lists "o sort" at every step that shows cards in the hand, where o
// works, and at no other step.
func TestKeyRowListsSort(t *testing.T) {
	listed := map[int]int{}
	eachStep(t, func(at stepAt) {
		scr := at.d.Text()
		if at.s.handShown(at.st) && len(at.s.hand()) > 0 {
			require.Contains(t, scr, "o sort", "%d players, step %q", at.players, at.st.Name)
			listed[at.players]++
		} else {
			require.NotContains(t, scr, "o sort", "%d players, step %q", at.players, at.st.Name)
		}
	})
	for _, n := range []int{2, 3, 4} {
		require.Positive(t, listed[n], "%d players: no step showed the hand", n)
	}
}

// wantKeys are the keys that work at a step without choices: enter, and
// n at the end.
func wantKeys(st lesson.Step) string {
	if st.Kind == lesson.End {
		return "n or enter"
	}
	return "enter"
}

// TestEveryKeyIsAnswered: at two, three and four players, at every step
// that only goes on (a text to read, a score, the end, the last trick
// played), a key that does nothing is answered with one line naming it
// and the keys that work (z and x as much as u and c); H and v name
// themselves too, and say they work in a game. The answer goes when the
// next key does something (a scroll), and a later key that does nothing
// replaces it.
func TestEveryKeyIsAnswered(t *testing.T) {
	met := map[int]int{}
	eachStep(t, func(at stepAt) {
		d, s, st := at.d, at.s, at.st
		over := st.Kind == lesson.Play && s.run.Game().Deal().Over()
		if st.Kind != lesson.Read && st.Kind != lesson.Score && st.Kind != lesson.End && !over {
			return
		}
		met[at.players]++
		for _, k := range []string{"z", "x", "u", "c", "!", "tab"} {
			if k == "c" && st.Kind == lesson.Claim {
				continue
			}
			d.Press(k)
			require.Equal(t, "Key "+k+" is not among the choices: "+wantKeys(st)+".", s.note, "%d players, step %q", at.players, st.Name)
			require.Contains(t, d.Text(), "! Key "+k+" is not among", "%d players, step %q: the answer is not shown", at.players, st.Name)
			at.unmoved(t, k)
		}
		for _, k := range []string{"H", "v"} {
			d.Press(k)
			require.True(t, strings.HasPrefix(s.note, "Key "+k+" is not among the choices: "+wantKeys(st)+"."), "%d players, step %q: %s answers %q", at.players, st.Name, k, s.note)
			require.Contains(t, s.note, "work in a game")
			at.unmoved(t, k)
		}
		d.Press("up")
		require.Empty(t, s.note, "%d players, step %q: the answer stays after a scroll", at.players, st.Name)
		require.NotContains(t, d.Text(), "not among")
	})
	for _, n := range []int{2, 3, 4} {
		require.Greater(t, met[n], 3, "%d players: too few steps that only go on", n)
	}
}

// TestMenuMoveClearsAnAnswer: at an Act step, at two and four players,
// a refused key's answer goes when ←/→ moves the choice.
func TestMenuMoveClearsAnAnswer(t *testing.T) {
	met := 0
	eachStep(t, func(at stepAt) {
		if at.st.Kind != lesson.Act {
			return
		}
		met++
		at.d.Press("z")
		require.Contains(t, at.s.note, "Key z is not among")
		at.d.Press("right")
		require.Empty(t, at.s.note, "%d players, step %q", at.players, at.st.Name)
		at.d.Press("left")
		at.unmoved(t, "right")
	})
	require.Positive(t, met)
}
