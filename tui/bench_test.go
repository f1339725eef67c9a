package tui

import (
	"fmt"
	"runtime"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
)

// midDeal returns an App at the first trick of dealSeed's deal, at w×h.
func midDeal(tb testing.TB, w, h int) *harness {
	hs := newHarness(tb, testConfig(dealSeed, &memStore{}), w, h)
	hs.press("enter", "t")
	for n := 0; n < 50; n++ {
		g := hs.game()
		if g == nil || (g.Can.Act && g.View.Phase == rules.PhasePlay) {
			break
		}
		hs.press("enter")
	}
	return hs
}

// BenchmarkView draws the table at 200×60 (target: 2 ms or less) and
// at the minimum size, 80×24.
func BenchmarkView(b *testing.B) {
	for _, size := range [][2]int{{200, 60}, {80, 24}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			hs := midDeal(b, size[0], size[1])
			b.ReportAllocs()
			for b.Loop() {
				_ = hs.app.View()
			}
		})
	}
}

// BenchmarkKeyFrame is the model's work for one key press at the
// table, as klob serve does it for every key of every session: Update,
// then the View the program draws after every message. help opens or
// closes the help (every row changes), select moves the selection along
// the hand. Deterministic: no program, no renderer, no goroutines (for
// instruction counts, run it under callgrind with GOMAXPROCS=1).
func BenchmarkKeyFrame(b *testing.B) {
	for _, bc := range []struct{ name, key string }{{"help", "?"}, {"select", "right"}} {
		b.Run(bc.name, func(b *testing.B) {
			hs := midDeal(b, 100, 30)
			b.ReportAllocs()
			for b.Loop() {
				hs.app.Update(kittest.Key(bc.key))
				_ = hs.app.View()
			}
		})
	}
}

// BenchmarkFirstFrame is the work before the first frame of klob play:
// the App, its Init, the window size and the first View (target: well
// under 100 ms; the program's own start is measured end to end by the
// tmux test in cmd/klob).
func BenchmarkFirstFrame(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		app := NewPlay(testConfig(dealSeed, &memStore{}))
		app.Init()
		app.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		_ = app.View()
	}
}

// BenchmarkWholeGame plays a whole game to 500 through the model, the
// bot at the real level when it can be made (else the random bot), and
// reports the peak heap in use.
func BenchmarkWholeGame(b *testing.B) {
	var peak uint64
	for i := 0; b.Loop(); i++ {
		cfg := testConfig(uint64(100+i), &memStore{})
		if _, err := ai.New(ai.Normal, ai.Config{}); err == nil {
			cfg.NewBot = ai.New
		}
		hs := newHarness(b, cfg, 120, 40)
		hs.press("enter")
		n := 0
		for g := hs.game(); (g == nil || !g.Over) && n < 5000; g = hs.game() {
			n++
			if g != nil && g.Can.Act && g.View.Phase == rules.PhaseBid1 && n%3 == 0 {
				hs.press("t")
			} else {
				hs.press("enter")
			}
			if n%50 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		if g := hs.game(); g == nil || !g.Over {
			b.Fatalf("no end of game after %d keys", n)
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}
