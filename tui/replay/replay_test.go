package replay

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/testing/analysistest"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// games are the recorded games of testdata.
const games = "../../testdata/games"

// readGame replays a log of testdata/games.
func readGame(t testing.TB, name string) *gamelog.Replay {
	t.Helper()
	_, r, err := gamelog.ReadReplay(filepath.Join(games, name))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gameOfEachCount names a saved game of each seat count: two, three
// and four players.
var gameOfEachCount = []string{"07-sequences-decided-by-trump.klob", "tables/3-01-every-house-variant.klob",
	"tables/4-14-shlomo-and-cleopatra-in-one-deal.klob"}

// readPersonsGame is readGame with seat A a person's, whose choices the
// analysis grades: a local game's, whose person the log names "You".
func readPersonsGame(t testing.TB, name string) *gamelog.Replay {
	t.Helper()
	r := readGame(t, name)
	r.Header.SetPlayer(rules.SeatA, "You", gamelog.Human)
	return r
}

// fakeAnalyze grades without the bot, so the golden screens do not move
// when the bot does: a decision with a choice loses (5·deal + 3·step)
// mod 29 points against the first other legal action.
var fakeAnalyze = analysistest.Fake(func(deal, step int) float64 { return float64((5*deal + 3*(step-1)) % 29) })

// open starts the replay of r at w×h.
func open(t testing.TB, r *gamelog.Replay, name string, w, h int) *kittest.Driver {
	return kittest.New(t, New(r, name, Config{Analyze: fakeAnalyze}, nil), w, h, false)
}

// replayOf is the replay on screen.
func replayOf(hs *kittest.Driver) *Screen { return hs.Screen.(*Screen) }

// TestGoldens draws the replay at 80×24 at every seat count: the first
// trick with every hand open, one seat's view, the analysis, the trick
// list, and the end of a deal with the points lost by grade.
func TestGoldens(t *testing.T) {
	for _, tc := range []struct {
		n    int
		file string
	}{{2, "07-sequences-decided-by-trump.klob"}, {3, "tables/3-01-every-house-variant.klob"}, {4, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob"}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			r := readGame(t, tc.file)
			if r.Players() != tc.n {
				t.Fatalf("%s has %d players", tc.file, r.Players())
			}
			hs := open(t, r, filepath.Base(tc.file), 80, 24)
			name := func(what string) string { return fmt.Sprintf("replay%d-80x24-%s", tc.n, what) }
			golden := func(what string) {
				t.Helper()
				scr := text(hs)
				kittest.Golden(t, name(what), scr)
				// The grades are words everywhere, never an annotator's
				// marks that read as questions.
				if m := chessMarks.FindString(scr); m != "" {
					t.Errorf("%s: a grade marked %q:\n%s", what, m, scr)
				}
				// The step line is a sentence, its grade's note in it,
				// as the replay's other lines are.
				for _, l := range strings.Split(scr, "\n") {
					if l = strings.TrimRight(l, " "); strings.HasPrefix(l, " Step ") && !strings.HasSuffix(l, ".") {
						t.Errorf("%s: the step line is no sentence: %q", what, l)
					}
				}
			}
			golden("1-dealt")
			hs.Press("down", "down", "right")
			golden("2-open")
			hs.Press("o")
			golden("3-one-view")
			hs.Press("o", "a")
			golden("4-analysis")
			hs.Press("v")
			golden("5-tricks")
			hs.Press("v", "n")
			if s := replayOf(hs); s.pos.n != 0 && !s.over() {
				hs.Press("left")
			}
			if !replayOf(hs).over() {
				hs.Press("left")
			}
			golden("6-deal-end")
			// The points lost are headed by the grades' words, not by
			// annotator's marks that read as questions.
			for _, l := range strings.Split(text(hs), "\n") {
				if strings.HasPrefix(l, " Lost  ") && !strings.Contains(l, "blunder  mistake  inaccuracy") {
					t.Errorf("the points lost are not headed in words: %q", l)
				}
			}
			hs.Press("end")
			golden("7-game-end")
		})
	}
}

// chessMarks are the annotator's marks of a grade: "?!", "??", and "?"
// after a move or before a number.
var chessMarks = regexp.MustCompile(`\?\?|\?!|\S \?( |$)|\?\d`)

// A game in progress with one person in it shows that person's view
// only, and no analysis, until it is over.
func TestSealed(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(games, "saves", "in-play.klob"))
	if err != nil {
		t.Fatal(err)
	}
	// A local game's person, whom the log names "You".
	save := strings.Replace(string(b), `[LevelA "random"]`, `[LevelA "human"]`, 1)
	save = strings.Replace(save, `[PlayerA "Random A"]`, `[PlayerA "You"]`, 1)
	l, err := gamelog.Parse("in-play.klob", []byte(save))
	if err != nil {
		t.Fatal(err)
	}
	r, err := l.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Header.HumanSeat(); !ok || r.Over {
		t.Fatal("the save is not a game in progress with one person")
	}
	hs := open(t, r, "current.klob", 80, 24)
	hs.Press("end")
	s := replayOf(hs)
	if s.open {
		t.Fatal("a game in progress opened every hand")
	}
	hs.Press("o")
	if s.open || !strings.Contains(text(hs), "only your own cards") {
		t.Fatalf("o opened the hands of a game in progress:\n%s", text(hs))
	}
	// Both sayings whole, not cut at the window's edge.
	for _, want := range []string{sealedNote, sealedAnalysis} {
		if !strings.Contains(text(hs), want) {
			t.Errorf("the screen lacks %q whole:\n%s", want, text(hs))
		}
	}
	hs.Press("a")
	if s.on {
		t.Fatal("a started the analysis of a game in progress")
	}
	// Nor does the key line offer them.
	if lines := strings.Split(text(hs), "\n"); strings.Contains(lines[len(lines)-1], "hands") || strings.Contains(lines[len(lines)-1], "analysis") {
		t.Errorf("the key line of a game in progress offers keys that do nothing: %q", lines[len(lines)-1])
	}
	kittest.Golden(t, "replay-sealed-80x24", text(hs))

	// The same game filed in the history unfinished (abandoned) never
	// goes on: every hand and the analysis are open.
	filed, fr, err := gamelog.Filed(l)
	if err != nil || !filed.Header.Abandoned() {
		t.Fatalf("Filed: %v, %+v", err, filed.Header.Extra)
	}
	ab := replayOf(open(t, fr, "abandoned.klob", 80, 24))
	if ab.sealed || !ab.open {
		t.Fatal("an abandoned game is sealed")
	}
}

// The go-to prompt takes a deal's number; a number out of the game says
// so.
func TestGoTo(t *testing.T) {
	r := readGame(t, "10-both-over-the-target.klob")
	hs := open(t, r, "game.klob", 80, 24)
	hs.Press("g", "2", "enter")
	if p := replayOf(hs).pos; p.deal != 1 || p.n != 0 {
		t.Fatalf("g 2 enter went to %+v", p)
	}
	hs.Press("9", "9", "enter")
	if !strings.Contains(text(hs), "no deal 99") {
		t.Fatalf("no word of the missing deal:\n%s", text(hs))
	}
}

// TestMonkey: random keys, clicks and window sizes (down to 1×1) at
// every seat count: nothing panics and every frame is exactly the window's size.
func TestMonkey(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	t.Setenv("TERM", "dumb")
	keys := []string{"left", "right", "up", "down", "n", "p", "g", "o", "a", "v", "esc", "enter", "1", "2", "backspace", "home", "end", "x", "q", "?"}
	r := rand.New(rand.NewPCG(7, 7))
	// Each game takes 800 events, 300 under -short: still every seat
	// count, a few dozen window sizes and clicks each.
	events := kittest.MonkeyEvents(800, 300)
	for _, file := range []string{"09-tie.klob", "tables/3-04-three-all-passed.klob", "tables/4-13-cleopatra-declared.klob", "saves/no-deal.klob"} {
		hs := open(t, readGame(t, file), file, 80, 24)
		w, h := 80, 24
		for range events {
			if r.IntN(20) == 0 {
				w, h = 1+r.IntN(160), 1+r.IntN(50)
				hs.Size(w, h)
			}
			var msg tea.Msg = kittest.Key(keys[r.IntN(len(keys))])
			if r.IntN(4) == 0 {
				// A click anywhere, on the line of hints too.
				msg = tea.MouseClickMsg{X: r.IntN(w + 2), Y: r.IntN(h + 2), Button: tea.MouseLeft}
			}
			hs.Send(msg)
			frame := hs.Frame()
			kittest.CheckSize(t, frame, w, h)
			if strings.Contains(ansi.Strip(frame), "You deals") || strings.Contains(ansi.Strip(frame), "You's") {
				t.Fatalf("%s: You as a third person:\n%s", file, ansi.Strip(frame))
			}
		}
	}
}

// TestHistory lists games of every seat count with the record by seat
// count, the columns aligned whatever the result's length, and opens
// one in the replay; esc comes back.
func TestHistory(t *testing.T) {
	dir, keep := historyState(t)
	put := putGame(t, keep)
	put("2026-01-05-1200-vs-Bot-easy-won.klob", "05-target-not-500.klob", rules.SeatA)
	put("2026-01-06-1200-vs-Bot-normal-lost.klob", "09-tie.klob", rules.SeatB, gamelog.Tag{Name: "Takebacks", Value: "1"})
	put("2026-01-07-1200-vs-West-normal-East-normal-won.klob", "tables/3-01-every-house-variant.klob", rules.SeatA)
	put("2026-01-08-1200-vs-West-normal-East-normal-lost-practice.klob", "tables/4-05-four-tie.klob", rules.SeatA,
		gamelog.Tag{Name: gamelog.PracticeTag, Value: gamelog.PracticeValue})
	// The state directory is shown as $STATE before the path is wrapped:
	// where a path breaks must not hang on the temporary folder's name.
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, ShowPath: func(p string) string {
		return strings.ReplaceAll(p, dir, "$STATE")
	}})
	list := text(hs)
	kittest.Golden(t, "history-80x24", list)
	// The results line up under their heading, whatever their length.
	lines := strings.Split(list, "\n")
	col := -1
	for _, l := range lines {
		if strings.Contains(l, "started") && strings.Contains(l, "result") {
			col = len([]rune(l[:strings.Index(l, "result")]))
			continue
		}
		if col < 0 || !strings.Contains(l, " 12:00 ") {
			continue
		}
		rs := []rune(l)
		if len(rs) <= col || rs[col-1] != ' ' || rs[col] == ' ' {
			t.Fatalf("a result is not under its heading (column %d):\n%s", col, list)
		}
	}
	// At 80 columns every row says who played, whole, at two, three and
	// four players, in one form with the bots' levels: at four the
	// partner, then the opponents, on a second line where the column is
	// too narrow for one, and the bots' one level under them.
	for _, want := range []string{"vs Random A (random)", "vs Random B (random)", "vs Random B, Random C ",
		"(both random)\n", "with Random C ", "vs Random B, Random D\n", "(all random)\n"} {
		if !strings.Contains(list, want) {
			t.Fatalf("the list at 80 columns lacks %q:\n%s", want, list)
		}
	}
	// Wide enough for the whole row on one line.
	hs.Size(140, 24)
	if wide := text(hs); !strings.Contains(wide, "with Random C vs Random B, Random D (all random)") {
		t.Fatalf("the four-player row does not tell partner from opponents:\n%s", wide)
	}
	hs.Size(80, 24)
	hs.Press("down", "down", "enter")
	if hs.Screen.Name() != "replay" {
		t.Fatalf("enter opened %s:\n%s", hs.Screen.Name(), text(hs))
	}
	hs.Press("esc")
	if hs.Screen.Name() != "history" {
		t.Fatalf("esc went to %s", hs.Screen.Name())
	}
}

// putGame returns put, which files the test game src (under games)
// as name with Tester, a person, in seat human, the others bots, and
// the extra tags.
func putGame(t *testing.T, keep func(name string, text []byte)) func(name, src string, human rules.Seat, extra ...gamelog.Tag) {
	return func(name, src string, human rules.Seat, extra ...gamelog.Tag) {
		t.Helper()
		l, err := gamelog.ReadFile(filepath.Join(games, src))
		if err != nil {
			t.Fatal(err)
		}
		for s := range rules.Seat(l.Header.Seats()) {
			if s == human {
				l.Header.SetPlayer(s, "Tester", gamelog.Human)
			} else if l.Header.Level(s) == gamelog.Human {
				l.Header.SetPlayer(s, l.Header.PlayerName(s), "normal")
			}
		}
		l.Header.Extra = append(l.Header.Extra, extra...)
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		keep(name, b)
	}
}

// TestHistoryLongResultAndPath: at 80 columns a result too long for
// what the other columns leave wraps in its column, whole, never cut
// (it read "lost, practice, takebacks…"), and the chosen game's path
// under the list breaks only after a "/", its file's name whole for
// copying.
func TestHistoryLongResultAndPath(t *testing.T) {
	dir, keep := historyState(t)
	put := putGame(t, keep)
	names := []string{"2026-01-08-1200-vs-West-normal-East-normal-lost-practice.klob",
		"2026-01-07-1200-vs-West-normal-East-normal-North-normal-won.klob"}
	put(names[0], "tables/3-01-every-house-variant.klob", rules.SeatB,
		gamelog.Tag{Name: gamelog.PracticeTag, Value: gamelog.PracticeValue}, gamelog.Tag{Name: "Takebacks", Value: "12"})
	put(names[1], "tables/4-05-four-tie.klob", rules.SeatA)
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, ShowPath: func(p string) string {
		return strings.ReplaceAll(p, dir, "/home/someone/.local/state/klob")
	}})
	list := text(hs)
	lines := strings.Split(list, "\n")
	var said string
	for i, l := range lines {
		if kit.WidthOf(l) > 80 {
			t.Fatalf("a line is wider than 80 columns:\n%s", list)
		}
		if at := strings.Index(l, "lost, practice"); at >= 0 {
			// The result's column, on this line and the next.
			col := kit.WidthOf(l[:at])
			said = strings.TrimSpace(l[at:])
			if next := []rune(lines[i+1]); len(next) > col {
				said += " " + strings.TrimSpace(string(next[col:]))
			}
		}
	}
	if whole := "lost, practice, takebacks 12"; said != whole || strings.Contains(list, "…") {
		t.Fatalf("the result %q is not whole in its column: %q\n%s", whole, said, list)
	}
	for range names {
		hs.Press("down")
		list = text(hs)
		if !strings.Contains(list, names[0]) && !strings.Contains(list, names[1]) {
			t.Fatalf("the chosen game's file name is not whole on one line:\n%s", list)
		}
	}
}

// historyState is a state directory of the test's with an empty
// history, and keep, which files a game log's text there by name.
func historyState(t *testing.T) (dir string, keep func(name string, text []byte)) {
	t.Helper()
	dir = t.TempDir()
	hist := filepath.Join(dir, store.HistoryDir)
	if err := os.MkdirAll(hist, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, func(name string, text []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(hist, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// openHistory is the list of the games kept under dir at 80×24.
func openHistory(t *testing.T, dir string, cfg Config) *kittest.Driver {
	t.Helper()
	return kittest.New(t, NewHistory(store.New(dir, store.Options{}), cfg), 80, 24, false)
}

// text is the driver's frame without styles or trailing spaces.
func text(d *kittest.Driver) string { return kittest.TrimRight(d.Text()) }

// sharedLog is the log file games/file (a table game) as a shared
// table files it: ann and bob, with their keys, in seats A and B, and the
// normal bots named bots in the seats after.
func sharedLog(t *testing.T, file string, bots ...string) []byte {
	t.Helper()
	l, err := gamelog.ReadFile(filepath.Join(games, file))
	if err != nil {
		t.Fatal(err)
	}
	for s, name := range append([]string{"ann", "bob"}, bots...) {
		level := gamelog.Human
		if s > 1 {
			level = "normal"
		}
		l.Header.SetPlayer(rules.Seat(s), name, level)
	}
	l.Header.SetKey(rules.SeatA, "key-ann")
	l.Header.SetKey(rules.SeatB, "key-bob")
	b, err := l.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHistoryOfSharedGames: the list of a player of the server names a
// game of two people at four by its teams, and never shows the server's
// directories: not under the cursor, not in why a game does not open.
func TestHistoryOfSharedGames(t *testing.T) {
	dir, keep := historyState(t)
	b := sharedLog(t, "tables/4-05-four-tie.klob", "Bot C", "Bot D")
	for name, text := range map[string][]byte{"2026-01-08-1200-ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal-AC-won.klob": b,
		"2026-01-07-1200-broken.klob": []byte("not a log\n")} {
		keep(name, text)
	}
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
	if !strings.Contains(text(hs), "ann & Bot C vs bob & Bot D") {
		t.Fatalf("the teams are not named:\n%s", text(hs))
	}
	for range 2 {
		hs.Press("enter")
		if strings.Contains(text(hs), dir) {
			t.Fatalf("the server's directory shows:\n%s", text(hs))
		}
		if hs.Screen.Name() == "replay" {
			hs.Press("esc")
		}
		hs.Press("down")
	}
	// Each person's list reads the game from their own seat, and their
	// record counts it; their replay of it too.
	for key, want := range map[string]string{"key-ann": "won", "key-bob": "lost"} {
		hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true, Player: key})
		got := text(hs)
		if !strings.Contains(got, "  "+want) || strings.Contains(got, "no game of yours") || !strings.Contains(got, "1 game") {
			t.Errorf("%s's list does not read the game as %s, counted in the record:\n%s", key, want, got)
		}
		// The replay has the person's own seat at the bottom.
		hs.Press("enter")
		name := strings.TrimPrefix(key, "key-")
		if got := text(hs); hs.Screen.Name() != "replay" || !strings.Contains(got, name+"'s hand") {
			t.Errorf("%s's replay does not have their own hand at the bottom:\n%s", name, got)
		}
	}
}

// TestUngradedSeatsCarryNoGrade: the analysis grades the person's seat
// only; a bot's steps show no note ("forced" would say it had no
// choice) and the points-lost lines name no bot, while each of the
// person's choices has its note.
func TestUngradedSeatsCarryNoGrade(t *testing.T) {
	r := readPersonsGame(t, "07-sequences-decided-by-trump.klob")
	hs := kittest.New(t, New(r, "x", Config{Analyze: fakeAnalyze}, nil), 80, 24, false)
	hs.Press("a")
	bot := r.Header.PlayerName(rules.SeatB)
	steps := r.Deals[0].Steps
	seen := map[rules.Seat]int{}
	for i := range steps {
		hs.Press("right")
		var line, lost string
		for _, l := range strings.Split(text(hs), "\n") {
			switch l = strings.TrimSpace(l); {
			case strings.HasPrefix(l, fmt.Sprintf("Step %d:", i+1)):
				line = l
			case strings.HasPrefix(l, "Points lost"):
				lost = l
			}
		}
		if line == "" || lost == "" {
			t.Fatalf("step %d: no step line or no points lost:\n%s", i+1, text(hs))
		}
		if strings.Contains(lost, bot) {
			t.Fatalf("step %d: the bot, not graded, is in %q", i+1, lost)
		}
		switch seat := steps[i].Seat; seat {
		case rules.SeatB:
			if strings.Contains(line, " · ") {
				t.Fatalf("step %d of the ungraded seat carries a grade: %q", i+1, line)
			}
			seen[seat]++
		case rules.SeatA:
			if !strings.Contains(line, " · ") {
				t.Fatalf("step %d of the graded seat has no grade: %q", i+1, line)
			}
			seen[seat]++
		}
	}
	if seen[rules.SeatA] == 0 || seen[rules.SeatB] == 0 {
		t.Fatalf("steps seen by seat: %v", seen)
	}
	// The deal's end: the rows of points lost by grade are the person's.
	hs.Press("end")
	rows := strings.Split(text(hs), "\n")
	head := slices.IndexFunc(rows, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "Lost ") })
	if head < 0 || head+1 >= len(rows) || !strings.HasPrefix(strings.TrimSpace(rows[head+1]), "You ") {
		t.Fatalf("no rows of points lost for the person:\n%s", text(hs))
	}
	if next := strings.TrimSpace(rows[head+2]); strings.HasPrefix(next, bot) {
		t.Fatalf("the ungraded bot has a row of points lost: %q", next)
	}
}

// TestDeclarationPassSaid: stepping through the declarations at three
// and four, a declaration declined is said as the table talk says it
// ("said no shlomo"), never "said pass" before any bid.
func TestDeclarationPassSaid(t *testing.T) {
	for _, file := range []string{"tables/3-01-every-house-variant.klob", "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob"} {
		hs := open(t, readGame(t, file), filepath.Base(file), 80, 24)
		declined := 0
		for range 12 {
			hs.Press("right")
			scr := text(hs)
			if strings.Contains(scr, "said no shlomo") || strings.Contains(scr, "said no cleopatra") {
				declined++
			}
			if strings.Contains(scr, "said pass") && !strings.Contains(scr, "round") {
				t.Fatalf("%s: a declaration declined is said as a pass:\n%s", file, scr)
			}
		}
		if declined == 0 {
			t.Fatalf("%s: no declaration declined in the first steps", file)
		}
	}
}

// TestHistoryUnreadableRow: a saved game that cannot be read is listed
// under the time its file's name gives, as the others are, not under the
// name cut at the column's edge ("2026-12-01-1300-").
func TestHistoryUnreadableRow(t *testing.T) {
	dir, keep := historyState(t)
	for _, name := range []string{"2026-12-01-1300-vs-Bot-normal-lost.klob", "mine.klob"} {
		keep(name, []byte("not a game\n"))
	}
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze})
	list := text(hs)
	for _, want := range []string{"2026-12-01 13:00  cannot be read", "mine.klob         cannot be read"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %q:\n%s", want, list)
		}
	}
}

// TestReplayNamesTakeoverBot: a step a bot played for a person who had
// dropped from a shared table (the log's takeover tag) is told as that
// bot's ("ann's bot played …"), as the table told it, not as the
// person's; the person's own steps keep their name.
func TestReplayNamesTakeoverBot(t *testing.T) {
	r := readGame(t, "tables/4-05-four-tie.klob")
	for s, name := range []string{"ann", "bob", "cid", "dan"} {
		r.Header.SetPlayer(rules.Seat(s), name, gamelog.Human)
	}
	steps := r.Deals[0].Steps
	took := -1
	for i, stp := range steps {
		if stp.Seat == rules.SeatA && stp.Action.Kind == rules.PlayCard {
			took = i
			break
		}
	}
	if took < 0 {
		t.Fatal("seat A plays no card in deal 1")
	}
	r.Header.SetTag(host.TakeoverTag, fmt.Sprintf("1:%d-%d", took, took))
	hs := kittest.New(t, New(r, "x", Config{}, nil), 80, 24, false)
	stepAt := func() string {
		for _, l := range strings.Split(text(hs), "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "Step ") {
				return l
			}
		}
		return ""
	}
	for i := range took + 1 {
		hs.Press("right")
		line := stepAt()
		switch {
		case i == took && !strings.Contains(line, "ann's bot played"):
			t.Fatalf("step %d, the bot's for ann, says %q", i+1, line)
		case i < took && steps[i].Seat == rules.SeatA && strings.Contains(line, "bot"):
			t.Fatalf("step %d, ann's own, says %q", i+1, line)
		}
	}
	// With the log's one person a local game's, named "You", the bot
	// is said to be theirs.
	r.Header.SetPlayer(rules.SeatA, "You", gamelog.Human)
	for s := rules.SeatB; s < 4; s++ {
		r.Header.SetPlayer(s, "Bot "+s.String(), "normal")
	}
	hs = kittest.New(t, New(r, "x", Config{}, nil), 80, 24, false)
	for range took + 1 {
		hs.Press("right")
	}
	if line := stepAt(); !strings.Contains(line, "Your bot played") {
		t.Fatalf("the bot's step for the one person says %q", line)
	}
	// A bid the bot made for ann is its own in the table talk too.
	r = readGame(t, "tables/4-05-four-tie.klob")
	for s, name := range []string{"ann", "bob", "cid", "dan"} {
		r.Header.SetPlayer(rules.Seat(s), name, gamelog.Human)
	}
	bid := -1
	for i, stp := range steps {
		if stp.Seat == rules.SeatA && stp.Action.Kind != rules.PlayCard {
			bid = i
			break
		}
	}
	r.Header.SetTag(host.TakeoverTag, fmt.Sprintf("1:%d-%d", bid, bid))
	hs = kittest.New(t, New(r, "x", Config{}, nil), 80, 24, false)
	for range bid + 1 {
		hs.Press("right")
	}
	if !strings.Contains(text(hs), "ann's bot: ") {
		t.Fatalf("the table talk gives the bot's bid to ann:\n%s", text(hs))
	}
}

// eachStep steps the replay in hs with right from where it is to its
// end and calls f with the text of every step that is not a deal's
// result; it returns how many it saw.
func eachStep(hs *kittest.Driver, f func(txt string)) int {
	s := replayOf(hs)
	seen := 0
	for last := (pos{-1, -1}); s.pos != last; hs.Press("right") {
		last = s.pos
		if s.over() {
			continue
		}
		f(text(hs))
		seen++
	}
	return seen
}

// openStep is a step of a replay opened at 80×24 as eachStep sees it:
// where the replay stands, its bottom seat, and the screen's text.
type openStep struct {
	pos    pos
	bottom rules.Seat
	txt    string
}

// openSteps keeps the steps of the files opened by openStepsOf.
var openSteps = struct {
	sync.Mutex
	of map[string][]openStep
}{of: map[string][]openStep{}}

// openStepsOf is every step of file's replay opened at 80×24 (its hands
// open), stepped with right from its start as eachStep does, but for a
// deal's result. The frames are drawn once for the package: the tests
// of the open hands read the same ones.
func openStepsOf(t *testing.T, file string) []openStep {
	t.Helper()
	openSteps.Lock()
	defer openSteps.Unlock()
	if st, ok := openSteps.of[file]; ok {
		return st
	}
	hs := open(t, readGame(t, file), filepath.Base(file), 80, 24)
	s := replayOf(hs)
	var st []openStep
	eachStep(hs, func(txt string) { st = append(st, openStep{s.pos, s.bottom, txt}) })
	openSteps.of[file] = st
	return st
}

// Every card of every open hand is on the screen at 80×24, at every step
// of a game and every seat count: the seats beside the trick show nine
// cards over three lines, with their names, tags and roles.
func TestOpenHandsWhole(t *testing.T) {
	for _, file := range gameOfEachCount {
		r := readGame(t, file)
		steps := openStepsOf(t, file)
		for _, s := range steps {
			d := r.Deals[s.pos.deal].At(s.pos.n)
			for o := range rules.Seat(r.Players()) {
				if o == s.bottom {
					continue
				}
				for _, c := range d.Hand(o).Cards() {
					if !strings.Contains(s.txt, c.Pretty(false)) {
						t.Fatalf("%s deal %d step %d: %s of seat %d is not shown:\n%s", file, s.pos.deal+1, s.pos.n, c.Pretty(false), o, s.txt)
					}
				}
			}
		}
		if seen := len(steps); seen < 30 {
			t.Errorf("%s: only %d steps seen", file, seen)
		}
	}
}

// A four-player replay with every hand open keeps the partner's tag and
// roles beside its cards at 80×24, at every step: "maker · partner"
// (without "partner" when it deals and made trump, as a closed hand's
// line), never the cards alone.
func TestOpenPartnerLabel(t *testing.T) {
	file := "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob"
	r := readGame(t, file)
	made := 0
	for _, s := range openStepsOf(t, file) {
		txt := s.txt
		d := r.Deals[s.pos.deal].At(s.pos.n)
		v := d.View(s.bottom)
		partner := (s.bottom + 2) % 4
		want := "partner"
		switch {
		case v.Maker == partner && v.Dealer == partner:
			want = "dealer · maker"
		case v.Maker == partner:
			want = "maker · partner"
		}
		if !strings.Contains(txt, want) {
			t.Fatalf("deal %d step %d: the partner's %q is not shown:\n%s", s.pos.deal+1, s.pos.n, want, txt)
		}
		// Each seat beside the trick shows its tag (the bots' level).
		if n := strings.Count(txt, "random\n") + strings.Count(txt, "random "); n < 3 {
			t.Fatalf("deal %d step %d: %d seats' tags shown, want 3:\n%s", s.pos.deal+1, s.pos.n, n, txt)
		}
		if v.Maker == partner {
			made++
		}
	}
	if made == 0 {
		t.Fatalf("%s: the partner never made trump: the test shows nothing", file)
	}
}

// TestHistoryNamesInScoreOrder: at three, a person's list names the
// others in the order of the score's numbers after their own (the seats
// after theirs, round the table), so that each number reads as the name
// in its place: bob, in seat B, reads "Bot C, ann" over B–C–A.
func TestHistoryNamesInScoreOrder(t *testing.T) {
	dir, keep := historyState(t)
	b := sharedLog(t, "tables/3-03-three-tie-with-the-best-opponent.klob", "Bot C")
	keep("2026-01-08-1200-ann-vs-bob-vs-Bot-C-normal.klob", b)
	ents, err := store.New(dir, store.Options{}).History()
	if err != nil || len(ents) != 1 {
		t.Fatalf("the history: %v, %d games", err, len(ents))
	}
	tot := ents[0].Totals
	for key, want := range map[string][2]string{
		"key-ann": {"vs bob, Bot C (normal) ", fmt.Sprintf(" %d–%d–%d ", tot[0], tot[1], tot[2])},
		"key-bob": {"vs Bot C (normal), ann ", fmt.Sprintf(" %d–%d–%d ", tot[1], tot[2], tot[0])},
	} {
		hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true, Player: key})
		got := text(hs)
		row := got[strings.Index(got, "▶"):]
		row = row[:strings.Index(row, "\n")]
		if !strings.Contains(row, want[0]) || !strings.Contains(row, want[1]) {
			t.Errorf("%s's list does not read %q over %q:\n%s", key, want[0], want[1], got)
		}
	}
}

// An empty list of saved games offers no key that does nothing: its
// keys' line and its help say only how to leave.
func TestHistoryEmptyOffersNoChoice(t *testing.T) {
	dir, _ := historyState(t)
	hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, HidePaths: true})
	got := text(hs)
	if !strings.Contains(got, "No saved games yet") || strings.Contains(got, "enter replay") || strings.Contains(got, "choose") {
		t.Errorf("the empty list offers a choice:\n%s", got)
	}
	km := kit.DefaultKeys()
	for _, group := range hs.Screen.(*History).KeyHelp(&km).FullHelp() {
		for _, b := range group {
			if d := b.Help().Desc; strings.Contains(d, "replay") || strings.Contains(d, "choose") {
				t.Errorf("the empty list's help offers %q", d)
			}
		}
	}
}

// TestHistoryRecordNamesTheOpponents: the record's average per deal
// says it plainly, yours first, and names whom it is set against as the
// games were played: "the opponent" when every game was of two (not
// "the opponents" of one), "the opponents ... each" of three, "the
// other team" of four, "the other sides ... each" over several counts.
func TestHistoryRecordNamesTheOpponents(t *testing.T) {
	for _, c := range []struct {
		srcs []string
		want string
	}{
		{[]string{"05-target-not-500.klob"}, `per deal +you averaged \d+\.\d over \d+ deals; the opponent \d+\.\d\n`},
		{[]string{"tables/3-01-every-house-variant.klob"}, `per deal +you averaged \d+\.\d over \d+ deals; the opponents \d+\.\d each\n`},
		{[]string{"tables/4-05-four-tie.klob"}, `per deal +you averaged \d+\.\d over \d+ deals; the other team \d+\.\d\n`},
		{[]string{"05-target-not-500.klob", "tables/4-05-four-tie.klob"}, `per deal +you averaged \d+\.\d over \d+ deals; the other sides \d+\.\d each\n`},
	} {
		dir, keep := historyState(t)
		for i, src := range c.srcs {
			l, err := gamelog.ReadFile(filepath.Join(games, src))
			if err != nil {
				t.Fatal(err)
			}
			for s := range rules.Seat(l.Header.Seats()) {
				if s == rules.SeatA {
					l.Header.SetPlayer(s, "Tester", gamelog.Human)
				} else if l.Header.Level(s) == gamelog.Human {
					l.Header.SetPlayer(s, l.Header.PlayerName(s), "normal")
				}
			}
			b, err := l.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			keep(fmt.Sprintf("2026-01-0%d-1200-game.klob", i+5), b)
		}
		if got := text(openHistory(t, dir, Config{Analyze: fakeAnalyze})); !regexp.MustCompile(c.want).MatchString(got) {
			t.Errorf("%v: the record lacks %q:\n%s", c.srcs, c.want, got)
		}
	}
}

// TestHistoryHelpSaysQuitsAtOnce: q leaves the saved games' list without
// a question, so its help must not say that q asks first; esc leaves it
// too and is named beside q.
func TestHistoryHelpSaysQuitsAtOnce(t *testing.T) {
	dir, keep := historyState(t)
	b, err := os.ReadFile(filepath.Join(games, "05-target-not-500.klob"))
	if err != nil {
		t.Fatal(err)
	}
	keep("2026-01-05-1200-vs-Bot-easy-won.klob", b)
	for _, d := range []string{t.TempDir(), dir} { // empty, then one game
		hs := openHistory(t, d, Config{Analyze: fakeAnalyze, HidePaths: true})
		h := hs.Screen.(*History)
		if !h.QuitsAtOnce() {
			t.Fatal("the list asks before it quits")
		}
		km := kit.DefaultKeys()
		found := false
		for _, group := range h.KeyHelp(&km).FullHelp() {
			for _, b := range group {
				if !slices.Contains(b.Keys(), "q") {
					continue
				}
				found = true
				if hp := b.Help(); strings.Contains(hp.Desc, "asks") || hp.Key != "q/esc" {
					t.Errorf("the list's help writes q as %q %q", hp.Key, hp.Desc)
				}
			}
		}
		if !found {
			t.Error("the list's help has no q")
		}
	}
}

// TestASCIIElisionFits: under -ascii the App writes "…" as "...", two
// cells wider; a game's name elided in the place line and a players
// column cut with a mark must still fit 80 columns once it is written,
// so that the line's last word (the result) is not cut at the edge.
func TestASCIIElisionFits(t *testing.T) {
	fits := func(what string, w int, frame string) {
		t.Helper()
		for _, l := range strings.Split(frame, "\n") {
			if l = strings.TrimRight(kit.ASCIIText(l), " "); kit.WidthOf(l) > w {
				t.Errorf("%s at %d columns: a line of %d under -ascii: %q", what, w, kit.WidthOf(l), l)
			}
		}
	}
	r := readGame(t, "tables/3-01-every-house-variant.klob")
	name := "2026-12-03-0808-vs-West-normal-East-normal-lost-practice.klob"
	// The name is elided to the room the place line leaves, which each
	// width changes.
	for w := 80; w < 100; w++ {
		hs := kittest.New(t, New(r, name, Config{Analyze: fakeAnalyze}, nil), w, 24, true)
		fits("replay", w, hs.Text())
		if !strings.Contains(kit.ASCIIText(text(hs)), "-practice\n") {
			t.Errorf("at %d columns the place line does not end in the name's tail:\n%s", w, kit.ASCIIText(hs.Text()))
		}
	}

	dir, keep := historyState(t)
	l, err := gamelog.ReadFile(filepath.Join(games, "tables/4-05-four-tie.klob"))
	if err != nil {
		t.Fatal(err)
	}
	l.Header.SetPlayer(rules.SeatA, "Tester", gamelog.Human)
	for s := rules.SeatB; s < 4; s++ {
		l.Header.SetPlayer(s, "A rather long bot name "+s.String(), "normal")
	}
	l.Header.Extra = append(l.Header.Extra, gamelog.Tag{Name: gamelog.PracticeTag, Value: gamelog.PracticeValue})
	b, err := l.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	keep("2026-01-08-1200-vs-long-names-practice.klob", b)
	list := kittest.New(t, NewHistory(store.New(dir, store.Options{}), Config{Analyze: fakeAnalyze, HidePaths: true}), 80, 24, true)
	fits("history", 80, list.Text())
	if !strings.Contains(text(list), "practice\n") {
		t.Errorf("the result is cut:\n%s", kit.ASCIIText(list.Text()))
	}
}

// TestHiddenExchangesStayHidden: in one seat's view the step line does
// not name a card drawn or given between two other players (shlomo,
// cleopatra), which that seat never saw and its table talk calls "a card
// unseen"; the two players concerned, and every hand open, see it.
func TestHiddenExchangesStayHidden(t *testing.T) {
	// Deal 1: A's shlomo draws 8♦ from B and gives B the Q♥ (steps 5
	// and 6); B's cleopatra gives D the 8♣ face down, which D sees once
	// it has given B the 9♠ (steps 8 and 9).
	r := readGame(t, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob")
	cards := map[int]string{5: "8♦", 6: "Q♥", 8: "8♣", 9: "9♠"}
	seen := map[int]string{5: "AB", 6: "AB", 8: "B", 9: "BD"}
	hs := open(t, r, "4-14", 80, 24)
	for view := 0; view < 5; view++ { // every hand open, then A, B, C, D
		seat := "ABCD"[max(view-1, 0) : max(view-1, 0)+1]
		hs.Press("home")
		for n := 1; n <= 9; n++ {
			hs.Press("right")
			card, ok := cards[n]
			if !ok {
				continue
			}
			line := ""
			for _, l := range strings.Split(text(hs), "\n") {
				if strings.HasPrefix(l, fmt.Sprintf(" Step %d:", n)) {
					line = l
				}
			}
			want := view == 0 || strings.Contains(seen[n], seat)
			if got := strings.Contains(line, card); got != want {
				t.Errorf("view %d, step %d: %q shows %s: %v, want %v", view, n, line, card, got, want)
			}
			if !want && !strings.Contains(line, "unseen") {
				t.Errorf("view %d, step %d: %q", view, n, line)
			}
		}
		hs.Press("o")
	}
}

// TestRecordBeteRateWithoutContracts: a player never maker in a deal
// played out has no bete rate; the record says so rather than "bete
// rate 0%", which reads as every contract made.
func TestRecordBeteRateWithoutContracts(t *testing.T) {
	ctx := kit.NewContext(false)
	for _, c := range []struct {
		makerDone, bete int
		want            string
	}{{0, 0, "take rate 0% · no deal played out as maker yet"}, {4, 1, "take rate 40% · bete rate 25%"}} {
		s := &History{}
		s.record.Games, s.record.Finished, s.record.Deals = 1, 1, 10
		s.record.Maker, s.record.MakerDone, s.record.Bete = c.makerDone, c.makerDone, c.bete
		lines := s.recordLines(&ctx)
		if got := lines[len(lines)-1][1]; got != c.want {
			t.Errorf("maker in %d deals: %q, want %q", c.makerDone, got, c.want)
		}
	}
}

// TestHistoryEmptyKeepsTheCommandWhole: the empty list's words wrap
// without breaking "klob replay FILE" over two lines, whatever the
// length of the folder before it, and with plain spaces to copy.
func TestHistoryEmptyKeepsTheCommandWhole(t *testing.T) {
	dir, _ := historyState(t)
	for k := range 16 {
		show := "~/" + strings.Repeat("x", k)
		hs := openHistory(t, dir, Config{Analyze: fakeAnalyze, ShowPath: func(p string) string { return strings.Replace(p, dir, show, 1) }})
		got := text(hs)
		if !strings.Contains(got, "klob replay FILE") || strings.Contains(got, "\u00a0") {
			t.Errorf("folder %s: the command is cut or holds a no-break space:\n%s", show, got)
		}
	}
}

// TestHistoryUnreadableRowASCII: under -ascii the name of an unreadable
// game is elided with "..." itself, so that once the App has written
// the screen in ASCII its row still lines up with the column heads.
func TestHistoryUnreadableRowASCII(t *testing.T) {
	dir, keep := historyState(t)
	keep("my-own-long-game-name-kept.klob", []byte("not a game\n"))
	hs := kittest.New(t, NewHistory(store.New(dir, store.Options{}), Config{Analyze: fakeAnalyze}), 80, 24, true)
	list := kit.ASCIIText(text(hs))
	var head, row int
	for _, l := range strings.Split(list, "\n") {
		if i := strings.Index(l, "players"); i >= 0 && head == 0 {
			head = i
		}
		if i := strings.Index(l, "cannot be read"); i >= 0 {
			row = i
		}
	}
	if head == 0 || row != head {
		t.Errorf("\"cannot be read\" at column %d, the players column at %d:\n%s", row, head, list)
	}
}

// TestExchangesSayBetweenWhom: a shlomo's draw and give and a
// cleopatra's two gives say who drew from whom and gave to whom, as the
// table talk does, not only the card.
func TestExchangesSayBetweenWhom(t *testing.T) {
	r := readGame(t, "tables/4-14-shlomo-and-cleopatra-in-one-deal.klob")
	hs := open(t, r, "4-14", 80, 24)
	got := map[int]string{}
	for n := 1; n <= 9; n++ {
		hs.Press("right")
		for _, l := range strings.Split(text(hs), "\n") {
			if strings.HasPrefix(l, fmt.Sprintf(" Step %d:", n)) {
				got[n] = l
			}
		}
	}
	for n, want := range map[int]string{5: "by chance, Random A drew 8♦ from Random B.", 6: "Random A gave Q♥ to Random B.",
		8: "Random B gave 8♣ to Random D.", 9: "Random D gave 9♠ to Random B."} {
		if !strings.Contains(got[n], want) {
			t.Errorf("step %d: %q, want %q", n, got[n], want)
		}
	}
}

// An empty list of saved games names the folder it keeps them in on a
// line of its own, broken only after a "/", never at a hyphen.
func TestHistoryEmptyPathWhole(t *testing.T) {
	dir, _ := historyState(t)
	// The path a tester's state folder showed, whose hyphen the words'
	// wrap broke at.
	shown := func(string) string { return "/tmp/qa-study/state/klob/history" }
	got := text(openHistory(t, dir, Config{Analyze: fakeAnalyze, ShowPath: shown}))
	for _, l := range strings.Split(got, "\n") {
		if strings.HasSuffix(l, "-") {
			t.Errorf("a line breaks at a hyphen: %q\n%s", l, got)
		}
	}
	if want := "/tmp/qa-study/state/klob/history"; !strings.Contains(got, want) {
		t.Errorf("the path's folder %q is not whole:\n%s", want, got)
	}
	if !strings.Contains(got, "klob replay FILE opens any game log.") {
		t.Errorf("the way to open a log is not said:\n%s", got)
	}
}

// TestReplayNamesSeatsAsAnalyzeDoes: a person the log names ("ann", a
// server's player) is named so in the replay, as klob analyze names
// her, whoever replays the file: never "You". Only a seat the log
// names "You" (a local game's person) is said "you", by both.
func TestReplayNamesSeatsAsAnalyzeDoes(t *testing.T) {
	for _, name := range gameOfEachCount {
		for _, given := range []string{"ann", "You"} {
			r := readGame(t, name)
			r.Header.SetPlayer(rules.SeatA, given, gamelog.Human)
			you, ok := analysis.YouSeat(&r.Header)
			if ok != (given == "You") || (ok && you != rules.SeatA) {
				t.Fatalf("%s: analysis.YouSeat = %v, %v for seat A named %q", name, you, ok, given)
			}
			hs := kittest.New(t, New(r, "x", Config{}, nil), 80, 24, false)
			hs.Press("right")
			screen := text(hs)
			if given == "ann" {
				if strings.Contains(screen, "You") || strings.Contains(screen, "your view") {
					t.Errorf("%s: ann's game says \"You\":\n%s", name, screen)
				}
				if !strings.Contains(screen, "ann") {
					t.Errorf("%s: ann is not named:\n%s", name, screen)
				}
			} else if !strings.Contains(screen, "You") {
				t.Errorf("%s: the local person is not \"You\":\n%s", name, screen)
			}
		}
		// Opened by ann from her own game (Config.Mine), she is "you".
		r := readGame(t, name)
		r.Header.SetPlayer(rules.SeatA, "ann", gamelog.Human)
		hs := kittest.New(t, New(r, "x", Config{Mine: true}, nil), 80, 24, false)
		hs.Press("right")
		if screen := text(hs); !strings.Contains(screen, "You") {
			t.Errorf("%s: ann's own replay does not say \"You\":\n%s", name, screen)
		}
	}
}

// TestReplayTellsForcedMoves: a local game's person was not asked a
// move with one answer; the replay's talk tells it as the table did,
// "(automatic: ...)", at every seat count.
func TestReplayTellsForcedMoves(t *testing.T) {
	for _, name := range gameOfEachCount {
		r := readPersonsGame(t, name)
		rd := &r.Deals[0]
		d := rd.At(0)
		why := ""
		for _, st := range rd.Steps {
			if v := d.View(st.Seat); st.Seat == rules.SeatA && why == "" {
				why, _ = session.ForcedReason(&v)
			}
			d.ApplyUnchecked(st.Action)
		}
		if why == "" {
			continue
		}
		hs := kittest.New(t, New(r, "x", Config{}, nil), 120, 60, false)
		// The last step but one: the talk, not yet the deal's result.
		for range len(rd.Steps) - 1 {
			hs.Press("right")
		}
		// The talk wraps in its panel: compare its first words.
		words := strings.Join(strings.Fields(text(hs)), " ")
		if !strings.Contains(words, "(automatic: "+strings.Join(strings.Fields(why)[:2], " ")) {
			t.Errorf("%s: the talk does not say %q:\n%s", name, why, text(hs))
		}
	}
}

// TestReplayStepSaysAutomatic: the line under the step says that the
// person's next move will be taken for them, and why; the step line,
// once it is, says it was ("Step 5: you said good (automatic: ...)."),
// at every seat count, as the table's talk did.
func TestReplayStepSaysAutomatic(t *testing.T) {
	for _, name := range gameOfEachCount {
		r := readPersonsGame(t, name)
		deal, at, why := 0, -1, ""
		for k := range r.Deals {
			rd := &r.Deals[k]
			d := rd.At(0)
			for i, st := range rd.Steps {
				if v := d.View(st.Seat); st.Seat == rules.SeatA && at < 0 {
					if w, ok := session.ForcedReason(&v); ok {
						deal, at, why = k, i, w
					}
				}
				d.ApplyUnchecked(st.Action)
			}
		}
		if at < 0 {
			t.Fatalf("%s: no move of the person's is automatic", name)
		}
		hs := kittest.New(t, New(r, "x", Config{}, nil), 120, 60, false)
		for range deal {
			hs.Press("n")
		}
		for range at {
			hs.Press("right")
		}
		want := "(automatic: " + why + ")."
		if words := kittest.Flat(text(hs)); !strings.Contains(words, " Next: you to ") || !strings.Contains(words, want) {
			t.Errorf("%s: step %d does not say the next move is automatic, %q:\n%s", name, at, want, text(hs))
		}
		hs.Press("right")
		if words := kittest.Flat(text(hs)); !strings.Contains(strings.ToLower(words), fmt.Sprintf("step %d: you ", at+1)) || !strings.Contains(words, want) {
			t.Errorf("%s: step %d does not say it was automatic, %q:\n%s", name, at+1, want, text(hs))
		}
	}
}

// TestFileNameShortenedAlike: the file's name on the replay's position
// line is shortened the same way at every step, deal and view, never
// "2026-12-07-0145-…-lost" at step 9 and "2026-12-07-…-lost" at 10.
func TestFileNameShortenedAlike(t *testing.T) {
	for _, game := range gameOfEachCount {
		r := readGame(t, game)
		hs := kittest.New(t, New(r, "2026-12-07-0145-ann-vs-west-and-east-lost.klob", Config{}, nil), 80, 24, false)
		names := map[string]bool{}
		for i := range 80 {
			for _, l := range strings.Split(text(hs), "\n") {
				if strings.HasPrefix(l, " Replay · ") {
					names[l[strings.LastIndex(l, " · ")+len(" · "):]] = true
				}
			}
			key := "right"
			if i%17 == 16 {
				key = "o"
			}
			hs.Press(key)
		}
		if len(names) != 1 {
			t.Errorf("%s: the file is named %d ways: %v", game, len(names), names)
		}
	}
}
