package server_test

import (
	"fmt"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/klob/klob/internal/serve/server"
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
				addr, srv := startBench(b)
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

func startBench(b *testing.B) (string, *server.Server) {
	srv, err := server.New(server.Config{
		HostKey: b.TempDir() + "/host_ed25519",
		// One address holds every client.
		MaxConnsPerAddr: 2 * n,
		NewModel:        func(*server.Session) tea.Model { return &screen{} },
	})
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
