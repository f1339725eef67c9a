package drill

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klob/klob/ai/eval"
	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// StatsName is the file, in the state directory, that keeps the
// trainer's record across sessions.
const StatsName = "train.json"

// statsVersion is the format the record is written in. Version 1 kept
// the two-player record at the top and the tables of three and four
// apart; it is read and converted. Another version is refused as
// damaged (and kept aside), never misread.
const (
	statsVersion = 2
	statsV1      = 1
)

// MaxMistakes is how many of the last mistakes each seat count's record
// keeps for review.
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
	Correct int `json:"correct"` // the best option, or as good
	// Lost is the sum of the points the wrong answers graded on the
	// points cost (expected score difference for the deal), and WinLost
	// of the chances to win the game those graded by that chance cost:
	// each wrong answer counts on the scale it was graded by, as the
	// game analysis counts a decision. A record written before counted
	// both for every wrong answer; its totals are read as they are.
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

// merge adds the drills o counts to s.
func (s *Score) merge(o Score) {
	s.Drills += o.Drills
	s.Correct += o.Correct
	s.Lost += o.Lost
	s.WinLost += o.WinLost
}

// Add counts one drill answered with verdict v. A score at MaxDrills
// counts no more: it stays a record Load accepts.
func (s *Score) Add(v Verdict) {
	if s.Drills >= MaxDrills {
		return
	}
	s.Drills++
	if !v.Kind.Wrong() {
		s.Correct++
		return
	}
	// On its grade's scale only, as the analysis sums a decision
	// (analysis.Decision.PointsLost and WinLost): a choice graded by the
	// chance to win is not also counted in points, nor the reverse.
	if v.ByWin {
		s.WinLost += v.Win
	} else {
		s.Lost += v.Points
	}
}

// Text says the score in a sentence: "3 drills, 2 right (67%); 41
// points lost, 13.7 a drill." A wrong answer judged by the chance to
// win counts no points; what it cost is said in that chance, summed
// over the drills as the game analysis sums it over the decisions:
// "chance to win lost 12.0% summed over the drills".
func (s Score) Text() string {
	t := fmt.Sprintf("%s, %d right (%.0f%%)", textwrap.Count(s.Drills, "drill"), s.Correct, 100*s.Accuracy())
	return t + "; " + s.LostText() + "."
}

// LostText says what the wrong answers cost: "nothing lost", "41.2
// points lost, 13.7 a drill", "chance to win lost 40.1% summed over the
// drills", or both. Over one drill the average is the total again, so
// the loss is said once, "on the one drill" closing the whole: "41.2
// points lost on the one drill". The chance is a percentage summed over
// the drills (it can pass 100%), in the words of the game analysis,
// with one decimal at any size as the verdicts write a loss ("-40.1%
// win").
func (s Score) LostText() string {
	if s.Correct == s.Drills {
		return "nothing lost"
	}
	one := s.Drills == 1
	var parts []string
	if s.Lost > 0 || s.WinLost == 0 {
		points := PointsOne(s.Lost) + " lost"
		if !one {
			points += fmt.Sprintf(", %.1f a drill", s.AvgLost())
		}
		parts = append(parts, points)
	}
	if s.WinLost > 0 {
		chance := "chance to win lost " + PercentOne(s.WinLost)
		if !one {
			chance += " summed over the drills"
		}
		parts = append(parts, chance)
	}
	t := strings.Join(parts, "; ")
	if one {
		t += " on the one drill"
	}
	return t
}

// pluralOf is word for an amount x written with %g: singular for 1
// (textwrap.Count for a whole count).
func pluralOf(x float64, word string) string {
	if x == 1 {
		return word
	}
	return word + "s"
}

// Missed is one drill answered wrong, kept for review.
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
	// Samples and Seed are the drill's evaluation's; 0 in a record kept
	// before they were.
	Samples int    `json:"samples,omitempty"`
	Seed    uint64 `json:"seed,omitempty"`
}

// EvalText is the text klob train -eval takes to show the mistake again:
// the situation with the drill's samples and seed, so that the table is
// the one the trainer showed (without them -eval samples with its own
// seed, and the numbers differ).
func (m Missed) EvalText() string {
	if m.Samples <= 0 {
		return m.Situation
	}
	return fmt.Sprintf("%s samples=%d seed=%d", m.Situation, m.Samples, m.Seed)
}

// Verdict returns the verdict of the choice made, graded again from
// what it cost. A choice kept under an older, stricter grading that the
// scale now calls as good reads as an inaccuracy: it was counted wrong.
func (m Missed) Verdict() Verdict {
	loss := m.Points
	if m.ByWin {
		loss = m.Win
	}
	v := Verdict{Kind: max(GradeLoss(loss, m.ByWin), Inaccuracy), ByWin: m.ByWin, Points: m.Points, Win: m.Win,
		Chance: m.Chance, BestChance: m.BestChance}
	// The figures the drill's screen wrote (Verdict.Recorded keeps them),
	// so that the words are written as there: the loss in points with a
	// decimal, the chances to win with theirs ("from 46.9% to 29.8%").
	// The points are the gap of a best shown at the loss and a choice
	// shown at nothing.
	v.Shown = Shown{Win: shownTenths(m.Chance, true), Set: true}
	v.BestShown = Shown{Win: shownTenths(m.BestChance, true), Mean: int(math.Round(pointsShown(m.Points) * 10)), Set: true}
	return v
}

// shownTenths is x written in tenths, as figureChoices' nearest one: of a
// point, or (win) of a percent of a chance.
func shownTenths(x float64, win bool) int { return figureChoices(x, win)[0] }

// Words says the choice made and the best one as a person reads them,
// cards as cards: "name diamonds", "take".
func (m Missed) Words(ascii bool) (chose, best string) {
	say := func(s string) string {
		a, err := rules.ParseAction(s)
		if err != nil {
			return untrusted.Text(s)
		}
		return Label(a, ascii)
	}
	return say(m.Chose), say(m.Best)
}

// Section is the record of the drills of one seat count.
type Section struct {
	Score
	// Kinds breaks the score down by kind of decision (Kind.String).
	Kinds map[string]Score `json:"kinds,omitempty"`
	// Mistakes are the last MaxMistakes wrong answers, oldest first.
	Mistakes []Missed `json:"mistakes,omitempty"`
}

// Stats is the trainer's record across sessions: a Section for each
// seat count trained at.
type Stats struct {
	Version int `json:"version"`
	// Sections are keyed by the seat count: "2", "3", "4".
	Sections map[string]Section `json:"sections,omitempty"`
}

// Section returns the record of the drills at players seats (an empty
// one when there is none yet).
func (st *Stats) Section(players int) Section {
	return st.Sections[strconv.Itoa(players)]
}

// Total returns the score of every seat count together.
func (st *Stats) Total() Score {
	var t Score
	for _, s := range st.Sections {
		t.merge(s.Score)
	}
	return t
}

// Record is one graded drill.
type Record struct {
	Situation Situation
	Chose     rules.Action
	Best      rules.Action
	Verdict   Verdict
	When      time.Time
	// Samples and Seed are the evaluation's (0: not known), kept with a
	// mistake so that its -eval text prints the table the drill showed.
	Samples int
	Seed    uint64
}

// NewRecord grades choosing an.Rows[chosen] in situation s.
func NewRecord(s Situation, an *Analysis, chosen int, when time.Time) Record {
	return Record{Situation: s.Clone(), Chose: an.Rows[chosen].Action, Best: an.Rows[an.Best].Action,
		Verdict: an.Rows[chosen].Verdict.Recorded(), When: when}
}

// Recorded is the verdict as the record keeps it: what a wrong choice
// cost and the two chances to win as the screen wrote them beside it
// (the differences of the figures shown), not the exact values, whose
// rounding can differ by a tenth. So the record's totals, the mistakes
// list and -review say the loss the drill's screen and -eval said. A
// verdict without figures (Shown) is kept as it is.
func (v Verdict) Recorded() Verdict {
	if !v.Shown.Set || !v.BestShown.Set {
		return v
	}
	chance := func(t int, p float64) float64 {
		if t == 1 && p < 0.001 || t == 999 && p > 0.999 {
			return p // "<0.1%", ">99.9%": the exact chance keeps its edge
		}
		return float64(t) / 1000
	}
	v.Chance, v.BestChance = chance(v.Shown.Win, v.Chance), chance(v.BestShown.Win, v.BestChance)
	if v.Kind.Wrong() {
		v.Points = float64(max(0, v.BestShown.Mean-v.Shown.Mean)) / 10
		v.Win = float64(max(0, v.BestShown.Win-v.Shown.Win)) / 1000
	}
	return v
}

// Add counts r in the section of its seat count.
func (st *Stats) Add(r Record) {
	st.Version = statsVersion
	if st.Sections == nil {
		st.Sections = map[string]Section{}
	}
	key := strconv.Itoa(r.Situation.Players())
	sec := st.Sections[key]
	sec.Score.Add(r.Verdict)
	if sec.Kinds == nil {
		sec.Kinds = map[string]Score{}
	}
	kind := r.Situation.Kind().String()
	k := sec.Kinds[kind]
	k.Add(r.Verdict)
	sec.Kinds[kind] = k
	if r.Verdict.Kind.Wrong() {
		sec.Mistakes = keepLast(append(sec.Mistakes, Missed{Situation: r.Situation.String(), Chose: r.Chose.String(),
			Best: r.Best.String(), Points: r.Verdict.Points, Win: r.Verdict.Win, ByWin: r.Verdict.ByWin,
			Chance: r.Verdict.Chance, BestChance: r.Verdict.BestChance, When: r.When.UTC().Truncate(time.Second),
			Samples: r.Samples, Seed: r.Seed}))
	}
	st.Sections[key] = sec
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
	if st.Sections == nil {
		return st
	}
	secs := make(map[string]Section, len(st.Sections))
	for n, sec := range st.Sections {
		sec.Kinds = maps.Clone(sec.Kinds)
		sec.Mistakes = append([]Missed(nil), sec.Mistakes...)
		secs[n] = sec
	}
	st.Sections = secs
	return st
}

// statsFileV1 is the record as version 1 wrote it: the two-player record at
// the top, the tables of three and four under "tables".
type statsFileV1 struct {
	Section
	Tables map[string]Section `json:"tables,omitempty"`
}

// jsonAt is err, an error of decoding data as JSON, with where in
// data it is, "line 3, column 7: ...": the JSON package says only how
// many bytes it read. Other errors are returned as they are.
func jsonAt(data []byte, err error) error {
	var off int64
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	default:
		return err
	}
	// The offset is of the byte after the one at fault.
	i := min(max(int(off)-1, 0), len(data))
	line := 1 + bytes.Count(data[:i], []byte("\n"))
	col := i - bytes.LastIndexByte(data[:i], '\n')
	if te != nil {
		// A value of the wrong kind, named by its path in the file
		// (the JSON package's Field names Go fields, not map keys).
		field := pathAt(data, i)
		if field == "" {
			field = "the record"
		}
		return fmt.Errorf("line %d, column %d: %s", line, col, wrongKind(field, te))
	}
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}

// pathAt is the path, as the JSON data names it, of the innermost value
// that holds the byte at i: `sections."2".mistakes[0].points` (keys
// quoted unless a plain name, list places from 0, as jq writes them);
// "" for the whole document, or data that does not read.
func pathAt(data []byte, i int) string {
	type frame struct {
		path   string
		start  int
		list   bool
		n      int    // the list's values so far
		key    string // the object's key awaiting its value
		hasKey bool
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number out of float64's range is still a token
	var stack []frame
	for {
		start := int(dec.InputOffset())
		for start < len(data) && strings.IndexByte(" \t\r\n,:", data[start]) >= 0 {
			start++
		}
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		end := int(dec.InputOffset())
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.start <= i && i < end {
				return top.path
			}
			continue
		}
		path := ""
		if len(stack) > 0 {
			f := &stack[len(stack)-1]
			switch {
			case !f.list && !f.hasKey:
				f.key, f.hasKey = tok.(string), true
				continue
			case f.list:
				path = fmt.Sprintf("%s[%d]", f.path, f.n)
				f.n++
			default:
				path = joinKey(f.path, f.key)
				f.hasKey = false
			}
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, frame{path: path, start: start, list: d == '['})
			continue
		}
		if start <= i && i < end {
			return path
		}
	}
}

// joinKey is path followed by the object key k: bare when k is a plain
// name, else quoted (and cut when long: a key comes from the file).
func joinKey(path, k string) string {
	plain := k != ""
	for j, r := range k {
		plain = plain && (r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || j > 0 && '0' <= r && r <= '9')
	}
	if !plain {
		if r := []rune(k); len(r) > 24 {
			k = string(r[:24]) + "…"
		}
		k = untrusted.Text(strconv.Quote(k))
	}
	if path == "" {
		return k
	}
	return path + "." + k
}

// wrongKind says that the value at field is not of the kind the record
// keeps there, in JSON's words: "drills is a string, want a number". A
// number that does not fit is written as the file has it: "drills is
// 1.5, want a whole number from ... to ...".
func wrongKind(field string, te *json.UnmarshalTypeError) string {
	k := te.Type.Kind()
	num, isNum := strings.CutPrefix(te.Value, "number ")
	switch {
	case isNum && k >= reflect.Int && k <= reflect.Int64:
		bits := te.Type.Bits()
		return fmt.Sprintf("%s is %s, want a whole number from %d to %d", field, num, int64(-1)<<(bits-1), int64(1)<<(bits-1)-1)
	case isNum && k >= reflect.Uint && k <= reflect.Uintptr:
		return fmt.Sprintf("%s is %s, want a whole number from 0 to %d", field, num, ^uint64(0)>>(64-te.Type.Bits()))
	case isNum:
		return fmt.Sprintf("%s is %s, too large a number", field, num)
	}
	return fmt.Sprintf("%s is %s, want %s", field, jsonValue(te.Value), jsonKind(k))
}

// jsonValue is the JSON package's name of a kind of value in the words
// of jsonKind: "array" is "a list".
func jsonValue(v string) string {
	switch v {
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "an object"
	}
	return "a " + v
}

// jsonKind is what JSON value a Go kind is read from: "a number".
func jsonKind(k reflect.Kind) string {
	switch {
	case k == reflect.String:
		return "a string"
	case k == reflect.Bool:
		return "true or false"
	case k >= reflect.Int && k <= reflect.Float64:
		return "a number"
	case k == reflect.Slice || k == reflect.Array:
		return "a list"
	}
	return "an object"
}

// decode reads a record of either version into the current one. The
// situations of version 1's two-player mistakes (the hand form) are
// rewritten in the one text form.
func decode(data []byte) (Stats, error) {
	var head struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Stats{}, jsonAt(data, err)
	}
	switch head.Version {
	case statsVersion:
		var st Stats
		if err := json.Unmarshal(data, &st); err != nil {
			return Stats{}, jsonAt(data, err)
		}
		return st, st.check()
	case statsV1:
	default:
		if head.Version > statsVersion {
			return Stats{}, &NewerError{Version: head.Version, Known: statsVersion}
		}
		return Stats{}, fmt.Errorf("version %d, want %d", head.Version, statsVersion)
	}
	var old statsFileV1
	if err := json.Unmarshal(data, &old); err != nil {
		return Stats{}, jsonAt(data, err)
	}
	st := Stats{Version: statsVersion, Sections: map[string]Section{}}
	maps.Copy(st.Sections, old.Tables)
	if two := old.Section; two.Drills > 0 || len(two.Mistakes) > 0 || len(two.Kinds) > 0 {
		if _, dup := st.Sections["2"]; dup {
			return Stats{}, errors.New("a record of tables of 2 players besides the two-player record")
		}
		st.Sections["2"] = two
	}
	if err := st.check(); err != nil {
		return Stats{}, err
	}
	for n, sec := range st.Sections {
		for i, m := range sec.Mistakes {
			req, _ := Parse(m.Situation) // check read them all
			sec.Mistakes[i].Situation = req.Situation.String()
		}
		st.Sections[n] = sec
	}
	if len(st.Sections) == 0 {
		st.Sections = nil
	}
	return st, nil
}

// check reports what is wrong with a record read from a file.
func (st *Stats) check() error {
	var scores []Score
	for n, sec := range st.Sections {
		if n != "2" && n != "3" && n != "4" {
			return fmt.Errorf("a record of %q players", untrusted.Text(n))
		}
		scores = append(scores, sec.Score)
		for _, k := range sec.Kinds {
			scores = append(scores, k)
		}
		if err := checkMistakes(sec.Mistakes, func(s string) error {
			req, err := Parse(s)
			if err == nil && strconv.Itoa(req.Situation.Players()) != n {
				err = fmt.Errorf("a drill of %d players in the record of %s", req.Situation.Players(), n)
			}
			return err
		}); err != nil {
			return fmt.Errorf("%s players: %v", n, err)
		}
	}
	for _, s := range scores {
		if s.Drills < 0 || s.Correct < 0 || s.Correct > s.Drills || s.Lost < 0 || s.WinLost < 0 ||
			math.IsInf(s.Lost, 0) || math.IsInf(s.WinLost, 0) || math.IsNaN(s.Lost) || math.IsNaN(s.WinLost) {
			return fmt.Errorf("impossible counts: %d correct of %s, %.1f points lost", s.Correct, textwrap.Count(s.Drills, "drill"), s.Lost)
		}
		if s.Drills > MaxDrills || s.Lost > maxDrillLoss*float64(s.Drills) || s.WinLost > float64(s.Drills) {
			return fmt.Errorf("out of range: %s (at most %d), %g %s and %g %s lost", textwrap.Count(s.Drills, "drill"), MaxDrills,
				s.Lost, pluralOf(s.Lost, "point"), s.WinLost, pluralOf(s.WinLost, "game"))
		}
	}
	return nil
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
		if m.Samples < 0 || m.Samples > eval.MaxSamples {
			return fmt.Errorf("mistake %d: %d samples, at most %d", i+1, m.Samples, eval.MaxSamples)
		}
		for _, x := range []float64{m.Points, m.Win, m.Chance, m.BestChance} {
			if !(x >= 0 && x <= maxDrillLoss) {
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

// NewerError refuses a record a newer Klob wrote: its version is one
// this Klob does not know. The file is not damaged: it is left where it
// is, never moved aside nor written over.
type NewerError struct {
	Path           string
	Version, Known int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the training record %s has version %d, and this klob knows versions up to %d: a newer klob wrote it. "+
		"It is left as it is: run the newer klob, or move the file away", e.Path, e.Version, e.Known)
}

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
// record; a record of a newer version is a *NewerError, and left in
// place; other read errors are returned as they are.
func (f *StatsFile) Load() (Stats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.load(true)
}

// Read is Load that only reads: a damaged file is reported (a
// *DamagedError whose Aside is "") and left where it is.
func (f *StatsFile) Read() (Stats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.load(false)
}

// load is Load; move says whether a damaged file is moved aside.
func (f *StatsFile) load(move bool) (Stats, error) {
	// durable.OS reads with untrusted.ReadFile: regular files only,
	// bounded.
	data, err := f.fs().ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stats{Version: statsVersion}, nil
	}
	if err != nil {
		return Stats{}, fmt.Errorf("training record: %w", err)
	}
	st, err := decode(data)
	if err == nil {
		return st, nil
	}
	if ne := (*NewerError)(nil); errors.As(err, &ne) {
		ne.Path = f.Path
		return Stats{Version: statsVersion}, ne
	}
	if !move {
		return Stats{Version: statsVersion}, &DamagedError{What: "the training record", Path: f.Path, Err: err}
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
	st, lerr := f.load(true)
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
	if err := f.fs().MkdirAll(dir, 0o700); err != nil {
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
	if err := durable.ReplaceMkdir(f.fs(), f.Path, ".train-*.tmp", data, 0o700); err != nil {
		return fmt.Errorf("training record: %w", err)
	}
	return nil
}
