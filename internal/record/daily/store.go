package daily

import (
	"errors"

	"github.com/klob/klob/internal/record/gamelog"
)

// BoardStore keeps one board played through a game host
// (internal/play/host, with host.Config.Board): its saves are the board
// in progress, its filing the board recorded. It writes no deck: of the
// log it keeps only the deal's actions and the person's claim.
// *BoardStore is a host.Store.
type BoardStore struct {
	d *Day
	n int
}

// BoardStore returns the store of board n of the day.
func (d *Day) BoardStore(n int) *BoardStore { return &BoardStore{d: d, n: n} }

// errNoDeal: the host saved a log with no deal or more than one.
var errNoDeal = errors.New("daily: a board's log holds one deal")

// SaveCurrent keeps the board in progress: the actions of its deal so
// far, and the claim made in them.
func (s *BoardStore) SaveCurrent(l *gamelog.Log) error {
	if len(l.Deals) != 1 {
		return errNoDeal
	}
	return s.d.SaveDeal(s.n, l.Deals[0])
}

// Archive records the board played out and returns where the person's
// result file is.
func (s *BoardStore) Archive(l *gamelog.Log) (string, error) {
	if len(l.Deals) != 1 {
		return "", errNoDeal
	}
	_, err := s.d.RecordDeal(s.n, l.Deals[0])
	return s.d.ResultPath(), err
}
