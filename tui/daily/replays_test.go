package daily

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
)

// pointsLost is the "Points lost:" line of a replay's frame, the names
// in it with their figures left out.
func pointsLost(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if i := strings.Index(l, "Points lost:"); i >= 0 {
			return strings.TrimSpace(regexp.MustCompile(`[0-9.]+`).ReplaceAllString(l[i:], "N"))
		}
	}
	return ""
}

// TestReplaysGradeAlike: the replay of the person's play of a board and
// that of the hard bot's line grade the same seats, so their points
// lost name both sides alike (the person or the hard bot in the one
// seat, the bots in the others) and a bot's step reads the same in
// both, forced where it had no choice.
func TestReplaysGradeAlike(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.until("the results", f.resultsRead)
		// A board where the hard bot's line parts from the person's
		// after a few steps, a bot's among them.
		board, at := 0, 0
		for b := 1; b <= 8 && at < 4; b++ {
			board = b
			at, _, _, _ = f.s.parting(b)
		}
		if at < 4 {
			t.Fatalf("%d players: every board parts within 3 steps", n)
		}
		for range board - 1 {
			f.hs.Press("down")
		}
		f.hs.Press("y")
		f.until("your play's analysis", func() bool { return pointsLost(f.text()) != "" })
		yours := pointsLost(f.text())
		mine := f.stepLines(at)
		f.hs.Press("esc", "enter")
		f.until("the hard bot's analysis", func() bool { return pointsLost(f.text()) != "" })
		its := pointsLost(f.text())
		if want := strings.ReplaceAll(its, "Hard bot", "You"); yours != want || !strings.Contains(yours, " · ") {
			t.Errorf("%d players: points lost in your play %q, in the hard bot's %q", n, yours, its)
		}
		// The steps before the lines part are the same actions, graded
		// alike.
		par := f.stepLines(at)
		bots := 0
		for i := range mine {
			if strings.Contains(mine[i], "Bot") || strings.Contains(mine[i], "West") {
				bots++
			}
			// A move taken for the person says why; the hard bot's, in
			// the person's seat but not "you", is marked forced.
			if automatic.ReplaceAllString(mine[i], " · forced.") != strings.ReplaceAll(par[i], "Hard bot", "You") {
				t.Errorf("%d players, board %d: in your play %q, in the hard bot's %q", n, board, mine[i], par[i])
			}
		}
		if bots == 0 {
			t.Errorf("%d players, board %d: no bot's step before step %d: %q", n, board, at, mine)
		}
	})
}

// automatic is the reason a replay gives for a move taken for the
// person: " (automatic: you hold no sequence)."
var automatic = regexp.MustCompile(` \(automatic: [^)]*\)\.`)

// stepLines are the replay's step sentences, from the first step to
// step last.
func (f *fixture) stepLines(last int) []string {
	f.hs.Press("home")
	var out []string
	step := regexp.MustCompile(`Step [0-9]+:.*`)
	for range last {
		f.hs.Press("right")
		out = append(out, step.FindString(f.text()))
	}
	return out
}

// TestResultsKeysOfferYours: the keys of the results at 80 columns
// offer both replays, the hard bot's line and the person's play (y),
// and the history, and end with quit.
func TestResultsKeysOfferYours(t *testing.T) {
	f := newFixture(t, 2, "")
	f.until("the results", f.resultsRead)
	var keys []string
	for _, l := range strings.Split(f.text(), "\n") {
		if strings.Contains(l, "q quit") || strings.Contains(l, "enter hard bot's line") {
			keys = append(keys, strings.TrimSpace(l))
		}
	}
	all := strings.Join(keys, " · ")
	if !strings.Contains(all, "enter hard bot's line") || !strings.Contains(all, "y yours") || !strings.Contains(all, "h history") ||
		!strings.HasSuffix(all, "q quit") {
		t.Errorf("the results' keys: %q", keys)
	}
}

// TestResultsKeysKeepYoursASCII: with arrows, and under -ascii whose
// arrows are words ("up or down"), the results' keys at 80 columns
// offer y (the person's own play), h (the history) and every other
// key, on two lines if need be, each line within the window.
func TestResultsKeysKeepYoursASCII(t *testing.T) {
	f := newFixture(t, 3, "", quickPar)
	f.until("the results", f.resultsRead)
	r := f.s.sub.(*results)
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		text := ansi.Strip(r.View(&ctx))
		if ascii {
			text = kit.ASCIIText(text)
		}
		var keys []string
		for _, l := range strings.Split(text, "\n") {
			if kit.WidthOf(l) > 80 {
				t.Errorf("ascii %v: a line wider than the window: %q", ascii, l)
			}
			if strings.Contains(l, "board") && strings.Contains(l, "enter") || strings.Contains(l, "q quit") {
				keys = append(keys, strings.TrimSpace(l))
			}
		}
		all := strings.Join(keys, " ")
		for _, want := range []string{"board", "enter hard bot's line", "y yours", "s standings", "h history", "? help", "q quit"} {
			if !strings.Contains(all, want) {
				t.Errorf("ascii %v: the results' keys %q leave out %q", ascii, keys, want)
			}
		}
	}
}
