package replay

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// TestHistoryKeysSayBack: q and esc leave the saved games' list at
// once. In klob replay its line ends "? help · q quit"; in the lobby,
// whose "q leave" means q asks first, the line of the list (empty, of
// games, or that cannot be read) ends "q/esc back · ? help", as the
// lobby's other screens whose q and esc come back at once, its help
// says "q/esc back", and a click on esc there leaves as one on q does.
func TestHistoryKeysSayBack(t *testing.T) {
	empty, games1, unread := threeLists(t)
	for _, dir := range []string{empty, games1, unread} {
		for _, word := range []string{"", "leave"} {
			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
			hs.Ctx.Keys.QuitWord = word // as the App sets it in the lobby
			lines := strings.Split(strings.TrimRight(text(hs), "\n"), "\n")
			keys := lines[len(lines)-1]
			want := map[string]string{"": " ? help · q quit", "leave": " q/esc back · ? help"}[word]
			if !strings.HasSuffix(keys, want) || strings.Contains(keys, "leave") {
				t.Errorf("%s, q's word %q: the keys line %q does not end in %q", filepath.Base(dir), word, keys, want)
			}
			if word == "" {
				continue
			}
			for _, group := range hs.Screen.(*History).KeyHelp(&hs.Ctx.Keys).FullHelp() {
				for _, b := range group {
					if hp := b.Help(); hp.Key == "q/esc" && hp.Desc != "back" {
						t.Errorf("%s: the help writes q/esc as %q", filepath.Base(dir), hp.Desc)
					}
				}
			}
			if dir == games1 {
				hs.ClickOn("esc back")
				if !hs.Quit {
					t.Errorf("a click on esc does not leave the list:\n%s", text(hs))
				}
			}
		}
	}
}

// TestHistoryKeyLinesNameHelp: ? opens the App's help over the saved
// games' list, and the list's line of keys says so, with the way out:
// empty, of games, or that cannot be read, in klob replay ("q quit")
// and in the lobby ("q/esc back"), over SSH or not, its paths shown or
// not, with and without -ascii, within 80 columns. The help names ?,
// and a click on "? help" is ? pressed, for the App (but on the list
// that cannot be read, which takes no click).
func TestHistoryKeyLinesNameHelp(t *testing.T) {
	empty, games1, unread := threeLists(t)
	for _, dir := range []string{empty, games1, unread} {
		for _, hide := range []bool{false, true} {
			hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: hide})
			h := hs.Screen.(*History)
			for _, word := range []string{"", "leave"} {
				for _, remote := range []bool{false, true} {
					for _, ascii := range []bool{false, true} {
						ctx := kit.NewContext(ascii)
						ctx.Width, ctx.Height, ctx.Remote = 80, 24, remote
						ctx.Keys.QuitWord = word // "leave" as the App sets it in the lobby
						frame := ansi.Strip(h.View(&ctx))
						if ascii {
							frame = kit.ASCIIText(frame)
						}
						lines := strings.Split(strings.TrimRight(frame, "\n "), "\n")
						keys := strings.TrimRight(lines[len(lines)-1], " ")
						where := fmt.Sprintf("%s (paths hidden %v, q %q, remote %v, ascii %v): the keys line %q",
							filepath.Base(dir), hide, word, remote, ascii, keys)
						back := map[string]string{"": "q quit", "leave": "q/esc back"}[word]
						if !strings.Contains(keys, "? help") || !strings.Contains(keys, back) {
							t.Errorf("%s does not name ? help and %s", where, back)
						}
						if kit.WidthOf(keys) > 80 {
							t.Errorf("%s is wider than 80 columns", where)
						}
					}
				}
			}
			named := false
			for _, group := range h.KeyHelp(&hs.Ctx.Keys).FullHelp() {
				for _, b := range group {
					named = named || b.Help().Key == "?"
				}
			}
			if !named {
				t.Errorf("%s: the help does not name ?", filepath.Base(dir))
			}
			if dir == unread {
				continue // the list that cannot be read takes no click
			}
			_, cmd := h.Update(&hs.Ctx, kittest.ClickOn(t, hs.Frame(), "? help"))
			if cmd == nil {
				t.Errorf("%s: a click on ? help does nothing", filepath.Base(dir))
			} else if m, ok := cmd().(tea.KeyPressMsg); !ok || !kit.IsKey(m, hs.Ctx.Keys.Help) {
				t.Errorf("%s: a click on ? help gives %#v, not ?", filepath.Base(dir), m)
			}
		}
	}
}

// threeLists are the states of three saved games' lists: one empty, one
// of a game, and one that cannot be read (its folder is a file).
func threeLists(t *testing.T) (empty, games1, unread string) {
	t.Helper()
	empty, _ = historyState(t)
	games1, keep := historyState(t)
	b, err := os.ReadFile(filepath.Join(games, "05-target-not-500.klob"))
	if err != nil {
		t.Fatal(err)
	}
	keep("2026-01-05-1200-vs-Bot-easy-won.klob", b)
	unread = filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(unread, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return empty, games1, unread
}

// TestEmptyHistorySaysWhereBoardsAre: on the server, an empty history
// says that a tournament's boards are replayed from its standings, not
// listed here.
func TestEmptyHistorySaysWhereBoardsAre(t *testing.T) {
	dir, _ := historyState(t)
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
	flat := strings.Join(strings.Fields(text(hs)), " ")
	if !strings.Contains(flat, "Tournament boards are not listed here: their tournament's standings (d in the lobby) replay them.") {
		t.Fatalf("the history does not say where boards are:\n%s", text(hs))
	}
}

// memSource is a history of games listed from memory, no disk.
type memSource struct{ entries []store.Entry }

func (s memSource) Dir() string                     { return "/nowhere" }
func (s memSource) CurrentPath() string             { return "/nowhere/current.klob" }
func (s memSource) History() ([]store.Entry, error) { return s.entries, nil }

// memEntries are n finished games of four, a person and three bots (the
// partner named partner), one an hour, the person's side winning every
// other one.
func memEntries(n int, partner string) []store.Entry {
	out := make([]store.Entry, n)
	start := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range out {
		h := gamelog.Header{Options: rules.DefaultOptions().WithPlayers(4)}
		h.SetStart(start.Add(time.Duration(i) * time.Hour))
		h.SetPlayer(0, "ann", gamelog.Human)
		h.SetKey(0, "k")
		for s := rules.Seat(1); s < 4; s++ {
			h.SetPlayer(s, fmt.Sprintf("Bot %s", s), "hard")
		}
		h.SetPlayer(2, partner, "hard")
		out[i] = store.Entry{Path: fmt.Sprintf("/nowhere/history/%06d.klob", i), Header: h, Deals: 12,
			Totals: [4]int{512, 380}, Over: true, Winner: i % 2}
	}
	return out
}

// TestHistoryLayoutFollowsTheWindow: the list's layout, kept between
// frames, is worked out again when the window's width changes: a long
// name's row takes two lines at 60 columns and one at 120.
func TestHistoryLayoutFollowsTheWindow(t *testing.T) {
	long := "Maximiliane Wolkenstein"
	d := kittest.New(t, NewHistory(memSource{memEntries(3, long)}, Config{Player: "k"}), 120, 24, false)
	one := "with " + long + " vs Bot B, Bot D"
	require.Contains(t, d.Text(), one)
	d.Size(60, 24)
	require.NotContains(t, d.Text(), one, "the layout of 120 columns kept at 60")
	require.Contains(t, d.Text(), "with Maximiliane")
	d.Size(120, 24)
	require.Contains(t, d.Text(), one)
}

// BenchmarkHistoryFrame: a key and its frame on the saved games' list of
// 10,000 games at 80×24; the list is laid out once, not at each frame.
func BenchmarkHistoryFrame(b *testing.B) {
	s := NewHistory(memSource{memEntries(10000, "Bot C")}, Config{Player: "k"})
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	s.Update(&ctx, s.Enter(&ctx)())
	s.View(&ctx)
	for b.Loop() {
		s.Update(&ctx, tea.KeyPressMsg{Code: tea.KeyDown})
		s.View(&ctx)
	}
}

// errSource is a history whose games cannot be listed.
type errSource struct{ memSource }

func (errSource) History() ([]store.Entry, error) { return nil, errors.New("permission denied") }

// TestHistoryUnreadableKeyClicks: the saved games' list that cannot be
// read takes clicks on its key line as the other lists do: q and esc
// leave it, ? asks the App for its help; at home ("q quit") and in the
// lobby ("q/esc back").
func TestHistoryUnreadableKeyClicks(t *testing.T) {
	for _, lobby := range []bool{false, true} {
		for _, c := range []struct {
			word string
			want func(*kit.Context, tea.Msg) bool
		}{
			{"q", func(_ *kit.Context, m tea.Msg) bool { _, ok := m.(kit.QuitNowMsg); return ok }},
			{"esc", func(_ *kit.Context, m tea.Msg) bool { _, ok := m.(kit.QuitNowMsg); return ok }},
			{"?", func(ctx *kit.Context, m tea.Msg) bool {
				k, ok := m.(tea.KeyPressMsg)
				return ok && kit.IsKey(k, ctx.Keys.Help)
			}},
		} {
			if c.word == "esc" && !lobby {
				continue // klob replay's line names q alone
			}
			s := NewHistory(errSource{}, Config{})
			d := kittest.New(t, s, 80, 24, false)
			if lobby {
				d.Ctx.Keys.QuitWord = "back"
			}
			text := d.Text()
			if !strings.Contains(text, "cannot be listed") {
				t.Fatalf("the list reads:\n%s", text)
			}
			kittest.CheckSize(t, d.Frame(), 80, 24)
			lines := strings.Split(text, "\n")
			y := len(lines) - 1
			for y > 0 && strings.TrimSpace(lines[y]) == "" {
				y--
			}
			i := strings.Index(lines[y], c.word)
			if i < 0 {
				t.Fatalf("lobby %v: no %q on the key line %q", lobby, c.word, lines[y])
			}
			_, cmd := s.Update(&d.Ctx, tea.MouseClickMsg{X: kit.WidthOf(lines[y][:i]), Y: y, Button: tea.MouseLeft})
			if cmd == nil || !c.want(&d.Ctx, cmd()) {
				t.Errorf("lobby %v: a click on %q on %q does what its key does not", lobby, c.word, lines[y])
			}
		}
	}
}

// TestHistoryGamesAloneAreTheirs: in a person's list over `klob serve`,
// a game alone filed without their key (before games alone recorded it)
// is theirs and says won or lost, not which seats won; a game keyed to
// someone else still names the winning side.
func TestHistoryGamesAloneAreTheirs(t *testing.T) {
	entries := memEntries(3, "North")
	for _, i := range []int{0, 1} {
		entries[i].Header.SetKey(0, "") // filed without the key
	}
	entries[2].Header.SetKey(0, "other")
	msg := load(memSource{entries}, nil, "k")
	got := map[string]string{}
	for i := range msg.rows {
		got[msg.rows[i].path] = result(&msg.rows[i])
	}
	want := map[string]string{
		entries[0].Path: "won", entries[1].Path: "lost", entries[2].Path: "AC won",
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: result %q, want %q", p, got[p], w)
		}
	}
	if _, ok := entries[0].Header.PersonSeat("k"); ok {
		t.Fatal("the test's game alone has the key")
	}
}

// TestHistoryNewestFirstToTheSecond: two games started in one minute
// are filed under names that differ after the minute by their results
// ("...-1337-...-lost", "...-1337-...-won"), which the history lists in
// the names' order. The list shows the one started later first all the
// same; a game that cannot be read goes by the minute of its name.
func TestHistoryNewestFirstToTheSecond(t *testing.T) {
	at := func(min, sec int) time.Time { return time.Date(2026, 12, 6, 13, min, sec, 0, time.UTC) }
	game := func(name string, start time.Time, winner int) store.Entry {
		e := memEntries(1, "North")[0]
		e.Path, e.Winner = "/nowhere/history/"+name+".klob", winner
		e.Header.SetStart(start)
		return e
	}
	entries := []store.Entry{ // the history's order: by name
		{Path: "/nowhere/history/2026-12-06-1336-vs-Bot-B-hard-Bot-D-hard-lost.klob", Winner: -1, Err: errors.New("damaged")},
		game("2026-12-06-1337-vs-Bot-B-hard-Bot-D-hard-lost", at(37, 50), 1),
		game("2026-12-06-1337-vs-Bot-B-hard-Bot-D-hard-won", at(37, 5), 0),
		game("2026-12-06-1338-vs-Bot-B-hard-Bot-D-hard-won", at(38, 0), 0),
	}
	msg := load(memSource{entries}, nil, "k")
	var got []string
	for _, r := range msg.rows {
		got = append(got, r.path)
	}
	require.Equal(t, []string{entries[3].Path, entries[1].Path, entries[2].Path, entries[0].Path}, got)
}

// TestCellLinesWrapWhole: who played and the result wrap in their
// columns by one rule at every seat count: their parts (a name with its
// words, "vs West,"; the bots' level, "(both normal)"; "takebacks 2")
// on as many lines as they take, a part whole on a line of its own; only a word wider than the column is cut,
// with the mark. It cut "vs West, Ea…" at four players, "(both norma…"
// at three and "lost, practice, takebacks…".
func TestCellLinesWrapWhole(t *testing.T) {
	for _, c := range []struct {
		parts []string
		w     int
		want  []string
	}{
		{[]string{"vs West,", "East", "(both normal)"}, 12, []string{"vs West,", "East (both", "normal)"}},
		{[]string{"vs West,", "East", "(both normal)"}, 27, []string{"vs West, East (both normal)"}},
		{[]string{"vs West,", "East", "(both normal)"}, 13, []string{"vs West, East", "(both normal)"}},
		{[]string{"with North", "vs West,", "East", "(all hard)"}, 12, []string{"with North", "vs West,", "East", "(all hard)"}},
		{[]string{"vs Bot", "(normal)"}, 12, []string{"vs Bot", "(normal)"}},
		{resultParts("lost, practice, takebacks 2"), 16, []string{"lost, practice,", "takebacks 2"}},
		{resultParts("lost, practice, takebacks 2"), 14, []string{"lost,", "practice,", "takebacks 2"}},
		{resultParts("won"), 6, []string{"won"}},
		// A part wider than the column goes by its words; a word wider
		// than the column is cut with the mark.
		{[]string{"vs Maximilianus,", "East", "(all normal)"}, 10, []string{"vs", "Maximilia…", "East (all", "normal)"}},
	} {
		got := cellLines(c.parts, c.w, "…")
		if !slices.Equal(got, c.want) {
			t.Errorf("%q in %d: %q, want %q", c.parts, c.w, got, c.want)
		}
		for _, l := range got {
			if kit.WidthOf(l) > c.w {
				t.Errorf("%q in %d: %q is wider", c.parts, c.w, l)
			}
		}
	}
}

// TestHistoryCountsDealsPlayedOut: the deals column counts the deals
// played out, not one left in play: a game of two deals, the second in
// play, says 1, in progress and filed unfinished alike.
func TestHistoryCountsDealsPlayedOut(t *testing.T) {
	dir, keep := historyState(t)
	b, err := os.ReadFile(filepath.Join(games, "saves", "in-play.klob"))
	if err != nil {
		t.Fatal(err)
	}
	keep("2026-01-05-1200-vs-Bot-normal-unfinished.klob", b)
	if err := os.WriteFile(filepath.Join(dir, store.CurrentName), b, 0o644); err != nil {
		t.Fatal(err)
	}
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
	var rows []string
	for _, l := range strings.Split(text(hs), "\n") {
		if strings.Contains(l, "playing") || strings.Contains(l, "unfinished") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 2 {
		t.Fatalf("want the game in progress and the unfinished one:\n%s", text(hs))
	}
	for _, r := range rows {
		if f := strings.Fields(r); !slices.Contains(f, "1") || slices.Contains(f, "2") {
			t.Errorf("the row says other than 1 deal: %q", r)
		}
	}
}

// TestHistoryRowsWrapAlike: the list at 80×24 of games to 100 at two,
// three and four players against normal bots, practice and with
// takebacks, as a player's history holds them: every row wraps who
// played and the result whole in their columns, by one rule; none is
// cut ("vs West, Ea…" at four players, "(both norma…" and "lost,
// practice, takebacks…" at three).
func TestHistoryRowsWrapAlike(t *testing.T) {
	start := time.Date(2026, 12, 6, 21, 18, 0, 0, time.UTC)
	game := func(min int, names []string, totals []int, winner int, tags ...gamelog.Tag) store.Entry {
		h := gamelog.Header{Options: rules.DefaultOptions().WithPlayers(len(names))}
		h.Options.Target = 100
		h.SetStart(start.Add(time.Duration(min) * time.Minute))
		h.SetPlayer(0, "You", gamelog.Human)
		h.SetKey(0, "k")
		for s, nm := range names[1:] {
			h.SetPlayer(rules.Seat(s+1), nm, "normal")
		}
		h.Extra = tags
		var tot [4]int
		copy(tot[:], totals)
		return store.Entry{Path: fmt.Sprintf("/nowhere/history/%02d.klob", min), Header: h, Deals: 2, Totals: tot, Over: true, Winner: winner}
	}
	practice := gamelog.Tag{Name: gamelog.PracticeTag, Value: gamelog.PracticeValue}
	entries := []store.Entry{
		game(0, []string{"You", "Bot"}, []int{26, 137}, 1, practice),
		game(2, []string{"You", "West", "East"}, []int{108, 147, 125}, 1, practice),
		game(3, []string{"You", "West", "North", "East"}, []int{182, 0}, 0),
		game(7, []string{"You", "West", "East"}, []int{108, 147, 125}, 1, practice, gamelog.Tag{Name: "Takebacks", Value: "2"}),
		game(8, []string{"You", "West", "North", "East"}, []int{0, 182}, 1, practice, gamelog.Tag{Name: "Takebacks", Value: "12"}),
	}
	d := kittest.New(t, NewHistory(memSource{entries}, Config{Player: "k"}), 80, 24, false)
	list := kittest.TrimRight(d.Text())
	kittest.Golden(t, "history-wrap-80x24", list)
	require.NotContains(t, list, "…", "a row is cut")
	for _, want := range []string{"vs Bot (normal)", "vs West, East", "(both normal)", "with North", "East (all normal)",
		"lost, practice,", "takebacks 2\n", "takebacks 12\n"} {
		require.Contains(t, list, want, "a row's words are not whole")
	}
	for _, l := range strings.Split(list, "\n") {
		require.LessOrEqual(t, kit.WidthOf(l), 80, l)
	}
}

// TestHistorySaysYourBotWon: a game whose log says, as a shared table
// writes it, that a bot took bob's seat when he dropped and he never
// came back reads in bob's list "won by your bot after you left" or
// "lost by your bot after you left" (at four, his side's result), at
// every seat count, its words whole in the result column at 80×24; in
// ann's list, who stayed, the plain result. A seat bob took back reads
// plain in his list too.
func TestHistorySaysYourBotWon(t *testing.T) {
	dir, keep := historyState(t)
	games := map[string]string{} // file name: test game
	put := func(name, file string, comments []string, bots ...string) {
		t.Helper()
		l, err := gamelog.Parse(file, sharedLog(t, file, bots...))
		if err != nil {
			t.Fatal(err)
		}
		l.Comment = comments
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		keep(name, b)
		games[name] = file
	}
	left := []string{gamelog.TakeoverComment(2, "bob", "normal", rules.SeatB)}
	back := append(slices.Clone(left), gamelog.TakenBackComment(3, "bob", rules.SeatB))
	put("2026-01-05-1200-ann-vs-bob-B-won.klob", "03-melds-need-trick-off.klob", left)
	put("2026-01-06-1200-ann-vs-bob-vs-Bot-C-normal-C-won.klob", "tables/3-01-every-house-variant.klob", left, "Bot C")
	put("2026-01-07-1200-ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal-BD-won.klob", "tables/4-02-every-house-variant.klob", left, "Bot C", "Bot D")
	put("2026-01-08-1200-ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal-AC-won.klob", "tables/4-05-four-tie.klob", left, "Bot C", "Bot D")
	put("2026-01-09-1200-ann-vs-bob-A-won.klob", "09-tie.klob", back)
	results := func(key string) (map[string]string, string) {
		t.Helper()
		hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true, Player: key})
		hist := hs.Screen.(*History)
		got := map[string]string{}
		for i := range hist.rows {
			got[games[filepath.Base(hist.rows[i].path)]] = result(&hist.rows[i])
		}
		return got, text(hs)
	}
	bob, list := results("key-bob")
	require.Equal(t, map[string]string{
		"03-melds-need-trick-off.klob":         "won by your bot after you left",
		"tables/3-01-every-house-variant.klob": "lost by your bot after you left",
		"tables/4-02-every-house-variant.klob": "won by your bot after you left",
		"tables/4-05-four-tie.klob":            "lost by your bot after you left",
		"09-tie.klob":                          "lost",
	}, bob, "bob's results")
	kittest.Golden(t, "history-left-80x24", list)
	require.NotContains(t, list, "…", "a row is cut")
	for _, want := range []string{"won by your bot", "lost by your bot", "after you left"} {
		require.Contains(t, list, want, "the result's words are not whole")
	}
	for _, l := range strings.Split(list, "\n") {
		require.LessOrEqual(t, kit.WidthOf(l), 80, l)
	}
	ann, _ := results("key-ann")
	require.Equal(t, map[string]string{
		"03-melds-need-trick-off.klob":         "lost",
		"tables/3-01-every-house-variant.klob": "lost",
		"tables/4-02-every-house-variant.klob": "lost",
		"tables/4-05-four-tie.klob":            "won",
		"09-tie.klob":                          "won",
	}, ann, "ann's results")
}

// TestHistorySaysMoreRows: a list longer than the window says where
// games are left out, as the other lists do: "↓ more below" at the top
// of the list, "↑ more above" once scrolled, both in the middle, and
// the game under the cursor is always shown.
func TestHistorySaysMoreRows(t *testing.T) {
	d := kittest.New(t, NewHistory(memSource{memEntries(30, "Bot C")}, Config{Player: "k"}), 80, 24, false)
	require.Contains(t, d.Text(), "↓ more below")
	require.NotContains(t, d.Text(), "↑ more above")
	for range 12 {
		d.Press("down")
	}
	require.Contains(t, d.Text(), "↓ more below")
	require.Contains(t, d.Text(), "↑ more above")
	require.Contains(t, d.Text(), "▶", "the cursor's game is shown")
	for range 30 {
		d.Press("down")
	}
	require.NotContains(t, d.Text(), "↓ more below")
	require.Contains(t, d.Text(), "↑ more above")
	// A list that fits says neither.
	d = kittest.New(t, NewHistory(memSource{memEntries(3, "Bot C")}, Config{Player: "k"}), 80, 24, false)
	require.NotContains(t, d.Text(), "more below")
	require.NotContains(t, d.Text(), "more above")
}

// TestHistoryListsGamesWaitingBeside: games in progress that a Klob
// started while another played keeps beside the state folder
// ("klob-2", "klob-3"...), at two, three and four players, are listed
// with the state folder's own game in progress and the history's
// unfinished game, each marked as not over and the waiting ones by
// their folder; without Config.Waiting (a server's player) they are
// not.
func TestHistoryListsGamesWaitingBeside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "klob")
	put := func(to, from string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(games, from))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
		require.NoError(t, os.WriteFile(to, data, 0o644))
	}
	put(filepath.Join(dir, store.CurrentName), "tables/saves/three-in-dialogue.klob")
	put(filepath.Join(dir, store.HistoryDir, "2026-11-29-1431-vs-Bot-normal-unfinished.klob"), "saves/in-play.klob")
	beside := map[string]string{"klob-2": "saves/in-play.klob", "klob-3": "tables/saves/three-in-dialogue.klob", "klob-4": "tables/saves/four-in-trick.klob"}
	for name, from := range beside {
		put(filepath.Join(root, name, store.CurrentName), from)
	}
	st := store.New(dir, store.Options{})

	msg := load(st, st.Waiting, "")
	require.NoError(t, msg.err)
	var got []string
	for i := range msg.rows {
		got = append(got, fmt.Sprintf("%d players: %s", msg.rows[i].entry.Header.Seats(), result(&msg.rows[i])))
	}
	require.Equal(t, []string{
		"3 players: playing",
		"2 players: playing, in klob-2",
		"3 players: playing, in klob-3",
		"4 players: playing, in klob-4",
		"2 players: unfinished",
	}, got)
	d := kittest.New(t, NewHistory(st, Config{Waiting: st.Waiting}), 80, 24, false)
	list := kittest.TrimRight(d.Text())
	require.Equal(t, 4, strings.Count(list, "in progress"), list)
	for _, name := range []string{"klob-2", "klob-3", "klob-4"} {
		require.Contains(t, list, "in "+name, list)
	}
	// Three rows down, the list names the save of klob-4.
	d.Press("down", "down", "down")
	require.Contains(t, kittest.TrimRight(d.Text()), filepath.Join(root, "klob-4", store.CurrentName))

	d = kittest.New(t, NewHistory(st, Config{}), 80, 24, false)
	require.NotContains(t, kittest.TrimRight(d.Text()), "klob-2")
}
