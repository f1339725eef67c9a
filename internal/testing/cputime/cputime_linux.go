//go:build linux

// Package cputime gives benchmarks the CPU time of the calling OS thread,
// so that a figure taken while other processes share the cores still
// measures the benchmark's own work. A benchmark locks its goroutine to
// its thread (runtime.LockOSThread) and reads Thread before and after
// each operation. Process is the whole process's CPU time, for work
// spread over threads.
package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread returns the CPU time the calling OS thread has used
// (CLOCK_THREAD_CPUTIME_ID).
func Thread() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}
