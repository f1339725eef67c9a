package durable

import (
	"errors"
	"regexp"
	"strings"
	"syscall"
)

// absPath is an absolute path in an error's text: a slash at the start
// or after a space, a quote or a colon, then characters up to the next
// space, quote, colon or comma, with at least one more slash.
var absPath = regexp.MustCompile(`(^|[\s"'(:=])/[^\s"',:;)]*/[^\s"',:;)]*`)

// Brief says why a file operation failed in words fit for people who
// do not own the files (the players of a server): the innermost cause
// of err ("no space left on device", "permission denied", "a saved game
// this session did not write is in the way"), or the first error on the
// way to it that has a Brief of its own (a log's line and column and
// what is wrong there), with any absolute path left in it replaced by
// "…". The full error is for the log.
func Brief(err error) string {
	if err == nil {
		return ""
	}
	for {
		if b, ok := err.(interface{ Brief() string }); ok {
			// An error that says itself briefly: where in a file, what
			// is wrong ("line 22, column 1: deal 1: expected ..."), its file
			// unnamed.
			return strings.TrimSpace(absPath.ReplaceAllString(b.Brief(), "$1…"))
		}
		var next error
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			next = u.Unwrap()
		case interface{ Unwrap() []error }:
			if errs := u.Unwrap(); len(errs) > 0 {
				next = errs[0]
			}
		}
		if next == nil {
			break
		}
		err = next
	}
	msg := absPath.ReplaceAllString(err.Error(), "$1…")
	return strings.TrimSpace(msg)
}

// Why is the cause of a failed write, or of a folder that cannot be
// made, in the words klob says it in everywhere: "permission denied"
// (EACCES, and EPERM, which a folder made immutable gives), "its file
// system is read-only", "a file is in its way" (ENOTDIR), else the
// system's own words ("no space left on device"), never the call, the
// path or a temporary file's name (Brief). The message around it names
// the file: "the saved game PATH cannot be written: " + Why(err).
func Why(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.EACCES, syscall.EPERM:
			return "permission denied"
		case syscall.EROFS:
			return "its file system is read-only"
		case syscall.ENOTDIR:
			return "a file is in its way"
		}
		return errno.Error()
	}
	return Brief(err)
}

// errPublic keeps an error whole for errors.Is and errors.As, but says
// only Brief of it.
type errPublic struct{ err error }

func (e errPublic) Error() string { return Brief(e.err) }
func (e errPublic) Unwrap() error { return e.err }

// Public returns err as people who do not own the files read it (Brief),
// still matching what it wraps; nil for nil.
func Public(err error) error {
	if err == nil || errors.As(err, new(errPublic)) {
		return err
	}
	return errPublic{err}
}
