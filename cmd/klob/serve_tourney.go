package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/klob/klob/internal/play/hall"
	"github.com/klob/klob/internal/record/clubdb"
	"github.com/klob/klob/internal/serve/tourney"
)

// served is the hall of a klob serve and what runs beside it: the
// tournaments, on the club database. Close stops all of it, the games'
// last moves written.
type served struct {
	*hall.Hall
	tourney *tourney.Service
	db      *clubdb.DB
}

// Close stops the tables, then the tournaments' boards and par, then
// the database.
func (s *served) Close() {
	s.Hall.Close()
	if s.tourney != nil {
		s.tourney.Close()
	}
	if s.db != nil {
		_ = s.db.Close()
	}
}

// startTourney opens the club database in the state directory and
// starts the tournaments on it: their boards play on the server's bots
// and slots, their par is worked out there, behind the games.
//
// The club database is opened here until klob serve opens it for the
// whole club (the players, the games, the ratings): then the
// tournaments take that handle (tourney.Config.DB is an interface the
// *clubdb.DB meets), and this opens nothing. One process may have the
// file open.
func startTourney(f serveFlags, bots serveBots, logf func(string, ...any)) (*tourney.Service, *clubdb.DB, error) {
	now := f.now
	if now == nil {
		now = time.Now
	}
	newBot := f.tourneyBot
	if newBot == nil {
		newBot = bots.newBot
	}
	db, err := clubdb.Open(filepath.Join(f.state, clubdb.FileName), clubdb.Options{Now: now})
	if err != nil {
		return nil, nil, err
	}
	t, err := tourney.New(tourney.Config{
		DB:     db,
		Dir:    filepath.Join(f.state, "tourneys"),
		NewBot: newBot,
		Slots:  bots.slots,
		Now:    now,
		Pace:   f.pace,
		Logf:   logf,
	})
	if err != nil {
		db.Close()
		return nil, nil, fmt.Errorf("the tournaments: %w", err)
	}
	return t, db, nil
}
