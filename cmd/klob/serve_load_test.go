package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/sshtest"
)

// BenchmarkServeLoad: 50 people each play against bots on one `klob
// serve` over the loopback address, and 200 more sit idle in the lobby.
// It measures the time from a key press to the first bytes of the frame
// that answers it (the help screen opening and closing: no bot thinking
// in it; target p95 under 150ms), the server's memory per playing
// session, and its memory with the idle sessions. Bounded in count and
// time: one run (-benchtime 1x); `make load` runs it.
func BenchmarkServeLoad(b *testing.B) {
	if os.Getenv("KLOB_LOAD") == "" {
		b.Skip("the load run starts 250 SSH sessions: make load (KLOB_LOAD=1) runs it")
	}
	for b.Loop() {
		serveLoad(b)
	}
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
	bin := filepath.Join(dir, "klob")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	addr := sshtest.FreeAddr(t)
	srv := startServeProc(t, bin, "-addr", addr, "-state", filepath.Join(dir, "state"), "-max-sessions", strconv.Itoa(idle+players+10))
	pid := strconv.Itoa(srv.cmd.Process.Pid)
	time.Sleep(300 * time.Millisecond)
	base := rss(t, pid)

	var (
		mu        sync.Mutex
		latencies []time.Duration
		errs      []string
	)
	fail := func(format string, a ...any) {
		mu.Lock()
		errs = append(errs, fmt.Sprintf(format, a...))
		mu.Unlock()
	}
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
			if !waitScreen(c, "Welcome", 20*time.Second) {
				fail("player %d: no lobby", i)
				return
			}
			_ = c.Type("p")
			if !waitScreen(c, "Set up the game", 10*time.Second) {
				fail("player %d: no setup", i)
				return
			}
			_ = c.Type(sshtest.Enter)
			if !waitScreen(c, "Deal 1", 10*time.Second) {
				fail("player %d: no table", i)
				return
			}
			arrived = true
			atTable.Done()
			<-ready
			for n := 0; n < presses && time.Now().Before(stop); n++ {
				// Open the help, then close it: each press draws a new
				// frame. The time is that of the first bytes after which
				// the screen shows the answer (a bot's move may draw a
				// frame meanwhile: it does not count).
				for _, open := range []bool{true, false} {
					drain(c)
					start := time.Now()
					_ = c.Type("?")
					deadline := time.After(frameMax)
				wait:
					for {
						select {
						case at := <-c.Frames():
							if strings.Contains(c.Line(0), helpMark) == open {
								mu.Lock()
								latencies = append(latencies, at.Sub(start))
								mu.Unlock()
								break wait
							}
						case <-deadline:
							fail("player %d: no frame %v after a key; the screen:\n%s", i, frameMax, c.Screen())
							return
						case <-c.Done():
							fail("player %d: the session ended", i)
							return
						}
					}
				}
				// Play on against the bot (not measured).
				scr := c.Screen()
				switch {
				case strings.Contains(scr, "[t] take"):
					_ = c.Type("t")
				case strings.Contains(scr, "Bella?"):
					_ = c.Type("b")
				case strings.Contains(scr, "Your lead"), strings.Contains(scr, "Your turn"), strings.Contains(scr, "▶["),
					strings.Contains(scr, "enter: next deal"), strings.Contains(scr, "Press enter"):
					_ = c.Type(sshtest.Enter)
				}
				time.Sleep(200 * time.Millisecond) // a person's pace
			}
		}()
	}
	atTable.Wait()
	busy := rss(t, pid)
	close(ready)
	wg.Wait()
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
	t.ReportMetric(float64(busy-base)/float64(players)/1024, "KiB/session")
	t.Logf("%d sessions playing against bots, %d key presses: key press to frame median %v, p95 %v, max %v",
		players, len(latencies), q(0.5).Round(100*time.Microsecond), q(0.95).Round(100*time.Microsecond), latencies[len(latencies)-1].Round(time.Millisecond))
	t.Logf("server memory: %.1f MiB at start, %.1f MiB with %d at their tables: %.0f KiB a session",
		mib(base), mib(busy), players, float64(busy-base)/float64(players)/1024)
	if la, err := os.ReadFile("/proc/loadavg"); err == nil {
		t.Logf("load average during the run (2 cores, shared): %s", strings.TrimSpace(string(la)))
	}
	if q(0.95) > 150*time.Millisecond {
		t.Errorf("p95 key press to frame is %v, more than 150ms", q(0.95))
	}

	// 200 idle sessions in the lobby.
	time.Sleep(500 * time.Millisecond)
	before := rss(t, pid)
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
	withIdle := rss(t, pid)
	t.ReportMetric(mib(withIdle), "MiB-200-idle")
	t.Logf("server memory with %d idle sessions: %.1f MiB (%.1f MiB before them: %.0f KiB a session)",
		idle, mib(withIdle), mib(before), float64(withIdle-before)/float64(idle)/1024)
	for _, c := range idles {
		_ = c.Close()
	}
}

// helpMark is on the help screen.
const helpMark = "any other key closes"

// waitScreen waits for text on the client's screen.
func waitScreen(c *sshtest.Client, want string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if strings.Contains(c.Screen(), want) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// drain forgets the frames already received.
func drain(c *sshtest.Client) {
	for {
		select {
		case <-c.Frames():
		default:
			return
		}
	}
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
