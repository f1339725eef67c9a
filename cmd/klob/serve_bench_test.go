package main

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/vt"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/internal/testing/sshtest"
	"github.com/klob/klob/tui"
)

// frameSink is a program's terminal: it keeps the last bytes written
// and signals every write (the renderer writes a frame in one write).
type frameSink struct {
	mu      sync.Mutex
	pending []byte // output not yet parsed by emu
	emu     *vt.Emulator
	frames  chan int
	writes  atomic.Int64
}

func newFrameSink() *frameSink {
	s := &frameSink{frames: make(chan int, 64), emu: vt.NewEmulator(100, 30)}
	// The emulator's answers to the program's queries go nowhere.
	go func() { _, _ = io.Copy(io.Discard, s.emu) }()
	return s
}

func (s *frameSink) Write(p []byte) (int, error) {
	s.writes.Add(1)
	s.mu.Lock()
	s.pending = append(s.pending, p...)
	s.mu.Unlock()
	select {
	case s.frames <- len(p):
	default:
	}
	return len(p), nil
}

// screen is the screen the output draws (parsed only when asked: for
// the set-up and a look at the end, not in the timed loop).
func (s *frameSink) screen() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A PTY turns the program's \n into \r\n.
	_, _ = s.emu.Write(bytes.ReplaceAll(s.pending, []byte("\n"), []byte("\r\n")))
	s.pending = s.pending[:0]
	return s.emu.String()
}

// keyProgram is one connection's program as klob serve runs it (the
// lobby of a player with a key, 100×30), its input a pipe and its
// output a frameSink; it stands at a table against a bot.
type keyProgram struct {
	in   *io.PipeWriter
	out  *frameSink
	done chan struct{}
	p    *tea.Program
	// views counts the program's calls of View.
	views atomic.Int64
}

// countViews counts a model's calls of View.
type countViews struct {
	tea.Model
	n *atomic.Int64
}

func (c countViews) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := c.Model.Update(msg)
	return countViews{m, c.n}, cmd
}

func (c countViews) View() tea.View {
	c.n.Add(1)
	return c.Model.View()
}

func startKeyProgram(tb testing.TB) *keyProgram {
	tb.Helper()
	state := tb.TempDir()
	f, err := parseServe([]string{"-state", state, "-pace", "0s"}, io.Discard, io.Discard, os.Getenv)
	require.NoError(tb, err)
	_, h, err := newServe(f, testClub(tb, state, io.Discard), io.Discard, io.Discard)
	require.NoError(tb, err)
	tb.Cleanup(h.Close)
	cfg := lobbyConfig(f, h.Hall, newServeBots(runtime.GOMAXPROCS(0)), &server.Session{User: "bench", Key: "0123456789abcdef0123456789abcdef", Width: 100, Height: 30})
	cfg.Solo.Setup.Seed = 7
	pr, pw := io.Pipe()
	k := &keyProgram{in: pw, out: newFrameSink(), done: make(chan struct{})}
	k.p = tea.NewProgram(countViews{tui.NewLobby(cfg), &k.views},
		tea.WithInput(pr), tea.WithOutput(k.out),
		tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithWindowSize(100, 30),
		tea.WithoutSignalHandler())
	go func() {
		defer close(k.done)
		_, _ = k.p.Run()
	}()
	tb.Cleanup(func() {
		k.p.Kill()
		_ = pw.Close()
		<-k.done
	})
	k.waitText(tb, "Welcome")
	k.press(tb, "p")
	k.waitText(tb, "Set up the game")
	k.press(tb, sshtest.Enter)
	k.waitText(tb, "Deal 1")
	// The bots bid before the person when they sit first: the person's
	// turn is the screen the keys are measured on.
	k.waitText(tb, "[t] take", "Your turn:", "Your lead:")
	return k
}

func (k *keyProgram) press(tb testing.TB, key string) {
	if _, err := io.WriteString(k.in, key); err != nil {
		tb.Fatal(err)
	}
}

// waitText waits for one of want on the screen.
func (k *keyProgram) waitText(tb testing.TB, want ...string) {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		scr := k.out.screen()
		if slices.ContainsFunc(want, func(w string) bool { return strings.Contains(scr, w) }) {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("none of %q on the screen:\n%s", want, scr)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// frame waits for the next frame written.
func (k *keyProgram) frame(tb testing.TB) {
	select {
	case <-k.out.frames:
	case <-time.After(5 * time.Second):
		tb.Fatal("no frame 5s after a key")
	}
}

func (k *keyProgram) drain() {
	for {
		select {
		case <-k.out.frames:
		default:
			return
		}
	}
}

// BenchmarkServeKey is the server's work for one key press at a table
// against a bot, without the SSH layer: the program reads the key,
// updates, draws the view and its renderer writes the changed cells.
// "help" opens or closes the help screen (every row changes), "hand"
// moves the selection along the hand (a few rows change). Wall time
// per op is mostly the wait for the renderer's next tick (60 a second),
// so the figures to compare are cpu-µs/key (this process's CPU time:
// the program's goroutines, its renderer ticks, the benchmark's own
// loop) and the allocations; for instruction counts run it under
// callgrind (GOMAXPROCS=1, -benchtime Nx).
func BenchmarkServeKey(b *testing.B) {
	for _, bc := range []struct{ name, key string }{{"help", "?"}, {"hand", sshtest.Right}} {
		b.Run(bc.name, func(b *testing.B) {
			k := startKeyProgram(b)
			b.ReportAllocs()
			k.drain()
			k.views.Store(0)
			k.out.writes.Store(0)
			cpu := cputime.Process()
			for b.Loop() {
				k.press(b, bc.key)
				k.frame(b)
			}
			b.ReportMetric(float64((cputime.Process()-cpu).Microseconds())/float64(b.N), "cpu-µs/key")
			b.ReportMetric(float64(k.views.Load())/float64(b.N), "views/key")
			b.ReportMetric(float64(k.out.writes.Load())/float64(b.N), "writes/key")
			if testing.Verbose() {
				b.Logf("screen:\n%s", k.out.screen())
			}
		})
	}
}
