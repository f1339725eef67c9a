//go:build !linux

package ai

import "time"

var threadStart = time.Now()

// threadCPU falls back to the wall clock.
func threadCPU() time.Duration { return time.Since(threadStart) }
