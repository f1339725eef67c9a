package club

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/serve/rating"
	"github.com/klob/klob/internal/testing/halltest"
	"github.com/klob/klob/rules"
)

// The kill-and-restart test: a child process runs what klob serve runs
// of the club (the hall with its tables, the club's database, the
// people's histories) with people playing at five tables at once, and
// the test kills it with SIGKILL just as a game's record starts, again
// and again; each restart brings the tables back from their logs and
// the people play on. At the end the games are played out, and every
// rating is recomputed from the filed logs, in the order the database
// applied them: none is applied twice or lost.

// Environment of the child.
const (
	childState  = "KLOB_CLUB_KILL_STATE"  // the state directory: set in the child only
	childFinish = "KLOB_CLUB_KILL_FINISH" // "1": play the tables on to their ends, open none, exit
)

// killSlot is one table the child keeps playing, game after game: its
// seat count and who sits where (people by index, -1 a bot).
type killSlot struct {
	seats  int
	people []int // by seat; -1 is a bot
}

// killSlots share people within a pool (the order of their games
// matters to their ratings) and put bots in some seats.
var killSlots = []killSlot{
	{2, []int{0, 1}},
	{2, []int{2, 1}},
	{3, []int{3, -1, 4}},
	{4, []int{5, 6, 7, 8}},
	{4, []int{9, 4, -1, -1}}, // a person and a bot against a person and a bot
}

func killPlayer(i int) hall.Player {
	return hall.Player{ID: fmt.Sprintf("%032x", 0xc0ffee000+i), Name: fmt.Sprintf("P%d", i)}
}

// TestKillChild is the child's body; it runs only under
// TestKillAndRestart.
func TestKillChild(t *testing.T) {
	state := os.Getenv(childState)
	if state == "" {
		t.Skip("the child of TestKillAndRestart")
	}
	finish := os.Getenv(childFinish) == "1"
	ctx := context.Background()
	// The parent reads the club's and the hall's lines on stderr.
	logf := func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) }
	cl, err := Open(ctx, state, Options{Logf: logf})
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		os.Exit(3)
	}
	var outMu sync.Mutex
	say := func(s string) {
		outMu.Lock()
		defer outMu.Unlock()
		fmt.Fprintln(os.Stdout, s)
	}
	seed, _ := strconv.ParseUint(os.Getenv("KLOB_CLUB_KILL_SEED"), 10, 64)
	// Codes from 36, so that a code comes free and is drawn again, often
	// within the second its last table opened.
	codes := rand.New(rand.NewPCG(seed, 99))
	h, err := hall.New(hall.Config{
		Code: func() string {
			return "KL" + string(hall.CodeLetters[codes.IntN(6)]) + string(hall.CodeLetters[codes.IntN(6)])
		},
		Dir: filepath.Join(state, "tables"), Grace: time.Hour, Refile: 50 * time.Millisecond,
		NewBot:  func(l ai.Level, c ai.Config) (ai.Bot, error) { return ai.NewRandom(c.Seed), nil },
		History: func(id string) hall.Archiver { return store.New(filepath.Join(state, "players", id), store.Options{}) },
		Record: func(path string, l *gamelog.Log) error {
			say("R") // the parent kills here, as the record starts
			_, err := cl.Record(ctx, path, l, "")
			say("D")
			return err
		},
		Logf: logf,
	})
	if err != nil {
		// As klob serve: a table that does not read (a kill before its
		// waiting room's first write) is reported and left; the others
		// come back.
		fmt.Fprintln(os.Stderr, "hall:", err)
		if h == nil {
			os.Exit(3)
		}
	}
	var wg sync.WaitGroup
	for i, sl := range killSlots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, uint64(i)))
			for {
				tb := resumed(h, sl)
				if tb == nil && finish {
					return
				}
				if tb == nil {
					o := rules.DefaultOptions()
					o.Target = 100
					tb, err = h.Open(killPlayer(sl.people[0]), hall.Options{Seats: sl.seats, Rules: o, Level: ai.Normal, Seed: r.Uint64()})
					if err != nil {
						fmt.Fprintln(os.Stderr, "open:", err)
						os.Exit(3)
					}
				}
				if err := playTable(h, tb, sl, r); err != nil {
					fmt.Fprintln(os.Stderr, "play:", err)
					os.Exit(3)
				}
			}
		}()
	}
	wg.Wait()
	h.Close()
	if err := cl.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "close:", err)
		os.Exit(3)
	}
	say("finished")
	os.Exit(0)
}

// resumed is the slot's table brought back from its log, nil when none.
func resumed(h *hall.Hall, sl killSlot) *hall.Table {
	host := killPlayer(sl.people[0])
	for _, in := range h.List(host.ID) {
		if in.Yours && in.Host == host.Name && in.Seats == sl.seats {
			if tb, err := h.Find(in.Code); err == nil {
				return tb
			}
		}
	}
	return nil
}

// playTable seats the slot's people at tb, starts it when it waits, and
// plays random legal moves from each seat's snapshot until the game is
// over and filed.
func playTable(h *hall.Hall, tb *hall.Table, sl killSlot, r *rand.Rand) error {
	var conns []*hall.Conn
	for _, p := range sl.people {
		if p < 0 {
			continue
		}
		c, err := tb.Join(killPlayer(p))
		if err != nil && len(conns) == 0 && resumed(h, sl) != tb {
			// A table back from its log with its game ended closes once
			// that game is filed, which may come between the list and
			// the join, and its code may go to another's table: nothing
			// is left to play there.
			return nil
		}
		if err != nil {
			return fmt.Errorf("table %s: %v", tb.Code(), err)
		}
		conns = append(conns, c)
	}
	if conns[0].Port() == nil {
		if err := conns[0].Start(); err != nil {
			return err
		}
	}
	defer func() {
		for _, c := range conns {
			c.Leave()
		}
	}()
	return halltest.PlayOut(context.Background(), conns, r)
}

// TestKillAndRestart kills the child just as a game's record starts,
// rounds times, then lets it play its tables out, and checks the club
// against the filed logs.
func TestKillAndRestart(t *testing.T) {
	if os.Getenv(childState) != "" {
		t.Skip("in the child")
	}
	rounds := 20
	if testing.Short() {
		rounds = 4
	}
	state := t.TempDir()
	rng := rand.New(rand.NewPCG(27, 1))
	var logs bytes.Buffer
	t.Cleanup(func() {
		if t.Failed() { // the children's logs say what each start found
			t.Log(logs.String())
		}
	})
	cutOff, resumedGames := 0, 0
	child := func(finish bool, killAt int) (killed bool) {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), childState+"="+state, "KLOB_CLUB_KILL_SEED="+strconv.Itoa(rng.IntN(1<<30)))
		if finish {
			cmd.Env = append(cmd.Env, childFinish+"=1")
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		sc := bufio.NewScanner(out)
		records, finished := 0, false
		for sc.Scan() {
			switch sc.Text() {
			case "R":
				records++
				if !finish && records == killAt {
					require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
					killed = true
				}
			case "finished":
				finished = true
			}
			if killed {
				break
			}
		}
		err = cmd.Wait()
		logs.Write(stderr.Bytes())
		resumedGames += strings.Count(stderr.String(), "back from its log, waiting for its players\n")
		// A game the kill kept from the database (a record cut off, or
		// a table's game over and not filed): the next start's import
		// records it, and rates it.
		if m := importedRE.FindStringSubmatch(stderr.String()); m != nil {
			n, _ := strconv.Atoi(m[1])
			cutOff += n
		}
		if killed {
			return true
		}
		require.NoError(t, err, "the child:\n%s", stderr.String())
		require.True(t, finished, "the child ended without finishing:\n%s", stderr.String())
		return false
	}
	for i := range rounds {
		require.True(t, child(false, 2+rng.IntN(6)), "round %d: the child was killed", i)
	}
	child(true, 0)
	t.Logf("%d kills as a record started: %d games the kills kept from the database, recorded and rated by the next start; %d games resumed mid-play", rounds, cutOff, resumedGames)
	// Whether a kill lands while another table is mid-game depends on
	// the scheduling: over 20 rounds one always has; the 4 of -short
	// may all land between games.
	if !testing.Short() {
		assert.Positive(t, resumedGames, "the kills came mid-game")
	}

	// Every table is filed: nothing waits in tables/.
	left, err := os.ReadDir(filepath.Join(state, "tables"))
	if err == nil {
		assert.Empty(t, slices.DeleteFunc(left, func(e os.DirEntry) bool { return e.Name() == "notices" }), "a table still waits to be filed")
	}
	// The filed logs: every game once (by its bytes), from every history.
	byHash := map[string][]byte{}
	paths := map[string][]string{} // by checksum: where the copies are
	err = filepath.WalkDir(filepath.Join(state, "players"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".klob") || filepath.Base(filepath.Dir(path)) != "history" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := clubdb.SumLog(data)
		byHash[sum] = data
		paths[sum] = append(paths[sum], strings.TrimPrefix(path, state))
		return nil
	})
	require.NoError(t, err)

	s := openAt(t, state)
	ctx := context.Background()
	rated, err := s.DB().RatedGames(ctx)
	require.NoError(t, err)
	ratedSums := map[string]bool{}
	for _, g := range rated {
		ratedSums[g.LogSHA256] = true
	}
	// None lost: every filed game is in the database, and every one
	// that rates its people rated them.
	games := map[string]string{} // a game's table and start: one record each
	for sum, data := range byHash {
		g, err := s.DB().GameBySum(ctx, sum)
		require.NoError(t, err, "a filed game is not in the database")
		// A game is its table, start and seed: a code comes free when
		// its table closes, and a new table may draw it within the
		// second the last one opened.
		parsed, err := gamelog.Parse("", data)
		require.NoError(t, err)
		id := g.Table + " " + g.Started.String() + " seed " + parsed.Header.Tag(session.SeedTag)
		if other := games[id]; other != "" {
			// What tells the two apart is what to look for.
			require.Failf(t, "a game is recorded twice", "the game %s: %s in %v and %s in %v; the lines that differ:\n%s",
				id, other, paths[other], sum, paths[sum], lineDiff(byHash[other], data))
		}
		games[id] = sum
		lg, err := clubdb.FromLog("", data, "")
		require.NoError(t, err)
		want, err := RateStoodIn(rating.Default(), &lg, keyed(lg), nil, nil)
		require.NoError(t, err)
		assert.Equal(t, len(want) > 0, ratedSums[sum], "game %s (%s) rated as its log says", sum, id)
	}
	c, err := s.DB().Counts(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(byHash), c.Games, "the database holds the filed games, no other")
	// None twice, none out of order: every rating recomputed from the
	// logs, bit for bit.
	problems, err := s.Verify(ctx, func(g clubdb.Game) ([]byte, error) {
		data, ok := byHash[g.LogSHA256]
		if !ok {
			return nil, fmt.Errorf("no filed log has the checksum %s", g.LogSHA256)
		}
		return data, nil
	})
	require.NoError(t, err)
	require.Empty(t, problems)
	rep, err := s.DB().Check(ctx)
	require.NoError(t, err)
	require.True(t, rep.OK(), "%v", rep.Problems)
	t.Logf("%d games filed and recorded, %d rated", len(byHash), len(rated))
	require.Greater(t, len(rated), rounds, "games were rated")
}

// lineDiff lists the lines of a that b lacks ("-") and those of b that
// a lacks ("+").
func lineDiff(a, b []byte) string {
	in := func(x []byte) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(string(x), "\n") {
			m[l] = true
		}
		return m
	}
	ina, inb := in(a), in(b)
	var out strings.Builder
	for _, l := range strings.Split(string(a), "\n") {
		if !inb[l] {
			fmt.Fprintf(&out, "- %s\n", l)
		}
	}
	for _, l := range strings.Split(string(b), "\n") {
		if !ina[l] {
			fmt.Fprintf(&out, "+ %s\n", l)
		}
	}
	return out.String()
}

// importedRE reads how many games a start's import recorded.
var importedRE = regexp.MustCompile(`the import into .* added (\d+) games`)

// keyed is the newcomers' ratings of a game's keyed seats.
func keyed(g clubdb.Game) []clubdb.Rating {
	var out []clubdb.Rating
	for _, s := range g.Seats {
		if s.Key != "" {
			out = append(out, clubdb.Rating{Key: s.Key, Seats: len(g.Seats)})
		}
	}
	return out
}
