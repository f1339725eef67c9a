package tourney

import (
	"context"
	"time"
)

// A tournament's page shows who entered: each entry closes the
// tournament's entry signal, and the next wait takes a new one, so that
// every page showing it reads it again at once (WaitChanged).

// holdEntrySignal holds code's entry signal, made on first use, until
// releaseEntrySignal.
func (s *Service) holdEntrySignal(code string) *endSignal { return s.holdSignal(s.entrySignals, code) }

// releaseEntrySignal gives up a hold of code's entry signal e: the
// last drops it.
func (s *Service) releaseEntrySignal(code string, e *endSignal) {
	s.releaseSignal(s.entrySignals, code, e)
}

// signalEntered tells the pages waiting on code that someone entered:
// the signal closes and the next wait takes a new one.
func (s *Service) signalEntered(code string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.entrySignals[code]; e != nil {
		e.closed = true
		close(e.ch)
		delete(s.entrySignals, code)
	}
}

// WaitChanged waits until the tournament of code changes from what a
// page read (its end ends, its entries entries): its host ends it early
// or someone enters (true), or ctx ends (false). A change written
// before the wait began is found in the database and returns true at
// once. An end at its time signals nothing: the page knows when that
// comes.
func (s *Service) WaitChanged(ctx context.Context, code string, ends time.Time, entries int) bool {
	// The signals are held before the database is read: a change after
	// the read closes one.
	e := s.holdEndSignal(code)
	defer s.releaseEndSignal(code, e)
	in := s.holdEntrySignal(code)
	defer s.releaseEntrySignal(code, in)
	if t, err := s.cfg.DB.Tournament(ctx, code); err == nil && (t.Ends.Before(ends) || t.Entries != entries) {
		return true
	}
	select {
	case <-e.ch:
		return true
	case <-in.ch:
		return true
	case <-ctx.Done():
		return false
	}
}
