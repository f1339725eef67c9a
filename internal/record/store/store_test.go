package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/platform/untrusted"
	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
)

func readLog(t *testing.T, rel string) *gamelog.Log {
	t.Helper()
	l, _ := testkit.ReadReplay(t, rel)
	return l
}

func fixedNow() time.Time { return time.Date(2026, 11, 29, 14, 31, 5, 0, time.UTC) }

func newStore(t *testing.T, fsys durable.FS) *Store {
	t.Helper()
	return New(t.TempDir(), Options{FS: fsys, Now: fixedNow})
}

func text(t *testing.T, l *gamelog.Log) []byte {
	t.Helper()
	b, err := l.MarshalText()
	require.NoError(t, err)
	return b
}

// TestDefaultDir: the store is in the state directory (userdir tests how
// the environment names it).
func TestDefaultDir(t *testing.T) {
	env := map[string]string{"XDG_STATE_HOME": "/s", "HOME": "/h"}
	if got, err := DefaultDir(func(k string) string { return env[k] }); got != "/s/klob" || err != nil {
		t.Errorf("got %q, %v; want /s/klob", got, err)
	}
}

func TestSaveLoad(t *testing.T) {
	s := newStore(t, nil)
	if _, err := s.LoadCurrent(); !errors.Is(err, ErrNoSave) {
		t.Fatalf("empty store: got %v, want ErrNoSave", err)
	}
	l := readLog(t, "saves/in-trick.klob")
	require.NoError(t, s.SaveCurrent(l))
	onDisk, err := os.ReadFile(s.CurrentPath())
	if err != nil || !bytes.Equal(onDisk, text(t, l)) {
		t.Fatalf("current.klob is not the log's text (%v)", err)
	}
	// A new session (another Store on the same directory) resumes it.
	s2 := New(s.Dir(), Options{Now: fixedNow})
	got, err := s2.LoadCurrent()
	require.NoError(t, err)
	require.Equal(t, l, got, "the loaded log is not the saved one")
	// Having loaded it, that session may save over it.
	require.NoError(t, s2.SaveCurrent(readLog(t, "saves/in-play.klob")))
	assertNoTemp(t, s.Dir())
	// The game in progress holds the deck: only its player reads it,
	// whatever the directory it sits in.
	s3 := New(filepath.Join(t.TempDir(), "player"), Options{Now: fixedNow})
	require.NoError(t, s3.SaveCurrent(l))
	for _, p := range []string{s3.Dir(), s3.CurrentPath()} {
		fi, err := os.Stat(p)
		require.NoError(t, err)
		assert.Zero(t, fi.Mode().Perm()&0o077, "%s is %v", p, fi.Mode().Perm())
	}
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

// TestSaveFailureKeepsLastGoodSave injects a failure at each step of a
// save (and a crash that leaves the temporary file behind) and checks
// that loading afterwards gives the last good save: the previous one when
// the failure came before the rename, the new one after it. Never a
// partial file, never an error.
func TestSaveFailureKeepsLastGoodSave(t *testing.T) {
	first := readLog(t, "saves/in-dix.klob")
	second := readLog(t, "saves/in-trick.klob")
	for _, st := range testkit.SaveFaults() {
		for _, crash := range []bool{false, true} {
			name := fmt.Sprintf("%s short=%v crash=%v", st.Fail, st.Short, crash)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				good := New(dir, Options{Now: fixedNow})
				require.NoError(t, good.SaveCurrent(first))
				ffs := &testkit.FaultFS{FS: durable.OS(), Fail: st.Fail, Short: st.Short, NoRemove: crash}
				s := New(dir, Options{FS: ffs, Now: fixedNow})
				_, err := s.LoadCurrent()
				require.NoError(t, err)
				require.ErrorIs(t, s.SaveCurrent(second), testkit.ErrInjected)
				want := first
				if st.AfterMove {
					want = second
				}
				// A new session loads the last good save.
				got, err := New(dir, Options{Now: fixedNow}).LoadCurrent()
				require.NoError(t, err, "load after a failed save")
				require.Equal(t, want, got, "load after %s failed: another save than the last good one", st.Fail)
				assertNoTemp(t, dir) // LoadCurrent clears what a crash left
				// The failing session can save again once the fault is gone.
				ffs.Fail, ffs.NoRemove = "", false
				require.NoError(t, s.SaveCurrent(second), "save after the failure")
			})
		}
	}
}

// TestSaveSteps checks the order of the calls of a save.
func TestSaveSteps(t *testing.T) {
	ffs := testkit.NewFaultFS("")
	s := newStore(t, ffs)
	require.NoError(t, s.SaveCurrent(readLog(t, "saves/in-dix.klob")))
	assert.Equal(t, testkit.SaveCalls(), ffs.Calls)
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
			require.NoError(t, os.MkdirAll(s.Dir(), 0o755))
			require.NoError(t, os.WriteFile(s.CurrentPath(), content, 0o644))
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
			require.NoError(t, s.SaveCurrent(readLog(t, "saves/in-dix.klob")))
			// A second damaged save the same second gets its own name.
			require.NoError(t, os.WriteFile(s.CurrentPath(), content, 0o644))
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
type unreadableFS struct{ durable.FS }

func (u unreadableFS) ReadFile(name string) ([]byte, error) {
	if filepath.Base(name) == CurrentName {
		return nil, &fs.PathError{Op: "read", Path: name, Err: testkit.ErrInjected}
	}
	return u.FS.ReadFile(name)
}

// An unreadable save is not a damaged one: it is reported as unreadable
// and left in place, and no save replaces it: it is not moved to
// damaged/, since nothing shows it is damaged.
func TestUnreadableSave(t *testing.T) {
	s := newStore(t, unreadableFS{durable.OS()})
	os.MkdirAll(s.Dir(), 0o755)
	os.WriteFile(s.CurrentPath(), []byte("whatever"), 0o644)
	_, err := s.LoadCurrent()
	var ue *UnreadableError
	var de *DamagedError
	if !errors.As(err, &ue) || errors.As(err, &de) || !errors.Is(err, testkit.ErrInjected) ||
		!strings.Contains(err.Error(), "cannot be read, and is left as it is") {
		t.Fatalf("got %v, want an *UnreadableError", err)
	}
	if b, _ := os.ReadFile(s.CurrentPath()); string(b) != "whatever" {
		t.Fatal("the unreadable save was moved or changed")
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), DamagedDir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a damaged folder was made: %v", err)
	}
	if err := s.SaveCurrent(readLog(t, "saves/in-trick.klob")); !errors.Is(err, ErrConflict) {
		t.Fatalf("save over the unreadable one: got %v, want ErrConflict", err)
	}
}

// TestSaveRefusesUnknownSave: a session that did not load or write
// current.klob may not replace it (another klob, or a missed
// LoadCurrent), and an unreadable one is never replaced.
func TestSaveRefusesUnknownSave(t *testing.T) {
	dir := t.TempDir()
	a := New(dir, Options{Now: fixedNow})
	require.NoError(t, a.SaveCurrent(readLog(t, "saves/in-dix.klob")))
	before, _ := os.ReadFile(a.CurrentPath())
	b := New(dir, Options{Now: fixedNow})
	if err := b.SaveCurrent(readLog(t, "saves/in-trick.klob")); !errors.Is(err, ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
	// a saves on; then b's stale view is still refused.
	require.NoError(t, a.SaveCurrent(readLog(t, "saves/in-play.klob")))
	if err := b.SaveCurrent(readLog(t, "saves/in-trick.klob")); !errors.Is(err, ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
	after, _ := os.ReadFile(a.CurrentPath())
	if bytes.Equal(before, after) || !bytes.Equal(after, text(t, readLog(t, "saves/in-play.klob"))) {
		t.Fatal("current.klob is not a's last save")
	}
	u := New(dir, Options{FS: unreadableFS{durable.OS()}, Now: fixedNow})
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
	require.NoError(t, s.SaveCurrent(game))
	path, err := s.Archive(game)
	require.NoError(t, err)
	if want := filepath.Join(s.Dir(), HistoryDir, "2026-01-09-1200-Random-A-random-vs-Random-B-random-A-won.klob"); path != want {
		t.Fatalf("archived as %s, want %s", path, want)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, text(t, game)) {
		t.Fatal("the archived file is not the game's log")
	}
	if _, err := os.Stat(s.CurrentPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("current.klob was not removed after archiving the game it holds")
	}
	// The temporary name the archive was linked from is gone at once,
	// not left until the next start.
	assertNoTemp(t, filepath.Join(s.Dir(), HistoryDir))
	// The same game again (a crash came between the filing and
	// current.klob's removal): not filed twice, and current.klob goes.
	require.NoError(t, s.SaveCurrent(game))
	again, err := s.Archive(game)
	if err != nil || again != path {
		t.Fatalf("the same game again: %s, %v", again, err)
	}
	if _, err := os.Stat(s.CurrentPath()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("current.klob was not removed after finding the game filed")
	}
	// Another game under the same name: a new name, the first file
	// untouched.
	other := *game
	other.Header.Event = "another game"
	path2, err := s.Archive(&other)
	if err != nil || path2 != strings.TrimSuffix(path, ".klob")+"-2.klob" {
		t.Fatalf("second archive: %s, %v", path2, err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, text(t, game)) {
		t.Fatal("the first file changed")
	}
	// An unfinished game of a person against the bot.
	save := readLog(t, "saves/between-deals.klob")
	save.Header.Players = [4]string{"You", "Bot"}
	save.Header.Levels = [4]string{gamelog.Human, "hard"}
	if _, err := s.Archive(save); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(s.Dir(), HistoryDir, "2026-12-31-bad.klob"), []byte("junk"), 0o644)
	h, err := s.History()
	require.NoError(t, err)
	var names []string
	for _, e := range h {
		names = append(names, filepath.Base(e.Path))
	}
	// Oldest first: the second game filed under a name after the first.
	want := []string{
		"2026-01-09-1200-Random-A-random-vs-Random-B-random-A-won.klob",
		"2026-01-09-1200-Random-A-random-vs-Random-B-random-A-won-2.klob",
		"2026-01-21-1200-vs-Bot-hard-unfinished.klob",
		"2026-12-31-bad.klob",
	}
	require.Equal(t, want, names, "history")
	e := h[1]
	if e.Err != nil || !e.Over || e.Winner != 0 || e.Totals != [4]int{553, 430} || e.Deals != 13 || e.Header.Players[0] != "Random A" {
		t.Fatalf("entry: %+v", e)
	}
	if h[2].Over || h[2].Winner != -1 || h[2].Err != nil {
		t.Fatalf("unfinished entry: %+v", h[2])
	}
	// The unfinished game is filed marked abandoned (it never goes on,
	// so nothing of it stays sealed), the caller's log left as it was;
	// a finished game is filed as it is (checked above, byte for byte).
	if !h[2].Header.Abandoned() {
		t.Fatalf("the unfinished game is not marked abandoned: %+v", h[2].Header.Extra)
	}
	if save.Header.Abandoned() {
		t.Fatal("Archive marked the caller's log")
	}
	if h[1].Header.Abandoned() {
		t.Fatal("a finished game is marked abandoned")
	}
	if h[3].Err == nil {
		t.Fatal("a bad history file has no error")
	}
}

// TestArchiveLeavesOtherSave: archiving a game does not remove a
// current.klob holding another game this session did not write.
// A store given another history folder files its games there and lists
// them from there; its own state directory gets no history folder.
func TestArchiveInAnotherHistory(t *testing.T) {
	root := t.TempDir()
	first := New(filepath.Join(root, "klob"), Options{Now: fixedNow})
	second := New(filepath.Join(root, "klob-2"), Options{Now: fixedNow, History: filepath.Join(root, "klob", HistoryDir)})
	game := readLog(t, "09-tie.klob")
	require.NoError(t, second.SaveCurrent(game))
	path, err := second.Archive(game)
	require.NoError(t, err)
	if dir := filepath.Dir(path); dir != filepath.Join(root, "klob", HistoryDir) {
		t.Fatalf("filed in %s, want the first folder's history", dir)
	}
	if _, err := os.Stat(filepath.Join(root, "klob-2", HistoryDir)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the second folder has a history folder: %v", err)
	}
	for _, s := range []*Store{first, second} {
		h, err := s.History()
		if err != nil || len(h) != 1 || h[0].Path != path {
			t.Fatalf("history of %s: %v, %v; want the one filed game", s.Dir(), h, err)
		}
	}
	if !second.Filed(game) {
		t.Fatal("the second store does not find the game it filed")
	}
}

func TestArchiveLeavesOtherSave(t *testing.T) {
	dir := t.TempDir()
	a := New(dir, Options{Now: fixedNow})
	require.NoError(t, a.SaveCurrent(readLog(t, "saves/in-dix.klob")))
	b := New(dir, Options{Now: fixedNow})
	if _, err := b.Archive(readLog(t, "10-both-over-the-target.klob")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(a.CurrentPath()); err != nil {
		t.Fatal("another game's save was removed")
	}
}

// TestArchiveBesideGameAlone: a shared table files its game into a
// player's history while the player plays a game alone (which holds
// the state directory's lock): the game is filed, with no error, and
// the game alone's save is left as it is.
func TestArchiveBesideGameAlone(t *testing.T) {
	dir := t.TempDir()
	alone := New(dir, Options{Now: fixedNow})
	require.NoError(t, alone.Lock())
	defer alone.Unlock()
	require.NoError(t, alone.SaveCurrent(readLog(t, "saves/in-dix.klob")))
	table := New(dir, Options{Now: fixedNow})
	p, err := table.Archive(readLog(t, "10-both-over-the-target.klob"))
	require.NoError(t, err, "filing a table's game beside a game alone")
	_, err = os.Stat(p)
	require.NoError(t, err, "the filed game")
	_, err = os.Stat(alone.CurrentPath())
	require.NoError(t, err, "the game alone's save")
}

func TestArchiveName(t *testing.T) {
	rep := func(rel string, players, levels [4]string, date, clock string) *gamelog.Replay {
		l := readLog(t, rel)
		l.Header.Players, l.Header.Levels, l.Header.Date, l.Header.Time = players, levels, date, clock
		r, err := l.Replay()
		require.NoError(t, err)
		return r
	}
	now := fixedNow()
	cases := []struct {
		r    *gamelog.Replay
		want string
	}{
		{rep("09-tie.klob", [4]string{"You", "Bot"}, [4]string{"human", "normal"}, "2026-02-03", "08:09:10"), "2026-02-03-0809-vs-Bot-normal-won"},
		{rep("09-tie.klob", [4]string{"Bot", "Zoë O'Neil"}, [4]string{"easy", "human"}, "2026-02-03", ""), "2026-02-03-0000-vs-Bot-easy-lost"},
		{rep("saves/in-dix.klob", [4]string{"", ""}, [4]string{"human", "hard"}, "", ""), "2026-11-29-1431-vs-player-B-hard-unfinished"},
		{rep("09-tie.klob", [4]string{"../../etc", "x/y"}, [4]string{"human", "human"}, "2026-02-03", "10:00:00"), "2026-02-03-1000-etc-vs-x-y-A-won"},
		// Accents are dropped from a letter, not the letter: "Ö" is "O".
		{rep("09-tie.klob", [4]string{"Ann-Marie Ölander the Great", "José Ñúñez"}, [4]string{"human", "human"}, "2026-02-03", "10:00:00"),
			"2026-02-03-1000-Ann-Marie-Olander-the-Gr-vs-Jose-Nunez-A-won"},
		// Two people at a table of four: partners go together.
		{rep("tables/4-05-four-tie.klob", [4]string{"ann", "bob", "Bot C", "Bot D"}, [4]string{"human", "human", "normal", "normal"}, "2026-02-03", "10:00:00"),
			"2026-02-03-1000-ann-and-Bot-C-normal-vs-bob-and-Bot-D-normal-AC-won"},
	}
	practice := rep("09-tie.klob", [4]string{"You", "Bot"}, [4]string{"human", "normal"}, "2026-02-03", "08:09:10")
	practice.Header.SetPractice()
	cases = append(cases, struct {
		r    *gamelog.Replay
		want string
	}{practice, "2026-02-03-0809-vs-Bot-normal-won-practice"})
	for _, c := range cases {
		if got := archiveName(c.r, now); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

// Filed says whether the history holds a game already: not before its
// filing, yes after it (the save kept, as a crash between the filing
// and the save's removal leaves it), not for another game.
func TestFiled(t *testing.T) {
	s := newStore(t, nil)
	game := readLog(t, "09-tie.klob")
	require.NoError(t, s.SaveCurrent(game))
	assert.False(t, s.Filed(game), "before its filing")
	_, err := s.Archive(game)
	require.NoError(t, err)
	require.NoError(t, s.SaveCurrent(game)) // the crash: saved again
	assert.True(t, s.Filed(game), "filed, its save still there")
	assert.False(t, s.Filed(readLog(t, "10-both-over-the-target.klob")), "another game")
}

// TestNameNumber: a history name's number, as filing a second game under
// a taken name gives it, read back only from a "-N" of 2 or more.
func TestNameNumber(t *testing.T) {
	for name, want := range map[string]struct {
		stem string
		n    int
	}{
		"2026-01-09-1200-vs-Bot-won.klob":    {"2026-01-09-1200-vs-Bot-won", 1},
		"2026-01-09-1200-vs-Bot-won-2.klob":  {"2026-01-09-1200-vs-Bot-won", 2},
		"2026-01-09-1200-vs-Bot-won-10.klob": {"2026-01-09-1200-vs-Bot-won", 10},
		"2026-01-09-1200-vs-Bot-won-1.klob":  {"2026-01-09-1200-vs-Bot-won-1", 1},
		"2026-01-09-1200-vs-Bot-won-02.klob": {"2026-01-09-1200-vs-Bot-won-02", 1},
	} {
		stem, n := nameNumber(name)
		require.Equal(t, want.stem, stem, name)
		require.Equal(t, want.n, n, name)
	}
}

// SaveCurrent's refusal to replace a save it cannot read names the
// save once (the cause's own "read <path>:" is left out) and still
// matches both ErrConflict and the cause.
func TestSaveOverUnreadableNamesItOnce(t *testing.T) {
	s := newStore(t, nil)
	require.NoError(t, os.MkdirAll(s.CurrentPath(), 0o700))
	err := s.SaveCurrent(readLog(t, "saves/in-trick.klob"))
	if !errors.Is(err, ErrConflict) || !errors.Is(err, untrusted.ErrNotRegular) {
		t.Fatalf("got %v, want ErrConflict and ErrNotRegular", err)
	}
	want := "save " + s.CurrentPath() + ": a file there cannot be read, so it is left as it is: " +
		"not a regular file (a directory): only a regular file is read"
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err, want)
	}
	if b := durable.Brief(err); b != ErrConflict.Error() {
		t.Errorf("Brief: got %q, want %q", b, ErrConflict)
	}
}

// TestHistoryCountsDealsPlayedOut: a game filed in the middle of its
// second deal lists one deal, the one played out.
func TestHistoryCountsDealsPlayedOut(t *testing.T) {
	s := New(t.TempDir(), Options{Now: fixedNow})
	if _, err := s.Archive(readLog(t, "saves/in-play.klob")); err != nil {
		t.Fatal(err)
	}
	h, err := s.History()
	require.NoError(t, err)
	if len(h) != 1 || h[0].Err != nil || h[0].Deals != 1 {
		t.Fatalf("history: %+v; want one game of 1 deal played out", h)
	}
}

// noTempFS refuses to create a file in the history folder, as a folder
// without write permission does (which root would not see).
type noTempFS struct{ durable.FS }

func (n noTempFS) CreateTemp(dir, pattern string) (durable.File, error) {
	if filepath.Base(dir) == HistoryDir {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(dir, ".archive-3528702016.tmp"), Err: syscall.EACCES}
	}
	return n.FS.CreateTemp(dir, pattern)
}

// A game that cannot be filed says which folder and why, without the
// temporary file's name, whose length pushed the cause off the
// game-over screen's line; the game stays saved.
func TestArchiveErrorNamesTheFolder(t *testing.T) {
	s := newStore(t, noTempFS{durable.OS()})
	game := readLog(t, "10-both-over-the-target.klob")
	require.NoError(t, s.SaveCurrent(game))
	_, err := s.Archive(game)
	want := "archive: the history folder " + filepath.Join(s.Dir(), HistoryDir) + " cannot be written: permission denied"
	if err == nil || err.Error() != want {
		t.Fatalf("Archive error %v\nwant %s", err, want)
	}
	if !errors.Is(err, syscall.EACCES) {
		t.Errorf("the cause is lost to errors.Is: %v", err)
	}
	if !s.HasCurrent() {
		t.Error("the game that could not be filed is no longer saved")
	}
}

// TestHistorySaysWhoLeft: a game filed with the header comment of a
// bot taking a dropped person's seat (as a shared table writes it)
// lists that seat as left at the end; a seat a bot took and the person
// took back, and a game with no such comment, list none.
func TestHistorySaysWhoLeft(t *testing.T) {
	s := New(t.TempDir(), Options{Now: fixedNow})
	left := readLog(t, "09-tie.klob")
	left.Comment = []string{
		gamelog.TakeoverComment(2, "Random A", "normal", rules.SeatA),
		gamelog.TakenBackComment(3, "Random A", rules.SeatA),
		gamelog.TakeoverComment(5, "Random B", "normal", rules.SeatB),
	}
	plain := readLog(t, "09-tie.klob")
	plain.Header.Event = "another game"
	for _, l := range []*gamelog.Log{left, plain} {
		if _, err := s.Archive(l); err != nil {
			t.Fatal(err)
		}
	}
	h, err := s.History()
	require.NoError(t, err)
	require.Len(t, h, 2)
	require.NoError(t, h[0].Err)
	assert.Equal(t, []rules.Seat{rules.SeatB}, h[0].Left, "the game whose B left")
	assert.Nil(t, h[1].Left, "the game nobody left")
}

// TestNewerSaveLeftInPlace: a save a newer klob wrote (a format version
// above this klob's) is not damaged: LoadCurrent leaves it where it is
// with a *NewerError, a new game's saves do not replace it (and say
// why), and filing the new game leaves it too. A version no klob
// writes ("abc") is damage, and is moved aside as before.
func TestNewerSaveLeftInPlace(t *testing.T) {
	s := newStore(t, nil)
	require.NoError(t, os.MkdirAll(s.Dir(), 0o755))
	newer := bytes.Replace(text(t, readLog(t, "saves/in-trick.klob")), []byte(`[Klob "1"]`), []byte(`[Klob "2"]`), 1)
	require.NoError(t, os.WriteFile(s.CurrentPath(), newer, 0o644))
	_, err := s.LoadCurrent()
	var ne *NewerError
	require.ErrorAs(t, err, &ne)
	assert.False(t, errors.As(err, new(*DamagedError)), "a newer save is called damaged: %v", err)
	assert.Equal(t, NewerError{Path: s.CurrentPath(), Version: "2"}, *ne)
	assert.Contains(t, err.Error(), "a newer klob wrote it. It is left as it is: run the newer klob to resume it")
	_, err = os.Stat(filepath.Join(s.Dir(), DamagedDir))
	assert.ErrorIs(t, err, fs.ErrNotExist, "a damaged folder was made")

	// The player starts a new game here: its saves are refused.
	game := readLog(t, "saves/in-play.klob")
	err = s.SaveCurrent(game)
	require.ErrorIs(t, err, ErrConflict)
	require.ErrorAs(t, err, &ne)
	assert.Equal(t, "save "+s.CurrentPath()+": a game saved by a newer klob (format version 2) is there, and is left as it is: "+
		"this game is not saved until it is moved away", err.Error())
	assert.Equal(t, "a game saved by a newer klob is in the way, and is left as it is: this game is not saved", durable.Brief(err))
	_, err = s.Archive(game)
	require.NoError(t, err)
	got, err := os.ReadFile(s.CurrentPath())
	require.NoError(t, err)
	assert.Equal(t, newer, got, "the newer save was changed")

	bad := bytes.Replace(newer, []byte(`[Klob "2"]`), []byte(`[Klob "abc"]`), 1)
	require.NoError(t, os.WriteFile(s.CurrentPath(), bad, 0o644))
	_, err = s.LoadCurrent()
	var de *DamagedError
	require.ErrorAs(t, err, &de)
	assert.NotEmpty(t, de.Aside)
	assert.False(t, errors.As(err, &ne))
}

// fullFS fails every write of a file, as a full disk does, with the
// system's error about the temporary file.
type fullFS struct{ durable.FS }

func (f fullFS) CreateTemp(dir, pattern string) (durable.File, error) {
	file, err := f.FS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return fullFile{file}, nil
}

type fullFile struct{ durable.File }

func (w fullFile) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: w.Name(), Err: syscall.ENOSPC}
}

// A save that fails says the saved game's file and the cause in plain
// words, not the calls behind it nor the temporary file's name; a file
// where the history folder should be says that a file is in its way,
// as the state folder's errors say it, not "not a directory".
func TestWriteErrorsSayFileAndCause(t *testing.T) {
	s := newStore(t, fullFS{durable.OS()})
	err := s.SaveCurrent(readLog(t, "saves/in-dix.klob"))
	assert.EqualError(t, err, "the saved game "+s.CurrentPath()+" cannot be written: no space left on device")
	assert.ErrorIs(t, err, syscall.ENOSPC)

	s = newStore(t, nil)
	require.NoError(t, os.MkdirAll(s.Dir(), 0o700))
	history := filepath.Join(s.Dir(), HistoryDir)
	require.NoError(t, os.WriteFile(history, nil, 0o600))
	_, err = s.Archive(readLog(t, "09-tie.klob"))
	assert.EqualError(t, err, "archive: the history folder "+history+" cannot be made: a file is in its way")
	assert.ErrorIs(t, err, syscall.ENOTDIR)
}

// TestWaiting: the saves of the second state directories beside a
// store's are listed by number; a second directory without a save, a folder of another name ("klob-x",
// "klob-02", "klobber-2") and the store's own save are not.
func TestWaiting(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "klob")
	st := New(dir, Options{})
	require.Empty(t, st.Waiting())
	for _, name := range []string{"klob", "klob-2", "klob-3", "klob-10", "klob-x", "klob-02", "klobber-2", "klob-100"} {
		require.NoError(t, os.MkdirAll(filepath.Join(root, name), 0o755))
	}
	for _, name := range []string{"klob", "klob-10", "klob-2", "klob-x", "klob-02", "klobber-2", "klob-100"} {
		require.NoError(t, os.WriteFile(filepath.Join(root, name, CurrentName), []byte("saved"), 0o644))
	}
	require.Equal(t, []string{
		filepath.Join(root, "klob-2", CurrentName),
		filepath.Join(root, "klob-10", CurrentName),
	}, st.Waiting())
	require.Equal(t, filepath.Join(root, "klob-2"), SecondDir(dir, 2))
}

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
