// Package errwrite keeps the first error of a run of writes, so that a
// report printed in many writes is checked once at its end: a full disk
// or a closed pipe is said, and the command does not exit 0 over a file
// cut short.
package errwrite

import "io"

// Writer passes writes on to W until one fails; then it keeps that
// error (Err) and writes nothing more.
type Writer struct {
	W   io.Writer
	Err error
}

func (e *Writer) Write(p []byte) (int, error) {
	if e.Err != nil {
		return 0, e.Err
	}
	n, err := e.W.Write(p)
	e.Err = err
	return n, err
}
