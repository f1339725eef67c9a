package kit_test

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/docs"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHelpHasTheRules: the help carries the whole rules Klob plays
// (docs.Rules laid out by docs.Plain), every line within the window; r
// scrolls to them, end to their last line, home back to the top, page
// keys by a window.
func TestHelpHasTheRules(t *testing.T) {
	for _, w := range []int{80, 120} {
		ctx := kittest.Context(w, 24)
		h := kit.NewHelpView(nil)
		lines := h.Lines(&ctx)
		plain := strings.Split(strings.TrimRight(docs.Plain(docs.Rules(), w-2), "\n"), "\n")
		if len(lines) < len(plain) {
			t.Fatalf("width %d: %d help lines, fewer than the %d of the rules", w, len(lines), len(plain))
		}
		for i, l := range lines {
			if n := kit.WidthOf(l); n > w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, n, l)
			}
		}
		shown := func() []string { return strings.Split(ansi.Strip(h.View(&ctx, "")), "\n") }
		if open, _ := h.Update(&ctx, kittest.Key("r")); !open || !strings.Contains(shown()[2], "The rules Klob plays") {
			t.Fatalf("width %d: r does not open on the rules: %q", w, shown()[:3])
		}
		// The heading is the rules' title: said once, not underlined.
		if got := shown(); strings.Count(strings.Join(got, "\n"), "The rules Klob plays") != 1 || strings.Contains(got[2]+got[3], "===") {
			t.Errorf("width %d: the rules' title is said twice: %q", w, got[:5])
		}
		h.Update(&ctx, kittest.Key("end"))
		if got := shown(); len(got) != 24 || strings.TrimSpace(got[23]) != strings.TrimSpace(plain[len(plain)-1]) {
			t.Errorf("width %d: end shows %q last, want the rules' last line %q", w, got[len(got)-1], plain[len(plain)-1])
		}
		h.Update(&ctx, kittest.Key("home"))
		h.Update(&ctx, kittest.Key("pgdown"))
		// 21 lines under the title, the 22nd row saying more follows.
		if got := shown(); got[2] != ansi.Strip(lines[2+21]) {
			t.Errorf("width %d: page down shows %q first, want %q", w, got[2], ansi.Strip(lines[2+21]))
		}
		// Scrolled anywhere, the title keeps the rule under it.
		for _, k := range []string{"down", "pgdown", "r", "end"} {
			h.Update(&ctx, kittest.Key(k))
			if got := shown(); strings.Trim(got[1], "─") != "" {
				t.Errorf("width %d: after %s the line under the title is %q, not the rule", w, k, got[1])
			}
		}
		if open, _ := h.Update(&ctx, kittest.Key("x")); open {
			t.Error("x does not close the help")
		}
	}
}

// TestHelpRowsNeverDangleADot: the play help at 80×24, at every seat
// count with shlomo, cleopatra or both asked for (the tables that play
// them show the declarations row), breaks a row that wraps
// ("d declare · n no shlomo; the card to give: …") between its items:
// no line ends with a "·" nor starts with one, and the row's words are
// all there.
func TestHelpRowsNeverDangleADot(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		for d := 1; d < 4; d++ {
			o := rules.DefaultOptions()
			o.Players, o.Shlomo, o.Cleopatra = n, d&1 != 0, d&2 != 0
			ctx := kittest.Context(80, 24)
			k := kit.DefaultKeys()
			lines := kit.NewHelpView(kit.PlayHelp(&k, o)).For(o).Lines(&ctx)
			text := ansi.Strip(strings.Join(lines, "\n"))
			declares := o.HasShlomo() || o.HasCleopatra() // not at two seats
			if declares != strings.Contains(kittest.Flat(text), "the card to give: its number in your hand") {
				t.Fatalf("shlomo %v, cleopatra %v: the declarations row is not there as the options say:\n%s", o.Shlomo, o.Cleopatra, text)
			}
			for _, l := range strings.Split(text, "\n") {
				if l := strings.TrimSpace(l); strings.HasSuffix(l, "·") || strings.HasPrefix(l, "·") {
					t.Errorf("shlomo %v, cleopatra %v: a help line ends or starts with a dot: %q", o.Shlomo, o.Cleopatra, l)
				}
			}
		}
	})
}

// TestHelpKeysAlignedASCII: under -ascii, where "←" is written "<-",
// the keys' descriptions still start in one column, that of a key
// wider than the column ("tab/shift+tab") too.
func TestHelpKeysAlignedASCII(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		k := kit.DefaultKeys()
		keys := []key.Binding{k.Left, k.Right, k.Choose, k.Help,
			kit.Bind("tab/shift+tab", "next or previous line, as ↓ and ↑", "tab", "shift+tab")}
		found := 0
		text := ansi.Strip(strings.Join(kit.NewHelpView([][]key.Binding{keys}).Lines(&ctx), "\n"))
		if ascii {
			text = kit.ASCIIText(text) // as the App lays it on the window
		}
		col := -1
		for _, l := range strings.Split(text, "\n") {
			for _, b := range keys {
				desc := b.Help().Desc
				if ascii {
					desc = kit.ASCIIText(desc)
				}
				j := strings.Index(l, "  "+desc)
				if j < 0 {
					continue
				}
				at := kit.WidthOf(l[:j]) + 2
				if col >= 0 && at != col {
					t.Errorf("ascii %v: %q starts its words at %d, not %d", ascii, l, at, col)
				}
				col = at
				found++
			}
		}
		if found != len(keys) {
			t.Fatalf("ascii %v: %d of %d keys' words found apart from their key in\n%s", ascii, found, len(keys), text)
		}
	}
}

// TestHelpRulesInShortBySeats: the rules in short are the game's: its
// seat count (the scoring and the teams differ) and its target; without
// a game, two players to 500. One Context serves them all in turn.
func TestHelpRulesInShortBySeats(t *testing.T) {
	ctx := kittest.Context(80, 24)
	for _, c := range []struct {
		players, target int
		want            []string
	}{
		{0, 0, []string{"Two players (three and four", "schmeiss", "The first to the target (500) wins."}},
		{2, 300, []string{"Two players (three and four", "The first to the target (300) wins."}},
		{3, 1000, []string{"Three players, each for themselves", "more than each opponent", "half the maker's", "(1000) wins."}},
		{4, 500, []string{"two teams, partners opposite", "no trumps", "both partners' sequences", "(500) wins."}},
	} {
		h := kit.NewHelpView(nil)
		if c.players > 0 {
			o := rules.DefaultOptions()
			o.Players, o.Target = c.players, c.target
			h.For(o)
		}
		text := rulesInShort(&ctx, h)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%d players to %d: the rules in short lack %q: %s", c.players, c.target, w, text)
			}
		}
		if c.players >= 3 && strings.Contains(text, "schmeiss (") {
			t.Errorf("%d players: the rules in short offer the schmeiss: %s", c.players, text)
		}
	}
}

// rulesInShort is the help's "Rules in short" section as one line of
// plain text.
func rulesInShort(ctx *kit.Context, h *kit.HelpView) string {
	var out []string
	in := false
	for _, l := range h.Lines(ctx) {
		l = strings.TrimSpace(ansi.Strip(l))
		switch {
		case l == "Rules in short":
			in = true
		case strings.HasPrefix(l, "The rules Klob plays"), l == "Numbers and marks":
			in = false
		case in:
			out = append(out, l)
		}
	}
	return strings.Join(out, " ")
}

// TestHelpRulesInShortTellTheOptions: the rules in short are told for
// the game's options at every seat count: the last trick's bonus it
// plays, the dealer forced when on (and then no deal thrown in by
// passes), and the house variants played, by name.
func TestHelpRulesInShortTellTheOptions(t *testing.T) {
	ctx := kittest.Context(80, 24)
	short := func(h *kit.HelpView) string { return rulesInShort(&ctx, h) }
	for n := 2; n <= 4; n++ {
		o := rules.DefaultOptions()
		o.Players = n
		plain := short(kit.NewHelpView(nil).For(o))
		for _, w := range []string{"The last trick scores 10.", "passes throw the deal in"} {
			if !strings.Contains(plain, w) {
				t.Errorf("%d players, no variant: the rules in short lack %q: %s", n, w, plain)
			}
		}
		for _, w := range []string{"dealer forced", "House variants"} {
			if strings.Contains(plain, w) {
				t.Errorf("%d players, no variant: the rules in short tell %q: %s", n, w, plain)
			}
		}
		for _, kv := range []string{"last_trick=0", "of_a_kind=on", "menage=on", "dealer_forced=on", "bimah=on", "shlomo=on", "cleopatra=on"} {
			k, v, _ := strings.Cut(kv, "=")
			if err := o.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
		all := short(kit.NewHelpView(nil).For(o))
		want := []string{"The last trick earns no bonus.", "may not pass", "House variants played: three or four of a kind, menage, dealer forced, bimah"}
		if n >= 3 {
			want = append(want, "shlomo")
		}
		if n == 4 {
			want = append(want, "cleopatra")
		}
		for _, w := range want {
			if !strings.Contains(all, w) {
				t.Errorf("%d players, every variant: the rules in short lack %q: %s", n, w, all)
			}
		}
		for _, w := range []string{"passes throw the deal in", "The last trick scores 10"} {
			if strings.Contains(all, w) {
				t.Errorf("%d players, every variant: the rules in short tell %q: %s", n, w, all)
			}
		}
		if n < 4 && strings.Contains(all, "cleopatra") {
			t.Errorf("%d players: the rules in short name cleopatra: %s", n, all)
		}
	}
}

// TestHelpOverSSH: over SSH (Context.Remote) the rules' heading points
// at no klob command, which the person there does not have.
func TestHelpOverSSH(t *testing.T) {
	for _, remote := range []bool{false, true} {
		ctx := kit.NewContext(false)
		ctx.Width, ctx.Height, ctx.Remote = 80, 24, remote
		all := ansi.Strip(strings.Join(kit.NewHelpView(nil).Lines(&ctx), "\n"))
		if got := strings.Contains(all, "klob rules prints them"); got == remote {
			t.Errorf("remote %v: the help points at klob rules: %v", remote, got)
		}
		if !strings.Contains(all, "The rules Klob plays") {
			t.Errorf("remote %v: no heading of the rules", remote)
		}
	}
}

// TestHelpLegendASCII: under -ascii the help's legend names the signs as
// the option tables write them ("+-", "~ best"), not "±" and "≈", and
// its lines stay in the window once the App has written them.
func TestHelpLegendASCII(t *testing.T) {
	ctx := kit.NewContext(true)
	ctx.Width, ctx.Height = 80, 24
	text := kit.ASCIIText(ansi.Strip(strings.Join(kit.NewHelpView(nil).Lines(&ctx), "\n")))
	if flat := strings.Join(strings.Fields(text), " "); !strings.Contains(flat, "+- is one standard error") || !strings.Contains(flat, "~ best: behind it") {
		t.Errorf("the legend under -ascii:\n%s", text)
	}
	for _, l := range strings.Split(text, "\n") {
		if strings.ContainsAny(l, "±≈") || kit.WidthOf(l) > 80 {
			t.Errorf("under -ascii: %q", l)
		}
	}
}

// TestPlayHelpFollowsOptions: the table's help lists only what the
// game's options offer, at every seat count: with the menage on, b and
// n answer it too; "how many cards?" and "count your cards" only where
// sequence_rank=length makes those words.
func TestPlayHelpFollowsOptions(t *testing.T) {
	k := kit.DefaultKeys()
	for _, n := range []int{2, 3, 4} {
		for _, menage := range []bool{false, true} {
			for _, rank := range []rules.SeqRank{rules.RankByValue, rules.RankByLength} {
				o := rules.DefaultOptions()
				o.Players, o.Menage, o.SequenceRank = n, menage, rank
				var all []string
				for _, row := range kit.PlayHelp(&k, o) {
					for _, b := range row {
						all = append(all, b.Help().Key+" "+b.Help().Desc)
					}
				}
				text := strings.Join(all, "\n")
				if got := strings.Contains(text, "announce bella or the menage"); got != menage {
					t.Errorf("%d players, menage %v: b names the menage: %v\n%s", n, menage, got, text)
				}
				for _, w := range []string{"how many cards?", "count your cards"} {
					if got := strings.Contains(text, w); got != (rank == rules.RankByLength) {
						t.Errorf("%d players, sequence_rank=%v: %q listed: %v\n%s", n, rank, w, got, text)
					}
				}
			}
		}
		// Shlomo (three and four) and cleopatra (four) have a row of
		// their menus' keys; not without them, nor at two.
		for _, v := range []struct{ shlomo, cleopatra bool }{{false, false}, {true, false}, {false, true}} {
			o := rules.DefaultOptions()
			o.Players, o.Shlomo, o.Cleopatra = n, v.shlomo, v.cleopatra
			var all []string
			for _, row := range kit.PlayHelp(&k, o) {
				for _, b := range row {
					all = append(all, b.Help().Key+" "+b.Help().Desc)
				}
			}
			want := o.HasShlomo() || o.HasCleopatra()
			if got := strings.Contains(strings.Join(all, "\n"), "declarations d declare"); got != want {
				t.Errorf("%d players, shlomo %v, cleopatra %v: the declarations' row listed: %v", n, v.shlomo, v.cleopatra, got)
			}
		}
	}
}

// TestHelpRulesBeforeTheMarks: after the keys come the rules in short,
// then the numbers and marks, then the whole rules; a help without
// hints keeps the hand's marks but not the hints' legend, one without
// marks neither.
func TestHelpRulesBeforeTheMarks(t *testing.T) {
	ctx := kittest.Context(80, 24)
	k := kit.DefaultKeys()
	at := func(lines []string, want string) int {
		for i, l := range lines {
			if strings.TrimSpace(ansi.Strip(l)) == want {
				return i
			}
		}
		return -1
	}
	for _, c := range []struct {
		name        string
		h           *kit.HelpView
		hand, hints bool
	}{
		{"every mark", kit.NewHelpView(kit.PlayHelp(&k, rules.DefaultOptions())), true, true},
		{"no hints", kit.NewHelpView(kit.PlayHelp(&k, rules.DefaultOptions())).NoHints(), true, false},
		{"no marks", kit.NewHelpView(kit.PlayHelp(&k, rules.DefaultOptions())).NoMarks(), false, false},
	} {
		lines := c.h.Lines(&ctx)
		keys, short, marks, whole := at(lines, "Keys"), at(lines, "Rules in short"), at(lines, "Numbers and marks"), at(lines, "The rules Klob plays (klob rules prints them)")
		if keys < 0 || short < keys || whole < short {
			t.Fatalf("%s: keys at %d, rules in short at %d, whole rules at %d", c.name, keys, short, whole)
		}
		if c.hand != (marks >= 0) || c.hand && (marks < short || marks > whole) {
			t.Errorf("%s: numbers and marks at %d, rules in short at %d, whole rules at %d", c.name, marks, short, whole)
		}
		text := ansi.Strip(strings.Join(lines, "\n"))
		if got := strings.Contains(text, "under a card: selected"); got != c.hand {
			t.Errorf("%s: the hand's marks told: %v", c.name, got)
		}
		if got := strings.Contains(text, "standard error"); got != c.hints {
			t.Errorf("%s: the hints' legend told: %v", c.name, got)
		}
	}
}

// TestHelpKeylessBindingHeads: a binding without a key heads the keys
// after it at the left edge, as "Keys" does, not in the words' column
// where it would read as one more key's words.
func TestHelpKeylessBindingHeads(t *testing.T) {
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	k := kit.DefaultKeys()
	groups := [][]key.Binding{{k.Help}, {kit.HelpHeading("At the table"), k.Choose}}
	lines := kit.NewHelpView(groups).Lines(&ctx)
	for i, l := range lines {
		l = ansi.Strip(l)
		if !strings.Contains(l, "At the table") {
			continue
		}
		if l != " At the table" {
			t.Fatalf("heading line %q, want %q", l, " At the table")
		}
		if next := ansi.Strip(lines[i+1]); !strings.Contains(next, k.Choose.Help().Desc) {
			t.Fatalf("the line after the heading is %q, want the next key", next)
		}
		return
	}
	t.Fatalf("no heading in\n%s", strings.Join(lines, "\n"))
}

// TestHelpTellsTheCardEdges: the help's marks say what the hand's boxes
// mean, as the glyphs draw them: the dashed edges (dotted under -ascii)
// of a card not playable now, and the heavy box (of #) of the selected
// card, which the replay puts round the card the next step plays.
func TestHelpTellsTheCardEdges(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		text := ansi.Strip(strings.Join(kit.NewHelpView(nil).Lines(&ctx), "\n"))
		flat := strings.Join(strings.Fields(text), " ")
		edges, box := "dashed edges", "heavy box"
		if ascii {
			edges, box = "dotted edges", "box of #"
		}
		for _, want := range []string{edges + " may not be played now", box + " is the selected one", "the card the next step plays"} {
			if !strings.Contains(flat, want) {
				t.Errorf("ascii %v: the help's marks do not say %q", ascii, want)
			}
		}
	}
}

// A help longer than the window says on its last row that more follows,
// rather than end mid-sentence as if that were all; one line down shows
// the row it stood on, and at the end the last row is the help's own.
func TestHelpSaysMoreFollows(t *testing.T) {
	ctx := kittest.Context(80, 24)
	h := kit.NewHelpView(nil)
	all := h.Lines(&ctx)
	require.Greater(t, len(all), 24)
	rows := strings.Split(ansi.Strip(h.View(&ctx, "")), "\n")
	require.Len(t, rows, 24)
	require.Contains(t, rows[23], "↓ more below")
	require.Equal(t, ansi.Strip(all[22]), rows[22])

	h.Update(&ctx, kittest.Key("down"))
	rows = strings.Split(ansi.Strip(h.View(&ctx, "")), "\n")
	require.Equal(t, ansi.Strip(all[23]), rows[22], "the row the mark stood on shows")

	h.Update(&ctx, kittest.Key("end"))
	rows = strings.Split(ansi.Strip(h.View(&ctx, "")), "\n")
	require.Len(t, rows, 24)
	require.Equal(t, ansi.Strip(all[len(all)-1]), rows[23], "the end shows no mark")
}

// TestHelpPagesShowEveryLine: page down from the top, and page up from
// the end, shows every line of the help at every height, the pages
// meeting with no line left out between them (the last row of a page
// says more follows, so the line under it tops the next page).
func TestHelpPagesShowEveryLine(t *testing.T) {
	for _, height := range []int{3, 4, 5, 10, 17, 24, 50} {
		t.Run(fmt.Sprint(height), func(t *testing.T) {
			ctx := kittest.Context(80, height)
			h := kit.NewHelpView(nil)
			all := h.Lines(&ctx)
			for i := range all {
				all[i] = ansi.Strip(all[i])
			}
			// text is the lines shown under the title, less the mark.
			text := func() []string {
				rows := shownHelp(&ctx, h)[2:]
				if n := len(rows); n > 0 && strings.Contains(rows[n-1], "↓ more below") {
					rows = rows[:n-1]
				}
				return rows
			}
			// at is where in all the lines shown stand, from a line
			// within [lo, hi]; -1 if nowhere.
			at := func(rows []string, lo, hi int) int {
				for a := max(2, lo); a <= hi && a+len(rows) <= len(all); a++ {
					if strings.Join(all[a:a+len(rows)], "\n") == strings.Join(rows, "\n") {
						return a
					}
				}
				return -1
			}
			// Down: each page starts after the last one's top and at
			// most on the line after its bottom.
			top, next := 2, 2+len(text())
			for pages := 0; next < len(all); pages++ {
				require.Less(t, pages, len(all), "paging down does not reach the end")
				h.Update(&ctx, kittest.Key("pgdown"))
				rows := text()
				a := at(rows, top+1, next)
				if a < 0 {
					t.Fatalf("page down from line %d skips line %d %q: the page shows %q", top, next, all[next], rows)
				}
				top, next = a, a+len(rows)
			}
			// Up: each page ends before the last one's bottom and at
			// least on the line before its top.
			h.Update(&ctx, kittest.Key("end"))
			rows := text()
			top, bottom := len(all)-len(rows), len(all)
			for pages := 0; top > 2; pages++ {
				require.Less(t, pages, len(all), "paging up does not reach the top")
				h.Update(&ctx, kittest.Key("pgup"))
				rows = text()
				a := at(rows, top-len(rows), bottom-1-len(rows))
				if a < 0 || a+len(rows) < top {
					t.Fatalf("page up from line %d skips line %d %q: the page shows %q", top, top-1, all[top-1], rows)
				}
				top, bottom = a, a+len(rows)
			}
		})
	}
}

// resizes are the sizes TestHelpKeepsItsPlaceOnResize goes through, the
// last the first.
var resizes = [][2]int{{40, 10}, {200, 60}, {80, 24}}

// shownHelp is what the window shows of h: the App cuts it to the
// window's height.
func shownHelp(ctx *kit.Context, h *kit.HelpView) []string {
	l := strings.Split(ansi.Strip(h.View(ctx, "")), "\n")
	return l[:min(len(l), ctx.Height)]
}

// TestHelpKeepsItsPlaceOnResize: the help scrolled to the end of the
// rules stays at their end through a resize to 40×10, 200×60 and back
// to 80×24; scrolled into the keys or the rules, it keeps the same top
// line (the line that holds its words, the text wrapped anew) at every
// size, and shows the very same screen once back at 80×24.
func TestHelpKeepsItsPlaceOnResize(t *testing.T) {
	ctx := kittest.Context(80, 24)
	h := kit.NewHelpView(nil)
	h.Update(&ctx, kittest.Key("r"))
	h.Update(&ctx, kittest.Key("end"))
	end := shownHelp(&ctx, h)
	for _, s := range resizes {
		ctx.Width, ctx.Height = s[0], s[1]
		got := shownHelp(&ctx, h)
		if lines := h.Lines(&ctx); got[len(got)-1] != ansi.Strip(lines[len(lines)-1]) {
			t.Errorf("%dx%d: the end of the rules is not kept; the last line shown is %q", s[0], s[1], got[len(got)-1])
		}
	}
	if got := shownHelp(&ctx, h); strings.Join(got, "\n") != strings.Join(end, "\n") {
		t.Errorf("back at 80x24 the end is not shown:\n%s", strings.Join(got, "\n"))
	}
	// From the top (the keys) and from the rules' heading, some lines
	// down and on to a line of prose.
	for _, c := range []struct {
		rules bool
		downs int
	}{{false, 2}, {true, 40}, {true, 300}, {true, 700}} {
		t.Run(fmt.Sprintf("rules %v, %d down", c.rules, c.downs), func(t *testing.T) {
			ctx := kittest.Context(80, 24)
			h := kit.NewHelpView(nil)
			if c.rules {
				h.Update(&ctx, kittest.Key("r"))
			}
			for range c.downs {
				h.Update(&ctx, kittest.Key("down"))
			}
			for range 100 {
				if len(strings.Fields(shownHelp(&ctx, h)[2])) >= 6 {
					break
				}
				h.Update(&ctx, kittest.Key("down"))
			}
			was := shownHelp(&ctx, h)
			words := strings.Fields(was[2])
			if len(words) < 6 {
				t.Fatalf("no line of prose on top: %q", was[2])
			}
			first := strings.Join(words[:2], " ")
			for _, s := range resizes {
				ctx.Width, ctx.Height = s[0], s[1]
				if got := shownHelp(&ctx, h); !strings.Contains(strings.Join(strings.Fields(got[2]), " "), first) {
					t.Errorf("%dx%d: the top line %q does not hold %q", s[0], s[1], got[2], first)
				}
			}
			if got := shownHelp(&ctx, h); strings.Join(got, "\n") != strings.Join(was, "\n") {
				t.Errorf("back at 80x24 the help is not where it was:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(was, "\n"))
			}
		})
	}
}

// TestHelpRulesInShortTellTheSequences: the rules in short say how the
// best sequence is found as the game's options play it, at every seat
// count: with sequence_rank=length the longer of two fifties wins (at
// two the dialogue asks "how many cards?"), and whether a player who
// takes no trick scores its sequences (melds_need_trick).
func TestHelpRulesInShortTellTheSequences(t *testing.T) {
	ctx := kittest.Context(80, 24)
	short := func(o rules.Options) string { return rulesInShort(&ctx, kit.NewHelpView(nil).For(o)) }
	for n := 2; n <= 4; n++ {
		o := rules.DefaultOptions()
		o.Players = n
		plain := short(o)
		for _, w := range []string{"how many cards?", "longer run", "even without a trick"} {
			if strings.Contains(plain, w) {
				t.Errorf("%d players, default rules: the rules in short tell %q: %s", n, w, plain)
			}
		}
		// A player who, a team that.
		subject := "A player who takes no trick scores no sequences"
		if n == 4 {
			subject = "A team that takes no trick scores no sequences"
		}
		if !strings.Contains(plain, subject) {
			t.Errorf("%d players, default rules: the rules in short do not say %q: %s", n, subject, plain)
		}
		for _, kv := range []string{"sequence_rank=length", "melds_need_trick=off"} {
			k, v, _ := strings.Cut(kv, "=")
			if err := o.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
		set := short(o)
		want := []string{"Between two fifties the longer run wins", "even without a trick"}
		if n == 2 {
			want = append(want, "how many cards?")
		}
		for _, w := range want {
			if !strings.Contains(set, w) {
				t.Errorf("%d players, sequence_rank=length, melds_need_trick=off: the rules in short lack %q: %s", n, w, set)
			}
		}
		if strings.Contains(set, "no trick scores no sequences") {
			t.Errorf("%d players, melds_need_trick=off: the rules in short still say no trick, no sequences: %s", n, set)
		}
	}
}

// TestHelpTitleTellsTheKeys: the help's title names every key that
// keeps it open, as it is written there, and no other ("other keys
// close" is then true): the arrows and j/k, the page keys, home and
// end, r.
func TestHelpTitleTellsTheKeys(t *testing.T) {
	ctx := kittest.Context(80, 24)
	h := kit.NewHelpView(nil)
	title := ansi.Strip(h.Lines(&ctx)[0])
	require.LessOrEqual(t, kit.WidthOf(title), 80, "the title fits 80 columns: %q", title)
	open, names, _ := strings.Cut(title, "Help (")
	require.Empty(t, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(open), "Klob")))
	named := map[string]bool{}
	for _, f := range strings.FieldsFunc(names, func(r rune) bool { return r == ' ' || r == '/' }) {
		named[f] = true
	}
	written := map[string]string{"up": "↑", "down": "↓", "pgup": "pgup", "pgdown": "pgdn"}
	for _, k := range []string{"up", "down", "j", "k", "pgup", "pgdown", "home", "end", "r",
		"enter", "esc", "space", "q", "x", "left", "right", "tab", "?"} {
		h := kit.NewHelpView(nil)
		h.Update(&ctx, kittest.Key("end")) // every scroll key does something from either end
		stays, _ := h.Update(&ctx, kittest.Key(k))
		if !stays {
			h = kit.NewHelpView(nil)
			stays, _ = h.Update(&ctx, kittest.Key(k))
		}
		name := k
		if w, ok := written[k]; ok {
			name = w
		}
		require.Equal(t, stays, named[name], "%s keeps the help open %v, named in the title %v: %q", k, stays, named[name], title)
	}
}

// TestHelpLetterRowGoesOn: a row of menu letters wider than the window
// (round two at four: the suits, no trumps and pass) breaks between
// letters, whole, no line ending in a dangling "·"; the next line goes
// on under the row's words (a page cut after the first line says more
// lies below).
func TestHelpLetterRowGoesOn(t *testing.T) {
	o := rules.DefaultOptions()
	o.Players = 4
	ctx := kittest.Context(80, 24)
	lines := kit.NewHelpView(kit.PlayHelp(&ctx.Keys, o)).For(o).Lines(&ctx)
	var row []string
	for i, l := range lines {
		l = ansi.Strip(l)
		if strings.HasPrefix(strings.TrimSpace(l), "round two") {
			row = append(row, l)
			for _, m := range lines[i+1:] {
				if m = ansi.Strip(m); !strings.HasPrefix(m, strings.Repeat(" ", 16)) || strings.TrimSpace(m) == "" {
					break
				}
				row = append(row, m)
			}
			break
		}
	}
	require.Greater(t, len(row), 1, "the row fits one line at 80 columns: %q", row)
	for i, l := range row {
		require.LessOrEqual(t, kit.WidthOf(l), 80, l)
		require.False(t, strings.HasSuffix(l, "·") || strings.HasPrefix(strings.TrimSpace(l), "·"), "line %d of %q", i, row)
	}
	require.Contains(t, strings.Join(row, " "), "p pass")
	require.Contains(t, strings.Join(row, " "), "n no trumps")
}

// TestHelpMoreBelowReadsInASCII: under -ascii the help's last row, once
// the App's ASCII pass has written it, reads as English: "more below
// (down/pgdn to scroll)", not "down more below (down pgdn scroll)".
func TestHelpMoreBelowReadsInASCII(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		ctx := kit.NewContext(ascii)
		ctx.Width, ctx.Height = 80, 24
		h := kit.NewHelpView(nil)
		rows := strings.Split(ansi.Strip(h.View(&ctx, "")), "\n")
		require.Len(t, rows, 24)
		last := strings.TrimSpace(rows[23])
		if ascii {
			last = kit.ASCIIText(last)
			require.Equal(t, "more below (down/pgdn to scroll)", last)
		} else {
			require.Equal(t, "↓ more below (↓/pgdn to scroll)", last)
		}
	}
}
