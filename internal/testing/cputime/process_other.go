//go:build !unix

package cputime

import "time"

var processStart = time.Now()

// Process falls back to the wall clock since the program started where
// rusage is not available.
func Process() time.Duration { return time.Since(processStart) }
