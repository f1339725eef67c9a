package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/record/clubdb"
)

// stateNames are the names klob serve keeps in its state directory: one
// of them marks a directory as a klob state.
var stateNames = []string{clubdb.FileName, stateLock, "host_ed25519", "players", "tables", "tourneys", clubdb.BackupDir}

// stateSubdirs are the state directory's directories, each a
// directory of tables, players or tournaments, never a state itself.
var stateSubdirs = []string{"players", "tables", "tourneys"}

// checkStateDir refuses a state directory klob serve would start a new
// club in by mistake: one that holds files but none of a klob state (a
// mistyped -state, another program's directory), and one that is a
// directory of a klob state (s1/tables), where the other club's next
// start would take the new club's files for its own. A missing or
// empty directory is a new club's.
func checkStateDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the state directory %s: %w", dir, err)
	}
	parent := filepath.Dir(filepath.Clean(dir))
	// The copies' folder too: it is never a state, but checkStateFolders
	// does not check it (a copy that fails is logged, the server goes on).
	if base := filepath.Base(filepath.Clean(dir)); (slices.Contains(stateSubdirs, base) || base == clubdb.BackupDir) && isState(parent) {
		return fmt.Errorf("the state directory %s is the %s directory of the klob state %s: give -state %s to serve that club, or a new directory for a new one", dir, base, parent, parent)
	}
	n := 0
	for _, e := range entries {
		if slices.Contains(stateNames, e.Name()) {
			return nil
		}
		if e.Name() != "lost+found" { // a new file system's
			n++
		}
	}
	if n == 0 {
		return nil
	}
	what := fmt.Sprintf("%d files or directories", n)
	if n == 1 {
		what = "a file or directory"
	}
	return fmt.Errorf("the state directory %s holds %s but no klob state (no %s, %s, players/ or tables/): "+
		"klob serve starts a new club only in a new or empty directory; give -state a new directory (it is made) or the one a klob serve used before",
		dir, what, clubdb.FileName, stateLock)
}

// checkWritable makes and removes a file in dir: a state directory the
// server cannot write in is said as such, not as SQLite's "attempt to
// write a readonly database" from the club's database.
func checkWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("the state directory %s is not writable: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// probePattern names the file checkStateFolders makes and removes in a
// folder to learn that it can be written.
const probePattern = ".write-check-*"

// folderProblem is a folder of the state that cannot be read or
// written, and why.
type folderProblem struct {
	dir, what string // what: "read" or "written"
	err       error
}

// checkStateFolders checks that every folder of the state klob serve
// reads and writes (players, tables and tourneys, and every folder in
// them: a player's, their history, a table's) can be listed, and
// written in: a file is made and removed there. A folder the server
// cannot read would hide its games at the start (a player's saved game
// not offered, a table not brought back), and one it cannot write
// would fail every save of a game already under way; so the start is
// refused, naming the folders and the fix, and no file of the state is
// changed. A folder that is not there is made at the start.
func checkStateFolders(fsys durable.FS, state string) error {
	var bad []folderProblem
	var walk func(dir string, top bool)
	walk = func(dir string, top bool) {
		entries, err := fsys.ReadDir(dir)
		if top && errors.Is(err, fs.ErrNotExist) {
			return
		}
		if err != nil {
			bad = append(bad, folderProblem{dir, "read", err})
			return
		}
		if err := probe(fsys, dir); err != nil {
			bad = append(bad, folderProblem{dir, "written", err})
		}
		for _, e := range entries {
			// A symbolic link is not followed: the stores do not
			// follow one either.
			if e.IsDir() {
				walk(filepath.Join(dir, e.Name()), false)
			}
		}
	}
	for _, d := range stateSubdirs {
		walk(filepath.Join(state, d), true)
	}
	if len(bad) == 0 {
		return nil
	}
	const most = 3
	var says []string
	for _, b := range bad[:min(len(bad), most)] {
		says = append(says, fmt.Sprintf("%s cannot be %s (%v)", b.dir, b.what, bareError(b.err)))
	}
	if len(bad) > most {
		says = append(says, fmt.Sprintf("and %d more", len(bad)-most))
	}
	what := "a folder of the state directory " + state
	if len(bad) > 1 {
		what = fmt.Sprintf("%d folders of the state directory %s", len(bad), state)
	}
	// The fix is for the whole of each folder of the state a problem
	// is in: the folders below it are the server's too.
	var tops []string
	for _, b := range bad {
		rel, _ := filepath.Rel(state, b.dir)
		top := filepath.Join(state, strings.SplitN(filepath.ToSlash(rel), "/", 2)[0])
		if !slices.Contains(tops, top) {
			tops = append(tops, top)
		}
	}
	them := "them"
	if len(tops) == 1 {
		them = "it"
	}
	return fmt.Errorf("%s: %s. klob serve reads and writes every folder of its state: "+
		"give the server's user read and write access to %s (chmod -R u+rwX %s, or chown %[3]s to that user) or give another -state. Every file is left as it is",
		what, strings.Join(says, "; "), them, strings.Join(tops, " "))
}

// probe makes a file in dir and removes it.
func probe(fsys durable.FS, dir string) error {
	f, err := fsys.CreateTemp(dir, probePattern)
	if err != nil {
		return err
	}
	cerr := f.Close()
	if err := fsys.Remove(f.Name()); err != nil {
		return err
	}
	return cerr
}

// bareError is err without the path an *fs.PathError repeats.
func bareError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// isState reports whether dir holds a klob state's club database or
// lock.
func isState(dir string) bool {
	for _, name := range []string{clubdb.FileName, stateLock} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

// makeStateDirs makes the state directory's directories, readable by
// the server's user only whatever the umask and the mode of a state
// directory the operator made: the players' games and names, the
// tables' logs. One there already is left as it is.
func makeStateDirs(state string) error {
	for _, d := range stateSubdirs {
		if err := os.Mkdir(filepath.Join(state, d), 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
	}
	return nil
}

// openToOthers says which of the club database's files in state other
// users than the server's may read or write (a club an older klob made,
// whose database was 0644, and the log and shared memory SQLite gives
// the database's mode): the server leaves their modes as the operator
// has them, and says so at the start; "" when none is.
func openToOthers(state string) string {
	var open []string
	for _, n := range []string{clubdb.FileName, clubdb.FileName + "-wal", clubdb.FileName + "-shm"} {
		fi, err := os.Lstat(filepath.Join(state, n))
		if err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o077 != 0 {
			open = append(open, fmt.Sprintf("%s (%v)", n, fi.Mode().Perm()))
		}
	}
	if open == nil {
		return ""
	}
	return fmt.Sprintf("the club's %s in %s can be read by other users than the server's: chmod 600 to keep the players' records private",
		strings.Join(open, ", "), state)
}
