package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/tui/kit/kittest"
)

// fuzzMsg turns one byte into a message: mostly a key of monkeyKeys, a
// paste, a click, or a window size from 1×1 to 300×100 (with the next
// two bytes).
func fuzzMsgs(data []byte) []tea.Msg {
	var out []tea.Msg
	for i := 0; i < len(data); i++ {
		b := data[i]
		switch {
		case b >= 250 && i+2 < len(data):
			out = append(out, tea.WindowSizeMsg{Width: 1 + int(data[i+1])%300, Height: 1 + int(data[i+2])%100})
			i += 2
		case b >= 245 && i+1 < len(data):
			out = append(out, tea.PasteMsg{Content: strings.Repeat("q9\x1b[2J", int(data[i+1])%8)})
			i++
		case b >= 235 && i+2 < len(data):
			out = append(out, tea.MouseClickMsg{Button: tea.MouseLeft, X: int(data[i+1]) % 120, Y: int(data[i+2]) % 50})
			i += 2
		default:
			out = append(out, kittest.Key(monkeyKeys[int(b)%len(monkeyKeys)]))
		}
	}
	return out
}

// checkFrame fails unless the frame is exactly the window's size.
func checkFrame(t *testing.T, hs *harness, w, h int) {
	t.Helper()
	lines := strings.Split(hs.app.render(), "\n")
	if len(lines) != h {
		t.Fatalf("a frame of %d lines in a %d×%d window", len(lines), w, h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Fatalf("line %d is %d cells wide in a %d×%d window", i, n, w, h)
		}
	}
}

// FuzzUIKeys: any keys, pastes, clicks and window sizes into klob play
// at 2+data[0]%3 players (random bots, a store in memory): nothing
// panics, and every frame is exactly the window's size.
func FuzzUIKeys(f *testing.F) {
	// The first bytes pick 2 (0), 3 (250) and 4 (0x1a) players.
	f.Add([]byte("\x00\x01\x02enter"))
	f.Add([]byte{250, 10, 5, 30, 31, 32, 250, 200, 90, 1, 2, 3, 245, 4, 236, 10, 20})
	f.Add([]byte(strings.Repeat("\x1a\x1b\x1c\x00", 30)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 400 {
			data = data[:400]
		}
		if len(data) == 0 {
			return
		}
		cfg := testConfig(7, &memStore{})
		cfg.Setup.Options.Target = 100
		cfg.Setup.Options.Players = 2 + int(data[0])%3
		data = data[1:]
		hs := newHarness(t, cfg, 80, 24)
		w, h := 80, 24
		for _, m := range fuzzMsgs(data) {
			if ws, ok := m.(tea.WindowSizeMsg); ok {
				w, h = ws.Width, ws.Height
			}
			hs.send(m)
			if hs.quit {
				return
			}
			checkFrame(t, hs, w, h)
		}
	})
}

// FuzzResume: whatever log the reader accepts, offered as the saved
// game and resumed, takes any keys without a panic. The seeds are saves
// at two, three and four players.
func FuzzResume(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "games", "saves", "*.klob"))
	more, _ := filepath.Glob(filepath.Join("..", "testdata", "games", "tables", "saves", "*.klob"))
	for _, file := range append(files, more...) {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b, []byte("rxtt\x05\x06"))
		}
	}
	f.Fuzz(func(t *testing.T, data, keys []byte) {
		if len(keys) > 200 {
			keys = keys[:200]
		}
		l, err := gamelog.Parse("fuzz.klob", data)
		if err != nil {
			return
		}
		if _, err := l.Replay(); err != nil {
			t.Fatalf("an accepted log does not replay: %v", err)
		}
		hs := newHarness(t, testConfig(7, &memStore{current: l}), 80, 24)
		hs.press("r")
		for _, m := range fuzzMsgs(keys) {
			hs.send(m)
			if hs.quit {
				break
			}
		}
	})
}
