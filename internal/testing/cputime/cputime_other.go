//go:build !linux

// Package cputime gives benchmarks the CPU time of the calling OS thread;
// where the thread clock is not available it falls back to the wall clock.
package cputime

import "time"

var start = time.Now()

// Thread falls back to the wall clock since the program started.
func Thread() time.Duration { return time.Since(start) }
