//go:build !unix

package ai_test

import "time"

var processStart = time.Now()

// processCPU falls back to the wall clock where rusage is not available.
func processCPU() time.Duration { return time.Since(processStart) }
