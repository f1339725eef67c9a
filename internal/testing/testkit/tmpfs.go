package testkit

import (
	"os"
	"testing"
)

// MainInMemory runs m, for a package's TestMain, with the tests'
// temporary directories (t.TempDir, os.MkdirTemp with no directory) in
// a folder of a file system in memory when the machine has one
// (ramDir: /dev/shm on Linux) and TMPDIR is not set. The tests save
// games, days and tables as klob does, each save synced to disk: on a
// shared disk the syncs cost more time than the tests' own work, and in
// memory they cost nothing. The folder's paths are longer than
// /tmp's: a test that reads a path off a narrow screen may see it
// wrapped. The folder is removed when the tests end. It returns
// m.Run's exit code.
func MainInMemory(m *testing.M) int {
	if os.Getenv("TMPDIR") != "" {
		return m.Run()
	}
	root, ok := ramDir()
	if !ok {
		return m.Run()
	}
	dir, err := os.MkdirTemp(root, "klob-test-")
	if err != nil {
		return m.Run()
	}
	defer os.RemoveAll(dir)
	os.Setenv("TMPDIR", dir)
	defer os.Unsetenv("TMPDIR")
	return m.Run()
}
