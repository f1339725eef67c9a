package host

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/klob/klob/internal/testing/clocktest"
	"github.com/klob/klob/internal/testing/testkit"

	"github.com/klob/klob/internal/record/gamelog"
	"github.com/klob/klob/internal/testing/memstore"
)

// atRest reports whether the game waits for the person (nothing else
// moves it: no pace, no held trick) and its last change is written.
func atRest(s Snapshot) bool { return (s.Can.Act || s.Can.Ready || s.Over) && !s.Save.Pending }

// savedIsGame checks that the newest save of st is the game h holds.
func savedIsGame(t *testing.T, h *Host, st *memstore.Store, where string) {
	t.Helper()
	want, err := h.Log()
	if err != nil {
		t.Fatal(err)
	}
	got := st.LastSave()
	if got == nil {
		t.Fatalf("%s: nothing saved", where)
	}
	if moves(t, got) != moves(t, want) {
		t.Fatalf("%s: the last save is not the game as it stands", where)
	}
}

// TestEveryChangeIsSaved: at every seat count, whenever the game waits
// for the person, the newest save is the game as it stands: every
// change (a deal, a forced move, a bot's move, the person's) is saved
// before the person decides, so a crash loses nothing they saw. The
// finished game is saved and filed once, and nothing is saved after.
func TestEveryChangeIsSaved(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		st := &memstore.Store{}
		cfg := config(n, 31, st, clocktest.New(t0), 0)
		cfg.Options.Target = 300 // a few deals
		h := newHost(t, cfg)
		d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(3, uint64(n)))}
		checks := 0
		for {
			s := await(t, d.p, "the game at rest, saved", atRest)
			if s.Save.Err != "" {
				t.Fatal(s.Save.Err)
			}
			savedIsGame(t, h, st, fmt.Sprintf("deal %d gen %d", s.DealNo, s.Gen))
			checks++
			if s.Over {
				break
			}
			if _, err := d.step(s); err != nil {
				t.Fatal(err)
			}
		}
		end := await(t, d.p, "the filing", func(s Snapshot) bool { return s.Save.Filed })
		if end.Save.Err != "" || end.Save.FileErr != "" {
			t.Fatalf("the end's save state: %+v", end.Save)
		}
		saves, _ := st.Counts()
		h.Close()
		if after, filed := st.Counts(); after != saves || filed != 1 {
			t.Fatalf("after the filing: %d saves (was %d), %d filings; want no more saves, one filing", after, saves, filed)
		}
		if checks < 10 {
			t.Fatalf("only %d positions checked: the test tests little", checks)
		}
	})
}

// flakyStore fails every save while failing is set.
type flakyStore struct {
	memstore.Store
	failing atomic.Bool
}

func (f *flakyStore) SaveCurrent(l *gamelog.Log) error {
	if f.failing.Load() {
		return errors.New("disk full")
	}
	return f.Store.SaveCurrent(l)
}

// TestAFailingSaveKeepsTheGame: at every seat count, while the disk
// refuses every save the game goes on and each snapshot says why the
// last save failed; the first save that succeeds clears the error and
// holds the whole game, and the game is filed at its end. The log has
// one line for the failures of a minute, and one when saves work again.
func TestAFailingSaveKeepsTheGame(t *testing.T) {
	testkit.EachSeatCount(t, func(t *testing.T, n int) {
		st := &flakyStore{}
		st.failing.Store(true)
		clock := clocktest.New(t0)
		cfg := config(n, 41, st, clock, 0)
		var logMu sync.Mutex
		var logged []string
		cfg.Logf = func(f string, a ...any) {
			logMu.Lock()
			defer logMu.Unlock()
			if line := fmt.Sprintf(f, a...); strings.HasPrefix(line, "autosave") {
				logged = append(logged, line)
			}
		}
		lines := func() []string {
			logMu.Lock()
			defer logMu.Unlock()
			return slices.Clone(logged)
		}
		h := newHost(t, cfg)
		d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(4, uint64(n)))}
		var first Snapshot
		for i := 0; i < 6; {
			s := await(t, d.p, "a decision, its save tried", atRest)
			if s.Over {
				t.Fatal("the game ended before the test could fail its saves")
			}
			if !strings.Contains(s.Save.Err, "disk full") {
				t.Fatalf("decision %d: the save state %+v does not say the save failed", i, s.Save)
			}
			if i == 0 {
				first = s
			}
			acted, err := d.step(s)
			if err != nil {
				t.Fatal(err)
			}
			if acted {
				i++
			}
		}
		if saves, _ := st.Counts(); saves != 0 {
			t.Fatalf("%d saves kept by a disk that refused them all", saves)
		}
		if got := lines(); len(got) != 1 || got[0] != "autosave failed: disk full" {
			t.Fatalf("six failed saves in a minute logged %q", got)
		}
		clock.Advance(saveLogEvery)
		s := await(t, d.p, "a decision", atRest)
		if _, err := d.step(s); err != nil {
			t.Fatal(err)
		}
		await(t, d.p, "its save tried", func(x Snapshot) bool { return x.Gen > s.Gen && !x.Save.Pending })
		if got := lines(); len(got) != 2 || !strings.HasPrefix(got[1], "autosave failed: disk full (") {
			t.Fatalf("a minute on, the failed saves logged %q", got)
		}
		st.failing.Store(false)
		s = await(t, d.p, "a decision", atRest)
		if s.Gen <= first.Gen || s.Over {
			t.Fatalf("the game did not go on: gen %d, then %d", first.Gen, s.Gen)
		}
		if _, err := d.step(s); err != nil {
			t.Fatal(err)
		}
		s = await(t, d.p, "the next good save", func(x Snapshot) bool { return atRest(x) && x.Gen > s.Gen })
		if s.Save.Err != "" {
			t.Fatalf("a good save left the error %q", s.Save.Err)
		}
		// It holds the moves made while the disk refused, too.
		savedIsGame(t, h, &st.Store, "the first good save")
		if got := lines(); len(got) != 3 || !strings.HasPrefix(got[2], "autosave works again (") {
			t.Fatalf("saves working again logged %q", got)
		}
		if end := d.play(t, true); !end.Save.Filed || end.Save.Err != "" {
			t.Fatalf("the end's save state: %+v", end.Save)
		}
		h.Close()
		if g, err := st.Filed[0].Game(); err != nil || !g.Over() {
			t.Fatalf("the filed game: %v", err)
		}
	})
}

// TestNoStore: a game without a store plays to its end, every snapshot
// saying it is not saved, and nothing is pending or filed.
func TestNoStore(t *testing.T) {
	h := newHost(t, config(2, 51, nil, clocktest.New(t0), 0))
	d := &driver{p: sit(t, h, 0), r: rand.New(rand.NewPCG(5, 1))}
	d.seen = func(s Snapshot) {
		if !s.Save.NoStore || s.Save.Pending {
			t.Fatalf("gen %d: the save state %+v of a game without a store", s.Gen, s.Save)
		}
	}
	if end := d.play(t, false); !end.Over || end.Save.Filed || end.Save.Path != "" {
		t.Fatalf("the end of a game without a store: %+v", end.Save)
	}
}
