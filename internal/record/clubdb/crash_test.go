package clubdb

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The child of the crash test: the environment names its database and
// round, and TestMain runs crashChild instead of the tests.
const (
	crashEnvPath  = "KLOB_CLUBDB_CRASH_DB"
	crashEnvRound = "KLOB_CLUBDB_CRASH_ROUND"
)

func TestMain(m *testing.M) {
	if path := os.Getenv(crashEnvPath); path != "" {
		round, _ := strconv.Atoi(os.Getenv(crashEnvRound))
		os.Exit(crashChild(path, round))
	}
	os.Exit(m.Run())
}

// crashPlayers are the keys the crash test's games are played by.
var crashPlayers = []string{"p0", "p1", "p2", "p3", "p4", "p5"}

// crashChild writes to the database without end, from 8 goroutines:
// games at 2, 3 and 4 seats, rated, and players seen. It prints "ready"
// once open, then "ack SUM" for each game RecordGame committed, until
// it is killed.
func crashChild(path string, round int) int {
	db, err := Open(path, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var out sync.Mutex
	say := func(s string) {
		out.Lock()
		defer out.Unlock()
		os.Stdout.WriteString(s + "\n")
	}
	say("ready")
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(round), uint64(w)))
			var p plusOne
			for i := 0; ; i++ {
				n := 2 + rng.IntN(3)
				keys := make([]string, n)
				for j, k := range rng.Perm(len(crashPlayers))[:n] {
					keys[j] = crashPlayers[k]
				}
				if rng.IntN(4) == 0 {
					keys[n-1] = "" // a bot
				}
				g := testGame(fmt.Sprintf("crash-%d-%d-%d", round, w, i), keys...)
				if _, err := db.RecordGame(ctx, g, p.rate); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				say("ack " + g.LogSHA256)
				if err := db.SeePlayer(ctx, keys[0], fmt.Sprint("name-", i)); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
			}
		}()
	}
	wg.Wait()
	return 0
}

// A klob serve killed with SIGKILL during a burst of writes, 20 times:
// the database opens each time, checks clean, and holds every game it
// acknowledged, rated exactly once.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills 20 processes")
	}
	path := filepath.Join(t.TempDir(), FileName)
	rng := rand.New(rand.NewPCG(20, 26))
	acked := map[string]bool{}
	for round := range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashEnvPath+"="+path, crashEnvRound+"="+strconv.Itoa(round))
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		lines := make(chan string, 1<<16)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Round 0 kills the first start at once, while it may be making
		// the database; the others after a random number of games.
		wait := -1
		if round > 0 {
			wait = rng.IntN(80)
		}
		ready, acks := false, 0
		timeout := time.After(30 * time.Second)
	run:
		for wait >= 0 && !(ready && acks >= wait) {
			select {
			case l, ok := <-lines:
				if !ok {
					break run
				}
				ready = ready || l == "ready"
				if sum, ok := strings.CutPrefix(l, "ack "); ok {
					acked[sum] = true
					acks++
				}
			case <-timeout:
				t.Fatalf("round %d: the child wrote %d games in 30 s", round, acks)
			}
		}
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
		for l := range lines {
			if sum, ok := strings.CutPrefix(l, "ack "); ok {
				acked[sum] = true
			}
		}
		require.Empty(t, stderr.String(), "round %d: the child failed", round)
		checkAfterCrash(t, path, acked, round)
	}
	t.Logf("%d games acknowledged over 20 kills, all kept", len(acked))
}

// checkAfterCrash opens the database a killed child left: it checks
// clean, holds every acknowledged game with its ratings, and every
// rating counts each game once (plusOne: mu is 25 plus the games).
func checkAfterCrash(t *testing.T, path string, acked map[string]bool, round int) {
	t.Helper()
	db, err := Open(path, Options{})
	require.NoError(t, err, "round %d: the database does not open", round)
	defer db.Close()
	ctx := context.Background()
	rep, err := db.Check(ctx)
	require.NoError(t, err)
	require.True(t, rep.OK(), "round %d: %v", round, rep.Problems)
	for sum := range acked {
		g, err := db.GameBySum(ctx, sum)
		require.NoError(t, err, "round %d: an acknowledged game is lost", round)
		var rated int
		require.NoError(t, db.rdb.QueryRow(`SELECT count(*) FROM rating_history WHERE game_id = ?`, g.ID).Scan(&rated))
		keyed := 0
		for _, s := range g.Seats {
			if s.Key != "" {
				keyed++
			}
		}
		require.Equal(t, keyed, rated, "round %d: game %d's ratings", round, g.ID)
	}
	for _, k := range crashPlayers {
		for n := 2; n <= 4; n++ {
			r, err := db.Rating(ctx, k, n)
			require.NoError(t, err)
			if r.Rated {
				assert.InDelta(t, 25+float64(r.Games), r.Mu, 1e-9, "round %d: %s at %d", round, k, n)
			}
		}
	}
}
