package hall

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/play/host"
	"github.com/klob/klob/internal/play/session"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/rules"
)

// The extra tags of a table's log: what the game log format does not
// keep and a restart needs.
const (
	tagTable = "Table"
	tagSeats = "Seats"
	tagLevel = "BotLevel"
	tagHost  = "Host"
	// tagFiled lists the seats whose history holds the ended game
	// already ("AC"), while the others' could not be written.
	tagFiled = "Filed"
	// tagClosed says why a table whose game did not end was closed
	// (abandoned), while its game is being filed.
	tagClosed = "Closed"
	// tagPrivate is set ("yes") on a table its host closed to
	// spectators.
	tagPrivate = "Private"
	// tagWatched names the spectators who have seen the deal the log
	// plays ("3 keyA keyB": its number, then their keys), so that a
	// restart keeps them quiet until that deal ends (Table.watchedDeal).
	tagWatched = "Watched"
)

// seenBy is who of the spectators has seen a deal of the table's game:
// the keys of those watching, and by key the deal a spectator left
// while it was quiet (Table.watched). The table publishes it under its
// lock; the saves read it (tagWatched) without that lock.
type seenBy struct {
	watching []string
	left     map[string]int
}

// tag is tagWatched's value for a log whose deal number deal is the
// last: those watching now and those who left that deal, "" for none.
func (s *seenBy) tag(deal int) string {
	if s == nil || deal < 1 {
		return ""
	}
	keys := slices.Clone(s.watching)
	for k, d := range s.left {
		if d == deal {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return ""
	}
	slices.Sort(keys)
	return strconv.Itoa(deal) + " " + strings.Join(slices.Compact(keys), " ")
}

// readWatched reads tagWatched's value v: the deal seen and the keys
// that saw it; ok is false for a value that is not one.
func readWatched(v string) (deal int, keys []string, ok bool) {
	f := strings.Fields(v)
	if len(f) < 2 {
		return 0, nil, false
	}
	deal, err := strconv.Atoi(f[0])
	if err != nil || deal < 1 {
		return 0, nil, false
	}
	return deal, f[1:], true
}

// tableTags is what a table writes into its log besides the game:
// fixed once the game starts (the seats are reserved by key before).
type tableTags struct {
	code, host string
	seed       uint64
	level      string
	keys       []string // by seat, "" for a bot's
	names      []string // by seat, for the errors of the filing
	private    bool
}

// decorate sets the table's tags on l, keeping the game's own (the
// seed, the bots' moves for dropped people).
func (tg *tableTags) decorate(l *gamelog.Log) {
	set := l.Header.SetTag
	set(tagTable, tg.code)
	// The game's own seed stays: a game "again" started draws from a
	// fresh one, and the first game's, shown at its end, must not be
	// where the next game's decks are said (or, resumed, drawn) to come
	// from. The waiting room's log has none yet: the table's.
	if l.Header.Tag(session.SeedTag) == "" {
		set(session.SeedTag, strconv.FormatUint(tg.seed, 10))
	}
	set(tagSeats, strconv.Itoa(len(tg.keys)))
	set(tagLevel, tg.level)
	set(tagHost, tg.host)
	for i, k := range tg.keys {
		l.Header.SetKey(rules.Seat(i), k)
	}
	private := ""
	if tg.private {
		private = "yes"
	}
	set(tagPrivate, private)
	l.Header.Event = "Klob table " + tg.code
}

// files is a table's place on disk and its filing into the people's
// histories: the Store of the table's host (its writer goroutine calls
// SaveCurrent and Archive, one at a time, never under a lock a screen
// takes), and the writes of the waiting room before the game starts,
// which run on goroutines of their own (write), never in a screen's
// Update. One mutex orders them all, and a waiting-room write older
// than the last one written is dropped, so the file only moves forward.
//
// A finished (or abandoned) game is filed into every person's history
// and recorded in the club's database, and only once all hold it is the
// table's log removed: until then it keeps the game and whose history
// holds it (the Filed tag), so a full disk loses nothing and a restart
// files only what is missing.
type files struct {
	st      *store.Store // nil: the table keeps no file
	fs      durable.FS
	history func(id string) Archiver
	record  func(path string, l *gamelog.Log) error // Config.Record
	logf    func(format string, args ...any)

	// tags are set when the game starts: the waiting room writes no
	// more, and the host's writes carry them. Set without f.mu, so the
	// start never waits for a waiting room's write under way.
	tags atomic.Pointer[tableTags]
	// seen is who of the spectators has seen the game's deals, which
	// the host's writes carry too (tagWatched).
	seen atomic.Pointer[seenBy]

	mu      sync.Mutex
	written int // the last waiting-room write done
	// emptyWritten is the last markEmpty done.
	emptyWritten int
	closed       string // why the table closed before its game ended
	final        *gamelog.Log
	filed        map[string]bool // the keys whose history holds final
	// recorded is set once Config.Record has the game; copy is the path
	// of the first history's copy of it.
	recorded bool
	copy     string
	removed  bool // the table's log is gone: every history holds the game
	// saved says the table's log's last save succeeded; kept that the
	// table's log holds the finished game (false: it is only in memory,
	// and a crash before it is filed loses it, which the log says).
	saved, kept bool
	warned      bool // the log said the game is only in memory
	// filedSum is the checksum of the copy of final the histories got
	// (the table's tags added), which is how the club's database knows
	// it; rematchOf is the last game's, for the game "again" started
	// after it: the host names the game before by its own log's sum,
	// which is not the filed copy's.
	filedSum, rematchOf string
	// named mirrors rematchOf, read without f.mu (Table.RematchOf): a
	// screen's Update asks it and must not wait for a write.
	named atomic.Value
	// unfiled mirrors final != nil && !removed, read without f.mu: a
	// screen's Update asks it (pending) and must not wait for a write.
	unfiled atomic.Bool
	// filedAll is called (once, without f.mu) when every history holds
	// the game; reopened (without f.mu) when "again" started a new game
	// after it.
	filedAll func()
	reopened func()
	// keepNotices writes the hall's notices as they stand (durably)
	// before an abandoned table's log goes: its people were told there.
	keepNotices func() error
}

// errRemoved is SaveCurrent's answer once the table's log is gone.
var errRemoved = errors.New("the table's log was removed")

// write writes the waiting room's log l (number seq) unless a newer
// one was written; it runs on its own goroutine.
func (f *files) write(seq int, l *gamelog.Log) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if seq <= f.written || f.tags.Load() != nil || f.removed || f.st == nil {
		return // older than what is written, or the game has started
	}
	f.written = seq
	if err := f.st.SaveCurrent(l); err != nil {
		f.logf("saving the table failed: %v", err)
	}
}

// remove deletes the table's directory (a table closed before its game
// started); it runs on its own goroutine.
func (f *files) remove() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.removed = true
	if f.st != nil {
		if err := os.RemoveAll(f.st.Dir()); err != nil {
			f.logf("removing the table's files: %v", err)
		}
	}
}

// SaveCurrent writes the game as it stands with the table's tags. The
// first save of a game that "again" started (the host saves it only
// once the last game is filed, RematchTag naming it) makes the files
// the new game's: the table's log is written again and the table
// listed again.
func (f *files) SaveCurrent(l *gamelog.Log) error {
	f.mu.Lock()
	next := f.final != nil && rematch(l)
	if next {
		if f.st != nil {
			// The new game's log is the table's now.
			_ = f.fs.Remove(filepath.Join(f.st.Dir(), endedFile))
		}
		f.rematchOf = f.filedSum
		f.named.Store(f.rematchOf)
		f.final, f.filed, f.removed, f.closed = nil, map[string]bool{}, false, ""
		f.recorded, f.copy = false, "" // the club records the next game too
		f.kept, f.warned = false, false
		f.unfiled.Store(false)
		f.botSeats(l)
	}
	err := f.saveLocked(l)
	f.saved = err == nil
	f.mu.Unlock()
	if next && f.reopened != nil {
		f.reopened()
	}
	return err
}

// botSeats drops from the tags the key of each person whose seat a bot
// plays in the game l (the people here started it without them: the
// game is neither filed in their history nor rated for them); f.mu is
// held.
func (f *files) botSeats(l *gamelog.Log) {
	tg := f.tags.Load()
	if tg == nil {
		return
	}
	c := *tg
	c.keys, c.names = slices.Clone(tg.keys), slices.Clone(tg.names)
	changed := false
	for i, k := range c.keys {
		if s, lv := rules.Seat(i), l.Header.Level(rules.Seat(i)); k != "" && lv != "" && lv != gamelog.Human {
			c.keys[i], c.names[i], changed = "", l.Header.Name(s), true
		}
	}
	if changed {
		f.tags.Store(&c)
	}
}

func (f *files) saveLocked(l *gamelog.Log) error {
	if f.st == nil {
		return nil
	}
	if f.removed {
		return errRemoved
	}
	return f.st.SaveCurrent(f.withTags(l))
}

// rematch reports whether l is a game "again" started.
func rematch(l *gamelog.Log) bool {
	return l.Header.Tag(host.RematchTag) != ""
}

// withTags is l with the table's tags, and while the game is being
// filed the seats whose history holds it and why the table closed;
// f.mu is held.
func (f *files) withTags(l *gamelog.Log) *gamelog.Log {
	c := *l
	c.Header.Extra = append([]gamelog.Tag(nil), l.Header.Extra...)
	var seats string
	if tg := f.tags.Load(); tg != nil {
		tg.decorate(&c)
		for i, k := range tg.keys {
			if k != "" && f.filed[k] {
				seats += rules.Seat(i).String()
			}
		}
	}
	c.Header.SetTag(tagFiled, seats)
	c.Header.SetTag(tagWatched, f.seen.Load().tag(len(c.Deals)))
	if rematch(&c) && f.rematchOf != "" {
		c.Header.SetTag(host.RematchTag, f.rematchOf)
	}
	closed := ""
	if f.closed != "" {
		if g, err := c.Game(); err == nil && !g.Over() {
			closed = f.closed
		}
	}
	c.Header.SetTag(tagClosed, closed)
	return &c
}

// Archive files the finished (or abandoned) game l into every person's
// history; the table's log goes once all hold it. Its error names no
// path of the server's: the people read it.
func (f *files) Archive(l *gamelog.Log) (string, error) {
	f.mu.Lock()
	f.final = l
	// The host saves the finished game just before it files it (a game
	// over in the log a restart read is kept already).
	f.kept = f.kept || f.saved
	f.unfiled.Store(!f.removed)
	done, err := f.file()
	f.mu.Unlock()
	if done && f.filedAll != nil {
		f.filedAll()
	}
	return "", err
}

// retry files the game again after a failure, when no host does (the
// table was abandoned, or the game was filed once the host stopped); it
// reports whether every history holds it now.
func (f *files) retry() bool {
	f.mu.Lock()
	if f.final == nil || f.removed {
		f.mu.Unlock()
		return f.removed
	}
	done, _ := f.file()
	f.mu.Unlock()
	if done && f.filedAll != nil {
		f.filedAll()
	}
	return done
}

// pending reports whether a game waits to be filed in some history;
// it never waits for a write under way.
func (f *files) pending() bool { return f.unfiled.Load() }

// file files f.final into the history of every person whose history
// does not hold it yet, and records it in the club's database
// (Config.Record) unless it has; once all hold it, it removes the
// table's log (never before). It reports whether that is done now
// (false when it was done before, or is not). f.mu is held.
func (f *files) file() (bool, error) {
	if f.removed {
		return false, nil
	}
	// Every history gets the same copy: the table's log alone says
	// whose history holds it already, so that the game is one file's
	// bytes (the club's database knows a game by their checksum).
	l := f.withTags(f.final)
	l.Header.SetTag(tagFiled, "")
	// Who watched is the table's business while a deal is played, none
	// of the histories': their copies are the same bytes whoever did.
	l.Header.SetTag(tagWatched, "")
	if marked, _, err := gamelog.Filed(l); err == nil {
		l = marked // as Store.Archive files it, so that the sum is the file's
	}
	if sum, err := host.SumLog(l); err == nil {
		f.filedSum = sum
	}
	var errs []error
	if tg := f.tags.Load(); tg != nil {
		for i, id := range tg.keys {
			if id == "" || f.filed[id] {
				continue
			}
			if f.history != nil {
				p, err := f.history(id).Archive(l)
				if err != nil {
					f.logf("filing the game for %s: %v", tg.names[i], err)
					errs = append(errs, fmt.Errorf("%s's history: %s", tg.names[i], durable.Brief(err)))
					continue
				}
				if f.copy == "" {
					f.copy = p
				}
			}
			f.filed[id] = true
		}
	}
	if f.record != nil && !f.recorded {
		path := f.copy
		if path == "" && f.st != nil {
			// The histories had it before a restart: the table's log,
			// which holds the game until the record lands.
			path = f.st.CurrentPath()
		}
		if err := f.record(path, l); err != nil {
			f.logf("recording the game in the club's database: %v", err)
			errs = append(errs, errors.New("the club's records could not be written"))
		} else {
			f.recorded = true
		}
	}
	if len(errs) > 0 {
		// The table's log keeps the game, and now whose history holds
		// it, for the next try (after a restart too).
		if f.st != nil {
			err := f.st.SaveCurrent(f.withTags(f.final))
			switch {
			case err == nil && f.warned && !f.kept:
				f.logf("the finished game is kept in the table's log again until it is filed")
			case err != nil && f.kept:
				f.logf("keeping the game until it is filed: %v", err)
			case err != nil && !f.warned:
				// Said once, clearly: a crash before the next try
				// loses the game, so the operator must act.
				f.logf("the finished game is only in memory until it can be filed: free disk space (%v)", err)
				f.warned = true
			}
			f.kept = f.kept || err == nil
		}
		return false, errors.Join(errs...)
	}
	f.removed = true
	f.unfiled.Store(false)
	if f.st != nil {
		f.dropLog()
	}
	return true, nil
}

// dropLog removes the log of the table whose game every history holds,
// once its people's notice is on the disk: for a game that ended, their
// keys (endedFile, which a restart reads to tell them where the table
// went), written durably first; for an abandoned table, the hall's
// notices (keepNotices). So a crash at any point leaves the log (the
// table comes back and files the game again, which files nothing
// twice) or the notice, never neither. When the keys cannot be written
// the log stays, for the same reason, until the table goes (gone).
// f.mu is held.
func (f *files) dropLog() {
	dir := f.st.Dir()
	if f.closed == "" {
		if err := f.markEnded(); err != nil {
			f.logf("keeping who was at the finished table (for a restart): %v; its log stays until the table goes", err)
			return
		}
	} else if f.keepNotices != nil {
		f.keepNotices()
	}
	if err := f.fs.Remove(f.st.CurrentPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		f.logf("removing the filed table's log: %v", err)
		return
	}
	durable.SyncDir(f.fs, dir)
	if f.closed != "" {
		if err := os.RemoveAll(dir); err != nil {
			f.logf("removing the filed table's files: %v", err)
		}
		return
	}
	// The rest (the lock, when the table became empty) goes too: the
	// directory keeps only the keys.
	ents, err := f.fs.ReadDir(dir)
	if err != nil {
		f.logf("removing the filed table's files: %v", err)
		return
	}
	for _, e := range ents {
		if e.Name() != endedFile {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				f.logf("removing the filed table's files: %v", err)
			}
		}
	}
}

// endedFile, in a table's directory, holds the keys of the people of a
// game ended and filed in every history, one a line, while the table
// waits for them (to say again): a restart, which cannot bring that
// table back, tells each of them where it went (Hall.load). The hall
// removes it with the directory once the table goes (gone).
const endedFile = "ended"

// markEnded writes endedFile, durably, for the game just filed; f.mu
// is held.
func (f *files) markEnded() error {
	tg := f.tags.Load()
	if tg == nil {
		return nil
	}
	var b strings.Builder
	for _, k := range tg.keys {
		if k != "" {
			b.WriteString(k + "\n")
		}
	}
	path := filepath.Join(f.st.Dir(), endedFile)
	return durable.ReplaceMkdir(f.fs, path, ".ended-*.tmp", []byte(b.String()), 0o700)
}

// emptyFile, in a table's directory, holds when the table became empty
// (RFC 3339), while nobody has come to it since: a restart runs the
// abandonment's clock on from then, not from the start (Hall.load).
const emptyFile = "empty"

// markEmpty writes since (number seq) into the table's emptyFile, or
// removes the file for a zero since, unless a newer mark was written;
// nothing once the table's directory is gone (the table closed, or its
// game filed). It runs on its own goroutine.
func (f *files) markEmpty(seq int, since time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if seq <= f.emptyWritten || f.removed || f.st == nil {
		return
	}
	f.emptyWritten = seq
	path := filepath.Join(f.st.Dir(), emptyFile)
	if since.IsZero() {
		if err := f.fs.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			f.logf("forgetting when the table became empty: %v", err)
		}
		return
	}
	data := []byte(since.UTC().Format(time.RFC3339Nano) + "\n")
	if err := durable.ReplaceMkdir(f.fs, path, ".empty-*.tmp", data, 0o700); err != nil {
		f.logf("keeping when the table became empty (for a restart): %v", err)
	}
}

// readEmpty reads when the table whose emptyFile is at path became
// empty: zero when the file is missing, an error naming the file when
// it holds no time.
func readEmpty(fsys durable.FS, path string) (time.Time, error) {
	data, err := fsys.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, err
	}
	since, err := time.Parse(time.RFC3339Nano, strings.TrimSuffix(string(data), "\n"))
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: not a time: %q", path, data)
	}
	return since, nil
}

// gone removes the directory of a table whose game every history holds
// as the hall lets the table go: what markEnded wrote is not needed.
func (f *files) gone() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.st == nil || !f.removed {
		return
	}
	if err := os.RemoveAll(f.st.Dir()); err != nil {
		f.logf("removing the filed table's files: %v", err)
	}
}

// readEnded reads the keys in the endedFile at path; a line that holds
// no key is an error naming the file and the line.
func readEnded(fsys durable.FS, path string) ([]string, error) {
	data, err := fsys.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var keys []string
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || strings.ContainsAny(line, " \t\r") {
			return nil, fmt.Errorf("%s, line %d: not a key: %q", path, i+1, line)
		}
		keys = append(keys, line)
	}
	return keys, nil
}
