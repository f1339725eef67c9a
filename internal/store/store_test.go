package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/klob/klob/internal/gamelog"
	"github.com/klob/klob/rules"
)

const gamesDir = "../../testdata/games"

func readLog(t *testing.T, rel string) *gamelog.Log {
	t.Helper()
	l, err := gamelog.ReadFile(filepath.Join(gamesDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func fixedNow() time.Time { return time.Date(2026, 11, 29, 14, 31, 5, 0, time.UTC) }

func newStore(t *testing.T, fsys FS) *Store {
	t.Helper()
	return New(t.TempDir(), Options{FS: fsys, Now: fixedNow})
}

func text(t *testing.T, l *gamelog.Log) []byte {
	t.Helper()
	b, err := l.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDefaultDir(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
		err  bool
	}{
		{map[string]string{"KLOB_STATE_DIR": "/x/klob", "XDG_STATE_HOME": "/s", "HOME": "/h"}, "/x/klob", false},
		{map[string]string{"XDG_STATE_HOME": "/s", "HOME": "/h"}, "/s/klob", false},
		{map[string]string{"XDG_STATE_HOME": "relative", "HOME": "/h"}, "/h/.local/state/klob", false},
		{map[string]string{"HOME": "/h"}, "/h/.local/state/klob", false},
		{map[string]string{}, "", true},
	}
	for _, c := range cases {
		got, err := DefaultDir(func(k string) string { return c.env[k] })
		if got != c.want || (err != nil) != c.err {
			t.Errorf("env %v: got %q, %v; want %q (error %v)", c.env, got, err, c.want, c.err)
		}
	}
}

func TestSaveLoad(t *testing.T) {
	s := newStore(t, nil)
	if _, err := s.LoadCurrent(); !errors.Is(err, ErrNoSave) {
		t.Fatalf("empty store: got %v, want ErrNoSave", err)
	}
	l := readLog(t, "saves/in-trick.klob")
	if err := s.SaveCurrent(l); err != nil {
		t.Fatal(err)
	}
	onDisk, err := os.ReadFile(s.CurrentPath())
	if err != nil || !bytes.Equal(onDisk, text(t, l)) {
		t.Fatalf("current.klob is not the log's text (%v)", err)
	}
	// A new session (another Store on the same directory) resumes it.
	s2 := New(s.Dir(), Options{Now: fixedNow})
	got, err := s2.LoadCurrent()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, l) {
		t.Fatal("loaded log differs from the saved one")
	}
	// Having loaded it, that session may save over it.
	if err := s2.SaveCurrent(readLog(t, "saves/in-play.klob")); err != nil {
		t.Fatal(err)
	}
	assertNoTemp(t, s.Dir())
}

// assertNoTemp fails when a temporary file is left in dir.
func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("temporary file %s left behind", e.Name())
		}
	}
}

// faultFS is the OS file system with one call failing: the call named
// fail ("create", "write", "sync", "close", "rename", "opendir",
// "syncdir", "closedir", "remove"), after the first skip such calls.
// short makes the failing write write half its bytes first. noRemove
// makes Remove fail too, as if the process had died before cleaning up.
type faultFS struct {
	FS
	fail     string
	skip     int
	short    bool
	noRemove bool
	calls    []string
}

var errInjected = errors.New("injected failure")

func (f *faultFS) hit(op string) bool {
	f.calls = append(f.calls, op)
	if op != f.fail {
		return false
	}
	if f.skip > 0 {
		f.skip--
		return false
	}
	return true
}

func (f *faultFS) CreateTemp(dir, pattern string) (File, error) {
	if f.hit("create") {
		return nil, errInjected
	}
	file, err := f.FS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f, kind: ""}, nil
}

func (f *faultFS) Open(name string) (File, error) {
	if f.hit("opendir") {
		return nil, errInjected
	}
	file, err := f.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: file, fs: f, kind: "dir"}, nil
}

func (f *faultFS) Rename(a, b string) error {
	if f.hit("rename") {
		return errInjected
	}
	return f.FS.Rename(a, b)
}

func (f *faultFS) Remove(name string) error {
	if f.noRemove || f.hit("remove") {
		return errInjected
	}
	return f.FS.Remove(name)
}

type faultFile struct {
	File
	fs   *faultFS
	kind string
}

func (f *faultFile) Write(b []byte) (int, error) {
	if f.fs.hit("write") {
		if f.fs.short {
			n, _ := f.File.Write(b[:len(b)/2])
			return n, errInjected
		}
		return 0, errInjected
	}
	return f.File.Write(b)
}

func (f *faultFile) Sync() error {
	if f.fs.hit("sync" + f.kind) {
		return errInjected
	}
	return f.File.Sync()
}

func (f *faultFile) Close() error {
	if f.fs.hit("close" + f.kind) {
		f.File.Close()
		return errInjected
	}
	return f.File.Close()
}

// TestSaveFailureKeepsLastGoodSave injects a failure at each step of a
// save (and a crash that leaves the temporary file behind) and checks
// that loading afterwards gives the last good save: the previous one when
// the failure came before the rename, the new one after it. Never a
// partial file, never an error.
func TestSaveFailureKeepsLastGoodSave(t *testing.T) {
	first := readLog(t, "saves/in-dix.klob")
	second := readLog(t, "saves/in-trick.klob")
	steps := []struct {
		fail      string
		short     bool
		afterMove bool // the new save is in place despite the error
	}{
		{fail: "create"},
		{fail: "write"},
		{fail: "write", short: true},
		{fail: "sync"},
		{fail: "close"},
		{fail: "rename"},
		{fail: "opendir", afterMove: true},
		{fail: "syncdir", afterMove: true},
		{fail: "closedir", afterMove: true},
	}
	for _, st := range steps {
		for _, crash := range []bool{false, true} {
			name := fmt.Sprintf("%s short=%v crash=%v", st.fail, st.short, crash)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				good := New(dir, Options{Now: fixedNow})
				if err := good.SaveCurrent(first); err != nil {
					t.Fatal(err)
				}
				ffs := &faultFS{FS: OS(), fail: st.fail, short: st.short, noRemove: crash}
				s := New(dir, Options{FS: ffs, Now: fixedNow})
				if _, err := s.LoadCurrent(); err != nil {
					t.Fatal(err)
				}
				ffs.noRemove = crash
				err := s.SaveCurrent(second)
				if !errors.Is(err, errInjected) {
					t.Fatalf("save with %s failing: got %v, want the injected error", st.fail, err)
				}
				want := first
				if st.afterMove {
					want = second
				}
				// A new session loads the last good save.
				got, err := New(dir, Options{Now: fixedNow}).LoadCurrent()
				if err != nil {
					t.Fatalf("load after a failed save: %v", err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("load after %s failed: got another save than the last good one", st.fail)
				}
				assertNoTemp(t, dir) // LoadCurrent clears what a crash left
				// The failing session can save again once the fault is gone.
				ffs.fail, ffs.noRemove = "", false
				if err := s.SaveCurrent(second); err != nil {
					t.Fatalf("save after the failure: %v", err)
				}
			})
		}
	}
}

// TestSaveSteps checks the order of the calls of a save.
func TestSaveSteps(t *testing.T) {
	ffs := &faultFS{FS: OS()}
	s := newStore(t, ffs)
	if err := s.SaveCurrent(readLog(t, "saves/in-dix.klob")); err != nil {
		t.Fatal(err)
	}
	want := []string{"create", "write", "sync", "close", "rename", "opendir", "syncdir", "closedir"}
	if !reflect.DeepEqual(ffs.calls, want) {
		t.Fatalf("calls: got %v, want %v", ffs.calls, want)
	}
}

// TestDamagedSaveKeptAside: a save that does not parse or does not read
// is moved to damaged/ (same bytes), the caller gets a *DamagedError
// naming both places, and the next save does not touch the kept file.
func TestDamagedSaveKeptAside(t *testing.T) {
	for name, content := range map[string][]byte{
		"garbage":   []byte("\x00\x01 not a log"),
		"truncated": text(t, readLog(t, "saves/in-trick.klob"))[:700],
	} {
		t.Run(name, func(t *testing.T) {
			s := newStore(t, nil)
			if err := os.MkdirAll(s.Dir(), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.CurrentPath(), content, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := s.LoadCurrent()
			var de *DamagedError
			if !errors.As(err, &de) {
				t.Fatalf("got %v, want a *DamagedError", err)
			}
			var ge *gamelog.Error
			if !errors.As(err, &ge) || ge.Line == 0 {
				t.Fatalf("the damage is not explained with a position: %v", err)
			}
			wantAside := filepath.Join(s.Dir(), DamagedDir, "current-2026-11-29-143105.klob")
			if de.Aside != wantAside || de.Path != s.CurrentPath() {
				t.Fatalf("got path %s aside %s, want aside %s", de.Path, de.Aside, wantAside)
			}
			kept, err := os.ReadFile(de.Aside)
			if err != nil || !bytes.Equal(kept, content) {
				t.Fatalf("kept file differs (%v)", err)
			}
			if _, err := os.Stat(s.CurrentPath()); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("current.klob still there: %v", err)
			}
			if err := s.SaveCurrent(readLog(t, "saves/in-dix.klob")); err != nil {
				t.Fatal(err)
			}
			// A second damaged save the same second gets its own name.
			if err := os.WriteFile(s.CurrentPath(), content, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = s.LoadCurrent()
			if !errors.As(err, &de) || de.Aside != strings.TrimSuffix(wantAside, ".klob")+"-2.klob" {
				t.Fatalf("second damaged save: got %v", err)
			}
			if kept2, _ := os.ReadFile(wantAside); !bytes.Equal(kept2, content) {
				t.Fatal("the first kept file was changed")
			}
		})
	}
}

// unreadableFS fails to read current.klob, as a file with bad
// permissions or a bad disk block would.
type unreadableFS struct{ FS }

func (u unreadableFS) ReadFile(name string) ([]byte, error) {
	if filepath.Base(name) == CurrentName {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errInjected}
	}
	return u.FS.ReadFile(name)
}

func TestUnreadableSave(t *testing.T) {
	s := newStore(t, unreadableFS{OS()})
	os.MkdirAll(s.Dir(), 0o755)
	os.WriteFile(s.CurrentPath(), []byte("whatever"), 0o644)
	_, err := s.LoadCurrent()
	var de *DamagedError
	if !errors.As(err, &de) || !errors.Is(err, errInjected) || de.Aside == "" {
		t.Fatalf("got %v, want a *DamagedError kept aside", err)
	}
	if b, _ := os.ReadFile(de.Aside); string(b) != "whatever" {
		t.Fatal("the unreadable save was not kept")
	}
}

// TestSaveRefusesUnknownSave: a session that did not load or write
// current.klob may not replace it (another klob, or a missed
// LoadCurrent), and an unreadable one is never replaced.
func TestSaveRefusesUnknownSave(t *testing.T) {
	dir := t.TempDir()
	a := New(dir, Options{Now: fixedNow})
	if err := a.SaveCurrent(readLog(t, "saves/in-dix.klob")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(a.CurrentPath())
	b := New(dir, Options{Now: fixedNow})
	if err := b.SaveCurrent(readLog(t, "saves/in-trick.klob")); !errors.Is(err, ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
	// a saves on; then b's stale view is still refused.
	if err := a.SaveCurrent(readLog(t, "saves/in-play.klob")); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveCurrent(readLog(t, "saves/in-trick.klob")); !errors.Is(err, ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
	after, _ := os.ReadFile(a.CurrentPath())
	if bytes.Equal(before, after) || !bytes.Equal(after, text(t, readLog(t, "saves/in-play.klob"))) {
		t.Fatal("current.klob is not a's last save")
	}
	u := New(dir, Options{FS: unreadableFS{OS()}, Now: fixedNow})
	if err := u.SaveCurrent(readLog(t, "saves/in-trick.klob")); !errors.Is(err, ErrConflict) {
		t.Fatalf("unreadable save: got %v, want ErrConflict", err)
	}
}

func TestArchiveAndHistory(t *testing.T) {
	s := newStore(t, nil)
	if h, err := s.History(); err != nil || len(h) != 0 {
		t.Fatalf("empty history: got %v, %v", h, err)
	}
	game := readLog(t, "09-tie.klob")
	if err := s.SaveCurrent(game); err != nil {
		t.Fatal(err)
	}
	path, err := s.Archive(game)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(s.Dir(), HistoryDir, "2026-01-09-1200-Random-A-random-vs-Random-B-random-A-won.klob"); path != want {
		t.Fatalf("archived as %s, want %s", path, want)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, text(t, game)) {
		t.Fatal("the archived file is not the game's log")
	}
	if _, err := os.Stat(s.CurrentPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("current.klob was not removed after archiving the game it holds")
	}
	// The temporary name the archive was linked from is gone at once
	// (issue 13, bug 6), not at the next start.
	assertNoTemp(t, filepath.Join(s.Dir(), HistoryDir))
	// The same game again: a new name, the first file untouched.
	path2, err := s.Archive(game)
	if err != nil || path2 != strings.TrimSuffix(path, ".klob")+"-2.klob" {
		t.Fatalf("second archive: %s, %v", path2, err)
	}
	// An unfinished game of a person against the bot.
	save := readLog(t, "saves/between-deals.klob")
	save.Header.Players = [2]string{"You", "Bot"}
	save.Header.Levels = [2]string{gamelog.Human, "hard"}
	if _, err := s.Archive(save); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(s.Dir(), HistoryDir, "2026-12-31-bad.klob"), []byte("junk"), 0o644)
	h, err := s.History()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range h {
		names = append(names, filepath.Base(e.Path))
	}
	want := []string{
		"2026-01-09-1200-Random-A-random-vs-Random-B-random-A-won-2.klob",
		"2026-01-09-1200-Random-A-random-vs-Random-B-random-A-won.klob",
		"2026-01-21-1200-vs-Bot-hard-unfinished.klob",
		"2026-12-31-bad.klob",
	}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("history: got %v, want %v", names, want)
	}
	e := h[1]
	if e.Err != nil || !e.Over || e.Winner != rules.SeatA || e.Totals != [2]int{553, 430} || e.Deals != 13 || e.Header.Players[0] != "Random A" {
		t.Fatalf("entry: %+v", e)
	}
	if h[2].Over || h[2].Winner != rules.NoSeat || h[2].Err != nil {
		t.Fatalf("unfinished entry: %+v", h[2])
	}
	if h[3].Err == nil {
		t.Fatal("a bad history file has no error")
	}
}

// TestArchiveLeavesOtherSave: archiving a game does not remove a
// current.klob holding another game this session did not write.
func TestArchiveLeavesOtherSave(t *testing.T) {
	dir := t.TempDir()
	a := New(dir, Options{Now: fixedNow})
	if err := a.SaveCurrent(readLog(t, "saves/in-dix.klob")); err != nil {
		t.Fatal(err)
	}
	b := New(dir, Options{Now: fixedNow})
	if _, err := b.Archive(readLog(t, "10-both-over-the-target.klob")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(a.CurrentPath()); err != nil {
		t.Fatal("another game's save was removed")
	}
}

func TestArchiveName(t *testing.T) {
	rep := func(rel string, players, levels [2]string, date, clock string) *gamelog.Replay {
		l := readLog(t, rel)
		l.Header.Players, l.Header.Levels, l.Header.Date, l.Header.Time = players, levels, date, clock
		r, err := l.Replay()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	now := fixedNow()
	cases := []struct {
		r    *gamelog.Replay
		want string
	}{
		{rep("09-tie.klob", [2]string{"You", "Bot"}, [2]string{"human", "normal"}, "2026-02-03", "08:09:10"), "2026-02-03-0809-vs-Bot-normal-won"},
		{rep("09-tie.klob", [2]string{"Bot", "Zoë O'Neil"}, [2]string{"easy", "human"}, "2026-02-03", ""), "2026-02-03-0000-vs-Bot-easy-lost"},
		{rep("saves/in-dix.klob", [2]string{"", ""}, [2]string{"human", "hard"}, "", ""), "2026-11-29-1431-vs-player-B-hard-unfinished"},
		{rep("09-tie.klob", [2]string{"../../etc", "x/y"}, [2]string{"human", "human"}, "2026-02-03", "10:00:00"), "2026-02-03-1000-etc-vs-x-y-A-won"},
	}
	for _, c := range cases {
		if got := ArchiveName(c.r, now); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}
