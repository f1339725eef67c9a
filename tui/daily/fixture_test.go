package daily

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/duplicate"
	dailyfiles "github.com/klob/klob/internal/record/daily"
	"github.com/klob/klob/internal/testing/analysistest"
	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/table"
)

// day1 is the tests' day; t0 its noon.
var (
	day1 = duplicate.Date{Year: 2026, Month: 12, Day: 1}
	t0   = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
)

// guard bounds a wait only a broken host would make long.
const guard = 30 * time.Second

// quickPar makes the normal bot play the person's seat for par: for the
// tests that do not look at par, so that each start of the screen does
// not spend a second working it out.
func quickPar(level ai.Level, cfg ai.Config) (ai.Bot, error) { return ai.New(ai.Normal, cfg) }

// fakeAnalyze grades without the bot: a decision with a choice loses
// (3·step) mod 17 points, so the screens do not move when the bot does.
var fakeAnalyze = analysistest.Fake(func(deal, step int) float64 { return float64((3 * (step - 1)) % 17) })

// fixture is the daily screen over a state directory of the test's, at
// 80×24, the boards' tables refreshed by the test once their game rests.
type fixture struct {
	t   *testing.T
	n   int
	dir string
	par ai.Factory // par's bots
	// version is the Klob's version the screen runs as ("v-test").
	version string
	files   *dailyfiles.Files
	s       *Screen
	hs      *kittest.Driver
	// frames, when set, sees every frame drawn after a message.
	frames func(text string)
}

// cheapPar is par's bots of every fixture without bots of its own:
// each fixture deals day1's boards, so a view's decision is worked out
// once a test process (par is most of this package's CPU). Each screen
// gives its bots win tables of its own: SharedAcross keeps them out of
// the decisions' keys, or no screen would share another's.
var cheapPar = testkit.SharedAcross(testkit.CheapBots)

// newFixture opens the day for n players in dir (a new one when ""),
// par played by par (cheapPar when nil). A start of the screen works
// out par of the boards whose line is not kept in dir, with the same
// bots on the same boards: the par bots keep each decision
// (testkit.SharedDecisions); a factory given keeps its own.
func newFixture(t *testing.T, n int, dir string, par ...ai.Factory) *fixture {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	f := &fixture{t: t, n: n, dir: dir, files: dailyfiles.Open(dir), par: cheapPar, version: "v-test"}
	if len(par) > 0 {
		f.par = testkit.SharedDecisions(par[0])
	}
	f.open()
	return f
}

// open starts a screen on the fixture's directory, as klob daily does.
func (f *fixture) open() {
	f.t.Helper()
	day, err := f.files.Day(day1, f.n, "Tester", f.version)
	if err != nil {
		f.t.Fatal(err)
	}
	s, err := New(Config{Files: f.files, Day: day, Today: day1, Player: "Tester", ParBot: f.par, Analyze: fakeAnalyze,
		Clock: clocktest.New(t0), Manual: true, Now: func() time.Time { return t0 },
		ShowPath: func(p string) string {
			return "~/.local/state/klob" + strings.TrimPrefix(p, f.dir)
		}})
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(s.Close)
	f.s = s
	f.hs = kittest.New(f.t, s, 80, 24, false)
	f.hs.After = func(*kittest.Driver) { f.refresh() }
}

// refresh lets the board in play rest and shows it.
func (f *fixture) refresh() {
	f.t.Helper()
	if p := f.s.port; p != nil {
		kittest.WaitRest(f.t, p, nil, guard)
		f.hs.Deliver(table.Refresh{})
	}
	if f.frames != nil {
		f.frames(f.text())
	}
}

// text is the frame without styles or trailing spaces.
func (f *fixture) text() string { return kittest.TrimRight(ansi.Strip(f.hs.Frame())) }

// tbl is the board's table when it is shown.
func (f *fixture) tbl() (*table.Screen, bool) {
	t, ok := f.s.sub.(*table.Screen)
	return t, ok
}

// untilFirstDecision waits until the board is shown and its first
// decision is the person's to make.
func (f *fixture) untilFirstDecision() {
	f.t.Helper()
	f.until("the first decision", func() bool {
		tb, ok := f.tbl()
		return ok && tb.Snapshot().Can.Act
	})
}

// step makes the person's next move at the board shown (kittest.Step).
func (f *fixture) step() {
	f.t.Helper()
	t, _ := f.tbl()
	s := t.Snapshot()
	kittest.Step(f.t, f.hs, s, kit.ViewHand(&s.View, f.s.cfg.Sort), t.Bella != rules.NoCard)
}

// decisions counts the person's decisions made on the board shown.
func (f *fixture) decisions() int {
	t, ok := f.tbl()
	if !ok {
		return 0
	}
	s := t.Snapshot()
	n := 0
	v := s.View
	for i, st := range v.History() {
		if _, forced := s.Forced[i]; st.Seat == s.Seat && !forced {
			n++
		}
	}
	return n
}

// until plays the day with the keys a person would press until ok holds
// (at most 20000 keys).
func (f *fixture) until(what string, ok func() bool) {
	f.t.Helper()
	for range 20000 {
		if ok() {
			return
		}
		switch p := f.s.sub.(type) {
		case *intro:
			f.hs.Press("enter")
		case *table.Screen:
			f.step()
		case *between:
			if !p.saved {
				f.t.Fatal("a board's end is not saved")
			}
			f.hs.Press("enter")
		default:
			f.t.Fatalf("never got to %s: on %s", what, f.s.Name())
		}
	}
	f.t.Fatalf("never got to %s", what)
}

// on reports whether the part shown is named name.
func (f *fixture) on(name string) func() bool {
	return func() bool { return f.s.sub.Name() == name }
}

// resultsRead reports whether the results are shown, read.
func (f *fixture) resultsRead() bool { return f.s.sub.Name() == "results" && f.s.res != nil }

// files is every file under the fixture's directory, with its name.
func (f *fixture) fileText() string {
	f.t.Helper()
	var b strings.Builder
	filepath.WalkDir(f.dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, "== %s\n%s\n", strings.TrimPrefix(p, f.dir), data)
		}
		return nil
	})
	return b.String()
}

// TestMain keeps the state directories the tests play days in, with a
// sync for every save, in memory (testkit.MainInMemory).
func TestMain(m *testing.M) { os.Exit(testkit.MainInMemory(m)) }
