package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/testing/testkit"
)

// FuzzLoadCurrent: whatever current.klob holds, LoadCurrent never panics
// and loses nothing. A save it loads saves again to the same text and
// loads again; one it refuses is a *DamagedError kept in damaged/ byte for
// byte, and the next save does not touch it. The seeds are saves at
// two, three and four players.
func FuzzLoadCurrent(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testkit.GamesDir(f), "saves", "*.klob"))
	more, _ := filepath.Glob(filepath.Join(testkit.GamesDir(f), "tables", "saves", "*.klob"))
	for _, file := range append(files, more...) {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("\x00\x01 not a log"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := New(t.TempDir(), Options{FS: noSyncFS{durable.OS()}, Now: fixedNow})
		if err := os.WriteFile(s.CurrentPath(), data, 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := s.LoadCurrent()
		var de *DamagedError
		switch {
		case err == nil:
			if err := s.SaveCurrent(l); err != nil {
				t.Fatalf("a loaded save does not save again: %v", err)
			}
			again, err := New(s.Dir(), Options{FS: noSyncFS{durable.OS()}, Now: fixedNow}).LoadCurrent()
			if err != nil {
				t.Fatalf("the save written from a loaded one does not load: %v", err)
			}
			a, _ := l.MarshalText()
			b, _ := again.MarshalText()
			if !bytes.Equal(a, b) {
				t.Fatal("the save changed on a save and load")
			}
		case errors.As(err, &de):
			kept, rerr := os.ReadFile(de.Aside)
			if de.Aside == "" || rerr != nil || !bytes.Equal(kept, data) {
				t.Fatalf("the damaged save was not kept as it was: %v (%v)", err, rerr)
			}
			if _, err := os.Stat(s.CurrentPath()); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("current.klob still there after it was kept aside: %v", err)
			}
			if err := s.SaveCurrent(readLog(t, "saves/in-dix.klob")); err != nil {
				t.Fatalf("save after a damaged one: %v", err)
			}
			if kept2, _ := os.ReadFile(de.Aside); !bytes.Equal(kept2, data) {
				t.Fatal("the next save changed the kept file")
			}
		default:
			t.Fatalf("LoadCurrent: %v", err)
		}
	})
}

// noSyncFS skips the syncs, which make up most of a fuzz run's time and
// which the fuzz target does not test.
type noSyncFS struct{ durable.FS }

type noSyncFile struct{ durable.File }

func (noSyncFile) Sync() error { return nil }

func (n noSyncFS) CreateTemp(dir, pattern string) (durable.File, error) {
	f, err := n.FS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return noSyncFile{f}, nil
}

func (n noSyncFS) Open(name string) (durable.File, error) {
	f, err := n.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return noSyncFile{f}, nil
}
