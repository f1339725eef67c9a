package tui

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/platform/slots"
	"github.com/klob/klob/rules"
)

// slowBot thinks for d before each move.
type slowBot struct {
	ai.Bot
	d time.Duration
}

func (b slowBot) Choose(ctx context.Context, v rules.View) (rules.Action, error) {
	time.Sleep(b.d)
	return b.Bot.Choose(ctx, v)
}

// askBot passes at the table so the bot is to move, and returns the
// messages of the key's command, each command of a batch run on its own
// goroutine as the program does.
func askBot(t *testing.T, cfg PlayConfig) (gen int, msgs []tea.Msg) {
	t.Helper()
	hs := newHarness(t, cfg, 80, 24)
	hs.press("enter")
	tb := hs.table()
	_, cmd := hs.app.Update(keyMsg("p"))
	if !tb.thinking || cmd == nil {
		t.Fatal("the bot is not asked")
	}
	out := make(chan tea.Msg, 16)
	pending := 1
	go func() { out <- cmd() }()
	for pending > 0 {
		select {
		case m := <-out:
			pending--
			if b, ok := m.(tea.BatchMsg); ok {
				for _, c := range b {
					if c != nil {
						pending++
						go func() { out <- c() }()
					}
				}
				continue
			}
			msgs = append(msgs, m)
		case <-time.After(5 * time.Second):
			t.Fatal("a command of the key's batch did not end")
		}
	}
	return tb.thinkGen, msgs
}

// TestSpinnerOnlyWhileThinking: the spinner's signal comes when the bot
// is still thinking after the delay, not when it has its move and only
// waits for the pace; then no message is sent for it at all.
func TestSpinnerOnlyWhileThinking(t *testing.T) {
	kinds := func(msgs []tea.Msg) (moves, slow int) {
		for _, m := range msgs {
			switch m.(type) {
			case botMoveMsg:
				moves++
			case botSlowMsg:
				slow++
			}
		}
		return moves, slow
	}
	t.Run("pace longer than the delay", func(t *testing.T) {
		cfg := testConfig(dealSeed, &memStore{})
		cfg.Timing = Timing{Pace: 300 * time.Millisecond, SpinnerDelay: 20 * time.Millisecond}
		_, msgs := askBot(t, cfg)
		if moves, slow := kinds(msgs); moves != 1 || slow != 0 {
			t.Fatalf("got %d moves, %d spinner signals: want 1 and 0", moves, slow)
		}
	})
	t.Run("thinking longer than the delay", func(t *testing.T) {
		cfg := testConfig(dealSeed, &memStore{})
		cfg.Timing = Timing{SpinnerDelay: 20 * time.Millisecond}
		cfg.NewBot = func(level ai.Level, c ai.Config) (ai.Bot, error) {
			return slowBot{ai.NewRandom(c.Seed), 300 * time.Millisecond}, nil
		}
		gen, msgs := askBot(t, cfg)
		if moves, slow := kinds(msgs); moves != 1 || slow != 1 {
			t.Fatalf("got %d moves, %d spinner signals: want 1 and 1", moves, slow)
		}
		for _, m := range msgs {
			if s, ok := m.(botSlowMsg); ok && s.gen != gen {
				t.Fatalf("spinner signal for position %d, want %d", s.gen, gen)
			}
		}
	})
}

// TestThinkInSlots: with one slot, bots think one at a time; the wait
// for the slot is not taken from the time limit; the slot is freed
// when the bot answers.
func TestThinkInSlots(t *testing.T) {
	one := slots.New(1)
	var (
		mu        sync.Mutex
		now, most int
		cutShort  int
		done      = make(chan struct{})
		thinkFor  = 30 * time.Millisecond
	)
	think := func(ctx context.Context) (rules.Action, error) {
		mu.Lock()
		now++
		most = max(most, now)
		mu.Unlock()
		select {
		case <-time.After(thinkFor):
		case <-ctx.Done():
			mu.Lock()
			cutShort++
			mu.Unlock()
		}
		mu.Lock()
		now--
		mu.Unlock()
		return rules.Action{}, nil
	}
	const bots = 4
	for range bots {
		go func() {
			// Each waits up to 3×30ms for the slot, longer than its limit.
			_, _ = thinkIn(one, nil, 2*thinkFor, think)
			done <- struct{}{}
		}()
	}
	for range bots {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("a bot never got a slot")
		}
	}
	if most != 1 {
		t.Fatalf("%d bots thought at once with one slot", most)
	}
	if cutShort != 0 {
		t.Fatalf("%d bots had the wait for the slot taken from their limit", cutShort)
	}
	if err := one.Acquire(context.Background(), slots.High); err != nil {
		t.Fatal("a slot is still held")
	}
}

// TestThinkInGone: a bot waiting for a slot gives up when its
// connection ends, without thinking.
func TestThinkInGone(t *testing.T) {
	one := slots.New(1)
	if err := one.Acquire(context.Background(), slots.High); err != nil {
		t.Fatal(err)
	}
	gone := make(chan struct{})
	close(gone)
	_, err := thinkIn(one, gone, time.Second, func(context.Context) (rules.Action, error) {
		t.Fatal("the bot thought for a connection that ended")
		return rules.Action{}, nil
	})
	if !errors.Is(err, errGone) {
		t.Fatalf("got %v, want errGone", err)
	}
}
