package replay

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// gamesTo100 are games to 100 against normal bots at two, three and
// four players, played at the terminal: every deal is near the game's
// end, so the analysis grades by the chance to win.
var gamesTo100 = []string{"testdata/to100-2.klob", "testdata/to100-3.klob", "testdata/to100-4.klob"}

// endGameAnalyze is fakeAnalyze near a game's end: every graded
// decision is graded by the chance to win, which its loss in points
// over 400 gives, but where mixed keeps the first of every three that
// lose 4 points or more graded by points (the worse of its two losses); the
// summaries are added up again as the analysis adds them.
func endGameAnalyze(mixed bool) func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
	return func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		rep, err := fakeAnalyze(ctx, r, opt)
		if err != nil {
			return nil, err
		}
		rep.Players = [4]analysis.Summary{}
		byPoints := 0
		for i := range rep.Deals {
			dr := &rep.Deals[i]
			dr.Players = [4]analysis.Summary{}
			for j := range dr.Decisions {
				dec := &dr.Decisions[j]
				keep := false
				if mixed && dec.Graded() && dec.Loss >= 4 {
					keep = byPoints%3 == 0
					byPoints++
				}
				if dec.Graded() && !keep {
					dec.ByWin, dec.WinLoss = true, dec.Loss/400
					switch {
					case dec.WinLoss >= 0.02:
						dec.Grade = analysis.Blunder
					case dec.WinLoss >= 0.01:
						dec.Grade = analysis.Mistake
					case dec.WinLoss >= 0.005:
						dec.Grade = analysis.Inaccuracy
					default:
						dec.Grade = analysis.Good
					}
				}
				if dec.Grade == analysis.NotGraded {
					continue
				}
				for _, sm := range []*analysis.Summary{&dr.Players[dec.Seat], &rep.Players[dec.Seat]} {
					sm.Counts[dec.Grade]++
					if !dec.Graded() {
						sm.Forced++
						continue
					}
					sm.Graded++
					if !dec.ByWin {
						sm.ByPoints++
					}
					sm.Lost += dec.PointsLost()
					sm.WinLost += dec.WinLost()
				}
			}
		}
		return rep, nil
	}
}

// TestGameTo100Analysis: in a game to 100, where every decision is
// graded by the chance to win or, the worse of its two losses, by
// points, the analysis line and the deal's end say only what has
// figures, at two, three and four players: no points lost of "–/–"
// beside the chance (it read "Points lost, deal/game: You –/–; chance
// to win lost per decision: 2.5%/3.8%"), no table of points whose one row
// says "graded by the chance to win" in place of figures. The goldens
// are the last deal's end, every decision graded by the chance
// ("chance") or some by points ("mixed").
func TestGameTo100Analysis(t *testing.T) {
	for _, file := range gamesTo100 {
		for _, mixed := range []bool{false, true} {
			kind := map[bool]string{false: "chance", true: "mixed"}[mixed]
			t.Run(fmt.Sprintf("%s/%s", file, kind), func(t *testing.T) {
				_, r, err := gamelog.ReadReplay(file)
				require.NoError(t, err)
				hs := kittest.New(t, New(r, "to100", Config{Analyze: endGameAnalyze(mixed)}, nil), 80, 24, false)
				hs.Press("a", "end")
				screen := text(hs)
				kittest.Golden(t, fmt.Sprintf("to100-%d-%s-80x24", r.Players(), kind), screen)
				for _, bad := range []string{"–/–", "You –;", "You –\n", "graded by the chance to win", "Points lost: ·"} {
					assert.NotContains(t, screen, bad)
				}
				assert.Contains(t, screen, "Chance to win lost")
				if !mixed {
					assert.NotContains(t, screen, "Points lost", "no decision counted in points")
					assert.Contains(t, screen, "Chance to win lost per decision")
				}
				for _, line := range strings.Split(screen, "\n") {
					assert.LessOrEqual(t, kit.WidthOf(line), 80, line)
				}
			})
		}
	}
}
