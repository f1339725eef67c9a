package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/record/store"
	"github.com/klob/klob/tui/kit"
)

// The autosave's refusal to replace a save it cannot read names the
// file once, so that with a state directory of the usual depth the
// whole sentence, its cause at the end, fits the table's note of three
// lines at 80 columns.
func TestAutosaveUnreadableFitsTheNote(t *testing.T) {
	dir := t.TempDir()
	st := store.New(dir, store.Options{})
	require.NoError(t, os.Mkdir(st.CurrentPath(), 0o700)) // a folder in the save's place
	l, err := gamelog.ReadFile("../testdata/games/saves/in-trick.klob")
	require.NoError(t, err)
	err = st.SaveCurrent(l)
	require.ErrorIs(t, err, store.ErrConflict)
	msg := strings.ReplaceAll(err.Error(), dir, "/home/alexandra/.local/state/klob")
	if n := strings.Count(msg, "current.klob"); n != 1 {
		t.Errorf("the save is named %d times: %s", n, msg)
	}
	note := "! autosave failed: " + msg
	if lines := kit.Wrap(note, 78); len(lines) > 3 || !strings.Contains(note, "not a regular file (a directory)") {
		t.Errorf("%d lines, more than 3, or the cause is lost:\n%s", len(lines), strings.Join(lines, "\n"))
	}
}
