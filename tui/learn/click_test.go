package learn

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/study/lesson"
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
		walkPlaying(t, d, s, func(i int, _ lesson.Step) { d.Press(offered(s)[i%len(offered(s))]) }, func() {
			n := len(s.hand())
			d.ClickOn(mark)
			require.True(t, len(s.hand()) < n || s.note != "", "a click on a card did nothing:\n%s", d.Text())
			if len(s.hand()) < n {
				played++
			}
		})
		require.Greater(t, played, 5, "cards played by clicks")
		d.ClickOn("[n] play a real game")
		require.True(t, *play, "a click on [n] did not ask for a real game")
	}
}
