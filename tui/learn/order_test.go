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
// turns it back.
func TestSortKeyTurnsTheHand(t *testing.T) {
	turned := map[int]int{}
	eachStep(t, func(at stepAt) {
		d, s := at.d, at.s
		if !s.handShown(at.st) {
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
