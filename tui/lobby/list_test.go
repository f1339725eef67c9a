package lobby

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/serve/club"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/lobby/lobbytest"
	"github.com/klob/klob/tui/setup"
)

// A table's free seat reads "(free)" while it waits and its bot's name
// once the game plays, in the lobby's list and in the watch list, at
// every seat count; never an empty name between commas. Its bots are
// named by how many seats they play: "no bots" where people hold every
// seat.
func TestTableLinesNameEverySeat(t *testing.T) {
	for _, tc := range []struct {
		info         hall.Info
		lobby, watch string
	}{
		{hall.Info{Code: "ABCD", Seats: 2, Names: []string{"ann", ""}, Level: ai.Normal, Target: 500},
			"ABCD  waiting for players · ann, (free) · 2 seats · normal bot · to 500", ""},
		{hall.Info{Code: "ABCD", Seats: 3, Names: []string{"ann", "", "cid"}, Level: ai.Hard, Target: 300, Started: true},
			"ABCD  playing · ann, Bot B, cid · 3 seats · hard bot · to 300",
			"ABCD  ann, Bot B, cid · 3 seats · to 300"},
		{hall.Info{Code: "WXYZ", Seats: 4, Names: []string{"ann", "bob", "cid", ""}, Level: ai.Normal, Target: 500, Started: true},
			"WXYZ  playing · ann, bob, cid, Bot D · 4 seats · normal bot · to 500",
			"WXYZ  ann, bob, cid, Bot D · 4 seats · to 500"},
		// At two the bot is "Bot", as the game's own screens name it.
		{hall.Info{Code: "UGGC", Seats: 2, Names: []string{"eve", ""}, Level: ai.Normal, Target: 500, Started: true},
			"UGGC  playing · eve, Bot · 2 seats · normal bot · to 500",
			"UGGC  eve, Bot · 2 seats · to 500"},
		{hall.Info{Code: "WXYZ", Seats: 2, Names: []string{"ann", "bob"}, Level: ai.Normal, Target: 500, Started: true, Over: true, Yours: true},
			"WXYZ  game over · your seat · ann, bob · 2 seats · no bots · to 500", ""},
	} {
		assert.Equal(t, tc.lobby, tableLine(tc.info).String())
		if tc.watch != "" {
			assert.Equal(t, tc.watch, watchLine(tc.info).String())
		}
	}
}

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

// The watch list's line under a long list says how many tables are out
// of view, and "it" for one of them, "them" for more: "↑ 1 more above
// (↑/↓ to see it)". At every seat count, lists of every length with the
// cursor on each table.
func TestWatchListSaysTheTablesOutOfView(t *testing.T) {
	counted := regexp.MustCompile(`^   (?:↑ (\d+) more above)?(?: · )?(?:↓ (\d+) more below)? \(↑/↓ to see (it|them)\)$`)
	seen := map[string]bool{}
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		all := longTables(n, true)
		for k := 1; k <= len(all); k++ {
			for row := range k {
				l, ctx := steadyLobby(t, 0, false, false, 0)
				w := &watchList{l: l, tables: all[:k], row: row}
				text := ansi.Strip(w.View(ctx))
				for _, line := range strings.Split(text, "\n") {
					if !strings.Contains(line, "to see") {
						continue
					}
					m := counted.FindStringSubmatch(strings.TrimRight(line, " "))
					require.NotNil(t, m, "%q", line)
					above, _ := strconv.Atoi(m[1])
					below, _ := strconv.Atoi(m[2])
					want := map[bool]string{true: "it", false: "them"}[above+below == 1]
					assert.Equal(t, want, m[3], "%q", line)
					seen[m[3]] = true
				}
			}
		}
	})
	assert.True(t, seen["it"] && seen["them"], "both are seen: %v", seen)
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
// too narrow for them on one line (the host, a seat free to move to and
// the table private: "[m] move to the next
// free seat   [P] let spectators watch   [esc] leave the table" is 82
// columns): every offer shows whole at 80 columns, and a click on one
// on its second line still presses its key; m moves the host on to the
// next free seat. At every seat count, two included.
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
		offers := []string{"[P] let spectators watch", "[esc] leave the table", "[s] start: ", "[m] move to the next free seat"}
		for _, offer := range offers {
			require.Contains(t, text, offer, "an offer cut:\n%s", text)
		}
		require.Equal(t, rules.Seat(0), host.conn.Seat())
		host.Update(&ctx, kittest.Key("m"))
		require.Equal(t, rules.Seat(1), host.conn.Seat(), "m did not move the host:\n%s", ansi.Strip(host.View(&ctx)))
		next, _ = host.Update(&ctx, kittest.ClickOn(t, host.View(&ctx), "[esc] leave"))
		require.Same(t, l, next, "a click on [esc] does not leave the table")
	})
}

// TestWatchListKeepsItsTable: the list read again keeps the cursor on
// the table it was on, wherever that table now stands; when that table
// has gone from the list, the list says so, so that enter does not
// watch the table that took its row unseen.
func TestWatchListKeepsItsTable(t *testing.T) {
	h := randomHall(t, hall.Config{})
	var conns []*hall.Conn
	var codes []string
	for i := range 3 {
		p := hall.Player{ID: string(rune('a' + i)), Name: "host" + string(rune('a'+i))}
		tb, err := h.Open(p, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: uint64(i + 1)})
		require.NoError(t, err)
		conn, err := tb.Join(p)
		require.NoError(t, err)
		require.NoError(t, conn.Start())
		conns, codes = append(conns, conn), append(codes, tb.Code())
	}
	w := newWatchList(New(Config{Player: hall.Player{ID: "z", Name: "zed"}, Hall: h}))
	require.Len(t, w.tables, 3)
	at := func(code string) int {
		return slices.IndexFunc(w.tables, func(in hall.Info) bool { return in.Code == code })
	}
	mid := w.tables[1].Code
	w.row = 1
	first := w.tables[0].Code
	require.NoError(t, conns[slices.Index(codes, first)].SetPrivate(true))
	w.refresh()
	require.Equal(t, at(mid), w.row, "the cursor left its table when another went")
	require.Empty(t, w.note)
	require.NoError(t, conns[slices.Index(codes, mid)].SetPrivate(true))
	w.refresh()
	require.Len(t, w.tables, 1)
	require.True(t, strings.Contains(w.note, mid), "the list does not say the table went: %q", w.note)
}

// houseText is the house variants a list shows, its "house: " line and
// the lines set in under it joined, "" for none.
func houseText(text string) string {
	var parts []string
	for _, line := range strings.Split(text, "\n") {
		s := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(s, "house: "):
			parts = []string{s}
		case len(parts) > 0 && strings.HasPrefix(line, "            ") && s != "":
			parts = append(parts, s)
		case len(parts) > 0:
			return strings.Join(parts, " ")
		}
	}
	return strings.Join(parts, " ")
}

// A table with house variants says them under its row, in the lobby's
// list and in the watch list, at every seat count: only those its seat
// count plays, whole, wrapped where the window is too narrow for them
// (each variant whole on a line, under -ascii too), every line in the
// window.
func TestTableListsSayHouseVariants(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
		names := []string{"ann", "", "", ""}[:n]
		info := hall.Info{Code: "YMBL", Seats: n, Names: names, Level: ai.Normal, Target: 200, Rules: o}
		want := map[int]string{
			2: "house: three or four of a kind, menage, dealer forced, bimah",
			3: "house: three or four of a kind, menage, dealer forced, bimah, shlomo",
			4: "house: three or four of a kind, menage, dealer forced, bimah, shlomo, cleopatra",
		}[n]
		for _, ascii := range []bool{false, true} {
			ctx := kit.NewContext(ascii)
			ctx.Width, ctx.Height = 80, 24
			l := &Lobby{cfg: &Config{Player: hall.Player{ID: "b", Name: "bob"}}, tables: []hall.Info{info}}
			w := &watchList{l: l, tables: []hall.Info{info}}
			for name, view := range map[string]string{"lobby": l.View(&ctx), "watch list": w.View(&ctx)} {
				text := ansi.Strip(view)
				if ascii {
					text = kit.ASCIIText(text)
				}
				for _, line := range strings.Split(text, "\n") {
					if ansi.StringWidth(line) > 80 {
						t.Errorf("%s: a line wider than the window: %q", name, line)
					}
				}
				if got := houseText(text); got != want {
					t.Errorf("%s: %q, want %q:\n%s", name, got, want, text)
				}
				if n == 4 {
					kittest.Golden(t, fmt.Sprintf("house4-80x24-%s-ascii-%v", strings.ReplaceAll(name, " ", ""), ascii), text)
				}
			}
			// A narrow window wraps them further, a variant never
			// broken.
			ctx.Width = 40
			got := houseLines(&ctx, info, false)
			for _, line := range got {
				if ansi.StringWidth(ansi.Strip(line)) > 40 {
					t.Errorf("at 40 columns: %q is wider", ansi.Strip(line))
				}
			}
			if text := houseText(ansi.Strip(strings.Join(got, "\n"))); text != want {
				t.Errorf("at 40 columns: %q, want %q", text, want)
			}
		}
	})
}

// When the lobby is short of rows (a rated person's, with the talk and
// a note of two lines under the tables), a table's house variants stay: its row's tail (the bots,
// the target) gives way first, its first line ending with "…". At
// every seat count, the table chosen or not.
func TestShortListKeepsHouseVariants(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
		info := hall.Info{Code: "YMBL", Seats: n, Names: make([]string, n), Level: ai.Normal, Target: 200, Rules: o}
		want := "house: " + strings.Join(o.VariantsPlayed(), ", ")
		for _, chosen := range []bool{false, true} {
			l, ctx := steadyLobby(t, 0, true, true, 3)
			l.tables = []hall.Info{info}
			if chosen {
				l.row = len(items)
			}
			l.setNote("The table you left is closed: its game ended while you were away, and its seats are "+
				"free again for anyone who wants to play.", false)
			text := ansi.Strip(l.View(ctx))
			lines := strings.Split(text, "\n")
			require.LessOrEqual(t, len(lines), 24, text)
			for _, line := range lines {
				require.LessOrEqual(t, ansi.StringWidth(line), 80, "a line wider than the window: %q", line)
			}
			require.Contains(t, text, "YMBL", "the table is not shown")
			require.Contains(t, text, "free again for anyone", "the note is not shown whole")
			if got := houseText(text); got != want {
				t.Errorf("chosen %v: %q, want %q:\n%s", chosen, got, want, text)
			}
		}
	})
}

// A table without house variants keeps its row alone.
func TestTableListsWithoutVariants(t *testing.T) {
	info := hall.Info{Code: "YMBL", Seats: 2, Names: []string{"ann", ""}, Level: ai.Normal, Target: 500, Rules: rules.DefaultOptions()}
	ctx := kittest.Context(80, 24)
	l := &Lobby{cfg: &Config{Player: hall.Player{ID: "b", Name: "bob"}}, tables: []hall.Info{info}}
	if v := ansi.Strip(l.View(&ctx)); strings.Contains(v, "house") {
		t.Errorf("a table without variants speaks of them:\n%s", v)
	}
}

// The hall gives the lobby each table's rules: a table opened with
// variants is listed with them.
func TestHallListsTheTablesRules(t *testing.T) {
	h := randomHall(t, hall.Config{})
	o := rules.DefaultOptions()
	o.Menage = true
	_, err := h.Open(hall.Player{ID: "a", Name: "ann"}, hall.Options{Seats: 2, Rules: o, Level: ai.Random, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	l := New(Config{Player: hall.Player{ID: "b", Name: "bob"}, Hall: h})
	l.Refresh()
	ctx := kittest.Context(80, 24)
	if v := ansi.Strip(l.View(&ctx)); !strings.Contains(v, "house: menage") {
		t.Errorf("the list does not say the table's variants:\n%s", v)
	}
}

// The lobby's table list, the help and the form's rows name a table's
// house variants with the same words, the rules' (rules.VariantsPlayed),
// at every seat count.
func TestListAndHelpNameVariantsAlike(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		o := rules.DefaultOptions()
		o.Players = n
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah, o.Shlomo, o.Cleopatra = true, true, true, true, true, true
		played := strings.Join(o.VariantsPlayed(), ", ")

		ctx := kittest.Context(200, 24) // wide enough to cut nothing
		info := hall.Info{Code: "YMBL", Seats: n, Names: make([]string, n), Level: ai.Normal, Target: 200, Rules: o}
		if got := strings.TrimSpace(ansi.Strip(strings.Join(houseLines(&ctx, info, false), ""))); got != "house: "+played {
			t.Errorf("the list says %q, want %q", got, "house: "+played)
		}
		help := ansi.Strip(strings.Join(kit.NewHelpView(nil).For(o).Lines(&ctx), " "))
		if !strings.Contains(strings.Join(strings.Fields(help), " "), "House variants played: "+played+";") {
			t.Errorf("the help does not say %q:\n%s", played, help)
		}
		var rows []string
		for _, r := range setup.VariantRows(&setup.Setup{Options: o}) {
			rows = append(rows, strings.ToLower(r.Label))
		}
		if got := strings.Join(rows, ", "); got != played {
			t.Errorf("the form's rows say %q, want %q", got, played)
		}
	})
}

// The waiting room's help gives the table's rules, as the game's does:
// its seat count and house variants, not the standard game of two. At
// every seat count.
func TestWaitingRoomHelpRules(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		h := randomHall(t, hall.Config{})
		ann := hall.Player{ID: "a", Name: "ann"}
		o := rules.DefaultOptions()
		o.OfAKind, o.Menage, o.DealerForced, o.Bimah = true, true, true, true
		o.Shlomo, o.Cleopatra = n > 2, n == 4
		tb, err := h.Open(ann, hall.Options{Seats: n, Rules: o, Level: ai.Random, Seed: 1})
		require.NoError(t, err)
		l := New(Config{Player: ann, Hall: h})
		ctx := kittest.Context(80, 24)
		scr, _ := l.join(&ctx, tb)
		s, ok := scr.(*SharedSeat)
		require.True(t, ok, "%T", scr)
		got, ok := kit.HelpRulesOf(s)
		require.True(t, ok, "the waiting room's help has no rules")
		require.Equal(t, n, got.NumPlayers())
		want := o
		want.Players = got.Players
		require.Equal(t, want, got)
	})
}

// A table's line too long for 80 columns breaks after a name's comma or
// a part's "·", never inside a name (two words of one name on two lines
// read as two names), the rest set in under the row, in the watch
// list; the lobby's list keeps the row on one line, a name cut short
// ending in "…" rather than broken (TestLobbyRowsFitOneLine).
func TestLongTableLineKeepsNamesWhole(t *testing.T) {
	names := []string{"Anne Marie Fitzgerald", "Bob Alexander Smith", "Cid Campeador Diaz", "Dan Danielsson"}
	info := hall.Info{Code: "WXYZ", Seats: 4, Names: names, Level: ai.Normal, Target: 500, Started: true}
	ctx := kittest.Context(80, 24)
	l := &Lobby{cfg: &Config{Player: hall.Player{ID: "a", Name: "ann"}}, tables: []hall.Info{info}}
	w := &watchList{l: l, tables: []hall.Info{info}}
	for name, view := range map[string]string{"lobby": l.View(&ctx), "watch list": w.View(&ctx)} {
		var row []string
		for _, line := range strings.Split(ansi.Strip(view), "\n") {
			switch {
			case strings.Contains(line, "WXYZ"):
				row = append(row, line)
			case len(row) > 0 && strings.HasPrefix(line, "     ") && strings.TrimSpace(line) != "":
				row = append(row, line)
			case len(row) > 0:
				goto done
			}
		}
	done:
		if name == "lobby" {
			require.Len(t, row, 1, "the lobby's row is one line")
			for _, n := range names {
				cut := ""
				for _, part := range strings.Split(strings.TrimSuffix(strings.SplitN(row[0], " · ", 3)[1], ","), ", ") {
					if strings.HasPrefix(n, strings.TrimSuffix(part, "…")) && part != "" {
						cut = part
					}
				}
				require.True(t, cut == n || strings.HasSuffix(cut, "…"), "%q is neither whole nor cut with …: %q", n, row[0])
			}
			continue
		}
		if len(row) < 2 {
			t.Fatalf("%s: the table's line has no rest set in under it:\n%s", name, ansi.Strip(view))
		}
		for _, n := range names {
			whole := false
			for _, line := range row {
				whole = whole || strings.Contains(line, n)
			}
			if !whole {
				t.Errorf("%s: %q is broken over two lines:\n%s", name, n, strings.Join(row, "\n"))
			}
		}
		for _, line := range row {
			if ansi.StringWidth(line) > 80 {
				t.Errorf("%s: a line wider than the window: %q", name, line)
			}
		}
	}
}

// The rating line too long for 80 columns breaks between its pools,
// never inside one: "(no game" on one line and "yet)" on the next read
// badly; the "·" between two pools goes with the break, never left
// dangling at a line's end or start.
func TestRatingLineBreaksBetweenPools(t *testing.T) {
	ctx := kittest.Context(80, 24)
	var card []club.Standing
	for _, n := range club.Pools() {
		card = append(card, club.Standing{Seats: n, Shown: rating.Shown{Points: 1500, PlusMinus: 350}})
	}
	l := &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a", Name: "ann"}}, club: clubState{card: card}}
	lines := l.clubLines(&ctx, 0)
	if len(lines) < 2 {
		t.Fatalf("the rating fits one line: %q", lines)
	}
	for _, line := range lines {
		line = ansi.Strip(line)
		if ansi.StringWidth(line) > 80 {
			t.Errorf("a line wider than the window: %q", line)
		}
		if s := strings.TrimSpace(line); strings.HasSuffix(s, "·") || strings.HasPrefix(s, "·") {
			t.Errorf("a separator dangles at a line's end or start: %q", line)
		}
		for _, part := range strings.Split(strings.TrimPrefix(strings.TrimSpace(line), "Your rating: "), " · ") {
			if !regexp.MustCompile(`^\d players \d+ ±\d+ \(no game yet\)$`).MatchString(part) {
				t.Errorf("a pool broken over two lines: %q in\n%s", part, ansi.Strip(strings.Join(lines, "\n")))
			}
		}
	}
}

// The rating's lines after the first start under its first pool, as a
// column of pools ("Your rating: 2 players …" over "             3
// players …"), not at the window's edge, at 80 columns, rated or not;
// kept to two lines, the pools say their last game briefly and all
// show, set in alike.
func TestRatingLinesAlignUnderTheFirstPool(t *testing.T) {
	ctx := kittest.Context(80, 24)
	rated := []club.Standing{
		{Seats: 2, Rated: true, Games: 3, Shown: rating.Shown{Points: 1583, PlusMinus: 343}, Last: club.Change{Points: 83}},
		{Seats: 3, Rated: true, Games: 1, Shown: rating.Shown{Points: 1386, PlusMinus: 331}, Last: club.Change{Points: -114}},
		{Seats: 4, Rated: true, Games: 12, Shown: rating.Shown{Points: 1549, PlusMinus: 290}, Last: club.Change{Points: 49}},
	}
	var fresh []club.Standing
	for _, n := range club.Pools() {
		fresh = append(fresh, club.Standing{Seats: n, Shown: rating.Shown{Points: 1500, PlusMinus: 350}})
	}
	for name, card := range map[string][]club.Standing{"rated": rated, "no game yet": fresh} {
		l := &Lobby{cfg: &Config{Club: &lobbytest.Club{}, Player: hall.Player{ID: "a", Name: "ann"}}, club: clubState{card: card}}
		for _, most := range []int{0, 2} {
			lines := l.clubLines(&ctx, most)
			require.Greater(t, len(lines), 1, "%s: the rating fits one line", name)
			if most > 0 {
				require.Len(t, lines, most, name)
			}
			first := ansi.Strip(lines[0])
			col := strings.Index(first, "2 players")
			require.Positive(t, col, "%s: %q", name, first)
			for _, line := range lines[1:] {
				line = ansi.Strip(line)
				require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: %q", name, line)
				require.Equal(t, col, len(line)-len(strings.TrimLeft(line, " ")),
					"%s: a line not under the first pool:\n%s", name, ansi.Strip(strings.Join(lines, "\n")))
			}
			text := kittest.Flat(ansi.Strip(strings.Join(lines, "\n")))
			for _, s := range card {
				require.Contains(t, text, standingWords(s, most > 0), "%s, %d lines: a pool left out", name, most)
			}
		}
	}
}

// The lobby at 80x24 with its talk and a table keeps the rating to two
// lines, set in under the first pool, every pool shown: the room for a
// note under the tables, and the talk's last lines, are kept; with
// more room (no talk) the rating takes its three lines, whole.
func TestLobbyRatingAlignedAt80x24(t *testing.T) {
	for _, talk := range []bool{true, false} {
		l, ctx := steadyLobby(t, 1, true, talk, 3)
		rows := screenLines(l, ctx)
		at := slices.IndexFunc(rows, func(r string) bool { return strings.HasPrefix(r, " Your rating: ") })
		require.GreaterOrEqual(t, at, 0)
		want := []string{
			" Your rating: 2 players 1500 ±350 (no game yet)",
			"              3 players 1500 ±350 (no game yet)",
			"              4 players 1500 ±350 (no game yet)",
		}
		if talk {
			want = []string{
				" Your rating: 2 players 1500 ±350 (no game) · 3 players 1500 ±350 (no game)",
				"              4 players 1500 ±350 (no game)",
			}
		}
		for i, w := range want {
			require.Equal(t, w, strings.TrimRight(rows[at+i], " "), "talk %v:\n%s", talk, strings.Join(rows, "\n"))
		}
		next := strings.TrimSpace(rows[at+len(want)])
		require.True(t, next == "" || next == "[p] Play alone against bots", "talk %v: the rating goes on: %q", talk, next)
	}
}

// The rating's line breaks between the seat counts' entries, never
// inside one: each line holds whole entries ("2 players 1500 ±350 (no
// game yet)"), at every width from 80 down, under -ascii too.
func TestRatingBreaksBetweenEntries(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		for w := 80; w >= 50; w-- {
			l, ctx := steadyLobby(t, 0, true, false, 0)
			*ctx = kit.NewContext(ascii)
			ctx.Width, ctx.Height = w, 24
			var entries []string
			for _, s := range l.club.card {
				entries = append(entries, standingWords(s, false))
			}
			lines := l.clubLines(ctx, 0)
			var got []string
			for i, line := range lines {
				text := strings.TrimSpace(ansi.Strip(line))
				if i == 0 {
					text = strings.TrimPrefix(text, "Your rating: ")
				}
				got = append(got, strings.Split(text, " · ")...)
			}
			require.Equal(t, entries, got, fmt.Sprintf("width %d ascii %v:\n%s", w, ascii, ansi.Strip(strings.Join(lines, "\n"))))
		}
	}
}

// longNameTables are tables of two, three and four seats, waiting and
// playing, where one person goes by a name of 24 letters.
func longNameTables() []hall.Info {
	var tables []hall.Info
	for _, n := range []int{2, 3, 4} {
		for _, started := range []bool{false, true} {
			names := []string{"cid", "Bobby Tables Magnificent", "dan", "eve"}[:n]
			names[n-1] = ""
			code := fmt.Sprintf("ZA%d%c", n, map[bool]rune{false: 'W', true: 'P'}[started])
			tables = append(tables, hall.Info{Code: code, Seats: n, Names: names, Level: ai.Normal, Target: 500, Started: started})
		}
	}
	return tables
}

// A long name follows one rule in every table's row of the lobby's
// list and of the watch list at 80 columns: a row too long wraps whole;
// the row the list's room cuts to one line shortens the names first,
// so that it keeps every seat, its bots and its target: never a row
// that stops after its names. At two, three and four seats; goldens of
// the lists.
func TestLongNameRowsKeepSeatsBotAndTarget(t *testing.T) {
	tables := longNameTables()
	fits := func(what, text string) {
		t.Helper()
		lines := strings.Split(text, "\n")
		require.LessOrEqual(t, len(lines), 24, what)
		for _, line := range lines {
			require.LessOrEqual(t, ansi.StringWidth(line), 80, "%s: %q", what, line)
		}
	}
	l, ctx := steadyLobby(t, 0, false, false, 0)
	// The lobby's room holds the waiting tables and one playing.
	l.tables = []hall.Info{tables[0], tables[2], tables[4], tables[5]}
	lobby := strings.Join(screenLines(l, ctx), "\n")
	w := &watchList{l: l, tables: tables}
	watch := ansi.Strip(w.View(ctx))
	fits("lobby", lobby)
	fits("watch list", watch)
	kittest.Golden(t, "longname-80x24-lobby", lobby)
	kittest.Golden(t, "longname-80x24-watchlist", watch)
	// A rated person's lobby with its talk: the list's room cuts rows to
	// their one line in brief.
	short, sctx := steadyLobby(t, 0, true, true, 3)
	short.tables = l.tables
	cut := strings.Join(screenLines(short, sctx), "\n")
	fits("short lobby", cut)
	kittest.Golden(t, "longname-80x24-lobby-short", cut)
	for i, info := range tables {
		for what, text := range map[string]rowText{"lobby": tableLine(info), "watch list": watchLine(info)} {
			if what == "lobby" && (i == 1 || i == 3) {
				continue // not in the lobby's list
			}
			row := tableRows(strings.ReplaceAll(map[string]string{"lobby": lobby, "watch list": watch}[what], info.Code, "LN00"))["LN00"]
			for _, part := range []string{"cid", text.seats[len(text.seats)-1], fmt.Sprintf("%d seats", info.Seats), "to 500"} {
				assert.Contains(t, row, part, "%s: %s", what, info.Code)
			}
			// Cut to one line by the list's room: every seat, the bots and
			// the target still.
			e := tableEntry(ctx, text, info, false)
			if what == "lobby" {
				e = lobbyEntry(ctx, info, false)
			}
			one, _, _, _ := window([]entry{e}, 0, 1, 80, ctx.Ellipsis())
			require.Len(t, one, 1)
			require.LessOrEqual(t, ansi.StringWidth(one[0]), 80)
			assert.Equal(t, info.Seats-1, strings.Count(one[0], ", "), "%s: %q", what, one[0])
			assert.Contains(t, one[0], text.seats[len(text.seats)-1], "%s: %q", what, one[0])
			assert.True(t, strings.HasSuffix(one[0], "to 500"), "%s: the bots and target are lost: %q", what, one[0])
			if what == "lobby" {
				assert.Contains(t, one[0], "normal bot · to 500", "%s: %q", what, one[0])
			}
		}
	}
}

// The lobby's rows read alike: when one table's row needs its state in
// fewer words to fit 80 columns ("waiting" for "waiting for players"),
// every row of the list says it so, each on one line. At every seat
// count, the short row beside one of a long name.
func TestLobbyRowsWordedAlike(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		long := []string{"Bobby Tables Magnificent", "ann", "cid", "dan"}[:n]
		long[n-1] = ""
		short := []string{"ann", "bob", "cid", "dan"}[:n]
		short[n-1] = ""
		l, ctx := steadyLobby(t, 0, false, false, 0)
		l.tables = []hall.Info{
			{Code: "LN01", Seats: n, Names: short, Level: ai.Normal, Target: 500},
			{Code: "LN02", Seats: n, Names: long, Level: ai.Normal, Target: 500, Yours: true},
		}
		rows := tableRows(strings.Join(screenLines(l, ctx), "\n"))
		require.Len(t, rows, 2)
		for code, row := range rows {
			require.LessOrEqual(t, ansi.StringWidth(row), 80, "%s: %q", code, row)
			assert.Regexp(t, code+`  waiting( \(yours\))? · `, row)
			assert.NotContains(t, row, "waiting for players", "%s: %q", code, row)
		}
	})
}

// Tables opened and left in a loop by people at one address: the burst
// opens, the next is refused on the form, which says how long to wait;
// seats taken and left at someone's table likewise, in the lobby's
// note. The lobby gives the hall its address: the people's keys differ.
func TestLobbySaysToWaitAfterManyTables(t *testing.T) {
	clock := clocktest.New(clocktest.Start())
	h := randomHall(t, hall.Config{Clock: clock, MaxTablesPerAddr: 2})
	ctx := kittest.Context(80, 24)
	at := func(i int) *Lobby {
		return New(Config{Player: hall.Player{ID: fmt.Sprint("k", i), Name: "ann"}, Hall: h, Addr: "192.0.2.1", Clock: clock})
	}
	for i := range 4 { // MaxTablesPerAddr and two
		next, _ := newTableForm(at(i)).open(&ctx)
		seat, ok := next.(*SharedSeat)
		require.True(t, ok, "the table opens: %T", next)
		seat.conn.Leave()
	}
	f := newTableForm(at(4))
	next, _ := f.open(&ctx)
	require.Same(t, f, next, "the form stays")
	require.Contains(t, kittest.Flat(ansi.Strip(f.View(&ctx))),
		"You (or others at your address) opened many tables in a short time: wait 15 seconds.")

	h = randomHall(t, hall.Config{Clock: clock, MaxTablesPerAddr: 2})
	tb := annsTable(t, h, 3)
	at = func(i int) *Lobby {
		return New(Config{Player: hall.Player{ID: fmt.Sprint("b", i), Name: "bob"}, Hall: h, Addr: "198.51.100.7", Clock: clock})
	}
	for i := range 4 { // twice MaxTablesPerAddr
		next, _ := at(i).join(&ctx, tb)
		seat, ok := next.(*SharedSeat)
		require.True(t, ok, "bob sits: %T", next)
		seat.conn.Leave()
	}
	bob := at(4)
	next, _ = bob.join(&ctx, tb)
	require.Same(t, bob, next, "bob stays in the lobby")
	require.Contains(t, kittest.Flat(ansi.Strip(bob.View(&ctx))),
		"You (or others at your address) took many seats in a short time: wait 10 seconds.")
}

// window shows whole entries around the cursor's and counts the rest;
// an entry taller than the room shows its start, cut with "…".
func TestWindow(t *testing.T) {
	entries := []entry{{lines: []string{"a1", "a2"}}, {lines: []string{"b1"}}, {lines: []string{"c1", "c2"}}, {lines: []string{"d1"}}}
	for _, tc := range []struct {
		name         string
		at, room     int
		shown        []string
		above, below int
	}{
		{"all fit", 2, 6, []string{"a1", "a2", "b1", "c1", "c2", "d1"}, 0, 0},
		{"no cursor: the first", -1, 3, []string{"a1", "a2", "b1"}, 0, 2},
		{"the cursor's last", 2, 3, []string{"b1", "c1", "c2"}, 1, 1},
		{"the last", 3, 3, []string{"c1", "c2", "d1"}, 2, 0},
		{"a cut entry", -1, 1, []string{"a1…"}, 0, 3},
		{"the cursor's cut", 2, 1, []string{"c1…"}, 2, 1},
		{"no room", 0, 0, nil, 0, 4},
	} {
		shown, _, above, below := window(entries, tc.at, tc.room, 80, "…")
		assert.Equal(t, tc.shown, shown, tc.name)
		assert.Equal(t, [2]int{tc.above, tc.below}, [2]int{above, below}, tc.name)
	}
	// A cut line as wide as the window gives up its last cell to the
	// mark, which would be lost past the edge.
	full := strings.Repeat("x", 80)
	shown, _, _, _ := window([]entry{{lines: []string{full, "rest"}}}, 0, 1, 80, "…")
	assert.Equal(t, []string{strings.Repeat("x", 79) + "…"}, shown)
	// Under -ascii the mark is "...", three cells, and keeps its room.
	shown, _, _, _ = window([]entry{{lines: []string{full, "rest"}}}, 0, 1, 80, "...")
	assert.Equal(t, []string{strings.Repeat("x", 77) + "..."}, shown)
	assert.Equal(t, "↑ 2 more above · ↓ 1 more below", moreMark(2, 1))
	assert.Equal(t, "↓ 3 more below", moreMark(0, 3))
	assert.Equal(t, "", moreMark(0, 0))
}

// An entry the room cuts keeps its lines of the lowest ranks, in their
// order, each line followed by one left out ending with "…".
func TestWindowKeepsByRank(t *testing.T) {
	// A table's row over two lines, its house variants over two.
	e := entry{lines: []string{"row1", "row2", "house1", "house2"}, rank: []int{0, 2, 1, 1}}
	for room, want := range map[int][]string{
		4: {"row1", "row2", "house1", "house2"},
		3: {"row1…", "house1", "house2"},
		2: {"row1…", "house1…"},
		1: {"row1…"},
	} {
		shown, _, _, _ := window([]entry{e}, 0, room, 80, "…")
		assert.Equal(t, want, shown, "in %d lines", room)
	}
}

// A table whose people are all away, past their grace, stands still: the
// watch list shows it, marked paused, as its code would open it anyway;
// watched, the screen says it is paused because every player is away
// (no countdown runs, so "the seat waits for them" would read as a
// stuck game), until one comes back. At every seat count.
func TestWatchListShowsAPausedTable(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		clock := clocktest.New(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
		h := randomHall(t, hall.Config{Clock: clock, Grace: 2 * time.Minute})
		tb := annsTable(t, h, n)
		ann, bob := hall.Player{ID: "a", Name: "ann"}, hall.Player{ID: "b", Name: "bob"}
		annConn, err := tb.Join(ann)
		require.NoError(t, err)
		bobConn, err := tb.Join(bob)
		require.NoError(t, err)
		require.NoError(t, annConn.Start())
		annConn.Drop()
		bobConn.Drop()
		clock.Advance(3 * time.Minute)

		dan := hall.Player{ID: "d", Name: "dan"}
		l := New(Config{Player: dan, Hall: h, Clock: clock})
		ctx := kittest.Context(80, 24)
		w := newWatchList(l)
		view := kittest.Flat(ansi.Strip(w.View(&ctx)))
		assert.NotContains(t, view, "no table is being played")
		require.Contains(t, view, tb.Code()+" ")
		assert.Contains(t, view, "paused: everyone is away")

		next, _ := w.choose(&ctx)
		ws, ok := next.(*WatchSeat)
		require.True(t, ok, "the paused table is not watched: %s", w.note)
		r := newSeatRun(t, ws)
		r.run(r.s.Enter(r.ctx))
		r.frame = r.view()
		assert.Contains(t, r.frame, "Paused: every player is away.")
		assert.NotContains(t, r.frame, "waits for them")
		assert.NotContains(t, r.frame, "Waiting for")

		_, err = tb.Join(bob)
		require.NoError(t, err)
		r.until("bob back", func() bool { return !strings.Contains(r.frame, "Paused") })
		w.refresh()
		require.Len(t, w.tables, 1)
		assert.NotContains(t, kittest.Flat(ansi.Strip(w.View(&ctx))), "paused")
	})
}

// Each table of the lobby's list is one line at 80 columns, with the
// same parts in the same order whatever its names: the code, the state,
// the seats, the seat count, the bots and the target, the longest names
// (with a key's tag) cut to fit. At every seat count, waiting, playing
// and over, the person's or not, free seats one or several, under
// -ascii too; a list of such tables shows them all at 80×24.
func TestLobbyRowsFitOneLine(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for _, ascii := range []bool{false, true} {
			ctx := kit.NewContext(ascii)
			ctx.Width, ctx.Height = 80, 24
			var tables []hall.Info
			for _, started := range []bool{false, true} {
				tables = append(tables, longTables(n, started)...)
			}
			// Every seat but the first free.
			few := longTables(n, false)[1]
			for s := 1; s < n; s++ {
				few.Names[s] = ""
			}
			few.Code, few.Level, few.Target = "ZZZZ", "normal", 1000
			tables = append(tables, few)
			part := regexp.MustCompile(`^ [ ▶>] ([A-Z0-9]{4})  (.+?) · (.+) · (\d) seats · (.+) · to (\d+)$`)
			for _, info := range tables {
				for _, chosen := range []bool{false, true} {
					e := lobbyEntry(&ctx, info, chosen)
					row := ansi.Strip(e.lines[0])
					require.LessOrEqual(t, ansi.StringWidth(row), 80, "%q", row)
					require.Len(t, e.lines, 1+len(houseLines(&ctx, info, chosen)), "one line and its house variants")
					m := part.FindStringSubmatch(row)
					require.NotNil(t, m, "a row without all its parts: %q", row)
					require.Equal(t, info.Code, m[1])
					require.Equal(t, fmt.Sprint(n), m[4])
					require.Equal(t, setup.BotsOf(info.Level, info.Free()), m[5])
					require.Equal(t, fmt.Sprint(info.Target), m[6])
					seats := strings.Split(m[3], ", ")
					free := 0
					for _, name := range info.Names {
						if name == "" {
							free++
						}
					}
					if free > 1 && !info.Started {
						require.Len(t, seats, n-free+1, "%q", row)
						require.Contains(t, seats, fmt.Sprintf("(%d free)", free), "%q", row)
					} else {
						require.Len(t, seats, n, "%q", row)
					}
				}
			}
			// The lobby's list at 80×24 shows as many tables as it can, each
			// on its line.
			l, lctx := steadyLobby(t, 0, false, false, 0)
			*lctx = ctx
			l.tables = []hall.Info{tables[1], tables[2], tables[3], few}
			for i := range l.tables {
				l.tables[i].Rules = l.tables[i].Rules.Applicable() // no house lines
				l.tables[i].Rules.OfAKind, l.tables[i].Rules.Menage, l.tables[i].Rules.DealerForced = false, false, false
				l.tables[i].Rules.Bimah, l.tables[i].Rules.Shlomo, l.tables[i].Rules.Cleopatra = false, false, false
			}
			rows := tableRows(strings.ReplaceAll(ansi.Strip(l.View(lctx)), "ZZZZ", "LN99"))
			require.Len(t, rows, 4, "%s", ansi.Strip(l.View(lctx)))
		}
	})
}

// The welcome line of a name at its longest wraps at 80 columns into
// lines as even as they can be: no word is left alone on the last, the
// name stays whole on the first, and the key's tag with "your SSH key"
// on the next.
func TestWelcomeWrapsEvenly(t *testing.T) {
	l, ctx := steadyLobby(t, 0, false, false, 0)
	l.cfg.Player.Name = strings.Repeat("x", names.Max-1) + "z"
	l.cfg.Player.ID = strings.Repeat("3b94", 16) // a key's, its tag at its longest
	rows := screenLines(l, ctx)
	at := -1
	for i, r := range rows {
		if strings.HasPrefix(r, " Welcome, ") {
			at = i
		}
	}
	require.GreaterOrEqual(t, at, 0, strings.Join(rows, "\n"))
	first, second := strings.TrimSpace(rows[at]), strings.TrimSpace(rows[at+1])
	require.Contains(t, first, l.cfg.Player.Name)
	require.NotEmpty(t, second, strings.Join(rows, "\n"))
	require.Contains(t, second, "Your SSH key (#3b943b943b94) is who you are")
	require.True(t, strings.HasSuffix(strings.TrimSpace(first), l.cfg.Player.Name+"."), "the welcome is a sentence: %q", first)
	require.GreaterOrEqual(t, len(strings.Fields(second)), 3, "a word alone: %q over %q", first, second)
	require.LessOrEqual(t, len(first)-len(second), 20, "uneven: %q over %q", first, second)
}

// A code typed in the watch list when the server drops keys is marked
// as lacking them: the burst's letters are not added, its enter
// watches neither the code nor the table chosen, its esc does not
// leave; after a pause, the code edited and retyped is watched.
func TestWatchListDroppedKeysWatchNothing(t *testing.T) {
	clock := clocktest.New(clocktest.Start())
	h := randomHall(t, hall.Config{Clock: clock})
	p := hall.Player{ID: "b", Name: "bob"}
	tb, err := h.Open(p, hall.Options{Seats: 2, Rules: rules.DefaultOptions(), Level: ai.Random, Seed: 1})
	require.NoError(t, err)
	conn, err := tb.Join(p)
	require.NoError(t, err)
	require.NoError(t, conn.Start())
	code := tb.Code()
	ctx := kittest.Context(80, 24)
	w := newWatchList(New(Config{Player: hall.Player{ID: "z", Name: "zed"}, Hall: h, Clock: clock}))
	require.Len(t, w.tables, 1)

	for _, r := range code[:3] {
		_, _ = w.Update(&ctx, kittest.Key(string(r)))
	}
	_, _ = w.Update(&ctx, server.InputDroppedMsg{})
	for _, k := range []string{"x", "enter", "esc", "down", "enter"} {
		clock.Advance(kit.BurstPause / 2)
		next, cmd := w.Update(&ctx, kittest.Key(k))
		require.Same(t, kit.Screen(w), next, "%s ran", k)
		require.Nil(t, cmd, "%s ran", k)
	}
	assert.Equal(t, code[:3], w.code.String(), "the burst's letters are not added")
	view := ansi.Strip(w.View(&ctx))
	assert.Contains(t, view, "! keys were dropped: edit it", view)
	assert.Contains(t, view, "keys were dropped: backspace edits the code", view)

	clock.Advance(kit.BurstPause)
	for _, k := range []string{"backspace", code[2:3], code[3:4]} {
		_, _ = w.Update(&ctx, kittest.Key(k))
	}
	next, _ := w.Update(&ctx, kittest.Key("enter"))
	require.IsType(t, &WatchSeat{}, next, "the code retyped is watched")
	next.(*WatchSeat).leave(&ctx)
}
