package lobby

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// longName is the i-th name of the longest a name holds (names.Max),
// with the key's tag the lists add to a namesake's (hall.Label).
func longName(i int) string {
	name := fmt.Sprintf("Maximiliana-Longname-%03d", i)
	if len([]rune(name)) != names.Max {
		panic("longName is not names.Max long")
	}
	return name + " #" + strings.Repeat(fmt.Sprint(i%10), hall.TagLen)
}

// longTables are eight tables of n seats with the longest rows a list
// shows: every seat's name at its longest but one seat free (a bot's
// once started), every house variant of n seats, the hard bots, a
// four-digit target; the first is the person's, its game over.
func longTables(n int, started bool) []hall.Info {
	o := rules.DefaultOptions()
	o.Players = n
	o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
	o = o.Applicable()
	var out []hall.Info
	for i := range 8 {
		seats := make([]string, n)
		for s := range seats {
			if s != (i+1)%n {
				seats[s] = longName(i*4 + s)
			}
		}
		out = append(out, hall.Info{Code: fmt.Sprintf("LN%02d", i), Seats: n, Names: seats, Level: ai.Hard,
			Target: 1000, Started: started || i == 0, Over: i == 0, Yours: i == 0, Rules: o, Here: true})
	}
	return out
}

// tableRows are the rows of the tables shown, by code: the line that
// begins with the code (after the cursor's place) and those that go on
// with it (set in by five, not its house variants), joined.
func tableRows(text string) map[string]string {
	rows := map[string]string{}
	code := ""
	for _, line := range strings.Split(text, "\n") {
		if m := regexp.MustCompile(`^ [ ▶>] (LN\d\d)  `).FindStringSubmatch(line); m != nil {
			code = m[1]
			rows[code] = line
			continue
		}
		if code != "" && regexp.MustCompile(`^     \S`).MatchString(line) && !strings.HasPrefix(line, "     house:") {
			rows[code] += " " + strings.TrimSpace(line)
			continue
		}
		code = ""
	}
	return rows
}

// A long list of tables at 80×24 (a rated person's lobby with its talk;
// the watch list) shows each table it has room for on a line of its
// own that still names every seat, the free one whole ("(free)", or
// the bot that took it), the people's names shortened with "…" when
// they do not all fit: never a row cut after its first names. Every
// line fits the window. At every seat count, the cursor on the menu or
// on a table, under -ascii too.
func TestLongListRowsKeepEverySeat(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			for _, row := range []int{0, len(items) + 3} {
				l, ctx := steadyLobby(t, 0, true, true, 3)
				*ctx = kit.NewContext(ascii)
				ctx.Width, ctx.Height = 80, 24
				l.cfg.Player = hall.Player{ID: strings.Repeat("c", 64), Name: "Clara-Josephine-Schumann"}
				l.tables, l.row = longTables(n, false), row
				w := &watchList{l: l, tables: longTables(n, true), row: row - len(items)}
				for name, view := range map[string]string{"lobby": l.View(ctx), "watch list": w.View(ctx)} {
					text := ansi.Strip(view)
					lines := strings.Split(text, "\n")
					require.LessOrEqual(t, len(lines), 24, "%s:\n%s", name, text)
					for _, line := range lines {
						require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: a line wider than the window: %q", name, line)
					}
					rows := tableRows(text)
					require.NotEmpty(t, rows, "%s shows no table:\n%s", name, text)
					for code, line := range rows {
						free := "(free)"
						if name == "watch list" || code == "LN00" {
							free = hall.BotName(n, rules.Seat((int(code[3]-'0')+1)%n))
						}
						if ascii {
							line = kit.ASCIIText(line)
						}
						require.Contains(t, line, free, "%s: a row without its free seat:\n%s", name, text)
						require.Equal(t, n-1, strings.Count(line, ", "), "%s: a row without all its seats: %q", name, line)
					}
					if n == 4 && row > 0 && !ascii {
						kittest.Golden(t, "longlist4-80x24-"+strings.ReplaceAll(name, " ", ""), text)
					}
				}
			}
		}
	})
}

// The waiting room's offers wrap between two offers when the window is
// too narrow for them on one line (the host of three or four seats, a
// seat free to move to and the table private: "[m] move to the next
// free seat   [P] let spectators watch   [esc] leave the table" is 82
// columns): every offer shows whole at 80 columns, and a click on one
// on its second line still presses its key. At every seat count.
func TestWaitingRoomOffersFit(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		o := rules.DefaultOptions()
		o.Players = n
		ann := hall.Player{ID: "a", Name: "ann"}
		l := New(Config{Player: ann, Hall: h})
		tb, err := h.Open(ann, hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: 1, Private: true})
		require.NoError(t, err)
		ctx := kittest.Context(80, 24)
		next, _ := l.join(&ctx, tb)
		host := next.(*SharedSeat)
		text := ansi.Strip(host.View(&ctx))
		offers := []string{"[P] let spectators watch", "[esc] leave the table", "[s] start: "}
		if hall.Movable(n) {
			offers = append(offers, "[m] move to the next free seat")
		}
		for _, offer := range offers {
			require.Contains(t, text, offer, "an offer cut:\n%s", text)
		}
		next, _ = host.Update(&ctx, kittest.ClickOn(t, host.View(&ctx), "[esc] leave"))
		require.Same(t, l, next, "a click on [esc] does not leave the table")
	})
}
