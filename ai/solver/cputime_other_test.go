//go:build !linux

package solver

import "time"

var start = time.Now()

// threadCPU falls back to the wall clock where the thread clock is not
// available.
func threadCPU() time.Duration { return time.Since(start) }
