package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/klob/klob/internal/testing/sshtest"
)

// BenchmarkServeLoad: 50 people each play against bots on one `klob
// serve` over the loopback address, and 200 more sit idle in the lobby.
// It measures the time from a key press to the frame that answers it
// (the help screen opening and closing: no bot thinking in it; target
// p95 under 150ms), the server's CPU time per key press, its memory per
// playing session, and its memory and CPU with the idle sessions.
// Bounded in count and time: one run (-benchtime 1x); `make load` runs
// it.
//
// The frame's time is that of the chunk of output whose parsing put the
// answer on the screen's first row, judged on the client's reading
// goroutine as the chunk arrives (a later frame cannot lend its content
// to an earlier chunk). The renderer writes a whole frame in one write,
// so that chunk is the frame. Bot thinking runs beside the rendering
// (each move in its own goroutine), so it is not in the measured time,
// though the bots' CPU is: that is the load.
//
// KLOB_LOAD_BIN=FILE serves with that klob binary instead of one built
// from this tree: two builds measured in turn under the same load.
//
// KLOB_LOAD_LEVEL=hard plays against hard bots (searching, on every
// core unless the server bounds them) instead of normal ones.
//
// KLOB_LOAD_ATTACK=1 runs the server under prlimit --as=4 GiB and, all
// the time the players play, attacks it with the three crash attacks
// at once (serve_attack_test.go), round after round: the server must
// live, and the players' latency is measured under the attacks.
//
// KLOB_LOAD_PROFILE=DIR runs the server in this process instead and
// writes DIR/cpu.pprof (the playing phase; the server's goroutines carry
// the label side=server: go tool pprof -tagfocus side=server) and
// DIR/heap.pprof (with the idle sessions); the memory figures are then
// not the server's alone and are left out.
func BenchmarkServeLoad(b *testing.B) { loadRun(b, "250 SSH sessions", serveLoad) }

// loadRun runs serve, a load run, when KLOB_LOAD is set (`make load`
// sets it); otherwise it skips, saying what the run would start.
func loadRun(b *testing.B, starts string, serve func(*testing.B)) {
	if os.Getenv("KLOB_LOAD") == "" {
		b.Skip("the load run starts " + starts + ": make load (KLOB_LOAD=1) runs it")
	}
	for b.Loop() {
		serve(b)
	}
}

// loadServer is the server under load: a process, or this process
// when profiling.
type loadServer struct {
	pid string // "" in process
}

// cpu returns the CPU time the server has used so far (0 in process).
func (s loadServer) cpu(t testing.TB) time.Duration {
	if s.pid == "" {
		return 0
	}
	return procCPU(t, s.pid)
}

// rss returns the server's resident memory (0 in process).
func (s loadServer) rss(t testing.TB) int64 {
	if s.pid == "" {
		return 0
	}
	return rss(t, s.pid)
}

func serveLoad(t *testing.B) {
	const (
		players  = 50
		presses  = 40 // measured key presses per player
		idle     = 200
		timeCap  = 3 * time.Minute
		frameMax = 5 * time.Second
	)
	dir := t.TempDir()
	profile := os.Getenv("KLOB_LOAD_PROFILE")
	hard := os.Getenv("KLOB_LOAD_LEVEL") == "hard"
	attack := os.Getenv("KLOB_LOAD_ATTACK") != ""
	var proc *serveProc
	var (
		addr string
		srv  loadServer
	)
	if profile == "" {
		bin := loadBinary(t, dir)
		addr = sshtest.FreeAddr(t)
		args := []string{"-addr", addr, "-state", filepath.Join(dir, "state"), "-max-sessions", strconv.Itoa(idle + players + 10),
			"-max-per-addr", strconv.Itoa(idle + players + 10)}
		var wrap []string
		if attack {
			prlimit, err := exec.LookPath("prlimit")
			require.NoError(t, err, "KLOB_LOAD_ATTACK needs prlimit (util-linux)")
			wrap = []string{prlimit, fmt.Sprintf("--as=%d", 4<<30), "--"}
			args = append(args, "-stats", "200ms")
		}
		p := startServeUnder(t, wrap, bin, args...)
		proc = p
		srv.pid = strconv.Itoa(p.cmd.Process.Pid)
	} else {
		require.NoError(t, os.MkdirAll(profile, 0o755))
		addr = serveInProcess(t, filepath.Join(dir, "state"), idle+players+10)
	}
	if proc != nil && attack {
		// The server's first stats line: it is up, its start done. (It
		// said it listens before startServeUnder returned; without
		// -stats that is all there is to wait for.)
		nextStats(t, proc)
	}
	base := srv.rss(t)

	var tally loadTally
	fail := tally.fail
	stop := time.Now().Add(timeCap)
	var wg sync.WaitGroup
	clients := make([]*sshtest.Client, players)
	ready := make(chan struct{})
	var atTable sync.WaitGroup
	atTable.Add(players)
	for i := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			arrived := false
			defer func() {
				if !arrived {
					atTable.Done()
				}
			}()
			c, err := sshtest.Dial(addr, sshtest.Config{User: fmt.Sprintf("p%d", i), Key: sshtest.NewKey(t), Width: 100, Height: 30})
			if err != nil {
				fail("player %d: dial: %v", i, err)
				return
			}
			clients[i] = c
			err = step(c, "no lobby", "Welcome", 20*time.Second)
			if err == nil {
				err = step(c, "no setup", "Set up the game", 10*time.Second, "p")
			}
			if err == nil && hard {
				// The first row is the opponent: normal, then hard.
				err = step(c, "no hard bot in the setup", "hard bot", 10*time.Second, sshtest.Right)
			}
			if err == nil {
				err = step(c, "no table", "Deal 1", 10*time.Second, sshtest.Enter)
			}
			if err != nil {
				fail("player %d: %v", i, err)
				return
			}
			arrived = true
			atTable.Done()
			<-ready
			for n := 0; n < presses && time.Now().Before(stop); n++ {
				if err := tally.measure(c, frameMax); err != nil {
					fail("player %d: %v", i, err)
					return
				}
				// Play on against the bot (not measured).
				if k := answerKey(c.Screen()); k != "" {
					if err := tally.press(c, k); err != nil {
						fail("player %d: key: %v", i, err)
						return
					}
				}
				time.Sleep(200 * time.Millisecond) // a person's pace
			}
		}()
	}
	atTable.Wait()
	busy := srv.rss(t)
	cpu0, wall0 := srv.cpu(t), time.Now()
	if profile != "" {
		f, err := os.Create(filepath.Join(profile, "cpu.pprof"))
		require.NoError(t, err)
		require.NoError(t, pprof.StartCPUProfile(f))
		defer f.Close()
	}
	close(ready)
	// The attacks, all three at once, round after round while the
	// players play.
	var (
		attackDone = make(chan struct{})
		rounds     int
		attackErrs []string
	)
	stopAttack := make(chan struct{})
	if attack {
		go func() {
			defer close(attackDone)
			for {
				select {
				case <-stopAttack:
					return
				default:
				}
				var awg sync.WaitGroup
				var amu sync.Mutex
				run := func(name string, f func() error) {
					defer awg.Done()
					if err := f(); err != nil {
						amu.Lock()
						attackErrs = append(attackErrs, name+": "+err.Error())
						amu.Unlock()
					}
				}
				awg.Add(3)
				go run("huge terminals", func() error {
					closeAll, err := attackHugePTY(addr, 8)
					time.Sleep(time.Second)
					closeAll()
					return err
				})
				go run("paste", func() error {
					out, err := attackPaste(addr, 200<<20)
					if err == nil && !strings.Contains(out, "too much pasted") {
						err = fmt.Errorf("no message: %q", out)
					}
					return err
				})
				go run("env flood", func() error {
					out, err := attackEnv(addr, 100000, 30<<10)
					if err == nil && !strings.Contains(out, "too many requests") {
						err = fmt.Errorf("no message: %q", out)
					}
					return err
				})
				awg.Wait()
				rounds++
			}
		}()
		sampled := make(chan figures, 1)
		go func() { sampled <- peak(t, proc, stopAttack) }()
		defer func() {
			f := <-sampled
			t.Logf("server peak while attacked: %s", f)
		}()
	}
	wg.Wait()
	if attack {
		close(stopAttack)
		<-attackDone
		alive(t, proc)
		require.Empty(t, attackErrs, "the attacks")
		t.Logf("under prlimit --as=4 GiB: %d rounds of the three attacks at once while the players played; the server lives; after: %s",
			rounds, serverFigures(t, proc))
	}
	if profile != "" {
		pprof.StopCPUProfile()
	}
	cpuPlay, wallPlay := srv.cpu(t)-cpu0, time.Since(wall0)
	la := loadavg()
	latencies, keys, errs := tally.latencies, tally.keys, tally.errs
	for _, c := range clients {
		if c != nil {
			_ = c.Close()
		}
	}
	require.Empty(t, errs, "errors under load")
	require.NotEmpty(t, latencies)
	slices.Sort(latencies)
	q := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.ReportMetric(float64(q(0.5))/1e6, "p50-ms")
	t.ReportMetric(float64(q(0.95))/1e6, "p95-ms")
	level := "normal"
	if hard {
		level = "hard"
	}
	t.Logf("%d sessions playing against %s bots, %d key presses measured: key press to frame median %v, p95 %v, max %v; errors: %d",
		players, level, len(latencies), q(0.5).Round(100*time.Microsecond), q(0.95).Round(100*time.Microsecond), latencies[len(latencies)-1].Round(time.Millisecond), len(errs))
	if srv.pid != "" {
		perKey := cpuPlay / time.Duration(max(keys, 1))
		t.ReportMetric(float64(busy-base)/float64(players)/1024, "KiB/session")
		t.ReportMetric(float64(perKey)/1e6, "cpu-ms/key")
		t.Logf("server CPU while playing: %v in %v (%.0f%% of one core), %d keys sent: %v a key, bots included",
			cpuPlay.Round(time.Millisecond), wallPlay.Round(time.Millisecond), 100*cpuPlay.Seconds()/wallPlay.Seconds(), keys, perKey.Round(10*time.Microsecond))
		t.Logf("server memory: %.1f MiB at start, %.1f MiB with %d at their tables: %.0f KiB a session",
			mib(base), mib(busy), players, float64(busy-base)/float64(players)/1024)
	}
	t.Logf("load average during the run (2 cores, shared): %s", la)
	// A time is a measurement, never a verdict: the machine's speed
	// and load decide it (docs/experiments/2026-12-01-serve-attacks.md).
	if q(0.95) > 150*time.Millisecond && !attack {
		t.Logf("p95 key press to frame is %v, beyond the 150ms target", q(0.95))
	}

	// 200 idle sessions in the lobby, once the players' are gone: the
	// stats line says so when the server writes one; without it (no
	// -stats) a pause stands in for it.
	if proc != nil && attack {
		noSessions(t, proc)
	} else {
		time.Sleep(500 * time.Millisecond)
	}
	before := srv.rss(t)
	idles := make([]*sshtest.Client, 0, idle)
	for i := range idle {
		c, err := sshtest.Dial(addr, sshtest.Config{User: fmt.Sprintf("idle%d", i), Key: sshtest.NewKey(t), Width: 100, Height: 30, NoEmulator: true})
		require.NoError(t, err, "idle session %d", i)
		idles = append(idles, c)
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, c := range idles {
		for c.Received() < 200 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		require.Greater(t, c.Received(), int64(200), "every idle session shows the lobby")
	}
	time.Sleep(time.Second)
	withIdle := srv.rss(t)
	cpu1 := srv.cpu(t)
	const idleFor = 3 * time.Second
	time.Sleep(idleFor)
	cpuIdle := srv.cpu(t) - cpu1
	if profile != "" {
		runtime.GC()
		f, err := os.Create(filepath.Join(profile, "heap.pprof"))
		require.NoError(t, err)
		require.NoError(t, pprof.WriteHeapProfile(f))
		require.NoError(t, f.Close())
		t.Logf("profiles in %s", profile)
	}
	if srv.pid != "" {
		t.ReportMetric(mib(withIdle), "MiB-200-idle")
		t.Logf("server memory with %d idle sessions: %.1f MiB (%.1f MiB before them: %.0f KiB a session); CPU %.1f%% of one core while they sit",
			idle, mib(withIdle), mib(before), float64(withIdle-before)/float64(idle)/1024, 100*cpuIdle.Seconds()/idleFor.Seconds())
	}
	for _, c := range idles {
		_ = c.Close()
	}
}

// noSessions waits for a stats line of the server saying it has no
// session left.
func noSessions(t testing.TB, p *serveProc) {
	t.Helper()
	for deadline := time.Now().Add(patience); ; time.Sleep(poll) {
		if m := statsRE.FindAllStringSubmatch(p.log(), -1); len(m) > 0 && m[len(m)-1][1] == "0" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("sessions left after %v; the server:\n%s", patience, p.log())
		}
	}
}

// loadBinary is the klob a load run serves: KLOB_LOAD_BIN, or one
// built from this tree into dir.
func loadBinary(t testing.TB, dir string) string {
	bin := os.Getenv("KLOB_LOAD_BIN")
	if bin == "" {
		bin = filepath.Join(dir, "klob")
		buildKlobAt(t, bin)
	}
	return bin
}

// loadTally is what the sessions of a load run measure together: the
// times from a key press to the frame answering it, the keys sent
// while measured, and the errors.
type loadTally struct {
	mu        sync.Mutex
	latencies []time.Duration
	keys      int
	errs      []string
}

func (l *loadTally) fail(format string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	msg := fmt.Sprintf(format, a...)
	l.errs = append(l.errs, msg)
	// Said at once too: a run that then hangs still tells why.
	fmt.Fprintln(os.Stderr, "load:", msg)
}

// press types k on c and counts it.
func (l *loadTally) press(c *sshtest.Client, k string) error {
	l.mu.Lock()
	l.keys++
	l.mu.Unlock()
	return c.Type(k)
}

// measure opens the help on c and closes it, timing each frame.
func (l *loadTally) measure(c *sshtest.Client, frameMax time.Duration) error {
	took, err := helpFrames(c, frameMax, func(k string) error { return l.press(c, k) })
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.latencies = append(l.latencies, took[:]...)
	return nil
}

// serveInProcess starts klob serve in this process, its goroutines
// labelled side=server for the CPU profile, and returns its address.
func serveInProcess(t testing.TB, state string, maxSessions int) string {
	f, err := parseServe([]string{"-addr", "127.0.0.1:0", "-state", state, "-max-sessions", strconv.Itoa(maxSessions), "-max-per-addr", strconv.Itoa(maxSessions)}, io.Discard, os.Stderr, os.Getenv)
	require.NoError(t, err)
	srv, h, err := newServe(f, testClub(t, state, io.Discard), io.Discard, os.Stderr)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	pprof.Do(context.Background(), pprof.Labels("side", "server"), func(context.Context) {
		go func() { _ = srv.Serve(ln) }()
	})
	t.Cleanup(func() {
		_ = srv.Close()
		h.Close()
	})
	return ln.Addr().String()
}

// procCPU returns the user and system CPU time process pid has used
// (all its threads), from /proc/PID/stat in clock ticks of 10ms.
func procCPU(t testing.TB, pid string) time.Duration {
	t.Helper()
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	require.NoError(t, err)
	// The command name may hold spaces: the fields start after its ')'.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	require.Greater(t, len(f), 13, "/proc/%s/stat", pid)
	utime, err := strconv.ParseInt(f[11], 10, 64)
	require.NoError(t, err)
	stime, err := strconv.ParseInt(f[12], 10, 64)
	require.NoError(t, err)
	return time.Duration(utime+stime) * 10 * time.Millisecond // USER_HZ is 100 on Linux
}

// loadavg is the machine's load average now.
func loadavg() string {
	la, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(la))
}

// helpMark is on the help screen.
const helpMark = "other keys close"

// step types keys on c, then waits up to d for want on its screen; when
// it does not show, the error is errors.New(what).
func step(c *sshtest.Client, what, want string, d time.Duration, keys ...string) error {
	for _, k := range keys {
		if err := c.Type(k); err != nil {
			return fmt.Errorf("key: %w", err)
		}
	}
	if !c.ShowsWithin(d, want) {
		return errors.New(what)
	}
	return nil
}

// stepSpec is one step's arguments: keys typed, then want awaited up to
// wait; what is the error when it does not show.
type stepSpec struct {
	what, want string
	wait       time.Duration
	keys       []string
}

// steps takes each of ss in turn as step does, stopping at the first
// that fails with its error.
func steps(c *sshtest.Client, ss ...stepSpec) error {
	for _, s := range ss {
		if err := step(c, s.what, s.want, s.wait, s.keys...); err != nil {
			return err
		}
	}
	return nil
}

// helpFrames opens the help with ? and closes it again, typing with typ,
// and returns the time from each key to the frame answering it (a
// frame a bot's move draws meanwhile does not count: each frame's first
// row says whether the help is open); an error after d without it.
func helpFrames(c *sshtest.Client, d time.Duration, typ func(string) error) ([2]time.Duration, error) {
	var took [2]time.Duration
	for i, open := range []bool{true, false} {
		c.DropFrames()
		start := time.Now()
		if err := typ("?"); err != nil {
			return took, fmt.Errorf("key: %w", err)
		}
		deadline := time.After(d)
	wait:
		for {
			select {
			case f := <-c.Frames():
				if strings.Contains(f.Top, helpMark) == open {
					took[i] = f.At.Sub(start)
					break wait
				}
			case <-deadline:
				return took, fmt.Errorf("no frame %v after a key; the screen:\n%s", d, c.Screen())
			case <-c.Done():
				return took, fmt.Errorf("the session ended:\n%s", c.Output())
			}
		}
	}
	return took, nil
}

// answerKey is the key a person who plays on presses at scr: take when
// offered, bella, else enter at a menu, at their card to play or at a
// deal's end; "" when the screen asks them nothing.
func answerKey(scr string) string {
	switch {
	case strings.Contains(scr, "[t] take"):
		return "t"
	case strings.Contains(scr, "Bella?"):
		return "b"
	case strings.Contains(scr, "Your lead"), strings.Contains(scr, "Your turn"), strings.Contains(scr, "▶["),
		strings.Contains(scr, "enter: next deal"), strings.Contains(scr, "Press enter"):
		return sshtest.Enter
	}
	return ""
}

// rss returns the resident memory of process pid, in bytes.
func rss(t testing.TB, pid string) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + pid + "/status")
	require.NoError(t, err)
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			require.NoError(t, err)
			return kb * 1024
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

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
	nextStats(t, proc) // the server's first stats line: it is up, its start done
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
		if !c.ShowsWithin(30*time.Second, "Welcome") {
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
				if !c.ShowsWithin(60*time.Second, fmt.Sprintf("  j%d-%d ", i, s)) {
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
	// The club's figures: the first stats line (one a second) written
	// after the play ended.
	nextStats(t, proc)
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
