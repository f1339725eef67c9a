//go:build !linux

package testkit

// ramDir: no file system in memory is known here.
func ramDir() (string, bool) { return "", false }
