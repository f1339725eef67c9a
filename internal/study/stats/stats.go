package stats

import (
	"slices"
	"sort"
	"strings"

	"github.com/klob/klob/ai"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// Record counts games: played, played to the end, and won.
type Record struct {
	Games    int // games with the player
	Finished int // of those, played to the end
	Won      int // finished games the player's side won
}

// Lost returns the finished games the player's side did not win.
func (r Record) Lost() int { return r.Finished - r.Won }

// Stats is the player's record. The zero value is an empty record; Add
// puts games in.
type Stats struct {
	Record
	Skipped int // games left out: no single human seat, or unreadable
	// Left counts the games bots finished after the player left them
	// (store.Entry.Left). They are in Games and in no other figure: not
	// finished, won, by level, by seat count nor in the deals' figures,
	// as the player did not play them to their end.
	Left int

	// ByLevel is the record against each opponents' level, in the order
	// of ai.Levels, then other names in alphabetical order.
	ByLevel []LevelRecord
	// BySeats is the record at each seat count played, fewest seats
	// first.
	BySeats []SeatsRecord

	Deals     int // deals played to the end, thrown-in ones included
	Points    int // points the player's side scored in them
	OppPoints int // points the opposing sides scored in them, together
	OppSides  int // the opposing sides summed over those deals: OppPoints' divisor
	Maker     int // deals in which the player made trump
	MakerDone int // of those, played out (not thrown in)
	Bete      int // deals the player made trump in and was bete
}

// LevelRecord is the record against one opponents' level: the level of
// the bots on the other sides, or their levels joined by "+" ("easy+hard")
// when they differ.
type LevelRecord struct {
	Level string
	Record
}

// SeatsRecord is the record at one seat count.
type SeatsRecord struct {
	Players int
	Record
}

// AvgPerDeal returns the player's side's average score per deal, 0 with
// no deal.
func (s *Stats) AvgPerDeal() float64 { return ratio(s.Points, s.Deals) }

// OppAvgPerDeal returns an opposing side's average score per deal: the
// opponent's with two players, each other player's with three, the other
// team's with four.
func (s *Stats) OppAvgPerDeal() float64 { return ratio(s.OppPoints, s.OppSides) }

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

// Add puts one game of any seat count in the record and reports whether
// it counted (it does not without exactly one human seat).
func (s *Stats) Add(r *gamelog.Replay) bool { return s.AddFor(r, "") }

// AddFor puts one game of the person's own history in the record of the
// person with key id: the seat of that key (OwnSeat), the one human seat
// when id is "". It reports whether the game counted (it does not when
// the person played no seat of it).
func (s *Stats) AddFor(r *gamelog.Replay, id string) bool { return s.addFor(r, id, nil) }

// addFor is AddFor for a game bots finished for the seats left, whose
// people had left it (store.Entry.Left). If the person's seat is among
// them the game counts in Games and Left only: not as finished, won or
// lost, nor by level or seat count, and none of its deals count, as a
// bot played the person's seat to the end and what it scored there is
// not the person's.
func (s *Stats) addFor(r *gamelog.Replay, id string, left []rules.Seat) bool {
	h := &r.Header
	me, ok := OwnSeat(h, id)
	if !ok {
		s.Skipped++
		return false
	}
	if r.Over && slices.Contains(left, me) {
		s.Games++
		s.Left++
		return true
	}
	n := h.Seats()
	side := rules.SideOfSeat(n, me)
	won := r.Over && r.Winner == side
	for _, rec := range []*Record{&s.Record, &s.level(opponents(h, side)).Record, &s.seats(n).Record} {
		rec.Games++
		if r.Over {
			rec.Finished++
		}
		if won {
			rec.Won++
		}
	}
	sides := rules.SidesAt(n)
	for i := range r.Deals {
		d := &r.Deals[i]
		if !d.Done {
			continue
		}
		s.Deals++
		for x := range sides {
			if x == side {
				s.Points += d.Score.Scored[x]
			} else {
				s.OppPoints += d.Score.Scored[x]
				s.OppSides++
			}
		}
		if d.Score.Maker != me {
			continue
		}
		s.Maker++
		if d.Ending.ThrownIn() || d.Score.ThrownIn() {
			continue
		}
		s.MakerDone++
		if d.Score.Outcome == rules.Bete {
			s.Bete++
		}
	}
	return true
}

// OwnSeat returns the seat of the person with key id in a game of their
// own history: the seat of their key (gamelog.Header.PersonSeat), else,
// in a game with no key on any seat, its one human seat. Games alone over
// `klob serve` were filed without the person's key before they recorded
// it; in the person's own history such a game is theirs, and a shared
// table's game always carries its people's keys. Only for a person's own
// history: elsewhere a game without keys may be someone else's.
func OwnSeat(h *gamelog.Header, id string) (rules.Seat, bool) {
	if me, ok := h.PersonSeat(id); ok || id == "" {
		return me, ok
	}
	for s := range rules.Seat(h.Seats()) {
		if h.Key(s) != "" {
			return rules.NoSeat, false
		}
	}
	return h.HumanSeat()
}

// opponents names the level of the seats not on side: one level, or
// the distinct levels weakest first joined by "+". People are "people",
// not a level: a shared game against a bot and a person is
// "normal+people".
func opponents(h *gamelog.Header, side int) string {
	n := h.Seats()
	var levels []string
	for s := range rules.Seat(n) {
		l := h.Level(s)
		if l == gamelog.Human {
			l = "people"
		}
		if rules.SideOfSeat(n, s) != side && !slices.Contains(levels, l) {
			levels = append(levels, l)
		}
	}
	sort.Slice(levels, func(i, j int) bool { return levelLess(levels[i], levels[j]) })
	return strings.Join(levels, "+")
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

// seats returns the record of n seats, adding it (in order) when it is
// new.
func (s *Stats) seats(n int) *SeatsRecord {
	i := sort.Search(len(s.BySeats), func(i int) bool { return s.BySeats[i].Players >= n })
	if i == len(s.BySeats) || s.BySeats[i].Players != n {
		s.BySeats = slices.Insert(s.BySeats, i, SeatsRecord{Players: n})
	}
	return &s.BySeats[i]
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

// levelRank orders the known levels weakest first, others after. A
// mixed level ranks by its weakest.
func levelRank(name string) int {
	first, _, _ := strings.Cut(name, "+")
	if i := slices.Index(ai.Levels, ai.Level(first)); i >= 0 {
		return i
	}
	return len(ai.Levels)
}

// ReadFunc reads and replays a game log; gamelog.ReadReplay is one.
type ReadFunc func(path string) (*gamelog.Log, *gamelog.Replay, error)

// FromHistory adds up the games of a person's own history, of every
// seat count, for the person with key id ("" for the one person of local
// games: AddFor, OwnSeat). Entries that could not be read (Entry.Err), and logs
// that read fails on, are counted in Skipped. A nil read uses
// gamelog.ReadReplay.
func FromHistory(entries []store.Entry, read ReadFunc, id string) Stats {
	if read == nil {
		read = gamelog.ReadReplay
	}
	var s Stats
	for _, e := range entries {
		if _, ok := OwnSeat(&e.Header, id); e.Err != nil || !ok {
			s.Skipped++
		} else if _, r, err := read(e.Path); err != nil {
			s.Skipped++
		} else {
			s.addFor(r, id, e.Left)
		}
	}
	return s
}
