//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the process has used, user and system
// (getrusage), for a figure that sums every thread's work.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
