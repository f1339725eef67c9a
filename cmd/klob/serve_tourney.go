package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/serve/tourney"
)

// served is the hall of a klob serve and what runs beside it: the
// tournaments, on the club's database, and the writer of the players'
// mutes. Close stops them, the games' last moves and the last mutes
// written; the club's database is closed by its opener, after them.
type served struct {
	*hall.Hall
	tourney *tourney.Service
	mutes   *muteFiles
}

// Close stops the tables, then the tournaments' boards and par, then
// writes the players' last changes of mutes.
func (s *served) Close() {
	s.Hall.Close()
	if s.tourney != nil {
		s.tourney.Close()
	}
	if s.mutes != nil {
		s.mutes.close()
	}
}

// startTourney starts the tournaments on the club's database: their
// boards play on the server's bots and slots, their par is worked out
// there, behind the games.
func startTourney(f serveFlags, bots serveBots, db tourney.DB, logf func(string, ...any)) (*tourney.Service, error) {
	now := f.now
	if now == nil {
		now = time.Now
	}
	newBot := f.tourneyBot
	if newBot == nil {
		newBot = bots.newBot
	}
	t, err := tourney.New(tourney.Config{
		DB:                 db,
		Dir:                filepath.Join(f.state, "tourneys"),
		NewBot:             newBot,
		Slots:              bots.slots,
		Now:                now,
		Pace:               f.pace,
		Logf:               logf,
		MaxEntrantsPerAddr: f.maxEntrantsAddr,
		MaxOpenPerAddr:     f.maxTourneysAddr,
	})
	if err != nil {
		return nil, fmt.Errorf("the tournaments: %w", err)
	}
	return t, nil
}
