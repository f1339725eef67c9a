package lobby

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/setup"
)

// A table with house variants says them in short under its row, in the
// lobby's list and in the watch list, at every seat count: only those
// its seat count plays, on one line that fits the window (cut with the
// mark when it must, under -ascii too), the layout kept.
func TestTableListsSayHouseVariants(t *testing.T) {
	kittest.ForCounts(t, func(t *testing.T, n int) {
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
			mark := map[bool]string{false: "…", true: "..."}[ascii]
			// Past 75 columns (80 less the row's indent) the line is cut.
			want80 := want
			if n == 4 {
				want80 = map[bool]string{false: "house: three or four of a kind, menage, dealer forced, bimah, shlomo, cleo…",
					true: "house: three or four of a kind, menage, dealer forced, bimah, shlomo, cl..."}[ascii]
			}
			ctx := kit.NewContext(ascii)
			ctx.Width, ctx.Height = 80, 24
			l := &Lobby{cfg: &Config{Player: hall.Player{ID: "b", Name: "bob"}}, tables: []hall.Info{info}}
			w := &watchList{l: l, tables: []hall.Info{info}}
			for name, view := range map[string]string{"lobby": l.View(&ctx), "watch list": w.View(&ctx)} {
				text := ansi.Strip(view)
				if ascii {
					text = kit.ASCIIText(text)
				}
				lines := strings.Split(text, "\n")
				house := ""
				for _, line := range lines {
					if ansi.StringWidth(line) > 80 {
						t.Errorf("%s: a line wider than the window: %q", name, line)
					}
					if s := strings.TrimSpace(line); strings.HasPrefix(s, "house: ") {
						house = s
					}
				}
				if house != want80 {
					t.Errorf("%s: %q, want %q:\n%s", name, house, want80, text)
				}
				if n == 4 {
					kittest.Golden(t, fmt.Sprintf("house4-80x24-%s-ascii-%v", strings.ReplaceAll(name, " ", ""), ascii), text)
				}
			}
			// A window too narrow for them cuts them with the mark
			// the screen shows.
			ctx.Width = 40
			got := houseLines(&ctx, info, false)
			if len(got) != 1 {
				t.Fatalf("at 40 columns: %q", got)
			}
			line := ansi.Strip(got[0])
			house := strings.TrimSpace(line)
			if ansi.StringWidth(line) > 40 || !strings.HasSuffix(house, mark) || !strings.HasPrefix(want, strings.TrimSuffix(house, mark)) {
				t.Errorf("at 40 columns: %q is not %q cut with %q", line, want, mark)
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
	kittest.ForCounts(t, func(t *testing.T, n int) {
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
	kittest.ForCounts(t, func(t *testing.T, n int) {
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
