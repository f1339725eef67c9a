// Package memstore keeps a game's saves and filed games in memory, for
// the tests of what plays and saves games (the host).
package memstore

import (
	"errors"
	"fmt"
	"sync"

	"github.com/klob/klob/internal/record/gamelog"
)

// Store keeps every save and every filed game. Tests read the fields
// once the writers are done; the methods are safe for concurrent use.
type Store struct {
	mu    sync.Mutex
	Saves []*gamelog.Log
	Filed []*gamelog.Log
	// SaveErr, when set, fails every save.
	SaveErr error
	// FailFiling fails that many filings before one succeeds.
	FailFiling int
}

// SaveCurrent keeps l as the newest save.
func (m *Store) SaveCurrent(l *gamelog.Log) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.SaveErr != nil {
		return m.SaveErr
	}
	m.Saves = append(m.Saves, l)
	return nil
}

// Archive files l and returns the path it would have in a history.
func (m *Store) Archive(l *gamelog.Log) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.FailFiling > 0 {
		m.FailFiling--
		return "", errors.New("no space left on device")
	}
	m.Filed = append(m.Filed, l)
	return fmt.Sprintf("history/%d.klob", len(m.Filed)), nil
}

// Counts returns how many saves and filed games the store holds.
func (m *Store) Counts() (saves, filed int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.Saves), len(m.Filed)
}

// LastSave returns the newest save, or nil.
func (m *Store) LastSave() *gamelog.Log {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.Saves) == 0 {
		return nil
	}
	return m.Saves[len(m.Saves)-1]
}
