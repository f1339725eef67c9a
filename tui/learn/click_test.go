package learn

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
)

// The lesson takes clicks: [enter] go on, a choice drawn "[p] pass", a
// card of the hand in the card play (its mark under it), and [n] at
// the end, each doing what its key does; under -ascii too.
func TestLessonClicks(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		d, s, play := start(t, 80, 24, ascii)
		cur, _ := s.run.Stops()
		d.ClickOn("[enter] go on")
		next, _ := s.run.Stops()
		require.Greater(t, next, cur, "a click on [enter] did not go on")
		for s.run.Step().Kind != lesson.Act {
			d.ClickOn("[enter]")
		}
		name := s.run.Step().Name
		d.ClickOn("[p] pass") // the lesson's first bid is a pass
		require.NotEqual(t, name, s.run.Step().Name, "a click on [p] pass did not bid:\n%s", d.Text())
		// The rest as walk plays it, each card at the cursor (a
		// playable one) played by a click on its mark.
		mark := d.Ctx.Paint.Glyphs.SelMark
		if ascii {
			mark = kit.ASCIIText(mark)
		}
		played := 0
		for i := 0; s.run.Step().Kind != lesson.End; i++ {
			require.Less(t, i, 300, "the lesson never ended at %q", s.run.Step().Name)
			switch st := s.run.Step(); {
			case st.Bella != rules.NoCard && s.hand()[s.cursor] == st.Bella:
				d.Press("b")
			case st.Kind == lesson.Act:
				d.Press(offered(s)[i%len(offered(s))])
			case s.note != "" && st.Kind == lesson.Play:
				d.Press("right", "enter")
			case st.Kind == lesson.Play && !s.run.Game().Deal().Over() && s.run.Game().Deal().Turn() == lesson.You:
				n := len(s.hand())
				d.ClickOn(mark)
				require.True(t, len(s.hand()) < n || s.note != "", "a click on a card did nothing:\n%s", d.Text())
				if len(s.hand()) < n {
					played++
				}
			case st.Kind == lesson.Claim && s.run.Game().Deal().Turn() == lesson.You:
				d.Press("c")
			default:
				d.Press("enter")
			}
		}
		require.Greater(t, played, 5, "cards played by clicks")
		d.ClickOn("[n] play a real game")
		require.True(t, *play, "a click on [n] did not ask for a real game")
	}
}
