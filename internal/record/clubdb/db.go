package clubdb

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/klob/klob/internal/platform/dirlock"
	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/textwrap"
	"github.com/klob/klob/internal/platform/untrusted"
)

// FileName is the database's name in the server's state directory.
const FileName = "club.db"

// LockSuffix names the lock file beside the database (club.db.lock),
// held while a DB has it open.
const LockSuffix = ".lock"

// WALSuffix names the database's write-ahead log (club.db-wal).
const WALSuffix = "-wal"

// Errors.
var (
	// ErrClosed: the database was closed.
	ErrClosed = errors.New("the club database is closed")
	// ErrNotFound: no such player, game or tournament.
	ErrNotFound = errors.New("not in the club database")
	// ErrBusy: another DB, most likely another klob serve, has the
	// database open: one process writes it.
	ErrBusy = errors.New("another klob has the club database open")
)

// DamagedError refuses a file that is not a sound Klob club database:
// not SQLite, damaged inside, or another program's database; or a
// database whose write-ahead log is damaged (WAL). The files are left
// exactly as they are.
type DamagedError struct {
	Path   string
	Reason string
	Err    error // SQLite's error, when it gave one
	// WAL is the path of the write-ahead log when it is the log that is
	// damaged (Reason is then the log's), or when the database is
	// missing and its log is not (Missing, Reason the log's size); ""
	// when it is the database.
	WAL     string
	Missing bool
	// Backups lists the copies Open made before its schema moves
	// (Path.vK.bak) found beside the database, for the advice.
	Backups []string
	// Copies lists the day's copies klob serve took (Backup), the
	// newest first, for the advice.
	Copies []Copy
}

func (e *DamagedError) Error() string {
	if e.Missing {
		return fmt.Sprintf("the club database %s is missing, and the write-ahead log of the database that was there (%s, %s) is left: it was moved without it. The log is left as it is: put the database back beside it (SQLite plays the log into it), or put back your latest backup of %s and move %s and %s-shm away; a new database made beside the log would take its pages. %s "+
			"Only if there is neither: move %s and %s-shm away; klob serve then starts a new database and imports the state directory again, which brings back the players and their games but loses every tournament, today's daily too (its entrants and results; its boards are drawn again).",
			e.Path, e.WAL, e.Reason, e.Path, e.WAL, e.Path, e.ownCopies(), e.WAL, e.Path)
	}
	if e.WAL != "" {
		return fmt.Sprintf("the write-ahead log %s of the club database %s is damaged: %s. SQLite would take it for empty and drop the commits in it that are not yet in the database (tournament entries and boards played among them). "+
			"Both are left as they are. %s Only if there is no backup: move %s away with %s-shm; klob serve then opens the database without those commits: the games among them come back from the state directory, the tournament entries and results among them are lost.",
			e.WAL, e.Path, e.Reason, e.putBack(), e.WAL, e.Path)
	}
	return fmt.Sprintf("the club database %s is damaged: %s. It is left as it is. %s Only if there is no backup: move it away with its -wal and -shm files; klob serve then starts a new one and imports the state directory again, which brings back the players and their games but loses every tournament, today's daily too (its entrants and results; its boards are drawn again).",
		e.Path, e.Reason, e.putBack())
}

// putBack is the first advice on a damaged database: a backup put back,
// without the files beside the damaged one (SQLite would play the log
// into the copy), the copies klob serve took itself and how to put one
// back.
func (e *DamagedError) putBack() string {
	return "Put back your latest backup of the database, after moving the damaged one away with its -wal and -shm files (SQLite would play the log into the copy). " + e.ownCopies()
}

// ownCopies lists the copies klob serve took of the database, the day's
// (newest first by the days in their names, with when each was taken,
// Copy.Taken) and those before schema moves, and says how to put the
// newest back: the exact commands.
func (e *DamagedError) ownCopies() string {
	dir := BackupsDir(e.Path)
	var b strings.Builder
	if len(e.Copies) == 0 {
		fmt.Fprintf(&b, "klob serve keeps a copy of the database a day in %s (the newest -backups of them), and there is none there", dir)
		if len(e.Backups) == 0 {
			fmt.Fprintf(&b, "; nor a copy before a schema move (%s.vK.bak).", filepath.Base(e.Path))
			return b.String()
		}
		b.WriteString(".")
	} else {
		fmt.Fprintf(&b, "klob serve keeps a copy of the database a day; here, the newest first: ")
		for i, c := range e.Copies {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s (taken %s)", c.Path, c.Taken().Format("2006-01-02 15:04"))
		}
		state := filepath.Dir(e.Path)
		aside := filepath.Join(state, "damaged")
		fmt.Fprintf(&b, ". To put the newest back, stop klob serve, then run (the mv naming only the files there): mkdir %s; mv %s %s %s %s/; cp %s %s; then start klob serve: the games filed since the copy come back from the state directory, the tournaments' entries and results since are lost.",
			shellQuote(aside), shellQuote(e.Path), shellQuote(e.Path+WALSuffix), shellQuote(e.Path+"-shm"), shellQuote(aside),
			shellQuote(e.Copies[0].Path), shellQuote(e.Path))
	}
	if len(e.Backups) > 0 {
		fmt.Fprintf(&b, " The copy it makes before each schema move holds the club as it was then: here %s.", strings.Join(e.Backups, ", "))
	}
	return b.String()
}

// shellQuote is s as a shell word: as it is when it holds nothing the
// shell reads, else in single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withBackups fills in the copies klob serve took of the database at
// path, the day's and those before schema moves, when err is a
// *DamagedError.
func withBackups(err error, path string) error {
	var de *DamagedError
	if errors.As(err, &de) && de.Backups == nil && de.Copies == nil {
		de.Backups = schemaCopies(path)
		de.Copies = Copies(path)
	}
	return err
}

// schemaCopies lists the copies Open made of the database at path before
// its schema moves (path.vK.bak, path.vK-N.bak), sorted.
func schemaCopies(path string) []string {
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return nil
	}
	base := filepath.Base(path)
	var out []string
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), base+".v")
		if !ok || !strings.HasSuffix(rest, ".bak") || !e.Type().IsRegular() {
			continue
		}
		out = append(out, filepath.Join(filepath.Dir(path), e.Name()))
	}
	slices.Sort(out)
	return out
}

func (e *DamagedError) Unwrap() error { return e.Err }

// NewerError refuses a database a newer klob wrote: its schema version
// is above the one this klob knows. The file is left as it is.
type NewerError struct {
	Path    string
	Version int // the file's
	Known   int // this klob's, Version
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the club database %s has schema version %d, and this klob knows versions up to %d: a newer klob wrote it. It is left as it is: run the newer klob, or move the file away", e.Path, e.Version, e.Known)
}

// Options configures Open.
type Options struct {
	// Now is the clock of first and last seen, of recorded games and of
	// tournaments; nil means time.Now.
	Now func() time.Time
	// Readers bounds the read connections (default 4).
	Readers int
}

// DB is the club database. Its methods are safe for concurrent use.
// Every write goes through the writer's one connection, which commits
// together the writes that queued while the previous commit was
// syncing; reads run on their own pool of read-only connections and
// never wait for a write (WAL mode).
type DB struct {
	path    string
	now     func() time.Time
	created bool
	lock    *dirlock.Lock // on path.lock, while open

	wdb  *sql.DB // one connection, the writer's
	conn *sql.Conn
	ws   writeStmts
	rdb  *sql.DB // read-only connections
	rs   readStmts

	mu     sync.RWMutex // guards closed against sends on reqs
	closed bool
	reqs   chan *request // the writes waiting for a commit
	wmu    sync.Mutex    // held by the one committing, on conn
	// drained, when set (by tests), runs when a committer has found the
	// queue empty, just before it lets go of wmu.
	drained func()

	ck *checkpointer // copies the log into the database, off the writer

	onName atomic.Pointer[func(key, name string)] // OnName's
}

// Open opens the club database at path, creating it when missing, and
// brings its schema to Version in one transaction (after copying an
// older database aside: path.vK.bak). Before it writes anything, it
// checks the file: one that is not SQLite, fails SQLite's integrity
// check or the foreign keys, belongs to another program (a
// *DamagedError) or comes from a newer klob (a *NewerError) is refused
// and left as it is.
func Open(path string, o Options) (*DB, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Readers <= 0 {
		o.Readers = 4
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("the club database %s: %w", abs, err)
	}
	db := &DB{path: abs, now: o.Now, reqs: make(chan *request, maxBatch)}
	ok := false
	defer func() {
		if !ok {
			db.closeHandles()
		}
	}()
	// One process writes the database: one writer at a time is the only
	// writer only if no other klob serve has the file open.
	if db.lock, err = dirlock.TryLock(abs + LockSuffix); err != nil {
		var le *dirlock.LockedError
		if errors.As(err, &le) && le.PID > 0 {
			return nil, fmt.Errorf("the club database %s: %w (process %d)", abs, ErrBusy, le.PID)
		} else if errors.As(err, &le) {
			return nil, fmt.Errorf("the club database %s: %w", abs, ErrBusy)
		}
		return nil, fmt.Errorf("the club database %s: %w", abs, err)
	}
	if err := writable(abs); err != nil {
		return nil, err
	}
	st, err := inspect(ctx, abs)
	if err != nil {
		return nil, withBackups(err, abs)
	}
	if st.missing {
		if err := makeNew(ctx, abs); err != nil {
			return nil, err
		}
	}
	// Once the checks pass: a file they refuse is left as it is.
	if err := createPrivate(abs); err != nil {
		return nil, fmt.Errorf("the club database %s: %w", abs, err)
	}
	if db.wdb, err = sql.Open("sqlite", dsn(abs, false)); err != nil {
		return nil, err
	}
	db.wdb.SetMaxOpenConns(1)
	db.wdb.SetConnMaxIdleTime(0)
	if db.conn, err = db.wdb.Conn(ctx); err != nil {
		return nil, db.openErr(err)
	}
	if st.deferred {
		// The read-only look could not be had (a journal to roll back
		// after a crash): the same checks on the writer's connection,
		// before it writes anything of its own.
		if st, err = inspectConn(ctx, db.conn, abs); err != nil {
			return nil, withBackups(err, abs)
		}
	}
	var mode string
	if err := db.conn.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode); err != nil {
		return nil, db.openErr(err)
	}
	if !strings.EqualFold(mode, "wal") {
		return nil, fmt.Errorf("the club database %s: SQLite keeps journal mode %q, not WAL", abs, mode)
	}
	// NORMAL in WAL mode: a commit is in the log, in the system's
	// cache, before it returns, so a killed server loses nothing; only a
	// crash of the whole machine may lose the last commits, and their
	// games come back from their logs at the next start's import.
	// Savepoints journal in memory, not in a temporary file. The writer
	// never checkpoints (wal_autocheckpoint=0): the checkpointer does,
	// on its own connection, so no write waits for the log's copy
	// (docs/experiments/2026-12-01-club-load.md and
	// 2026-12-01-clubdb-write-latency.md measure them).
	for _, p := range []string{"PRAGMA synchronous=NORMAL", "PRAGMA temp_store=MEMORY", "PRAGMA wal_autocheckpoint=0"} {
		if _, err := db.conn.ExecContext(ctx, p); err != nil {
			return nil, db.openErr(err)
		}
	}
	created, err := migrate(ctx, db.conn, abs, st.version, migrations)
	if err != nil {
		return nil, err
	}
	db.created = st.missing || created
	if err := db.ws.prepare(ctx, db.conn); err != nil {
		return nil, db.openErr(err)
	}
	if db.rdb, err = sql.Open("sqlite", dsn(abs, true)); err != nil {
		return nil, err
	}
	db.rdb.SetMaxOpenConns(o.Readers)
	db.rdb.SetMaxIdleConns(o.Readers)
	if err := db.rs.prepare(ctx, db.rdb); err != nil {
		return nil, db.openErr(err)
	}
	if db.ck, err = newCheckpointer(ctx, abs); err != nil {
		return nil, db.openErr(err)
	}
	ok = true
	return db, nil
}

// Path returns the database's file.
func (db *DB) Path() string { return db.path }

// Created reports whether Open made the database (the file was
// missing, or had no schema yet): the state directory's files are then
// to be imported.
func (db *DB) Created() bool { return db.created }

// Close waits for the writes already queued, then closes the database.
// Writes asked for afterwards fail with ErrClosed.
func (db *DB) Close() error {
	db.mu.Lock()
	if db.closed {
		db.mu.Unlock()
		return nil
	}
	db.closed = true
	db.mu.Unlock()
	// The writes queued before: committed here or by the one committing
	// now. wmu stays held: nothing is committed after the close.
	db.wmu.Lock()
	for batch := db.take(); len(batch) > 0; batch = db.take() {
		db.commit(batch)
	}
	db.ck.stop()
	return db.closeHandles()
}

func (db *DB) closeHandles() error {
	db.rs.close()
	db.ws.close()
	var errs []error
	if db.rdb != nil {
		errs = append(errs, db.rdb.Close())
	}
	if db.ck != nil {
		errs = append(errs, db.ck.close())
	}
	if db.conn != nil {
		errs = append(errs, db.conn.Close())
	}
	if db.wdb != nil {
		errs = append(errs, db.wdb.Close())
	}
	if db.lock != nil {
		errs = append(errs, db.lock.Unlock())
	}
	return errors.Join(errs...)
}

// openErr is sqlErr on the database's file; nil stays nil.
func (db *DB) openErr(err error) error {
	if err == nil {
		return nil
	}
	return sqlErr(db.path, err)
}

// rowErr is openErr for a query of one row: no row is ErrNotFound, said
// of what ("player KEY").
func (db *DB) rowErr(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return db.openErr(err)
}

// writable refuses a database file that cannot be read or written (its
// mode, an immutable flag, a read-only mount), before anything reads or
// imports into it: SQLite would open a file it cannot write read-only
// without a word, and the first write, deep in the import, would fail
// with "attempt to write a readonly database"; one it cannot read would
// fail as "unable to open database file". A missing file is no error,
// nor is one that is no regular file: inspect refuses it in its own
// words.
func writable(path string) error {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	var errs [2]error // reading, writing
	for i, flag := range []int{os.O_RDONLY, os.O_WRONLY} {
		f, err := os.OpenFile(path, flag, 0)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err == nil {
			err = f.Close()
		}
		errs[i] = err
	}
	return accessError(path, errs[0], errs[1])
}

// accessError words why the database file at path could not be opened
// for reading (rerr) or for writing (werr), and what to do: the advice
// is for what fails, read permission for a file that cannot be read.
// Both nil is no error.
func accessError(path string, rerr, werr error) error {
	why := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
		return err
	}
	const left = "It is left as it is."
	switch {
	case rerr != nil && werr != nil:
		return fmt.Errorf("the club database %s cannot be read or written (%v); klob serve reads and writes it: give the server's user read and write permission (chmod u+rw, chattr -i) or give another -state. %s", path, why(rerr), left)
	case rerr != nil:
		return fmt.Errorf("the club database %s cannot be read (%v); klob serve reads it: give the server's user read permission (chmod u+r) or give another -state. %s", path, why(rerr), left)
	case werr != nil:
		return fmt.Errorf("the club database %s cannot be written (read-only: %v); klob serve writes it: make it writable (chmod u+w, chattr -i) or give another -state. %s", path, why(werr), left)
	}
	return nil
}

// sqlErr names the file in an error of SQLite's, and calls a damaged
// file damaged.
func sqlErr(path string, err error) error {
	if r, ok := damageReason(err); ok {
		return &DamagedError{Path: path, Reason: r, Err: err}
	}
	return fmt.Errorf("the club database %s: %w", path, err)
}

// damageReason says whether SQLite's error means the file is damaged.
func damageReason(err error) (string, bool) {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return "", false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT:
		return "SQLite finds it malformed (" + se.Error() + ")", true
	case sqlite3.SQLITE_NOTADB:
		return "SQLite does not read it as a database (" + se.Error() + ")", true
	}
	return "", false
}

// dsn is the driver's name for the file: every connection waits up to
// 5 s for a lock another process holds and checks foreign keys; a
// read-only one cannot write at all. It is a "file:" URI of the
// absolute path, its characters escaped: a relative path would be read
// as file://DIR/..., DIR an authority SQLite refuses, and a '?', '#' or
// '%' in a name would start the query or the fragment or an escape.
func dsn(path string, readOnly bool) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Set("mode", "ro")
	}
	u := url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}
	return u.String()
}

// fileState is what inspect found.
type fileState struct {
	version  int  // the schema version, 0 for a new database
	deferred bool // the checks wait for the writer's connection
	missing  bool // there is no file: Open makes it (makeNew)
}

// inspect checks an existing file without writing to it: SQLite's
// header, then, on a read-only connection, inspectConn's checks.
func inspect(ctx context.Context, path string) (fileState, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		// A new database, unless the log of a database that was here is
		// left: SQLite would play its pages into the new one.
		if err := orphanWAL(path); err != nil {
			return fileState{}, err
		}
		return fileState{missing: true}, nil
	}
	if err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		// SQLite would take an empty file for a new database; but a club
		// database emptied (a copy that failed, a full disk) is a club
		// lost, so it is refused as -db-check refuses it.
		return fileState{}, emptyFile(path)
	}
	var st fileState
	err = readConn(ctx, path, true, func(conn *sql.Conn) (err error) {
		st, err = inspectConn(ctx, conn, path)
		return err
	})
	var se *sqlite.Error
	if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_READONLY || se.Code()&0xff == sqlite3.SQLITE_CANTOPEN) {
		return fileState{deferred: true}, nil
	}
	return st, err
}

// orphanWAL refuses a missing database at path whose write-ahead log is
// there and not empty: SQLite would play its pages into a new database.
func orphanWAL(path string) error {
	if wal, err := os.Stat(path + WALSuffix); err == nil && wal.Size() > 0 {
		return &DamagedError{Path: path, WAL: path + WALSuffix, Missing: true, Reason: textwrap.Count(int(wal.Size()), "byte")}
	}
	return nil
}

// readConn runs fn on a read-only connection to the database at path,
// once the file is found regular (a FIFO would hang its read) and
// checkHeader and checkWAL have passed it and its write-ahead log: one
// that is not SQLite's is refused before SQLite reads it.
//
// SQLite, reading a database in WAL mode, makes its -wal and -shm files
// when they are missing. Those readConn made are removed again when the
// database is refused as damaged (fn returns a *DamagedError or
// errDamaged), so that a refused file is left alone as it was found;
// and on any error when the caller holds the database's lock (locked),
// no other klob then having it open. Without the lock, a sound database
// keeps them: a klob serve started meanwhile may be using them.
func readConn(ctx context.Context, path string, locked bool, fn func(*sql.Conn) error) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return fmt.Errorf("the club database %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("the club database %s is not a regular file (%s): it is left as it is", path, untrusted.Kind(fi.Mode()))
	}
	if err := checkHeader(path); err != nil {
		return err
	}
	if err := checkWAL(path); err != nil {
		return err
	}
	missing := missingBeside(path)
	err = runRead(ctx, path, fn)
	var de *DamagedError
	if errors.As(err, &de) || errors.Is(err, errDamaged) || (locked && err != nil) {
		removeMade(path, missing)
	}
	return err
}

// errDamaged is what a readConn's fn returns for a database it found
// damaged without an error of its own (a check's report).
var errDamaged = errors.New("the club database is damaged")

// runRead opens the read-only connection, runs fn on it and closes it.
func runRead(ctx context.Context, path string, fn func(*sql.Conn) error) error {
	rdb, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		return err
	}
	defer rdb.Close()
	conn, err := rdb.Conn(ctx)
	if err != nil {
		return sqlErr(path, err)
	}
	defer conn.Close()
	return fn(conn)
}

// besideSuffixes are SQLite's files beside a database in WAL mode.
var besideSuffixes = []string{WALSuffix, "-shm"}

// missingBeside lists which of SQLite's files beside the database at
// path are missing.
func missingBeside(path string) []string {
	var out []string
	for _, s := range besideSuffixes {
		if _, err := os.Lstat(path + s); errors.Is(err, fs.ErrNotExist) {
			out = append(out, path+s)
		}
	}
	return out
}

// removeMade removes the files of missing that SQLite has made since:
// the log only while it is empty (it holds no commit), the shared
// memory with it.
func removeMade(path string, missing []string) {
	for _, p := range missing {
		fi, err := os.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if p == path+WALSuffix && fi.Size() > 0 {
			return
		}
	}
	for _, p := range missing {
		os.Remove(p)
	}
}

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// emptyFile is the refusal of a club database of 0 bytes.
func emptyFile(path string) *DamagedError {
	return &DamagedError{Path: path, Reason: "it is empty (0 bytes), so no club is in it"}
}

// checkHeader reads the 100 bytes of SQLite's file header: the magic
// string and a page size SQLite can have. The schema version is
// inspectConn's to check.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrPermission) {
		return accessError(path, err, nil)
	} else if err != nil {
		return fmt.Errorf("the club database %s: %w", path, err)
	}
	defer f.Close()
	var h [100]byte
	if n, err := io.ReadFull(f, h[:]); n == 0 && err == io.EOF {
		return emptyFile(path)
	} else if err != nil {
		return &DamagedError{Path: path, Reason: "it is shorter than SQLite's 100-byte header"}
	}
	if string(h[:16]) != sqliteMagic {
		return &DamagedError{Path: path, Reason: "it does not start with SQLite's header: it is not an SQLite database"}
	}
	ps := int(binary.BigEndian.Uint16(h[16:18]))
	if ps == 1 {
		ps = 65536
	}
	if ps < 512 || ps&(ps-1) != 0 {
		return &DamagedError{Path: path, Reason: fmt.Sprintf("its header gives a page size of %d bytes, which SQLite never writes", ps)}
	}
	return nil
}

// markSQL reads the file's application id (the Klob mark) and its
// schema version.
const markSQL = "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version)"

// inspectConn checks the database on conn before anything is written:
// the Klob mark (application id), the schema version, the tables,
// columns and indexes of that version (schemaProblems), SQLite's
// integrity check and the foreign keys (checkStore).
func inspectConn(ctx context.Context, conn *sql.Conn, path string) (fileState, error) {
	var app, version, tables int
	q := markSQL + ", (SELECT count(*) FROM sqlite_schema)"
	if err := conn.QueryRowContext(ctx, q).Scan(&app, &version, &tables); err != nil {
		return fileState{}, sqlErr(path, err)
	}
	switch {
	case app != applicationID && (app != 0 || tables > 0):
		return fileState{}, &DamagedError{Path: path, Reason: fmt.Sprintf("it is an SQLite database of another program (application id %#x, %d schema objects), not a Klob club database", app, tables)}
	case version > Version:
		return fileState{}, &NewerError{Path: path, Version: version, Known: Version}
	case version < 0:
		return fileState{}, &DamagedError{Path: path, Reason: fmt.Sprintf("its schema version is %d", version)}
	}
	// A table, column or index of klob's gone (dropped or renamed by
	// hand): refused here in a line, not by a statement's failure.
	if problems, err := schemaProblems(ctx, conn, version); err != nil {
		return fileState{}, sqlErr(path, err)
	} else if len(problems) > 0 {
		return fileState{}, &DamagedError{Path: path, Reason: summary(problems)}
	}
	// SQLite's full check, not its quick check: that one skips the
	// indexes, and a row its index does not have is damage the writes
	// after would build on.
	if problems, err := checkStore(ctx, conn); err != nil {
		return fileState{}, sqlErr(path, err)
	} else if len(problems) > 0 {
		return fileState{}, &DamagedError{Path: path, Reason: fmt.Sprintf("its check finds %s: %s (klob serve -db-check lists them all)", textwrap.Count(len(problems), "problem"), summary(problems))}
	}
	return fileState{version: version}, nil
}

// pragmaLines runs an integrity pragma and returns its lines other than
// "ok".
func pragmaLines(ctx context.Context, conn *sql.Conn, pragma string) ([]string, error) {
	rows, err := conn.QueryContext(ctx, pragma)
	lines, err := collect(rows, err, scanOne[string])
	return slices.DeleteFunc(lines, func(s string) bool { return s == "ok" }), err
}

// summary joins the first problems SQLite lists.
func summary(lines []string) string {
	const most = 3
	s := strings.Join(lines[:min(len(lines), most)], "; ")
	if len(lines) > most {
		s += fmt.Sprintf("; and %d more", len(lines)-most)
	}
	return s
}

// migrate brings the database on conn from version from to the last
// of steps (migrations) in one transaction, after copying an older
// database (not a new one) aside. It reports whether the database was
// new.
func migrate(ctx context.Context, conn *sql.Conn, path string, from int, steps []string) (created bool, err error) {
	to := len(steps)
	if from == to {
		return false, nil
	}
	if from > 0 {
		if err := backup(ctx, conn, path, from, to); err != nil {
			return false, err
		}
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return false, sqlErr(path, err)
	}
	defer func() {
		if err != nil {
			_, _ = conn.ExecContext(ctx, "ROLLBACK")
		}
	}()
	// Another process may have moved the version since the look.
	var v int
	if err := conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return false, sqlErr(path, err)
	}
	if v > to {
		return false, &NewerError{Path: path, Version: v, Known: to}
	}
	if err := applyMigrations(ctx, conn, steps, v, to); err != nil {
		return false, fmt.Errorf("the club database %s: moving from version %d to %d: %w; nothing was changed", path, v, to, err)
	}
	if v > 0 {
		// foreign_key_check has four columns a row: foreignKeyProblems
		// words them (pragmaLines reads one and would fail the scan).
		if problems, err := foreignKeyProblems(ctx, conn); err != nil {
			return false, sqlErr(path, err)
		} else if len(problems) > 0 {
			refs := "references"
			if len(problems) == 1 {
				refs = "reference"
			}
			return false, fmt.Errorf("the club database %s: moving from version %d to %d breaks %d %s (%s); nothing was changed",
				path, v, to, len(problems), refs, summary(problems))
		}
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return false, sqlErr(path, err)
	}
	return v == 0, nil
}

// applyMigrations runs steps from version from to version to on conn,
// inside the caller's transaction.
func applyMigrations(ctx context.Context, conn *sql.Conn, steps []string, from, to int) error {
	for k := from + 1; k <= to; k++ {
		if _, err := conn.ExecContext(ctx, steps[k-1]); err != nil {
			return fmt.Errorf("schema step %d: %w", k, err)
		}
	}
	if from == 0 {
		if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", applicationID)); err != nil {
			return err
		}
	}
	_, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", to))
	return err
}

// newSuffix names the database being made (club.db.new) until it is
// whole and renamed into place.
const newSuffix = ".new"

// makeNew makes the missing database at path whole before it is there:
// the schema is written to path.new (left over from a start killed
// before, it is made again), which is synced and renamed into place.
// A server killed while it starts leaves no database or a whole one,
// never the empty file that Open refuses as a club lost.
func makeNew(ctx context.Context, path string) (err error) {
	tmp := path + newSuffix
	fail := func(err error) error { return fmt.Errorf("the club database %s: making it as %s: %w", path, tmp, err) }
	for _, p := range []string{tmp, tmp + "-journal", tmp + "-wal", tmp + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fail(err)
		}
	}
	if err := createPrivate(tmp); err != nil {
		return fail(err)
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	// The default rollback journal: the commit is in the file itself,
	// synced, when migrate returns (Open turns on WAL afterwards).
	sdb, err := sql.Open("sqlite", dsn(tmp, false))
	if err != nil {
		return fail(err)
	}
	defer sdb.Close()
	conn, err := sdb.Conn(ctx)
	if err != nil {
		return fail(err)
	}
	if _, err := migrate(ctx, conn, tmp, 0, migrations); err != nil {
		conn.Close()
		return err
	}
	if err := conn.Close(); err != nil {
		return fail(err)
	}
	if err := sdb.Close(); err != nil {
		return fail(err)
	}
	f, err := os.OpenFile(tmp, os.O_RDWR, 0)
	if err != nil {
		return fail(err)
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	if err := durable.SyncDir(durable.OS(), filepath.Dir(path)); err != nil {
		return fmt.Errorf("the club database %s: %w", path, err)
	}
	return nil
}

// createPrivate creates the missing database file at path, empty (a
// new database to SQLite) and readable by its owner only: SQLite would
// create it 0644 less the umask, and gives its write-ahead log and
// shared memory the database file's mode.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// bakNewSuffix ends the name of the copy being made before a schema
// move (club.db.v3.bak.new) until it is whole, synced and linked to its
// .bak name.
const bakNewSuffix = ".bak" + newSuffix

// backup copies the database of version v aside before it moves to
// version to, as path.vV.bak (path.vV-2.bak, ... when taken, never
// over another file): a consistent copy made by SQLite itself
// (VACUUM INTO) into path.vV.bak.new, created empty and private first,
// then synced and linked to the .bak name, so a crash or a failure
// leaves no part of a copy under a .bak name. Copies a crash left
// half-made (*.bak.new) are removed first: Open holds the lock, so no
// other klob is making one.
func backup(ctx context.Context, conn *sql.Conn, path string, v, to int) (err error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	tmp := fmt.Sprintf("%s.v%d%s", path, v, bakNewSuffix)
	fail := func(err error) error {
		return fmt.Errorf("the club database %s: copying version %d aside (made as %s) before moving to version %d: %w", path, v, tmp, to, err)
	}
	if err := removeHalfCopies(dir, func(name string) bool { return isHalfCopy(name, base) }); err != nil {
		return fail(err)
	}
	if err := vacuumInto(ctx, conn, tmp, time.Time{}); err != nil {
		return fail(err)
	}
	defer func() {
		if err != nil {
			removeCopy(tmp)
		}
	}()
	dst, err := durable.PlaceNew(lstatFS{durable.OS()}, dir, fmt.Sprintf("%s.v%d", base, v), ".bak",
		func(dst string) error { return os.Link(tmp, dst) },
		func(dst string) error { return os.Rename(tmp, dst) })
	if err != nil {
		return fail(err)
	}
	// Linked: the .new name goes (renamed: it is gone already).
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the club database %s: copied version %d aside to %s, but %w", path, v, dst, err)
	}
	if err := durable.SyncDir(durable.OS(), dir); err != nil {
		return fmt.Errorf("the club database %s: copied version %d aside to %s, but %w", path, v, dst, err)
	}
	return nil
}

// vacuumInto makes at tmp a consistent copy of the database on conn,
// made by SQLite itself (VACUUM INTO) while others read and write it,
// and syncs it to the disk; mtime, when not zero, is given the file as
// its modification time. tmp is created empty and private first: the
// copy holds what the database does, its owner's alone from its first
// byte (VACUUM INTO takes an empty file, keeps its mode and gives its
// journal the same one). On failure nothing is left at tmp.
func vacuumInto(ctx context.Context, conn *sql.Conn, tmp string, mtime time.Time) (err error) {
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			removeCopy(tmp)
		}
	}()
	if err := f.Close(); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		return err
	}
	if !mtime.IsZero() {
		if err := os.Chtimes(tmp, mtime, mtime); err != nil {
			return err
		}
	}
	// SQLite does not promise VACUUM INTO's file is on the disk.
	return syncFile(tmp)
}

// removeHalfCopies removes from dir the copies a crash left unfinished,
// those whose names half says are (a copy before a schema move:
// base.vK.bak.new and its SQLite journal, whatever K; a day's copy).
func removeHalfCopies(dir string, half func(name string) bool) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !half(e.Name()) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// isHalfCopy reports whether name is base.vK.bak.new, or its journal
// (-journal), K a number.
func isHalfCopy(name, base string) bool {
	rest, ok := strings.CutPrefix(name, base+".v")
	if !ok {
		return false
	}
	k, ok := strings.CutSuffix(strings.TrimSuffix(rest, "-journal"), bakNewSuffix)
	return ok && k != "" && strings.Trim(k, "0123456789") == ""
}

// removeCopy removes a copy that failed, and the journal SQLite may
// have left beside it.
func removeCopy(tmp string) {
	os.Remove(tmp)
	os.Remove(tmp + "-journal")
}

// syncFile flushes the file at path to the disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// lstatFS is the system's file system with a ReadFile that only tells
// whether a name is taken (its error), for durable.PlaceNew when it
// cannot link: it neither reads a whole database copy nor takes a
// dangling symbolic link for a free name.
type lstatFS struct{ durable.FS }

func (lstatFS) ReadFile(name string) ([]byte, error) {
	_, err := os.Lstat(name)
	return nil, err
}

// ms is t in Unix milliseconds, as the database keeps times.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS is the time of Unix milliseconds v.
func fromMS(v int64) time.Time { return time.UnixMilli(v) }
