package replay

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/kit/kittest"
)

// memSource is a history of games listed from memory, no disk.
type memSource struct{ entries []store.Entry }

func (s memSource) Dir() string                     { return "/nowhere" }
func (s memSource) CurrentPath() string             { return "/nowhere/current.klob" }
func (s memSource) History() ([]store.Entry, error) { return s.entries, nil }

// memEntries are n finished games of four, a person and three bots (the
// partner named partner), one an hour, the person's side winning every
// other one.
func memEntries(n int, partner string) []store.Entry {
	out := make([]store.Entry, n)
	start := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range out {
		h := gamelog.Header{Options: rules.DefaultOptions().WithPlayers(4)}
		h.SetStart(start.Add(time.Duration(i) * time.Hour))
		h.SetPlayer(0, "ann", gamelog.Human)
		h.SetKey(0, "k")
		for s := rules.Seat(1); s < 4; s++ {
			h.SetPlayer(s, fmt.Sprintf("Bot %s", s), "hard")
		}
		h.SetPlayer(2, partner, "hard")
		out[i] = store.Entry{Path: fmt.Sprintf("/nowhere/history/%06d.klob", i), Header: h, Deals: 12,
			Totals: [4]int{512, 380}, Over: true, Winner: i % 2}
	}
	return out
}

// TestHistoryLayoutFollowsTheWindow: the list's layout, kept between
// frames, is worked out again when the window's width changes: a long
// name's row takes two lines at 60 columns and one at 120.
func TestHistoryLayoutFollowsTheWindow(t *testing.T) {
	long := "Maximiliane Wolkenstein"
	d := kittest.New(t, NewHistory(memSource{memEntries(3, long)}, Config{Player: "k"}), 120, 24, false)
	one := "with " + long + " vs Bot B, Bot D"
	require.Contains(t, d.Text(), one)
	d.Size(60, 24)
	require.NotContains(t, d.Text(), one, "the layout of 120 columns kept at 60")
	require.Contains(t, d.Text(), "with Maximiliane")
	d.Size(120, 24)
	require.Contains(t, d.Text(), one)
}

// BenchmarkHistoryFrame: a key and its frame on the saved games' list of
// 10,000 games at 80×24; the list is laid out once, not at each frame.
func BenchmarkHistoryFrame(b *testing.B) {
	s := NewHistory(memSource{memEntries(10000, "Bot C")}, Config{Player: "k"})
	ctx := kit.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	s.Update(&ctx, s.Enter(&ctx)())
	s.View(&ctx)
	for b.Loop() {
		s.Update(&ctx, tea.KeyPressMsg{Code: tea.KeyDown})
		s.View(&ctx)
	}
}
