package stats

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counts is what Stats should hold for one log with the person at seat
// me. fromText reads it from the log's derived lines ("trump H maker B",
// "score A ... scored 18", "team AC total 147 scored 147", "result
// bete", the Result tag) instead of replaying the log, so the test does
// not share the code it checks.
type counts struct {
	deals, points, opp, oppSides, maker, makerDone, bete int
	won, over                                            bool
}

// sideKey is the side a seat letter or a team ("A", "AC") names: the
// seat, or the team of its first seat.
func sideKey(t *testing.T, key string) int {
	t.Helper()
	at := strings.Index("ABCD", key[:1])
	if at < 0 || len(key) > 2 {
		t.Fatalf("odd side %q", key)
	}
	return at
}

func fromText(t *testing.T, path string, me rules.Seat) counts {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var c counts
	players, maker := 2, rules.NoSeat
	var scored [4]int
	mySide := func() int {
		if players == 4 {
			return int(me & 1)
		}
		return int(me)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		w := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, `[Players "`):
			players, _ = strconv.Atoi(strings.Trim(strings.TrimPrefix(line, "[Players "), `"]`))
		case strings.HasPrefix(line, `[Result "`):
			res := strings.Trim(strings.TrimPrefix(line, "[Result "), `"]`)
			if res != "*" {
				c.over, c.won = true, sideKey(t, res) == mySide()
			}
		case len(w) == 2 && w[0] == "deal":
			maker, scored = rules.NoSeat, [4]int{}
		case len(w) >= 4 && w[0] == "trump" && w[2] == "maker": // "trump S maker C forced"
			maker = rules.Seat(sideKey(t, w[3]))
		case len(w) > 2 && (w[0] == "score" || w[0] == "team") && w[len(w)-2] == "scored":
			n, err := strconv.Atoi(w[len(w)-1])
			require.NoError(t, err, line)
			scored[sideKey(t, w[1])] = n
		case len(w) == 2 && w[0] == "result":
			sides := players
			if players == 4 {
				sides = 2
			}
			c.deals++
			for x := range sides {
				if x == mySide() {
					c.points += scored[x]
				} else {
					c.opp += scored[x]
					c.oppSides++
				}
			}
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
func withLevels(t *testing.T, path string, levels ...string) *gamelog.Replay {
	t.Helper()
	l, _ := testkit.ReadReplay(t, path)
	l.Header.Levels = [4]string{}
	copy(l.Header.Levels[:], levels)
	r, err := l.Replay()
	require.NoError(t, err)
	return r
}

// person returns the levels of a game of n seats with the person at me
// and the hard bot elsewhere.
func person(n int, me rules.Seat) []string {
	levels := make([]string, n)
	for s := range levels {
		levels[s] = "hard"
	}
	levels[me] = gamelog.Human
	return levels
}

// corpus returns the recorded games of each seat count, finished and
// saved mid-game.
func corpus(t *testing.T) map[int][]string {
	t.Helper()
	out := map[int][]string{}
	for _, path := range testkit.ValidGames(t) {
		l, _ := testkit.ReadReplay(t, path)
		out[l.Header.Seats()] = append(out[l.Header.Seats()], path)
	}
	for n := 2; n <= 4; n++ {
		if len(out[n]) < 3 {
			t.Fatalf("%d games of %d players in the corpus", len(out[n]), n)
		}
	}
	return out
}

// TestAddCountsThePersonsSide: for every recorded game of every seat
// count, with the person at each seat in turn, the record is the one the
// log's text says: the game won or lost by the person's side, the deals,
// the side's points and the others', the person's takes and betes.
func TestAddCountsThePersonsSide(t *testing.T) {
	for n, files := range corpus(t) {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			for _, path := range files {
				for me := range rules.Seat(n) {
					r := withLevels(t, path, person(n, me)...)
					var s Stats
					if !s.Add(r) {
						t.Fatalf("%s: a game with one human seat was not counted", path)
					}
					want := fromText(t, path, me)
					got := counts{s.Deals, s.Points, s.OppPoints, s.OppSides, s.Maker, s.MakerDone, s.Bete, s.Won == 1, s.Finished == 1}
					if got != want {
						t.Errorf("%s, person at %s: got %+v want %+v", filepath.Base(path), me, got, want)
					}
					rec := Record{Games: 1, Finished: s.Finished, Won: s.Won}
					if s.Record != rec || len(s.ByLevel) != 1 || s.ByLevel[0] != (LevelRecord{"hard", rec}) ||
						len(s.BySeats) != 1 || s.BySeats[0] != (SeatsRecord{n, rec}) {
						t.Errorf("%s, person at %s: record %+v by level %+v by seats %+v, want one game against hard at %d seats",
							filepath.Base(path), me, s.Record, s.ByLevel, s.BySeats, n)
					}
					if s.Lost() != s.Finished-s.Won {
						t.Errorf("lost %d of %d finished, %d won", s.Lost(), s.Finished, s.Won)
					}
				}
			}
		})
	}
}

// TestTeamsWinTogether: with four players the person's partner's seat
// wins and loses the same games.
func TestTeamsWinTogether(t *testing.T) {
	for _, path := range corpus(t)[4] {
		for me := range rules.Seat(2) {
			var a, b Stats
			a.Add(withLevels(t, path, person(4, me)...))
			b.Add(withLevels(t, path, person(4, me+2)...))
			if a.Record != b.Record || a.Points != b.Points || a.OppPoints != b.OppPoints {
				t.Errorf("%s: seats %s and %s differ: %+v and %+v", filepath.Base(path), me, me+2, a, b)
			}
		}
	}
}

func TestAddSkipsGamesWithoutOnePerson(t *testing.T) {
	for _, c := range []struct {
		path   string
		levels []string
	}{
		{"09-tie.klob", []string{"random", "random"}},
		{"09-tie.klob", []string{gamelog.Human, gamelog.Human}},
		{"09-tie.klob", []string{"", ""}},
		{"tables/3-01-every-house-variant.klob", []string{"hard", "hard", "hard"}},
		{"tables/4-05-four-tie.klob", []string{gamelog.Human, "hard", gamelog.Human, "hard"}},
	} {
		var s Stats
		if s.Add(withLevels(t, c.path, c.levels...)) {
			t.Errorf("%s, levels %q: counted, want skipped", c.path, c.levels)
		}
		if s.Games != 0 || s.Deals != 0 || s.Skipped != 1 {
			t.Errorf("%s, levels %q: games %d deals %d skipped %d, want 0 0 1", c.path, c.levels, s.Games, s.Deals, s.Skipped)
		}
	}
}

func TestUnfinishedGame(t *testing.T) {
	for _, path := range []string{"saves/in-play.klob", "tables/saves/three-in-dialogue.klob", "tables/saves/four-in-trick.klob"} {
		l, _ := testkit.ReadReplay(t, path)
		r := withLevels(t, path, person(l.Header.Seats(), 0)...)
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
			t.Errorf("%s: got games %d finished %d won %d deals %d, want 1 0 0 %d", path, s.Games, s.Finished, s.Won, s.Deals, done)
		}
	}
}

// TestLevelsAndSeats: the record by level is in the order of the levels
// (mixed opponents named by their levels, weakest first), the record by
// seat count fewest first, and the rates are the sums' ratios.
func TestLevelsAndSeats(t *testing.T) {
	var s Stats
	for _, f := range []float64{s.AvgPerDeal(), s.OppAvgPerDeal(), s.TakeRate(), s.BeteRate()} {
		if f != 0 {
			t.Fatalf("empty record: a rate of %v, want 0", f)
		}
	}
	two := "09-tie.klob"
	four := "tables/4-05-four-tie.klob"
	three := "tables/3-03-three-tie-with-the-best-opponent.klob"
	for _, opp := range []string{"zeta", "hard", "easy", "alpha", "normal", "hard"} {
		s.Add(withLevels(t, two, gamelog.Human, opp))
	}
	// The partner's level is not the opponents': B and D are "hard" and
	// "easy", C (the partner) "random".
	s.Add(withLevels(t, four, gamelog.Human, "hard", "random", "easy"))
	s.Add(withLevels(t, three, "normal", gamelog.Human, "normal"))
	var names []string
	for _, l := range s.ByLevel {
		names = append(names, fmt.Sprintf("%s %d", l.Level, l.Games))
	}
	if got, want := strings.Join(names, ", "), "easy 1, easy+hard 1, normal 2, hard 2, alpha 1, zeta 1"; got != want {
		t.Errorf("levels in order %q, want %q", got, want)
	}
	var seats []string
	for _, r := range s.BySeats {
		seats = append(seats, fmt.Sprintf("%d: %d", r.Players, r.Games))
	}
	if got, want := strings.Join(seats, ", "), "2: 6, 3: 1, 4: 1"; got != want {
		t.Errorf("by seats %q, want %q", got, want)
	}
	a := fromText(t, testkit.Game(t, two), rules.SeatA)
	b := fromText(t, testkit.Game(t, four), rules.SeatA)
	c := fromText(t, testkit.Game(t, three), rules.SeatB)
	sum := func(f func(counts) int) int { return 6*f(a) + f(b) + f(c) }
	near := func(name string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: got %v want %v", name, got, want)
		}
	}
	deals := float64(sum(func(c counts) int { return c.deals }))
	near("average per deal", s.AvgPerDeal(), float64(sum(func(c counts) int { return c.points }))/deals)
	near("opponents' average", s.OppAvgPerDeal(), float64(sum(func(c counts) int { return c.opp }))/float64(sum(func(c counts) int { return c.oppSides })))
	near("take rate", s.TakeRate(), float64(sum(func(c counts) int { return c.maker }))/deals)
	near("bete rate", s.BeteRate(), float64(sum(func(c counts) int { return c.bete }))/float64(sum(func(c counts) int { return c.makerDone })))
}

// historyDir returns a fresh state directory with its history folder
// and put, which files the game log src there as name, its seats at the
// levels given and then changed by edit (when not nil).
func historyDir(t *testing.T) (dir string, put func(name, src string, edit func(*gamelog.Log), levels ...string)) {
	dir = t.TempDir()
	hist := filepath.Join(dir, store.HistoryDir)
	require.NoError(t, os.MkdirAll(hist, 0o755))
	return dir, func(name, src string, edit func(*gamelog.Log), levels ...string) {
		l, err := gamelog.ReadFile(testkit.Game(t, src))
		require.NoError(t, err)
		l.Header.Levels = [4]string{}
		copy(l.Header.Levels[:], levels)
		if edit != nil {
			edit(l)
		}
		b, err := l.MarshalText()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(hist, name), b, 0o644))
	}
}

// historyOf reads the history of the state directory dir, which must
// list n games.
func historyOf(t *testing.T, dir string, n int) []store.Entry {
	entries, err := store.New(dir, store.Options{}).History()
	require.NoError(t, err)
	require.Len(t, entries, n)
	return entries
}

// withKeys sets the key of each seat, in seat order ("" for none).
func withKeys(keys ...string) func(*gamelog.Log) {
	return func(l *gamelog.Log) {
		for s, k := range keys {
			if k != "" {
				l.Header.SetKey(rules.Seat(s), k)
			}
		}
	}
}

func TestFromHistory(t *testing.T) {
	dir, put := historyDir(t)
	put("2026-01-01-1200-a.klob", "09-tie.klob", nil, gamelog.Human, "normal")
	put("2026-01-02-1200-b.klob", "10-both-over-the-target.klob", nil, "hard", gamelog.Human)
	put("2026-01-03-1200-c.klob", "05-target-not-500.klob", nil, "easy", "hard")
	put("2026-01-04-1200-d.klob", "tables/3-03-three-tie-with-the-best-opponent.klob", nil, "hard", "hard", gamelog.Human)
	put("2026-01-05-1200-e.klob", "tables/4-05-four-tie.klob", nil, "normal", gamelog.Human, "normal", "normal")
	require.NoError(t, os.WriteFile(filepath.Join(dir, store.HistoryDir, "2026-01-06-1200-f.klob"), []byte("garbage\n"), 0o644))
	entries := historyOf(t, dir, 6)
	s := FromHistory(entries, nil, "")
	if s.Games != 4 || s.Skipped != 2 {
		t.Errorf("games %d skipped %d, want 4 counted (one human seat each) and 2 skipped (bots only, garbage)", s.Games, s.Skipped)
	}
	parts := []counts{
		fromText(t, testkit.Game(t, "09-tie.klob"), rules.SeatA),
		fromText(t, testkit.Game(t, "10-both-over-the-target.klob"), rules.SeatB),
		fromText(t, testkit.Game(t, "tables/3-03-three-tie-with-the-best-opponent.klob"), rules.Seat(2)),
		fromText(t, testkit.Game(t, "tables/4-05-four-tie.klob"), rules.SeatB),
	}
	var want counts
	won := 0
	for _, p := range parts {
		want.deals += p.deals
		want.points += p.points
		want.maker += p.maker
		if p.won {
			won++
		}
	}
	if s.Deals != want.deals || s.Points != want.points || s.Maker != want.maker || s.Won != won {
		t.Errorf("deals %d points %d maker %d won %d, want %d %d %d %d", s.Deals, s.Points, s.Maker, s.Won, want.deals, want.points, want.maker, won)
	}
	if len(s.ByLevel) != 2 || s.ByLevel[0].Level != "normal" || s.ByLevel[1].Level != "hard" || len(s.BySeats) != 3 {
		t.Errorf("by level %+v, by seats %+v: want normal then hard, and 2, 3 and 4 seats", s.ByLevel, s.BySeats)
	}
	// A read function that fails skips the game.
	s = FromHistory(entries, func(string) (*gamelog.Log, *gamelog.Replay, error) { return nil, nil, os.ErrNotExist }, "")
	if s.Games != 0 || s.Skipped != 6 {
		t.Errorf("failing reads: games %d skipped %d, want 0 and 6", s.Games, s.Skipped)
	}
}

// TestFromHistoryOfAKey: a shared table's logs hold several people, each
// known by the key that played its seat; each person's record counts
// their own seat, and the record without a key (a local player's) counts
// none of them.
func TestFromHistoryOfAKey(t *testing.T) {
	dir, put := historyDir(t)
	const src = "tables/4-05-four-tie.klob"
	put("2026-01-05-1200-e.klob", src, withKeys("key-ann", "", "key-cy"), gamelog.Human, "normal", gamelog.Human, "normal")
	entries := historyOf(t, dir, 1)

	ann := FromHistory(entries, nil, "key-ann")
	want := fromText(t, testkit.Game(t, src), rules.SeatA)
	assert.Equal(t, 1, ann.Games)
	assert.Equal(t, want.deals, ann.Deals)
	assert.Equal(t, want.points, ann.Points)
	assert.Equal(t, want.maker, ann.Maker)

	cy := FromHistory(entries, nil, "key-cy")
	assert.Equal(t, 1, cy.Games)
	assert.Equal(t, ann.Points, cy.Points, "partners at four share their side's points")

	for _, id := range []string{"", "key-nobody"} {
		s := FromHistory(entries, nil, id)
		assert.Equal(t, 0, s.Games, "key %q", id)
		assert.Equal(t, 1, s.Skipped, "key %q", id)
	}
}

// TestFromHistoryLeftGame: a game a person left, which bots finished
// for them, counts in their record as played but neither finished nor
// won, whichever side won it; their partner, who stayed, has it whole.
func TestFromHistoryLeftGame(t *testing.T) {
	dir, put := historyDir(t)
	const src = "tables/4-05-four-tie.klob"
	_, r, err := gamelog.ReadReplay(testkit.Game(t, src))
	require.NoError(t, err)
	require.True(t, r.Over)
	put("2026-01-05-1200-e.klob", src, func(l *gamelog.Log) {
		withKeys("key-ann", "", "key-cy")(l)
		l.Comment = append(l.Comment, gamelog.TakeoverComment(1, "ann", "normal", rules.SeatA))
	}, gamelog.Human, "normal", gamelog.Human, "normal")
	entries := historyOf(t, dir, 1)

	ann := FromHistory(entries, nil, "key-ann")
	assert.Equal(t, 1, ann.Games)
	assert.Zero(t, ann.Finished, "ann left: bots finished it")
	assert.Zero(t, ann.Won)
	assert.Zero(t, ann.Lost())
	assert.Equal(t, 1, ann.Left)
	cy := FromHistory(entries, nil, "key-cy")
	assert.Equal(t, 1, cy.Finished, "cy stayed to the end")
	assert.Equal(t, r.Winner == rules.SideOfSeat(4, rules.Seat(2)), cy.Won == 1)
}

// TestPeopleAreNotALevel: shared games are filed by who the opponents
// were, and a person is "people", never the log's "human" level joined
// to a bot's ("normal+human").
func TestPeopleAreNotALevel(t *testing.T) {
	var s Stats
	for _, g := range []struct {
		path   string
		levels []string
	}{
		{"tables/3-03-three-tie-with-the-best-opponent.klob", []string{gamelog.Human, "normal", gamelog.Human}},
		{"09-tie.klob", []string{gamelog.Human, gamelog.Human}},
		{"09-tie.klob", []string{gamelog.Human, "hard"}},
	} {
		r := withLevels(t, g.path, g.levels...)
		r.Header.SetKey(rules.SeatA, "k")
		require.True(t, s.AddFor(r, "k"), "%s %v", g.path, g.levels)
	}
	var names []string
	for _, l := range s.ByLevel {
		names = append(names, fmt.Sprintf("%s %d", l.Level, l.Games))
	}
	require.Equal(t, "normal+people 1, hard 1, people 1", strings.Join(names, ", "))
}

// TestFromHistoryOfAKeyCountsGamesAlone: a person's history over
// `klob serve` holds their games alone, with their key on their seat or,
// filed before games alone recorded it, with no key at all; both are the
// person's and count. A shared table's game whose keys are others' does
// not, nor a game without one human seat.
func TestFromHistoryOfAKeyCountsGamesAlone(t *testing.T) {
	dir, put := historyDir(t)
	const two, three = "09-tie.klob", "tables/3-03-three-tie-with-the-best-opponent.klob"
	put("2026-01-01-1200-a.klob", two, nil, gamelog.Human, "normal")
	put("2026-01-02-1200-b.klob", three, withKeys("key-ann"), gamelog.Human, "hard", "hard")
	put("2026-01-03-1200-c.klob", two, withKeys("key-bob", "key-cy"), gamelog.Human, gamelog.Human)
	put("2026-01-04-1200-d.klob", two, nil, "easy", "hard")
	entries := historyOf(t, dir, 4)

	s := FromHistory(entries, nil, "key-ann")
	assert.Equal(t, 2, s.Games, "the two games alone, keyed and not")
	assert.Equal(t, 2, s.Skipped, "the table of others' keys, the bots-only game")
	a, b := fromText(t, testkit.Game(t, two), rules.SeatA), fromText(t, testkit.Game(t, three), rules.SeatA)
	assert.Equal(t, a.deals+b.deals, s.Deals)
	assert.Equal(t, a.points+b.points, s.Points)
	won := 0
	for _, c := range []counts{a, b} {
		if c.won {
			won++
		}
	}
	assert.Equal(t, won, s.Won)

	me, ok := OwnSeat(&entries[0].Header, "key-ann")
	assert.True(t, ok)
	assert.Equal(t, rules.SeatA, me)
	_, ok = OwnSeat(&entries[2].Header, "key-ann")
	assert.False(t, ok, "a game keyed to others is not ann's")
}

// TestLeftGameCountsApart: at every seat count, bob's history holds a
// game he played to the end against hard bots and one he left, which a
// bot finished in his seat, against ann (and a normal bot from three
// seats). The left game counts in games played and as left to bots
// only: the record's wins, its levels and seat counts, and the deals'
// figures are the finished game's alone, and no level or seat count is
// there with the left game's figures.
func TestLeftGameCountsApart(t *testing.T) {
	for _, c := range []struct {
		players      int
		finished, lf string
		leftLevel    []string
	}{
		{2, "09-tie.klob", "10-both-over-the-target.klob", []string{gamelog.Human, gamelog.Human}},
		{3, "tables/3-03-three-tie-with-the-best-opponent.klob", "tables/3-01-every-house-variant.klob", []string{gamelog.Human, gamelog.Human, "normal"}},
		{4, "tables/4-05-four-tie.klob", "tables/4-02-every-house-variant.klob", []string{gamelog.Human, gamelog.Human, "normal", "normal"}},
	} {
		t.Run(fmt.Sprint(c.players), func(t *testing.T) {
			_, r, err := gamelog.ReadReplay(testkit.Game(t, c.lf))
			require.NoError(t, err)
			require.True(t, r.Over, "%s: want a finished game for the bot to finish", c.lf)
			dir, put := historyDir(t)
			put("2026-01-01-1200-a.klob", c.finished, withKeys("", "key-bob"), person(c.players, rules.SeatB)...)
			put("2026-01-02-1200-b.klob", c.lf, func(l *gamelog.Log) {
				withKeys("key-ann", "key-bob")(l)
				l.Comment = append(l.Comment, gamelog.TakeoverComment(2, "bob", "normal", rules.SeatB))
			}, c.leftLevel...)
			entries := historyOf(t, dir, 2)
			require.Equal(t, []rules.Seat{rules.SeatB}, slices.Concat(entries[0].Left, entries[1].Left), "bob left one game")

			s := FromHistory(entries, nil, "key-bob")
			want := fromText(t, testkit.Game(t, c.finished), rules.SeatB)
			rec := Record{Games: 1, Finished: 1}
			if want.won {
				rec.Won = 1
			}
			assert.Equal(t, 2, s.Games, "both games were bob's")
			assert.Equal(t, 1, s.Left, "one left to bots")
			assert.Equal(t, 1, s.Finished, "the left game is not finished by bob")
			assert.Equal(t, rec.Won, s.Won, "won: the finished game's result only")
			assert.Equal(t, []LevelRecord{{"hard", rec}}, s.ByLevel, "by level: the finished game's, no entry for the left game")
			assert.Equal(t, []SeatsRecord{{c.players, rec}}, s.BySeats, "by seats: the finished game's only")
			got := counts{s.Deals, s.Points, s.OppPoints, s.OppSides, s.Maker, s.MakerDone, s.Bete, s.Won == 1, s.Finished == 1}
			assert.Equal(t, want, got, "the deals' figures are the finished game's alone")

			// ann stayed: the game is hers whole.
			ann := FromHistory(entries, nil, "key-ann")
			assert.Equal(t, 1, ann.Finished)
			assert.Zero(t, ann.Left)
			assert.Equal(t, fromText(t, testkit.Game(t, c.lf), rules.SeatA).deals, ann.Deals)
		})
	}
}
