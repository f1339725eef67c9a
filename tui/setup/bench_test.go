package setup

import (
	"errors"
	"testing"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// BenchmarkView draws the four-player form at 80×24 with the settings
// rows: the cost of a frame, which lays the form out on the cursor's
// line and on the lines that need the most room.
func BenchmarkView(b *testing.B) {
	o := rules.DefaultOptions()
	o.Players = 4
	cfg := Config{Prefs: true, Start: func(Setup) (kit.Screen, error) { return nil, errors.New("x") }}
	s := New(cfg, Setup{Level: ai.Normal, Options: o})
	ctx := kittest.Context(80, 24)
	for b.Loop() {
		_ = s.View(&ctx)
	}
}
