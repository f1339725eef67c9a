package tui

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/internal/study/analysis"
	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit/kittest"
	"github.com/klob/klob/tui/train/traintest"
)

// TestAnalysisEndsWithConnection: the replay's analysis (the a key, a
// whole game's grading on the server's shared slots) stops when the
// connection ends (ctrl+c, a dropped ssh), not only on esc: a client
// that opens a replay, presses a and hangs up, again and again, must
// not keep the slots of every session's hints, trainer, analyses and
// bots busy.
func TestAnalysisEndsWithConnection(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "games", "01-bottom-card-off.klob"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := gamelog.Parse("g.klob", b)
	if err != nil {
		t.Fatal(err)
	}
	st := store.New(t.TempDir(), store.Options{})
	if _, err := st.Archive(l); err != nil {
		t.Fatal(err)
	}
	started := make(chan context.Context, 1)
	cfg := lobbyTrainConfig("key-a", nil)
	cfg.Solo.Store = st
	done := make(chan struct{})
	cfg.Config.Done = done
	cfg.Config.Analyze = func(ctx context.Context, r *gamelog.Replay, opt analysis.Options) (*analysis.Report, error) {
		started <- ctx
		<-ctx.Done() // a long grading, stopped only by its context
		return nil, ctx.Err()
	}
	d := newLobbyDriver(t, cfg)
	d.press("h")
	d.press("enter") // the first saved game's replay
	_, cmd := d.app.Update(kittest.Key("a"))
	runBatch(cmd, nil)
	var ctx context.Context
	select {
	case ctx = <-started:
	case <-time.After(guard):
		t.Fatalf("a started no analysis on %s:\n%s", d.app.ScreenName(), d.screen())
	}
	// The connection ends: its program quits, its Done closes.
	_, quit := d.app.Update(kittest.Key("ctrl+c"))
	runBatch(quit, nil) // the quit's own work (the saves it waits for)
	close(done)
	select {
	case <-ctx.Done():
	case <-time.After(guard): // a guard: the cancel is at once
		t.Fatal("the connection ended and its replay's analysis still runs")
	}
}

// TestTrainerEndsWithConnection: the trainer's evaluation of a drill
// (on the server's shared slots) stops when the connection ends, not
// only on esc to the lobby or the next drill: connect, t, hang up,
// again and again, must not leave drills' evaluations running.
func TestTrainerEndsWithConnection(t *testing.T) {
	started := make(chan context.Context, 1)
	cfg := lobbyTrainConfig("key-a", &traintest.MemRecord{})
	done := make(chan struct{})
	cfg.Config.Done = done
	cfg.Config.Train.Evaluate = func(ctx context.Context, v *rules.View, p drill.Plan, k int) (eval.Evaluation, error) {
		select {
		case started <- ctx:
		default:
		}
		<-ctx.Done()
		return eval.Evaluation{}, ctx.Err()
	}
	d := newLobbyDriver(t, cfg)
	msgs := make(chan tea.Msg, 64)
	run := func(cmd tea.Cmd) { runBatch(cmd, msgs) }
	_, cmd := d.app.Update(kittest.Key("t"))
	run(cmd)
	var ctx context.Context
	for ctx == nil {
		select {
		case ctx = <-started:
		case m := <-msgs:
			_, c := d.app.Update(m)
			run(c)
		case <-time.After(guard):
			t.Fatalf("no drill's evaluation started:\n%s", d.screen())
		}
	}
	_, quit := d.app.Update(kittest.Key("ctrl+c")) // the connection ends
	run(quit)                                      // the quit's own work (the saves it waits for)
	close(done)
	select {
	case <-ctx.Done():
	case <-time.After(guard): // a guard: the cancel is at once
		t.Fatal("the connection ended and its drill's evaluation still runs")
	}
}

// runBatch runs each command of cmd on a goroutine and sends the
// messages they return to msgs (nil: drops them).
func runBatch(cmd tea.Cmd, msgs chan<- tea.Msg) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if cmds, ok := kittest.Batch(msg); ok {
			for _, c := range cmds {
				runBatch(c, msgs)
			}
			return
		}
		if msg != nil && msgs != nil {
			msgs <- msg
		}
	}()
}
