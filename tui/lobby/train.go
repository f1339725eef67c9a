package lobby

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/klob/klob/internal/study/drill"
	"github.com/klob/klob/rules"
	"github.com/klob/klob/tui/kit"
	"github.com/klob/klob/tui/train"
)

// ServerTrainSamples is the trainer's sample count on a server when
// Config.Train does not give one: half a local trainer's, so that the
// error bars stay near the local ones while a session's share of a core
// stays small (the package doc says how the grading is bounded).
const ServerTrainSamples = drill.DefaultSamples / 2

// trainerSeats are the trainers the lobby offers, by the seat count of
// the bidding they drill. The t row of the lobby opens the chosen one;
// ←/→ on that row change the seat count.
var trainerSeats = rules.SeatCounts()

// trainerLabel is the t row's text, with the seat count chosen.
func (l *Lobby) trainerLabel() string {
	return fmt.Sprintf("Train your bidding ‹ %d players ›", trainerSeats[l.trainAt])
}

// stepTrainer changes the seat count of the t row.
func (l *Lobby) stepTrainer(d int) {
	n := len(trainerSeats)
	l.trainAt = (l.trainAt + d + n) % n
}

// openTrainer opens the chosen trainer, the one this connection already
// had if it goes back to it.
func (l *Lobby) openTrainer() (kit.Screen, tea.Cmd) {
	seats := trainerSeats[l.trainAt]
	if l.trainers == nil {
		l.trainers = map[int]kit.Screen{}
	}
	s, ok := l.trainers[seats]
	if !ok {
		s = l.trainer(seats)
		l.trainers[seats] = s
	}
	var cmd tea.Cmd
	if t, ok := s.(*train.Screen); ok {
		cmd = t.Resume()
	}
	return &Away{l: l, Inside: kit.Inside{Shown: s}}, cmd
}

// trainer is this connection's bidding trainer of a table of players
// seats, its batches in the Gate's slots.
func (l *Lobby) trainer(players int) kit.Screen {
	c := l.TrainConfig(players)
	run := c.Evaluate
	if run == nil {
		run = drill.NewEvaluator().Batch
	}
	c.Evaluate = gated(l.cfg.Heavy, batchWithin(l.conn, run))
	return train.New(c)
}

// TrainConfig is this connection's trainer configuration for a table
// of players seats: its record, a seed, the server's samples on one
// worker.
func (l *Lobby) TrainConfig(players int) train.Config {
	c := l.cfg.Train
	c.ASCII = l.cfg.ASCII
	c.Options = rules.DefaultOptions().WithPlayers(players)
	if c.Seed == 0 {
		c.Seed = l.seed()
	}
	if c.Samples == 0 {
		c.Samples = ServerTrainSamples
	}
	if c.Workers == 0 {
		c.Workers = 1
	}
	// Away takes esc on a drill: the trainer's key line names it.
	c.Back = "back to the lobby"
	if c.Record == nil && c.Warning == "" {
		c.Warning = "a guest's record lasts this connection only: connect with an SSH key to keep it"
	}
	return c
}
