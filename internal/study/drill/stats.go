package drill

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// StatsName is the file, in the state directory, that keeps the
// trainer's record across sessions.
const StatsName = "train.json"

// statsVersion is the format of the file; another version is refused as
// damaged (and kept aside), never misread.
const statsVersion = 1

// MaxMistakes is how many of the last mistakes the record keeps for
// review.
const MaxMistakes = 20

// MaxDrills bounds every count of a record read from a file: a billion
// drills, a thousand years of training. A hand-edited larger value is
// refused on load, so adding to it can never overflow.
const MaxDrills = 1_000_000_000

// maxDrillLoss bounds the points one drill can cost (a deal is worth
// far less), so Lost is at most maxDrillLoss * Drills.
const maxDrillLoss = 1000

// LockName is the lock file, beside the record, that one read-modify-
// write of the record holds, so two trainers never lose each other's
// drills.
const LockName = "train.lock"

// lockWait is how long Add and Save wait for another trainer's write.
const lockWait = 10 * time.Second

// Score counts graded drills.
type Score struct {
	Drills  int `json:"drills"`
	Correct int `json:"correct"` // the best option, or as good within the error
	// Lost is the sum of the points the mistakes cost (expected score
	// difference for the deal), and WinLost of the chances to win the
	// game they cost, over all drills.
	Lost    float64 `json:"points_lost"`
	WinLost float64 `json:"win_lost"`
}

// Accuracy returns the share of drills answered correctly (0 with none).
func (s Score) Accuracy() float64 {
	if s.Drills == 0 {
		return 0
	}
	return float64(s.Correct) / float64(s.Drills)
}

// AvgLost returns the average points lost per drill.
func (s Score) AvgLost() float64 {
	if s.Drills == 0 {
		return 0
	}
	return s.Lost / float64(s.Drills)
}

// Add counts one drill answered with verdict v. A score at MaxDrills
// counts no more: it stays a record Load accepts.
func (s *Score) Add(v Verdict) {
	if s.Drills >= MaxDrills {
		return
	}
	s.Drills++
	if v.Kind != Mistake {
		s.Correct++
		return
	}
	s.Lost += v.Points
	s.WinLost += v.Win
}

// Missed is one drill answered with a mistake, kept for review.
type Missed struct {
	Situation string  `json:"situation"` // the text form: klob train -eval takes it
	Chose     string  `json:"chose"`     // the action taken, in rules notation
	Best      string  `json:"best"`      // the best action
	Points    float64 `json:"points"`    // points it cost
	Win       float64 `json:"win"`       // chance to win the game it cost
	ByWin     bool    `json:"by_win"`    // judged by the chance to win
	// Chance is the chance to win the game after the choice made, and
	// BestChance after the best.
	Chance     float64   `json:"chance"`
	BestChance float64   `json:"best_chance"`
	When       time.Time `json:"when"`
}

// Verdict returns the verdict of the choice made.
func (m Missed) Verdict() Verdict {
	return Verdict{Kind: Mistake, ByWin: m.ByWin, Points: m.Points, Win: m.Win, Chance: m.Chance, BestChance: m.BestChance}
}

// Stats is the trainer's record across sessions.
type Stats struct {
	Version int `json:"version"`
	Score
	// Kinds breaks the score down by kind of decision ("round one",
	// "schmeiss", "round two").
	Kinds map[string]Score `json:"kinds,omitempty"`
	// Mistakes are the last MaxMistakes mistakes, oldest first.
	Mistakes []Missed `json:"mistakes,omitempty"`
	// Tables keeps the record of the tables of three and four, by seat
	// count ("3", "4"), apart from the two-player record above (which
	// stays where records before tables kept it, so they still read).
	Tables map[string]TableStats `json:"tables,omitempty"`
}

// TableStats is the record of the drills of one seat count: as Stats,
// with the mistakes in TableSituation's text form.
type TableStats struct {
	Score
	Kinds    map[string]Score `json:"kinds,omitempty"`
	Mistakes []Missed         `json:"mistakes,omitempty"`
}

// Table returns the record of the tables of players seats (an empty
// one when there is none yet).
func (st *Stats) Table(players int) TableStats {
	return st.Tables[strconv.Itoa(players)]
}

// Record is one graded drill.
type Record struct {
	// Situation is a two-player drill; Table, when set, a drill of a
	// table of three or four (and Situation is unused).
	Situation Situation
	Table     *TableSituation
	Chose     rules.Action
	Best      rules.Action
	Verdict   Verdict
	When      time.Time
}

// NewRecord grades choosing an.Rows[chosen] in situation s.
func NewRecord(s Situation, an *Analysis, chosen int, when time.Time) Record {
	return Record{Situation: s.Clone(), Chose: an.Rows[chosen].Action, Best: an.Rows[an.Best].Action,
		Verdict: an.Rows[chosen].Verdict, When: when}
}

// NewTableRecord grades choosing an.Rows[chosen] in the table situation
// s.
func NewTableRecord(s TableSituation, an *Analysis, chosen int, when time.Time) Record {
	c := s.Clone()
	return Record{Table: &c, Chose: an.Rows[chosen].Action, Best: an.Rows[an.Best].Action,
		Verdict: an.Rows[chosen].Verdict, When: when}
}

// missed is the record of r as a mistake.
func (r Record) missed(situation string) Missed {
	return Missed{Situation: situation, Chose: r.Chose.String(),
		Best: r.Best.String(), Points: r.Verdict.Points, Win: r.Verdict.Win, ByWin: r.Verdict.ByWin,
		Chance: r.Verdict.Chance, BestChance: r.Verdict.BestChance,
		When: r.When.UTC().Truncate(time.Second)}
}

// Add counts r: a table drill in the record of its seat count, a
// two-player drill in the two-player record.
func (st *Stats) Add(r Record) {
	st.Version = statsVersion
	if r.Table != nil {
		if st.Tables == nil {
			st.Tables = map[string]TableStats{}
		}
		key := strconv.Itoa(r.Table.Players())
		ts := st.Tables[key]
		ts.add(r)
		st.Tables[key] = ts
		return
	}
	st.Score.Add(r.Verdict)
	if st.Kinds == nil {
		st.Kinds = map[string]Score{}
	}
	k := st.Kinds[r.Situation.Kind().String()]
	k.Add(r.Verdict)
	st.Kinds[r.Situation.Kind().String()] = k
	if r.Verdict.Kind == Mistake {
		st.Mistakes = keepLast(append(st.Mistakes, r.missed(r.Situation.String())))
	}
}

// add counts a table drill r.
func (ts *TableStats) add(r Record) {
	ts.Score.Add(r.Verdict)
	if ts.Kinds == nil {
		ts.Kinds = map[string]Score{}
	}
	name := r.Table.Kind().String()
	k := ts.Kinds[name]
	k.Add(r.Verdict)
	ts.Kinds[name] = k
	if r.Verdict.Kind == Mistake {
		ts.Mistakes = keepLast(append(ts.Mistakes, r.missed(r.Table.String())))
	}
}

// keepLast keeps the last MaxMistakes mistakes.
func keepLast(ms []Missed) []Missed {
	if n := len(ms); n > MaxMistakes {
		return append([]Missed(nil), ms[n-MaxMistakes:]...)
	}
	return ms
}

// Clone returns a copy that shares nothing with st.
func (st Stats) Clone() Stats {
	if st.Kinds != nil {
		k := make(map[string]Score, len(st.Kinds))
		for n, s := range st.Kinds {
			k[n] = s
		}
		st.Kinds = k
	}
	st.Mistakes = append([]Missed(nil), st.Mistakes...)
	if st.Tables != nil {
		t := make(map[string]TableStats, len(st.Tables))
		for n, ts := range st.Tables {
			k := make(map[string]Score, len(ts.Kinds))
			for kn, s := range ts.Kinds {
				k[kn] = s
			}
			if ts.Kinds == nil {
				k = nil
			}
			ts.Kinds = k
			ts.Mistakes = append([]Missed(nil), ts.Mistakes...)
			t[n] = ts
		}
		st.Tables = t
	}
	return st
}

// check reports what is wrong with a record read from a file.
func (st *Stats) check() error {
	if st.Version != statsVersion {
		return fmt.Errorf("version %d, want %d", st.Version, statsVersion)
	}
	scores := []Score{st.Score}
	for _, k := range st.Kinds {
		scores = append(scores, k)
	}
	for n, ts := range st.Tables {
		if n != "3" && n != "4" {
			return fmt.Errorf("a record of tables of %q players", untrusted.Text(n))
		}
		scores = append(scores, ts.Score)
		for _, k := range ts.Kinds {
			scores = append(scores, k)
		}
		if err := checkMistakes(ts.Mistakes, func(s string) error {
			ts, err := ParseTable(s)
			if err == nil && strconv.Itoa(ts.Players()) != n {
				err = fmt.Errorf("a table of %d in the record of %s", ts.Players(), n)
			}
			return err
		}); err != nil {
			return fmt.Errorf("tables of %s: %v", n, err)
		}
	}
	for _, s := range scores {
		if s.Drills < 0 || s.Correct < 0 || s.Correct > s.Drills || s.Lost < 0 || s.WinLost < 0 ||
			math.IsInf(s.Lost, 0) || math.IsInf(s.WinLost, 0) {
			return fmt.Errorf("impossible counts: %d correct of %d drills, %.1f points lost", s.Correct, s.Drills, s.Lost)
		}
		if s.Drills > MaxDrills || s.Lost > maxDrillLoss*float64(s.Drills) || s.WinLost > float64(s.Drills) {
			return fmt.Errorf("out of range: %d drills (at most %d), %g points and %g games lost", s.Drills, MaxDrills, s.Lost, s.WinLost)
		}
	}
	return checkMistakes(st.Mistakes, func(s string) error {
		_, err := Parse(s)
		return err
	})
}

// checkMistakes reports what is wrong with the mistakes of a record,
// each situation read by parse.
func checkMistakes(ms []Missed, parse func(string) error) error {
	if len(ms) > MaxMistakes {
		return fmt.Errorf("%d mistakes kept, at most %d", len(ms), MaxMistakes)
	}
	for i, m := range ms {
		if err := parse(m.Situation); err != nil {
			return fmt.Errorf("mistake %d: %v", i+1, err)
		}
		for _, a := range []string{m.Chose, m.Best} {
			if _, err := rules.ParseAction(a); err != nil {
				return fmt.Errorf("mistake %d: %q is not an action", i+1, untrusted.Text(a))
			}
		}
		for _, x := range []float64{m.Points, m.Win, m.Chance, m.BestChance} {
			if x < 0 || x > maxDrillLoss {
				return fmt.Errorf("mistake %d: %g is out of range", i+1, x)
			}
		}
	}
	return nil
}

// DamagedError reports a record file that could not be read: it was
// moved to Aside (kept, never deleted) and the record starts afresh.
// Aside is "" when even the move failed; the file then stays where it is
// and nothing is written over it.
type DamagedError = durable.DamagedError

// ErrBlocked is returned by Add when a damaged record could not be moved
// aside: rather than write over it, nothing is saved.
var ErrBlocked = errors.New("the damaged training record is in the way: nothing is saved")

// StatsFile keeps Stats in one file, written atomically. Its methods
// are safe for concurrent use (the trainer saves from a tea.Cmd, and two
// saves may overlap); do not copy a StatsFile once used.
type StatsFile struct {
	Path string
	// Now stamps the name a damaged file is moved to; nil means time.Now.
	Now func() time.Time
	// FS is the file system, for tests; nil means the real one.
	FS durable.FS

	mu sync.Mutex
}

// DefaultStatsFile returns the record in the state directory
// (store.DefaultDir).
func DefaultStatsFile() (*StatsFile, error) {
	dir, err := store.DefaultDir(os.Getenv)
	if err != nil {
		return nil, err
	}
	return &StatsFile{Path: filepath.Join(dir, StatsName)}, nil
}

func (f *StatsFile) fs() durable.FS {
	if f.FS != nil {
		return f.FS
	}
	return durable.OS()
}

func (f *StatsFile) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// Load reads the record. A missing file is an empty record. A file that
// does not parse, or holds impossible numbers, is moved into the damaged
// folder beside it and reported with a *DamagedError, with an empty
// record; other read errors are returned as they are.
func (f *StatsFile) Load() (Stats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.load()
}

func (f *StatsFile) load() (Stats, error) {
	// durable.OS reads with untrusted.ReadFile: regular files only,
	// bounded.
	data, err := f.fs().ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stats{Version: statsVersion}, nil
	}
	if err != nil {
		return Stats{}, fmt.Errorf("training record: %w", err)
	}
	var st Stats
	if err = json.Unmarshal(data, &st); err == nil {
		err = st.check()
	}
	if err == nil {
		return st, nil
	}
	return Stats{Version: statsVersion}, durable.Damaged(f.fs(), "the training record", f.Path,
		filepath.Join(filepath.Dir(f.Path), store.DamagedDir), "train-"+f.now().Format("2006-01-02-150405"), ".json", err)
}

// Add reads the record as it is on disk now (another session may have
// added to it), counts r, and writes it back atomically, holding the
// record's lock file throughout so that no other trainer writes between
// the read and the write: a temporary
// file in the same directory, written, synced and closed, renamed over
// the record, then the directory synced. It returns the new record. When
// the file on disk was damaged it is kept aside and the new record
// starts from r: the *DamagedError is returned with the saved record.
func (f *StatsFile) Add(r Record) (Stats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	unlock, err := f.lock()
	if err != nil {
		return Stats{}, err
	}
	defer unlock()
	st, lerr := f.load()
	var de *DamagedError
	switch {
	case errors.As(lerr, &de) && de.Aside == "":
		return st, fmt.Errorf("%w: %v", ErrBlocked, de)
	case lerr != nil && de == nil:
		return st, lerr
	}
	st.Add(r)
	if err := f.save(st); err != nil {
		return st, err
	}
	return st, lerr
}

// Save writes st over the record atomically (see Add).
func (f *StatsFile) Save(st Stats) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	unlock, err := f.lock()
	if err != nil {
		return err
	}
	defer unlock()
	return f.save(st)
}

// lock takes the record's lock file (LockName beside it) for one
// read-modify-write, waiting up to lockWait for another trainer, in this
// process or another.
func (f *StatsFile) lock() (unlock func(), err error) {
	dir := filepath.Dir(f.Path)
	if err := f.fs().MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("training record: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	l, err := dirlock.Wait(ctx, filepath.Join(dir, LockName))
	if err != nil {
		return nil, fmt.Errorf("training record: %w", err)
	}
	return func() { l.Unlock() }, nil
}

func (f *StatsFile) save(st Stats) error {
	st.Version = statsVersion
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("training record: %w", err)
	}
	data = append(data, '\n')
	if err := f.fs().MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
		return fmt.Errorf("training record: %w", err)
	}
	if _, err := durable.Replace(f.fs(), f.Path, ".train-*.tmp", data); err != nil {
		return fmt.Errorf("training record: %w", err)
	}
	return nil
}
