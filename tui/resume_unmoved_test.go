package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit/kittest"
)

// A damaged save that could not be moved aside, a file being in the way
// of the damaged folder, is said to stay where it is and why: the
// folder's path is a file.
func TestResumeSaysWhyADamagedSaveStays(t *testing.T) {
	dir := t.TempDir()
	st := store.New(dir, store.Options{})
	require.NoError(t, os.WriteFile(st.CurrentPath(), []byte("garbage\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, store.DamagedDir), nil, 0o600))
	_, err := st.LoadCurrent()
	var d *store.DamagedError
	require.True(t, errors.As(err, &d), "got %v, want a DamagedError", err)
	if d.Aside != "" || !errors.Is(d.MoveErr, syscall.ENOTDIR) {
		t.Fatalf("aside %q, why not moved %v: want not moved, not a directory", d.Aside, d.MoveErr)
	}
	hs := newHarness(t, testConfig(dealSeed, &memStore{loadErr: err}), 80, 24)
	screen := hs.screen()
	kittest.CheckSize(t, screen, 80, 24)
	want := "It stays at " + st.CurrentPath() + ", as it could not be moved aside: " +
		filepath.Join(dir, store.DamagedDir) + " is a file, not a folder; a new game cannot be saved until it is moved."
	// Paths may be broken after a "/" at the line's end: compare without spaces.
	flat := strings.ReplaceAll(kittest.Flat(screen), " ", "")
	if !strings.Contains(flat, strings.ReplaceAll(want, " ", "")) {
		t.Errorf("the screen lacks %q:\n%s", want, screen)
	}
}
