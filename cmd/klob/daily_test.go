package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/record/names"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui"
	"github.com/klob/klob/tui/kit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dailyDay is the tests' day.
var dailyDay = time.Date(2026, 12, 1, 20, 0, 0, 0, time.Local)

// runDailyTest runs klob daily with args on the state directory dir at
// dailyDay; the screen, if asked for, is not run (exit 0).
func runDailyTest(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runDailyAt(t, dir, dailyDay, args...)
}

// runDailyAt is runDailyTest with the clock at now.
func runDailyAt(t *testing.T, dir string, now time.Time, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runDailyScreen(dir, now, func(*tui.App) int { return 0 }, args...)
}

// runDailyScreen is runDailyAt with screen running the screen, if
// klob daily asks for it: the state and settings under dir, the login
// name ada.
func runDailyScreen(dir string, now time.Time, screen func(*tui.App) int, args ...string) (code int, stdout, stderr string) {
	env := dailyEnv{
		now: func() time.Time { return now },
		getenv: func(k string) string {
			return map[string]string{"KLOB_STATE_DIR": dir, "KLOB_CONFIG_DIR": filepath.Join(dir, "config"), "USER": "ada"}[k]
		},
		screen: screen,
	}
	return runWith(func(args []string, stdout, stderr io.Writer) int { return dailyWith(args, stdout, stderr, env) }, args...)
}

// friendFile is a friend's result file to give -import where the state
// folder stops the daily first: its words are never read.
func friendFile(t *testing.T) string {
	t.Helper()
	friend := filepath.Join(t.TempDir(), "friend.txt")
	require.NoError(t, os.WriteFile(friend, []byte("a result file\n"), 0o600))
	return friend
}

// dayOf is the day of date at players, under name, in files.
func dayOf(t *testing.T, files *dailyfiles.Files, date duplicate.Date, players int, name string) *dailyfiles.Day {
	t.Helper()
	d, err := files.Day(date, players, name, "v-test")
	require.NoError(t, err)
	return d
}

// playedDay records a whole day played by the bot of level as name in
// the state directory dir (par unknown) and returns the result file.
func playedDay(t *testing.T, dir string, players int, name string, level ai.Level) []byte {
	t.Helper()
	d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), players, name)
	for n := range d.Set.Boards {
		recordBoardBy(t, d, n, level)
	}
	data, err := os.ReadFile(d.ResultPath())
	require.NoError(t, err)
	return data
}

// TestDailyFlags: bad flags are usage errors (exit 2) that say what is
// wrong; the modes go one at a time.
func TestDailyFlags(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"-history", "-export"}, "-history, -export and -import go one at a time"},
		{[]string{"-name", "a\tb"}, "-name: name"},
		{[]string{"today"}, `unexpected argument "today"`},
		// A flag the mode does not read is refused, not ignored.
		{[]string{"-import", "exp.txt", "-players", "3", "-name", "zed"}, "-players does not go with -import"},
		{[]string{"-import", "exp.txt", "-name", "zed"}, "-name does not go with -import"},
		{[]string{"-import", "exp.txt", "-ascii"}, "-ascii does not go with -import"},
		{[]string{"-history", "-name", "bob", "-pace", "1s"}, "-name does not go with -history"},
		{[]string{"-history", "-pace", "1s"}, "-pace does not go with -history"},
		{[]string{"-history", "-players", "4"}, "-players does not go with -history: it prints the days played at every seat count"},
		{[]string{"-export", "-pace", "1s"}, "-pace does not go with -export: it prints a result file (only -players and -name go with it)"},
		{[]string{"-export", "-players", "3", "-ascii"}, "-ascii does not go with -export"},
	} {
		code, _, errs := runDailyTest(t, dir, c.args...)
		if code != 2 || !strings.Contains(unwrapped(errs), c.want) {
			t.Errorf("klob daily %v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	if code, out, _ := runDailyTest(t, dir, "-h"); code != 0 || !strings.Contains(out, "usage: klob daily") ||
		!strings.Contains(out, "KLOB_STATE_DIR") {
		t.Errorf("klob daily -h: %d\n%s", code, out)
	}
}

// TestDailyExportHistoryImport: -export prints the result file (refused
// before any board is played), -history the days, -import checks a
// friend's file (a broken one refused with its line and nothing stored)
// and, the day played, says how the person stands and keeps it.
func TestDailyExportHistoryImport(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := runDailyTest(t, dir, "-export"); code != 1 || !strings.Contains(unwrapped(errs), "nothing to export") {
		t.Errorf("-export before playing: %d %q", code, errs)
	}
	if code, out, _ := runDailyTest(t, dir, "-history"); code != 0 || !strings.Contains(out, "No day played yet") {
		t.Errorf("-history of nothing: %d %q", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, dailyfiles.Dir)); !os.IsNotExist(err) {
		t.Errorf("-history of nothing made the daily's directory: %v", err)
	}
	friend := playedDay(t, t.TempDir(), 3, "Bob", ai.Normal)
	path := filepath.Join(t.TempDir(), "bob.txt")
	broken := strings.Replace(string(friend), "players 3", "players 3x", 1)
	os.WriteFile(path, []byte(broken), 0o644)
	code, _, errs := runDailyTest(t, dir, "-import", path)
	if code != 1 || !strings.Contains(unwrapped(errs), path+": result file, line 3: players \"3x\" is not 2, 3 or 4") {
		t.Errorf("a broken import: %d %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "daily", "2026-12-01-3p", "imports")); !os.IsNotExist(err) {
		t.Error("a broken import stored something")
	}
	// Before the person's day: stored, no comparison yet.
	os.WriteFile(path, friend, 0o644)
	code, out, errs := runDailyTest(t, dir, "-import", path)
	if code != 0 || !strings.Contains(out, "Imported: Bob's results of 2026-12-01 at 3 players, 8 boards") ||
		!strings.Contains(out, "You have played 0 of that day's 8 boards") {
		t.Errorf("an import before playing: %d %q %q", code, out, errs)
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of %d columns, a terminal of 80 cuts its words: %q", n, l)
		}
	}
	mine := playedDay(t, dir, 3, "ada", ai.Easy)
	if code, out, _ := runDailyTest(t, dir, "-export", "-players", "3"); code != 0 || out != string(mine) {
		t.Errorf("-export: %d\n%s\nwant\n%s", code, out, mine)
	}
	// A day played under one name is shared under another with -name.
	renamed := strings.Replace(string(mine), "name ada\n", "name Ada Lovelace\n", 1)
	if renamed == string(mine) {
		t.Fatalf("no line \"name ada\" in the result file:\n%s", mine)
	}
	if code, out, errs := runDailyTest(t, dir, "-export", "-players", "3", "-name", "Ada Lovelace"); code != 0 || out != renamed {
		t.Errorf("-export -name: %d %q\n%s\nwant\n%s", code, errs, out, renamed)
	}
	code, out, errs = runDailyTest(t, dir, "-import", path)
	// The same file again: nothing is stored, the comparison is said.
	if code != 0 || !strings.Contains(out, "Already imported, nothing changed: Bob's results") || !strings.Contains(out, "Your day 2026-12-01 at 3 players:") {
		t.Errorf("an import after playing: %d %q %q", code, out, errs)
	}
	if code, out, _ := runDailyTest(t, dir, "-history"); code != 0 || !strings.Contains(out, "2026-12-01        3") {
		t.Errorf("-history after an import: %d\n%s", code, out)
	}
	// The screen of the day opens (and is not run here).
	if code, _, errs := runDailyTest(t, dir, "-players", "3"); code != 0 {
		t.Errorf("klob daily: %d %q", code, errs)
	}
}

// TestDailyOneAtATime: a second klob daily in the same state directory
// is refused while one plays.
func TestDailyOneAtATime(t *testing.T) {
	dir := t.TempDir()
	f := dailyfiles.Open(dir)
	if err := f.Lock(); err != nil {
		t.Fatal(err)
	}
	defer f.Unlock()
	if code, _, errs := runDailyTest(t, dir); code != 1 || !strings.Contains(errs, "another klob daily is playing") {
		t.Errorf("a second klob daily: %d %q", code, errs)
	}
}

// TestDailyName: the name in the result file, which friends import and
// read in their own standings, is -name, else the login name, and never
// "You" even when the environment names nobody.
func TestDailyName(t *testing.T) {
	for _, c := range []struct {
		flag string
		env  map[string]string
		want string
	}{
		{"Ann", map[string]string{"USER": "ada"}, "Ann"},
		{"", map[string]string{"USER": "ada", "LOGNAME": "bea"}, "ada"},
		{"", map[string]string{"LOGNAME": "bea"}, "bea"},
		{"", nil, "player"},
	} {
		if got := dailyName(c.flag, func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("dailyName(%q, %v) = %q, want %q", c.flag, c.env, got, c.want)
		}
	}
}

// TestDailyKeepsTheName: a day begun under -name goes on under that
// name when a later run names nobody (its next board is recorded under
// it); a run with -name renames it.
func TestDailyKeepsTheName(t *testing.T) {
	dir := t.TempDir()
	day := func(name string) *dailyfiles.Day {
		return dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), 2, name)
	}
	d := day("player")
	keepName(d, false)
	require.Equal(t, "player", d.Name, "a day not begun: the name given")
	d = day("Ann")
	recordBoard(t, d, 0)
	d = day("player") // the next run, with no -name
	keepName(d, false)
	require.Equal(t, "Ann", d.Name)
	recordBoard(t, d, 1)
	kept, err := os.ReadFile(d.ResultPath())
	require.NoError(t, err)
	assert.Contains(t, string(kept), "\nname Ann\n")
	d = day("Bea") // -name Bea
	keepName(d, true)
	assert.Equal(t, "Bea", d.Name)
}

// TestDailyHistoryUnreadable: a history that cannot be read is an error
// alone, not "No day played yet" above it.
func TestDailyHistoryUnreadable(t *testing.T) {
	file := fileInTheWay(t)
	code, out, errs := runDailyTest(t, file, "-history")
	if code != 1 || out != "" || !strings.Contains(errs, "the daily history") {
		t.Errorf("-history: %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestDailyStateInTheWay: a file where the state folder should be stops
// the daily, and its -history, -export and -import, with the words the
// setup screen uses: the folder, the cause and what sets it, then what
// cannot be done; never a bare "not a directory".
func TestDailyStateInTheWay(t *testing.T) {
	file := fileInTheWay(t)
	friend := friendFile(t)
	for _, tc := range []struct {
		args []string
		then string
	}{
		{nil, "the daily cannot be played"},
		{[]string{"-history"}, "the daily history cannot be read"},
		{[]string{"-export"}, "today's results cannot be exported"},
		{[]string{"-import", friend}, "a friend's results cannot be imported"},
	} {
		code, _, errs := runDailyTest(t, file, tc.args...)
		want := "klob daily: the state folder " + file + " cannot be made, a file is in its way (KLOB_STATE_DIR or XDG_STATE_HOME sets it): " + tc.then
		if code != 1 || !strings.Contains(unwrapped(errs), want) || strings.Contains(errs, "not a directory") {
			t.Errorf("the daily %v: %d, stderr %q", tc.args, code, errs)
		}
	}
}

// TestDailyImportTie: a friend with the same results shares the rank,
// written "1=" as the standings write it.
func TestDailyImportTie(t *testing.T) {
	dir := t.TempDir()
	mine := playedDay(t, dir, 2, "ada", ai.Easy)
	path := filepath.Join(t.TempDir(), "twin.txt")
	os.WriteFile(path, []byte(strings.Replace(string(mine), "\nname ada\n", "\nname Twin\n", 1)), 0o644)
	code, out, errs := runDailyTest(t, dir, "-import", path)
	if code != 0 || !strings.Contains(out, "50.00%, rank 1= of 2.") {
		t.Errorf("a tied import: %d %q %q", code, out, errs)
	}
}

// TestDailyImportOwnRefused: one's own result file, exported and
// imported back, is refused (it would stand as a second entrant, "rank
// 1= of 3" against oneself) and nothing is stored; a friend's is taken.
func TestDailyImportOwnRefused(t *testing.T) {
	dir := t.TempDir()
	mine := playedDay(t, dir, 3, "ada", ai.Easy)
	path := filepath.Join(t.TempDir(), "mine.txt")
	os.WriteFile(path, mine, 0o644)
	code, _, errs := runDailyTest(t, dir, "-import", path)
	// The message is wrapped to the terminal's width after the path,
	// whose length varies with the temporary folder's name.
	if code != 1 || !strings.Contains(unwrapped(errs), "your own results") {
		t.Errorf("importing one's own file: %d %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "daily", "2026-12-01-3p", "imports")); !os.IsNotExist(err) {
		t.Error("one's own file was stored as an import")
	}
	friend := playedDay(t, t.TempDir(), 3, "Bob", ai.Normal)
	os.WriteFile(path, friend, 0o644)
	if code, _, errs := runDailyTest(t, dir, "-import", path); code != 0 {
		t.Errorf("a friend's file: %d %q", code, errs)
	}
}

// TestDailyExportHidesParMidDay: the day's screens show par only after
// the eighth board, and so do the result file to share and -export,
// which prints that file as it is: before, neither has par and the
// error stream says why; after, both have par of every board.
func TestDailyExportHidesParMidDay(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		dir := t.TempDir()
		d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), players, "ada")
		for i, b := range d.Set.Boards {
			require.NoError(t, d.SetPar(b.Number, float64(90+i)))
		}
		export := func(boards int) {
			t.Helper()
			kept, err := os.ReadFile(d.ResultPath())
			require.NoError(t, err)
			code, out, errs := runDailyTest(t, dir, "-export", "-players", fmt.Sprint(players))
			require.Equal(t, 0, code, errs)
			assert.Equal(t, string(kept), out, "-export prints the result file as it is")
			assert.Equal(t, boards, strings.Count(out, "\nboard "))
			if boards < len(d.Set.Boards) {
				assert.Equal(t, boards, strings.Count(out, " par - "), "par of a board before the eighth")
				assert.Contains(t, unwrapped(errs), fmt.Sprintf("par is left out until the eighth board is played (%d of 8 so far)", boards))
			} else {
				assert.Equal(t, 0, strings.Count(out, " par - "), "par of a board played out")
				assert.Contains(t, out, " par +97 ")
				assert.Empty(t, errs)
			}
		}
		recordBoard(t, d, 0)
		export(1)
		for n := 1; n < len(d.Set.Boards)-1; n++ {
			recordBoard(t, d, n)
		}
		export(7)
		recordBoard(t, d, len(d.Set.Boards)-1)
		export(8)
	})
}

// recordBoard plays the day's board of index n with the easy bot in the
// person's seat and records it.
func recordBoard(t *testing.T, d *dailyfiles.Day, n int) {
	t.Helper()
	recordBoardBy(t, d, n, ai.Easy)
}

// recordBoardBy is recordBoard with the bot of level in the person's
// seat. Every bot is bounded by work, never by time (BoardSet.Seats), so
// a board plays the same whoever it is recorded for.
func recordBoardBy(t *testing.T, d *dailyfiles.Day, n int, level ai.Level) {
	t.Helper()
	b := d.Set.Boards[n]
	bots, _ := d.Set.Seats(b, nil, false)
	me, _ := ai.New(level, ai.Config{Seed: 1, Think: -1})
	deal, err := d.Set.Play(context.Background(), b, bots, func(v *rules.View) (rules.Action, error) {
		return me.Choose(context.Background(), v)
	})
	require.NoError(t, err)
	_, err = d.Record(b.Number, deal.Steps())
	require.NoError(t, err)
}

// TestDailyCountsPastDay: a day played out that the history misses (a
// Klob that counted it only on its results screen) is counted by the
// next launch, the next day too, for -history and for play.
func TestDailyCountsPastDay(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, args := range [][]string{{"-history"}, {"-players", fmt.Sprint(players)}} {
			t.Run(fmt.Sprint(players, args), func(t *testing.T) {
				dir := t.TempDir()
				playedDay(t, dir, players, "ada", ai.Easy)
				require.NoError(t, os.Remove(filepath.Join(dir, dailyfiles.Dir, dailyfiles.HistoryName)))
				next := dailyDay.AddDate(0, 0, 1)
				code, _, errs := runDailyAt(t, dir, next, args...)
				require.Equal(t, 0, code, errs)
				code, out, errs := runDailyAt(t, dir, next, "-history")
				require.Equal(t, 0, code, errs)
				assert.Contains(t, out, "Streak: 1 day")
				assert.Contains(t, out, "2026-12-01")
				assert.Contains(t, out, "par not worked out")
			})
		}
	}
}

// TestDailyOffersYesterday: yesterday's day begun and not finished is
// opened (today's offered after it) while today's is not begun; a day
// finished, today's begun, or a day further back is not.
func TestDailyOffersYesterday(t *testing.T) {
	yesterday := duplicate.DateOf(dailyDay)
	today := yesterday.AddDays(1)
	for _, players := range []int{2, 3, 4} {
		for _, c := range []struct {
			name                string
			before, back2, tdy  int // boards recorded yesterday, the day before, today
			inProgress, offered bool
		}{
			{name: "nothing played"},
			{name: "yesterday half played", before: 2, offered: true},
			{name: "yesterday's first board in progress", inProgress: true, offered: true},
			{name: "yesterday finished", before: 8},
			{name: "today begun", before: 2, tdy: 1},
			{name: "two days back", back2: 2},
		} {
			t.Run(fmt.Sprint(players, " ", c.name), func(t *testing.T) {
				dir := t.TempDir()
				files := dailyfiles.Open(dir)
				for date, n := range map[duplicate.Date]int{yesterday: c.before, yesterday.AddDays(-1): c.back2, today: c.tdy} {
					d := dayOf(t, files, date, players, "ada")
					for i := range n {
						recordBoard(t, d, i)
					}
				}
				if c.inProgress {
					d := dayOf(t, files, yesterday, players, "ada")
					require.NoError(t, d.SaveBoard(1, nil))
				}
				day, later, err := dailyDays(files, today, players, "ada", false)
				require.NoError(t, err)
				if c.offered {
					assert.Equal(t, yesterday, day.Date)
					require.NotNil(t, later)
					assert.Equal(t, today, later.Date)
				} else {
					assert.Equal(t, today, day.Date)
					assert.Nil(t, later)
				}
			})
		}
	}
}

// TestDailyRemembersName: a name given with -name is the name of the
// days after, whatever $USER says (or with none). A name file that does
// not read is moved into damaged/, said, and read as no name: klob
// daily plays and exports under -name, else the login name, and -name
// is kept in its place, never written over it.
func TestDailyRemembersName(t *testing.T) {
	dir := t.TempDir()
	files := dailyfiles.Open(dir)
	noUser := func(string) string { return "" }
	if who, err := dailyWho(files, noUser); err != nil || who != "player" {
		t.Fatalf("nothing kept: %q, %v", who, err)
	}
	code, _, errs := runDailyTest(t, dir, "-name", "ann")
	require.Equal(t, 0, code, errs)
	if who, err := dailyWho(files, noUser); err != nil || who != "ann" {
		t.Errorf("the day after, no $USER: %q, %v", who, err)
	}
	if who, err := dailyWho(files, func(k string) string { return map[string]string{"USER": "ada"}[k] }); err != nil || who != "ann" {
		t.Errorf("the day after, $USER ada: %q, %v", who, err)
	}
	path := filepath.Join(dir, dailyfiles.Dir, dailyfiles.NameName)
	const says = "the name kept for klob daily could not be read"
	damaged := filepath.Join(dir, dailyfiles.Dir, dailyfiles.DamagedDir)
	// damage breaks the name file, the file moved aside before gone.
	damage := func(t *testing.T, bad []byte) {
		t.Helper()
		require.NoError(t, os.RemoveAll(damaged))
		require.NoError(t, os.WriteFile(path, bad, 0o600))
	}
	keptAside := func(t *testing.T, bad []byte) {
		t.Helper()
		aside, _ := filepath.Glob(filepath.Join(damaged, "*"))
		require.Len(t, aside, 1)
		data, err := os.ReadFile(aside[0])
		require.NoError(t, err)
		assert.Equal(t, bad, data, "the damaged file is kept as it was")
	}
	for _, bad := range [][]byte{[]byte("garbage\n"), []byte(strings.Repeat("x", 17<<20))} {
		t.Run(fmt.Sprintf("%d bytes", len(bad)), func(t *testing.T) {
			damage(t, bad)
			text := introOf(t, dir)
			assert.Contains(t, text, "! T"+says[1:], "the intro's note begins with a capital")
			assert.Contains(t, text, "Daily challenge")
			keptAside(t, bad)
			assert.NoFileExists(t, path)

			damage(t, bad)
			introOf(t, dir, "-name", "bea")
			keptAside(t, bad)
			if kept, err := files.Name(); err != nil || kept != "bea" {
				t.Errorf("-name over a damaged name file: kept %q, %v", kept, err)
			}

			damage(t, bad)
			recordBoard(t, dayOf(t, files, duplicate.DateOf(dailyDay), 2, "ada"), 0)
			code, out, errs := runDailyTest(t, dir, "-export")
			assert.Equal(t, 0, code, errs)
			assert.Contains(t, out, "\nname ada\n", "the login name")
			assert.Contains(t, unwrapped(errs), says)
			keptAside(t, bad)
		})
	}
	if code, _, errs := runDailyTest(t, dir, "-history"); code != 0 {
		t.Errorf("-history: %d %q", code, errs)
	}
}

// TestDailyNameFileStuck: a damaged name file that cannot be moved
// aside (a file in the way of damaged/) is not written over: the day is
// played under -name all the same, and the intro says it is not kept.
func TestDailyNameFileStuck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, dailyfiles.Dir, dailyfiles.NameName)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	require.NoError(t, os.WriteFile(path, []byte("garbage\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, dailyfiles.Dir, dailyfiles.DamagedDir), nil, 0o600))
	text := introOf(t, dir, "-name", "bea")
	assert.Contains(t, text, "the name is not kept for the days after")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "garbage\n", string(data))
	d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), 2, "bea")
	recordBoard(t, d, 0)
	code, out, errs := runDailyTest(t, dir, "-export", "-name", "bea")
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, out, "\nname bea\n")
}

// TestDailyReservedNames: "You" and par, however written, are refused
// as one's own name.
func TestDailyReservedNames(t *testing.T) {
	for _, name := range []string{"You", "you", "Par (hard bot)", "par hard bot"} {
		code, _, errs := runDailyTest(t, t.TempDir(), "-name", name)
		if code != 2 || !strings.Contains(errs, "reads like a row of the standings") {
			t.Errorf("-name %q: %d %q", name, code, errs)
		}
	}
	code, _, errs := runDailyAt(t, t.TempDir(), dailyDay)
	require.Equal(t, 0, code, errs)
}

// TestDailyClubNames: -name, and the name kept or the login name,
// refuse what the club of klob serve refuses (names.Normal), with its
// reason: a name that passes for "You" in look-alike letters, for a
// bot or a label of the screens, that holds a mark or a key's tag; and
// the name is kept as the club would hold it.
func TestDailyClubNames(t *testing.T) {
	for name, why := range map[string]string{
		"Υou":                   "reads like a row of the standings", // a Greek capital Upsilon
		"Yоu":                   "reads like a row of the standings", // a Cyrillic о
		"Bot":                   "what the tables call you or a bot",
		"B0t A":                 "what the tables call you or a bot",
		"dealer":                "a seat's role",
		"Ann (friend)":          "no brackets, the screens write",
		"ann #721fdaea":         "a key's tag",
		strings.Repeat("n", 25): "a name holds at most 24 characters",
		"Normal":                "a level of the bots",
	} {
		code, _, errs := runDailyTest(t, t.TempDir(), "-name", name)
		if code != 2 || !strings.Contains(errs, why) {
			t.Errorf("-name %q: %d %q; want 2 and %q", name, code, errs, why)
		}
		if _, err := names.Normal(name); err == nil {
			t.Errorf("the club takes %q", name)
		}
	}
	dir := t.TempDir()
	code, _, errs := runDailyTest(t, dir, "-name", "ａｎｎ") // fullwidth
	require.Equal(t, 0, code, errs)
	files := dailyfiles.Open(dir)
	if kept, err := files.Name(); err != nil || kept != "ann" {
		t.Errorf("kept %q, %v; want the club's \"ann\"", kept, err)
	}
	user := func(k string) string { return map[string]string{"USER": "bot"}[k] }
	if who, err := dailyWho(dailyfiles.Open(t.TempDir()), user); err == nil || !strings.Contains(err.Error(), "give one with -name NAME") {
		t.Errorf("$USER bot: %q, %v", who, err)
	}
}

// TestDailyImportLookAlike: a friend's file that replaces one of a name
// that only looks the same says so; one named like a row of the
// standings is said to be marked there, and one named like another
// friend's to be tagged.
func TestDailyImportLookAlike(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		dir := t.TempDir()
		level := ai.Normal
		imp := func(name string) string {
			path := filepath.Join(t.TempDir(), "f.txt")
			require.NoError(t, os.WriteFile(path, playedDay(t, t.TempDir(), players, name, level), 0o644))
			code, out, errs := runDailyTest(t, dir, "-import", path)
			require.Equal(t, 0, code, errs)
			return strings.Join(strings.Fields(out), " ")
		}
		imp("Bob Smith")
		if out := imp("bob-smith"); !strings.Contains(out, `It replaces the results of "Bob Smith", a name that only looks the same`) {
			t.Errorf("a look-alike replaced: %s", out)
		}
		// Another file of the same name: the earlier is kept aside.
		level = ai.Easy
		if out := imp("bob-smith"); !strings.Contains(out, "The earlier file is kept at ") ||
			!strings.Contains(out, "If it was someone else's") {
			t.Errorf("the same name replaced: %s", out)
		}
		// Look-alike letters of other scripts too: a Greek capital
		// Upsilon, a Cyrillic А.
		for _, name := range []string{"You", "Par (hard bot)", "Ada", "Υou", "Аda"} {
			out := imp(name)
			if !strings.Contains(out, "marked (friend)") {
				t.Errorf("%q imported: %s", name, out)
			}
			// Quoted as a friend's: never "You's results".
			if strings.Contains(out, name+"'s") || !strings.Contains(out, fmt.Sprintf("a friend's results (named %q) of", name)) {
				t.Errorf("%q imported, named as a third person: %s", name, out)
			}
		}
		// A name like another friend's (a Greek capital Beta), in a
		// file of its own: both stay, each tagged.
		if out := imp("Βob Smith"); !strings.Contains(out, `Their name looks like "bob-smith", another friend's`) {
			t.Errorf("a friend's look-alike imported: %s", out)
		}
	})
}

// TestDailyExportYesterday: before today's first board, -export prints
// yesterday's results, and says so; with none of yesterday's either,
// nothing. Both say that no board of today is played in the one
// wording, with the seat count.
func TestDailyExportYesterday(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, players int) {
		dir := t.TempDir()
		d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), players, "ada")
		recordBoard(t, d, 0)
		next := dailyDay.AddDate(0, 0, 1)
		code, out, errs := runDailyAt(t, dir, next, "-export", "-players", fmt.Sprint(players))
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "date 2026-12-01")
		assert.Contains(t, unwrapped(errs), fmt.Sprintf("klob daily: no board of today (2026-12-02) played at %d players yet: "+
			"yesterday's results (2026-12-01)\n", players))
		assertWrapped(t, errs)
		code, _, errs = runDailyAt(t, dir, next.AddDate(0, 0, 1), "-export", "-players", fmt.Sprint(players))
		assert.Equal(t, 1, code)
		assert.Equal(t, fmt.Sprintf("klob daily: no board of today (2026-12-03) played at %d players yet: "+
			"nothing to export\n", players), unwrapped(errs))
	})
}

// assertWrapped: each line of stderr fits 80 columns (printError's
// width off a terminal), but for a word longer than that (a path) on a
// line of its own.
func assertWrapped(t *testing.T, errs string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
		if utf8.RuneCountInString(l) > 80 && len(strings.Fields(l)) > 1 {
			t.Errorf("a line of %d columns: %q", utf8.RuneCountInString(l), l)
		}
	}
}

// introOf runs klob daily with args on dir at dailyDay and returns the
// intro's text at 80x24 (ANSI stripped, lines joined by spaces, so a
// message wrapped reads whole).
func introOf(t *testing.T, dir string, args ...string) string {
	t.Helper()
	var text string
	code, _, errs := runDailyScreen(dir, dailyDay, func(app *tui.App) int {
		app.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		text = ansi.Strip(app.View().Content)
		return 0
	}, args...)
	require.Equal(t, 0, code, errs)
	fields := strings.Fields(text)
	return strings.Join(fields, " ")
}

// TestDailyDamagedShown: a result file or a board in progress found
// damaged is moved into damaged/ and the intro says so, where it went
// and what it means, though the program read it before the screen.
func TestDailyDamagedShown(t *testing.T) {
	for _, c := range []struct {
		name, says string
		damage     func(t *testing.T, d *dailyfiles.Day)
	}{
		{"result file", "! Your results of 2026-12-01 at 2 players could not be read", func(t *testing.T, d *dailyfiles.Day) {
			recordBoard(t, d, 0)
			require.NoError(t, os.WriteFile(d.ResultPath(), []byte("klob-results 1\ngarbage\n"), 0o600))
		}},
		{"board in progress", "! The board in progress of 2026-12-01 at 2 players could not be read", func(t *testing.T, d *dailyfiles.Day) {
			require.NoError(t, d.SaveBoard(1, nil))
			require.NoError(t, os.WriteFile(filepath.Join(d.Dir(), dailyfiles.BoardName), []byte("klob-daily-board 1\nboard x\n"), 0o600))
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), 2, "ada")
			c.damage(t, d)
			text := introOf(t, dir)
			assert.Contains(t, text, c.says)
			assert.Contains(t, text, "damaged")
			aside, _ := filepath.Glob(filepath.Join(dir, dailyfiles.Dir, dailyfiles.DamagedDir, "*"))
			assert.Len(t, aside, 1, "the damaged file is kept aside")
		})
	}
}

// TestDailyHistoryDamaged: -history with a damaged history or result
// file says what was moved aside and where, then the history that reads
// (exit 0: a notice, not a failure); never a bare "No day played yet".
func TestDailyHistoryDamaged(t *testing.T) {
	for _, c := range []struct{ name, says string }{
		{"history", "the daily history could not be read"},
		{"result file", "your results of 2026-12-01 at 2 players could not be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), 2, "ada")
			recordBoard(t, d, 0)
			path := filepath.Join(dir, dailyfiles.Dir, dailyfiles.HistoryName)
			if c.name == "result file" {
				path = d.ResultPath()
			}
			require.NoError(t, os.WriteFile(path, []byte("garbage\n"), 0o600))
			code, out, errs := runDailyTest(t, dir, "-history")
			assert.Equal(t, 0, code)
			assert.Contains(t, out, "No day played yet")
			assert.Contains(t, unwrapped(errs), c.says)
			assert.Contains(t, unwrapped(errs), filepath.Join(dailyfiles.Dir, dailyfiles.DamagedDir))
			assertWrapped(t, errs)
		})
	}
}

// TestDailyExportSaysDamaged: -export says a damaged result file it
// moved aside, yesterday's read only to choose too, and once.
func TestDailyExportSaysDamaged(t *testing.T) {
	dir := t.TempDir()
	files := dailyfiles.Open(dir)
	yesterday := dayOf(t, files, duplicate.DateOf(dailyDay).AddDays(-1), 2, "ada")
	recordBoard(t, yesterday, 0)
	require.NoError(t, os.WriteFile(yesterday.ResultPath(), []byte("garbage\n"), 0o600))
	code, _, errs := runDailyTest(t, dir, "-export")
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), "your results of 2026-11-30 at 2 players could not be read")

	today := dayOf(t, files, duplicate.DateOf(dailyDay), 2, "ada")
	recordBoard(t, today, 0)
	require.NoError(t, os.WriteFile(today.ResultPath(), []byte("garbage\n"), 0o600))
	code, _, errs = runDailyTest(t, dir, "-export")
	assert.Equal(t, 1, code)
	assert.Equal(t, 1, strings.Count(unwrapped(errs), "your results of 2026-12-01 at 2 players could not be read"), errs)
}

// TestDailyRepairIsANotice: a damaged board in progress or a result
// file with a line of junk, repaired on the way (moved aside, what reads
// kept), is said on stderr, and -export, -history and -import do their
// work the first time, exit 0: a notice is not a failure.
func TestDailyRepairIsANotice(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		for _, c := range []struct {
			name, says string
			damage     func(t *testing.T, d *dailyfiles.Day)
		}{
			{"board in progress", "the board in progress of 2026-12-01", func(t *testing.T, d *dailyfiles.Day) {
				require.NoError(t, os.WriteFile(filepath.Join(d.Dir(), dailyfiles.BoardName), []byte("junk\n"), 0o600))
			}},
			{"result file", "your results of 2026-12-01", func(t *testing.T, d *dailyfiles.Day) {
				f, err := os.OpenFile(d.ResultPath(), os.O_APPEND|os.O_WRONLY, 0)
				require.NoError(t, err)
				_, err = f.WriteString("junk\n")
				require.NoError(t, err)
				require.NoError(t, f.Close())
			}},
		} {
			t.Run(fmt.Sprintf("%s at %d", c.name, players), func(t *testing.T) {
				p := fmt.Sprint(players)
				friend := filepath.Join(t.TempDir(), "bob.txt")
				require.NoError(t, os.WriteFile(friend, playedDay(t, t.TempDir(), players, "bob", ai.Normal), 0o600))
				for _, args := range [][]string{{"-export", "-players", p}, {"-history"}, {"-import", friend}} {
					dir := t.TempDir()
					d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), players, "ada")
					recordBoard(t, d, 0)
					recordBoard(t, d, 1)
					want, err := os.ReadFile(d.ResultPath())
					require.NoError(t, err)
					c.damage(t, d)
					code, out, errs := runDailyTest(t, dir, args...)
					assert.Equal(t, 0, code, "%v: %s", args, errs)
					assert.Equal(t, 1, strings.Count(unwrapped(errs), c.says), "%v: said once: %s", args, errs)
					switch args[0] {
					case "-export":
						// The repaired file is written by this Klob.
						assert.Equal(t, strings.Replace(string(want), "version v-test", "version "+versionWord(), 1),
							strings.Replace(out, "version v-test", "version "+versionWord(), 1))
					case "-import":
						assert.Contains(t, out, "Imported: bob's results")
						assert.Contains(t, out, "You have played 2 of that day's 8 boards")
					}
				}
			})
		}
	}
}

// TestDailyEditedResult: a result edited by hand in one's own result
// file, whose play replays, is not kept: the play and the result it
// gives are, said on stderr, and -export writes them; a friend's file
// whose play gives another result than it states is refused, nothing
// stored.
func TestDailyEditedResult(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) {
			dir := t.TempDir()
			d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), players, "ada")
			for n := range 3 {
				recordBoard(t, d, n)
			}
			data, err := os.ReadFile(d.ResultPath())
			require.NoError(t, err)
			lines := strings.Split(string(data), "\n")
			var truth, edited string
			for i, l := range lines {
				if f := strings.Fields(l); len(f) > 3 && f[0] == "board" && f[1] == "2" {
					truth = l
					claim := "50"
					if f[3] == "+50" {
						claim = "60"
					}
					f[3] = claim
					lines[i] = strings.Join(f, " ")
					edited = lines[i]
				}
			}
			require.NotEmpty(t, edited)
			require.NoError(t, os.WriteFile(d.ResultPath(), []byte(strings.Join(lines, "\n")), 0o600))

			friend := filepath.Join(t.TempDir(), "bob.txt")
			bob := strings.Replace(strings.Join(lines, "\n"), "name ada", "name bob", 1)
			require.NoError(t, os.WriteFile(friend, []byte(bob), 0o600))
			code, _, errs := runDailyTest(t, t.TempDir(), "-import", friend)
			assert.Equal(t, 1, code)
			assert.Contains(t, unwrapped(errs), "does not check against the daily boards of 2026-12-01 at "+fmt.Sprint(players)+" players: board 2: the actions give")

			code, out, errs := runDailyTest(t, dir, "-export", "-players", fmt.Sprint(players))
			assert.Equal(t, 0, code, errs)
			assert.Contains(t, out, truth+"\n", "the play and its result")
			assert.NotContains(t, out, edited)
			assert.Contains(t, unwrapped(errs), "board 2 kept with its play, which gives")
		})
	}
}

// KLOB_DAILY_DAY sets the day klob daily plays, for the end-to-end test
// that runs klob as a program: -export before a board names that day,
// not the calendar's; a value that is no day is a usage error.
func TestDailyDayFromTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KLOB_STATE_DIR", dir)
	t.Setenv("KLOB_CONFIG_DIR", filepath.Join(dir, "config"))
	t.Setenv(dailyDayVar, "2024-02-29")
	code, out, errs := runWith(runDaily, "-export")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "no board of today (2024-02-29) played at 2 players yet")

	t.Setenv(dailyDayVar, "2024-02-30")
	code, out, errs = runWith(runDaily, "-export")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "klob daily: "+dailyDayVar+`: date "2024-02-30" is not a day written YYYY-MM-DD`+"\n", errs)
}

// dailyClock reads noon of the day set, in the location of the clock it
// stands for, and moves on as that clock does; unset, it is that clock.
func TestDailyClock(t *testing.T) {
	c := testkit.NewClock(time.Date(2026, 12, 5, 23, 59, 0, 0, time.UTC))
	env := map[string]string{}
	now, err := dailyClock(func(k string) string { return env[k] }, c.Now)
	require.NoError(t, err)
	assert.Equal(t, c.Now(), now())

	env[dailyDayVar] = "2026-12-01"
	now, err = dailyClock(func(k string) string { return env[k] }, c.Now)
	require.NoError(t, err)
	assert.Equal(t, time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC), now())
	c.Add(2 * time.Minute) // past the calendar's midnight
	assert.Equal(t, time.Date(2026, 12, 1, 12, 2, 0, 0, time.UTC), now())
}

// TestDailyImportWithoutPlays: a board line without its play cannot be
// replayed (our own export keeps such a line when its play no longer
// replays), so -import takes it only within what a deal can give and
// says which boards it did not check; +999 at two players is refused.
func TestDailyImportWithoutPlays(t *testing.T) {
	dir := t.TempDir()
	friend := string(playedDay(t, t.TempDir(), 2, "mallory", ai.Normal))
	bare := func(text string, boards ...int) string {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			for _, n := range boards {
				if strings.HasPrefix(l, fmt.Sprintf("board %d ", n)) {
					lines[i], _, _ = strings.Cut(l, " play ")
				}
			}
		}
		return strings.Join(lines, "\n")
	}
	path := filepath.Join(t.TempDir(), "mallory.txt")
	lines := strings.Split(bare(friend, 1), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "board 1 ") {
			lines[i] = "board 1 result +999 par -"
		}
	}
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	code, _, errs := runDailyTest(t, dir, "-import", path)
	if code != 1 || !strings.Contains(unwrapped(errs), "board 1: result +999 is beyond what a deal can give at 2 players") {
		t.Errorf("+999 without play: %d %q", code, errs)
	}
	os.WriteFile(path, []byte(bare(friend, 2, 5)), 0o644)
	code, out, errs := runDailyTest(t, dir, "-import", path)
	if code != 0 || !strings.Contains(strings.Join(strings.Fields(out), " "), "Not checked: boards 2 and 5 have no play to replay, so their results are only known to be within what a deal can give.") {
		t.Errorf("boards without play: %d %q %q", code, out, errs)
	}
}

// e2eDay is the day the end-to-end test's klob daily plays (dailyDayVar),
// whatever the calendar says: the same boards every run, and midnight
// passing during the run changes nothing.
var e2eDay = duplicate.Date{Year: 2026, Month: time.December, Day: 1}

// relaunch starts the klob of launchKlob's dir again in its tmux
// session, on the same state directory and e2eDay, with args.
func relaunch(s *tmuxSession, dir string, args ...string) {
	s.t.Helper()
	cmd := fmt.Sprintf("%s=%s KLOB_STATE_DIR='%s' KLOB_CONFIG_DIR='%s' TERM=xterm-256color '%s' %s; echo \"klob exited: $?\"; sleep 60",
		dailyDayVar, e2eDay, filepath.Join(dir, "state"), filepath.Join(dir, "config"), filepath.Join(dir, "klob"), strings.Join(args, " "))
	// The pane's command is over (the shell sleeps after klob): it is
	// killed and the new one runs in its place, in the same window.
	s.run("respawn-pane", "-k", "-t", "e2e", cmd)
}

// playDaily answers the day's screens as a person would, reading the
// screen, until stop shows (or stop returns true); every frame must fit
// 80×24.
func playDaily(s *tmuxSession, d time.Duration, stop func(scr string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(d)
	for {
		scr, still := s.settled()
		checkFits(s.t, scr)
		if still && stop(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the day did not get there (the screen still: %v); the screen:\n%s", still, scr)
		}
		if !still {
			continue // only a still screen is answered
		}
		// A deal's screens are answered as playDeal answers them; enter
		// goes on from the day's own.
		k, _ := dealKey(scr)
		for _, next := range []string{"[enter] play board", "[enter] board", "[enter] the day's results", "Press enter to go on."} {
			if strings.Contains(scr, next) {
				k = "Enter"
			}
		}
		// Wait for the key to show before reading the screen again (as
		// playDeal does): on a loaded machine a frame can take over a
		// second, and the same key sent twice would pass a screen.
		if k != "" {
			s.keys(k)
			s.changedFrom(scr)
		}
		time.Sleep(poll)
	}
}

// TestEndToEndDaily builds the real klob and plays a whole klob daily
// in tmux at 80×24, two players, from the keyboard as a person would:
// the intro, board 1 and 2, a quit in the middle of board 3 and a
// start again that goes on there, the rest of the day, the results
// with par and matchpoints against par, the hard bot's line in the
// replay; then the files the day left, klob daily -history and
// -export, and a start on a day done, which offers only the results.
func TestEndToEndDaily(t *testing.T) {
	if testing.Short() {
		t.Skip("plays eight boards in tmux (about 9 s): the full run plays it; tui/daily's tests cover the screens")
	}
	start := time.Now()
	// Every klob of the test plays e2eDay: the day cannot change under
	// it, as the calendar's would at midnight.
	s, dir := launchShell(t, 80, 24, func(env, bin string) string {
		return fmt.Sprintf("%s=%s %s '%s' daily -pace 0 -name Ada; echo \"klob exited: $?\"; sleep 60", dailyDayVar, e2eDay, env, bin)
	})
	s.waitFor("Daily challenge", patience)
	scr := s.waitFor("[enter] play board 1", patience)
	if !strings.Contains(scr, "Boards played: 0 of 8") {
		t.Fatalf("the intro:\n%s", scr)
	}
	// Boards 1 and 2, then into board 3 and out.
	playDaily(s, 2*time.Minute, func(scr string) bool {
		return strings.Contains(scr, "Board 3 of 8") && strings.Contains(scr, "Your")
	})
	scr = s.quit()
	if !strings.Contains(scr, "in the middle of board 3") || !strings.Contains(scr, "klob exited: 0") {
		t.Fatalf("quitting in board 3:\n%s", scr)
	}
	relaunch(s, dir, "daily", "-pace", "0", "-name", "Ada")
	scr = s.waitFor("Daily challenge", patience)
	if !strings.Contains(strings.Join(strings.Fields(scr), " "), "board 3 was left in the middle") {
		t.Fatalf("the intro after quitting in board 3:\n%s", scr)
	}
	scr = playDaily(s, 4*time.Minute, func(scr string) bool { return strings.Contains(scr, "At step: the hard bot") })
	for _, want := range []string{"Total", "Matchpoints (MP) against par", "Par (hard bot)", "Ada (you)", "klob-daily-"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the results lack %q:\n%s", want, scr)
		}
	}
	// The hard bot's line of board 1, in the replay with the analysis.
	s.keys("Enter")
	checkFits(t, s.waitFor("Replay · board 1 of 8", patience))
	s.keys("Escape")
	s.waitFor("At step: the hard bot", patience)
	s.keys("q")
	scr = s.waitFor("klob exited:", patience)
	if !strings.Contains(scr, "Your results of the day are at") {
		t.Errorf("quitting the results:\n%s", scr)
	}

	// The files: the result file with every board and par, the history.
	state := filepath.Join(dir, "state")
	files, _ := filepath.Glob(filepath.Join(state, "daily", "*-2p", "klob-daily-*.txt"))
	if len(files) != 1 {
		t.Fatalf("%d result files", len(files))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	rf, err := duplicate.ParseResultFile(data)
	if err != nil {
		t.Fatal(err)
	}
	set, err := duplicate.Daily(rf.Date, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := rf.Check(set); err != nil || len(rf.Boards) != 8 || rf.Name != "Ada" || rf.Date != e2eDay {
		t.Fatalf("the result file (%v): %d boards, name %q, day %s (want %s)\n%s", err, len(rf.Boards), rf.Name, rf.Date, e2eDay, data)
	}
	for _, b := range rf.Boards {
		if !b.HasPar {
			t.Errorf("board %d has no par", b.Board)
		}
	}
	env := append(os.Environ(), dailyDayVar+"="+e2eDay.String(), "KLOB_STATE_DIR="+state, "KLOB_CONFIG_DIR="+filepath.Join(dir, "config"))
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(filepath.Join(dir, "klob"), args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("klob %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	if out := run("daily", "-history"); !strings.Contains(out, "Streak: 1 day") || !strings.Contains(out, rf.Date.String()) {
		t.Errorf("klob daily -history:\n%s", out)
	}
	if out := run("daily", "-export"); out != string(data) {
		t.Errorf("klob daily -export is not the result file:\n%s", out)
	}
	// A day done offers its results, never a board.
	relaunch(s, dir, "daily", "-pace", "0")
	s.waitFor("Daily challenge", patience)
	scr = s.waitFor("[enter] the day's results", patience)
	if !strings.Contains(scr, "Boards played: 8 of 8") {
		t.Errorf("the intro of a day done:\n%s", scr)
	}
	t.Logf("a whole day at two players in %v", time.Since(start).Round(time.Millisecond))
}

// TestDailyImportOfADayNoLongerPlayed: a friend's file of a day the
// person has not finished says what comes of it truthfully: the
// comparison comes once every board is played where klob daily still
// opens that day (today's; yesterday's begun, before today's first
// board), and where it no longer does, that the day cannot be played
// (none played) or finished (some played). The clock is the test's.
func TestDailyImportOfADayNoLongerPlayed(t *testing.T) {
	friend := filepath.Join(t.TempDir(), "fred.txt")
	require.NoError(t, os.WriteFile(friend, playedDay(t, t.TempDir(), 2, "fred", ai.Normal), 0o644))
	begun := func() string {
		dir := t.TempDir()
		d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), 2, "ada")
		for n := range 3 {
			recordBoardBy(t, d, n, ai.Easy)
		}
		return dir
	}
	for _, c := range []struct {
		what string
		dir  string
		days int
		want string
	}{
		{"today, none played", t.TempDir(), 0, "You have played 0 of that day's 8 boards: the comparison comes once you have played them all."},
		{"yesterday, none played", t.TempDir(), 1, "You did not play that day, and it can no longer be played: klob daily plays a day on its date, " +
			"or finishes it the day after. Their results are kept, with none of yours to compare them with."},
		{"yesterday, begun", begun(), 1, "You have played 3 of that day's 8 boards: the comparison comes once you have played them all."},
		{"two days ago, begun", begun(), 2, "You played 3 of that day's 8 boards, and it can no longer be finished: klob daily finishes a day " +
			"the day after at the latest. Their results are kept; a comparison needs every board played."},
	} {
		code, out, errs := runDailyAt(t, c.dir, dailyDay.AddDate(0, 0, c.days), "-import", friend)
		flat := strings.Join(strings.Fields(out), " ")
		if code != 0 || !strings.Contains(flat, c.want) {
			t.Errorf("%s: exit %d, %q %q; want %q", c.what, code, flat, errs, c.want)
		}
		for _, line := range strings.Split(out, "\n") {
			if utf8.RuneCountInString(line) > 80 {
				t.Errorf("%s: a line wider than 80 columns: %q", c.what, line)
			}
		}
	}
}

// TestDailyImportNamesTheSeat: a friend's file whose bot plays a card it
// does not hold is refused with the seat that does not hold it, not with
// the engine's "you", which would blame the person importing.
func TestDailyImportNamesTheSeat(t *testing.T) {
	me := dayOf(t, dailyfiles.Open(t.TempDir()), duplicate.DateOf(dailyDay), 3, "x").Set.Seat
	friend := string(playedDay(t, t.TempDir(), 3, "bob", ai.Normal))
	lines := strings.Split(friend, "\n")
	var bot, card string
	for i, l := range lines {
		head, play, ok := strings.Cut(l, " play ")
		if !ok || !strings.HasPrefix(l, "board 1 ") {
			continue
		}
		steps := strings.Split(play, ", ")
		first := -1
		for j, st := range steps {
			seat, act, _ := strings.Cut(st, ": ")
			c, isPlay := strings.CutPrefix(act, "play ")
			switch {
			case !isPlay || len(c) != 2:
			case first < 0 && seat != me.String():
				first, bot = j, seat
			case first >= 0 && seat != bot:
				card = c
				steps[first] = bot + ": play " + c
			}
			if card != "" {
				break
			}
		}
		require.NotEmpty(t, card, "board 1 has no card to swap: %s", l)
		lines[i] = head + " play " + strings.Join(steps, ", ")
		break
	}
	path := filepath.Join(t.TempDir(), "cheat.txt")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o600))
	code, _, errs := runDailyTest(t, t.TempDir(), "-import", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, unwrapped(errs), bot+" does not hold "+card)
	assert.NotContains(t, unwrapped(errs), "you do not hold")
}

// TestDailyHistoryAfterARebuild: a day played out whose result file is
// then cut short is rebuilt from the boards that still read; -export
// then shows those boards, and -history counts as many, the notice
// saying so, not the eight it counted before.
func TestDailyHistoryAfterARebuild(t *testing.T) {
	dir := t.TempDir()
	data := playedDay(t, dir, 2, "ada", ai.Easy)
	code, out, errs := runDailyTest(t, dir, "-history")
	require.Equal(t, 0, code, errs)
	require.Regexp(t, `2026-12-01 +2 .* 8  `, out)

	d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), 2, "ada")
	at := strings.Index(string(data), "board 3 ")
	require.Positive(t, at)
	require.NoError(t, os.WriteFile(d.ResultPath(), data[:at+len("board 3 res")], 0o644))

	code, out, errs = runDailyTest(t, dir, "-export")
	require.Equal(t, 0, code, errs)
	rf, err := duplicate.ParseResultFile([]byte(out))
	require.NoError(t, err)
	require.Len(t, rf.Boards, 2, "boards 1 and 2 read")
	assert.Contains(t, unwrapped(errs), "the history counts the day's 2 boards kept, no longer 8")

	code, out, errs = runDailyTest(t, dir, "-history")
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `2026-12-01 +2 .* 2 of 8  `, out, "the history counts the boards -export shows")
	assert.NotRegexp(t, `2026-12-01 +2 .*  8  `, out)
}

// TestDailyHistoryOfEachState: -history prints a line true to the
// day's files in each state it may be in, whatever the history file
// held before: a day begun has none; played out without par it says
// par is not worked out; once par is in its result file (worked out in
// the background by a klob daily that stopped before it wrote the
// line) it is against par; its result file cut short, -history itself
// rebuilds it and counts the boards kept out of the eight. At every
// seat count.
func TestDailyHistoryOfEachState(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			dir := t.TempDir()
			row := func(boards, rest string) string {
				return fmt.Sprintf(`(?m)^2026-12-01 +%d +%s +%s$`, players, boards, rest)
			}
			history := func() string {
				t.Helper()
				code, out, errs := runDailyTest(t, dir, "-history")
				require.Equal(t, 0, code, errs)
				return out
			}
			d := dayOf(t, dailyfiles.Open(dir), duplicate.DateOf(dailyDay), players, "ada")
			for n := range 3 {
				recordBoard(t, d, n)
			}
			assert.Contains(t, history(), "No day played yet")

			for n := 3; n < len(d.Set.Boards); n++ {
				recordBoard(t, d, n)
			}
			assert.Regexp(t, row(`- +- +8`, `nobody yet: par not worked out`), history())

			// Par in the result file, the history's line left as it was.
			for _, b := range d.Set.Boards {
				require.NoError(t, d.SetPar(b.Number, 5))
			}
			rf, err := d.Results()
			require.NoError(t, err)
			vs, _ := duplicate.VersusPar(rf.Boards)
			out := history()
			assert.Regexp(t, row(`[0-9.]+% +`+regexp.QuoteMeta(kit.Number(vs))+` +8`, `par`), out)
			assert.NotContains(t, out, "not worked out")

			// The result file cut short after board 2.
			data, err := os.ReadFile(d.ResultPath())
			require.NoError(t, err)
			at := strings.Index(string(data), "board 3 ")
			require.Positive(t, at)
			require.NoError(t, os.WriteFile(d.ResultPath(), data[:at+len("board 3 res")], 0o644))
			code, out, errs := runDailyTest(t, dir, "-history")
			require.Equal(t, 0, code, errs)
			// The day no longer played out, its file has par no more
			// (it comes with the eighth board), nor has its line.
			cut := row(`- +- +2 of 8`, `nobody: par needs all 8 boards`)
			assert.Regexp(t, cut, out)
			assert.Contains(t, unwrapped(errs), "the history counts the day's 2 boards kept, no longer 8")
			assert.Regexp(t, cut, history(), "the line stays")
		})
	}
}
