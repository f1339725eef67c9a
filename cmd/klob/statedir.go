package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
)

// stateSetBy is what sets the state folder of play, daily, train and
// replay.
const stateSetBy = "KLOB_STATE_DIR or XDG_STATE_HOME sets it"

// stateInTheWay says that a file stands where the state folder dir (or
// a folder above it) should be, and what sets the folder, then what
// follows (then: "the game will not be saved"), never a bare "not a
// directory". Every command that reads or writes the state folder says
// it so.
func stateInTheWay(dir, then string) string {
	return fmt.Sprintf("the state folder %s cannot be made, a file is in its way (%s): %s", dir, stateSetBy, then)
}

// folderWhy says why the folder dir cannot be used, when err (from
// making, locking, reading or writing in it) is the folder's: the
// verb and its cause, "cannot be made, a file is in its way",
// "cannot be written, permission denied" ("cannot be read" when
// reading); ok is false for any other
// error, which is said as it is. An error is the folder's when it
// names dir, a folder above it or a file in it: the system's words
// then say where once, without the call ("open", "mkdir") behind them.
func folderWhy(dir string, err error, reading bool) (why string, ok bool) {
	var pe *fs.PathError
	if !errors.As(err, &pe) || !related(dir, pe.Path) {
		return "", false
	}
	var errno syscall.Errno
	if !errors.As(pe.Err, &errno) {
		return "", false
	}
	made, written := "cannot be made", "cannot be written"
	if reading {
		made, written = "cannot be read", "cannot be read"
	}
	switch {
	case errno == syscall.ENOTDIR:
		return made + ", a file is in its way", true
	case errno == syscall.EACCES || errno == syscall.EPERM:
		return written + ", permission denied", true
	case errno == syscall.EROFS:
		return "cannot be written, its file system is read-only", true
	case errno == syscall.ENOENT && pe.Op == "mkdir":
		// Only a folder that cannot hold folders (/proc) says so.
		return "cannot be made there, no folder can be made in the one above it", true
	}
	return "", false
}

// related reports whether path is dir, a folder above it or a path
// inside it.
func related(dir, path string) bool {
	dir, path = filepath.Clean(dir), filepath.Clean(path)
	under := func(a, b string) bool {
		return a == b || strings.HasPrefix(a, strings.TrimSuffix(b, "/")+"/")
	}
	return under(path, dir) || under(dir, path)
}

// stateFolderError is err said as the state folder dir's when it is
// the folder's (folderWhy): "the state folder DIR cannot be written,
// permission denied (KLOB_STATE_DIR or XDG_STATE_HOME sets it): then";
// any other error is returned as it is.
func stateFolderError(dir string, err error, then string) error {
	if why, ok := folderWhy(dir, err, false); ok {
		return fmt.Errorf("the state folder %s %s (%s): %s", dir, why, stateSetBy, then)
	}
	return err
}

// stateError is err said as the state directory's of klob serve when it
// is the directory's (folderWhy): "the state directory DIR cannot be
// made, a file is in its way (-state, else KLOB_STATE_DIR or
// XDG_STATE_HOME, sets it)", "cannot be read" when reading; any other
// error is returned as it is.
func (f serveFlags) stateError(err error, reading bool) error {
	if why, ok := folderWhy(f.state, err, reading); ok {
		return fmt.Errorf("the state directory %s %s (%s)", f.state, why, f.stateSetBy)
	}
	return err
}
