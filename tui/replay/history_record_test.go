package replay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/study/stats"
	"github.com/klob/klob/rules"
)

// TestHistoryRecordLeavesOutGamesLeftToBots: bob's history holds a game
// he left at one seat count, which a bot finished in his seat, the
// games he finished at the other two, all with ann and normal bots, and
// a game of two he did not finish. At 2, 3 and 4 seats for the game
// left, his record says "1 left to bots, not counted below" and every
// line below holds the other games' figures alone: the won/finished
// games by opponents and by seat count, and the deals' averages and
// rates, which are those of the record of the other games without the
// left one. No level or seat count is shown as 0/0: the left game's
// only, or the unfinished game's, are not shown.
func TestHistoryRecordLeavesOutGamesLeftToBots(t *testing.T) {
	files := map[int]string{
		2: "03-melds-need-trick-off.klob",
		3: "tables/3-01-every-house-variant.klob",
		4: "tables/4-05-four-tie.klob",
	}
	const unfinished = "saves/in-play.klob"
	bots := func(n int) []string { return []string{"Bot C", "Bot D"}[:n-2] }
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dir, keep := historyState(t)
			left := []string{gamelog.TakeoverComment(2, "bob", "normal", rules.SeatB)}
			var kept []*gamelog.Replay // the games that count beside "left to bots"
			put := func(name, file string, players int, comments []string) {
				t.Helper()
				l, err := gamelog.Parse(file, sharedLog(t, file, bots(players)...))
				require.NoError(t, err)
				l.Comment = comments
				b, err := l.MarshalText()
				require.NoError(t, err)
				keep(name, b)
				r, err := l.Replay()
				require.NoError(t, err)
				if comments == nil {
					kept = append(kept, r)
				} else {
					require.True(t, r.Over, "%s: the bot finished the game bob left", file)
				}
			}
			put("2026-01-01-1200-left.klob", files[n], n, left)
			day := 2
			for m := 2; m <= 4; m++ {
				if m != n {
					put(fmt.Sprintf("2026-01-%02d-1200-done.klob", day), files[m], m, nil)
					day++
				}
			}
			put("2026-01-09-1200-unfinished.klob", unfinished, 2, nil)

			// What each line says, from the logs: the games bob
			// finished by opponents and by seat count, won by his side.
			var want stats.Stats
			won, finished := 0, 0
			levels := map[string][2]int{}
			seats := map[int][2]int{}
			for _, r := range kept {
				require.True(t, want.AddFor(r, "key-bob"))
				if !r.Over {
					continue
				}
				players := r.Header.Seats()
				w := 0
				if r.Winner == rules.SideOfSeat(players, rules.SeatB) {
					w = 1
				}
				won, finished = won+w, finished+1
				// ann, and from three seats a normal bot, are against bob
				// (at four, ann in A and Bot C in C).
				lv := "people"
				if players > 2 {
					lv = "normal+people"
				}
				levels[lv] = [2]int{levels[lv][0] + w, levels[lv][1] + 1}
				seats[players] = [2]int{seats[players][0] + w, seats[players][1] + 1}
			}
			var by, bySeats []string
			for _, lv := range []string{"normal+people", "people"} {
				if c, ok := levels[lv]; ok {
					by = append(by, fmt.Sprintf("%s %d/%d", lv, c[0], c[1]))
				}
			}
			for m := 2; m <= 4; m++ {
				if c, ok := seats[m]; ok {
					bySeats = append(bySeats, fmt.Sprintf("%s %d/%d", countWord(m), c[0], c[1]))
				}
			}
			require.Equal(t, 2, finished)
			require.Positive(t, want.MakerDone, "the bete rate is a figure")
			wantLines := []string{
				fmt.Sprintf("Your record: | 2 games finished, %d won; 1 left to bots, not counted below; 1 unfinished", won),
				"won/finished | against " + strings.Join(by, " · "),
				"by players | " + strings.Join(bySeats, " · "),
				fmt.Sprintf("per deal | you averaged %.1f over %d deals; the other sides %.1f each", want.AvgPerDeal(), want.Deals, want.OppAvgPerDeal()),
				fmt.Sprintf("as maker | take rate %.0f%% · bete rate %.0f%%", 100*want.TakeRate(), 100*want.BeteRate()),
			}

			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true, Player: "key-bob"})
			hist := hs.Screen.(*History)
			require.Len(t, hist.rows, 4)
			var got []string
			for _, l := range hist.recordLines(&hs.Ctx) {
				got = append(got, strings.TrimSpace(ansi.Strip(l[0]))+" | "+l[1])
			}
			require.Equal(t, wantLines, got)
			screen := text(hs)
			require.NotContains(t, screen, "0/0", "a level or seat count with no game finished")
			require.Contains(t, screen, "left to bots")
			for _, l := range strings.Split(screen, "\n") {
				require.LessOrEqual(t, ansi.StringWidth(l), 80, l)
			}
		})
	}
}

// TestHistoryRecordOfGamesLeftOnly: when every game of bob's was left to
// bots, at 2, 3 and 4 seats, his record is that line alone: no level,
// seat count nor deal figure of 0 games or 0 deals.
func TestHistoryRecordOfGamesLeftOnly(t *testing.T) {
	files := map[int]string{
		2: "03-melds-need-trick-off.klob",
		3: "tables/3-01-every-house-variant.klob",
		4: "tables/4-05-four-tie.klob",
	}
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dir, keep := historyState(t)
			l, err := gamelog.Parse(files[n], sharedLog(t, files[n], []string{"Bot C", "Bot D"}[:n-2]...))
			require.NoError(t, err)
			l.Comment = []string{gamelog.TakeoverComment(2, "bob", "normal", rules.SeatB)}
			b, err := l.MarshalText()
			require.NoError(t, err)
			keep("2026-01-01-1200-left.klob", b)

			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true, Player: "key-bob"})
			lines := hs.Screen.(*History).recordLines(&hs.Ctx)
			require.Len(t, lines, 1, "%q", lines)
			require.Equal(t, "0 games finished, 0 won; 1 left to bots", lines[0][1])
			screen := text(hs)
			for _, no := range []string{"0/0", "0 deals", "take rate"} {
				require.NotContains(t, screen, no)
			}
		})
	}
}
