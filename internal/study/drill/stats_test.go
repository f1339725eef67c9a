package drill

import (
	"context"
	"errors"
	"fmt"
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

func record(t testing.TB, kind VerdictKind, points float64) Record {
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
	st.Add(record(t, Blunder, 30))
	two := st.Section(2)
	require.Equal(t, Score{Drills: 3, Correct: 2, Lost: 30}, two.Score)
	assert.InDelta(t, 2.0/3, two.Accuracy(), 1e-12)
	assert.Equal(t, 10.0, two.AvgLost())
	assert.Equal(t, two.Score, two.Kinds["round one"])
	require.Len(t, two.Mistakes, 1)
	m := two.Mistakes[0]
	assert.Equal(t, "pass", m.Chose)
	assert.Equal(t, "take", m.Best)
	assert.Equal(t, 30.0, m.Points)
	assert.Equal(t, Blunder, m.Verdict().Kind)
	assert.Equal(t, two.Score, st.Total())
	for i := range MaxMistakes + 5 {
		st.Add(record(t, Mistake, float64(10+i)))
	}
	two = st.Section(2)
	require.Len(t, two.Mistakes, MaxMistakes)
	assert.Equal(t, float64(10+MaxMistakes+4), two.Mistakes[MaxMistakes-1].Points, "the newest mistake is last")
	assert.Zero(t, (Score{}).Accuracy())
	assert.Zero(t, (Score{}).AvgLost())
}

// TestScoreCountsOnItsScale: a wrong answer counts on the scale it was
// graded by, as the game analysis counts a decision: one graded by the
// chance to win adds its chance lost and none of its points, one graded
// on the points its points and none of its chance; the mistake kept for
// review keeps both.
func TestScoreCountsOnItsScale(t *testing.T) {
	var st Stats
	byWin := record(t, Blunder, 40)
	byWin.Verdict.ByWin, byWin.Verdict.Win = true, 0.03
	st.Add(byWin)
	two := st.Section(2)
	require.Equal(t, Score{Drills: 1, WinLost: 0.03}, two.Score)
	assert.Equal(t, "1 drill, 0 right (0%); chance to win lost 3.0% on the one drill.", two.Text())
	require.Len(t, two.Mistakes, 1)
	assert.Equal(t, 40.0, two.Mistakes[0].Points)
	assert.Equal(t, 0.03, two.Mistakes[0].Win)

	onPoints := record(t, Mistake, 12)
	onPoints.Verdict.Win = 0.004
	st.Add(onPoints)
	two = st.Section(2)
	require.Equal(t, Score{Drills: 2, Lost: 12, WinLost: 0.03}, two.Score)
	assert.Equal(t, two.Score, two.Kinds["round one"])
}

// TestStatsSections: at every seat count a graded drill goes into the
// section of its count, by its kind, through the file, and the record
// reads back the same.
func TestStatsSections(t *testing.T) {
	f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName)}
	var st Stats
	for i, rs := range seatCounts {
		s, v := firstDrill(t, uint64(i), Any, rs)
		an, err := EvaluateWith(context.Background(), fakeBatch, &v, Options{Samples: 40, Seed: 1})
		require.NoError(t, err)
		st, err = f.Add(NewRecord(s, &an, 0, when))
		require.NoError(t, err)
		sec := st.Section(s.Players())
		require.Equal(t, sec.Score, sumKinds(sec.Kinds), rs)
		require.NotEmpty(t, sec.Mistakes, "%s: the first option is 10 points behind or more", rs)
		last := sec.Mistakes[len(sec.Mistakes)-1]
		require.Equal(t, s.String(), last.Situation)
		require.Equal(t, an.Rows[0].Verdict.Kind, last.Verdict().Kind)
	}
	for _, n := range []int{2, 3, 4} {
		assert.Equal(t, 2, st.Section(n).Drills, "%d players", n)
	}
	assert.Equal(t, 6, st.Total().Drills)
	got, err := f.Load()
	require.NoError(t, err)
	assert.Equal(t, st, got, "read back")
	clone := got.Clone()
	clone.Sections["3"].Kinds[Round1.String()] = Score{Drills: 99}
	clone.Sections["4"].Mistakes[0].Points = 999
	assert.Equal(t, st, got, "a clone shares nothing")
	data, err := os.ReadFile(f.Path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"version": 2`)
	assert.Contains(t, string(data), `"sections"`)
}

func sumKinds(ks map[string]Score) Score {
	var s Score
	for _, k := range ks {
		s.merge(k)
	}
	return s
}

// TestStatsReadsVersion1: a record written before the seat counts were
// one (the two-player record at the top, the tables of three and four
// apart, two-player mistakes in the hand form) reads into the sections,
// its mistakes in the one text form, and is written back as version 2.
func TestStatsReadsVersion1(t *testing.T) {
	g, err := NewGenerator(3, OnlyRound1, opts(t, "players=4"))
	require.NoError(t, err)
	four := g.Drill(1).String()
	old := `{"version": 1, "drills": 3, "correct": 1, "points_lost": 12.5,
"kinds": {"round one": {"drills": 3, "correct": 1, "points_lost": 12.5}},
"mistakes": [{"situation": "hand=JS 9S AS KH QH 7D up=8S seat=elder score=10-20 target=500", "chose": "pass", "best": "take", "points": 2.5, "when": "2026-11-29T15:04:05Z"}],
"tables": {"4": {"drills": 2, "correct": 1, "points_lost": 7, "kinds": {"round one": {"drills": 2, "correct": 1, "points_lost": 7}},
  "mistakes": [{"situation": "` + four + `", "chose": "pass", "best": "take", "points": 7}]}}}`
	f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName)}
	require.NoError(t, os.WriteFile(f.Path, []byte(old), 0o644))
	st, err := f.Load()
	require.NoError(t, err)
	assert.Equal(t, statsVersion, st.Version)
	two := st.Section(2)
	assert.Equal(t, Score{Drills: 3, Correct: 1, Lost: 12.5}, two.Score)
	require.Len(t, two.Mistakes, 1)
	req, err := Parse(two.Mistakes[0].Situation)
	require.NoError(t, err)
	assert.Equal(t, req.Situation.String(), two.Mistakes[0].Situation, "in the one text form")
	v, err := req.Situation.View()
	require.NoError(t, err)
	assert.Equal(t, mustSet(t, "JS 9S AS KH QH 7D"), v.Hand)
	assert.Equal(t, [4]int{10, 20}, v.Totals)
	assert.Equal(t, Inaccuracy, two.Mistakes[0].Verdict().Kind, "kept under the stricter grading of version 1")
	assert.Equal(t, 2, st.Section(4).Drills)
	assert.Equal(t, four, st.Section(4).Mistakes[0].Situation)
	assert.Zero(t, st.Section(3).Drills)
	// Adding a drill writes version 2, keeping everything.
	st, err = f.Add(record(t, Best, 0))
	require.NoError(t, err)
	assert.Equal(t, 4, st.Section(2).Drills)
	assert.Equal(t, 2, st.Section(4).Drills)
	again, err := f.Load()
	require.NoError(t, err)
	assert.Equal(t, st, again)
	for text, bad := range map[string]bool{
		`{"version": 1}`: false,
		`{"version": 1, "tables": {"4": {"drills": 2, "correct": 1}}}`:                                                                   false,
		`{"version": 1, "tables": {"5": {"drills": 2, "correct": 1}}}`:                                                                   true,
		`{"version": 1, "tables": {"3": {"drills": 2, "correct": 3}}}`:                                                                   true,
		`{"version": 1, "tables": {"3": {"drills": 1, "mistakes": [{"situation": "hand=JS", "chose": "pass", "best": "take"}]}}}`:        true,
		`{"version": 2, "sections": {"3": {"drills": 1, "mistakes": [{"situation": "` + four + `", "chose": "pass", "best": "take"}]}}}`: true,
	} {
		f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName), Now: func() time.Time { return when }}
		require.NoError(t, os.WriteFile(f.Path, []byte(text), 0o644))
		_, err := f.Load()
		var de *DamagedError
		assert.Equal(t, bad, errors.As(err, &de), "%s: %v", text, err)
		if !bad {
			assert.NoError(t, err, text)
		}
	}
}

// TestScoreText: the record says what the wrong answers cost, in points
// and, for those judged by the chance to win, in games; a wrong answer
// is never summed up as nothing lost.
func TestScoreText(t *testing.T) {
	for _, c := range []struct {
		s    Score
		want string
	}{
		{Score{}, "0 drills, 0 right (0%); nothing lost."},
		{Score{Drills: 2, Correct: 2}, "2 drills, 2 right (100%); nothing lost."},
		{Score{Drills: 2, Correct: 1, Lost: 41}, "2 drills, 1 right (50%); 41.0 points lost, 20.5 a drill."},
		{Score{Drills: 1, Correct: 0, Lost: 41.2}, "1 drill, 0 right (0%); 41.2 points lost on the one drill."},
		{Score{Drills: 1, Correct: 0, Lost: 41.2, WinLost: 0.03}, "1 drill, 0 right (0%); 41.2 points lost; chance to win lost 3.0% on the one drill."},
		{Score{Drills: 1, Correct: 0, WinLost: 0.12}, "1 drill, 0 right (0%); chance to win lost 12.0% on the one drill."},
		{Score{Drills: 1, Correct: 0, WinLost: 0.401}, "1 drill, 0 right (0%); chance to win lost 40.1% on the one drill."},
		{Score{Drills: 3, Correct: 1, Lost: 4, WinLost: 0.05}, "3 drills, 1 right (33%); 4.0 points lost, 1.3 a drill; chance to win lost 5.0% summed over the drills."},
	} {
		assert.Equal(t, c.want, c.s.Text())
	}
	chose, best := Missed{Chose: "name D", Best: "give TH"}.Words(false)
	assert.Equal(t, "name diamonds", chose)
	assert.Equal(t, "give 10♥", best)
}

func TestStatsFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	f := &StatsFile{Path: filepath.Join(dir, "state", StatsName)}
	st, err := f.Load()
	if err != nil || st.Total().Drills != 0 {
		t.Fatalf("missing file: %+v, %v", st, err)
	}
	st, err = f.Add(record(t, Mistake, 12.5))
	require.NoError(t, err)
	got, err := f.Load()
	require.NoError(t, err)
	require.Equal(t, st, got, "read back")
	// Another session's StatsFile on the same path adds to it.
	g := &StatsFile{Path: f.Path}
	if st, err = g.Add(record(t, Best, 0)); err != nil || st.Total().Drills != 2 || st.Total().Correct != 1 {
		t.Fatalf("second session: %+v, %v", st.Total(), err)
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
	if st, _ := f.Load(); st.Total().Drills != 10 {
		t.Errorf("after 8 overlapping saves: %d drills, want 10", st.Total().Drills)
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
		{"version", `{"version": 0, "drills": 3, "correct": 1}`},
		{"impossible", `{"version": 1, "drills": 3, "correct": 5}`},
		{"negative", `{"version": 1, "drills": 3, "correct": 1, "points_lost": -4}`},
		{"bad mistake", `{"version": 1, "drills": 1, "correct": 0, "mistakes": [{"situation": "hand=XS"}]}`},
		// Out of range on load: adding to it would overflow.
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
			if st.Total().Drills != 0 {
				t.Errorf("a damaged record gives %+v, want an empty one", st.Total())
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
			if st, err = f.Add(record(t, Best, 0)); err != nil || st.Total().Drills != 1 {
				t.Fatalf("after the damage: %+v, %v", st.Total(), err)
			}
			os.WriteFile(f.Path, []byte("garbage"), 0o644)
			st, err = f.Add(record(t, Best, 0))
			if !errors.As(err, &de) || st.Total().Drills != 1 {
				t.Fatalf("second damage: %+v, %v", st.Total(), err)
			}
			if !strings.HasSuffix(de.Aside, "-2.json") {
				t.Errorf("second damaged file kept as %s", de.Aside)
			}
			if kept, _ := os.ReadFile(de.Aside); string(kept) != "garbage" {
				t.Errorf("second damaged file holds %q", kept)
			}
			if got, err := f.Load(); err != nil || got.Total().Drills != 1 {
				t.Errorf("the new record: %+v, %v", got.Total(), err)
			}
		})
	}
}

// TestStatsFileNewer: a record of a version this Klob does not know (a
// newer Klob wrote it) is refused, not taken for damaged: it is left
// where it is, and nothing is saved over it.
func TestStatsFileNewer(t *testing.T) {
	dir := t.TempDir()
	f := &StatsFile{Path: filepath.Join(dir, StatsName), Now: func() time.Time { return when }}
	newer := `{"version": 7, "sections": {"2": {"drills": 3, "correct": 1}}}`
	require.NoError(t, os.WriteFile(f.Path, []byte(newer), 0o644))
	for _, op := range []func() error{
		func() error { _, err := f.Load(); return err },
		func() error { _, err := f.Read(); return err },
		func() error { _, err := f.Add(record(t, Best, 0)); return err },
	} {
		var ne *NewerError
		err := op()
		if !errors.As(err, &ne) || ne.Version != 7 || !strings.Contains(err.Error(), f.Path) {
			t.Errorf("got %v, want a *NewerError naming the file", err)
		}
	}
	if data, _ := os.ReadFile(f.Path); string(data) != newer {
		t.Errorf("the newer record was changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "damaged")); !errors.Is(err, os.ErrNotExist) {
		t.Error("something was moved aside")
	}
}

// TestStatsFileRead: Read reports a damaged record and leaves it where
// it is.
func TestStatsFileRead(t *testing.T) {
	dir := t.TempDir()
	f := &StatsFile{Path: filepath.Join(dir, StatsName), Now: func() time.Time { return when }}
	require.NoError(t, os.WriteFile(f.Path, []byte("garbage"), 0o644))
	_, err := f.Read()
	var de *DamagedError
	if !errors.As(err, &de) || de.Aside != "" {
		t.Fatalf("got %v, want a *DamagedError with the file left in place", err)
	}
	if data, _ := os.ReadFile(f.Path); string(data) != "garbage" {
		t.Errorf("the record was changed: %q", data)
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
				assert.Equal(t, want.Total().Drills+1, st.Total().Drills)
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

// TestMissedEvalTextKeepsTheSamples: a mistake kept with its drill's
// samples and seed gives an -eval text that reads back with them, also
// through the file, so -eval prints the table the trainer showed; a
// mistake kept without them (an older record) gives the situation alone.
func TestMissedEvalTextKeepsTheSamples(t *testing.T) {
	r := record(t, Blunder, 30)
	r.Samples, r.Seed = 500, 12345678901234567890
	f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName)}
	_, err := f.Add(r)
	require.NoError(t, err)
	st, err := f.Load()
	require.NoError(t, err)
	ms := st.Section(2).Mistakes
	require.Len(t, ms, 1)
	req, err := Parse(ms[0].EvalText())
	require.NoError(t, err)
	assert.Equal(t, 500, req.Samples)
	assert.True(t, req.SeedSet)
	assert.Equal(t, uint64(12345678901234567890), req.Seed)
	assert.Equal(t, r.Situation.String(), req.Situation.String())
	old := ms[0]
	old.Samples, old.Seed = 0, 0
	assert.Equal(t, old.Situation, old.EvalText())
	// A record file with samples out of range is not read.
	bad := Stats{Sections: map[string]Section{"2": {Mistakes: []Missed{ms[0]}}}}
	bad.Sections["2"].Mistakes[0].Samples = -1
	assert.Error(t, bad.check())
}

// TestStatsFileDamagedSaysWhere: a record that is not JSON, or holds a
// value of the wrong kind, is reported with the line and column at
// fault, not only the JSON package's words.
func TestStatsFileDamagedSaysWhere(t *testing.T) {
	for _, tc := range []struct{ content, want string }{
		{"{broken", "line 1, column 2: invalid character 'b'"},
		{"{\n  \"version\": 2,\n  broken", "line 3, column 3: invalid character 'b'"},
		{`{"version": "x"}`, "line 1, column 15: version is a string, want a number"},
		{"", "line 1, column 1: unexpected end of JSON input"},
		// A value deep in the record is named by its path in the file,
		// its keys and places, not by the program's field names.
		{`{"version": 2, "sections": {"2": {"drills": "x"}}}`, `line 1, column 47: sections."2".drills is a string, want a number`},
		{`{"version": 2, "sections": {"3": {"kinds": {"round_one": {"correct": true}}}}}`, `sections."3".kinds.round_one.correct is true or false, want a number`},
		{`{"version": 2, "sections": {"4": {"mistakes": [{"points": 1}, {"points": "x"}]}}}`, `sections."4".mistakes[1].points is a string, want a number`},
		{`{"version": 2, "sections": {"2": "x"}}`, `sections."2" is a string, want an object`},
		{`{"version": 2, "sections": {"a\u001b": {"drills": []}}}`, `sections."a\x1b".drills is a list, want a number`},
		{`[1]`, `the record is a list, want an object`},
		// The first version's record: the two-player one at the top.
		{`{"version": 1, "drills": "x"}`, `drills is a string, want a number`},
		{`{"version": 1, "tables": {"3": {"drills": {}}}}`, `tables."3".drills is an object, want a number`},
		// A number the record cannot hold, as the file writes it.
		{`{"version": 2, "sections": {"2": {"drills": 1.5}}}`, `sections."2".drills is 1.5, want a whole number from -9223372036854775808 to 9223372036854775807`},
		{`{"version": 2, "sections": {"2": {"mistakes": [{"seed": -1}]}}}`, `sections."2".mistakes[0].seed is -1, want a whole number from 0 to 18446744073709551615`},
		{`{"version": 2, "sections": {"2": {"points_lost": 1e400}}}`, `sections."2".points_lost is 1e400, too large a number`},
	} {
		f := &StatsFile{Path: filepath.Join(t.TempDir(), StatsName)}
		require.NoError(t, os.WriteFile(f.Path, []byte(tc.content), 0o644))
		_, err := f.Read()
		var de *DamagedError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want a *DamagedError saying %q", tc.content, err, tc.want)
		}
	}
}

// TestStatsCheckCounts: a record's impossible counts are told with the
// nouns agreeing with their numbers.
func TestStatsCheckCounts(t *testing.T) {
	for _, tc := range []struct {
		score Score
		want  string
	}{
		{Score{Drills: 1, Correct: -5}, "impossible counts: -5 correct of 1 drill, 0.0 points lost"},
		{Score{Drills: 3, Correct: 4, Lost: 2}, "impossible counts: 4 correct of 3 drills, 2.0 points lost"},
		{Score{Drills: 1, Lost: 1, WinLost: 2}, fmt.Sprintf("out of range: 1 drill (at most %d), 1 point and 2 games lost", MaxDrills)},
		{Score{WinLost: 1}, fmt.Sprintf("out of range: 0 drills (at most %d), 0 points and 1 game lost", MaxDrills)},
	} {
		st := Stats{Version: statsVersion, Sections: map[string]Section{"3": {Score: tc.score}}}
		assert.EqualError(t, st.check(), tc.want)
	}
}

// TestRecordKeepsTheShownLoss: every wrong choice the record counts
// costs what the drill's screen wrote, the difference of the figures
// beside it, not the exact gap rounded (a tenth off where the figures
// were rounded apart), and the mistakes list (Missed.Verdict) writes
// the loss and the chances to win with the screen's figures.
func TestRecordKeepsTheShownLoss(t *testing.T) {
	wrong, byWin := 0, 0
	g, err := NewGenerator(7, Any, opts(t, "players=2"))
	require.NoError(t, err)
	for n := range 200 {
		s, v := nextView(t, g)
		seed := uint64(n)
		an, err := EvaluateWith(context.Background(), randomBatch(seed, n%3 == 0), &v, Options{Samples: 100, Seed: seed})
		require.NoError(t, err)
		for j, r := range an.Rows {
			if !r.Verdict.Kind.Wrong() {
				continue
			}
			wrong++
			var st Stats
			st.Add(NewRecord(s, &an, j, when))
			sec := st.Section(2)
			require.Len(t, sec.Mistakes, 1)
			screen, kept := r.Verdict.Text(), sec.Mistakes[0].Verdict().Text()
			d, ok := r.Verdict.shownGap()
			require.True(t, ok)
			if r.Verdict.ByWin {
				byWin++
				require.InDelta(t, float64(d)/1000, sec.WinLost, 1e-9, "%s: %s", s, screen)
				a, b := lowers.FindStringSubmatch(screen), lowers.FindStringSubmatch(kept)
				require.NotNil(t, b, kept)
				require.Equal(t, a[1:3], b[1:3], "screen %q, mistakes %q", screen, kept)
				continue
			}
			require.InDelta(t, float64(d)/10, sec.Lost, 1e-9, "%s: %s", s, screen)
			a, b := costs.FindStringSubmatch(screen), costs.FindStringSubmatch(kept)
			require.NotNil(t, a, screen)
			require.NotNil(t, b, kept)
			require.Equal(t, a[1], b[1], "screen %q, mistakes %q", screen, kept)
		}
	}
	require.Greater(t, wrong, 50)
	require.Greater(t, byWin, 10)
}
