package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/userdir"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/rules"
)

// File names inside the state directory.
const (
	CurrentName = "current.klob"
	HistoryDir  = "history"
	DamagedDir  = "damaged"
	// LockName is the lock file: a Store holds an advisory lock on it
	// (flock) while a game is open (Lock), and for the moment of each
	// write otherwise, so two klob processes never write the state
	// directory at once.
	LockName = "klob.lock"
)

// DefaultLockWait is how long a write waits for the lock another Store
// holds for the moment of its own write; a Store holding it for a whole
// game is not waited out.
const DefaultLockWait = 2 * time.Second

// Errors.
var (
	// ErrNoSave: there is no game in progress to load.
	ErrNoSave = errors.New("no saved game")
	// ErrConflict: SaveCurrent found a current.klob this Store did not
	// write or load (another klob running, or LoadCurrent not called).
	ErrConflict = errors.New("a saved game this session did not write is in the way")
	// ErrBusy: another Store, most likely another klob, holds the state
	// directory's lock (see BusyError).
	ErrBusy = errors.New("another Klob is playing in this state directory")
)

// BusyError is returned by Lock, and by a write, when another Store holds
// the state directory's lock: another klob is playing there.
type BusyError struct {
	Dir string
	PID int // the other process, 0 when unknown
}

func (e *BusyError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("another Klob (process %d) is playing in %s", e.PID, e.Dir)
	}
	return fmt.Sprintf("another Klob is playing in %s", e.Dir)
}

func (e *BusyError) Unwrap() error { return ErrBusy }

// DirError is returned by Lock, and by a write, when the state
// directory Dir cannot be made or its lock file cannot be taken (Err:
// permissions, a file in the way, a read-only file system). It says the
// directory once, and of an error of the system's about the directory,
// a folder above it or a file in it only the cause: "the state
// directory /x cannot be locked: permission denied", not "mkdir /x:".
type DirError struct {
	Dir string
	Err error
}

func (e *DirError) Error() string {
	return fmt.Sprintf("the state directory %s cannot be locked: %v", e.Dir, causeIn(e.Err, e.Dir))
}

// causeIn is err without its path when err is an error of the system's
// about dir, a folder above it or a file in it: the message around it
// names dir once already, and a temporary file's name says nothing.
func causeIn(err error, dir string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && (pe.Path == dir || strings.HasPrefix(pe.Path, dir+"/") || strings.HasPrefix(dir, pe.Path+"/")) {
		return pe.Err
	}
	return err
}

func (e *DirError) Unwrap() error { return e.Err }

// UnreadableError is returned by LoadCurrent when the save exists but
// cannot be read: permissions, a FIFO or a device in its place, a file
// over untrusted.MaxFileSize. Nothing says it is damaged, so it is left
// where it is, and SaveCurrent refuses to replace it.
type UnreadableError struct {
	Path string
	Err  error
}

func (e *UnreadableError) Error() string {
	return fmt.Sprintf("the saved game %s cannot be read, and is left as it is: %v", e.Path, e.Err)
}

func (e *UnreadableError) Unwrap() error { return e.Err }

// NewerError is returned by LoadCurrent when the save was written by a
// newer klob: its format version is one this klob does not read yet
// (gamelog.NewerVersion). It is not damaged: it is left where it is,
// for the newer klob to resume, and SaveCurrent refuses to replace it
// (a *NewerError too, wrapping ErrConflict).
type NewerError struct {
	Path    string
	Version string // the save's format version
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the saved game %s has format version %s, and this klob reads version %s: a newer klob wrote it. "+
		"It is left as it is: run the newer klob to resume it, or move the file away", e.Path, e.Version, gamelog.Version)
}

// newerConflict is SaveCurrent's refusal to replace a save a newer
// klob wrote: ErrConflict, said as what is in the way.
type newerConflict struct{ NewerError }

func (e *newerConflict) Error() string {
	return fmt.Sprintf("save %s: a game saved by a newer klob (format version %s) is there, and is left as it is: "+
		"this game is not saved until it is moved away", e.Path, e.Version)
}

// Brief is the refusal for people who do not own the files
// (durable.Brief): what is in the way, not "did not write".
func (e *newerConflict) Brief() string {
	return "a game saved by a newer klob is in the way, and is left as it is: this game is not saved"
}

func (e *newerConflict) Unwrap() []error { return []error{ErrConflict, &e.NewerError} }

// DamagedError is returned by LoadCurrent when the save does not parse
// or replay (Err is then a *gamelog.Error): the file was moved
// into damaged/, or stays where it is when even that failed (Aside is
// "") and SaveCurrent refuses to replace it.
type DamagedError = durable.DamagedError

// Options configures a Store; the zero value uses the real file system
// and clock.
type Options struct {
	FS  durable.FS // nil: the real file system
	Now func() time.Time
	// LockWait is how long a write waits for another Store's lock
	// (0: DefaultLockWait).
	LockWait time.Duration
	// History is the folder Archive files games in and History lists
	// ("": the history folder of the state directory). A Klob started
	// while another plays keeps its game in a second directory and
	// files it in the first one's history, where klob replay looks.
	History string
}

// Store is one state directory. Its methods are safe for concurrent use.
type Store struct {
	dir      string
	history  string // the folder of filed games
	fs       durable.FS
	now      func() time.Time
	lockWait time.Duration

	mu    sync.Mutex
	known [][]byte      // contents of current.klob this Store wrote or loaded
	lock  *dirlock.Lock // held from Lock to Unlock
}

// New returns the store in dir. Nothing is created until the first save.
func New(dir string, o Options) *Store {
	s := &Store{dir: dir, history: o.History, fs: o.FS, now: o.Now, lockWait: o.LockWait}
	if s.history == "" {
		s.history = filepath.Join(dir, HistoryDir)
	}
	if s.lockWait <= 0 {
		s.lockWait = DefaultLockWait
	}
	if s.fs == nil {
		s.fs = durable.OS()
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Default returns the store in DefaultDir.
func Default() (*Store, error) {
	dir, err := DefaultDir(os.Getenv)
	if err != nil {
		return nil, err
	}
	return New(dir, Options{}), nil
}

// DefaultDir returns the state directory (userdir.State) from the
// environment getenv reads: $KLOB_STATE_DIR, else $XDG_STATE_HOME/klob
// (when absolute, as the XDG spec asks), else $HOME/.local/state/klob.
func DefaultDir(getenv func(string) string) (string, error) {
	return userdir.State.Dir(getenv)
}

// Lock takes the state directory's lock for as long as a game is open,
// until Unlock: another Store, in this process or another, then cannot
// write there (its writes fail with ErrBusy), and its Lock fails with a
// *BusyError. The lock is released when the process ends, however it
// ends. Locking a Store that holds the lock does nothing.
func (s *Store) Lock() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock != nil {
		return nil
	}
	if err := s.fs.MkdirAll(s.dir, 0o700); err != nil {
		return &DirError{Dir: s.dir, Err: err}
	}
	l, err := dirlock.TryLock(s.lockPath())
	if err != nil {
		return s.lockErr(err)
	}
	s.lock = l
	return nil
}

// Unlock releases the lock Lock took.
func (s *Store) Unlock() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.lock.Unlock()
	s.lock = nil
	return err
}

func (s *Store) lockPath() string { return filepath.Join(s.dir, LockName) }

func (s *Store) lockErr(err error) error {
	var le *dirlock.LockedError
	if errors.As(err, &le) {
		return &BusyError{Dir: s.dir, PID: le.PID}
	}
	return &DirError{Dir: s.dir, Err: err}
}

// locked runs f holding the state directory's lock: the Store's own
// when it holds it, else taken for the time of f, waiting up to
// s.lockWait for another Store's write. Called with s.mu held.
func (s *Store) locked(f func() error) error { return s.lockedWait(s.lockWait, f) }

// lockedWait is locked waiting up to wait (0: not at all).
func (s *Store) lockedWait(wait time.Duration, f func() error) error {
	if s.lock != nil {
		return f()
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	l, err := dirlock.Wait(ctx, s.lockPath())
	if err != nil {
		return s.lockErr(err)
	}
	defer l.Unlock()
	return f()
}

// Dir returns the state directory.
func (s *Store) Dir() string { return s.dir }

// CurrentPath returns the path of the game in progress.
func (s *Store) CurrentPath() string { return filepath.Join(s.dir, CurrentName) }

// HasCurrent reports whether a game in progress is saved (a look at the
// directory: the save is not read).
func (s *Store) HasCurrent() bool {
	_, err := os.Stat(s.CurrentPath())
	return err == nil
}

// SaveCurrent writes l as the game in progress, atomically and durably:
// a temporary file in the same directory, written, synced and closed,
// renamed over current.klob, then the directory synced. On failure the
// previous save is intact (or, when only the directory sync failed, the
// new one is in place). It refuses with ErrConflict to replace a save
// this Store has not written or loaded.
func (s *Store) SaveCurrent(l *gamelog.Log) error {
	data, err := l.MarshalText()
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	path := s.CurrentPath()
	if err := s.fs.MkdirAll(s.dir, 0o700); err != nil {
		return &placeError{what: "the state directory", path: s.dir, verb: "made", err: err}
	}
	// Under the lock, so that no other Store writes between the check of
	// what is there and the rename.
	return s.locked(func() error {
		old, err := s.fs.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return &unreadableConflict{path: path, err: err}
		case !s.isKnown(old):
			if _, err := gamelog.Parse(path, old); err != nil {
				if v, ok := gamelog.NewerVersion(err); ok {
					return &newerConflict{NewerError{Path: path, Version: v}}
				}
			}
			return fmt.Errorf("save %s: %w", path, ErrConflict)
		}
		renamed, err := durable.Replace(s.fs, path, ".current-*.tmp", data)
		if renamed {
			// The new content is in place even if the directory sync failed.
			s.known = [][]byte{data}
		}
		if err != nil {
			return &placeError{what: "the saved game", path: path, verb: "written", err: err}
		}
		return nil
	})
}

// TakeCurrent moves the game saved in the state directory from into
// s: a second directory ("klob-2") keeps the game of a Klob started
// while another played in s, and once s is free again the game is
// offered where klob looks for it. s must hold its lock (Lock); from's
// is taken for the move, so a game another Klob still plays is left
// alone (a *BusyError). Nothing is replaced: the file is linked into s,
// which fails when s has a saved game (ErrConflict, unless it is this
// same game, left there by a crash after the link), then removed from
// from (when that fails, the link goes again). It reports false, nil
// when from has no saved game.
func (s *Store) TakeCurrent(from *Store) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock == nil {
		return false, fmt.Errorf("take the saved game of %s: the state directory %s is not locked", from.dir, s.dir)
	}
	src, dst := from.CurrentPath(), s.CurrentPath()
	if _, err := s.fs.ReadFile(src); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err := from.Lock(); err != nil {
		return false, err
	}
	defer from.Unlock()
	data, err := s.fs.ReadFile(src)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, &UnreadableError{Path: src, Err: err}
	}
	if err := s.fs.Link(src, dst); err != nil {
		if cur, rerr := s.fs.ReadFile(dst); rerr != nil || !bytes.Equal(cur, data) {
			if errors.Is(err, fs.ErrExist) {
				err = ErrConflict
			}
			return false, fmt.Errorf("move %s to %s: %w", src, s.dir, err)
		}
	}
	durable.SyncDir(s.fs, s.dir)
	if err := s.fs.Remove(src); err != nil {
		// Two copies would offer the game twice: the one in s goes.
		s.fs.Remove(dst)
		return false, fmt.Errorf("move %s to %s: %w", src, s.dir, err)
	}
	durable.SyncDir(s.fs, from.dir)
	return true, nil
}

// unreadableConflict is SaveCurrent's ErrConflict when current.klob
// cannot be read, so that nothing shows whether it may be replaced. It
// names the file once: the cause's own "read <path>: " is left out, so
// that the whole sentence fits an autosave note of three lines.
type unreadableConflict struct {
	path string
	err  error
}

func (e *unreadableConflict) Error() string {
	cause := e.err.Error()
	if pe, ok := e.err.(*fs.PathError); ok && pe.Path == e.path {
		cause = pe.Err.Error()
	} else {
		cause = strings.Replace(cause, "read "+e.path+": ", "", 1)
	}
	return fmt.Sprintf("save %s: a file there cannot be read, so it is left as it is: %s", e.path, cause)
}

// Unwrap: ErrConflict first, as Brief says it; the cause for errors.Is.
func (e *unreadableConflict) Unwrap() []error { return []error{ErrConflict, e.err} }

func (s *Store) isKnown(b []byte) bool {
	return slices.ContainsFunc(s.known, func(k []byte) bool { return bytes.Equal(k, b) })
}

// LoadCurrent reads and replays the game in progress. It returns
// ErrNoSave when there is none; an *UnreadableError when the save cannot
// be read (it is left in place, and SaveCurrent will not replace it);
// and a *DamagedError when it is not a valid log: the file is first moved
// to damaged/, so it is kept and the next SaveCurrent does not replace
// it. A save a newer klob wrote is not damaged: it is left in place
// with a *NewerError, and SaveCurrent will not replace it either. The log may hold a finished game (a crash between the last save
// and Archive): the caller archives it. Reading needs no lock, but only
// a Store that can take the lock cleans up and moves a damaged save
// aside: while another klob plays, its files are left alone.
func (s *Store) LoadCurrent() (*gamelog.Log, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var l *gamelog.Log
	var lerr error
	err := s.lockedWait(0, func() error {
		s.removeStale()
		l, lerr = s.loadCurrent(true)
		return nil
	})
	if err != nil {
		// No lock (another klob plays, or the directory is read-only):
		// read, but touch nothing.
		l, lerr = s.loadCurrent(false)
	}
	return l, lerr
}

// loadCurrent is LoadCurrent; move says whether a damaged save may be
// moved aside.
func (s *Store) loadCurrent(move bool) (*gamelog.Log, error) {
	path := s.CurrentPath()
	data, err := s.fs.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		s.known = nil
		return nil, ErrNoSave
	}
	if err != nil {
		s.known = nil
		return nil, &UnreadableError{Path: path, Err: err}
	}
	l, err := gamelog.Parse(path, data)
	if err == nil {
		s.known = [][]byte{data}
		return l, nil
	}
	s.known = nil
	if v, ok := gamelog.NewerVersion(err); ok {
		// Not damaged: the newer klob resumes it.
		return nil, &NewerError{Path: path, Version: v}
	}
	if !move {
		return nil, &DamagedError{What: "the saved game", Path: path,
			Err: fmt.Errorf("%w (it is left as it is: the state directory cannot be locked)", err)}
	}
	return nil, durable.Damaged(s.fs, "the saved game", path, filepath.Join(s.dir, DamagedDir),
		"current-"+s.now().Format("2006-01-02-150405"), ".klob", err)
}

// removeStale removes the temporary files of the store's own writes a
// crash left behind; only those: the trainer writes its record in this
// directory too, under another lock.
func (s *Store) removeStale() {
	for _, dir := range []string{s.dir, filepath.Join(s.dir, HistoryDir)} {
		ents, err := s.fs.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if n := e.Name(); (strings.HasPrefix(n, ".current-") || strings.HasPrefix(n, ".archive-")) && strings.HasSuffix(n, ".tmp") {
				s.fs.Remove(filepath.Join(dir, n))
			}
		}
	}
}

// Archive files l in the history folder under a readable name (date,
// time, opponent, result: "2026-11-29-1431-vs-Bot-normal-won.klob") and
// returns its path. An existing file is never replaced: a second game
// with the same name gets "-2"; the same game, already filed (a crash
// came before current.klob went), is not filed twice: its file's path
// is returned. When current.klob holds this game (the
// one this Store last saved or loaded, or the same text), it is removed.
// An unfinished game can be archived too (result "unfinished"): it is
// filed marked abandoned (gamelog.Filed), so that its replay and
// analysis are no longer sealed.
func (s *Store) Archive(l *gamelog.Log) (string, error) {
	saved, err := l.MarshalText() // what current.klob holds when it holds this game
	if err != nil {
		return "", fmt.Errorf("archive: %w", err)
	}
	filed, rep, err := gamelog.Filed(l)
	if err != nil {
		return "", fmt.Errorf("archive: %w", err)
	}
	data, err := filed.MarshalText()
	if err != nil {
		return "", fmt.Errorf("archive: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	dir := s.history
	if err := s.fs.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("archive: %w", &placeError{what: "the history folder", path: dir, verb: "made", err: err})
	}
	base := archiveName(rep, s.now())
	dst := s.filedAs(dir, base, data)
	if dst == "" {
		dst, err = s.fileNew(dir, base, data)
	}
	if err != nil {
		return "", fmt.Errorf("archive: %w", &placeError{what: "the history folder", path: dir, verb: "written", err: err})
	}
	path := s.CurrentPath()
	holds := func(cur []byte) bool { return s.isKnown(cur) || bytes.Equal(cur, saved) }
	if cur, err := s.fs.ReadFile(path); err != nil || !holds(cur) {
		// current.klob holds another game (or none): nothing to remove,
		// and no lock to take, which another Klob's game may hold (a
		// player's game alone while a shared table files its game).
		return dst, nil
	}
	err = s.locked(func() error {
		if cur, err := s.fs.ReadFile(path); err == nil && holds(cur) {
			if err := s.fs.Remove(path); err != nil {
				return err
			}
			s.known = nil
			durable.SyncDir(s.fs, s.dir)
		}
		return nil
	})
	if err != nil {
		return dst, fmt.Errorf("archive: the game is kept in %s but %w", dst, err)
	}
	return dst, nil
}

// placeError is a failure to make or write the file or folder path
// (what names it: "the saved game", "the history folder"): "the
// history folder DIR cannot be written: permission denied". The cause
// is said in plain words (durable.Why: "a file is in its way", "no
// space left on device"), never as the call behind it nor with a
// temporary file's name (".archive-123.tmp"), which says nothing to a
// player and whose length pushes the cause off a line of the screen.
type placeError struct {
	what, path, verb string
	err              error
}

func (e *placeError) Error() string {
	why := durable.Why(e.err)
	if !errors.As(e.err, new(syscall.Errno)) {
		why = causeIn(e.err, filepath.Dir(e.path)).Error()
	}
	return fmt.Sprintf("%s %s cannot be %s: %s", e.what, e.path, e.verb, why)
}

func (e *placeError) Unwrap() error { return e.err }

// Filed reports whether the history already holds l as Archive files
// it: a crash between the filing and the removal of current.klob leaves
// a game both filed and saved.
func (s *Store) Filed(l *gamelog.Log) bool {
	filed, rep, err := gamelog.Filed(l)
	if err != nil {
		return false
	}
	data, err := filed.MarshalText()
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.filedAs(s.history, archiveName(rep, s.now()), data) != ""
}

// fileNew writes data in dir under a free name from base (PlaceNew) and
// returns its path.
func (s *Store) fileNew(dir, base string, data []byte) (string, error) {
	var dst string
	_, err := durable.Write(s.fs, dir, ".archive-*.tmp", data, func(tmp string) error {
		var perr error
		dst, perr = durable.PlaceNew(s.fs, dir, base, ".klob",
			func(d string) error {
				if err := s.fs.Link(tmp, d); err != nil {
					return err
				}
				// Drop the temporary name now, or it stays in history/
				// until the next start.
				s.fs.Remove(tmp)
				return nil
			},
			func(d string) error { return s.fs.Rename(tmp, d) })
		return perr
	})
	return dst, err
}

// filedAs returns the path of the file in dir that already holds data
// under one of the names PlaceNew gives base (base, base-2, ... up to
// the first free one), "" when none does: a crash after the filing and
// before current.klob went leaves the game both filed and saved, and
// filing it again would count it twice.
func (s *Store) filedAs(dir, base string, data []byte) string {
	for n := 1; n <= 1000; n++ {
		name := base + ".klob"
		if n > 1 {
			name = fmt.Sprintf("%s-%d.klob", base, n)
		}
		path := filepath.Join(dir, name)
		got, err := s.fs.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return ""
		case err == nil && bytes.Equal(got, data):
			return path
		}
		// Another game, or a file that cannot be read: not this game's,
		// and PlaceNew passes its name by as taken.
	}
	return ""
}

// nameNumber splits a history file's name into the name its game was
// filed under and its number: 1, or n for a name taken n-1 times before
// ("…-won-2.klob").
func nameNumber(name string) (string, int) {
	stem := strings.TrimSuffix(name, ".klob")
	if i := strings.LastIndexByte(stem, '-'); i >= 0 {
		if n, err := strconv.Atoi(stem[i+1:]); err == nil && n >= 2 && strconv.Itoa(n) == stem[i+1:] {
			return stem[:i], n
		}
	}
	return stem, 1
}

// archiveName returns the base name (without .klob) a game is archived
// under: the start date and time, the opponents of the human player and
// the result from that player's side, "2026-11-29-1431-vs-Bot-normal-won"
// ("...-vs-West-normal-East-normal-lost" at a table; a partner is not
// named); without exactly one human seat, every player by side and the
// winning side, "2026-11-29-1431-Easy-vs-Hard-A-won",
// "...-ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal-AC-won". A practice game (the
// player chose the seed) ends "-practice". now stands in for a missing
// date.
func archiveName(r *gamelog.Replay, now time.Time) string {
	h := &r.Header
	when := now.Format("2006-01-02-1504")
	if t, ok := h.Start(now.Location()); ok {
		when = t.Format("2006-01-02-1504")
	}
	who := func(s rules.Seat) string {
		n := clean(h.Name(s))
		if n == "" {
			n = "player-" + s.String()
		}
		if lv := clean(h.Levels[s]); lv != "" && lv != gamelog.Human && !strings.EqualFold(lv, n) {
			n += "-" + lv
		}
		return n
	}
	n := h.Seats()
	side := func(s rules.Seat) int { return rules.SideOfSeat(n, s) }
	if human, ok := h.HumanSeat(); ok {
		res := "unfinished"
		if r.Over {
			res = "lost"
			if r.Winner == side(human) {
				res = "won"
			}
		}
		if h.Practice() {
			res += "-practice"
		}
		var opp []string
		for s := range rules.Seat(n) {
			if side(s) != side(human) {
				opp = append(opp, who(s))
			}
		}
		return when + "-vs-" + strings.Join(opp, "-") + "-" + res
	}
	res := "unfinished"
	if r.Over {
		res = rules.SideName(n, r.Winner) + "-won"
	}
	// Partners go together: "ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal".
	var sides []string
	for x := range rules.SidesAt(n) {
		var team []string
		for s := range rules.Seat(n) {
			if side(s) == x {
				team = append(team, who(s))
			}
		}
		sides = append(sides, strings.Join(team, "-and-"))
	}
	return when + "-" + strings.Join(sides, "-vs-") + "-" + res
}

// clean keeps a name safe in a file name: letters and digits, other runs
// of characters as one '-', at most 24 characters. A letter with an
// accent keeps its letter ("Ölander" is "Olander"): the accents NFKD
// splits off are dropped.
func clean(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		ok := r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		if ok {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
		if b.Len() >= 24 {
			break
		}
	}
	return b.String()
}

// Entry is one game of the history.
type Entry struct {
	Path   string
	Header gamelog.Header
	Deals  int    // deals played out (Replay.DealsDone): not one left in play
	Totals [4]int // final (or last) game totals by side
	Over   bool   // the game was played to the end
	Winner int    // the winning side, -1 when not Over
	// Left are the seats a bot played at the end because their person
	// had left (gamelog.Log.LeftAtEnd).
	Left []rules.Seat
	Err  error // the file could not be read or replayed; only Path is set
}

// EntryOf is the entry of the game at path, read as l and r, or whose
// reading failed with err.
func EntryOf(path string, l *gamelog.Log, r *gamelog.Replay, err error) Entry {
	if err != nil {
		return Entry{Path: path, Winner: -1, Err: err}
	}
	return Entry{Path: path, Header: r.Header, Deals: r.DealsDone(), Totals: r.Totals, Over: r.Over, Winner: r.Winner, Left: l.LeftAtEnd()}
}

// SecondDir is the n-th state directory beside dir, for n from 2 to
// SecondDirs-1: "klob-2". A Klob started while another plays in dir
// keeps its game there, and files it in dir's history when it ends.
func SecondDir(dir string, n int) string { return dir + "-" + strconv.Itoa(n) }

// SecondDirs bounds the numbers of the second directories: dir-2 to
// dir-99.
const SecondDirs = 100

// Waiting lists the saves (CurrentName) of the second state
// directories beside s's that hold one, by number: games a Klob started
// while another played here, not yet over, and so in no history. A
// folder beside s's that cannot be read lists none.
func (s *Store) Waiting() []string {
	parent, base := filepath.Split(filepath.Clean(s.dir))
	ents, err := s.fs.ReadDir(filepath.Clean(parent))
	if err != nil {
		return nil
	}
	have := map[string]bool{}
	for _, e := range ents {
		have[e.Name()] = true
	}
	var out []string
	for n := 2; n < SecondDirs; n++ {
		name := SecondDir(base, n)
		if !have[name] {
			continue
		}
		d := filepath.Join(parent, name)
		ents, err := s.fs.ReadDir(d)
		if err == nil && slices.ContainsFunc(ents, func(e fs.DirEntry) bool { return e.Name() == CurrentName }) {
			out = append(out, filepath.Join(d, CurrentName))
		}
	}
	return out
}

// History lists the archived games, oldest first (by file name, which
// starts with the date, and a second game of the same name by the
// number its filing gave it: "…-won.klob" before "…-won-2.klob"). A
// file that does not read is listed with Err.
// With no history yet it returns an empty list.
func (s *Store) History() ([]Entry, error) {
	dir := s.history
	ents, err := s.fs.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".klob") && !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		sa, na := nameNumber(a)
		sb, nb := nameNumber(b)
		if c := strings.Compare(sa, sb); c != 0 {
			return c
		}
		return na - nb
	})
	out := make([]Entry, 0, len(names))
	for _, n := range names {
		path := filepath.Join(dir, n)
		data, err := s.fs.ReadFile(path)
		var l *gamelog.Log
		var r *gamelog.Replay
		if err == nil {
			l, r, err = gamelog.ParseReplay(path, data)
		}
		out = append(out, EntryOf(path, l, r, err))
	}
	return out, nil
}
