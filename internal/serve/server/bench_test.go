package server_test

import (
	"fmt"
	"net"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/klob/klob/internal/serve/server"
	"github.com/klob/klob/internal/testing/cputime"
	"github.com/klob/klob/internal/testing/sshtest"
)

// screen draws a screen as Klob's are: an 80×24 design of styled
// lines, centred in the window it is told.
type screen struct{ w, h int }

func (m *screen) Init() tea.Cmd { return nil }

func (m *screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = s.Width, s.Height
	}
	return m, nil
}

var (
	titleStyle = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("12"))
	rowStyle   = lipgloss.NewStyle().Foreground(lipgloss.Color("10")).Background(lipgloss.Color("0"))
)

func (m *screen) View() tea.View {
	lines := []string{titleStyle.Render("Klob lobby")}
	for i := range 20 {
		lines = append(lines, rowStyle.Render(fmt.Sprintf("%-2d ann ♠ bob ♥ carol ♦ dave ♣  table KQX%c  %s", i, 'A'+i, strings.Repeat("·", 20))))
	}
	lines = append(lines, "", "enter join · w watch · q quit")
	return tea.NewView(lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, strings.Join(lines, "\n")))
}

// n is the number of sessions BenchmarkSessionMemory opens.
const n = 30

// BenchmarkSessionMemory opens sessions at a terminal size, each drawn
// once, and reports the heap in use after a collection per session
// open (the clients' side, the same at every size, included).
func BenchmarkSessionMemory(b *testing.B) {

	for _, size := range []struct{ w, h int }{{80, 24}, {160, 50}, {240, 80}} {
		b.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				addr, srv := startBench(b, server.Config{
					// One address holds every client.
					MaxConnsPerAddr: 2 * n,
					NewModel:        func(*server.Session) tea.Model { return &screen{} },
				})
				before := heapInUse()
				clients := make([]*sshtest.Client, 0, n)
				for i := range n {
					c, err := sshtest.Dial(addr, sshtest.Config{User: fmt.Sprintf("u%d", i), Width: size.w, Height: size.h, NoEmulator: true})
					if err != nil {
						b.Fatal(err)
					}
					clients = append(clients, c)
				}
				for _, c := range clients {
					// The first frame (its styled rows) has come.
					for c.Received() < 2000 {
						time.Sleep(time.Millisecond)
					}
				}
				after := heapInUse()
				b.ReportMetric(float64(after-before)/n, "heap-B/session")
				for _, c := range clients {
					_ = c.Close()
				}
				_ = srv.Close()
			}
		})
	}
}

// startBench serves cfg, its host key in a folder of the benchmark's,
// on a port of this machine and returns the port's address.
func startBench(b *testing.B, cfg server.Config) (string, *server.Server) {
	cfg.HostKey = b.TempDir() + "/host_ed25519"
	srv, err := server.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	return ln.Addr().String(), srv
}

// heapInUse is the heap's live bytes after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkWindowChangeFlood: 30 sessions, each changing its window's
// width 45 times a second for four seconds (under the request rate's
// 50 that closes a connection), against a lobby-like screen (screen)
// that a resize redraws whole, while one more session presses a key
// every 200 ms. It reports the process's CPU time per window change
// (the server's and the in-process clients' reading of its frames),
// the bytes of frames sent per window change, and the pressing
// session's key-to-frame times. Wall-clock figures, for the record
// (docs/experiments): nothing is asserted.
// "quiet" is the pressing session alone, for its key-to-frame times;
// "same" floods with one size, which draws nothing new, for the cost
// of the requests themselves.
func BenchmarkWindowChangeFlood(b *testing.B) {
	b.Run("flood", func(b *testing.B) { windowChangeFlood(b, 30, 2) })
	b.Run("same", func(b *testing.B) { windowChangeFlood(b, 30, 1) })
	b.Run("quiet", func(b *testing.B) { windowChangeFlood(b, 0, 1) })
}

// windowChangeFlood runs the flood of flooders sessions, each cycling
// through widths widths.
func windowChangeFlood(b *testing.B, flooders, widths int) {
	const (
		rate     = 45 // window changes a second, each flooder
		floodFor = 4 * time.Second
	)
	for range b.N {
		b.StopTimer()
		addr, srv := startBench(b, server.Config{
			MaxConnsPerAddr: 2 * (flooders + 1),
			NewModel: func(s *server.Session) tea.Model {
				if s.User == "victim" {
					return &echo{s: s}
				}
				return &screen{}
			},
		})
		var clients []*sshtest.Client
		for i := range flooders {
			c, err := sshtest.Dial(addr, sshtest.Config{User: fmt.Sprintf("f%d", i), Width: 100, Height: 40, NoEmulator: true})
			if err != nil {
				b.Fatal(err)
			}
			clients = append(clients, c)
		}
		victim, err := sshtest.Dial(addr, sshtest.Config{User: "victim", Width: 80, Height: 24})
		if err != nil {
			b.Fatal(err)
		}
		shown := make(chan struct{}, 1)
		var want sync.Mutex
		wanted := "hello victim"
		victim.Watch(func(scr string) {
			want.Lock()
			w := wanted
			want.Unlock()
			if strings.Contains(scr, w) {
				select {
				case shown <- struct{}{}:
				default:
				}
			}
		})
		<-shown
		for _, c := range clients {
			for c.Received() < 2000 {
				time.Sleep(time.Millisecond)
			}
		}
		var sent0 int64
		for _, c := range clients {
			sent0 += c.Received()
		}

		b.StartTimer()
		cpu0 := cputime.Process()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		resizes := make([]int, flooders)
		for i, c := range clients {
			wg.Go(func() {
				tick := time.NewTicker(time.Second / rate)
				defer tick.Stop()
				for n := 0; ; n++ {
					select {
					case <-stop:
						return
					case <-tick.C:
					}
					if c.Resize(100+n%widths, 40) != nil {
						return
					}
					resizes[i]++
				}
			})
		}
		var lags []time.Duration
		deadline := time.Now().Add(floodFor)
		for k := 0; time.Now().Before(deadline); k++ {
			key := string("abcdefghijklmno"[k%15]) // not p: echo panics on it
			want.Lock()
			wanted = "last=" + key
			want.Unlock()
			select {
			case <-shown: // a match of the key before
			default:
			}
			t0 := time.Now()
			if err := victim.Type(key); err != nil {
				b.Fatal(err)
			}
			select {
			case <-shown:
			case <-time.After(time.Minute):
				b.Fatalf("no frame for the key %q: %s", key, victim.Screen())
			}
			lags = append(lags, time.Since(t0))
			time.Sleep(200 * time.Millisecond) // under the frame rate, which would hold frames back
		}
		close(stop)
		wg.Wait()
		cpu := cputime.Process() - cpu0
		b.StopTimer()

		total := 0
		for _, n := range resizes {
			total += n
		}
		var sent int64
		for _, c := range clients {
			sent += c.Received()
		}
		slices.Sort(lags)
		if total > 0 {
			b.ReportMetric(float64(cpu.Microseconds())/float64(total), "cpu-µs/resize")
			b.ReportMetric(float64(sent-sent0)/float64(total), "B/resize")
		}
		b.ReportMetric(float64(cpu.Milliseconds()), "cpu-ms")
		b.ReportMetric(float64(lags[len(lags)/2].Microseconds())/1000, "key-ms-p50")
		b.ReportMetric(float64(lags[len(lags)*9/10].Microseconds())/1000, "key-ms-p90")
		b.ReportMetric(float64(lags[len(lags)-1].Microseconds())/1000, "key-ms-max")
		b.ReportMetric(float64(total), "resizes")
		for _, c := range append(clients, victim) {
			_ = c.Close()
		}
		_ = srv.Close()
	}
}
