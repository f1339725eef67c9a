package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/testing/sshtest"
)

// BenchmarkServeClubLoad: the club's target load on one `klob serve`
// over the loopback address. 25 tables of four seats, each three people
// and a bot (a table's host opens it from the lobby's form, game to 100,
// the others join by its code), and 25 more people each playing alone
// against bots: 100 sessions playing, every game with bots. Spectators
// watch the tables when the server has them (KLOB_LOAD_WATCHERS, 50 by
// default: `ssh -t watch CODE`; a server that refuses the command has
// none, and the run says so). It measures the time from a key press to
// the frame that answers it (the help opening and closing, as
// BenchmarkServeLoad; target p95 <= 100 ms), the club database's write
// time for each game recorded (from the server's stats line; target p99
// <= 20 ms), the errors, and the server's memory per playing session.
// Bounded in count and time: one run (-benchtime 1x); `make load` runs
// it.
//
// KLOB_LOAD_TABLES and KLOB_LOAD_PEOPLE change the tables and the
// people at each (1 to 4: the bots take the other seats);
// KLOB_LOAD_ALONE the people playing alone. KLOB_LOAD_BIN=FILE serves
// with that klob binary.
func BenchmarkServeClubLoad(b *testing.B) {
	loadRun(b, "100 SSH sessions and more", serveClubLoad)
}

// envInt reads a count from the environment, def when unset.
func envInt(tb testing.TB, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		tb.Fatalf("%s=%q: not a count", name, v)
	}
	return n
}

// errNoSpectators: the server refuses `watch CODE`.
var errNoSpectators = errors.New("the server refuses `ssh -t watch CODE`: no spectators on this build")

// dialWatcher connects a spectator to the table code with the command
// a person types (`ssh -t HOST watch CODE`). A server without
// spectators refuses the command: errNoSpectators.
func dialWatcher(addr, user, code string, key gossh.Signer) (*sshtest.Client, error) {
	c, err := sshtest.Dial(addr, sshtest.Config{User: user, Key: key, Width: 100, Height: 30, Command: "watch " + code})
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		out := c.Output()
		switch {
		case strings.Contains(out, "only plays Klob"):
			_ = c.Close()
			return nil, errNoSpectators
		case strings.Contains(c.Screen(), "watching ·"):
			// The keys' line of a spectator's table (the header's table
			// code gives way to long names).
			return c, nil
		}
		select {
		case <-c.Done():
			c.Wait(5 * time.Second)
			out := c.Output()
			_ = c.Close()
			if strings.Contains(out, "only plays Klob") {
				return nil, errNoSpectators
			}
			return nil, fmt.Errorf("the spectator's session ended: %q", out)
		case <-time.After(20 * time.Millisecond):
		}
	}
	_ = c.Close()
	return nil, fmt.Errorf("the table %s never showed to its spectator", code)
}

// recordedRE reads the club's figures in klob serve's stats line.
var recordedRE = regexp.MustCompile(`(\d+) games recorded \(write p50 (\S+), p99 (\S+), max (\S+); in the database p50 (\S+), p99 (\S+), max (\S+)\)`)

func serveClubLoad(t *testing.B) {
	const frameMax = 5 * time.Second
	var (
		// Every session measures and plays this long: the games end
		// and are recorded meanwhile (four seats to 100 at the bots'
		// pace: a game takes a minute or two).
		playFor  = time.Duration(envInt(t, "KLOB_LOAD_SECONDS", 180)) * time.Second
		tables   = envInt(t, "KLOB_LOAD_TABLES", 25)
		people   = envInt(t, "KLOB_LOAD_PEOPLE", 3)
		alone    = envInt(t, "KLOB_LOAD_ALONE", 25)
		watchers = envInt(t, "KLOB_LOAD_WATCHERS", 50)
	)
	if people < 1 || people > 4 {
		t.Fatalf("KLOB_LOAD_PEOPLE=%d: 1 to 4 people at a table of four", people)
	}
	playing := tables*people + alone
	dir := t.TempDir()
	bin := loadBinary(t, dir)
	addr := sshtest.FreeAddr(t)
	most := strconv.Itoa(playing + watchers + 10)
	proc := startServeProc(t, bin, "-addr", addr, "-state", filepath.Join(dir, "state"), "-max-sessions", most,
		"-max-per-addr", most, "-max-tables", strconv.Itoa(tables+10), "-max-tables-per-addr", strconv.Itoa(tables+10), "-stats", "1s")
	srv := loadServer{pid: strconv.Itoa(proc.cmd.Process.Pid)}
	time.Sleep(300 * time.Millisecond)
	base := srv.rss(t)

	var tally loadTally
	fail := tally.fail
	var stop time.Time // set when the measured phase starts
	ready := make(chan struct{})
	var wg, seated sync.WaitGroup
	seated.Add(playing)
	codes := make([]chan string, tables) // each table's code, to its joiners and spectators
	for i := range codes {
		codes[i] = make(chan string, people+watchers)
	}
	var clients []*sshtest.Client
	var cmu sync.Mutex
	dial := func(user string) (*sshtest.Client, error) {
		c, err := sshtest.Dial(addr, sshtest.Config{User: user, Key: sshtest.NewKey(t), Width: 100, Height: 30})
		if err == nil {
			cmu.Lock()
			clients = append(clients, c)
			cmu.Unlock()
		}
		return c, err
	}
	// session runs one person: sit (at a table, or alone), then measure
	// and play; again, when set, starts the next game once one is over
	// (the people alone: back to the lobby and a new game).
	session := func(name string, sit func(c *sshtest.Client) error, again bool) {
		defer wg.Done()
		arrived := false
		defer func() {
			if !arrived {
				seated.Done()
			}
		}()
		c, err := dial(name)
		if err != nil {
			fail("%s: dial: %v", name, err)
			return
		}
		if !waitScreen(c, "Welcome", 30*time.Second) {
			fail("%s: no lobby", name)
			return
		}
		if err := sit(c); err != nil {
			fail("%s: %v; the screen:\n%s", name, err, c.Screen())
			return
		}
		arrived = true
		seated.Done()
		<-ready
		for time.Now().Before(stop) {
			if err := tally.measure(c, frameMax); err != nil {
				fail("%s: %v", name, err)
				return
			}
			// Play on (not measured): a table's games end, are filed and
			// recorded, the club's writes.
			scr := c.Screen()
			if k := answerKey(scr); k != "" {
				if err := tally.press(c, k); err != nil {
					fail("%s: key: %v", name, err)
					return
				}
			}
			if again && strings.Contains(scr, "Game over") {
				// q leaves for the lobby; a new game as the first.
				if err := step(c, "no lobby after the game", "Welcome", 20*time.Second, "q"); err != nil {
					fail("%s: %v; the screen:\n%s", name, err, c.Screen())
					return
				}
				if err := sit(c); err != nil {
					fail("%s: the next game: %v; the screen:\n%s", name, err, c.Screen())
					return
				}
			}
			time.Sleep(200 * time.Millisecond) // a person's pace
		}
	}
	// Four seats (the first row), then the target (the third row) 100,
	// on the table form and on the setup alike.
	fourTo100 := []string{sshtest.Right, sshtest.Right, sshtest.Down, sshtest.Down, sshtest.Left, sshtest.Left, sshtest.Left}
	// The tables: the host opens one of four seats, game to 100 (the
	// form: seats, bots, target, ...; up from the first row is "open"),
	// the others join by its code, the host starts once all sit.
	for i := range tables {
		wg.Add(1)
		go session(fmt.Sprintf("h%d", i), func(c *sshtest.Client) error {
			err := steps(c, stepSpec{"no table form", "Open a table", 10 * time.Second, []string{"o"}},
				stepSpec{"the target is not 100", "  100 ›", 10 * time.Second, fourTo100},
				stepSpec{"no waiting room", "give friends the code", 10 * time.Second, []string{sshtest.Up, sshtest.Up, sshtest.Up, sshtest.Enter}})
			if err != nil {
				return err
			}
			m := codeRE.FindStringSubmatch(c.Screen())
			if m == nil {
				return errors.New("no code")
			}
			for range people - 1 + watchers {
				codes[i] <- m[1]
			}
			for s := 1; s < people; s++ {
				// In the order they come: any seat.
				if !waitScreen(c, fmt.Sprintf("  j%d-%d ", i, s), 60*time.Second) {
					return fmt.Errorf("j%d-%d never sat", i, s)
				}
			}
			return step(c, "the game did not start", "Deal 1", 20*time.Second, "s")
		}, false)
		for s := 1; s < people; s++ {
			wg.Add(1)
			go session(fmt.Sprintf("j%d-%d", i, s), func(c *sshtest.Client) error {
				// A host that failed sends no code: the joiner fails too,
				// rather than waiting for ever.
				var code string
				select {
				case code = <-codes[i]:
				case <-time.After(3 * time.Minute):
					return fmt.Errorf("table h%d never gave its code", i)
				}
				// Seated ("(you)" in the waiting room), then the game: the
				// host may start it before the waiting room is drawn.
				return steps(c, stepSpec{"no code entry", "Table code:", 10 * time.Second, []string{"j"}},
					stepSpec{"the game did not start", "Deal 1", 120 * time.Second, []string{strings.ToLower(code), sshtest.Enter}})
			}, false)
		}
	}
	// The people alone: four seats against three bots, game to 100.
	for i := range alone {
		wg.Add(1)
		go session(fmt.Sprintf("a%d", i), func(c *sshtest.Client) error {
			return steps(c, stepSpec{"no setup", "Set up the game", 10 * time.Second, []string{"p"}},
				stepSpec{"the target is not 100", "to 100 points", 10 * time.Second, fourTo100},
				stepSpec{"no table", "Deal 1", 10 * time.Second, []string{sshtest.Enter}})
		}, true)
	}
	seated.Wait()
	busy := srv.rss(t)
	// The spectators, each on a table (round robin), once the games run.
	watching, watchErr := 0, error(nil)
	var watchRSS int64
	if watchers > 0 && tables > 0 {
		for w := range watchers {
			var code string
			select {
			case code = <-codes[w%tables]:
			case <-time.After(time.Minute):
				fail("spectator %d: table h%d never gave its code", w, w%tables)
				continue
			}
			c, err := dialWatcher(addr, fmt.Sprintf("w%d", w), code, sshtest.NewKey(t))
			if errors.Is(err, errNoSpectators) {
				watchErr = err
				break
			}
			if err != nil {
				fail("spectator %d: %v", w, err)
				continue
			}
			cmu.Lock()
			clients = append(clients, c)
			cmu.Unlock()
			watching++
		}
		time.Sleep(500 * time.Millisecond)
		watchRSS = srv.rss(t)
	}
	cpu0, wall0 := srv.cpu(t), time.Now()
	stop = time.Now().Add(playFor)
	close(ready)
	wg.Wait()
	cpuPlay, wallPlay := srv.cpu(t)-cpu0, time.Since(wall0)
	la := loadavg()
	latencies, keys, errs := tally.latencies, tally.keys, tally.errs
	// The club's figures: the last stats line (every second).
	time.Sleep(1500 * time.Millisecond)
	var recorded []string
	for _, line := range strings.Split(proc.log(), "\n") {
		if m := recordedRE.FindStringSubmatch(line); m != nil {
			recorded = m
		}
	}
	cmu.Lock()
	for _, c := range clients {
		_ = c.Close()
	}
	cmu.Unlock()

	if len(errs) > 0 {
		t.Errorf("%d errors under load:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	if len(latencies) == 0 {
		t.Fatal("no key press measured")
	}
	slices.Sort(latencies)
	q := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.ReportMetric(float64(q(0.5))/1e6, "p50-ms")
	t.ReportMetric(float64(q(0.95))/1e6, "p95-ms")
	t.Logf("%d sessions playing (%d tables of four with %d people and %d bots each, %d alone against three bots), %d key presses measured: key press to frame median %v, p95 %v, max %v; errors: %d",
		playing, tables, people, 4-people, alone, len(latencies), q(0.5).Round(100*time.Microsecond), q(0.95).Round(100*time.Microsecond),
		latencies[len(latencies)-1].Round(time.Millisecond), len(errs))
	switch {
	case watchErr != nil:
		t.Logf("spectators: none (%v); the run has no spectator's figures", watchErr)
	case watchers > 0:
		t.Logf("spectators: %d of %d watching; server memory with them %.1f MiB: %.0f KiB a spectator",
			watching, watchers, mib(watchRSS), float64(watchRSS-busy)/float64(max(watching, 1))/1024)
	}
	if recorded != nil {
		p99, _ := time.ParseDuration(recorded[3])
		own, _ := time.ParseDuration(recorded[6])
		t.ReportMetric(float64(p99)/1e6, "write-p99-ms")
		t.ReportMetric(float64(own)/1e6, "db-p99-ms")
		t.Logf("club database: %s games recorded, write p50 %s, p99 %s, max %s (each RecordGame as its caller waits, the ratings with it); "+
			"the database's own time on each (its transaction, begin to commit) p50 %s, p99 %s, max %s",
			recorded[1], recorded[2], recorded[3], recorded[4], recorded[5], recorded[6], recorded[7])
		for _, f := range []struct {
			what string
			p99  time.Duration
		}{{"write", p99}, {"database's own write", own}} {
			if f.p99 > 20*time.Millisecond {
				t.Logf("the %s p99 is above the 20 ms target", f.what)
			}
		}
	} else {
		t.Logf("club database: no stats line read")
	}
	t.ReportMetric(float64(busy-base)/float64(playing)/1024, "KiB/session")
	t.Logf("server memory: %.1f MiB at start, %.1f MiB with %d playing: %.0f KiB a playing session",
		mib(base), mib(busy), playing, float64(busy-base)/float64(playing)/1024)
	t.Logf("server CPU while playing: %v in %v (%.0f%% of one core), %d keys sent",
		cpuPlay.Round(time.Millisecond), wallPlay.Round(time.Millisecond), 100*cpuPlay.Seconds()/wallPlay.Seconds(), keys)
	t.Logf("load average during the run (2 cores, shared): %s", la)
	if q(0.95) > 100*time.Millisecond {
		t.Logf("p95 key press to frame is %v, above the 100 ms target", q(0.95))
	}
}
