package daily

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

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
