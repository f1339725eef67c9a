package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/setup"
)

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
