package daily

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// manyEntrants is a field of n entrants, the person (entry 0) at rank
// at, the others named "Friend N" but the first, "Leader".
func manyEntrants(n, at int) *dailyfiles.Field {
	st := &duplicate.Standings{Boards: 8, Entrants: n, Field: n, Top: 2 * (n - 1)}
	files := make([]*duplicate.ResultFile, n)
	files[0] = &duplicate.ResultFile{Name: "Tester"}
	friend := 1
	for rank := 1; rank <= n; rank++ {
		entry := 0
		if rank != at {
			entry, friend = friend, friend+1
			files[entry] = &duplicate.ResultFile{Name: fmt.Sprintf("Friend %d", entry)}
		}
		if rank == 1 && entry != 0 {
			files[entry].Name = "Leader"
		}
		pct := 100 - float64(rank-1)*100/float64(n-1)
		max := float64(8 * st.Top)
		st.Rows = append(st.Rows, duplicate.Standing{Entry: entry, Name: files[entry].Name, Rank: rank, Played: 8,
			Matchpoints: pct * max / 100, Max: max, Percent: pct})
	}
	return &dailyfiles.Field{Standings: st, Me: 0, Files: files}
}

// TestResultsKeepTheLeader: with more entrants than the results have
// room for, the list keeps the person's row in view and the leader's
// too: a line counts the rows left out between them, every one of
// which the standings list; near the top, none is left out above the
// person's.
func TestResultsKeepTheLeader(t *testing.T) {
	f := newFixture(t, 2, "")
	f.until("the results", f.resultsRead)
	for _, c := range []struct {
		n, at  int
		hidden string // "" when no row is left out
	}{
		{12, 12, "entrants more"},
		{12, 9, "entrants more"},
		{30, 15, "entrants more"},
		{12, 1, ""},
		{12, 3, ""},
	} {
		f.s.res.field = manyEntrants(c.n, c.at)
		text := f.text()
		lines := strings.Split(text, "\n")
		if len(lines) > 24 {
			t.Errorf("%d entrants, you %d: %d lines", c.n, c.at, len(lines))
		}
		you := fmt.Sprintf("%d  Tester (you)", c.at)
		lead := "1  Leader"
		if c.at == 1 {
			lead = you
		}
		if !strings.Contains(text, lead) || !strings.Contains(text, you) {
			t.Errorf("%d entrants, you %d: the leader (%q) or you (%q) out of view:\n%s", c.n, c.at, lead, you, text)
		}
		if c.hidden == "" {
			// Near the top no row is left out above yours: the line
			// that counts the rows left out comes after it.
			above, _, _ := strings.Cut(text, you)
			if strings.Contains(above, "entrants more") || strings.Contains(above, "entrant more") {
				t.Errorf("%d entrants, you %d: rows left out though you are near the top:\n%s", c.n, c.at, text)
			}
			continue
		}
		// The line after the leader's counts the rows up to the next
		// one shown.
		left, next := 0, 0
		for i, l := range lines {
			if _, err := fmt.Sscanf(strings.TrimSpace(l), "… %d entrants more", &left); err == nil && i+1 < len(lines) {
				fmt.Sscanf(strings.TrimSpace(lines[i+1]), "%d", &next)
				if !strings.Contains(lines[i-1], lead) {
					t.Errorf("%d entrants, you %d: the leader is not just above the rows left out:\n%s", c.n, c.at, text)
				}
				break
			}
		}
		if left == 0 || next != left+2 {
			t.Errorf("%d entrants, you %d: %d counted left out, then rank %d:\n%s", c.n, c.at, left, next, text)
		}
	}
}

// standingsShown reads the standings under the results' boards: the
// ranks of the rows shown, and for each line that counts rows left
// out, the count, in their order (a count as -n).
func standingsShown(t *testing.T, text string) []int {
	t.Helper()
	_, list, ok := strings.Cut(text, "Matchpoints (MP)")
	if !ok {
		t.Fatalf("no standings:\n%s", text)
	}
	list, _, _ = strings.Cut(list, "Your result file")
	var out []int
	for _, l := range strings.Split(list, "\n")[1:] {
		l = strings.TrimSpace(l)
		rank, left := 0, 0
		switch {
		case l == "":
		case strings.HasPrefix(l, "…"):
			if _, err := fmt.Sscanf(l, "… %d entr", &left); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			out = append(out, -left)
		default:
			if _, err := fmt.Sscanf(l, "%d", &rank); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			out = append(out, rank)
		}
	}
	return out
}

// TestResultsCountTheRowsLeftOut: at every seat count, with more
// entrants than the results have room for and the person at the top,
// near it, in the middle, near the end or last, every row of the
// standings is either shown or counted in its place by a line, the
// leader and the person are shown, and the screen fits 80×24.
func TestResultsCountTheRowsLeftOut(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		f := newFixture(t, players, "")
		f.until("the results", f.resultsRead)
		for _, n := range []int{12, 30} {
			for _, at := range []int{1, 2, 5, n / 2, n - 1, n} {
				f.s.res.field = manyEntrants(n, at)
				text := f.text()
				lines := strings.Split(text, "\n")
				if len(lines) > 24 {
					t.Errorf("%d players, %d entrants, you %d: %d lines", players, n, at, len(lines))
				}
				for _, l := range lines {
					if w := kit.WidthOf(l); w > 80 {
						t.Errorf("%d players, %d entrants, you %d: a line of %d cells: %q", players, n, at, w, l)
					}
				}
				if !strings.Contains(text, fmt.Sprintf("%d  Tester (you)", at)) {
					t.Errorf("%d players, %d entrants, you %d: your row out of view:\n%s", players, n, at, text)
				}
				shown := standingsShown(t, text)
				next, gaps := 1, 0
				for _, r := range shown {
					switch {
					case r < 0:
						next -= r
						gaps++
					case r != next:
						t.Errorf("%d players, %d entrants, you %d: rank %d where %d is next:\n%s", players, n, at, r, next, text)
						next = r + 1
					default:
						next++
					}
				}
				if next != n+1 || len(shown) == 0 || shown[0] != 1 {
					t.Errorf("%d players, %d entrants, you %d: the rows shown and counted (%v) are not the %d ranks from the leader:\n%s",
						players, n, at, shown, n, text)
				}
				if gaps == 0 {
					t.Errorf("%d players, %d entrants, you %d: no line counts the rows left out:\n%s", players, n, at, text)
				}
			}
		}
	}
}

// TestStandingWindowCountsEveryRow: in any room and wherever the
// person's row is, the rows shown and the lines that count the rows
// left out add up to them all, in the room given; from four lines on,
// each line counts the rows in its place. The person's row is shown,
// and the leader's too when there are three lines or more (in one
// line, the person's row alone).
func TestStandingWindowCountsEveryRow(t *testing.T) {
	ctx := kittest.Context(80, 24)
	for n := 1; n <= 14; n++ {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = fmt.Sprintf("  %4d  row", i+1)
		}
		for keep := 1; keep <= n+1; keep++ {
			for me := range n {
				got := standingWindow(&ctx, rows, me, keep)
				if keep == 1 && n > 1 {
					// One line: the person's row, no room to count.
					if len(got) != 1 || got[0] != rows[me] {
						t.Errorf("%d rows, me %d, room 1: %q", n, me, got)
					}
					continue
				}
				if len(got) > keep {
					t.Errorf("%d rows, me %d, room %d: %d lines", n, me, keep, len(got))
				}
				next, last, total, sawMe, sawLead := 1, 0, 0, false, false
				for _, l := range got {
					left, rank := 0, 0
					l = strings.TrimSpace(ansi.Strip(l))
					if _, err := fmt.Sscanf(l, "… %d entr", &left); err == nil {
						next += left
						total += left
						continue
					}
					fmt.Sscanf(l, "%d", &rank)
					if rank <= last || (keep >= 4 && rank != next) {
						t.Errorf("%d rows, me %d, room %d: row %d where %d is next: %q", n, me, keep, rank, next, got)
					}
					sawMe = sawMe || rank == me+1
					sawLead = sawLead || rank == 1
					next, last = rank+1, rank
					total++
				}
				if total != n {
					t.Errorf("%d rows, me %d, room %d: %d rows shown and counted: %q", n, me, keep, total, got)
				}
				if !sawMe || (keep >= 3 && !sawLead) {
					t.Errorf("%d rows, me %d, room %d: the leader or me out of sight: %q", n, me, keep, got)
				}
			}
		}
	}
}

// TestNameInColumn: a name too long for the standings' column ends in
// "…", so that it is not read as the whole name; a short one is whole,
// padded to the column's 28 cells (a wide letter takes two).
func TestNameInColumn(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Bob", "Bob"},
		{"Bartholomew Fitzgerald-Montgomery III", "Bartholomew Fitzgerald-Mont…"},
		{"Exactly twenty-eight columns", "Exactly twenty-eight columns"},
		{"山田太郎", "山田太郎"},
		{"山田太郎山田太郎山田太郎山田太郎", "山田太郎山田太郎山田太郎山…"},
	} {
		got := nameInColumn(c.name, 28, "…")
		if strings.TrimRight(got, " ") != c.want || kit.WidthOf(got) != 28 {
			t.Errorf("nameInColumn(%q, 28) = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestNameInColumnASCII: under -ascii a long name is cut with "..."
// itself, so that the column keeps its 28 cells once the App has
// written the screen in ASCII ("…" would grow two cells there).
func TestNameInColumnASCII(t *testing.T) {
	ctx := kit.NewContext(true)
	got := nameInColumn("Bartholomew Fitzgerald-Montgomery III", 28, ctx.Ellipsis())
	if shown := kit.ASCIIText(got); shown != "Bartholomew Fitzgerald-Mo..." || kit.WidthOf(shown) != 28 {
		t.Errorf("nameInColumn under -ascii = %q, shown %q", got, shown)
	}
}

// TestHelpOfPagesThatQuitAtOnce: the day's first page and its results
// quit at once on q, so their help must not say q asks first or keeps a
// game; enter and the digits choose boards there, not cards.
func TestHelpOfPagesThatQuitAtOnce(t *testing.T) {
	km := kit.DefaultKeys()
	for _, p := range []interface {
		kit.Screen
		kit.Helper
		QuitsAtOnce() bool
	}{&intro{}, &results{}} {
		if !p.QuitsAtOnce() {
			t.Fatalf("%s asks before it quits", p.Name())
		}
		for _, group := range p.KeyHelp(&km).FullHelp() {
			for _, b := range group {
				d := b.Help().Desc
				if strings.Contains(d, "asks first") || strings.Contains(d, "game stays saved") || strings.Contains(d, "card") {
					t.Errorf("%s: the help says %q %q", p.Name(), b.Help().Key, d)
				}
			}
		}
	}
}

// TestDamagedResultsPathShown: a result file that cannot be read is
// kept aside, and the day's first page says where as the screens show
// paths ("~/.local/state/klob/..." here), not with the whole path.
func TestDamagedResultsPathShown(t *testing.T) {
	dir := t.TempDir()
	day, err := dailyfiles.Open(dir).Day(day1, 2, "Tester", "v-test")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(day.ResultPath()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(day.ResultPath(), []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, 2, dir, quickPar)
	txt := strings.Join(strings.Fields(f.text()), " ")
	if !strings.Contains(txt, "could not be read") || strings.Contains(txt, dir) ||
		!strings.Contains(txt, "~/.local/state/klob/") {
		t.Errorf("the damaged file's note:\n%s", f.text())
	}
}

// TestNotesBeginWithACapital: the intro's notes of what went wrong
// begin "! " and a capital letter, as Klob's other notes do, though
// the errors they say are written as Go writes them: a board in
// progress kept after the actions that still replay, and a warning
// from before the screen opened. At every seat count.
func TestNotesBeginWithACapital(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		dir := t.TempDir()
		day, err := dailyfiles.Open(dir).Day(day1, n, "Tester", "v-test")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(day.Dir(), 0o755); err != nil {
			t.Fatal(err)
		}
		board := "klob-daily-board 1\nboard 1\nplay A: fly\n"
		if err := os.WriteFile(filepath.Join(day.Dir(), dailyfiles.BoardName), []byte(board), 0o644); err != nil {
			t.Fatal(err)
		}
		f := newFixture(t, n, dir, quickPar)
		f.s.cfg.Warning = "past days without par: no room"
		txt := flat(f.text())
		for _, want := range []string{
			fmt.Sprintf("! The board in progress of %s at %d players could not be read whole", day1, n),
			"! Past days without par: no room",
		} {
			if !strings.Contains(txt, want) {
				t.Errorf("the intro does not say %q:\n%s", want, f.text())
			}
		}
	})
}

// TestPageScrollsOnlyWhenLong: a page (the history, the standings)
// offers ↑ or ↓ only when its rows run past the window; an empty
// history has nothing to scroll.
func TestPageScrollsOnlyWhenLong(t *testing.T) {
	for _, n := range []int{2, 40} {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = " a row"
		}
		p := &page{name: "history", lines: func(ctx *kit.Context, w int) ([]string, []string) {
			return kit.Titled(ctx, "history"), rows
		}}
		ctx := kittest.Context(80, 24)
		lines := strings.Split(strings.TrimRight(p.View(&ctx), "\n"), "\n")
		if keys := lines[len(lines)-1]; strings.Contains(keys, "scroll") != (n == 40) {
			t.Errorf("%d rows: the keys read %q", n, keys)
		}
	}
}

// TestHelpRulesOfTheDay: on the day's first page, before a board and
// between boards, the help's rules in short are the day's (its seat
// count), not the default two-player game's. At every seat count.
func TestHelpRulesOfTheDay(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		f := newFixture(t, n, "")
		o, ok := f.s.HelpRules()
		if !ok || o.NumPlayers() != n || o.Target <= 0 {
			t.Errorf("%d players: the intro's help rules are %v (ok %v), want %d players", n, o, ok, n)
		}
	}
}

// TestStandingsBoardsPlayed: an entrant who played fewer boards than
// the day has says how many, in good English.
func TestStandingsBoardsPlayed(t *testing.T) {
	ctx := kit.NewContext(false)
	f := &dailyfiles.Field{Standings: &duplicate.Standings{Boards: 8, Rows: []duplicate.Standing{
		{Entry: 0, Name: "Ann", Rank: 1, Played: 8}, {Entry: 1, Name: "Bob", Rank: 2, Played: 1}, {Entry: 2, Name: "Cid", Rank: 3, Played: 3},
	}}}
	rows := strings.Join(standingRows(&ctx, f), "\n")
	for _, want := range []string{"Bob", "· 1 board\n", "· 3 boards"} {
		if !strings.Contains(rows+"\n", want) {
			t.Errorf("the standings lack %q:\n%s", want, rows)
		}
	}
	if strings.Count(rows, "board") != 2 {
		t.Errorf("only the two partial entrants count their boards:\n%s", rows)
	}
}

// TestStandingsLookAlikes: a friend's file named "You", like par (its
// row or its column) or like oneself is marked as a friend in the standings; par and one's
// own row are not.
func TestStandingsLookAlikes(t *testing.T) {
	ctx := kit.NewContext(false)
	file := func(name string) *duplicate.ResultFile { return &duplicate.ResultFile{Name: name} }
	for _, c := range []struct {
		me, friend, want string
	}{
		{"Ann", "You", "You (friend)"},
		{"Ann", "Par (hard bot)", "Par (hard bot) (friend)"},
		// Par's column heads the results: a friend named so is marked.
		{"Ann", "Par", "Par (friend)"},
		{"Ann", "Pär", "Pär (friend)"},
		{"Ann", "ann", "ann (friend)"},
		{"Ann", "Bob", "Bob "},
		{"Ann of the long name", "ANN  OF  THE  LONG  NAME", "… (friend)"},
		// Look-alike letters of other scripts: a Greek capital Upsilon,
		// a Cyrillic А, a Greek capital Rho.
		{"Ann", "Υou", "Υou (friend)"},
		{"Ann", "Аnn", "Аnn (friend)"},
		{"Ann", "Ρar (hard bot)", "Ρar (hard bot) (friend)"},
	} {
		f := &dailyfiles.Field{Standings: &duplicate.Standings{Boards: 8, Rows: []duplicate.Standing{
			{Entry: 1, Name: c.friend, Rank: 1, Played: 8}, {Entry: 0, Name: c.me, Rank: 2, Played: 8},
		}}, Files: []*duplicate.ResultFile{file(c.me), file(c.friend)}}
		rows := strings.Join(standingRows(&ctx, f), "\n")
		if !strings.Contains(rows, c.want) || !strings.Contains(rows, c.me+" (you)") {
			t.Errorf("%q against %q: want %q:\n%s", c.me, c.friend, c.want, rows)
		}
	}
	par := &dailyfiles.Field{Standings: &duplicate.Standings{Boards: 8, Rows: []duplicate.Standing{
		{Entry: 0, Name: "Ann", Rank: 1, Played: 8}, {Entry: 1, Name: dailyfiles.ParName, Rank: 2, Played: 8},
	}}, Files: []*duplicate.ResultFile{file("Ann"), nil}, WithPar: true}
	if rows := strings.Join(standingRows(&ctx, par), "\n"); strings.Contains(rows, "(friend)") {
		t.Errorf("par marked as a friend's:\n%s", rows)
	}
}

// TestStandingsFriendsAlike: two friends whose names look alike but
// differ ("alice", and "аlice" with a Cyrillic а) each bear the tag of
// their name as written, so the rows read apart; a friend whose name
// looks like no other's bears none.
func TestStandingsFriendsAlike(t *testing.T) {
	ctx := kit.NewContext(false)
	entrants := []string{"Ann", "alice", "аlice", "Bob"}
	f := &dailyfiles.Field{Standings: &duplicate.Standings{Boards: 8}}
	for i, name := range entrants {
		f.Standings.Rows = append(f.Standings.Rows, duplicate.Standing{Entry: i, Name: name, Rank: i + 1, Played: 8})
		f.Files = append(f.Files, &duplicate.ResultFile{Name: name})
	}
	rows := standingRows(&ctx, f)
	for i, want := range []string{"Ann (you) ", "alice #" + dailyfiles.NameTag("alice") + " ",
		"аlice #" + dailyfiles.NameTag("аlice") + " ", "Bob "} {
		if i >= len(rows) || !strings.Contains(rows[i], want) || kit.WidthOf(rows[i]) > 80 {
			t.Errorf("row %d: want %q in 80 columns:\n%s", i, want, strings.Join(rows, "\n"))
		}
	}
	if strings.Contains(rows[3], "#") {
		t.Errorf("a name like no other's tagged:\n%s", rows[3])
	}
}

// TestBoardMarksReadAsNoNumber: the line of the day's boards marks a
// board played with its result and one to come with a dot that reads
// as no number, "." under -ascii (where "·" is written "-", a minus
// beside the results).
func TestBoardMarksReadAsNoNumber(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.until("board 1's end", func() bool { return f.s.sub.Name() == "between" })
	br, ok := boardOf(f.s.prog.Results.Boards, 1)
	if !ok {
		t.Fatal("board 1 has no result")
	}
	for ascii, toCome := range map[bool]string{false: "·", true: "."} {
		ctx := kit.NewContext(ascii)
		got := ansi.Strip(f.s.boardMarks(&ctx))
		if ascii {
			got = kit.ASCIIText(got)
		}
		want := "1 " + kit.Number(br.Result)
		for b := 2; b <= 8; b++ {
			want += fmt.Sprintf("  %d %s", b, toCome)
		}
		if got != want {
			t.Errorf("ascii %v: %q, want %q", ascii, got, want)
		}
	}
}

// TestBoardHelpHasNoHints: a daily board gives no hint, so the help of
// klob daily at a board lists neither the hint key nor the hints' and
// grades' legend, and keeps the hand's marks.
func TestBoardHelpHasNoHints(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.until("board 1", func() bool { _, ok := f.tbl(); return ok })
		kittest.CheckHintsHelp(t, f.s, false)
	})
}

// TestBoardTakebackRefusal: a daily board takes nothing back, and the
// refusal of u says it is the daily challenge that takes none, not
// "this game".
func TestBoardTakebackRefusal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.untilFirstDecision()
		f.hs.Press("u")
		text := strings.Join(strings.Fields(f.text()), " ")
		if !strings.Contains(text, "Nothing to take back: takebacks are off in the daily.") {
			t.Errorf("%d players: u on a daily board:\n%s", n, f.text())
		}
	})
}

// TestBoardHelpIsOneDeal: a board is one deal, not a game to a target:
// its help says so in place of "the first to the target wins".
func TestBoardHelpIsOneDeal(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		f := newFixture(t, n, "")
		f.untilFirstDecision()
		ctx := kittest.Context(80, 24)
		help := strings.Join(strings.Fields(kittest.HelpText(&ctx, f.s)), " ")
		if !strings.Contains(help, "A board is one deal, scored on its own") || strings.Contains(help, "The first to the target") {
			t.Errorf("%d players: the board's help:\n%s", n, help)
		}
	})
}

// TestHelpMarksWithCardsOnly: only a board's table and a replay show
// cards, so only their help tells the numbers and marks; the intro, the
// history, the page between boards, the results, the standings and the
// page that says the day cannot go on leave them out.
func TestHelpMarksWithCardsOnly(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	marks := func(part string, want bool) {
		t.Helper()
		if !f.on(part)() {
			t.Fatalf("at %s, not %s:\n%s", f.s.Name(), part, f.text())
		}
		if got := kit.HelpMarksOf(f.s); got != want {
			t.Errorf("the help of %s tells the numbers and marks: %v, want %v", part, got, want)
		}
	}
	marks("intro", false)
	f.hs.Press("h")
	marks("history", false)
	f.hs.Press("esc", "enter")
	if _, ok := f.tbl(); !ok {
		t.Fatalf("enter deals no board:\n%s", f.text())
	}
	marks("table", true)
	f.until("board 1's end", f.on("between"))
	marks("between", false)
	f.until("the results", f.resultsRead)
	marks("results", false)
	f.hs.Press("s")
	marks("standings", false)
	f.hs.Press("esc", "enter")
	marks("replay", true)
	f.s.sub = &stopped{s: f.s, err: errors.New("board 1 cannot be played")}
	marks("stopped", false)
}

// The day's own parts take clicks on their offers: the intro's [h]
// opens the history, whose esc comes back; [enter] deals the board;
// between boards [esc] goes back to the day's intro.
func TestDailyClicks(t *testing.T) {
	f := newFixture(t, 2, "", quickPar)
	f.hs.ClickOn("[h] history")
	if !f.on("history")() {
		t.Fatalf("a click on [h] did not open the history:\n%s", f.text())
	}
	f.hs.ClickOn("esc back")
	if !f.on("intro")() {
		t.Fatalf("a click on esc did not come back:\n%s", f.text())
	}
	f.hs.ClickOn("[enter] play board 1")
	if _, ok := f.tbl(); !ok {
		t.Fatalf("a click on [enter] did not deal the board:\n%s", f.text())
	}
	f.until("board 1's end", f.on("between"))
	f.hs.ClickOn("[esc] the daily")
	if !f.on("intro")() {
		t.Fatalf("a click on [esc] between boards did not show the day:\n%s", f.text())
	}
}

// On the results a click on a board chooses it and a second click opens
// the hard bot's line of it in the replay; a click on "s standings"
// shows the standings, one on "h history" the history, though their
// keys are on the line above the last.
func TestDailyResultsClicks(t *testing.T) {
	f, _ := playDay(t, 2, quickPar)
	f.hs.ClickOn("3        ")
	r := f.s.sub.(*results)
	if r.cursor != 2 {
		t.Fatalf("a click on board 3 chose row %d", r.cursor)
	}
	f.hs.ClickOn("3        ")
	if name := f.s.sub.Name(); name != "replay" {
		t.Fatalf("a click on the chosen board opened %s:\n%s", name, f.text())
	}
	f.hs.Press("esc")
	f.hs.ClickOn("s standings")
	if name := f.s.sub.Name(); name != "standings" {
		t.Fatalf("a click on s standings opened %s:\n%s", name, f.text())
	}
	f.hs.Press("esc")
	f.hs.ClickOn("h history")
	if name := f.s.sub.Name(); name != "history" {
		t.Fatalf("a click on h history opened %s:\n%s", name, f.text())
	}
}
