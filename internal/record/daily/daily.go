package daily

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/play/duplicate"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// Names in the state directory.
const (
	// Dir is the daily's directory in the state directory.
	Dir         = "daily"
	LockName    = "daily.lock"
	HistoryName = "history.txt"
	BoardName   = "board.txt"
	ImportsDir  = "imports"
	DamagedDir  = "damaged"
	// ReplacedDir, under a day's imports, keeps the files later imports
	// of the same file name replaced.
	ReplacedDir = "replaced"
	// NameName keeps the name given with -name, for the days after.
	NameName = "name.txt"

	// boardMagic starts the board in progress, with its format version.
	boardMagic = "klob-daily-board 1"
	// nameMagic starts the name file: "klob-daily-name 1", "name NAME".
	nameMagic = "klob-daily-name 1"
	// maxNameFile bounds what Name reads.
	maxNameFile = 4 << 10
)

// Files is the daily's directory of a state directory.
type Files struct {
	root string
	fs   durable.FS
	lock *dirlock.Lock
	// hist serializes the history's writes: a board recorded, the
	// results read and par of a past day may each write a line.
	hist sync.Mutex
	// moved are the files moved into damaged/ not yet handed to TakeMoved:
	// whoever read them first (counting the days, choosing the day) may
	// drop the error, and the move must still be said.
	movedMu sync.Mutex
	moved   []error
}

// Open returns the daily's files in the state directory stateDir;
// nothing is created until something is written.
func Open(stateDir string) *Files {
	return &Files{root: filepath.Join(stateDir, Dir), fs: durable.OS()}
}

// ErrBusy is wrapped by Lock's error when another klob daily holds the
// daily's directory.
var ErrBusy = errors.New("another klob daily is playing in this state directory")

// Lock takes the daily's lock until Unlock: one klob daily (or import)
// at a time writes a state directory's daily, so no board is played
// twice at once. It fails at once, wrapping ErrBusy, when another holds
// it.
func (f *Files) Lock() error {
	if f.lock != nil {
		return nil
	}
	if err := f.fs.MkdirAll(f.root, 0o700); err != nil {
		return fmt.Errorf("daily: %w", err)
	}
	l, err := dirlock.TryLock(filepath.Join(f.root, LockName))
	var le *dirlock.LockedError
	switch {
	case errors.As(err, &le) && le.PID > 0:
		return fmt.Errorf("%w (process %d, in %s)", ErrBusy, le.PID, f.root)
	case errors.As(err, &le):
		return fmt.Errorf("%w (in %s)", ErrBusy, f.root)
	case err != nil:
		return fmt.Errorf("daily: %w", err)
	}
	f.lock = l
	return nil
}

// Unlock releases what Lock took.
func (f *Files) Unlock() {
	f.lock.Unlock()
	f.lock = nil
}

// write puts data at path, durably, making its directory.
func (f *Files) write(path string, data []byte) error {
	return durable.ReplaceMkdir(f.fs, path, "."+filepath.Base(path)+"-*.tmp", data, 0o700)
}

// read returns the file at path, and false when there is none.
func (f *Files) read(path string) ([]byte, bool, error) {
	b, err := f.fs.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return b, err == nil, err
}

// damaged moves a file that cannot be read into damaged/ and says so;
// the error is also kept for TakeMoved.
func (f *Files) damaged(what, path string, cause error) error {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return f.note(durable.Damaged(f.fs, what, path, filepath.Join(f.root, DamagedDir), base, filepath.Ext(path), cause))
}

// note keeps err, a damaged file's, for TakeMoved and returns it.
func (f *Files) note(err error) error {
	f.movedMu.Lock()
	f.moved = append(f.moved, err)
	f.movedMu.Unlock()
	return err
}

// TakeMoved returns the errors of the files found damaged (and moved
// aside) since the last call, oldest first, and forgets them: each is
// said once, wherever it was found.
func (f *Files) TakeMoved() []error {
	f.movedMu.Lock()
	defer f.movedMu.Unlock()
	out := f.moved
	f.moved = nil
	return out
}

// Name returns the name kept by SetName, "" when none is. A name file
// that does not read (not a name file, too large) is moved into
// damaged/ and read as no name: the *durable.DamagedError says so, and
// is kept for TakeMoved. One the system would not read (its
// permissions, the disk) is read as no name too, left where it is.
func (f *Files) Name() (string, error) {
	name, inPlace, err := f.readName()
	if err != nil {
		return "", f.note(f.nameDamaged(err, inPlace))
	}
	return name, nil
}

// nameWhat is what the name file holds, for the messages.
const nameWhat = "the name kept for klob daily"

// readName reads the name file: its name, "" when there is none, or
// why it does not read; inPlace when it is not to be moved aside, as it
// is not damaged but could not be read (may read once its permissions
// are right).
func (f *Files) readName() (name string, inPlace bool, err error) {
	data, ok, err := f.read(f.namePath())
	if err != nil {
		return "", !errors.Is(err, untrusted.ErrTooLarge) && !errors.Is(err, untrusted.ErrNotRegular), err
	}
	if !ok {
		return "", false, nil
	}
	bad := func(why string) (string, bool, error) {
		return "", false, fmt.Errorf("%s (want %q, then \"name NAME\")", why, nameMagic)
	}
	if len(data) > maxNameFile {
		return bad("too long for a name")
	}
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	if len(lines) != 2 || lines[0] != nameMagic {
		return bad("not a name file")
	}
	name, ok = strings.CutPrefix(lines[1], "name ")
	if !ok || strings.TrimSpace(name) == "" {
		return bad("line 2 is not a name")
	}
	return name, false, nil
}

func (f *Files) namePath() string { return filepath.Join(f.root, NameName) }

// nameDamaged moves the name file, which did not read with cause, into
// damaged/ (unless inPlace) and returns the error that says so, not
// kept for TakeMoved.
func (f *Files) nameDamaged(cause error, inPlace bool) *durable.DamagedError {
	path := f.namePath()
	cause = fmt.Errorf("%w: the name is -name's, else the login name", cause)
	if inPlace {
		return &durable.DamagedError{What: nameWhat, Path: path, Err: cause}
	}
	return durable.Damaged(f.fs, nameWhat, path, filepath.Join(f.root, DamagedDir),
		strings.TrimSuffix(NameName, filepath.Ext(NameName)), filepath.Ext(NameName), cause)
}

// SetName keeps name for the days after (klob daily -name). A name file
// that does not read is moved into damaged/ first (kept for TakeMoved);
// one that cannot be moved is never written over: the error says so.
func (f *Files) SetName(name string) error {
	if strings.ContainsAny(name, "\r\n") {
		return fmt.Errorf("daily: a name is one line: %q", name)
	}
	if _, inPlace, err := f.readName(); err != nil {
		de := f.nameDamaged(err, inPlace)
		if de.Aside == "" {
			return fmt.Errorf("daily: the name is not kept for the days after: %w", de)
		}
		f.note(de)
	}
	return f.write(f.namePath(), []byte(nameMagic+"\nname "+name+"\n"))
}

// Day is one day's boards at one seat count: the set dealt from the
// date, and what the person played of it.
type Day struct {
	f    *Files
	Set  *duplicate.BoardSet
	Date duplicate.Date
	// Name and Version are written in the person's result file: who
	// they are, and the Klob that made it.
	Name, Version string

	mu   sync.Mutex
	pars map[int]float64 // par by board, as worked out this run
	// lines are the hard bot's lines by board, worked out this run or
	// read from the par file (par.go); onDisk the boards whose line the
	// file holds, linesRead once it is read, linesStuck when it must not
	// be written (damaged and not moved aside, or not readable).
	lines                 map[int]duplicate.ParLine
	onDisk                []int
	linesRead, linesStuck bool
}

// Day deals the daily boards of date at a table of players.
func (f *Files) Day(date duplicate.Date, players int, name, version string) (*Day, error) {
	set, err := duplicate.Daily(date, players)
	if err != nil {
		return nil, err
	}
	return &Day{f: f, Set: set, Date: date, Name: name, Version: version, pars: map[int]float64{},
		lines: map[int]duplicate.ParLine{}}, nil
}

// KeptName is the name in the day's result file, "" when there is none
// or it cannot be read (Load says why): a run that names nobody goes on
// under the name the day began with.
func (d *Day) KeptName() string {
	data, ok, err := d.f.read(d.ResultPath())
	if err != nil || !ok {
		return ""
	}
	rf, err := duplicate.ParseResultFile(data)
	if err != nil || rf.Date != d.Date {
		return ""
	}
	return rf.Name
}

// Players is the seat count.
func (d *Day) Players() int { return d.Set.Players() }

// Dir is the day's directory: daily/2026-12-01-3p.
func (d *Day) Dir() string { return filepath.Join(d.f.root, dayDirName(d.Date, d.Players())) }

func dayDirName(date duplicate.Date, players int) string { return fmt.Sprintf("%s-%dp", date, players) }

// ResultPath is the person's result file, the one to share.
func (d *Day) ResultPath() string {
	return filepath.Join(d.Dir(), fmt.Sprintf("klob-daily-%s-%dp.txt", d.Date, d.Players()))
}

func (d *Day) boardPath() string { return filepath.Join(d.Dir(), BoardName) }

// Progress is what the person played of a day.
type Progress struct {
	// Results holds the boards played, in order (none before the first).
	Results *duplicate.ResultFile
	// Board is the board in progress (0: none), Steps its actions so far
	// (none when it was only begun), Claim the person's claim of the rest
	// of its deal (nil: none), whose play-out goes on when it resumes.
	Board int
	Steps []rules.Step
	Claim *gamelog.Claim
	// stuck is the error of a damaged result file left in its place
	// (not moved aside, or put back): nothing is written over it.
	stuck error
}

// Played reports whether board n is played.
func (p *Progress) Played(n int) bool {
	return slices.ContainsFunc(p.Results.Boards,
		func(b duplicate.BoardResult) bool { return b.Board == n })
}

// Next is the board to play now: the one in progress, else the first
// not played; 0 once every board is.
func (p *Progress) Next(boards int) int {
	if p.Board > 0 {
		return p.Board
	}
	for n := 1; n <= boards; n++ {
		if !p.Played(n) {
			return n
		}
	}
	return 0
}

// Load reads what the person played of the day. A file that cannot be
// read or does not belong to the day's boards is moved into damaged/ and
// the error (a *durable.DamagedError) says where; what else was read is
// returned with it.
func (d *Day) Load() (*Progress, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.load()
}

func (d *Day) load() (*Progress, error) {
	p := &Progress{Results: d.empty()}
	var errs []error
	if data, ok, err := d.f.read(d.ResultPath()); err != nil {
		return nil, fmt.Errorf("your results of the day: %w", err)
	} else if ok {
		rf, err := duplicate.ParseResultFile(data)
		if err == nil {
			err = rf.Check(d.Set)
		}
		if err == nil && rf.Date != d.Date {
			err = fmt.Errorf("results of %s, not of %s", rf.Date, d.Date)
		}
		if err != nil {
			errs = append(errs, d.damagedResults(data, err, p))
		} else {
			p.Results = rf
			for _, b := range rf.Boards {
				if b.HasPar {
					d.pars[b.Board] = b.Par
				}
			}
			// A file an older Klob wrote with par before the day was
			// played out reads as this one writes it (parOnceDone).
			if !d.playedOut(rf) {
				leaveParOut(rf)
			}
		}
	}
	if data, ok, err := d.f.read(d.boardPath()); err != nil {
		return nil, fmt.Errorf("the board in progress: %w", err)
	} else if ok {
		n, steps, claim, err := d.parseBoard(data)
		switch {
		case err != nil:
			errs = append(errs, d.damagedBoard(data, err, p))
		case p.Played(n):
			// Recorded, and the crash came before the file went.
			d.f.fs.Remove(d.boardPath())
		default:
			p.Board, p.Steps, p.Claim = n, steps, claim
		}
	}
	return p, errors.Join(errs...)
}

// damagedResults moves the person's damaged result file (data, which
// failed with cause) aside and keeps in p, and in a new result file,
// every board line of it that still reads: a board played is not dealt
// again that day. A line whose play replays to the deal's end keeps its
// play and the result the play gives, whatever result it states; one
// whose play does not replay keeps its result as stated, without the
// play; a board whose line does not read at all is dealt again, and
// the error says which.
func (d *Day) damagedResults(data []byte, cause error, p *Progress) error {
	boards, kept, fixed, bare, lost, stated := d.salvage(data)
	what := fmt.Sprintf("your results of %s at %d players", d.Date, d.Players())
	var means []string
	if len(kept) > 0 {
		means = append(means, fmt.Sprintf("%s kept from it", BoardList(kept)))
	}
	for _, n := range fixed {
		means = append(means, fmt.Sprintf("board %d kept with its play, which gives %s: the file's result %q is wrong",
			n, number(boards[n].Result), stated[n]))
	}
	if len(bare) > 0 {
		means = append(means, fmt.Sprintf("%s without the play, which does not replay", BoardList(bare)))
	}
	if len(lost) > 0 {
		means = append(means, fmt.Sprintf("%s cannot be read and counted as not played, dealt again while the day may be played", BoardList(lost)))
	}
	if len(kept)+len(fixed)+len(bare) == 0 {
		err := d.f.damaged(what, d.ResultPath(),
			fmt.Errorf("no board of it reads: its boards count as not played, dealt again while the day may be played: %w", cause))
		var de *durable.DamagedError
		if errors.As(err, &de) && de.Aside == "" {
			p.stuck = err
		}
		return err
	}
	path := d.ResultPath()
	de := durable.Damaged(d.f.fs, what, path, filepath.Join(d.f.root, DamagedDir),
		strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), filepath.Ext(path), cause)
	rf := d.header(data)
	for _, n := range slices.Concat(kept, fixed, bare) {
		rf.Boards = append(rf.Boards, boards[n])
	}
	slices.SortFunc(rf.Boards, func(a, b duplicate.BoardResult) int { return a.Board - b.Board })
	// The boards kept count as played this run whatever happens to the
	// files: none of them is dealt again.
	p.Results = rf
	for _, b := range rf.Boards {
		if b.HasPar {
			d.pars[b.Board] = b.Par
		}
	}
	if !d.playedOut(rf) {
		leaveParOut(rf) // as load reads it, and the file is written
	}
	if de.Aside == "" {
		// Still in place: nothing is written over it.
		p.stuck = d.f.note(de)
		return p.stuck
	}
	text, werr := rf.MarshalText()
	if werr == nil {
		werr = d.f.write(path, text)
	}
	if werr != nil {
		// Put back, the damaged file is read again next time rather
		// than its boards lost with no file to read them from.
		back := "it is put back"
		putBack := d.f.fs.Rename(de.Aside, path) == nil
		if !putBack {
			back = "it stays at " + de.Aside
		}
		err := d.f.note(fmt.Errorf("%s could not be read, and the boards that still read in it could not be written (%v): %s: %w",
			what, werr, back, cause))
		if putBack {
			p.stuck = err
		}
		return err
	}
	if said := d.recountKept(rf); said != "" {
		means = append(means, said)
	}
	return d.f.note(&partlyKept{DamagedError: de, kept: strings.Join(means, "; ")})
}

// recountKept writes the day's history line again from rf, the boards
// kept of a damaged result file, when the history has a line of the day:
// the history then counts what the day's screen and its export show,
// not the boards lost. It says what changed ("" when nothing did).
func (d *Day) recountKept(rf *duplicate.ResultFile) string {
	h, err := d.f.History()
	if err != nil {
		return ""
	}
	old, ok := h.Find(d.Date, d.Players())
	if !ok {
		return ""
	}
	line := d.line(rf).Rounded()
	if line == old {
		return ""
	}
	said := "the history's line of the day is counted again from the boards kept"
	if old.Played > line.Played {
		said = fmt.Sprintf("the history counts the day's %s kept, no longer %d", textwrap.Count(line.Played, "board"), old.Played)
	}
	if err := d.f.SetDay(line); err != nil {
		return fmt.Sprintf("the history still counts the day's %d boards: it could not be written (%v)", old.Played, err)
	}
	return said
}

// damagedBoard moves the damaged board in progress (data, which failed
// with cause) aside and, when its board still reads and is not played,
// goes on with it after its actions that still replay (none: from its
// start), written anew: the board begun is not another board.
func (d *Day) damagedBoard(data []byte, cause error, p *Progress) error {
	what := fmt.Sprintf("the board in progress of %s at %d players", d.Date, d.Players())
	n, steps, ok := d.boardPrefix(data)
	if !ok || p.Played(n) {
		return d.f.damaged(what, d.boardPath(), fmt.Errorf("that board is dealt again from its start: %w", cause))
	}
	path := d.boardPath()
	de := durable.Damaged(d.f.fs, what, path, filepath.Join(d.f.root, DamagedDir),
		strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), filepath.Ext(path), cause)
	p.Board, p.Steps = n, steps
	if de.Aside == "" {
		return d.f.note(de)
	}
	var kept string
	switch len(steps) {
	case 0:
		kept = fmt.Sprintf("board %d goes on from its start, none of its actions replaying", n)
	case 1:
		kept = fmt.Sprintf("board %d goes on after its first action, the one that still replays", n)
	default:
		kept = fmt.Sprintf("board %d goes on after its first %d actions, those that still replay", n, len(steps))
	}
	if err := d.f.write(path, boardText(n, steps, nil)); err != nil {
		// Not written: the board goes on this run; the next start finds
		// no board in progress but the one the host saves next.
		kept += fmt.Sprintf(" (not written: %v)", err)
	}
	return d.f.note(&partlyKept{DamagedError: de, kept: kept})
}

// boardPrefix reads the board of a damaged board in progress and the
// longest run of its first actions that still parse and replay. Its
// claim, if any, is not kept: the person plays on from there.
func (d *Day) boardPrefix(data []byte) (int, []rules.Step, bool) {
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(data), "\r\n", "\n")), "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != boardMagic {
		return 0, nil, false
	}
	num, ok := strings.CutPrefix(strings.TrimSpace(lines[1]), "board ")
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		return 0, nil, false
	}
	b, found := d.Set.Board(n)
	if !found {
		return 0, nil, false
	}
	if len(lines) < 3 {
		return n, nil, true
	}
	text, _ := strings.CutPrefix(strings.TrimSpace(lines[2]), "play ")
	parts := strings.Split(text, ",")
	for k := len(parts); k > 0; k-- {
		steps, err := duplicate.ParseSteps(strings.Join(parts[:k], ","), d.Players())
		if err != nil {
			continue
		}
		if t, err := d.play(b, steps); err == nil && !t.Over() {
			return n, steps, true
		}
	}
	return n, nil, true
}

// boardText is the board in progress: board n with steps, and the
// claim made in them when there is one.
func boardText(n int, steps []rules.Step, claim *gamelog.Claim) []byte {
	text := fmt.Sprintf("%s\nboard %d\n", boardMagic, n)
	if len(steps) > 0 {
		text += "play " + duplicate.FormatSteps(steps) + "\n"
		if claim != nil {
			text += duplicate.FormatClaim(claim) + "\n"
		}
	}
	return []byte(text)
}

// partlyKept is a damaged file moved aside whose part that still reads
// was kept (the boards of a result file, the first actions of a board in
// progress): it says what, not "starting afresh". It is a
// *durable.DamagedError to errors.As.
type partlyKept struct {
	*durable.DamagedError
	kept string
}

func (e *partlyKept) Error() string {
	return fmt.Sprintf("%s could not be read whole (kept as %s): %s: %v", e.What, e.Aside, e.kept, e.Err)
}

func (e *partlyKept) Unwrap() error { return e.DamagedError }

// header is an empty result file of the day under the name and version
// of this run, else those of data's header when they read (a Day that
// only counts days has neither), else "player" and "unknown".
func (d *Day) header(data []byte) *duplicate.ResultFile {
	rf := d.empty()
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if v, ok := strings.CutPrefix(line, "name "); ok && rf.Name == "" {
			rf.Name = v
		}
		if v, ok := strings.CutPrefix(line, "version "); ok && rf.Version == "" {
			rf.Version = v
		}
	}
	if _, err := rf.MarshalText(); err != nil {
		rf.Name, rf.Version = cmp.Or(d.Name, "player"), cmp.Or(d.Version, "unknown")
	}
	return rf
}

// ours reports whether data's header says the day's date, seat count
// and board set: only then are its boards read as the day's.
func (d *Day) ours(data []byte) bool {
	want := map[string]string{"date": d.Date.String(), "players": strconv.Itoa(d.Players()), "set": d.Set.ID}
	for _, line := range strings.Split(string(data), "\n") {
		key, val, _ := strings.Cut(strings.TrimSpace(strings.TrimSuffix(line, "\r")), " ")
		if w, ok := want[key]; ok && strings.TrimSpace(val) == w {
			delete(want, key)
		}
	}
	return len(want) == 0
}

// boardLine is a board line's start: "board N".
var boardLine = regexp.MustCompile(`^board ([0-9]+)(\s|$)`)

// salvage reads the board lines of a damaged result file one by one,
// each under the day's own header: the boards whose line reads and
// replays (kept), those whose play replays to the deal's end but whose
// result is not the one stated (fixed: the play's result is kept, and
// stated is what the line said), those whose line reads once its play
// is left out (bare) and those whose "board N" alone reads (lost), with
// the results of the first three.
func (d *Day) salvage(data []byte) (boards map[int]duplicate.BoardResult, kept, fixed, bare, lost []int, stated map[int]string) {
	boards, stated = map[int]duplicate.BoardResult{}, map[int]string{}
	text, err := d.header(nil).MarshalText()
	if err != nil || !d.ours(data) {
		return boards, nil, nil, nil, nil, stated
	}
	header := strings.TrimSuffix(string(text), "end\n")
	one := func(line string) (duplicate.BoardResult, bool) {
		rf, err := duplicate.ParseResultFile([]byte(header + line + "\nend\n"))
		if err != nil || len(rf.Boards) != 1 || rf.Check(d.Set) != nil {
			return duplicate.BoardResult{}, false
		}
		return rf.Boards[0], true
	}
	seen := map[int]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		m := boardLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if seen[n] {
			continue
		}
		if _, ok := d.Set.Board(n); !ok {
			continue
		}
		seen[n] = true
		if br, ok := one(line); ok {
			boards[n] = br
			kept = append(kept, n)
		} else if br, said, ok := d.replayed(n, line, one); ok {
			boards[n], stated[n] = br, said
			fixed = append(fixed, n)
		} else if i := bareEnd(line); i > 0 {
			if br, ok := one(line[:i]); ok {
				boards[n] = br
				bare = append(bare, n)
				continue
			}
			lost = append(lost, n)
		} else {
			lost = append(lost, n)
		}
	}
	slices.Sort(kept)
	slices.Sort(fixed)
	slices.Sort(bare)
	slices.Sort(lost)
	return boards, kept, fixed, bare, lost, stated
}

// bareEnd is where a board line's result and par end: before its
// claim, else before its play (-1: it has neither).
func bareEnd(line string) int {
	if i := strings.Index(line, " claim "); i > 0 {
		return i
	}
	return strings.Index(line, " play ")
}

// replayed reads line, board n's "board N result R par P [claim ...]
// play STEPS", with the result its play gives in place of R: the play,
// when it replays to the deal's end, is what can be checked, so a
// result stated otherwise (edited, or not a number) is not kept. It
// returns the board (checked by one, the claim with it) and R as the
// line states it.
func (d *Day) replayed(n int, line string, one func(string) (duplicate.BoardResult, bool)) (duplicate.BoardResult, string, bool) {
	f := strings.Fields(line)
	b, found := d.Set.Board(n)
	at := slices.Index(f, "play")
	if !found || at < 6 || len(f) < at+2 || f[2] != "result" || f[4] != "par" {
		return duplicate.BoardResult{}, "", false
	}
	claim := strings.Join(f[6:at], " ") // "" or the claim's words
	if claim != "" {
		claim = " " + claim
	}
	play := strings.Join(f[at+1:], " ")
	steps, err := duplicate.ParseSteps(play, d.Players())
	if err != nil {
		return duplicate.BoardResult{}, "", false
	}
	t, err := b.Replay(d.Set.Options, steps)
	if err != nil || t.Turn() != rules.NoSeat {
		return duplicate.BoardResult{}, "", false
	}
	got := duplicate.Result(&t, d.Set.Seat)
	br, ok := one(fmt.Sprintf("board %d result %s par %s%s play %s", n, number(got), f[5], claim, play))
	return br, f[3], ok
}

// number writes a result as the result file does: "+12.5", "-40", "0".
func number(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// BoardList names boards: "board 3", "boards 1, 2 and 4".
func BoardList(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = strconv.Itoa(n)
	}
	if len(ns) == 1 {
		return "board " + words[0]
	}
	return "boards " + strings.Join(words[:len(ns)-1], ", ") + " and " + words[len(ns)-1]
}

// empty is a result file with no board yet.
func (d *Day) empty() *duplicate.ResultFile {
	return &duplicate.ResultFile{Date: d.Date, Players: d.Players(), Set: d.Set.ID, Name: d.Name, Version: d.Version}
}

// parseBoard reads the board in progress: "klob-daily-board 1", "board
// N", "play STEPS" when an action was taken, and "claim SEAT after K
// HOW" when the person claimed the rest of the deal (a file written
// before claims were kept has no such line); the actions must be a play
// of board N, not finished, and the claim one they bear out.
func (d *Day) parseBoard(data []byte) (int, []rules.Step, *gamelog.Claim, error) {
	lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(data), "\r\n", "\n")), "\n")
	if len(lines) < 2 || len(lines) > 4 || strings.TrimSpace(lines[0]) != boardMagic {
		return 0, nil, nil, fmt.Errorf("not a board in progress (%q, then board N, play and claim)", boardMagic)
	}
	num, ok := strings.CutPrefix(strings.TrimSpace(lines[1]), "board ")
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		return 0, nil, nil, fmt.Errorf("line 2: want board N")
	}
	b, found := d.Set.Board(n)
	if !found {
		return 0, nil, nil, fmt.Errorf("line 2: board %d: the day has %d", n, len(d.Set.Boards))
	}
	if len(lines) == 2 {
		return n, nil, nil, nil
	}
	text, ok := strings.CutPrefix(strings.TrimSpace(lines[2]), "play ")
	if !ok {
		return 0, nil, nil, fmt.Errorf("line 3: want play and the actions")
	}
	steps, err := duplicate.ParseSteps(text, d.Players())
	if err != nil {
		return 0, nil, nil, fmt.Errorf("line 3: %w", err)
	}
	if _, err := d.play(b, steps); err != nil {
		return 0, nil, nil, fmt.Errorf("line 3: %w", err)
	}
	if len(lines) == 3 {
		return n, steps, nil, nil
	}
	claim, err := duplicate.ParseClaim(strings.TrimSpace(lines[3]), d.Players())
	if err == nil {
		err = d.Set.CheckClaim(b, steps, claim)
	}
	if err != nil {
		return 0, nil, nil, fmt.Errorf("line 4: %w", err)
	}
	return n, steps, claim, nil
}

// play deals board b and takes steps on it.
func (d *Day) play(b duplicate.Board, steps []rules.Step) (rules.Deal, error) {
	return b.Replay(d.Set.Options, steps)
}

// SaveBoard writes the board in progress: board n, begun, with the
// actions played so far (every action of its deal, in order). Begun
// counts: a board once dealt is played, whatever happens next.
func (d *Day) SaveBoard(n int, steps []rules.Step) error {
	return d.SaveDeal(n, gamelog.Deal{Steps: steps})
}

// SaveDeal is SaveBoard with the deal as the game host keeps it: its
// actions, and the person's claim of the rest of it when they made one,
// so that the board resumes with the claim's play-out.
func (d *Day) SaveDeal(n int, dl gamelog.Deal) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, ok := d.Set.Board(n)
	if !ok {
		return fmt.Errorf("daily: no board %d", n)
	}
	if dl.Claim != nil {
		if err := d.Set.CheckClaim(b, dl.Steps, dl.Claim); err != nil {
			return fmt.Errorf("daily: %w", err)
		}
	}
	return d.f.write(d.boardPath(), boardText(n, dl.Steps, dl.Claim))
}

// Record files board n, played out with steps (every action of its
// deal): its result goes into the person's result file, and the board
// in progress goes. With the day's last board, par known of every board
// goes in too (parOnceDone). It returns the board's line as written.
// A board already recorded keeps its first result.
func (d *Day) Record(n int, steps []rules.Step) (duplicate.BoardResult, error) {
	return d.RecordDeal(n, gamelog.Deal{Steps: steps})
}

// RecordDeal is Record with the deal as the game host keeps it: the
// person's claim, when they made one, is in the board's line.
func (d *Day) RecordDeal(n int, dl gamelog.Deal) (duplicate.BoardResult, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	steps := dl.Steps
	b, ok := d.Set.Board(n)
	if !ok {
		return duplicate.BoardResult{}, fmt.Errorf("daily: no board %d", n)
	}
	t, err := d.play(b, steps)
	if err != nil {
		return duplicate.BoardResult{}, fmt.Errorf("daily: %w", err) // it names the board
	}
	if !t.Over() {
		return duplicate.BoardResult{}, fmt.Errorf("daily: board %d is not played out", n)
	}
	if dl.Claim != nil {
		if err := d.Set.CheckClaim(b, steps, dl.Claim); err != nil {
			return duplicate.BoardResult{}, fmt.Errorf("daily: %w", err)
		}
	}
	p, err := d.load()
	if p == nil {
		return duplicate.BoardResult{}, err
	}
	rf := p.Results
	for _, br := range rf.Boards {
		if br.Board == n {
			return br, d.dropBoard()
		}
	}
	if p.stuck != nil {
		return duplicate.BoardResult{}, fmt.Errorf("daily: board %d is not recorded: %w", n, p.stuck)
	}
	br := duplicate.RecordBoard(n, &t, d.Set.Seat)
	if dl.Claim != nil {
		c := *dl.Claim
		br.Claim = &c
	}
	rf.Boards = append(rf.Boards, br)
	slices.SortFunc(rf.Boards, func(a, b duplicate.BoardResult) int { return a.Board - b.Board })
	err = d.writeResults(rf)
	// The line as written: par, with the day's last board.
	br = rf.Boards[slices.IndexFunc(rf.Boards, func(b duplicate.BoardResult) bool { return b.Board == n })]
	if err != nil {
		return br, err
	}
	if err := d.dropBoard(); err != nil {
		return br, err
	}
	if _, known := d.lines[n]; known {
		d.readLines()
		if err := d.keepLines(rf); err != nil {
			return br, err
		}
	}
	if d.playedOut(rf) {
		// The day counts now, whether or not its results are ever
		// looked at: the results screen rewrites the line with par.
		if err := d.f.SetDay(d.line(rf)); err != nil {
			return br, fmt.Errorf("the day could not be kept in the history: %w", err)
		}
	}
	return br, nil
}

// line is the history's line of the day played out, rf: compared with
// the friends' files stored and par as far as rf holds it (a field of
// one, par unknown, when it holds neither). An import that no longer
// reads is left out here; the results screen says so.
func (d *Day) line(rf *duplicate.ResultFile) duplicate.Day {
	imports, _ := d.Imports()
	if field, err := Compare(d.Set, rf, imports); err == nil {
		return field.Line(d.Date, rf)
	}
	vs, n := duplicate.VersusPar(rf.Boards)
	return duplicate.Day{Date: d.Date, Players: rf.Players, Percent: 50, Field: 1, Played: len(rf.Boards),
		VersusPar: vs, HasPar: n > 0 && n == len(rf.Boards)}
}

// dayDir matches a day's directory name: 2026-12-01-3p.
var dayDir = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})-([234])p$`)

// CountDays puts in the history every day whose result file holds all
// its boards but that has no line there yet (a Klob before this one
// counted a day only on its results screen), and writes again the line
// of a day that says par is not worked out when its result file now
// holds par (worked out in the background by a Klob that stopped
// before it counted the day again). A line with par is kept: its file
// is not read. It writes: the caller holds the lock.
func (f *Files) CountDays() error {
	// Par is worked out only for a day played out: a line short of
	// boards (a damaged file's kept) never gains it.
	return f.countDays(func(line duplicate.Day) bool {
		return !line.HasPar && line.Played >= duplicate.DailyBoards
	})
}

// Recount writes the history's line of every day again from its result
// file and the friends' files stored, where the line says otherwise:
// par worked out since, a result file damaged and rebuilt from the
// boards that still read (the history then counts those). A day played
// out with no line is counted, as by CountDays. It reads every day's
// files, as klob daily -history does to print lines that hold. It
// writes: the caller holds the lock.
func (f *Files) Recount() error {
	return f.countDays(func(duplicate.Day) bool { return true })
}

// countDays counts the days played out that the history misses, and
// counts again those whose line again says to.
func (f *Files) countDays(again func(line duplicate.Day) bool) error {
	days, err := f.days()
	if err != nil {
		return err
	}
	h, err := f.History()
	if !movedOrRead(err) {
		return err
	}
	var errs []error
	for _, d := range days {
		old, ok := h.Find(d.Date, d.Players())
		if ok && !again(old) {
			continue
		}
		p, err := d.Load()
		if p == nil {
			errs = append(errs, err)
			continue
		}
		if err != nil {
			// A damaged file: Load counted its boards kept again itself
			// (recountKept), so the line is read afresh.
			if h, err = f.History(); !movedOrRead(err) {
				return err
			}
			old, ok = h.Find(d.Date, d.Players())
		}
		if !ok && !d.playedOut(p.Results) {
			continue // not played out: no line yet
		}
		line := d.line(p.Results).Rounded()
		if ok && old == line {
			continue
		}
		if err := f.SetDay(line); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// days are the days with a directory, newest first (by seat count on
// a date).
func (f *Files) days() ([]*Day, error) {
	ents, err := f.fs.ReadDir(f.root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("daily: %w", err)
	}
	var out []*Day
	for _, e := range ents {
		m := dayDir.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		date, err := duplicate.ParseDate(m[1])
		if err != nil {
			continue
		}
		if d, err := f.Day(date, int(m[2][0]-'0'), "", ""); err == nil {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b *Day) int { return b.Date.Compare(a.Date) })
	return out, nil
}

// WithoutPar returns the days before today played out whose result
// file lacks par of a board (its results screen never opened), newest
// first, named as their files are: klob daily works par out for them.
// version is this Klob's, written with par.
func (f *Files) WithoutPar(today duplicate.Date, version string) ([]*Day, error) {
	days, err := f.days()
	if err != nil {
		return nil, err
	}
	// A day whose history line is against par has par of every board
	// (Day.line, Field.Line): its files are not read again at each launch.
	h, _ := f.History()
	withPar := func(d *Day) bool {
		line, ok := h.Find(d.Date, d.Players())
		return ok && line.HasPar
	}
	var out []*Day
	for _, d := range days {
		if d.Date.Compare(today) >= 0 || withPar(d) {
			continue
		}
		p, err := d.Load()
		if p == nil || err != nil || !d.playedOut(p.Results) {
			continue
		}
		if slices.ContainsFunc(p.Results.Boards, func(b duplicate.BoardResult) bool { return !b.HasPar }) {
			d.Name, d.Version = p.Results.Name, version
			out = append(out, d)
		}
	}
	return out, nil
}

// Recount writes the day's history line again from its result file and
// the friends' stored (once par is worked out); a day not played out
// has none.
func (d *Day) Recount() error {
	rf, err := d.Results()
	if err != nil {
		return err
	}
	if !d.playedOut(rf) {
		return nil
	}
	return d.f.SetDay(d.line(rf))
}

// dropBoard removes the board in progress, durably.
func (d *Day) dropBoard() error {
	if err := d.f.fs.Remove(d.boardPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return durable.SyncDir(d.f.fs, d.Dir())
}

// writeResults writes the person's result file, with the name and the
// version of this run, and par as parOnceDone has it.
func (d *Day) writeResults(rf *duplicate.ResultFile) error {
	rf.Name, rf.Version = d.Name, d.Version
	d.parOnceDone(rf)
	data, err := rf.MarshalText()
	if err != nil {
		return err
	}
	return d.f.write(d.ResultPath(), data)
}

// SetPar keeps par of board n; it goes into the result file once every
// board of the day is played (now, when they are already): see
// parOnceDone. Par of a board not played is never written.
func (d *Day) SetPar(n int, par float64) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.setPar(n, par)
}

func (d *Day) setPar(n int, par float64) error {
	if old, ok := d.pars[n]; ok && old == par {
		return nil
	}
	d.pars[n] = par
	p, err := d.load()
	if p == nil {
		return err
	}
	if !d.playedOut(p.Results) {
		return nil // written with the day's last board
	}
	for i, br := range p.Results.Boards {
		if br.Board == n && (!br.HasPar || br.Par != par) {
			if p.stuck != nil {
				return fmt.Errorf("daily: par of board %d is not kept: %w", n, p.stuck)
			}
			p.Results.Boards[i].Par, p.Results.Boards[i].HasPar = par, true
			return d.writeResults(p.Results)
		}
	}
	return nil
}

// playedOut reports whether rf, the person's results, holds every
// board of the day.
func (d *Day) playedOut(rf *duplicate.ResultFile) bool { return len(rf.Boards) >= len(d.Set.Boards) }

// parOnceDone gives the boards of rf, the person's results, par as the
// result file holds it: none until every board of the day is played,
// then par of each board as far as it is known (d.pars). The day's
// screens show par only after the last board: the file to share, and
// -export which prints it, say no more than they do.
func (d *Day) parOnceDone(rf *duplicate.ResultFile) {
	if !d.playedOut(rf) {
		leaveParOut(rf)
		return
	}
	for i, b := range rf.Boards {
		rf.Boards[i].Par, rf.Boards[i].HasPar = d.pars[b.Board]
	}
}

// leaveParOut takes par out of every board of rf.
func leaveParOut(rf *duplicate.ResultFile) {
	for i := range rf.Boards {
		rf.Boards[i].Par, rf.Boards[i].HasPar = 0, false
	}
}

// Results reads the person's result file of the day, in its shared
// form (no board when none is played).
func (d *Day) Results() (*duplicate.ResultFile, error) {
	p, err := d.Load()
	if p == nil {
		return nil, err
	}
	return p.Results, err
}

// Imports reads the friends' result files stored for the day, in the
// order of their names; a file that no longer reads or checks is left
// out and its error returned.
func (d *Day) Imports() ([]*duplicate.ResultFile, []error) {
	dir := filepath.Join(d.Dir(), ImportsDir)
	ents, err := d.f.fs.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{err}
	}
	var out []*duplicate.ResultFile
	var errs []error
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".txt") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, _, err := d.f.read(path)
		var rf *duplicate.ResultFile
		if err == nil {
			rf, err = duplicate.ParseResultFile(data)
		}
		if err == nil {
			err = rf.Check(d.Set)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", path, err))
			continue
		}
		out = append(out, rf)
	}
	return out, errs
}

// Imported is what Import stored.
type Imported struct {
	File *duplicate.ResultFile
	Path string
	// Replaced: a file stored under the same file name for the day was
	// there, and is kept at Aside (in imports/replaced/); ReplacedName is
	// the name in it, which may differ from File's in case or
	// punctuation ("" when it could not be read). Same: it was this very
	// file, and nothing was stored.
	Replaced     bool
	ReplacedName string
	Aside        string
	Same         bool
	Day          *Day
}

// Import reads a friend's result file (data, from the file src), checks
// it against the boards of its day and seat count, and stores it under
// that day in place of an earlier one of the same name. name and
// version are the person's (for the Day returned). Nothing is stored on
// an error, which says what is wrong and where.
func (f *Files) Import(data []byte, src, name, version string) (*Imported, error) {
	rf, err := duplicate.ParseResultFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	d, err := f.Day(rf.Date, rf.Players, name, version)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	if err := rf.Check(d.Set); err != nil {
		if rf.Set != d.Set.ID {
			return nil, fmt.Errorf("%s: not the daily boards of %s at %d players: %w", src, rf.Date, rf.Players, err)
		}
		// The boards are the day's, but a play does not replay to the
		// result the file states: it does not hold what was played.
		return nil, fmt.Errorf("%s: does not check against the daily boards of %s at %d players: %w", src, rf.Date, rf.Players, err)
	}
	if len(rf.Boards) == 0 {
		return nil, fmt.Errorf("%s: no board played: nothing to compare", src)
	}
	text, err := rf.MarshalText()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	base := slug(rf.Name)
	path := filepath.Join(d.Dir(), ImportsDir, base+".txt")
	im := &Imported{File: rf, Path: path, Day: d}
	// A file there that cannot be read (its permissions, a failing disk)
	// is an earlier file like any other: kept aside, not written over.
	old, there, rerr := f.read(path)
	if there && bytes.Equal(old, text) {
		im.Same = true
		return im, nil
	}
	if there || rerr != nil {
		// The earlier file is moved aside, never lost: it may be a
		// friend's whose name only looks the same, or hold more boards.
		im.Replaced = true
		if o, err := duplicate.ParseResultFile(old); err == nil {
			im.ReplacedName = o.Name
		}
		aside, err := durable.MoveAside(f.fs, path, filepath.Join(d.Dir(), ImportsDir, ReplacedDir), base, ".txt")
		if err != nil {
			return nil, fmt.Errorf("keep the earlier file %s aside: %w", path, err)
		}
		im.Aside = aside
	}
	if err := f.write(path, text); err != nil {
		return nil, fmt.Errorf("store the results: %w", err)
	}
	return im, nil
}

// slug is a file name for a player's name: its letters and digits (in
// lower case), every other run of characters one "-"; a name with none
// becomes "player". Names that differ only in case or punctuation share
// a file: the later import replaces the earlier.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteRune(r)
		dash = false
	}
	if b.Len() == 0 {
		return "player"
	}
	return b.String()
}

// History reads the daily history; a missing file is an empty history.
// One that cannot be read is moved into damaged/ (the error says where)
// and an empty history returned.
func (f *Files) History() (*duplicate.History, error) {
	path := filepath.Join(f.root, HistoryName)
	data, ok, err := f.read(path)
	if err != nil {
		return &duplicate.History{}, fmt.Errorf("the daily history: %w", err)
	}
	if !ok {
		return &duplicate.History{}, nil
	}
	h, err := duplicate.ParseHistory(data)
	if err != nil {
		return &duplicate.History{}, f.damaged("the daily history", path,
			fmt.Errorf("the days played out are counted again from their result files: %w", err))
	}
	return h, nil
}

// SetDay writes day's line into the history, in place of the line of
// the same date and seat count.
func (f *Files) SetDay(day duplicate.Day) error {
	f.hist.Lock()
	defer f.hist.Unlock()
	h, err := f.History()
	if !movedOrRead(err) {
		return err
	}
	h.Set(day)
	data, err := h.MarshalText()
	if err != nil {
		return err
	}
	return f.write(filepath.Join(f.root, HistoryName), data)
}

// movedOrRead reports whether the history read with err may be written:
// it read, or it was damaged and moved aside. A damaged one that could
// not be moved is left as it is, never written over.
func movedOrRead(err error) bool {
	var de *durable.DamagedError
	return err == nil || errors.As(err, &de) && de.Aside != ""
}
