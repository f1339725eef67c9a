package stats

import (
	"slices"
	"sort"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// Stats is the player's record. The zero value is an empty record; Add
// puts games in.
type Stats struct {
	Games    int // games with the player
	Finished int // of those, played to the end
	Won      int // finished games the player won
	Skipped  int // games left out: no single human seat, or unreadable

	// ByLevel is the record against each opponent level, in the order of
	// ai.Levels, then other level names in alphabetical order.
	ByLevel []LevelRecord

	Deals     int // deals played to the end, thrown-in ones included
	Points    int // points the player scored in them
	OppPoints int // points the opponents scored in them
	Maker     int // deals in which the player made trump
	MakerDone int // of those, played out (not thrown in)
	Bete      int // deals the player made trump in and was bete
}

// LevelRecord is the record against one opponent level.
type LevelRecord struct {
	Level    string
	Games    int
	Finished int
	Won      int
}

// AvgPerDeal returns the player's average score per deal, 0 with no deal.
func (s *Stats) AvgPerDeal() float64 { return ratio(s.Points, s.Deals) }

// OppAvgPerDeal returns the opponents' average score per deal.
func (s *Stats) OppAvgPerDeal() float64 { return ratio(s.OppPoints, s.Deals) }

// TakeRate returns the share of deals in which the player made trump.
func (s *Stats) TakeRate() float64 { return ratio(s.Maker, s.Deals) }

// BeteRate returns the share of the player's deals as maker, played
// out, that ended bete.
func (s *Stats) BeteRate() float64 { return ratio(s.Bete, s.MakerDone) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Add puts one game in the record and reports whether it counted (it
// does not without exactly one human seat).
func (s *Stats) Add(r *gamelog.Replay) bool {
	me, ok := r.Header.HumanSeat()
	if !ok {
		s.Skipped++
		return false
	}
	lv := s.level(r.Header.Levels[me.Other()])
	s.Games++
	lv.Games++
	if r.Over {
		s.Finished++
		lv.Finished++
		if r.Winner == int(me) {
			s.Won++
			lv.Won++
		}
	}
	for i := range r.Deals {
		d := &r.Deals[i]
		if !d.Done {
			continue
		}
		s.Deals++
		s.Points += d.Score.Scored[me]
		s.OppPoints += d.Score.Scored[me.Other()]
		if d.Score.Maker != me {
			continue
		}
		s.Maker++
		if d.Score.Outcome == rules.Abandoned {
			continue
		}
		s.MakerDone++
		if d.Score.Outcome == rules.Bete {
			s.Bete++
		}
	}
	return true
}

// level returns the record of level name, adding it (in order) when
// it is new.
func (s *Stats) level(name string) *LevelRecord {
	i := sort.Search(len(s.ByLevel), func(i int) bool { return !levelLess(s.ByLevel[i].Level, name) })
	if i == len(s.ByLevel) || s.ByLevel[i].Level != name {
		s.ByLevel = slices.Insert(s.ByLevel, i, LevelRecord{Level: name})
	}
	return &s.ByLevel[i]
}

// levelLess orders level names: the known levels weakest first, then
// the others alphabetically.
func levelLess(a, b string) bool {
	ra, rb := levelRank(a), levelRank(b)
	if ra != rb {
		return ra < rb
	}
	return a < b
}

// levelRank orders the known levels weakest first, others after.
func levelRank(name string) int {
	for i, l := range ai.Levels {
		if string(l) == name {
			return i
		}
	}
	return len(ai.Levels)
}

// ReadFunc reads and replays a game log; gamelog.ReadReplay is one.
type ReadFunc func(path string) (*gamelog.Log, *gamelog.Replay, error)

// FromHistory adds up the games of a store's history. Entries that could
// not be read (Entry.Err), and logs that read fails on, are counted in
// Skipped. A nil read uses gamelog.ReadReplay.
func FromHistory(entries []store.Entry, read ReadFunc) Stats {
	if read == nil {
		read = gamelog.ReadReplay
	}
	var s Stats
	for _, e := range entries {
		if e.Err != nil {
			s.Skipped++
			continue
		}
		if _, ok := e.Header.HumanSeat(); !ok {
			s.Skipped++
			continue
		}
		_, r, err := read(e.Path)
		if err != nil {
			s.Skipped++
			continue
		}
		s.Add(r)
	}
	return s
}
