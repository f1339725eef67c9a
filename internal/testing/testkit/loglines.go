package testkit

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// LogLines is a Config.Logf for tests that keeps the lines logged, safe
// for the goroutines of a server or a service to call at once.
type LogLines struct {
	mu    sync.Mutex
	lines []string
}

// Logf keeps one line.
func (l *LogLines) Logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

// Lines returns the lines kept so far.
func (l *LogLines) Lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}

// String is the lines kept so far, one a line.
func (l *LogLines) String() string { return strings.Join(l.Lines(), "\n") }

// With returns the lines kept so far that hold s.
func (l *LogLines) With(s string) []string {
	return slices.DeleteFunc(l.Lines(), func(line string) bool { return !strings.Contains(line, s) })
}

// Has reports whether a line kept so far holds s.
func (l *LogLines) Has(s string) bool {
	return slices.ContainsFunc(l.Lines(), func(line string) bool { return strings.Contains(line, s) })
}
