package stats

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/require"
)

const games = "../../../testdata/games"

// fromText counts what Stats should hold for one log with the person at
// seat me, by reading the log's derived lines ("trump H maker B",
// "score A ... scored 18", "result bete") instead of replaying it, so
// the test does not share the code it checks.
type counts struct {
	deals, points, opp, maker, makerDone, bete int
}

func fromText(t *testing.T, path string, me rules.Seat) counts {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var c counts
	maker := rules.NoSeat
	scored := [2]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		switch {
		case len(w) == 2 && w[0] == "deal":
			maker, scored = rules.NoSeat, [2]int{}
		case len(w) == 4 && w[0] == "trump" && w[2] == "maker":
			maker, _ = rules.ParseSeat(w[3])
		case len(w) > 2 && w[0] == "score":
			s, _ := rules.ParseSeat(w[1])
			n, err := strconv.Atoi(w[len(w)-1])
			if err != nil || w[len(w)-2] != "scored" {
				t.Fatalf("%s: odd score line %q", path, sc.Text())
			}
			scored[s] = n
		case len(w) == 2 && w[0] == "result":
			c.deals++
			c.points += scored[me]
			c.opp += scored[me.Other()]
			if maker == me {
				c.maker++
				if w[1] != "abandoned" {
					c.makerDone++
				}
				if w[1] == "bete" {
					c.bete++
				}
			}
		}
	}
	return c
}

// withLevels reads a log and gives its seats other levels.
func withLevels(t *testing.T, path string, a, b string) *gamelog.Replay {
	t.Helper()
	l, _ := testkit.ReadReplay(t, path)
	l.Header.Levels = [2]string{a, b}
	r, err := l.Replay()
	require.NoError(t, err)
	return r
}

func TestAddCountsThePersonsSide(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(games, "*.klob"))
	if err != nil || len(files) < 5 {
		t.Fatalf("corpus: %v, %d files", err, len(files))
	}
	for _, path := range files {
		for _, me := range []rules.Seat{rules.SeatA, rules.SeatB} {
			levels := [2]string{"hard", "hard"}
			levels[me] = gamelog.Human
			r := withLevels(t, path, levels[0], levels[1])
			var s Stats
			if !s.Add(r) {
				t.Fatalf("%s: a game with one human seat was not counted", path)
			}
			want := fromText(t, path, me)
			got := counts{s.Deals, s.Points, s.OppPoints, s.Maker, s.MakerDone, s.Bete}
			if got != want {
				t.Errorf("%s, person at %s: got %+v want %+v", filepath.Base(path), me, got, want)
			}
			won := 0
			if r.Over && r.Winner == me {
				won = 1
			}
			if s.Games != 1 || s.Won != won || len(s.ByLevel) != 1 || s.ByLevel[0] != (LevelRecord{"hard", 1, s.Finished, won}) {
				t.Errorf("%s, person at %s: games %d won %d by level %+v, want 1 game, %d won, all against hard", filepath.Base(path), me, s.Games, s.Won, s.ByLevel, won)
			}
		}
	}
}

func TestAddSkipsGamesWithoutOnePerson(t *testing.T) {
	path := filepath.Join(games, "09-tie.klob")
	for _, lv := range [][2]string{{"random", "random"}, {gamelog.Human, gamelog.Human}, {"", ""}} {
		var s Stats
		if s.Add(withLevels(t, path, lv[0], lv[1])) {
			t.Errorf("levels %q: counted, want skipped", lv)
		}
		if s.Games != 0 || s.Deals != 0 || s.Skipped != 1 {
			t.Errorf("levels %q: games %d deals %d skipped %d, want 0 0 1", lv, s.Games, s.Deals, s.Skipped)
		}
	}
}

func TestUnfinishedGame(t *testing.T) {
	path := filepath.Join(games, "saves", "in-play.klob")
	r := withLevels(t, path, gamelog.Human, "easy")
	var s Stats
	s.Add(r)
	done := 0
	for _, d := range r.Deals {
		if d.Done {
			done++
		}
	}
	if done == len(r.Deals) {
		t.Fatalf("%s: want a log stopped inside a deal", path)
	}
	if s.Games != 1 || s.Finished != 0 || s.Won != 0 || s.Deals != done {
		t.Errorf("got games %d finished %d won %d deals %d, want 1 0 0 %d", s.Games, s.Finished, s.Won, s.Deals, done)
	}
}

func TestRatesAndLevelOrder(t *testing.T) {
	var s Stats
	for _, f := range []float64{s.AvgPerDeal(), s.OppAvgPerDeal(), s.TakeRate(), s.BeteRate()} {
		if f != 0 {
			t.Fatalf("empty record: a rate of %v, want 0", f)
		}
	}
	path := filepath.Join(games, "09-tie.klob")
	for _, opp := range []string{"zeta", "hard", "easy", "alpha", "normal", "hard"} {
		s.Add(withLevels(t, path, gamelog.Human, opp))
	}
	var names []string
	for _, l := range s.ByLevel {
		names = append(names, l.Level)
	}
	if got, want := strings.Join(names, " "), "easy normal hard alpha zeta"; got != want {
		t.Errorf("levels in order %q, want %q", got, want)
	}
	if s.ByLevel[2].Games != 2 {
		t.Errorf("games against hard: %d, want 2", s.ByLevel[2].Games)
	}
	c := fromText(t, path, rules.SeatA)
	near := func(name string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: got %v want %v", name, got, want)
		}
	}
	near("average per deal", s.AvgPerDeal(), float64(c.points)/float64(c.deals))
	near("opponent's average", s.OppAvgPerDeal(), float64(c.opp)/float64(c.deals))
	near("take rate", s.TakeRate(), float64(c.maker)/float64(c.deals))
	near("bete rate", s.BeteRate(), float64(c.bete)/float64(c.makerDone))
}

func TestFromHistory(t *testing.T) {
	dir := t.TempDir()
	hist := filepath.Join(dir, store.HistoryDir)
	require.NoError(t, os.MkdirAll(hist, 0o755))
	put := func(name, src string, levels [2]string) {
		l, err := gamelog.ReadFile(src)
		require.NoError(t, err)
		l.Header.Levels = levels
		b, err := l.MarshalText()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(hist, name), b, 0o644))
	}
	put("2026-01-01-1200-a.klob", filepath.Join(games, "09-tie.klob"), [2]string{gamelog.Human, "normal"})
	put("2026-01-02-1200-b.klob", filepath.Join(games, "10-both-over-the-target.klob"), [2]string{"hard", gamelog.Human})
	put("2026-01-03-1200-c.klob", filepath.Join(games, "05-target-not-500.klob"), [2]string{"easy", "hard"})
	require.NoError(t, os.WriteFile(filepath.Join(hist, "2026-01-04-1200-d.klob"), []byte("garbage\n"), 0o644))
	entries, err := store.New(dir, store.Options{}).History()
	if err != nil || len(entries) != 4 {
		t.Fatalf("history: %v, %d entries, want 4", err, len(entries))
	}
	s := FromHistory(entries, nil)
	if s.Games != 2 || s.Skipped != 2 {
		t.Errorf("games %d skipped %d, want 2 counted (one human seat each) and 2 skipped (bots only, garbage)", s.Games, s.Skipped)
	}
	a := fromText(t, filepath.Join(games, "09-tie.klob"), rules.SeatA)
	b := fromText(t, filepath.Join(games, "10-both-over-the-target.klob"), rules.SeatB)
	if s.Deals != a.deals+b.deals || s.Points != a.points+b.points || s.Maker != a.maker+b.maker {
		t.Errorf("deals %d points %d maker %d, want %d %d %d", s.Deals, s.Points, s.Maker, a.deals+b.deals, a.points+b.points, a.maker+b.maker)
	}
	if len(s.ByLevel) != 2 || s.ByLevel[0].Level != "normal" || s.ByLevel[1].Level != "hard" {
		t.Errorf("by level %+v, want normal then hard", s.ByLevel)
	}
	// A read function that fails skips the game.
	s = FromHistory(entries, func(string) (*gamelog.Log, *gamelog.Replay, error) { return nil, nil, os.ErrNotExist })
	if s.Games != 0 || s.Skipped != 4 {
		t.Errorf("failing reads: games %d skipped %d, want 0 and 4", s.Games, s.Skipped)
	}
}
