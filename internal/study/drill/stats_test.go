package drill

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klob/klob/internal/platform/durable"
	"github.com/klob/klob/internal/testing/testkit"
	"github.com/klob/klob/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var when = time.Date(2026, 11, 29, 15, 4, 5, 0, time.UTC)

func record(t *testing.T, kind VerdictKind, points float64) Record {
	t.Helper()
	req, err := Parse("hand=JS 9S AS KH QH 7D up=8S score=10-20")
	require.NoError(t, err)
	return Record{Situation: req.Situation, Chose: rules.PassAction(), Best: rules.Action{Kind: rules.Take},
		Verdict: Verdict{Kind: kind, Points: points}, When: when}
}

func TestStatsAdd(t *testing.T) {
	var st Stats
	st.Add(record(t, Best, 0))
	st.Add(record(t, AsGood, 0))
	st.Add(record(t, Mistake, 30))
	if st.Drills != 3 || st.Correct != 2 || st.Lost != 30 {
		t.Fatalf("got %+v", st.Score)
	}
	if math.Abs(st.Accuracy()-2.0/3) > 1e-12 || st.AvgLost() != 10 {
		t.Errorf("accuracy %.3f, average lost %.2f", st.Accuracy(), st.AvgLost())
	}
	if k := st.Kinds["round one"]; k != st.Score {
		t.Errorf("by kind %+v, want %+v", k, st.Score)
	}
	if len(st.Mistakes) != 1 || st.Mistakes[0].Chose != "pass" || st.Mistakes[0].Best != "take" || st.Mistakes[0].Points != 30 {
		t.Errorf("mistakes %+v", st.Mistakes)
	}
	for i := range MaxMistakes + 5 {
		st.Add(record(t, Mistake, float64(i)))
	}
	if n := len(st.Mistakes); n != MaxMistakes {
		t.Fatalf("%d mistakes kept, want %d", n, MaxMistakes)
	}
	if last := st.Mistakes[MaxMistakes-1].Points; last != MaxMistakes+4 {
		t.Errorf("the newest mistake is last: got %v", last)
	}
	if (Stats{}).Accuracy() != 0 || (Stats{}).AvgLost() != 0 {
		t.Error("empty record: not zero")
	}
}

func TestStatsFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	f := &StatsFile{Path: filepath.Join(dir, "state", StatsName)}
	st, err := f.Load()
	if err != nil || st.Drills != 0 {
		t.Fatalf("missing file: %+v, %v", st, err)
	}
	st, err = f.Add(record(t, Mistake, 12.5))
	require.NoError(t, err)
	got, err := f.Load()
	require.NoError(t, err)
	require.Equal(t, st, got, "read back")
	// Another session's StatsFile on the same path adds to it.
	g := &StatsFile{Path: f.Path}
	if st, err = g.Add(record(t, Best, 0)); err != nil || st.Drills != 2 || st.Correct != 1 {
		t.Fatalf("second session: %+v, %v", st.Score, err)
	}
	// Saves that overlap (the trainer saves from commands) all count.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := f.Add(record(t, Best, 0)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if st, _ := f.Load(); st.Drills != 10 {
		t.Errorf("after 8 overlapping saves: %d drills, want 10", st.Drills)
	}
	// No temporary file is left behind (the lock file stays, by design).
	ents, _ := os.ReadDir(filepath.Dir(f.Path))
	for _, e := range ents {
		if e.Name() != StatsName && e.Name() != LockName {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// TestStatsFileDamaged: a record that cannot be read is moved aside with
// its content intact, reported, and a fresh record starts; nothing is
// written over a damaged file.
func TestStatsFileDamaged(t *testing.T) {
	for _, tc := range []struct{ name, content string }{
		{"not json", "{\"version\": 1, \"drills\": 3,"},
		{"version", `{"version": 7, "drills": 3, "correct": 1}`},
		{"impossible", `{"version": 1, "drills": 3, "correct": 5}`},
		{"negative", `{"version": 1, "drills": 3, "correct": 1, "points_lost": -4}`},
		{"bad mistake", `{"version": 1, "drills": 1, "correct": 0, "mistakes": [{"situation": "hand=XS"}]}`},
		// Issue 14: out of range on load, before adding to it overflows.
		{"huge count", `{"version": 1, "drills": 9223372036854775807, "correct": 9223372036854775807}`},
		{"huge kind", `{"version": 1, "drills": 1, "correct": 1, "kinds": {"round one": {"drills": 9223372036854775807, "correct": 0}}}`},
		{"huge loss", `{"version": 1, "drills": 2, "correct": 0, "points_lost": 1e300}`},
		{"escape in action", `{"version": 1, "drills": 1, "correct": 0, "mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S", "chose": "pass\u001b[2J", "best": "take"}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			f := &StatsFile{Path: filepath.Join(dir, StatsName), Now: func() time.Time { return when }}
			require.NoError(t, os.WriteFile(f.Path, []byte(tc.content), 0o644))
			st, err := f.Load()
			var de *DamagedError
			if !errors.As(err, &de) || de.Aside == "" {
				t.Fatalf("got %v, want a *DamagedError with the file moved aside", err)
			}
			if st.Drills != 0 {
				t.Errorf("a damaged record gives %+v, want an empty one", st.Score)
			}
			kept, rerr := os.ReadFile(de.Aside)
			if rerr != nil || string(kept) != tc.content {
				t.Fatalf("the damaged file is not kept as it was: %q, %v", kept, rerr)
			}
			if want := filepath.Join(dir, "damaged", "train-2026-11-29-150405.json"); de.Aside != want {
				t.Errorf("kept as %s, want %s", de.Aside, want)
			}
			if !strings.Contains(err.Error(), de.Aside) {
				t.Errorf("the message %q does not say where the file is", err)
			}
			// The record starts afresh, and a second damaged file is kept
			// under another name.
			if st, err = f.Add(record(t, Best, 0)); err != nil || st.Drills != 1 {
				t.Fatalf("after the damage: %+v, %v", st.Score, err)
			}
			os.WriteFile(f.Path, []byte("garbage"), 0o644)
			st, err = f.Add(record(t, Best, 0))
			if !errors.As(err, &de) || st.Drills != 1 {
				t.Fatalf("second damage: %+v, %v", st.Score, err)
			}
			if !strings.HasSuffix(de.Aside, "-2.json") {
				t.Errorf("second damaged file kept as %s", de.Aside)
			}
			if kept, _ := os.ReadFile(de.Aside); string(kept) != "garbage" {
				t.Errorf("second damaged file holds %q", kept)
			}
			if got, err := f.Load(); err != nil || got.Drills != 1 {
				t.Errorf("the new record: %+v, %v", got.Score, err)
			}
		})
	}
}

// TestStatsFileBlocked: when the damaged file cannot be moved aside, it
// stays as it is and nothing is saved over it.
func TestStatsFileBlocked(t *testing.T) {
	dir := t.TempDir()
	f := &StatsFile{Path: filepath.Join(dir, StatsName), Now: func() time.Time { return when }}
	os.WriteFile(f.Path, []byte("garbage"), 0o644)
	// A file where the damaged folder should be: it cannot be made.
	os.WriteFile(filepath.Join(dir, "damaged"), nil, 0o644)
	_, err := f.Add(record(t, Best, 0))
	if !errors.Is(err, ErrBlocked) {
		t.Fatalf("got %v, want ErrBlocked", err)
	}
	if data, _ := os.ReadFile(f.Path); string(data) != "garbage" {
		t.Errorf("the damaged record was replaced by %q", data)
	}
}

// TestStatsFileFailureKeepsLastGoodRecord injects a failure at each step
// of a save (and a crash that leaves the temporary file behind), as the
// save store's tests do: the error is reported, and the record on disk
// is the last good one, whole: the previous one when the failure came
// before the rename, the new one after it.
func TestStatsFileFailureKeepsLastGoodRecord(t *testing.T) {
	for _, st := range testkit.SaveFaults() {
		for _, crash := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s short=%v crash=%v", st.Fail, st.Short, crash), func(t *testing.T) {
				path := filepath.Join(t.TempDir(), StatsName)
				first, err := (&StatsFile{Path: path}).Add(record(t, Mistake, 12.5))
				require.NoError(t, err)
				ffs := &testkit.FaultFS{FS: durable.OS(), Fail: st.Fail, Short: st.Short, NoRemove: crash}
				f := &StatsFile{Path: path, FS: ffs}
				second, err := f.Add(record(t, Best, 0))
				require.ErrorIs(t, err, testkit.ErrInjected)

				want := first
				if st.AfterMove {
					want = second
				}
				got, err := (&StatsFile{Path: path}).Load()
				require.NoError(t, err, "load after a failed save")
				assert.Equal(t, want, got, "the record after %s failed", st.Fail)
				if !crash {
					ents, _ := os.ReadDir(filepath.Dir(path))
					for _, e := range ents {
						if e.Name() != LockName { // the lock file stays, by design
							assert.Equal(t, StatsName, e.Name(), "left behind after %s failed", st.Fail)
						}
					}
				}
				// Once the fault is gone the same StatsFile saves again.
				ffs.Fail, ffs.NoRemove = "", false
				st, err := f.Add(record(t, Best, 0))
				require.NoError(t, err)
				assert.Equal(t, want.Drills+1, st.Drills)
			})
		}
	}
}

// TestStatsFileSaveSteps checks the order of the calls of a save: the
// temporary file is synced and closed before the rename, and the
// directory synced after it.
func TestStatsFileSaveSteps(t *testing.T) {
	ffs := testkit.NewFaultFS("")
	f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName), FS: ffs}
	require.NoError(t, f.Save(Stats{}))
	assert.Equal(t, testkit.SaveCalls(), ffs.Calls)
}

// TestStatsFileDamagedMoveFails: when moving a damaged record aside
// fails midway (the rename of the fallback), the file stays and Add
// refuses to save over it.
func TestStatsFileDamagedMoveFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, StatsName)
	require.NoError(t, os.WriteFile(path, []byte("{"), 0o644))
	f := &StatsFile{Path: path, Now: func() time.Time { return when }, FS: noLinkFS{testkit.NewFaultFS("rename")}}
	_, err := f.Add(record(t, Best, 0))
	require.ErrorIs(t, err, ErrBlocked)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "{", string(data), "the damaged record was replaced")
}

// noLinkFS is a file system without hard links, so moving a file aside
// falls back to a rename.
type noLinkFS struct{ durable.FS }

func (noLinkFS) Link(a, b string) error { return errors.New("links not supported") }
