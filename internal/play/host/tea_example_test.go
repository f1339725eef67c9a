package host_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/klob/klob/internal/testing/clocktest"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/rules"
)

// A Bubble Tea screen subscribes to its seat's Port with a command that
// waits for the next tick and brings the snapshot back as a message; on
// each snapshot it subscribes again. A seat's actions go to the host in
// commands too, carrying the Gen the screen showed, so Update never
// waits and a key typed ahead is refused instead of landing on a
// position the person has not seen.

// snapshotMsg is the seat's snapshot after a tick.
type snapshotMsg struct{ s host.Snapshot }

// closedMsg says the port has closed (left, taken over, host stopped).
type closedMsg struct{}

// actedMsg is the host's answer to an action.
type actedMsg struct{ err error }

// subscribe waits for the port's next tick, off Update.
func subscribe(p host.Port) tea.Cmd {
	return func() tea.Msg {
		if _, open := <-p.Updates(); !open {
			return closedMsg{}
		}
		return snapshotMsg{p.Snapshot()}
	}
}

// seatModel is the smallest table screen: it shows the snapshot's
// position and plays the first legal action on enter.
type seatModel struct {
	port   host.Port
	snap   host.Snapshot
	note   string
	closed bool
}

func (m seatModel) Init() tea.Cmd { return subscribe(m.port) }

func (m seatModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case snapshotMsg:
		m.snap = msg.s
		return m, subscribe(m.port)
	case closedMsg:
		m.closed = true
		return m, nil
	case actedMsg:
		if errors.Is(msg.err, host.ErrStale) {
			m.note = "the game moved on: look again"
		} else if msg.err != nil {
			m.note = msg.err.Error()
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() != "enter" {
			return m, nil
		}
		s, p := m.snap, m.port
		switch {
		case s.Can.Act:
			a := s.View.Legal()[0]
			return m, func() tea.Msg { return actedMsg{p.Act(s.Gen, a)} }
		case s.Can.Ready:
			return m, func() tea.Msg { return actedMsg{p.Ready(s.Gen)} }
		}
	}
	return m, nil
}

func (m seatModel) View() tea.View {
	return tea.NewView(fmt.Sprintf("deal %d, gen %d, your move: %v", m.snap.DealNo, m.snap.Gen, m.snap.Can.Act))
}

// TestTeaSubscription drives the model as Bubble Tea would: each
// command runs on a goroutine of its own and its message comes back to
// Update, one at a time; the person presses enter once at every
// decision the screen shows. A whole game is played through the Port.
func TestTeaSubscription(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Target = 100
	h, err := host.New(host.Config{
		Game: host.Game{
			Options: opts, Seed: 3,
			Players: []host.Player{{Name: "ann", Human: true}, {Name: "Bot", Level: ai.Random}},
			NewBot:  func(l ai.Level, c ai.Config) (ai.Bot, error) { return ai.NewRandom(c.Seed), nil },
		},
		Clock: clocktest.New(time.Unix(0, 0)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	p, err := h.Seat(0)
	if err != nil {
		t.Fatal(err)
	}
	msgs := make(chan tea.Msg, 16)
	run := func(c tea.Cmd) {
		if c != nil {
			go func() { msgs <- c() }()
		}
	}
	var m tea.Model = seatModel{port: p, snap: p.Snapshot()}
	run(m.Init())
	pressed := -1 // the Gen enter was last pressed at
	// A guard against a hung game only: the game is bounded by its work.
	timeout := time.After(2 * time.Minute)
	for {
		sm := m.(seatModel)
		if sm.snap.Over {
			return
		}
		var msg tea.Msg
		if s := sm.snap; (s.Can.Act || s.Can.Ready) && s.Gen != pressed {
			pressed, msg = s.Gen, tea.KeyPressMsg{Code: tea.KeyEnter}
		} else {
			select {
			case msg = <-msgs:
			case <-timeout:
				t.Fatalf("the game stopped: %s", sm.View().Content)
			}
		}
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		run(cmd)
	}
}
