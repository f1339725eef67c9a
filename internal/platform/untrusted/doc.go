// Package untrusted reads and shows data from files the program does not
// control: game logs given on the command line, the autosave, history
// entries, the trainer record. Any of them may have been edited by hand,
// replaced by a FIFO or a device, or grown without end.
//
// ReadFile refuses anything that is not a regular file (without blocking
// on a FIFO) and anything larger than MaxFileSize, with an error that
// says which, so "bad input gets a clear error" holds for endless input
// too. Text makes a string read from a file safe to print on a terminal:
// control characters, escape sequences, bidirectional overrides and
// invalid UTF-8 are shown as Go escapes instead of being obeyed.
package untrusted
