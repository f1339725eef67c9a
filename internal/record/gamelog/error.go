package gamelog

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/klob/klob/rules"
)

// Error is a problem in a log: where it is and what it is. Line and Col
// are 1-based; Line is 0 for a Log that did not come from text. Err is
// one of the sentinel errors below or, for a refused action, the engine's
// *rules.IllegalError (so errors.Is(err, rules.ErrMustFollow) works).
type Error struct {
	File string // the name given to Parse, "" when none
	Line int
	Col  int
	Msg  string // what is wrong, lower case: "deal 3: trick 3: 9S does not follow hearts (QH in hand)"
	Err  error
}

// Error returns "file:line:col: msg", leaving out what is unknown.
func (e *Error) Error() string {
	pos := e.File
	if e.Line > 0 {
		if pos != "" {
			pos += ":"
		}
		pos += fmt.Sprintf("%d:%d", e.Line, e.Col)
	}
	if pos == "" {
		return e.Msg
	}
	return pos + ": " + e.Msg
}

// Brief is Error without the file's name: where in the file and what
// is wrong, for people who do not own the file (durable.Brief).
func (e *Error) Brief() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return e.Msg
}

// Unwrap returns the kind of error, or the engine's refusal.
func (e *Error) Unwrap() error { return e.Err }

// The kinds of Error.
var (
	// ErrSyntax: a line that is not in the format (garbage, a bad card,
	// a bad tag, a line out of place).
	ErrSyntax = errors.New("syntax error")
	// ErrMismatch: a value the log states differs from the replay (a
	// trick winner, a breakdown, a total, the result), or an action by
	// the wrong seat.
	ErrMismatch = errors.New("stated value differs from the replay")
	// ErrTruncated: the log stops before its end line.
	ErrTruncated = errors.New("log is truncated")
	// ErrVersion: the log was written by a format version this program
	// does not read.
	ErrVersion = errors.New("unknown format version")
	// ErrInternal: the reader hit a bug (it recovered from a panic).
	// Fuzzing treats it as a failure.
	ErrInternal = errors.New("internal error")
)

// VersionError is the Err of an Error that refuses a log for its
// format version: errors.Is(err, ErrVersion) holds, and Newer tells a
// log a newer klob wrote, which is not damaged, from one whose version
// is no version klob ever wrote.
type VersionError struct {
	Version string // the value of the log's [Klob] tag
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("%v %q", ErrVersion, e.Version)
}

// Is makes the error an ErrVersion.
func (e *VersionError) Is(target error) bool { return target == ErrVersion }

// Newer reports whether the version is one a newer klob writes: a
// whole number above Version, written without a sign or leading zero.
func (e *VersionError) Newer() bool {
	v, err := strconv.Atoi(e.Version)
	cur, _ := strconv.Atoi(Version)
	return err == nil && v > cur && strconv.Itoa(v) == e.Version
}

// NewerVersion reports whether err refuses a log a newer klob wrote
// (VersionError.Newer), and that log's version.
func NewerVersion(err error) (string, bool) {
	var ve *VersionError
	if errors.As(err, &ve) && ve.Newer() {
		return ve.Version, true
	}
	return "", false
}

// notTurn reports whether err refuses an action because another seat is
// to move, and which.
func notTurn(err error) (rules.Seat, bool) {
	var ie *rules.IllegalError
	if errors.As(err, &ie) && ie.Err == rules.ErrNotYourTurn {
		return ie.Turn, true
	}
	return rules.NoSeat, false
}
